package phh

import (
	"bytes"
	"io"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"
	"time"
	"unicode/utf16"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

func TestPHHParseDecimal(t *testing.T) {
	tests := []struct {
		in     string
		mant   int64
		places int8
		err    error
	}{
		{"0", 0, 0, nil},
		{"10000", 10000, 0, nil},
		{"+7", 7, 0, nil},
		{"1_000", 1000, 0, nil},
		{"1259450.25", 125945025, 2, nil},
		{"678473.5", 6784735, 1, nil},
		{"0.50", 5, 1, nil},
		{"3.00", 3, 0, nil},
		{"0.0001", 1, 4, nil},
		{"1e3", 1000, 0, nil},
		{"2.5E+2", 250, 0, nil},
		{"125e-2", 125, 2, nil},
		{"0x1F", 31, 0, nil},
		{"0o17", 15, 0, nil},
		{"0b101", 5, 0, nil},
		{"-0", 0, 0, nil},
		{"-0.0", 0, 0, nil},
		{"0.00001", 0, 0, errPHHTooPrecise},
		{"1.23456", 0, 0, errPHHTooPrecise},
		{"-5", 0, 0, errPHHNegative},
		{"-0.5", 0, 0, errPHHNegative},
		{"inf", 0, 0, errPHHInfinite},
		{"+inf", 0, 0, errPHHInfinite},
		{"nan", 0, 0, errPHHNotANumber},
		{"", 0, 0, errPHHNotNumber},
		{"abc", 0, 0, errPHHNotNumber},
		{"1.", 0, 0, errPHHNotNumber},
		{".5", 0, 0, errPHHNotNumber},
		{"1__0", 0, 0, errPHHNotNumber},
		{"1_", 0, 0, errPHHNotNumber},
		{"1e", 0, 0, errPHHNotNumber},
		{"0x", 0, 0, errPHHNotNumber},
		{"0xG", 0, 0, errPHHNotNumber},
		{"1e1000", 0, 0, errPHHTooLarge},
		{"99999999999999999999", 0, 0, errPHHTooLarge},
		{"1000000000000001", 0, 0, errPHHTooLarge},
		{"1000000000000000", 1000000000000000, 0, nil},
	}
	for _, tt := range tests {
		d, err := phhParseDecimal([]byte(tt.in))
		if err != tt.err || (err == nil && (d.mant != tt.mant || d.places != tt.places)) {
			t.Errorf("phhParseDecimal(%q) = %+v, %v; want {%d %d}, %v", tt.in, d, err, tt.mant, tt.places, tt.err)
		}
	}
	// Scaling to a finer scale is exact, and overflow is refused.
	if v, err := (phhDecimal{mant: 5, places: 1}).scaled(4); v != 5000 || err != nil {
		t.Errorf("0.5 at scale 10^4 = %d, %v", v, err)
	}
	if _, err := (phhDecimal{mant: parser.MaxAmount}).scaled(2); err != errPHHTooLarge {
		t.Errorf("overflow not refused: %v", err)
	}
}

// phhOne reads text that must hold exactly one good hand.
func phhOne(t *testing.T, text string) *hand.Hand {
	t.Helper()
	res := phhReadString(t, text, "t.phh")
	if len(res.errs) != 0 || len(res.hands) != 1 {
		t.Fatalf("%d hands, errors %v", len(res.hands), res.errs)
	}
	phhCheckInvariants(t, res.hands[0], strings.Count(text, "\n")+1)
	return res.hands[0]
}

func TestPHHForcedBets(t *testing.T) {
	t.Run("heads-up antes and blinds reversed", func(t *testing.T) {
		// antes [0, 3]: the big blind ante; in heads-up p1 is the big blind.
		h := phhOne(t, `variant = "NT"
antes = [0, 3]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 AsKs", "d dh p2 QdQc", "p2 cc", "p1 cc", "d db 2c3d4h", "p1 cc", "p2 cc"]
`)
		if h.Button != 2 || h.Stakes.Ante != 3 || !h.Stakes.BigBlindAnte {
			t.Errorf("Button %d Stakes %+v", h.Button, h.Stakes)
		}
		phhCheckActions(t, h, []phhWantAction{
			{i: 0, kind: hand.Post, player: 1, post: hand.PostAnte, amount: 3, line: 2},
			{i: 1, kind: hand.Post, player: 2, post: hand.PostSmallBlind, amount: 1, line: 3},
			{i: 2, kind: hand.Post, player: 1, post: hand.PostBigBlind, amount: 2, line: 3},
			{i: 5, kind: hand.Call, player: 2, line: 6}, // the small blind completes
			{i: 6, kind: hand.Call, player: 1, line: 6}, // "cc" (a check, resolved by the engine): the big blind's option
			{i: 8, kind: hand.Call, player: 1, line: 6}, // "cc": a check, resolved by the engine
		})
	})
	t.Run("straddles", func(t *testing.T) {
		h := phhOne(t, `variant = "NT"
antes = [0, 0, 0, 0]
blinds_or_straddles = [1, 2, 4, 8]
min_bet = 2
starting_stacks = [100, 100, 100, 100]
actions = ["p1 cc", "p2 cc", "p3 cc", "p4 cc"]
`)
		if !reflect.DeepEqual(h.Stakes.Straddles, []hand.Amount{4, 8}) {
			t.Errorf("Straddles %v", h.Stakes.Straddles)
		}
		phhCheckActions(t, h, []phhWantAction{
			{i: 2, kind: hand.Post, player: 3, post: hand.PostStraddle, amount: 4, line: 3},
			{i: 3, kind: hand.Post, player: 4, post: hand.PostStraddle, amount: 8, line: 3},
			{i: 4, kind: hand.Call, player: 1, line: 6},
			{i: 6, kind: hand.Call, player: 3, line: 6},
			{i: 7, kind: hand.Call, player: 4, line: 6}, // "cc" (a check, resolved by the engine): the last straddle's option
		})
	})
	t.Run("short stacks are trimmed", func(t *testing.T) {
		h := phhOne(t, `variant = "NT"
antes = [5, 5, 5]
blinds_or_straddles = [10, 20, 0]
min_bet = 20
starting_stacks = [12, 4, 100]
actions = []
`)
		if len(h.Actions) != 4 {
			t.Fatalf("%d posts: %+v", len(h.Actions), h.Actions)
		}
		a := h.Actions
		// p2 cannot pay the full ante, and has nothing left for the big
		// blind; p1 has 7 left for the small blind.
		if a[1].Amount != 4 || !a[1].AllIn || a[0].AllIn || a[2].Amount != 5 || a[3].Amount != 7 || !a[3].AllIn ||
			a[3].PostKind != hand.PostSmallBlind || a[3].Player != 0 {
			t.Errorf("posts %+v", a)
		}
	})
	t.Run("stud bring-in", func(t *testing.T) {
		h := phhOne(t, `variant = "FR"
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100, 2.5]
actions = ["d dh p1 ????Ah", "d dh p2 ????Kd", "d dh p3 ????5s", "p2 pb", "p3 cbr 5", "p1 cc", "p2 cc"]
`)
		if h.Scale != 10 || h.Button != 0 || h.Stakes.BringIn != 20 {
			t.Errorf("Scale %d Button %d Stakes %+v", h.Scale, h.Button, h.Stakes)
		}
		phhCheckActions(t, h, []phhWantAction{
			{i: 6, kind: hand.BringIn, player: 2, amount: 20, line: 7},
			{i: 7, kind: hand.Raise, player: 3, to: 50, line: 7},
			{i: 8, kind: hand.Call, player: 1, line: 7},
			{i: 9, kind: hand.Call, player: 2, line: 7},
		})
	})
}

func TestPHHShowdown(t *testing.T) {
	h := phhOne(t, `variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = [
  "d dh p1 AsKs # Ann",
  "d dh p2 ????",
  "p2 cc",
  "p1 cc",
  "d db 2c3d4h",
  "",
  "# a comment-only notation is a no-op",
  "d db 5s",
  "d db 9h",
  "p1 cc", "p2 cc",
  "p1 sm -",
  "p2 sm",
  "p1 sm ??Ks",
]
`)
	phhCheckActions(t, h, []phhWantAction{
		{i: 2, kind: hand.DealHole, player: 1, cards: "AsKs", line: 7},
		{i: 11, kind: hand.Show, player: 1, cards: "AsKs", line: 17}, // "-": the dealt cards
		{i: 12, kind: hand.Muck, player: 2, line: 18},
		{i: 13, kind: hand.Show, player: 1, cards: "??Ks", line: 19},
	})
	if len(h.Actions) != 14 {
		t.Errorf("%d actions; the empty and comment notations are no-ops", len(h.Actions))
	}
}

func TestPHHDiscardRedeal(t *testing.T) {
	// Draw games may reshuffle the discards: a discarded card may be dealt
	// again; a live one may not, but the record says so and is read as it
	// is: the checks report the card dealt twice (cards.duplicate).
	text := `variant = "N2L1D"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ["d dh p1 2s3s4s5s7d", "d dh p2 ??????????", "p2 cc", "p1 cc", "p1 sd 7d", "p2 sd ??", "d dh p1 REDEAL", "d dh p2 ??"]
`
	h := phhOne(t, strings.Replace(text, "REDEAL", "7d", 1))
	phhCheckActions(t, h, []phhWantAction{{i: 8, kind: hand.DealHole, player: 1, cards: "7d", line: 6}})
	h = phhOne(t, strings.Replace(text, "REDEAL", "2s", 1))
	phhCheckActions(t, h, []phhWantAction{{i: 8, kind: hand.DealHole, player: 1, cards: "2s", line: 6}})
}

func TestPHHStartTime(t *testing.T) {
	base := `variant = "NT"
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = []
year = 2009
month = 7
day = 1
`
	tests := []struct {
		extra string
		want  time.Time
	}{
		{"", time.Date(2009, 7, 1, 0, 0, 0, 0, time.UTC)},
		{"time = 00:00:09", time.Date(2009, 7, 1, 0, 0, 9, 0, time.UTC)},
		{"time = 12:30:00.25\ntime_zone = \"UTC\"", time.Date(2009, 7, 1, 12, 30, 0, 250_000_000, time.UTC)},
		{"time = 00:00:09\ntime_zone_abbreviation = 'ET'", time.Date(2009, 7, 1, 4, 0, 9, 0, time.UTC)}, // EDT in July
		{"time = 00:00:09\ntime_zone_abbreviation = 'CEST'", time.Date(2009, 6, 30, 22, 0, 9, 0, time.UTC)},
		{"time = 18:00:00\ntime_zone = 'Europe/London'", time.Date(2009, 7, 1, 17, 0, 0, 0, time.UTC)},
		{"time = 18:00:00\ntime_zone_abbreviation = 'XYZT'", time.Time{}},                        // unknown zone: no start
		{"time = 18:00:00\ncity = 'Las Vegas'\nregion = 'Nevada'\ncountry = 'USA'", time.Time{}}, // venue's zone, unknown
	}
	for _, tt := range tests {
		h := phhOne(t, base+tt.extra+"\n")
		if !h.Start.Equal(tt.want) || (!h.Start.IsZero() && h.Start.Location() != time.UTC) {
			t.Errorf("%q: Start %v, want %v", tt.extra, h.Start, tt.want)
		}
	}
}

func TestPHHMetadata(t *testing.T) {
	h := phhOne(t, `variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 100]
actions = []
venue = "Absolute Poker"
hand = 3017237436
table = 7
seat_count = 9
seats = [6, 3, 5]
players = ["a\u00e9", "", "c"]
currency = "USD"
ante_trimming_status = false
author = "someone"
time_limit = 30
time_banks = [10, 20, 30]
_custom = "ignored"
`)
	if h.Site != "Absolute Poker" || h.ID != "3017237436" || h.Table != "7" || h.MaxSeats != 9 || h.Button != 5 || h.AnteTrimming {
		t.Errorf("Site %q ID %q Table %q MaxSeats %d Button %d", h.Site, h.ID, h.Table, h.MaxSeats, h.Button)
	}
	want := []hand.Seat{{Number: 6, Player: "aé", Stack: 100}, {Number: 3, Player: "p2", Stack: 100}, {Number: 5, Player: "c", Stack: 100}}
	if !reflect.DeepEqual(h.Seats, want) {
		t.Errorf("Seats %+v", h.Seats)
	}
}

// phhSomeInputs are texts that exercise the reader's paths: the fast path
// and the full TOML parser, single and multi-hand, odd line endings.
func phhSomeInputs() map[string]string {
	good := phhHand("g", nil)
	escaped := phhHand("esc", phhReplace(`["Ann", "Bob", "Cat"]`, `["A\"nn", "B\u00f6b", 'Cat']`))
	multiline := phhHand("ml", phhReplace("players =", "_notes = \"\"\"\n[2]\nnot a table\n\"\"\"\nplayers ="))
	return map[string]string{
		"single":      good,
		"single crlf": strings.ReplaceAll(good, "\n", "\r\n"),
		"bom":         "\xEF\xBB\xBF" + good,
		"multi":       "# comment\n\n[1]\n" + good + "\n[2]\n" + escaped + "[3]\n" + multiline + "[4]\n" + good,
		"multi crlf":  strings.ReplaceAll("[1]\n"+good+"[2]\n"+good, "\n", "\r\n"),
		"multi broken": "[1]\n" + good + "[2]\n" + phhHand("b", phhReplace("]\nhand", "\nhand")) +
			"[3]\n" + phhHand("b2", phhReplace("\"p1 f\",", "\"p1 f,")) + "[4]\n" + good,
		"no final newline": "[1]\n" + good + "[2]\n" + strings.TrimSuffix(good, "\n"),
		"inline values":    "[1]\n" + strings.ReplaceAll(good, "\n  ", " "),
	}
}

// TestPHHStreaming reads inputs through readers that return little at a
// time, which must give the same hands and errors as reading at once.
func TestPHHStreaming(t *testing.T) {
	for name, text := range phhSomeInputs() {
		want := phhReadString(t, text, "s")
		if name == "multi" && (len(want.hands) != 4 || len(want.errs) != 0) {
			t.Errorf("multi: %d hands, errors %v", len(want.hands), want.errs)
		}
		if name == "multi broken" && (len(want.hands) != 2 || len(want.errs) != 2) {
			t.Errorf("multi broken: %d hands, errors %v", len(want.hands), want.errs)
		}
		for seed := range uint64(20) {
			rng := rand.New(rand.NewPCG(seed, 1))
			got := phhReadAll(t, &phhChoppyReader{data: []byte(text), rng: rng}, "s")
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("%s: read in small pieces (seed %d) differs:\n got %+v\nwant %+v", name, seed, got, want)
			}
		}
	}
}

