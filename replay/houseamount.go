package replay

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/hand"
)

// HouseAmount is an amount a house rule sets (the smallest chip, the rake
// cap) in the currency's or the chips' own unit: "0.25" is a quarter of a
// dollar at a dollar table, 25 is 25 chips at a chip table. It is Units /
// 10^Places, kept exact, and converted to a hand's minor units with the
// hand's scale (In), never stored in one: the scale of a hand follows the
// decimals it happens to contain (PHH), so a minor unit is not the same
// amount from one hand to the next.
type HouseAmount struct {
	Units  int64
	Places uint8 // decimals: at most maxHousePlaces
}

// maxHousePlaces is the most decimals a house amount may have.
const maxHousePlaces = 8

// IsZero reports whether a is zero (not set).
func (a HouseAmount) IsZero() bool { return a.Units == 0 }

// String writes a in its own unit, without trailing zeros: "0.25", "25".
func (a HouseAmount) String() string {
	if a.Places == 0 {
		return strconv.FormatInt(a.Units, 10)
	}
	s := hand.Amount(a.Units).Format(pow10(a.Places))
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// In converts a to minor units of a hand of the given scale (minor units
// per currency or chip unit). exact is false when the hand's minor unit
// does not divide a: the result is then rounded down, and is at least 1
// for a positive amount.
func (a HouseAmount) In(scale int64) (v hand.Amount, exact bool) {
	if a.Units == 0 {
		return 0, true
	}
	if scale <= 0 {
		scale = 1
	}
	div := pow10(a.Places)
	// a.Units*scale/div without overflow for any realistic amount.
	q, r := a.Units/div, a.Units%div
	if q > math.MaxInt64/scale {
		return hand.Amount(math.MaxInt64), false
	}
	v = hand.Amount(q * scale)
	frac := r * scale // r < div <= 10^8 and scale <= 10^9 or so: no overflow
	v += hand.Amount(frac / div)
	exact = frac%div == 0
	if v == 0 {
		v = 1
	}
	return v, exact
}

func pow10(n uint8) int64 {
	p := int64(1)
	for range n {
		p *= 10
	}
	return p
}

// ParseHouseAmount reads a house amount as TOML gives it: an integer (25),
// a float (0.25) or a string ("0.25"). It must not be negative.
func ParseHouseAmount(v any) (HouseAmount, error) {
	var s string
	switch x := v.(type) {
	case string:
		s = strings.TrimSpace(x)
	case int64:
		s = strconv.FormatInt(x, 10)
	case float64:
		s = strconv.FormatFloat(x, 'f', -1, 64)
	default:
		return HouseAmount{}, fmt.Errorf("%v: want a number or a string such as \"0.25\"", v)
	}
	if strings.HasPrefix(s, "-") {
		return HouseAmount{}, fmt.Errorf("%s is negative", s)
	}
	whole, frac, _ := strings.Cut(s, ".")
	if len(frac) > maxHousePlaces {
		return HouseAmount{}, fmt.Errorf("%q: at most %d decimals", s, maxHousePlaces)
	}
	frac = strings.TrimRight(frac, "0")
	digits := whole + frac
	if whole == "" || strings.ContainsAny(digits, "+-eE") {
		return HouseAmount{}, fmt.Errorf("%q is not an amount", s)
	}
	u, err := strconv.ParseInt(digits, 10, 64)
	if err != nil || u > math.MaxInt64/pow10(maxHousePlaces) {
		return HouseAmount{}, fmt.Errorf("%q is not an amount", s)
	}
	return HouseAmount{Units: u, Places: uint8(len(frac))}, nil
}
