package pokerstars

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// psCP1252 encodes s (Latin-1 letters and €) as Windows-1252.
func psCP1252(t *testing.T, s string) []byte {
	t.Helper()
	var out []byte
	for _, r := range s {
		switch {
		case r < 0x80 || (r >= 0xA0 && r <= 0xFF):
			out = append(out, byte(r))
		case r == '€':
			out = append(out, 0x80)
		default:
			t.Fatalf("%q has no Windows-1252 byte in this test", r)
		}
	}
	return out
}

// TestPokerStarsEncodings reads one hand written in every encoding and line
// ending the exports use, and wants the same hand each time.
func TestPokerStarsEncodings(t *testing.T) {
	euro := strings.NewReplacer("$", "€", "USD", "EUR").Replace(psBase)
	crlf := strings.ReplaceAll(psBase, "\n", "\r\n")
	zoom := "*** # 1 ***\n" + psIndent(psBase) + "\n\n*** # 2 ***\n" + psIndent(psBase)
	cases := []struct {
		name  string
		input []byte
		like  string // the UTF-8 text it must read as
		hands int
	}{
		{"UTF-8", []byte(psBase), psBase, 1},
		{"UTF-8 BOM", append([]byte("\xEF\xBB\xBF"), psBase...), psBase, 1},
		{"UTF-8 BOM CRLF", append([]byte("\xEF\xBB\xBF"), crlf...), psBase, 1},
		{"CR only", []byte(strings.ReplaceAll(psBase, "\n", "\r")), psBase, 1},
		{"UTF-16LE BOM CRLF", readertest.UTF16(crlf, false), psBase, 1},
		{"UTF-16BE BOM", readertest.UTF16(psBase, true), psBase, 1},
		{"Windows-1252 euro", psCP1252(t, euro), euro, 1},
		{"UTF-16LE euro", readertest.UTF16(euro, false), euro, 1},
		{"zoom archive", []byte(zoom), psBase, 2},
		{"two hands, blank lines between", []byte(psBase + "\n\n\n" + psBase), psBase, 2},
		{"two files glued, second BOM", []byte("\xEF\xBB\xBF" + psBase + "\xEF\xBB\xBF" + psBase), psBase, 2},
	}
	want, errs := psReadAll(t, strings.NewReader(psBase), "x")
	if len(errs) > 0 {
		t.Fatal(errs)
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			want, errs := psReadAll(t, strings.NewReader(c.like), "x")
			if len(errs) > 0 || len(want) != 1 {
				t.Fatalf("reference: %v", errs)
			}
			for _, oneByte := range []bool{false, true} {
				var r io.Reader = bytes.NewReader(c.input)
				if oneByte {
					r = iotest.OneByteReader(r)
				}
				got, errs := psReadAll(t, r, "x")
				if len(errs) > 0 || len(got) != c.hands {
					t.Fatalf("one byte at a time %v: %d hands, errors %v", oneByte, len(got), errs)
				}
				// Line numbers shift in the zoom archive and second hands; the
				// rest must be equal.
				w := psNoLines(psDump(want[0]))
				for _, h := range got {
					if g := psNoLines(psDump(h)); g != w {
						t.Fatalf("one byte at a time %v: read\n%s\nwant\n%s", oneByte, g, w)
					}
				}
			}
		})
	}
	_ = want
}

func psIndent(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	for i := range lines {
		lines[i] = "    " + lines[i]
	}
	return strings.Join(lines, "\n") + "\n"
}

// psNoLines drops line numbers and hand indices from a dump.
func psNoLines(s string) string {
	var b strings.Builder
	for _, l := range strings.Split(s, "\n") {
		f := strings.Fields(l)
		for i, w := range f {
			if len(w) > 1 && w[0] == 'L' && w[1] >= '0' && w[1] <= '9' {
				f[i] = "L?"
			}
			if strings.HasPrefix(w, "x:") || (w[0] == '#' && i == 2) {
				f[i] = "?"
			}
		}
		b.WriteString(strings.Join(f, " ") + "\n")
	}
	return b.String()
}

