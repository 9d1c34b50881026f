package phh

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/handaudit/handaudit/hand"
)

// The fast path's shortcuts for the usual forms (actionsUsual, the
// expected key, one-digit numbers) must give what the full parser gives
// on every input. These tests read generated .phhs files that mix the
// usual forms with near misses, with and without the fast path.

// phhUsualNotations are action notations of the usual forms and near
// misses of them: each is read by actionsUsual or left to the general
// code, which must agree.
var phhUsualNotations = []string{
	"p1 f", "p2 cc", "p3 pb", "p1 cbr 300", "p1 cbr 3.50", "p1 cbr 0", "p1 cbr 0.0", "p1 cbr 007",
	"p1 cbr 1e3", "p1 cbr 1_000", "p1 cbr 12.34567", "p1 cbr 999999999999999", "p1 cbr 1234567890123456",
	"p1 cbr 1.", "p1 cbr .5", "p1 cbr +5", "p1 cbr 5 ", "p1 cbr 5#x", "p1 cbr", "p1 cbr ",
	"p1 sd", "p1 sd 7d", "p1 sd ??", "p1 sd ", "p1 sm", "p1 sm -", "p1 sm AsKd", "p1 sm as kd", "p1 sm A",
	"p1 smx", "p1 sdx", "p1 ff", "p1 ccc", "p1 cb", "p1 pbx", "p1  f", " p1 f", "p1 f ", "p1 f # why",
	"p0 f", "p9 f", "p10 f", "p12 cc", "p01 f", "p1x f", "px f", "P1 f", "p1\tf",
	"d db 2c3d4h", "d db 5s", "d db ??", "d db As", "d db AsAs", "d db Xx", "d db 2c3", "d db", "d db ",
	"d db 2c 3d", "d db -", "d dh p1 AsKs", "d dh p2 ????", "d dh p10 AsKs", "d dh p0 AsKs", "d dh p1", "d dh p1x AsKs",
	"d dh p1  AsKs", "d dx AsKs", "d  db 5s", "D db 5s", "", "# note", "d db 5s # river",
	// More cards in one notation than actionsUsual reads (16), and as many.
	"d dh p1 5c6c7c8c9cTcJcQcKcAc5d6d7d8d9dTd", "d dh p1 5c6c7c8c9cTcJcQcKcAc5d6d7d8d9dTdJd",
	"p1 sd 5c6c7c8c9cTcJcQcKcAc5d6d7d8d9dTdJd", "p1 sm ????????????????????????????????????",
	"d db 2c2c", "p1 sd AsAs", "p1 sm 2h2h", "d db 2c3d", "d db 2s", "p1 sm Ts??",
	// Players a smaller table does not have: an error, as the general path says.
	"d dh p9 7c7d", "p9 cbr 5", "p9 sm 7c7d",
}

// phhUsualHand writes hand [name] of n players whose actions include
// extra, quoted with q, with its fields in an order and spacing drawn
// from rng.
func phhUsualHand(rng *rand.Rand, name string, n int, extra string, q byte) string {
	list := func(f func(i int) string) string {
		parts := make([]string, n)
		for i := range parts {
			parts[i] = f(i)
		}
		return "[" + strings.Join(parts, ", ") + "]"
	}
	quote := func(s string) string { return string(q) + s + string(q) }
	ranks := "23456789TJQKA"
	acts := []string{}
	for i := range n {
		// Two cards a player, none dealt twice.
		acts = append(acts, quote(fmt.Sprintf("d dh p%d %cs%ch", i+1, ranks[i], ranks[i])))
	}
	acts = append(acts, quote("p1 cc"), quote(extra), quote("p2 cbr 4.5"), quote("d db 2c3d4c"))
	fields := []string{
		"variant = 'NT'",
		"antes = " + list(func(int) string { return "0" }),
		"blinds_or_straddles = " + list(func(i int) string { return []string{"1", "2", "0"}[min(i, 2)] }),
		"min_bet = 2",
		"starting_stacks = " + list(func(i int) string { return fmt.Sprint(100 + 7*i) }),
		"actions = [" + strings.Join(acts, ", ") + "]",
		"players = " + list(func(i int) string { return quote(fmt.Sprintf("P%d", i)) }),
		"seats = " + list(func(i int) string { return fmt.Sprint(n - i) }),
		"seat_count = " + fmt.Sprint(n+1),
		"currency = 'USD'",
		"finishing_stacks = " + list(func(i int) string { return fmt.Sprintf("%d.5", 100+i) }),
	}
	if rng.IntN(3) == 0 {
		rng.Shuffle(len(fields), func(i, j int) { fields[i], fields[j] = fields[j], fields[i] })
	}
	if rng.IntN(4) == 0 {
		k := rng.IntN(len(fields))
		fields[k] = strings.Replace(fields[k], " = ", []string{"=", "  =  ", " =\t"}[rng.IntN(3)], 1)
	}
	return "[" + name + "]\n" + strings.Join(fields, "\n") + "\n\n"
}

