package pokerstars

import (
	"bytes"
	"fmt"
	"io"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// TestPokerStarsAmountFast checks amount, whose fast path reads most
// amounts, against amountSlow, the general way, at every scale: the same
// value, length, error and resulting scale.
func TestPokerStarsAmountFast(t *testing.T) {
	inputs := []string{
		"", "$", "0", "$0", "$0.00", "$0.10", "12.50", "12.05", "100.00", "0.10", "1,234.50", "1,23",
		"1.", "1.x", ".5", "$1.", "$1.5.", "5 and", "$1.30 and is all-in", "$1.30)", "1500", "-5", "$-5",
		"€0.50", "123456789012345", "1234567890123456", "999999999999999", "99999999999999.9",
		"1000000000000000", "100000000000000.0", "10000000.12345678", "1.123456789", "0.000000001",
		"99999999.99999999", "9999999.999999999", "$12", "$123", "$1234", "$12.", "$123.4", "$123.45",
		"$123.456", "$999.99", "$12,345", "$123,456.78", "$1.5", "$12.5x", "$7 to", "$50)", "$100.", "$3.x",
	}
	rng := rand.New(rand.NewPCG(5, 6))
	const alphabet = "0123456789,.$ 90"
	for range 50000 {
		inputs = append(inputs, string(randomBytes(rng, alphabet, rng.IntN(20))))
	}
	// The fast path reads past the end of the amount's slice, within its
	// capacity, as a line's amount lies in a larger buffer: each input
	// is also read followed by digits, points and commas.
	var bufs [][]byte
	for _, tail := range []string{"", "12345678901234567890", "....................", ",,,,,,,,,,,,,,,,,,,,", " and is all-in"} {
		for _, in := range inputs {
			buf := append([]byte(in), tail...)
			bufs = append(bufs, buf[:len(in)])
		}
	}
	for _, b := range bufs {
		in := string(b)
		for scale := 0; scale < len(psPow10); scale++ {
			fast, slow := &psParser{h: &hand.Hand{}, scale: scale}, &psParser{h: &hand.Hand{}, scale: scale}
			v, n, err := fast.amount(b)
			wv, wn, werr := slow.amountSlow([]byte(in))
			if v != wv || n != wn || (err == nil) != (werr == nil) || err != nil && err.Error() != werr.Error() || fast.scale != slow.scale {
				t.Fatalf("amount(%q) (capacity %d) at scale %d = %d %d %v (scale %d), want %d %d %v (scale %d)",
					in, cap(b), scale, v, n, err, fast.scale, wv, wn, werr, slow.scale)
			}
		}
	}
}

// TestPokerStarsQuickTime checks the fast path of psParseTime against the
// general one, on times of every shape near the usual one.
func TestPokerStarsQuickTime(t *testing.T) {
	inputs := []string{
		"2014/01/06 7:22:02 ET", "2014/01/06 17:22:02 ET", "2014-01-06 7:22:02", "2014/01/06 7:22:02",
		"2014/1/06 7:22:02 ET", "2014/01/6 7:22:02 ET", "2014/01/06 100:22:02", "2014/01/06 7:2:02 ET",
		"2014/01/06 7:22:2 ET", "2014/01/06 7:22:021 ET", "2014/01/06 7:22:02ET", "20140/01/06 7:22:02",
		"2014/01/06  7:22:02", "2014/01/06 7:22:02 [x]", "2014/01/06 x:22:02 ET",
	}
	rng := rand.New(rand.NewPCG(9, 10))
	const alphabet = "0123456789/-: ET"
	for range 100000 {
		b := []byte(inputs[rng.IntN(4)])
		for range 1 + rng.IntN(3) {
			switch i := rng.IntN(len(b)); rng.IntN(3) {
			case 0:
				b[i] = alphabet[rng.IntN(len(alphabet))]
			case 1:
				b = append(b[:i], b[i+1:]...)
			default:
				b = append(b[:i], append([]byte{alphabet[rng.IntN(len(alphabet))]}, b[i:]...)...)
			}
		}
		inputs = append(inputs, string(b))
	}
	for _, in := range inputs {
		f, end, ok := psQuickTimeFields([]byte(in))
		if !ok {
			continue
		}
		wf, wend, wok := psTimeFields([]byte(in))
		if f != wf || end != wend || !wok {
			t.Fatalf("psQuickTimeFields(%q) = %v %d, want %v %d %v", in, f, end, wf, wend, wok)
		}
	}
}

// psQuickInputs returns the inputs of psPoolInputs, and the whole corpus
// again with CRLF line ends, with blanks around lines, with euros, and with
// odd pots and caps, so that lines the quick readers pass on to the
// general ones are read too.
func psQuickInputs(t *testing.T) map[string][]byte {
	inputs := psPoolInputs(t)
	stream := string(inputs["corpus-stream"])
	inputs["corpus-crlf"] = []byte(strings.ReplaceAll(stream, "\n", "\r\n"))
	inputs["corpus-blanks"] = []byte(strings.ReplaceAll(stream, "\n", " \n\t"))
	inputs["corpus-euros"] = []byte(strings.ReplaceAll(stream, "$", "€"))
	inputs["corpus-pots"] = []byte(strings.NewReplacer("from pot", "from side pot-12", "from main pot", "from side pot-+3",
		"and is all-in", "and is all-in and has reached the $5 cap").Replace(stream))
	return inputs
}

// psQuickDiff reads data with the quick readers and without (noQuick),
// and reports the first difference between the results.
func psQuickDiff(t *testing.T, name string, data []byte, lim parser.Limits) string {
	t.Helper()
	return psQuickDiffReads(t, name, data, lim, 0)
}

// psQuickDiffReads is psQuickDiff with the input read chunk bytes at a
// time (0: all at once), so that lines lie across the buffer's end.
func psQuickDiffReads(t *testing.T, name string, data []byte, lim parser.Limits, chunk int) string {
	t.Helper()
	read := func(noQuick bool) []readertest.ReadResult {
		var in io.Reader = bytes.NewReader(data)
		if chunk > 0 {
			in = &psChunkReader{data: data, n: chunk}
		}
		r := newReader(in, name, lim)
		r.p.noQuick = noQuick
		return psNextAll(t, r, name)
	}
	got, want := read(false), read(true)
	if len(got) != len(want) {
		return fmt.Sprintf("%d results, %d without the quick readers", len(got), len(want))
	}
	for i := range got {
		if d := readertest.ResultDiff(got[i], want[i]); d != "" {
			return fmt.Sprintf("result %d, against the general code: %s", i, d)
		}
	}
	return ""
}

// TestPokerStarsQuickSameHands checks that the quick readers of the usual
// lines (quickAction, quickSeat, the plain amounts...) read every input as
// the general code does, under the default limits and small ones.
func TestPokerStarsQuickSameHands(t *testing.T) {
	for name, data := range psQuickInputs(t) {
		for _, lim := range []parser.Limits{{}, {MaxHandBytes: 700, MaxLineBytes: 60, MaxActions: 12}} {
			if d := psQuickDiff(t, name, data, lim); d != "" {
				t.Fatalf("%s (limits %+v): %s", name, lim, d)
			}
		}
	}
}

// FuzzPokerStarsQuick reads arbitrary bytes with the quick readers and
// without: the results must be the same.
func FuzzPokerStarsQuick(f *testing.F) {
	f.Add([]byte(psBase))
	f.Add([]byte(psBase[:len(psBase)/2] + psBase))
	f.Add([]byte(strings.ReplaceAll(psBase, "\n", " \r\n")))
	f.Fuzz(func(t *testing.T, data []byte) {
		if d := psQuickDiff(t, "fuzz", data, parser.Limits{}); d != "" {
			t.Fatal(d)
		}
	})
}

// TestPokerStarsQuickSeatNames reads hands whose player's name holds
// blanks and " in chips" at every place, short names and long (over the 16
// bytes of its words, see parser.NameWords), with the quick readers and without:
// quickSeat must leave the same seat lines to seat, and read the rest alike.
func TestPokerStarsQuickSeatNames(t *testing.T) {
	names := []string{"BoBo", "Bo Bo", "in chips", " in chips", "x in chips", "x in chipsy", "Bo in chips ($1",
		"abcdefg in chips", "abcdefgh in chips", "abcdefghijklmnop", "abcdefghijklmno p", "abcdefghijklmnopq in chips",
		"in chipsin chips", "a in chipa in chips", "Bo (x) in chips", "1234567 in chip"}
	for _, name := range names {
		data := []byte(strings.ReplaceAll(psBase, "Bo Bo", name))
		if d := psQuickDiff(t, name, data, parser.Limits{}); d != "" {
			t.Fatalf("name %q: %s", name, d)
		}
	}
}

// TestPokerStarsQuickSeatStacks reads hands whose seat lines have stacks,
// seat numbers and names of every shape near the ones quickSeat reads
// itself ($D to $DDD, $D.DD to $DDD.DD, seats 1 to 99, read backwards
// from " in chips)"), in cash hands and chip hands, with the quick
// readers and without: the same hands, stacks and errors either way.
func TestPokerStarsQuickSeatStacks(t *testing.T) {
	stacks := []string{"$1", "$12", "$123", "$1234", "$1.5", "$1.50", "$12.34", "$123.45", "$1234.56", "$.50",
		"$1.234", "$1,234.56", "$1.", "$0", "$0.00", "$007.50", "1.50", "12", "1500", "$", "€1.50", "(1.50", "$1.5x",
		"$12.50 ", "$1.50, $1 bounty"}
	seats := []string{"Seat 2: ", "Seat 02: ", "Seat 0: ", "Seat 12: ", "Seat 99: ", "Seat 100: ", "Seat x: ", "Seat A: ", "Seat A1: ", "Seat 2:"}
	names := []string{"Bo Bo", "", "B", "Bo", "Bo (x)", "Bo ($1"}
	for _, header := range []string{"($0.05/$0.10 USD)", "(10/20)"} {
		for _, stack := range stacks {
			for _, seat := range seats {
				for _, name := range names {
					line := seat + name + " (" + stack + " in chips)"
					in := strings.Replace(psBase, "Seat 2: Bo Bo ($12.50 in chips)", line, 1)
					in = strings.ReplaceAll(in, "Bo Bo", name)
					in = strings.Replace(in, "($0.05/$0.10 USD)", header, 1)
					in = strings.Replace(in, "6-max", "9-max", 1)
					if d := psQuickDiff(t, "stacks", []byte(in), parser.Limits{}); d != "" {
						t.Errorf("%q in %s: %s", line, header, d)
					}
				}
			}
		}
	}
}

// TestPokerStarsQuickSeatLines reads hands whose seat lines are the usual
// ones and near misses of those readHand takes straight from the buffer
// (see quickSeatLine): an LF or a CR inside, names of 13 to 17 bytes
// (the name's end is looked for in its first 16), a '(' in the name,
// blanks or text after, seats out of order or twice. Each is read whole,
// in reads of a few sizes (lines across the buffer's end), and under
// line and hand limits that fall at every place around the seat lines:
// the same hands and errors as the general code's.
func TestPokerStarsQuickSeatLines(t *testing.T) {
	const seat = "Seat 2: Bo Bo ($12.50 in chips)"
	variants := []string{
		seat,
		"Seat 2: Bo\nBo ($12.50 in chips)",
		"Seat 2: Bo Bo \n($12.50 in chips)",
		"Seat 2: Bo Bo ($12.50\n in chips)",
		"Seat 2: Bo Bo ($12.50 in chips\n)",
		"Seat 2: Bo Bo ($12.50 in chips)\r",
		"Seat 2: Bo Bo\r ($12.50 in chips)",
		"Seat 2: Bo Bo ($12.50 in chips) ",
		"Seat 2: Bo Bo ($12.50 in chips)x",
		"Seat 2: Bo Bo ($12.50 in chips, $1 bounty)",
		"Seat 2: Bo Bo ($12.50 in chips) is sitting out",
		"Seat 2: Bo Bo ($12.50 in chip)",
		"Seat 2: Bo Bo ($12.50 in chips))",
		"Seat 2: Bo Bo ( $12.50 in chips)",
		"Seat 2: Bo Bo  ($12.50 in chips)",
		"Seat 2: Bo Bo($12.50 in chips)",
		"Seat 2: (Bo ($12.50 in chips)",
		"Seat 2: Bo (2) ($12.50 in chips)",
		"Seat 2: Bo ( ($12.50 in chips)",
		"Seat 2:  ($12.50 in chips)",
		"Seat 2: B ($12.50 in chips)",
		"Seat 2: abcdefghijklm ($12.50 in chips)",
		"Seat 2: abcdefghijklmn ($12.50 in chips)",
		"Seat 2: abcdefghijklmno ($12.50 in chips)",
		"Seat 2: abcdefghijklmnop ($12.50 in chips)",
		"Seat 2: abcdefghijklmnopq ($12.50 in chips)",
		"Seat 2: abcdefg\nijklmno ($12.50 in chips)",
		"Seat 2: abcdefgh\njklmno ($12.50 in chips)",
		"Seat 2: Ann ($12.50 in chips)",
		"Seat 1: Bo Bo ($12.50 in chips)",
		"Seat 3: Bo Bo ($12.50 in chips)",
		"Seat 7: Bo Bo ($12.50 in chips)",
		"Seat 02: Bo Bo ($12.50 in chips)",
		"Seat 2: Bo Bo ($1250.00 in chips)",
		"Seat 2: Bo Bo ($.50 in chips)",
		"Seat 2: Bo Bo ($1 in chips)",
		"Seat 2: Bo Bo (1 in chips)",
		"Seat 2: Bo Bo ($$1 in chips)",
		"Seat 2: Bo Bo ($1.5 in chips)",
		"Seat 2: Bo Bo ($1.505 in chips)",
		"Seat 2: Bo Bo ($1,250 in chips)",
	}
	base := psBase + "\n" + psShowdownHand
	for _, v := range variants {
		for _, header := range []string{"($0.05/$0.10 USD)", "(10/20)", "(0.5/1)"} {
			in := strings.Replace(base, seat, v, 1)
			in = strings.Replace(in, "($0.05/$0.10 USD)", header, 1)
			data := []byte(in)
			for _, chunk := range []int{0, 1, 7, 61} {
				if d := psQuickDiffReads(t, "seats", data, parser.Limits{}, chunk); d != "" {
					t.Errorf("%q in %s, reads of %d: %s", v, header, chunk, d)
				}
			}
			for n := 20; n <= 45; n++ {
				if d := psQuickDiff(t, "seats", data, parser.Limits{MaxLineBytes: n}); d != "" {
					t.Errorf("%q in %s, lines of at most %d bytes: %s", v, header, n, d)
				}
			}
			for n := 150; n <= 270; n++ {
				if d := psQuickDiff(t, "seats", data, parser.Limits{MaxHandBytes: n}); d != "" {
					t.Errorf("%q in %s, hands of at most %d bytes: %s", v, header, n, d)
				}
			}
		}
	}
}

// TestPokerStarsQuickSeatLineRoom checks that quickSeatLine reads a seat
// line only if it fits in the room it is given (the line and hand limits),
// and changes nothing when it does not.
func TestPokerStarsQuickSeatLineRoom(t *testing.T) {
	for _, line := range []string{"Seat 2: Bo Bo ($12.50 in chips)", "Seat 9: abcdefghijklmno ($1 in chips)"} {
		buf := make([]byte, 100)
		text := buf[:copy(buf, line+"\nSeat 3: Ann ($1 in chips)\n")]
		for room := len(line) - 2; room <= len(line)+1; room++ {
			r := newReader(strings.NewReader(""), "room", parser.Limits{})
			r.p.reset(1, 0)
			r.p.scale, r.p.state = 2, psSeats
			k := r.p.quickSeatLine(text, room)
			want := 0
			if room >= len(line) {
				want = len(line)
			}
			if k != want || len(r.p.seats) != min(k, 1) || len(r.p.names) != min(k, 1) {
				t.Errorf("%q in room %d: read %d bytes, %d seats, want %d bytes", line, room, k, len(r.p.seats), want)
			}
		}
	}
}

// TestPokerStarsNineDecimals reads chip hands whose stakes have nine
// decimals, finer than a Scale holds: an error, never a panic, with the
// quick readers and without.
func TestPokerStarsNineDecimals(t *testing.T) {
	for _, in := range []string{
		strings.Replace(psShowdownHand, "($0.05/$0.10 USD)", "(0.1/0.000000002)", 1),
		"PokerStars Hand #0:Hold'em Limit (0A.000000000) - 0",
	} {
		for _, noQuick := range []bool{false, true} {
			r := newReader(strings.NewReader(in), "decimals", parser.Limits{})
			r.p.noQuick = noQuick
			if h, err := r.Next(); err == nil {
				t.Errorf("%.60q (noQuick %v): read with scale %d, want an error", in, noQuick, h.Scale)
			}
		}
	}
}

// TestPokerStarsQuickActionAmounts reads a hand whose calls, bets, raises
// and posts carry amounts of every shape near the ones quickAction reads
// inline ($D to $DDD, $D.DD to $DDD.DD), with the quick readers and
// without: the same hands, amounts and errors either way.
func TestPokerStarsQuickActionAmounts(t *testing.T) {
	amounts := []string{"$1", "$12", "$123", "$1234", "$1.5", "$1.50", "$12.34", "$123.45", "$1234.56",
		"$1.234", "$12.34,", "$1.", "$.5", "$0", "$0.00", "$007", "1.50", "$1,234", "$12.3x", "$", "€1.50"}
	lines := []string{"%s: calls AMT", "%s: bets AMT", "%s: raises AMT to AMT", "%s: raises $0.10 to AMT",
		"%s: posts small blind AMT", "%s: posts big blind AMT", "%s: posts the ante AMT", "%s: calls AMT and is all-in"}
	base := strings.Split(psShowdownHand, "\n")
	for _, amt := range amounts {
		for _, form := range lines {
			// The line goes after the hole cards are dealt, said by the
			// first player seated.
			var b strings.Builder
			for _, l := range base {
				b.WriteString(l)
				b.WriteByte('\n')
				if strings.HasPrefix(l, "Dealt to ") {
					name := strings.TrimPrefix(l, "Dealt to ")
					name = name[:strings.IndexByte(name, '[')-1]
					fmt.Fprintf(&b, strings.ReplaceAll(form, "AMT", amt)+"\n", name)
				}
			}
			if d := psQuickDiff(t, "amounts", []byte(b.String()), parser.Limits{}); d != "" {
				t.Errorf("%q in %q: %s", amt, form, d)
			}
		}
	}
}

// TestPokerStarsQuickSharedFirstByte reads hands whose players' names start
// with the same byte (one a prefix of another, equal lengths differing in
// either 8-byte word, one over 16 bytes), with the quick readers and
// without: quickAction must pick the name playerLine picks, or leave the
// line to it.
func TestPokerStarsQuickSharedFirstByte(t *testing.T) {
	trios := [][3]string{
		{"Ann", "Ann 2", "Ann 22"},
		{"Ann 22", "Ann 2", "Ann"},
		{"Abcdefg1", "Abcdefg2", "Abcdefg"},
		{"Abcdefghijklmn1", "Abcdefghijklmn2", "Abcdefghijklmn"},
		{"Abcdefghijklmnop", "Abcdefghijklmnoq", "Abcdefghijklmno"},
		{"Abcdefghijklmnopq", "Abcdefghijklmnop", "A"},
		{"A", "Ab", "Ann collected"},
		{"Cap: Jack", "Cap", "Cap: Jack: folds"},
		{"Ann", "Bo Bo", "Ann: folds"},
	}
	for _, trio := range trios {
		r := strings.NewReplacer("Ann", trio[0], "Bo Bo", trio[1], "Çé:ñ", trio[2])
		data := []byte(r.Replace(psBase) + "\n" + r.Replace(psShowdownHand))
		if d := psQuickDiff(t, "names", data, parser.Limits{}); d != "" {
			t.Errorf("names %q: %s", trio, d)
		}
	}
}

// TestPokerStarsQuickCollectAmounts reads "collected" lines with amounts of
// every shape near those quickCollect reads inline, and from each kind of
// pot, with the quick readers and without.
func TestPokerStarsQuickCollectAmounts(t *testing.T) {
	amounts := []string{"$1", "$12", "$123", "$1234", "$1.5", "$1.50", "$12.34", "$123.45", "$1234.56",
		"$1.234", "$12.34,", "$1.", "$.5", "$0", "$0.00", "$007", "1.50", "$1,234", "$12.3x", "$", "€1.50", "$0.62"}
	pots := []string{"pot", "main pot", "side pot", "side pot-1", "side pot-2", "side pot-12", "side pot-0", "pot x"}
	for _, amt := range amounts {
		for _, pot := range pots {
			data := strings.Replace(psBase, "Ann collected $0.62 from pot", "Ann collected "+amt+" from "+pot, 1)
			if d := psQuickDiff(t, "collect", []byte(data), parser.Limits{}); d != "" {
				t.Errorf("%q from %q: %s", amt, pot, d)
			}
		}
	}
}

// TestPokerStarsQuickMarkers reads hands whose section lines are the
// usual ones and near misses of the lengths readHand takes them at
// straight from the buffer (see psMarkerLen): an LF inside, a note, blanks
// or other text after, other cards, misplaced sections. They must read
// as the general code reads them, under the default limits and small ones.
func TestPokerStarsQuickMarkers(t *testing.T) {
	variants := [][2]string{
		{"", ""},
		{"*** FLOP *** [2c 7d Jh]", "*** FLOP *** [2c 7d Jx]"},
		{"*** FLOP *** [2c 7d Jh]", "*** FLOP *** [2c 7d\nJh]"},
		{"*** FLOP *** [2c 7d Jh]", "*** FLOP *** [2c7d Jh] "},
		{"*** FLOP *** [2c 7d Jh]", "*** FLOP *** [2c 7d Jh]{}"},
		{"*** FLOP *** [2c 7d Jh]", "*** FLOP *** [2c] {\nxyz}"},
		{"*** FLOP *** [2c 7d Jh]", "*** FLIP *** [2c 7d Jh]"},
		{"*** TURN *** [2c 7d Jh] [4s]", "*** TURN *** [4s] {\nabcdefg}"},
		{"*** TURN *** [2c 7d Jh] [4s]", "*** TURN *** [2c 7d Jh] [4s4]"},
		{"*** TURN *** [2c 7d Jh] [4s]", "*** TURN *** [2c 7d Jh [4s]]"},
		{"*** RIVER *** [2c 7d Jh 4s] [9h]", "*** RIVER *** [9h] {\nabcdefghi}"},
		{"*** RIVER *** [2c 7d Jh 4s] [9h]", "*** RIVER *** [2c 7d Jh 4s][9h]x"},
		{"*** RIVER *** [2c 7d Jh 4s] [9h]", "*** RIVER *** [2c 7d Jh 4s] [Jh]"},
		{"*** FLOP *** [2c 7d Jh]", "*** FLOP *** [2c,7d Jh]"},
		{"*** FLOP *** [2c 7d Jh]", "*** FLOP *** [2c 7d Jh*"},
		{"*** FLOP *** [2c 7d Jh]", "*** FLOP ***  2c 7d Jh]"},
		{"*** FLOP *** [2c 7d Jh]", "*** FLOP ***[[2c 7d Jh]"},
		{"*** FLOP *** [2c 7d Jh]", "*** FLOP *** [2c 7d 1h]"},
		{"*** TURN *** [2c 7d Jh] [4s]", "*** TURN *** [2c 7d Js] [4s]"},
		{"*** TURN *** [2c 7d Jh] [4s]", "*** TURN *** [2c 7d Jh]  4s]"},
		{"*** TURN *** [2c 7d Jh] [4s]", "*** TURN *** [2c 7d Jh]x[4s]"},
		{"*** TURN *** [2c 7d Jh] [4s]", "*** TURN *** [2c 7d Jh] [4S]"},
		{"*** TURN *** [2c 7d Jh] [4s]", "*** TURN *** [2c 7d Jh] [4s*"},
		{"*** RIVER *** [2c 7d Jh 4s] [9h]", "*** RIVER *** [2c 7d Jh 4s] [Xh]"},
		{"*** RIVER *** [2c 7d Jh 4s] [9h]", "*** RIVER *** [2c 7d Jh 4c] [9h]"},
		{"*** HOLE CARDS ***", "*** HOLE CARDS **\n"},
		{"*** HOLE CARDS ***", "*** HOLE\nCARDS ***"},
		{"*** HOLE CARDS ***", "*** HOLE CARDS *** "},
		{"*** SHOW DOWN ***", "*** SHOW\nDOWN ***"},
		{"*** SHOW DOWN ***", "*** SH0W DOWN ***"},
		{"*** SHOW DOWN ***", "*** SUMMARY ***"},
		{"*** SUMMARY ***", "*** SUMMARY **x"},
		{"*** SUMMARY ***", "*** SUMM\nRY ***"},
		{"*** SUMMARY ***", "*** SHOW DOWN ***"},
		{"Bo Bo: folds\n", "Bo Bo: folds\n*** SUMMARY ***\n"},
		{"Ann: calls $0.10\n", "Ann: calls $0.10\n*** HOLE CARDS ***\n"},
	}
	for _, v := range variants {
		data := []byte(psShowdownHand + "\n" + psBase)
		if v[0] != "" {
			data = bytes.ReplaceAll(data, []byte(v[0]), []byte(v[1]))
		}
		for _, lim := range []parser.Limits{{}, {MaxHandBytes: 700, MaxLineBytes: 20, MaxActions: 12}} {
			if d := psQuickDiff(t, "markers", data, lim); d != "" {
				t.Errorf("%q as %q (limits %+v): %s", v[0], v[1], lim, d)
			}
		}
	}
}

// TestPokerStarsCutShortQuotesLastLine cuts a hand short after lines read
// each way (an action or a section line straight from the buffer, a line
// read the general way, one with blanks to trim), then ends it with blank
// lines and the input's end or the next hand, in reads of several sizes:
// the error quotes the last line kept, trimmed, at its number, though
// the buffer moved after it.
func TestPokerStarsCutShortQuotesLastLine(t *testing.T) {
	lines := strings.SplitAfter(psBase, "\n")
	for _, c := range []struct {
		after int    // lines kept
		last  string // the line before them replaced (if not ""), as read
		want  string
	}{
		{11, "", "Bo Bo: folds"},
		{4, "", "Seat 2: Bo Bo ($12.50 in chips)"},
		{5, "", "Seat 3: Çé:ñ ($8 in chips)"},
		{13, "", "*** FLOP *** [2c 7d Jh]"},
		{17, "", "Uncalled bet ($0.40) returned to Ann"},
		{18, "", "Ann collected $0.62 from pot"},
		{11, " \tBo Bo: folds  \n", "Bo Bo: folds"},
		{9, "Dealt to Ann [Ah Kd]\r\n", "Dealt to Ann [Ah Kd]"},
	} {
		kept := slices.Clone(lines[:c.after])
		if c.last != "" {
			kept[c.after-1] = c.last
		}
		for _, next := range []string{"", psBase} {
			data := []byte(strings.Join(kept, "") + "\n  \n\n" + next)
			for _, n := range []int{0, 1, 7, 61} {
				var r io.Reader = bytes.NewReader(data)
				if n > 0 {
					r = &psChunkReader{data: data, n: n}
				}
				res := psNextAll(t, newReader(r, "cut", parser.Limits{}), "cut")
				if len(res) == 0 || res[0].Err == nil {
					t.Fatalf("cut after line %d, reads of %d: no error", c.after, n)
				}
				if e := res[0].Err; e.Line != c.after || e.Text != c.want || !strings.Contains(e.Msg, "without a *** SUMMARY ***") {
					t.Errorf("cut after line %d, reads of %d: error at line %d %q (%s), want line %d %q",
						c.after, n, e.Line, e.Text, e.Msg, c.after, c.want)
				}
			}
		}
	}
}

// TestPokerStarsQuickOver64Names reads a hand with 70 seated names (more
// than quickAction's sets of bits hold), then the usual hand, with the
// quick readers and without: every name must be found as playerLine finds
// it, and the next hand's names must not see the first hand's.
func TestPokerStarsQuickOver64Names(t *testing.T) {
	var seats strings.Builder
	for i := 4; i <= 70; i++ {
		fmt.Fprintf(&seats, "Seat %d: A%d ($5 in chips)\n", i, i)
	}
	many := strings.Replace(psBase, "Seat 3: Çé:ñ ($8 in chips)\n", "Seat 3: Çé:ñ ($8 in chips)\n"+seats.String(), 1)
	many = strings.Replace(many, "6-max", "70-max", 1)
	data := []byte(many + "\n" + psBase)
	if d := psQuickDiff(t, "many", data, parser.Limits{}); d != "" {
		t.Fatal(d)
	}
	r := newReader(bytes.NewReader(data), "many", parser.Limits{})
	got := psNextAll(t, r, "many")
	if len(got) != 2 {
		t.Fatalf("%d results, want 2", len(got))
	}
	for i, res := range got {
		if res.Err != nil || res.H == nil {
			t.Fatalf("hand %d: %v", i, res.Err)
		}
		if n := len(res.H.Actions); n < 9 {
			t.Errorf("hand %d: %d actions, want the base hand's", i, n)
		}
	}
	if n := len(got[0].H.Seats); n != 70 {
		t.Errorf("first hand: %d seats, want 70", n)
	}
}

// randomBytes returns n bytes drawn from alphabet: the random inputs the
// fast paths' differential tests add to their listed ones.
func randomBytes(rng *rand.Rand, alphabet string, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[rng.IntN(len(alphabet))]
	}
	return b
}