// TestPokerStarsGrammar reads forms of the text the corpus lacks.
func TestPokerStarsGrammar(t *testing.T) {
	one := func(t *testing.T, text string) *hand.Hand {
		t.Helper()
		hands, errs := psReadAll(t, strings.NewReader(text), "g.txt")
		if len(errs) > 0 || len(hands) != 1 {
			t.Fatalf("%d hands, errors %v", len(hands), errs)
		}
		return hands[0]
	}

	t.Run("straddle, both blinds, thousands, jackpot", func(t *testing.T) {
		h := one(t, `PokerStars Hand #254000000002:  Hold'em No Limit ($1/$2 USD) - 2025/01/15 20:00:00 ET
Table 'Vega' 9-max Seat #2 is the button
Seat 1: A ($1,250.50 in chips)
Seat 2: B ($200 in chips)
Seat 3: C ($300 in chips)
Seat 4: D ($400 in chips)
Seat 5: E ($150 in chips)
C: posts small blind $1
D: posts big blind $2
E: posts straddle $4
A: posts small & big blinds $3
*** HOLE CARDS ***
A: raises $8 to $12
B: folds
C: folds
D: folds
E: calls $8
*** FLOP *** [Ah Kh Qh]
E: checks
A: bets $1,000
E: calls $138 and is all-in
Uncalled bet ($862) returned to A
*** TURN *** [Ah Kh Qh] [2c]
Betting is capped
*** RIVER *** [Ah Kh Qh 2c] [3d]
*** SHOW DOWN ***
A: shows [Jh Th] (a straight flush, Ten to Ace)
E: mucks hand
A collected $300 from pot
*** SUMMARY ***
Total pot $304 | Rake $3 | Jackpot $1
Board [Ah Kh Qh 2c 3d]
Seat 1: A showed [Jh Th] and won ($300) with a straight flush, Ten to Ace
Seat 2: B (button) folded before Flop (didn't bet)
Seat 3: C (small blind) folded before Flop
Seat 4: D (big blind) folded before Flop
Seat 5: E mucked
`)
		psCheck(t, "stack with comma", h.Seats[0].Stack, 125050)
		psCheckSlice(t, "Straddles", h.Stakes.Straddles, []hand.Amount{400})
		psCheckActions(t, h, []string{"post p2 small-blind 100", "post p3 big-blind 200", "post p4 straddle 400",
			"post p0 small-and-big-blind 300", "raise p0 800 to 1200", "fold p1", "fold p2", "fold p3", "call p4 800",
			"deal-board [Ah Kh Qh] b0", "check p4", "bet p0 100000 to 100000", "call p4 13800 all-in",
			"uncalled-return p0 86200", "deal-board [2c] b0", "deal-board [3d] b0", "show p0 [Jh Th]", "muck p4",
			"collect p0 30000 b0 pot0"})
		psCheck(t, "Rake", h.Outcome.Rake, 300)
		psCheckSlice(t, "Fees", h.Outcome.Fees, []hand.Fee{{Name: "Jackpot", Amount: 100}})
		psCheck(t, "Start", h.Start.Format("2006-01-02 15:04"), "2025-01-16 01:00") // EST, UTC-5
	})

	t.Run("home game, club name, no currency code", func(t *testing.T) {
		h := one(t, strings.Replace(psBase, "PokerStars Hand #254000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]",
			"PokerStars Home Game Hand #254000000003: {Friday Club}  Hold'em No Limit ($0.05/$0.10) - 2025/08/02 5:24:53 ET", 1))
		psCheck(t, "ID", h.ID, "254000000003")
		psCheck(t, "Currency", h.Currency, "USD")
		psCheck(t, "Scale", h.Scale, 100)
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 10)
	})

	t.Run("FPP tournament, zoom header", func(t *testing.T) {
		text := strings.NewReplacer(
			"PokerStars Hand #254000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]",
			"PokerStars Zoom Hand #254000000004: Tournament #3000001, 100+10 FPP Hold'em No Limit - Level III (5/10) - 2025/08/02 5:24:53 ET",
			"$", "").Replace(psBase)
		h := one(t, text)
		psCheck(t, "Tournament", h.Tournament, "3000001")
		psCheck(t, "Scale", h.Scale, 100) // chips, but the hand uses hundredths ("0.05")
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 1000)
		psCheck(t, "Ann's stack", h.Seats[0].Stack, 1000)
		psCheck(t, "Bo Bo's stack", h.Seats[1].Stack, 1250)
		psCheck(t, "Currency", h.Currency, "")
	})

	t.Run("euro tournament, tenths of chips", func(t *testing.T) {
		text := strings.NewReplacer(
			"PokerStars Hand #254000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]",
			"PokerStars Hand #254000000006: Tournament #77, €2+€0.20 EUR Hold'em No Limit - Level I (10/20) - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]",
			"$0.05", "10", "$0.10", "20", "$0.20", "40", "$0.30", "60", "$0.40", "80", "$0.62", "123.5", "$0.65", "125", "$0.03", "1.5",
			"$", "").Replace(psBase)
		h := one(t, text)
		psCheck(t, "Tournament", h.Tournament, "77")
		psCheck(t, "Currency", h.Currency, "")
		psCheck(t, "Scale", h.Scale, 10)
		psCheck(t, "SmallBlind", h.Stakes.SmallBlind, 100)
		psCheck(t, "Bo Bo's stack", h.Seats[1].Stack, 125)
		psCheck(t, "Rake", h.Outcome.Rake, 15)
		psCheckSlice(t, "Winnings", h.Outcome.Winnings, []hand.Amount{1235, 0, 0})
	})

	t.Run("heads-up match round", func(t *testing.T) {
		h := one(t, strings.NewReplacer(
			"PokerStars Hand #254000000001:  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]",
			"PokerStars Hand #254000000007: Tournament #88, $10+$0.50 USD Hold'em No Limit - Match Round II, Level I (5/10) - 2025/08/02 5:24:53 ET",
			"$", "").Replace(psBase))
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 1000)
		psCheck(t, "Tournament", h.Tournament, "88")
	})

	t.Run("old header, Pacific time only", func(t *testing.T) {
		h := one(t, strings.Replace(psBase, "2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]", "2025/08/02 2:24:53 PT", 1))
		psCheck(t, "Start", h.Start.Format(time.RFC3339), "2025-08-02T09:24:53Z")
	})

	t.Run("fixed limit rupees, betting capped", func(t *testing.T) {
		h := one(t, `PokerStars Hand #254000000005:  Hold'em Limit (₹10/₹20 INR) - 2025/03/01 12:00:00 ET
Table 'Kochi' 6-max Seat #1 is the button
Seat 1: A (₹500 in chips)
Seat 2: B (₹500 in chips)
A: posts small blind ₹5
B: posts big blind ₹10
*** HOLE CARDS ***
A: raises ₹10 to ₹20
B: raises ₹10 to ₹30
A: raises ₹10 to ₹40
B: raises ₹10 to ₹50
Betting is capped
A: calls ₹10
*** FLOP *** [2s 3s 4s]
B: bets ₹10
A: folds
Uncalled bet (₹10) returned to B
B collected ₹95 from pot
B: doesn't show hand
*** SUMMARY ***
Total pot ₹100 | Rake ₹5
Board [2s 3s 4s]
Seat 1: A (button) (small blind) folded on the Flop
Seat 2: B (big blind) collected (₹95)
`)
		psCheck(t, "Currency", h.Currency, "INR")
		psCheck(t, "SmallBet", h.Stakes.SmallBet, 1000)
		psCheck(t, "BigBet", h.Stakes.BigBet, 2000)
		psCheck(t, "SmallBlind", h.Stakes.SmallBlind, 500)
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 1000)
		psCheck(t, "TotalPot", h.Outcome.TotalPot, 10000)
	})

	t.Run("play money, no currency", func(t *testing.T) {
		h := one(t, strings.NewReplacer("($0.05/$0.10 USD)", "(50/100)", "$0.05", "50", "$0.10", "100", "$0.20", "200",
			"$0.30", "300", "$0.40", "400", "$0.62", "620", "$0.65", "650", "$0.03", "30", "$10", "10000", "$12.50", "12500", "$8", "8000").Replace(psBase))
		psCheck(t, "Currency", h.Currency, "")
		psCheck(t, "Scale", h.Scale, 1)
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 100)
		psCheck(t, "Rake", h.Outcome.Rake, 30)
	})

	t.Run("finer amount later raises the scale", func(t *testing.T) {
		text := strings.Replace(psBase, "Ann: bets $0.40", "Ann: bets $0.405", 1)
		text = strings.Replace(text, "Uncalled bet ($0.40)", "Uncalled bet ($0.405)", 1)
		h := one(t, text)
		psCheck(t, "Scale", h.Scale, 1000)
		psCheck(t, "stack", h.Seats[1].Stack, 12500)
		psCheck(t, "BigBlind", h.Stakes.BigBlind, 100)
		psCheckActions(t, h, []string{"post p1 small-blind 50", "post p2 big-blind 100", "deal-hole p0 [Ah Kd]",
			"raise p0 200 to 300", "fold p1", "call p2 200", "deal-board [2c 7d Jh] b0", "check p2", "bet p0 405 to 405",
			"fold p2", "uncalled-return p0 405", "collect p0 620 b0 pot0"})
		psCheck(t, "TotalPot", h.Outcome.TotalPot, 650)
		psCheckSlice(t, "Winnings", h.Outcome.Winnings, []hand.Amount{620, 0, 0})
	})

	t.Run("tolerated table events", func(t *testing.T) {
		extra := strings.Join([]string{
			`Zed joins the table at seat #4`, `Ann said, "gl all"`, `Bo Bo is disconnected`, `Bo Bo is connected`,
			`Çé:ñ has timed out`, `Bo Bo has timed out while disconnected`, `Ann has returned`,
			`Yan will be allowed to play after the button`, `Zed: sits out`, `Zed leaves the table`,
			`Ann has 15 seconds left to act`,
		}, "\n")
		h := one(t, strings.Replace(psBase, "Bo Bo: folds\n", "Bo Bo: folds\n"+extra+"\n", 1))
		psCheck(t, "actions", len(h.Actions), 14)
	})

	t.Run("hero folds showing cards", func(t *testing.T) {
		h := one(t, strings.Replace(psBase, "Bo Bo: folds\n", "Bo Bo: folds [7c 2d]\n", 1))
		psCheck(t, "fold", psAct(h.Actions[6]), "fold p1 [7c 2d]")
	})
}

