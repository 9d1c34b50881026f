package reports

import (
	"math"
	"math/rand/v2"
	"strconv"
	"testing"

	"github.com/handaudit/handaudit/hand"
)

// appendAmountLoop is appendAmount as it was first written: the faster
// version must print exactly what it did.
func appendAmountLoop(b []byte, a hand.Amount, scale int64) []byte {
	if scale <= 1 {
		return strconv.AppendInt(b, int64(a), 10)
	}
	digits := 0
	for s := scale; s > 1; s /= 10 {
		if s%10 != 0 {
			b = strconv.AppendInt(b, int64(a), 10)
			b = append(b, '/')
			return strconv.AppendInt(b, scale, 10)
		}
		digits++
	}
	u := uint64(a)
	if a < 0 {
		b = append(b, '-')
		u = -u
	}
	whole, frac := u/uint64(scale), u%uint64(scale)
	b = strconv.AppendUint(b, whole, 10)
	b = append(b, '.')
	start := len(b)
	b = strconv.AppendUint(b, frac, 10)
	if pad := digits - (len(b) - start); pad > 0 {
		b = append(b, make([]byte, pad)...)
		copy(b[start+pad:], b[start:len(b)-pad])
		for i := 0; i < pad; i++ {
			b[start+i] = '0'
		}
	}
	return b
}

func TestAppendAmountSameText(t *testing.T) {
	scales := []int64{math.MinInt64, -100, -1, 0, 1, 2, 3, 7, 10, 20, 25, 50, 100, 101, 110, 1000, 1024, 10000, 100000,
		1_000_000, 1e9, 1e12, 1e15, 1e17, 1e18, 2e18, math.MaxInt64}
	amounts := []int64{math.MinInt64, math.MinInt64 + 1, -1e18, -12345, -100, -99, -10, -1, 0, 1, 5, 9, 10, 99, 100, 101,
		1005, 12345, 1e18, math.MaxInt64}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		amounts = append(amounts, rng.Int64N(1e6)-5e5, rng.Int64()-math.MaxInt64/2)
	}
	for _, scale := range scales {
		for _, a := range amounts {
			got := string(appendAmount([]byte("x"), hand.Amount(a), scale))
			if want := string(appendAmountLoop([]byte("x"), hand.Amount(a), scale)); got != want {
				t.Fatalf("appendAmount(%d, %d) = %q, want %q", a, scale, got, want)
			}
		}
	}
}
