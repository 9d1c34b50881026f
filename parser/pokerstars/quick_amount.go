package pokerstars

// Fast path: the usual amount, "$" or no sign, digits, and the hand's
// decimals. psPlainAmount shortcuts amountSlow (amounts.go); the quick
// readers of the other files call it directly. TestPokerStarsAmountFast
// (quick_test.go) checks it against amountSlow at every scale.

import (
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// psPlainAmount reads the amounts that nearly every line has: "$" or
// nothing, then digits, then no more decimals than scale, the hand's
// scale. It reports false for any other (other signs, thousands commas,
// finer decimals, long numbers, amounts near the limit): amountSlow reads
// those, and gives the same value for these.
func psPlainAmount(b []byte, scale int) (hand.Amount, int, bool) {
	// Most are dollars, "$D" to "$DDD", and cents, "$D.DD" to "$DDD.DD",
	// read here without the loops: the same value and length as they
	// give. Any other shape (another digit, one decimal, three) goes on
	// to the loops.
	if scale == 2 && len(b) >= 2 && b[0] == '$' && b[1]-'0' <= 9 {
		v, i := int64(b[1]-'0'), 2
		if i < len(b) && b[i]-'0' <= 9 {
			v, i = v*10+int64(b[i]-'0'), 3
			if i < len(b) && b[i]-'0' <= 9 {
				v, i = v*10+int64(b[i]-'0'), 4
			}
		}
		switch {
		case i == len(b):
			return hand.Amount(v * 100), i, true
		case b[i] == '.':
			if i+1 == len(b) || b[i+1]-'0' > 9 { // a full stop, not a decimal point
				return hand.Amount(v * 100), i, true
			}
			if i+2 < len(b) && b[i+2]-'0' <= 9 && (i+3 == len(b) || b[i+3]-'0' > 9 && b[i+3] != ',') {
				return hand.Amount(v*100 + int64(b[i+1]-'0')*10 + int64(b[i+2]-'0')), i + 3, true
			}
		case b[i]-'0' > 9 && b[i] != ',':
			return hand.Amount(v * 100), i, true
		}
	}
	i := 0
	if len(b) > 0 && b[0] == '$' {
		i = 1
	}
	start := i
	var v int64
	for end := min(len(b), start+psPlainDigits); i < end && b[i]-'0' <= 9; i++ {
		v = v*10 + int64(b[i]-'0')
	}
	if i == start {
		return 0, 0, false
	}
	decimals := 0
	if i+1 < len(b) && b[i] == '.' && b[i+1]-'0' <= 9 {
		if scale == 0 {
			return 0, 0, false // a decimal finer than the scale
		}
		point := i
		i++
		// At most scale decimals, and psPlainDigits digits in all.
		for end := min(len(b), i+scale, start+psPlainDigits+1); i < end && b[i]-'0' <= 9; i++ {
			v = v*10 + int64(b[i]-'0')
		}
		decimals = i - point - 1
	}
	// The number must end here: a digit more (beyond what was read) or a
	// comma, which may be a thousands comma, is for the general way.
	if i < len(b) && (b[i]-'0' <= 9 || b[i] == ',') {
		return 0, 0, false
	}
	// A scale past psPow10's (chips with nine decimals) is amountSlow's.
	if k := scale - decimals; k < len(psMaxScaled) && v <= psMaxScaled[k] {
		return hand.Amount(v * psPow10[k]), i, true
	}
	return 0, 0, false
}

// psPlainDigits is the most digits the fast path of amount reads: with
// at most 8 more for the scale, no product overflows.
const psPlainDigits = 15

// psMaxScaled[k] is the largest number that is at most MaxAmount once
// multiplied by 10^k.
var psMaxScaled = func() (t [len(psPow10)]int64) {
	for k := range t {
		t[k] = parser.MaxAmount / psPow10[k]
	}
	return t
}()