// TestPokerStarsBadInput feeds broken hands and wants each reported at its
// line, with reading going on at the next hand.
func TestPokerStarsBadInput(t *testing.T) {
	lines := strings.Split(strings.TrimRight(psBase, "\n"), "\n")
	upTo := func(n int) string { return strings.Join(lines[:n], "\n") } // first n lines
	replace := func(old, new string) string {
		if !strings.Contains(psBase, old) {
			t.Fatalf("base hand has no %q", old)
		}
		return strings.Replace(psBase, old, new, 1)
	}
	cases := []struct {
		name  string
		input string
		want  []string // "hand LINE" or "error LINE message-start"
	}{
		{"good", psBase, []string{"hand 1"}},
		{"cut mid-line at end of file", upTo(9) + "\nAnn: rai", []string{"error 10 hand cut short: no *** SUMMARY *** follows this line (unknown line)"}},
		{"cut at a line end, then a good hand", upTo(15) + "\n" + psBase,
			[]string{"error 15 hand ends without a *** SUMMARY ***", "hand 16"}},
		{"next hand glued onto a cut line", upTo(9) + "\nAnn: raises $0.2" + psBase,
			[]string{"error 10 hand cut off: the next hand's header starts in the middle of this line", "hand 10"}},
		{"glued onto a summary line", upTo(22) + "\nSeat 2: Bo Bo (small blind) fol" + psBase,
			[]string{"error 23 hand cut off", "hand 23"}},
		{"unknown line", replace("Bo Bo: folds\n", "Bo Bo: folds\nBo Bo: dances\n") + psBase,
			[]string{"error 12 unknown line", "hand 26"}},
		{"amount that does not parse", replace("Ann: bets $0.40", "Ann: bets $x.40") + psBase,
			[]string{"error 15 cannot read the amount", "hand 25"}},
		{"unseated player acts", replace("Bo Bo: folds", "Bob: folds") + psBase,
			[]string{`error 11 action by "Bob", who has no seat in this hand`, "hand 25"}},
		{"bad card", replace("[2c 7d Jh]\n", "[2c 7d Zh]\n"), []string{"error 13 cannot read card"}},
		{"turn does not follow the flop", replace("*** FLOP *** [2c 7d Jh]\nÇé:ñ: checks\n",
			"*** FLOP *** [2c 7d Jh]\nÇé:ñ: checks\n*** TURN *** [2c 7d Js] [4h]\n"), []string{"error 15 TURN does not follow"}},
		{"summary board differs", replace("Board [2c 7d Jh]", "Board [2c 7d Jd]"), []string{"error 21 summary board differs"}},
		{"no Total pot", replace("Total pot $0.65 | Rake $0.03\n", ""), []string{"error 23 summary has no Total pot line"}},
		{"cancelled", upTo(7) + "\nHand cancelled\n*** SUMMARY ***\nSeat 1: Ann (button) collected ($0)\n" + psBase,
			[]string{"hand 1", "hand 11"}},
		{"text before the first hand", "hello\nworld\n\n" + psBase, []string{"error 1 text outside a hand", "hand 4"}},
		{"text between hands", psBase + "garbage\n" + psBase, []string{"hand 1", "error 25 text outside a hand", "hand 26"}},
		{"bad header", "PokerStars Hand #1: Klondike ($1/$2 USD) - 2025/01/01 1:00:00 ET\n" + psBase,
			[]string{"error 1 unknown game", "hand 2"}},
		{"unknown game", "PokerStars Hand #1:  Pineapple Limit ($1/$2 USD) - 2025/01/01 1:00:00 ET\nTable 'x' 8-max\n" + psBase,
			[]string{"error 1 unknown game", "hand 3"}},
		{"hold'em deal in stud", "PokerStars Hand #1:  7 Card Stud Limit ($1/$2 USD) - 2025/01/01 1:00:00 ET\nTable 'x' 8-max\nSeat 1: A ($5 in chips)\nSeat 2: B ($5 in chips)\n*** HOLE CARDS ***\n" + psBase,
			[]string{"error 5 hand cut short: no *** SUMMARY *** follows this line (misplaced *** HOLE CARDS ***)", "hand 6"}},
		{"more players than the table holds", replace("6-max", "2-max"), []string{"error 5 seat 3 at a 2-max table"}},
		{"betting before the deal", replace("Çé:ñ: posts big blind $0.10\n", "Çé:ñ: posts big blind $0.10\nAnn: folds\n"),
			[]string{"error 8 betting action before *** HOLE CARDS ***"}},
		{"no table line", strings.Replace(psBase, "Table 'Juno' 6-max Seat #1 is the button\n", "", 1),
			[]string{"error 2 expected the Table line"}},
		{"empty", "", nil},
		{"only a BOM", "\xEF\xBB\xBF", nil},
		{"line too long", upTo(9) + "\n" + strings.Repeat("x", 3<<20) + "\n" + psBase,
			[]string{"error 10 line is longer than 1048576 bytes; the hand is skipped", "hand 11"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := NewReader(strings.NewReader(c.input), "bad.txt")
			var got []string
			for {
				h, err := r.Next()
				if err == io.EOF {
					break
				}
				var pe *parser.Error
				switch {
				case errors.As(err, &pe):
					if pe.File != "bad.txt" {
						t.Errorf("error file %q", pe.File)
					}
					got = append(got, fmt.Sprintf("error %d %s", pe.Line, pe.Msg))
					if pe.Line > 0 && pe.Text == "" && !strings.Contains(pe.Msg, "no seats") {
						t.Errorf("error without the line's text: %v", pe)
					}
				case err != nil:
					t.Fatalf("I/O error %v", err)
				default:
					got = append(got, fmt.Sprintf("hand %d", h.Pos.Line))
				}
				if len(got) > 10 {
					t.Fatal("too many results")
				}
			}
			if len(got) != len(c.want) {
				t.Fatalf("got %q, want %q", got, c.want)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], c.want[i]) {
					t.Errorf("result %d = %q, want %q...", i, got[i], c.want[i])
				}
			}
		})
	}
}

