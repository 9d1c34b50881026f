package pokerstars

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// psShowdownHand is a hand played to a showdown on the river, with NAME
// for the name of the third player, to be replaced.
const psShowdownHand = `PokerStars Hand #254000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]
Table 'Juno' 6-max Seat #1 is the button
Seat 1: Ann ($10 in chips)
Seat 2: Bo Bo ($12.50 in chips)
Seat 3: NAME ($8 in chips)
Bo Bo: posts small blind $0.05
NAME: posts big blind $0.10
*** HOLE CARDS ***
Dealt to Ann [Ah Kd]
Ann: calls $0.10
Bo Bo: folds
NAME: checks
*** FLOP *** [2c 7d Jh]
NAME: checks
Ann: checks
*** TURN *** [2c 7d Jh] [4s]
NAME: checks
Ann: checks
*** RIVER *** [2c 7d Jh 4s] [9h]
NAME: checks
Ann: checks
*** SHOW DOWN ***
NAME: shows [Qc Qd] (a pair of Queens)
Ann: shows [Ah Kd] (high card Ace)
NAME collected $0.24 from pot
*** SUMMARY ***
Total pot $0.25 | Rake $0.01
Board [2c 7d Jh 4s 9h]
Seat 1: Ann (button) showed [Ah Kd] and lost with high card Ace
Seat 2: Bo Bo (small blind) folded before Flop
Seat 3: NAME (big blind) showed [Qc Qd] and won ($0.24) with a pair of Queens
`