// phhCompareReads reads text with and without the fast path, also one
// byte at a time, and fails if any result differs.
func phhCompareReads(t *testing.T, text string) {
	t.Helper()
	want := phhReadAllNoFast(t, []byte(text), "u.phhs")
	if got := phhReadAll(t, strings.NewReader(text), "u.phhs"); !reflect.DeepEqual(got, want) {
		t.Fatalf("the fast path differs:\n got %s\nwant %s\ninput:\n%s", got, want, text)
	}
	if got := phhReadAll(t, iotest.OneByteReader(strings.NewReader(text)), "u.phhs"); !reflect.DeepEqual(got, want) {
		t.Fatalf("one byte at a time, the fast path differs:\n got %s\nwant %s\ninput:\n%s", got, want, text)
	}
}

func TestPHHUsualShortcutsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, n := range []int{2, 3, 9, 10, 12} {
		for _, x := range phhUsualNotations {
			for _, q := range []byte{'\'', '"'} {
				// Hands before and after, so that the expected keys and
				// the reused scratch of the reader come into play.
				var b strings.Builder
				b.WriteString(phhUsualHand(rng, "1", n, "p2 cc", q))
				b.WriteString(phhUsualHand(rng, "2", n, x, q))
				b.WriteString(phhUsualHand(rng, "3", 2+rng.IntN(n), "p1 f", q))
				phhCompareReads(t, b.String())
			}
		}
	}
}

// TestPHHUsualStream reads one long stream of generated hands, some of
// them bad, checking that the shortcuts keep nothing from one hand to the
// next that changes a later one.
func TestPHHUsualStream(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	var b strings.Builder
	for i := range 300 {
		x := phhUsualNotations[rng.IntN(len(phhUsualNotations))]
		b.WriteString(phhUsualHand(rng, fmt.Sprint(i+1), 2+rng.IntN(11), x, "'\""[rng.IntN(2)]))
	}
	phhCompareReads(t, b.String())
}

// TestPHHShowDealtAfterDraw checks "sm -" in a draw game: the cards shown
// are those dealt, less those discarded, with the new ones last.
func TestPHHShowDealtAfterDraw(t *testing.T) {
	h := phhOne(t, `variant = "F2L3D"
starting_stacks = [100, 100]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
antes = [0, 0]
actions = ["d dh p1 2s3s4s5s7d", "d dh p2 ??????????", "p2 cc", "p1 cc", "p1 sd 7d", "p2 sd ??", "d dh p1 8d", "d dh p2 ??", "p1 cc", "p2 cc", "p1 sm -", "p2 sm -"]
`)
	phhCheckActions(t, h, []phhWantAction{
		{i: 12, kind: hand.Show, player: 1, cards: "2s3s4s5s8d", line: 7},
		{i: 13, kind: hand.Show, player: 2, cards: "??????????", line: 7},
	})
}

// TestPHHUsualSameFieldsAsWalk checks, on the generated hands, that when
// walkFast reads a hand its fields and tokenized actions are those walk
// and the general tokenizer give (phhCompareWalks).
func TestPHHUsualSameFieldsAsWalk(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, x := range phhUsualNotations {
		for _, q := range []byte{'\'', '"'} {
			text := phhUsualHand(rng, "1", 2+rng.IntN(9), x, q)
			phhCompareWalks(t, []byte(text), true)
			phhCompareWalks(t, bytes.TrimPrefix([]byte(text), []byte("[1]\n")), false)
		}
	}
}

