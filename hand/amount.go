package hand

import (
	"strconv"
	"strings"
)

// Format prints a in major units at the given scale without floating point:
// Format(1234, 100) is "12.34", Format(5, 1) is "5". A scale that is not a
// power of ten prints the minor units as they are.
func (a Amount) Format(scale int64) string {
	digits := 0
	for s := scale; s > 1; s /= 10 {
		if s%10 != 0 {
			return strconv.FormatInt(int64(a), 10)
		}
		digits++
	}
	if digits == 0 {
		return strconv.FormatInt(int64(a), 10)
	}
	neg := a < 0
	u := uint64(a)
	if neg {
		u = uint64(-a)
	}
	s := strconv.FormatUint(u, 10)
	if len(s) <= digits {
		s = strings.Repeat("0", digits-len(s)+1) + s
	}
	out := s[:len(s)-digits] + "." + s[len(s)-digits:]
	if neg {
		out = "-" + out
	}
	return out
}