// TestPokerStarsQuickSummary checks the quick readers of summary, street
// and board lines (quickSummarySeat's check for glued headers, boardIs,
// shownIs) against the general code, on a hand whose lines are changed
// one at a time, and whose third player has names that hold a '#', and
// even a hand header.
func TestPokerStarsQuickSummary(t *testing.T) {
	const glued = "PokerStars Hand #254000000002:  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 5:25:53 ET"
	// Ten pots, the most quickTotalPot reads, and an eleventh numbered
	// by the byte after '9'.
	tenPots := "Total pot $0.25 Main pot $0.01."
	for i := 1; i <= 9; i++ {
		tenPots += fmt.Sprintf(" Side pot-%d $0.01.", i)
	}
	lines := map[string][]string{
		"Seat 2: Bo Bo (small blind) folded before Flop": {
			"Seat 2: Bo Bo (small blind) folded before Flop" + glued,
			"Seat 2: Bo Bo (small blind) folded before Flop #" + glued,
			"Seat 2: Bo Bo (small blind) folded before Flop #3",
			"Seat 2: Bo Bo (small blind) folded before Flop ",
			"Seat 2: Bo Bo (small blind) collected ($0.24)",
			"Seat 2: Bo Bo (small blind) collected ($0.24)" + glued,
			"Seat 2: Bo Bo (small blind) collected ($0.24) " + glued,
			"Seat 2: Bo Bo (small blind) won ($0.24) and collected ($0.01)#",
			"Seat 2: Bo Bo (small blind) lost" + glued,
			"Seat 2: Bo Bo (small blind) sat out" + glued,
			"Seat 2: Bo Bo (small blind) mucked",
			"Seat 2: Bo Bo (small blind) mucked [5c 5d]" + glued,
			"Seat 02: Bo Bo folded before Flop",
			"Seat 9: Bo Bo folded before Flop" + glued,
			"Seat 2: Bo Bo (small blind)" + glued,
			"Seat 2: Bo Bo (small blind) jumped" + glued,
		},
		"Seat 3: NAME (big blind) showed [Qc Qd] and won ($0.24) with a pair of Queens": {
			"Seat 3: NAME (big blind) showed [Qc Qd] and won ($0.24) with a pair of Queens" + glued,
			"Seat 3: NAME (big blind) showed [Qc Qd] and won ($0.24) with a pair of Queens #1",
			"Seat 3: NAME (big blind) collected ($0.24)",
			"Seat 3: NAME (big blind) collected ($0.24)" + glued,
			"Seat 3: NAME (big blind) showed [Qc Qd]" + glued,
		},
		"Total pot $0.25 | Rake $0.01": {
			"Total pot $0.25 | Rake $0.01" + glued, "Total pot $0.25 | Rake $0.01 ", "Total pot $0.25 | Rake $0.01#",
			"Total pot $0.25 | Rake 1", "Total pot $0.25", "Total pot $0.25 | Rake $0.01 | Jackpot $0.01",
			"Total pot $0.25 | Rake $0.011", "Total pot $0.251 | Rake $0.01", "Total pot $1,000.25 | Rake $0.01",
			"Total pot $0.25 | Rake $-1", "Total pot $0.25  | Rake $0.01", "Total pot 0.25 | Rake 0.01", "Total pot | Rake $0.01",
			"Total pot $0.25 Main pot $0.20. | Rake $0.01", "Total pot $0.25 Main pot $0.20. Side pot-1 $0.04. | Rake $0.01",
			"Total pot $0.25 Main pot $0.20. Side pot-1 $0.02. Side pot-2 $0.02. | Rake $0.01",
			"Total pot $0.25 Main pot $0.20. Side pot-2 $0.04. | Rake $0.01", "Total pot $0.25 Main pot $0.20. Side pot-:$0.04. | Rake $0.01",
			"Total pot $0.25 Main pot $0.20. Side pot-: $0.04. | Rake $0.01", "Total pot $0.25 Main pot $0.20. Side pot-1 $0.04 | Rake $0.01",
			"Total pot $0.25 Main pot $0.20. Side pot $0.04. | Rake $0.01", "Total pot $0.25 Main pot $0.20. Side pot-10 $0.04. | Rake $0.01",
			"Total pot $0.25 Main pot $0.20. Side pot-1 $0.04. Side pot-1 $0.01. | Rake $0.01",
			"Total pot $0.25 Main pot $0.20. Side pot-1 $0.04.| Rake $0.01", "Total pot $0.25 Main pot $0.20 | Rake $0.01",
			"Total pot $0.25 Main pot $0.20. Side pot-1 $0.04. | Rake $0.01" + glued,
			"Total pot $0.25 | Rake $0.01\nTotal pot $0.25 | Rake $0.01",
			tenPots + " | Rake $0.01", tenPots + " Side pot-: $0.01. | Rake $0.01", tenPots + " Side pot-10 $0.01. | Rake $0.01",
		},
		"Board [2c 7d Jh 4s 9h]": {
			"Board [2c 7d Jh 4s 9h]" + glued, "Board [2c 7d Jh 4s 9h] ", "Board [2c 7d Jh 4s 8h]",
			"Board [2c 7d Jh 4s]", "Board [2c 7d Jh 4s 9h 9d]", "Board [2c 7d Jh 4s  9h]", "Board [2c 7d Jh 4s 9H]",
			"Board [2c 7d Jh 4s 9h]]", "Board [2c 7d Jh 4s 9h", "Board [2c 7d Jh 4s 9h)", "Board [2c,7d Jh 4s 9h]",
		},
		"*** TURN *** [2c 7d Jh] [4s]": {
			"*** TURN *** [2c 7d Jh] [4s] {Rake: $0}", "*** TURN *** [2c 7d Jh] [4s] x", "*** TURN *** [2c 7d Jh] [4s]" + glued,
			"*** TURN *** [2c 7d Jh]  [4s]", "*** TURN *** [2c 7d Jh] [4s 5s]", "*** TURN *** [2c 7d Jc] [4s]",
			"*** TURN *** [2c 7d] [4s]", "*** TURN *** [2c 7d Jh 4s]", "*** TURN *** [4s]", "*** TURN *** [2c 7d Jh][4s]",
			"*** TURN *** [2c 7d Jh] [4s", "*** TURN *** [2c 7d Jh]",
		},
		"*** RIVER *** [2c 7d Jh 4s] [9h]": {
			"*** RIVER *** [2c 7d Jh 4s] [9h] {Rake: $0}", "*** RIVER *** [2c 7d Jh 4x] [9h]", "*** RIVER *** [2c 7d Jh 4s] [4s]",
			"*** RIVER *** [2c 7d Jh 4s]] [9h]", "*** TURN *** [2c 7d Jh 4s] [9h]", "*** RIVER *** [2c 7d Jh] [9h]",
		},
		// Names that start as a seated one does.
		"Bo Bo: folds": {"Bo Bx: folds", "Bo B: folds", "Bo Bo : folds", "Bo Bo: foldsx"},
	}
	names := []string{"Çé:ñ", "Cat#1", "#", "Cat #1 PokerStars Hand #12: x", "A long name with a # in it, 40 bytes..",
		"A long name without one in it, 40 bytes", "PokerStars Hand #12:"}
	read := 0
	for _, name := range names {
		base := strings.ReplaceAll(psShowdownHand, "NAME", name)
		inputs := []string{base}
		for line, changes := range lines {
			line = strings.ReplaceAll(line, "NAME", name)
			if !strings.Contains(base, line+"\n") {
				t.Fatalf("no line %q in the hand", line)
			}
			for _, c := range changes {
				inputs = append(inputs, strings.Replace(base, line+"\n", strings.ReplaceAll(c, "NAME", name)+"\n", 1))
			}
		}
		for _, in := range inputs {
			// Twice, so that the lines of the first hand are read
			// from the buffer with more text after them.
			data := []byte(in + "\n" + in)
			for _, lim := range []parser.Limits{{}, {MaxHandBytes: 700, MaxLineBytes: 60, MaxActions: 12}} {
				if d := psQuickDiff(t, "summary", data, lim); d != "" {
					t.Fatalf("name %q (limits %+v): %s\n%s", name, lim, d, in)
				}
			}
		}
		// The unchanged hand is read, unless a name holds a header.
		if !strings.Contains(name, "Hand #") {
			r := newReader(strings.NewReader(base), "summary", parser.Limits{})
			if h, err := r.Next(); err != nil || len(h.Boards) != 1 || len(h.Boards[0]) != 5 {
				t.Fatalf("name %q: the hand was not read: %v", name, err)
			}
			read++
		}
	}
	if read == 0 {
		t.Fatal("no hand read")
	}
}

