package phh

import (
	"fmt"
	"math/rand/v2"
	"regexp"
	"strings"
	"testing"
)

// usualLines reads runs of lines whose keys come in the order of the
// hands before (and the other key seen after each, for optional and
// alternative fields), with the values' usual forms read in place. These
// tests write hands in the generator's order with one line changed into
// a near miss of a usual line, and check that the fast path gives what
// the full parser gives: the same hands, the same errors.

// phhOrderedHand writes hand [name] of n players with its fields in the
// generator's order; currency and the fixed-limit bets are there or not,
// as drawn from rng.
func phhOrderedHand(rng *rand.Rand, name string, n int) []string {
	list := func(f func(i int) string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = f(i)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	ranks := "23456789TJQKA"
	acts := []string{}
	for i := range n {
		acts = append(acts, fmt.Sprintf("'d dh p%d %cs%ch'", i+1, ranks[i], ranks[i]))
	}
	acts = append(acts, "'p1 cc'", "'p2 cbr 4.5'", "'d db 2c3d4c'")
	lines := []string{
		"[" + name + "]",
		"variant = 'NT'",
		"antes = " + list(func(int) string { return "0" }),
		"blinds_or_straddles = " + list(func(i int) string { return []string{"1", "2", "0"}[min(i, 2)] }),
	}
	if rng.IntN(2) == 0 {
		lines = append(lines, "min_bet = 2")
	} else {
		lines = append(lines, "small_bet = 2", "big_bet = 4")
	}
	lines = append(lines,
		"starting_stacks = "+list(func(i int) string { return fmt.Sprintf("%d.%d", 100+7*i, i) }),
		"actions = ["+strings.Join(acts, ", ")+"]",
		"hand = 10010000"+fmt.Sprint(rng.IntN(10000)),
		"table = 'Synthetic A'",
		"venue = 'handaudit-gen'")
	if rng.IntN(2) == 0 {
		lines = append(lines, "currency = 'USD'")
	}
	lines = append(lines,
		"seat_count = "+fmt.Sprint(n+1),
		"seats = "+list(func(i int) string { return fmt.Sprint(n - i) }),
		"players = "+list(func(i int) string { return fmt.Sprintf("'P%d é'", i) }),
		"year = 2024", "month = 3", "day = 1", "time = 17:00:00", "time_zone = 'UTC'",
		"finishing_stacks = "+list(func(i int) string { return fmt.Sprintf("%d.%d", 100+7*i, i) }),
		"")
	return lines
}

// phhLineNearMisses are changes to one line of a hand (key, the line as
// written): other spacing, comments, line ends, values of other forms,
// and lines added or repeated.
var phhLineNearMisses = []func(key, line string) string{
	func(k, l string) string { return strings.Replace(l, " = ", "=", 1) },
	func(k, l string) string { return strings.Replace(l, " = ", " =  ", 1) },
	func(k, l string) string { return strings.Replace(l, " = ", "\t= ", 1) },
	func(k, l string) string { return " " + l },
	func(k, l string) string { return l + " # note" },
	func(k, l string) string { return l + "\t" },
	func(k, l string) string { return l + "\r" },     // a CRLF line end
	func(k, l string) string { return l + "\n" + l }, // the key twice
	func(k, l string) string { return l + "\n_extra = 1" },
	func(k, l string) string { return l + "\nauthor = 'me'" },
	func(k, l string) string { return l + "\n# a comment line" },
	func(k, l string) string { return l + "\n" },
	func(k, l string) string { return strings.ToUpper(k[:1]) + l[1:] },
	func(k, l string) string { return strings.Replace(l, ", ", ",", -1) },
	func(k, l string) string { return strings.Replace(l, ", ", " , ", 1) },
	func(k, l string) string { return strings.Replace(l, "[", "[\n", 1) },
	func(k, l string) string { return strings.Replace(l, "]", ",]", 1) },
	func(k, l string) string { return strings.Replace(l, "'", "\"", -1) },
	func(k, l string) string { return strings.Replace(l, "'", "'''", -1) },
	func(k, l string) string { return k + " = []" },
	func(k, l string) string { return k + " = ''" },
	func(k, l string) string { return k + " = \"a\\tb\"" },
	func(k, l string) string { return k + " = 'x\x01'" },
	func(k, l string) string { return k + " = '\xff\xfe'" },
	func(k, l string) string { return k + " = 7" },
	func(k, l string) string { return k + " = 7.25" },
	func(k, l string) string { return k + " = 1e2" },
	func(k, l string) string { return k + " = 007" },
	func(k, l string) string { return k + " = true" },
	func(k, l string) string { return k + " = 17:00:00.250" },
	func(k, l string) string { return k + " = 7:00:00" },
	func(k, l string) string { return k + " = 17:00:00Z" },
	func(k, l string) string { return k + " = 25:61:00" },
	func(k, l string) string { return k + " = 2024-03-01" },
	func(k, l string) string { return k + " = [1, 2.5, 3]" },
	func(k, l string) string {
		return k + " = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]"
	},
	func(k, l string) string { return k + " = [1000, 2, 30, 4000]" },
	func(k, l string) string { return k + " = [1000, 2]" },
	func(k, l string) string { return k + " = [1,23]" },
	func(k, l string) string { return strings.Replace(l, ".", "0", -1) },
	func(k, l string) string { return k + " = ['a', 'b']" },
	func(k, l string) string { return k + " = 2024" },
	func(k, l string) string { return k + " = 0" },
	func(k, l string) string { return k + " = 13" },
	func(k, l string) string { return k + " = 31" },
	func(k, l string) string { return k + " = 2.0" },
	func(k, l string) string { return k + " = 'Europe/Paris'" },
	func(k, l string) string { return k + " = 'Not/AZone'" },
	func(k, l string) string { return "" }, // the line left out
	// Every number one digit: all 7, all 0, and the first 0 (a zero
	// stack) with the rest 7.
	func(k, l string) string { return phhNumberRE.ReplaceAllString(l, "7") },
	func(k, l string) string { return phhNumberRE.ReplaceAllString(l, "0") },
	func(k, l string) string {
		first := true
		return phhNumberRE.ReplaceAllStringFunc(l, func(string) string {
			if first {
				first = false
				return "0"
			}
			return "7"
		})
	},
}

// phhNumberRE matches a number (and the digits of a player, a card).
var phhNumberRE = regexp.MustCompile(`\d+(\.\d+)?`)

// phhLinesStream writes count hands in the generator's order, each but
// the first few with one line changed (phhLineNearMisses).
func phhLinesStream(rng *rand.Rand, count int) string {
	var b strings.Builder
	for i := range count {
		lines := phhOrderedHand(rng, fmt.Sprint(i+1), 2+rng.IntN(8))
		if i >= 3 {
			j := 1 + rng.IntN(len(lines)-2) // not the header, not the blank line
			key, _, _ := strings.Cut(lines[j], " ")
			lines[j] = phhLineNearMisses[rng.IntN(len(phhLineNearMisses))](key, lines[j])
		}
		b.WriteString(strings.Join(lines, "\n"))
		b.WriteString("\n")
	}
	return b.String()
}

// phhPrimed returns a fast path's state that has read a few usual hands
// (with and without currency, with min_bet and with the fixed-limit
// bets), and knows the order of their keys.
func phhPrimed(t *testing.T, rng *rand.Rand) *phhState {
	t.Helper()
	s := &phhState{mode: phhModeMulti}
	for i := range 6 {
		text := []byte(strings.Join(phhOrderedHand(rng, "1", 2+i), "\n") + "\n")
		if _, _, _, res := s.walkFast(text, 1, false); res != phhFastOK {
			t.Fatalf("a usual hand is not read by the fast path:\n%s", text)
		}
	}
	return s
}

func TestPHHUsualLinesAgree(t *testing.T) {
	for seed := range uint64(40) {
		rng := rand.New(rand.NewPCG(seed, 11))
		phhCompareReads(t, phhLinesStream(rng, 60))
	}
}

// TestPHHUsualLinesEveryChange changes every line of a hand in every way,
// in the middle of a stream of usual hands, and compares the fields
// walkFast reads with walk's (phhCompareWalks) as well as the hands.
func TestPHHUsualLinesEveryChange(t *testing.T) {
	rng := rand.New(rand.NewPCG(12, 13))
	for c, change := range phhLineNearMisses {
		lines := phhOrderedHand(rng, "2", 3)
		for j := 1; j < len(lines)-1; j++ {
			changed := append([]string(nil), lines...)
			key, _, _ := strings.Cut(changed[j], " ")
			changed[j] = change(key, changed[j])
			hand := strings.Join(changed, "\n") + "\n"
			text := strings.Join(phhOrderedHand(rng, "1", 3), "\n") + "\n" + hand +
				strings.Join(phhOrderedHand(rng, "3", 4), "\n") + "\n"
			phhCompareReads(t, text)
			// The hand's fields, read by a fast path that knows the order
			// of the keys from the hands before.
			phhCompareWalksWith(t, phhPrimed(t, rng), []byte(hand))
			if t.Failed() {
				t.Fatalf("change %d of line %d (%q)", c, j, changed[j])
			}
		}
	}
}

// TestPHHUsualLinesRead checks that the usual lines are read by
// usualLines at all (else the tests above compare the full parser with
// itself): once the hands before have shown the order of the keys, with
// and without currency, with min_bet and with the fixed-limit bets,
// usualLines reads every line of a hand in that order up to the blank
// line after it, and walkFast reads the same fields as walk.
func TestPHHUsualLinesRead(t *testing.T) {
	rng := rand.New(rand.NewPCG(14, 15))
	s := &phhState{mode: phhModeMulti}
	for i := range 50 {
		lines := phhOrderedHand(rng, fmt.Sprint(i+1), 2+i%8)
		text := []byte(strings.Join(lines, "\n") + "\n")
		if i >= 4 { // the order learned from the hands before
			// The lines after the header, in usualLines only.
			s.fields.reset()
			body := len(lines[0]) + 1
			f := phhFast{data: text, pos: body, line: 2}
			last, ok := s.usualLines(&f, phhNumFields)
			if blank := len(text) - 1; !ok || f.pos != blank || f.line != len(lines) || last != phhFinishingStacks {
				t.Fatalf("hand %d: usualLines stopped at %d (line %d) after %v, ok %v; want the blank line at %d",
					i+1, f.pos, f.line, last, ok, blank)
			}
		}
		if _, end, _, res := s.walkFast(text, 1, false); res != phhFastOK || end != len(text) {
			t.Fatalf("hand %d: walkFast %v, end %d of %d", i+1, res, end, len(text))
		}
		phhCompareWalksWith(t, phhPrimed(t, rng), text)
	}
}

// FuzzPHHUsualLines is FuzzPHHFastPath with a fast path that has read
// usual hands before, and so knows the order of their keys: the hand's
// lines then go through usualLines, which must read the very same fields
// as the TOML parser, or give up.
func FuzzPHHUsualLines(f *testing.F) {
	rng := rand.New(rand.NewPCG(16, 17))
	for i := range 8 {
		f.Add([]byte(strings.Join(phhOrderedHand(rng, fmt.Sprint(i+1), 2+i), "\n") + "\n"))
	}
	for _, text := range phhSomeInputs() {
		f.Add([]byte(text))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		phhCompareWalksWith(t, phhPrimed(t, rand.New(rand.NewPCG(18, 19))), data)
	})
}