// TestPokerStarsErrorFields checks what an Error carries.
func TestPokerStarsErrorFields(t *testing.T) {
	input := psBase + strings.Replace(psBase, "Ann: bets $0.40", "Ann: bets $x.40", 1)
	r := NewReader(strings.NewReader(input), "f.txt")
	if _, err := r.Next(); err != nil {
		t.Fatal(err)
	}
	_, err := r.Next()
	var pe *parser.Error
	if !errors.As(err, &pe) {
		t.Fatalf("got %v, want a *Error", err)
	}
	want := parser.Error{File: "f.txt", Line: 39, HandIndex: 1, HandID: "254000000001", Text: "Ann: bets $x.40", Msg: "cannot read the amount"}
	if *pe != want {
		t.Errorf("error = %+v, want %+v", *pe, want)
	}
	if !parser.IsParseError(err) {
		t.Error("IsParseError = false")
	}
	if _, err := r.Next(); err != io.EOF {
		t.Errorf("after the last hand: %v, want io.EOF", err)
	}
}

// TestPokerStarsIOError wants a failing input to stop the reader with its error.
func TestPokerStarsIOError(t *testing.T) {
	boom := errors.New("disk on fire")
	r := NewReader(io.MultiReader(strings.NewReader(psBase+psBase[:200]), iotest.ErrReader(boom)), "f.txt")
	h, err := r.Next()
	if err != nil || h == nil {
		t.Fatalf("first hand: %v", err)
	}
	for i := 0; i < 2; i++ {
		if _, err := r.Next(); !errors.Is(err, boom) || parser.IsParseError(err) {
			t.Fatalf("call %d: %v, want the I/O error", i, err)
		}
	}
}

// TestPokerStarsRegistered checks the reader is reachable through Open and Detect.
func TestPokerStarsRegistered(t *testing.T) {
	if f := parser.Detect([]byte(psBase)); f != Format {
		t.Fatalf("Detect = %q", f)
	}
	if f := parser.Detect(readertest.UTF16(psBase, false)); f != Format {
		t.Fatalf("Detect UTF-16 = %q", f)
	}
	if f := parser.Detect([]byte("PPPoker Hand #934479950000496:  5 Card Omaha Pot Limit ($0.30/$0.60 USD) - 2025/06/21 17:47:21 UTC\n")); f != Format {
		t.Fatalf("Detect PPPoker = %q", f)
	}
	r, err := parser.Open(Format, strings.NewReader(psBase), "o.txt")
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.Next()
	if err != nil || h.ID != "254000000001" || h.Pos.File != "o.txt" {
		t.Fatalf("Open: %v %v", h, err)
	}
}