// TestPokerStarsShownIs checks shownIs, which tells whether a bracket
// holds the board so far as PokerStars writes it, against the general
// way: bracketCards, then the cards compared.
func TestPokerStarsShownIs(t *testing.T) {
	p := &psParser{h: &hand.Hand{}}
	// Every card, and every board of up to five cards written out, is
	// recognized.
	var all []cards.Card
	for _, r := range "23456789TJQKA" {
		for _, s := range "cdhs" {
			c, ok := psCard(byte(r), byte(s))
			if !ok {
				t.Fatalf("no card %c%c", r, s)
			}
			all = append(all, c)
			text := "[" + string(r) + string(s) + "]"
			if k := p.shownIs([]cards.Card{c}, []byte(text+" [")); k != len(text) {
				t.Fatalf("shownIs(%v, %q) = %d, want %d", c, text, k, len(text))
			}
		}
	}
	rng := rand.New(rand.NewPCG(15, 16))
	const alphabet = "[] 2TAcdhs9Hx"
	for range 100000 {
		cs := make([]cards.Card, 1+rng.IntN(5))
		for i := range cs {
			cs[i] = all[rng.IntN(len(all))]
		}
		var b []byte
		if rng.IntN(2) == 0 {
			// The cards written out, then changed a little.
			b = append(b, '[')
			for i, c := range cs {
				if i > 0 {
					b = append(b, ' ')
				}
				b = append(b, c.String()...)
			}
			b = append(b, ']')
			for range rng.IntN(3) {
				b[rng.IntN(len(b))] = alphabet[rng.IntN(len(alphabet))]
			}
		} else {
			b = randomBytes(rng, alphabet, rng.IntN(18))
		}
		b = append(b, " [4s]"[:rng.IntN(6)]...)
		want := 0
		if got, err := p.bracketCards(b, false); err == nil && slices.Equal(got, cs) {
			// The general way reads up to the first ']'; shownIs only
			// the cards one space apart (else 0, and the general way
			// reads them).
			want = bytes.IndexByte(b, ']') + 1
			if want != 3*len(cs)+1 {
				want = 0
			}
		}
		if got := p.shownIs(cs, b); got != want {
			t.Fatalf("shownIs(%v, %q) = %d, want %d", cs, b, got, want)
		}
	}
}