// phhUsualScalars are scalar fields with numbers of the usual forms and
// near misses of them: fastKeyValue reads the usual ones itself, and the
// rest are left to scalar and the general code, which must agree (also on
// the errors).
var phhUsualScalars = []string{
	"min_bet = 2", "min_bet = 2.5", "min_bet = 2.50", "min_bet = 0", "min_bet = 0.0", "min_bet = 007",
	"min_bet = 1e3", "min_bet = 1_000", "min_bet = +2", "min_bet = 2.", "min_bet = 2.12345",
	"min_bet = 123456789012345", "min_bet = 1234567890123456", "min_bet = 2 # two", "min_bet = 2\t",
	"min_bet = 'x'", "min_bet = 12:00:00",
	"seat_count = 9", "seat_count = 9.0", "seat_count = 0", "seat_count = 1001", "seat_count = 2147483649",
	"hand = 100100000000", "hand = 1.5", "hand = 'h-1'", "hand = 0",
	"year = 2024", "year = 0", "month = 13", "month = 2", "day = 31", "day = 30", "day = 3.0",
	"table = 7", "table = 7.5", "level = 3", "time_limit = 2.5",
}

func TestPHHUsualScalarsAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for _, x := range phhUsualScalars {
		key := x[:strings.IndexByte(x, ' ')]
		var b strings.Builder
		for i := range 3 {
			h := phhUsualHand(rng, fmt.Sprint(i+1), 3, "p2 cc", '\'')
			if i == 1 {
				// The field replaced, or added, in the middle hand.
				lines := strings.Split(h, "\n")
				replaced := false
				for j, l := range lines {
					if strings.HasPrefix(l, key+" ") || strings.HasPrefix(l, key+"=") {
						lines[j], replaced = x, true
					}
				}
				if !replaced {
					lines = append(lines[:2], append([]string{x, "year = 2024", "month = 2", "day = 29"}, lines[2:]...)...)
				}
				h = strings.Join(lines, "\n")
			}
			b.WriteString(h)
		}
		phhCompareReads(t, b.String())
		text := b.String()
		first := text[:strings.Index(text, "[2]")]
		phhCompareWalks(t, []byte(text[len(first):strings.Index(text, "[3]")]), true)
	}
}

// TestPHHIncrement checks the decimal increment behind the usual hand
// names (checkHandName).
func TestPHHIncrement(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"1", "2"}, {"9", "10"}, {"19", "20"}, {"99", "100"}, {"109", "110"}, {"1234", "1235"}, {"999", "1000"},
	} {
		if got := string(phhIncrement([]byte(c.in))); got != c.want {
			t.Errorf("phhIncrement(%s) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestPHHSequentialNamesTwice checks that a usual hand name (1, 2, ...)
// seen before is reported as such past 9 and 99 too: the names are
// followed by their count, not listed.
func TestPHHSequentialNamesTwice(t *testing.T) {
	for _, again := range []int{9, 10, 99, 100, 105} {
		var b strings.Builder
		for i := 1; i <= 110; i++ {
			fmt.Fprintf(&b, "[%d]\n%s", i, phhHand(fmt.Sprint("h", i), nil))
		}
		fmt.Fprintf(&b, "[%d]\n%s", again, phhHand("again", nil))
		res := phhReadString(t, b.String(), "t.phhs")
		if len(res.hands) != 110 || len(res.errs) != 1 {
			t.Fatalf("[%d] again: %d hands, errors %v", again, len(res.hands), res.errs)
		}
		if want := fmt.Sprintf("hand table [%d] defined twice", again); res.errs[0].Msg != want {
			t.Errorf("error %q, want %q", res.errs[0].Msg, want)
		}
	}
}

// TestPHHUsualShortDeck checks the short deck's cards on the fast path's
// cards (actionsUsual reads them, build checks them) against the general
// code: the same hands, the same errors.
func TestPHHUsualShortDeck(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for _, x := range []string{"d db 6c7d8h", "d db 5c7d8h", "d db 6c7d2h", "d db ??", "p1 sm 5s", "p2 sd 4h"} {
		var b strings.Builder
		for i := range 3 {
			h := phhUsualHand(rng, fmt.Sprint(i+1), 3, x, '\'')
			h = strings.Replace(h, "variant = 'NT'", "variant = 'NS'", 1)
			// The generated hole cards are deuces to fours: sixes up.
			h = strings.NewReplacer("2s2h", "6s6h", "3s3h", "7s7h", "4s4h", "8s8h", "2c3d4c", "9dTdJd").Replace(h)
			b.WriteString(h)
		}
		phhCompareReads(t, b.String())
		res := phhReadString(t, b.String(), "u.phhs")
		low := strings.ContainsAny(x, "2345") // a card below six, dealt, shown or discarded
		if got := len(res.errs) > 0 && strings.Contains(res.errs[0].Msg, "not in the short deck"); got != low || low && len(res.errs) != 3 {
			t.Errorf("%q: errors %v", x, res.errs)
		}
	}
}