// phhChoppyReader returns its data a few bytes at a time, sometimes none.
type phhChoppyReader struct {
	data []byte
	rng  *rand.Rand
}

func (r *phhChoppyReader) Read(p []byte) (int, error) {
	if len(r.data) == 0 {
		return 0, io.EOF
	}
	n := min(len(p), len(r.data), r.rng.IntN(40))
	copy(p, r.data[:n])
	r.data = r.data[n:]
	return n, nil
}

func TestPHHUTF16(t *testing.T) {
	good := phhHand("u", phhReplace(`"Ann"`, `"Åsa"`))
	u := utf16.Encode([]rune(good))
	le := []byte{0xFF, 0xFE}
	for _, c := range u {
		le = append(le, byte(c), byte(c>>8))
	}
	res := phhReadAll(t, bytes.NewReader(le), "u.phh")
	if len(res.hands) != 1 || len(res.errs) != 0 || res.hands[0].Seats[0].Player != "Åsa" {
		t.Fatalf("UTF-16: %d hands, errors %v", len(res.hands), res.errs)
	}
}

func TestPHHEmptyInputs(t *testing.T) {
	for _, text := range []string{"", "\n\n", "# only a comment\n", "\xEF\xBB\xBF"} {
		res := phhReadString(t, text, "e")
		if len(res.hands) != 0 || len(res.errs) != 0 {
			t.Errorf("%q: %d hands, errors %v", text, len(res.hands), res.errs)
		}
	}
}