// TestPokerStarsNameHasHash checks hasHash, which looks for a '#' in a
// seat's name from its words, against strings.Contains.
func TestPokerStarsNameHasHash(t *testing.T) {
	for n := 1; n <= 24; n++ {
		for at := -1; at < n; at++ {
			for _, other := range []byte{'a', 0, 0x22, 0x24, 0xA3, 0xC3} {
				b := bytes.Repeat([]byte{other}, n)
				if at >= 0 {
					b[at] = '#'
				}
				w0, w1 := parser.NameWords(b)
				sn := psSeatName{name: string(b), w0: w0, w1: w1}
				if got, want := sn.hasHash(), strings.Contains(sn.name, "#"); got != want {
					t.Fatalf("hasHash(%q) = %v, want %v", b, got, want)
				}
			}
		}
	}
}

// TestPokerStarsSummaryWinnings checks the sum of every "won (X)" and
// "collected (X)" of a summary seat line, and that a bad amount after
// "won (" is reported before one after "collected (", wherever they are.
func TestPokerStarsSummaryWinnings(t *testing.T) {
	const line = "Seat 3: NAME (big blind) showed [Qc Qd] and won ($0.24) with a pair of Queens"
	base := strings.ReplaceAll(psShowdownHand, "NAME", "Cy")
	for _, c := range []struct {
		outcome string
		want    hand.Amount // the seat's winnings, if no error
		err     string      // the error's message (Msg), if any
	}{
		{outcome: "showed [Qc Qd] and won ($0.24) with a pair of Queens", want: 24},
		{outcome: "showed [Qc Qd] and won ($0.20) (split) and collected ($0.03) and won ($0.01)", want: 24},
		{outcome: "showed [Qc Qd] and collected ($0.04) and won ($0.20) (wonder (x)", want: 24},
		{outcome: "showed [Qc Qd] and won($0.20) and (collected ($0.24)", want: 24},
		{outcome: "won ($0.20) and collected ($0.04)", want: 24},
		{outcome: "showed [Qc Qd] and collected ($x) and won ($0.24 x)", err: "cannot read the amount won"},
		{outcome: "showed [Qc Qd] and won ($0.24) and collected ($0.20 x)", err: "cannot read the amount won"},
		{outcome: "showed [Qc Qd] and won ($0.24) and collected (x)", err: "cannot read the amount"},
	} {
		in := strings.Replace(base, strings.ReplaceAll(line, "NAME", "Cy"), "Seat 3: Cy (big blind) "+c.outcome, 1)
		for _, noQuick := range []bool{false, true} {
			r := newReader(strings.NewReader(in), "winnings", parser.Limits{})
			r.p.noQuick = noQuick
			h, err := r.Next()
			if c.err != "" {
				if e, ok := err.(*parser.Error); !ok || e.Msg != c.err {
					t.Errorf("%q (noQuick %v): error %v, want %q", c.outcome, noQuick, err, c.err)
				}
				continue
			}
			if err != nil {
				t.Fatalf("%q (noQuick %v): %v", c.outcome, noQuick, err)
			}
			if !h.Outcome.HasWinnings || h.Outcome.Winnings[2] != c.want {
				t.Errorf("%q (noQuick %v): winnings %v, want %d for the third seat", c.outcome, noQuick, h.Outcome.Winnings, c.want)
			}
		}
	}
}
