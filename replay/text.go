package replay

import (
	"strconv"

	"github.com/handaudit/handaudit/hand"
)

// textBuf builds the engine's plain-words notes and reasons with amounts
// in the hand's currency units, reusing one buffer. A terse textBuf
// (Trace.Terse) builds nothing and gives "": the text costs more than the
// rest of the replay of most hands, and nobody reads it on a clean hand.
type textBuf struct {
	b     []byte
	scale int64
	terse bool
}

func (t *textBuf) reset() *textBuf { t.b = t.b[:0]; return t }

func (t *textBuf) s(s string) *textBuf {
	if !t.terse {
		t.b = append(t.b, s...)
	}
	return t
}

func (t *textBuf) n(v int) *textBuf {
	if !t.terse {
		t.b = strconv.AppendInt(t.b, int64(v), 10)
	}
	return t
}

func (t *textBuf) amt(a hand.Amount) *textBuf {
	if !t.terse {
		t.b = appendAmount(t.b, a, t.scale)
	}
	return t
}

func (t *textBuf) str() string {
	if t.terse {
		return ""
	}
	return string(t.b)
}

// appendAmount appends a in major units at scale, as hand.Amount.Format
// prints it ("12.34" at scale 100), without allocating.
func appendAmount(b []byte, a hand.Amount, scale int64) []byte {
	digits := 0
	for s := scale; s > 1; s /= 10 {
		if s%10 != 0 {
			return strconv.AppendInt(b, int64(a), 10)
		}
		digits++
	}
	if digits == 0 {
		return strconv.AppendInt(b, int64(a), 10)
	}
	u := uint64(a)
	if a < 0 {
		b = append(b, '-')
		u = uint64(-a)
	}
	start := len(b)
	b = strconv.AppendUint(b, u, 10)
	if l := len(b) - start; l <= digits {
		// Pad with leading zeros to digits+1.
		pad := digits + 1 - l
		b = append(b, make([]byte, pad)...)
		copy(b[start+pad:], b[start:start+l])
		for i := 0; i < pad; i++ {
			b[start+i] = '0'
		}
	}
	b = append(b, 0)
	dot := len(b) - 1 - digits
	copy(b[dot+1:], b[dot:len(b)-1])
	b[dot] = '.'
	return b
}
