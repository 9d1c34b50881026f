package reports

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// variedHandRows is n hand rows exercising every column: nulls and values
// in every nullable column (zero as a value where *int64 allows it),
// extreme integers, times before 1970 and with nanoseconds, non-ASCII and
// long strings (past the 16 bytes the page index keeps), runs of repeated
// values and columns of thousands of distinct ones.
func variedHandRows(n int) []HandRow {
	rng := rand.New(rand.NewPCG(7, 11))
	ptr := func(v int64) *int64 { return &v }
	pick := func(vals ...string) string { return vals[rng.IntN(len(vals))] }
	ints := []int64{0, 1, -1, 50, 100, math.MaxInt64, math.MinInt64, 1 << 40}
	optInt := func() *int64 {
		switch rng.IntN(4) {
		case 0:
			return nil
		case 1:
			return ptr(ints[rng.IntN(len(ints))])
		}
		return ptr(rng.Int64N(1_000_000) - 1000)
	}
	rows := make([]HandRow, n)
	for i := range rows {
		r := &rows[i]
		switch i % 7 {
		case 0:
			r.HandID = ""
		case 1:
			r.HandID = fmt.Sprintf("手牌-%d-ไพ่-ÆØÅ", i)
		case 2:
			r.HandID = strings.Repeat("Z", 40) + fmt.Sprint(i)
		default:
			r.HandID = fmt.Sprintf("2541%08d", rng.IntN(1e8))
		}
		r.File = fmt.Sprintf("logs/día-%02d.txt", i/900) // runs of one file
		if i%500 == 3 {
			r.File = ""
		}
		if i%11 != 0 {
			r.Line = int64(1 + i*25)
			r.EndLine = r.Line + 20
		}
		if i%13 == 0 {
			r.Line = ints[rng.IntN(len(ints))]
		}
		r.Format = pick("pokerstars", "phh", "", "pokerstars")
		r.Site = pick("PokerStars", "Ünïcode Site", "", "PokerStars")
		// A table per few hands: the dictionary grows with the rows.
		r.Table = fmt.Sprintf("Table %05d %s", i/3, pick("", "Ω", "a very long table name indeed"))
		if i%17 == 0 {
			r.Table = ""
		}
		switch i % 5 {
		case 0: // no start time
		case 1:
			r.StartedAt = time.Date(1965, 2, 3, 4, 5, 6, 789, time.UTC)
		case 2:
			r.StartedAt = time.Unix(int64(1.7e9)+int64(i), int64(i%1000)*1001).In(time.FixedZone("X", 3600))
		default:
			r.StartedAt = t0.Add(time.Duration(i) * time.Second)
		}
		if (i/8192)%2 == 1 && i%3 != 0 { // whole row groups without a tournament
			r.Tournament = fmt.Sprintf("T%d", i%3)
		}
		r.Game = pick("holdem", "omaha", "", "stud")
		r.Structure = pick("no-limit", "pot-limit", "fixed-limit", "")
		r.Stakes = pick("0.50/1.00 USD", "ante 0.10", "", "1/2 €")
		r.SmallBlind, r.BigBlind, r.Ante = optInt(), optInt(), optInt()
		r.Currency = pick("USD", "EUR", "")
		r.Scale = []int64{0, 1, 100, -5}[rng.IntN(4)]
		r.Players, r.TotalPot, r.ComputedPot, r.Rake = optInt(), optInt(), optInt(), optInt()
		r.Findings = int64(rng.IntN(4))
		r.FindingsError, r.FindingsWarning, r.FindingsInfo = int64(rng.IntN(2)), ints[rng.IntN(len(ints))], 0
		r.Status = pick(StatusClean, StatusFindings, StatusParseError)
		if i%4999 == 5 {
			r.Status = "" // a value, not null: the column is required
		}
		if r.Status == StatusParseError {
			r.Error = fmt.Sprintf("line %d: expected \"Seat N:\", got «%s»", i, strings.Repeat("x", i%40))
		}
	}
	return rows
}