type phhFailingReader struct{ n int }

func (r *phhFailingReader) Read(p []byte) (int, error) {
	if r.n > 0 {
		r.n--
		return copy(p, "[1]\n"), nil
	}
	return 0, io.ErrUnexpectedEOF
}

func TestPHHReadError(t *testing.T) {
	r := NewReader(&phhFailingReader{n: 1}, "f")
	if _, err := r.Next(); err != io.ErrUnexpectedEOF {
		t.Fatalf("Next = %v, want the read error", err)
	}
	if _, err := r.Next(); err != io.ErrUnexpectedEOF {
		t.Fatalf("second Next = %v, want the read error again", err)
	}
}

func TestPHHRegistered(t *testing.T) {
	text := phhHand("reg", nil)
	if f := parser.Detect([]byte(text)); f != Format {
		t.Fatalf("Detect = %q", f)
	}
	r, err := parser.Open(Format, strings.NewReader(text), "reg.phh")
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := r.(*Reader); !ok {
		t.Fatalf("Open(phh.Format) = %T", r)
	}
	h, err := r.Next()
	if err != nil || h.ID != "reg" {
		t.Fatalf("Next = %v, %v", h, err)
	}
}

func TestPHHTooLarge(t *testing.T) {
	lim := parser.Limits{MaxHandBytes: 4 << 10}
	pad := "_pad = [\n" + strings.Repeat("  \"xxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\",\n", 600) + "]\n"
	big := phhHand("big", phhReplace("players =", pad+"players ="))
	text := "[1]\n" + phhHand("a", nil) + "[2]\n" + big + "[3]\n" + phhHand("c", nil)
	for _, r := range []io.Reader{strings.NewReader(text), &phhChoppyReader{data: []byte(text), rng: rand.New(rand.NewPCG(1, 2))}} {
		res := phhDrain(t, newReader(r, "big.phhs", lim), "big.phhs")
		if len(res.hands) != 2 || res.hands[1].ID != "c" || res.hands[1].Pos.Line != 19+strings.Count(big, "\n")+1 {
			t.Fatalf("%d hands %+v, errors %v", len(res.hands), res.hands, res.errs)
		}
		if len(res.errs) != 1 || res.errs[0].Line != 19 || res.errs[0].HandIndex != 1 || !strings.Contains(res.errs[0].Msg, "too large") {
			t.Fatalf("errors %v", res.errs)
		}
	}
	res := phhDrain(t, newReader(strings.NewReader(big), "big.phh", lim), "big.phh")
	if len(res.hands) != 0 || len(res.errs) != 1 || res.errs[0].Line != 1 {
		t.Fatalf("single: %d hands, errors %v", len(res.hands), res.errs)
	}
}