// writeHandsGeneric writes rows with parquet-go's generic writer, in
// batches of parquetBatchRows as parquetTable hands them over: the writer
// hands.parquet was written with before handsWriter.
func writeHandsGeneric(t *testing.T, rows []HandRow, opts []parquet.WriterOption) []byte {
	t.Helper()
	var buf bytes.Buffer
	w := parquet.NewGenericWriter[HandRow](&buf, opts...)
	for len(rows) > 0 {
		n := min(len(rows), parquetBatchRows)
		if _, err := w.Write(rows[:n]); err != nil {
			t.Fatal(err)
		}
		rows = rows[n:]
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// writeHandsColumns writes rows with handsWriter, in batches of batch rows.
func writeHandsColumns(t *testing.T, rows []HandRow, opts []parquet.WriterOption, batch int) []byte {
	t.Helper()
	return writeHandsBatches(t, len(rows), opts, batch, func(b *handBatch, i int) { b.add(&rows[i]) })
}

// writeHandsBatches writes n rows with the column writer, each put into
// the batch by add, in batches of batch rows.
func writeHandsBatches(t *testing.T, n int, opts []parquet.WriterOption, batch int, add func(b *handBatch, i int)) []byte {
	t.Helper()
	var buf bytes.Buffer
	w, err := newHandsWriter(&buf, opts)
	if err != nil {
		t.Fatal(err)
	}
	b := newHandBatch()
	for i := range n {
		add(b, i)
		if b.rows() == batch || i == n-1 {
			if err := w.encode(b); err != nil {
				t.Fatal(err)
			}
			b.reset()
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// TestParquetHandsSameBytes: the column writer writes the very file the
// generic writer wrote, with the production options and with small pages,
// row groups and dictionaries that make every cut and fallback happen often.
func TestParquetHandsSameBytes(t *testing.T) {
	base := parquetOptions(testInfo().normalized())
	small := append(append([]parquet.WriterOption(nil), base...),
		parquet.MaxRowsPerRowGroup(2*parquetBatchRows), parquet.PageBufferSize(8<<10), parquet.DictionaryMaxBytes(2<<10))
	cases := []struct {
		name string
		rows int
		opts []parquet.WriterOption
	}{
		{"empty", 0, base},
		{"one row", 1, base},
		{"one batch", 3000, base},
		{"small pages and row groups", 20000, small},
	}
	if !testing.Short() {
		cases = append(cases, struct {
			name string
			rows int
			opts []parquet.WriterOption
		}{"two row groups", parquetRowGroupRows + 9000, base})
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			rows := variedHandRows(tc.rows)
			want := writeHandsGeneric(t, rows, tc.opts)
			// The column writer's output does not depend on how rows are batched.
			for _, batch := range []int{parquetBatchRows, 1, 1000} {
				if tc.rows > 50000 && batch != parquetBatchRows {
					continue
				}
				got := writeHandsColumns(t, rows, tc.opts, batch)
				if !bytes.Equal(got, want) {
					i := 0
					for i < min(len(got), len(want)) && got[i] == want[i] {
						i++
					}
					t.Fatalf("batches of %d: %d bytes, the generic writer %d; first difference at byte %d", batch, len(got), len(want), i)
				}
			}
		})
	}
}

// handsSchemaText is hands.parquet's schema as docs/schema.md documents it.
const handsSchemaText = `message HandRow {
	optional binary hand_id (STRING);
	optional binary file (STRING);
	optional int64 line (INT(64,true));
	optional int64 end_line (INT(64,true));
	optional binary format (STRING);
	optional binary site (STRING);
	optional binary table (STRING);
	optional int64 started_at (TIMESTAMP(isAdjustedToUTC=true,unit=MICROS));
	optional binary tournament (STRING);
	optional binary game (STRING);
	optional binary structure (STRING);
	optional binary stakes (STRING);
	optional int64 small_blind (INT(64,true));
	optional int64 big_blind (INT(64,true));
	optional int64 ante (INT(64,true));
	optional binary currency (STRING);
	optional int64 scale (INT(64,true));
	optional int64 players (INT(64,true));
	optional int64 total_pot (INT(64,true));
	optional int64 computed_pot (INT(64,true));
	optional int64 rake (INT(64,true));
	required int64 findings (INT(64,true));
	required int64 findings_error (INT(64,true));
	required int64 findings_warning (INT(64,true));
	required int64 findings_info (INT(64,true));
	required binary status (STRING);
	optional binary error (STRING);
}`

// TestParquetHandsRoundTrip writes varied rows over two row groups with
// the column writer and reads every value back with parquet-go's reader.
func TestParquetHandsRoundTrip(t *testing.T) {
	n := parquetRowGroupRows + 5000
	if testing.Short() {
		n = 5000
	}
	rows := variedHandRows(n)
	data := writeHandsColumns(t, rows, parquetOptions(testInfo().normalized()), parquetBatchRows)
	pf, err := parquet.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if got, want := pf.Schema().String(), parquet.SchemaOf(HandRow{}).String(); got != want {
		t.Errorf("schema:\n%s\nwant (from HandRow's tags):\n%s", got, want)
	}
	if got := pf.Schema().String(); got != handsSchemaText {
		t.Errorf("schema:\n%s\nwant (documented):\n%s", got, handsSchemaText)
	}
	if want := (n + parquetRowGroupRows - 1) / parquetRowGroupRows; len(pf.RowGroups()) != want {
		t.Errorf("%d row groups, want %d", len(pf.RowGroups()), want)
	}
	for i, rg := range pf.Metadata().RowGroups {
		for _, c := range rg.Columns {
			name := c.MetaData.PathInSchema[0]
			if c.MetaData.Codec.String() != "ZSTD" {
				t.Errorf("row group %d column %s: codec %s", i, name, c.MetaData.Codec)
			}
			hasDict := c.MetaData.DictionaryPageOffset != 0
			enc := handsSchema.Fields()[slices.Index(handRowColumns, name)].Encoding()
			if wantDict := enc != nil && enc.Encoding() == format.RLEDictionary; hasDict != wantDict {
				t.Errorf("row group %d column %s: dictionary page %v, want %v", i, name, hasDict, wantDict)
			}
		}
	}
	if v, _ := pf.Lookup("handaudit.run_id"); v != "run-0001" {
		t.Errorf("run_id metadata %q", v)
	}

	r := parquet.NewGenericReader[HandRow](bytes.NewReader(data))
	defer r.Close()
	got := make([]HandRow, len(rows))
	if m, err := r.Read(got); m != len(rows) {
		t.Fatalf("read %d rows of %d: %v", m, len(rows), err)
	}
	for i := range rows {
		if g, w := mustJSON(t, got[i]), mustJSON(t, stored(rows[i])); g != w {
			t.Fatalf("row %d:\n got %s\nwant %s", i, g, w)
		}
	}
}

// stored is r as a reader gives it back: times in UTC to the microsecond.
func stored(r HandRow) HandRow {
	if !r.StartedAt.IsZero() {
		r.StartedAt = time.UnixMicro(r.StartedAt.UnixMicro()).UTC()
	}
	return r
}

// TestParquetWriterHandsSameBytes: hands.parquet as ParquetWriter writes it
// (rows built from results, batched, encoded by the column writer) is the
// file the generic writer makes of the same rows.
func TestParquetWriterHandsSameBytes(t *testing.T) {
	dir := t.TempDir()
	results := append(sampleResults(), manyResults(9000, 3)...)
	writeAll(t, NewParquet(), dir, testInfo(), results)
	got, err := os.ReadFile(filepath.Join(dir, "hands.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	want := writeHandsGeneric(t, expectedHandRows(results), parquetOptions(testInfo().normalized()))
	if !bytes.Equal(got, want) {
		t.Fatalf("hands.parquet: %d bytes, the generic writer's %d", len(got), len(want))
	}
}

// TestStakesMemo: the memoized stakes text is stakesString's, whatever the
// order of the hands and however their stakes collide in the memo.
func TestStakesMemo(t *testing.T) {
	var mem rowMem
	rng := rand.New(rand.NewPCG(3, 5))
	amounts := []hand.Amount{0, 1, 2, 5, 10, 25, 50, 100, 200, 1000, -5}
	// Few distinct stakes, so that most hands find theirs memoized, and
	// more than the memo holds, so that some do not.
	hands := make([]*hand.Hand, 60)
	for i := range hands {
		h := &hand.Hand{Scale: []int64{1, 100, 1000, 3}[rng.IntN(4)], Currency: []string{"", "USD", "EUR"}[rng.IntN(3)]}
		st := &h.Stakes
		st.SmallBlind, st.BigBlind = amounts[rng.IntN(len(amounts))], amounts[rng.IntN(len(amounts))]
		st.SmallBet, st.BigBet = amounts[rng.IntN(len(amounts))]*hand.Amount(rng.IntN(2)), amounts[rng.IntN(len(amounts))]*hand.Amount(rng.IntN(2))
		st.Ante, st.BringIn = amounts[rng.IntN(len(amounts))], amounts[rng.IntN(len(amounts))]*hand.Amount(rng.IntN(2))
		if i%17 == 0 {
			st.Straddles = []hand.Amount{amounts[rng.IntN(len(amounts))]}
		}
		hands[i] = h
	}
	for i := range 20000 {
		h := hands[rng.IntN(1+i%len(hands))]
		if got, want := mem.stakes(h), stakesString(h); got != want {
			t.Fatalf("hand %d %+v: stakes %q, want %q", i, h.Stakes, got, want)
		}
	}
}

// TestStakesMemoLast: a hand whose stakes differ from the previous
// hand's in one thing only (any amount, the scale, the currency, a
// straddle), or have no text, does not get the previous hand's text.
func TestStakesMemoLast(t *testing.T) {
	var mem rowMem
	base := hand.Hand{Scale: 100, Currency: "USD"}
	base.Stakes = hand.Stakes{SmallBlind: 1, BigBlind: 2, SmallBet: 3, BigBet: 4, Ante: 5, BringIn: 6}
	changes := []func(h *hand.Hand){
		func(h *hand.Hand) { h.Stakes.SmallBlind = 7 },
		func(h *hand.Hand) { h.Stakes.BigBlind = 7 },
		func(h *hand.Hand) { h.Stakes.SmallBlind, h.Stakes.BigBlind, h.Stakes.SmallBet = 0, 0, 7 },
		func(h *hand.Hand) { h.Stakes.SmallBlind, h.Stakes.BigBlind, h.Stakes.BigBet = 0, 0, 7 },
		func(h *hand.Hand) { h.Stakes.Ante = 7 },
		func(h *hand.Hand) { h.Stakes.BringIn = 7 },
		func(h *hand.Hand) { h.Scale = 1 },
		func(h *hand.Hand) { h.Currency = "EUR" },
		func(h *hand.Hand) { h.Currency = "" },
		func(h *hand.Hand) { h.Stakes.Straddles = []hand.Amount{8} },
		func(h *hand.Hand) { h.Stakes = hand.Stakes{} }, // no text
	}
	for round := range 2 { // the second finds every text in the table
		for i, change := range changes {
			h := base
			change(&h)
			for j, x := range []*hand.Hand{&base, &h, &h, &base} {
				if got, want := mem.stakes(x), stakesString(x); got != want {
					t.Fatalf("round %d, change %d, hand %d: stakes %q, want %q", round, i, j, got, want)
				}
			}
		}
	}
}

// TestStakesMemoMany: with more distinct stakes than the memo keeps, the
// texts are still stakesString's, and the memo stays bounded.
func TestStakesMemoMany(t *testing.T) {
	var mem rowMem
	hands := make([]*hand.Hand, 3*stakesTextsMax)
	for i := range hands {
		h := &hand.Hand{Scale: 100, Currency: "USD"}
		h.Stakes.SmallBlind, h.Stakes.BigBlind = hand.Amount(i/2), hand.Amount(i)
		if i%2 == 1 {
			h.Scale, h.Currency = 1, "" // the same amounts, told apart by scale and currency only
		}
		hands[i] = h
	}
	grown := 0
	for round := range 3 {
		for i := range hands {
			h := hands[(i*7+round)%len(hands)]
			if got, want := mem.stakes(h), stakesString(h); got != want {
				t.Fatalf("round %d, hand %d %+v: stakes %q, want %q", round, i, h.Stakes, got, want)
			}
			if n := len(mem.stakesMemos.memos); n > stakesTextsMax {
				t.Fatalf("memo of %d stakes, more than %d", n, stakesTextsMax)
			} else if n == stakesTextsMax {
				grown++
			}
		}
	}
	if grown == 0 {
		t.Fatalf("the memo never grew to %d stakes", stakesTextsMax)
	}
}

// TestTextASCII: text's ASCII fast path agrees with UTF-8 validation.
func TestTextASCII(t *testing.T) {
	for _, s := range []string{"", "a", "abcdefg", "abcdefgh", "abcdefghi", "PokerStars Hand #1234567890",
		"é", "abcdefgé", "éabcdefgh", "abcdefghijklmnop\x80", "\xffabc", "erin\xff\xfe", "手牌-ไพ่", strings.Repeat("x", 63) + "\xc3"} {
		want := s
		if !utf8.ValidString(s) {
			want = strings.ToValidUTF8(s, "\uFFFD")
		}
		if got := text(s); got != want {
			t.Errorf("text(%q) = %q, want %q", s, got, want)
		}
		ascii := true
		for i := 0; i < len(s); i++ {
			ascii = ascii && s[i] < utf8.RuneSelf
		}
		if isASCII(s) != ascii {
			t.Errorf("isASCII(%q) = %v", s, !ascii)
		}
	}
}

// TestHandBatchAddResult checks that addResult, which fills the batch
// straight from a HandResult, gives the file that adding handRow's rows
// gives: for hands with every field set and every field empty, parse
// errors with and without a hand ID, and invalid UTF-8 in every string.
func TestHandBatchAddResult(t *testing.T) {
	results := append(sampleResults(), manyResults(3000, 7)...)
	bh := newBenchHands(20000)
	for i := range 200 {
		r := *bh.result(i * 97)
		h := *r.Hand
		r.Hand = &h
		results = append(results, &r)
	}
	bad := "\xff\xfebad"
	for i := range 40 {
		h, tr := buildHand(fmt.Sprintf("B-%d%s", i, bad[:i%3]), "T"+bad[:i%4], "", 0, t0.Add(time.Duration(i)*time.Hour), [3]string{"a", "b", "c"})
		h.Site, h.Currency, h.Format, h.Tournament = "Site"+bad[:i%5], "US"+bad[:i%3], "fmt"+bad[:i%2], bad[:i%4]
		h.Pos.File, h.Pos.Line, h.End = "f"+bad[:i%4], i%3, i%2*40
		switch i % 4 {
		case 0:
			h.Start, h.Scale = time.Time{}, 0
			h.Stakes = hand.Stakes{}
			h.Outcome.HasTotalPot, h.Outcome.HasRake = false, false
			tr.Supported = false
		case 1:
			h.Game.Variant, h.Game.Structure = hand.UnknownVariant, hand.UnknownStructure
			h.Stakes.Ante, h.Stakes.Straddles = 5, []hand.Amount{400}
			h.Outcome.HasRake, h.Outcome.Rake = true, 0
			tr = nil
		case 2:
			h.Stakes.SmallBlind, h.Stakes.BigBlind, h.Stakes.SmallBet, h.Stakes.BigBet = 0, 0, 200, 400
			h.Outcome.HasTotalPot, h.Outcome.TotalPot = true, -7
		}
		r := &HandResult{Hand: h, Trace: tr, Format: []string{"", "phh"}[i%2], File: []string{"", "given" + bad[:i%2]}[i%2], Line: i % 5}
		if i%3 == 0 {
			r.Findings = []checks.Finding{finding(h, "pot.total-mismatch", checks.Severity(i%3), -1, "m")}
		}
		results = append(results, r)
	}
	// Parse errors: no hand, an ID from a finding or none.
	for i := range 10 {
		r := &HandResult{File: "p" + bad[:i%3], Line: i % 2 * 9, Format: "pokerstars", Status: StatusParseError, Error: "line 9: " + bad[:i%4]}
		if i%2 == 0 {
			r.Findings = []checks.Finding{{CheckID: "parse", HandID: ""}, {CheckID: "parse", Severity: checks.Warning, HandID: "ID" + bad[:i%3]}}
		}
		results = append(results, r)
	}

	opts := parquetOptions(testInfo())
	encode := func(add func(b *handBatch, r *HandResult)) []byte {
		return writeHandsBatches(t, len(results), opts, 1000, func(b *handBatch, i int) { add(b, results[i]) })
	}
	var rowMemA, rowMemB rowMem
	want := encode(func(b *handBatch, r *HandResult) {
		row := handRow(r, &rowMemA)
		b.add(&row)
	})
	got := encode(func(b *handBatch, r *HandResult) { b.addResult(r, &rowMemB) })
	if !bytes.Equal(got, want) {
		t.Fatalf("addResult gives a different file (%d bytes, want %d)", len(got), len(want))
	}
	// And the generic writer's, with long runs of rows that have every
	// value (columns without a null in a batch are copied whole).
	var rowMemC rowMem
	rows := make([]HandRow, len(results))
	for i, r := range results {
		rows[i] = handRow(r, &rowMemC)
	}
	if generic := writeHandsGeneric(t, rows, opts); !bytes.Equal(got, generic) {
		t.Fatalf("addResult gives a different file than the generic writer (%d bytes, want %d)", len(got), len(generic))
	}
	// The rows, read back, are handRow's.
	rows, err := parquet.Read[HandRow](bytes.NewReader(got), int64(len(got)))
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != len(results) {
		t.Fatalf("%d rows, want %d", len(rows), len(results))
	}
	var mem rowMem
	for i, r := range results {
		if want := handRow(r, &mem); rows[i].HandID != want.HandID || rows[i].Table != want.Table || rows[i].Stakes != want.Stakes {
			t.Fatalf("row %d: %q %q %q, want %q %q %q", i, rows[i].HandID, rows[i].Table, rows[i].Stakes, want.HandID, want.Table, want.Stakes)
		}
	}
}

// TestInt64Bounds: int64Bounds finds the least and greatest value of any
// length of slice, wherever they are.
func TestInt64Bounds(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	for n := 1; n <= 40; n++ {
		for range 200 {
			values := make([]int64, n)
			for i := range values {
				values[i] = rng.Int64N(2001) - 1000
			}
			if rng.IntN(4) == 0 {
				values[rng.IntN(n)] = math.MinInt64
				values[rng.IntN(n)] = math.MaxInt64
			}
			wantLo, wantHi := slices.Min(values), slices.Max(values)
			if lo, hi := int64Bounds(values); lo != wantLo || hi != wantHi {
				t.Fatalf("int64Bounds(%v) = %d, %d; want %d, %d", values, lo, hi, wantLo, wantHi)
			}
		}
	}
}

// TestCommonPrefix compares commonPrefix, eight bytes at a time, with a
// byte-by-byte count, on pairs that differ at every position of values
// shorter and longer than a word, and where one is a prefix of the other.
func TestCommonPrefix(t *testing.T) {
	base := []byte("1001000012345678901234567890abcdef")
	for n := 0; n <= len(base); n++ {
		for m := 0; m <= len(base); m++ {
			for diff := -1; diff < min(n, m); diff++ {
				a, b := base[:n], bytes.Clone(base[:m])
				if diff >= 0 {
					b[diff] ^= 0x40
				}
				want := 0
				for want < n && want < m && a[want] == b[want] {
					want++
				}
				if got := commonPrefix(a, b); got != want {
					t.Fatalf("commonPrefix(%q, %q) = %d, want %d", a, b, got, want)
				}
			}
		}
	}
}

// TestIntDictionary: indexes are given in order of first appearance and
// found again after the table grows, for values that collide in few bits.
func TestIntDictionary(t *testing.T) {
	var d intDictionary
	want := map[int64]int32{}
	rng := rand.New(rand.NewPCG(3, 5))
	for round := range 2 {
		for i := range 20000 {
			v := int64(rng.IntN(5000)) << (i % 40)
			if i%7 == 0 {
				v = -v
			}
			got, added := d.index(v)
			w, seen := want[v]
			if !seen {
				w = int32(len(want))
				want[v] = w
			}
			if got != w || added == seen {
				t.Fatalf("round %d: index(%d) = %d, %v; want %d, %v", round, v, got, added, w, !seen)
			}
		}
		if len(d.values) != len(want) {
			t.Fatalf("%d values, want %d", len(d.values), len(want))
		}
		d.reset()
		clear(want)
	}
}

// TestAddIndexesRepeats: the dictionary indexes and definition levels the
// column stores are those of a plain lookup of every row, for values of
// every length the comparison of repeated values treats apart (empty, up
// to 3, 4 to 7, 8 to 16, longer), values of the same length and ends that
// differ only between them, and nulls, in runs and alternating, over
// chunks of every size.
func TestAddIndexesRepeats(t *testing.T) {
	long := strings.Repeat("x", 40)
	pool := []string{"", "a", "ab", "abc", "abd", "acb", "abcd", "abce", "abcdefg", "abcdefgh", "abcdefgi",
		"0.01/0.02 USD", "0.25/0.50 USD", "0123456789abcdef", "0123456789abcdeg",
		long, long[:20] + "y" + long[21:], long[:9] + "y" + long[10:], long + "z", "x" + long}
	rng := rand.New(rand.NewPCG(1, 2))
	for _, optional := range []bool{true, false} {
		values := make([]string, 5000)
		for i := range values {
			switch {
			case i > 0 && rng.IntN(3) > 0: // runs
				values[i] = values[i-1]
			default:
				values[i] = pool[rng.IntN(len(pool))]
			}
			values[i] = strings.Clone(values[i]) // equal, never the same bytes
		}
		var c pqColumn
		c.kind, c.optional, c.dict = colDict, optional, map[string]int32{}
		c.resetPage()
		for start := 0; start < len(values); {
			n := min(len(values)-start, 1+rng.IntN(70))
			c.addStrings(values[start : start+n])
			start += n
		}
		ref := map[string]int32{}
		var wantIdx []int32
		var wantDefs []byte
		for _, s := range values {
			if s == "" && optional {
				wantDefs = append(wantDefs, 0)
				continue
			}
			wantDefs = append(wantDefs, 1)
			i, ok := ref[s]
			if !ok {
				i = int32(len(ref))
				ref[s] = i
			}
			wantIdx = append(wantIdx, i)
		}
		if !slices.Equal(c.idx, wantIdx) {
			t.Fatalf("optional %v: indexes differ from a plain lookup's", optional)
		}
		if optional && !slices.Equal(c.defs, wantDefs) {
			t.Fatalf("optional %v: definition levels differ", optional)
		}
		if len(c.dictValues) != len(ref) || c.rows != len(values) || c.vals != len(wantIdx) {
			t.Fatalf("optional %v: %d entries, %d rows, %d values; want %d, %d, %d",
				optional, len(c.dictValues), c.rows, c.vals, len(ref), len(values), len(wantIdx))
		}
		// Every entry used is recorded once for the page's bounds.
		if got := slices.Sorted(slices.Values(c.pageEntries)); !slices.Equal(got, slices.Sorted(maps.Values(ref))) {
			t.Fatalf("optional %v: page entries %v", optional, got)
		}
	}
}

// TestAddIntIndexesRepeats: the indexes, definition levels and page
// entries an INT64 dictionary column stores, skipping the lookup of a
// value that repeats the previous row's, are those of a plain lookup of
// every row: for runs, alternating values, nulls between repeats, chunks
// of every size with and without nulls, and pages cut mid-run (a repeat
// after the cut must record its entry for the new page).
func TestAddIntIndexesRepeats(t *testing.T) {
	rng := rand.New(rand.NewPCG(4, 6))
	pool := []int64{0, 1, -1, 2, 100, 1 << 40, math.MinInt64, math.MaxInt64}
	const slot = 3
	for _, optional := range []bool{true, false} {
		n := 20000
		values := make([]int64, n)
		nulls := make([]uint16, n)
		for i := range values {
			switch {
			case i > 0 && rng.IntN(4) > 0: // runs
				values[i] = values[i-1]
			case rng.IntN(3) == 0: // many distinct values: the table grows
				values[i] = rng.Int64N(1 << 50)
			default:
				values[i] = pool[rng.IntN(len(pool))]
			}
			if optional && rng.IntN(5) == 0 {
				nulls[i] = 1 << slot
			}
			nulls[i] |= uint16(rng.IntN(2)) << (slot + 1) // other columns' bits
		}
		var c pqColumn
		c.kind, c.slot, c.optional = colIntDict, slot, optional
		c.resetPage()
		ref := map[int64]int32{}
		for start := 0; start < n; {
			k := min(n-start, 1+rng.IntN(200))
			chunk, chunkNulls := values[start:start+k], nulls[start:start+k]
			noNulls := true
			for _, m := range chunkNulls {
				noNulls = noNulls && m>>slot&1 == 0
			}
			c.addIntIndexes(chunk, chunkNulls, noNulls)
			start += k
			if rng.IntN(4) > 0 && start < n {
				continue
			}
			// The page is done: compare it with a plain lookup of its rows.
			var wantIdx []int32
			var wantDefs []byte
			used := map[int32]bool{}
			for i := start - c.rows; i < start; i++ {
				if nulls[i]>>slot&1 != 0 {
					wantDefs = append(wantDefs, 0)
					continue
				}
				wantDefs = append(wantDefs, 1)
				e, ok := ref[values[i]]
				if !ok {
					e = int32(len(ref))
					ref[values[i]] = e
				}
				wantIdx = append(wantIdx, e)
				used[e] = true
			}
			if !slices.Equal(c.idx, wantIdx) {
				t.Fatalf("optional %v, rows to %d: indexes differ from a plain lookup's", optional, start)
			}
			if optional && !slices.Equal(c.defs, wantDefs) {
				t.Fatalf("optional %v, rows to %d: definition levels differ", optional, start)
			}
			if got := slices.Sorted(slices.Values(c.pageEntries)); !slices.Equal(got, slices.Sorted(maps.Keys(used))) {
				t.Fatalf("optional %v, rows to %d: page entries %v, want %v", optional, start, got, slices.Sorted(maps.Keys(used)))
			}
			c.resetPage()
		}
		if !slices.Equal(c.intDict.values, slices.SortedFunc(maps.Keys(ref), func(a, b int64) int { return cmp.Compare(ref[a], ref[b]) })) {
			t.Fatalf("optional %v: dictionary values out of order", optional)
		}
		if len(c.dictPage) != 8*len(ref) || c.dictBytes != int64(8*len(ref)) || len(c.entryMarks) != len(ref) {
			t.Fatalf("optional %v: dictionary page of %d bytes (%d counted), %d marks; want %d entries",
				optional, len(c.dictPage), c.dictBytes, len(c.entryMarks), len(ref))
		}
	}
}
