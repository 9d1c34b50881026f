package reports

import (
	"strings"
	"time"
	"unicode/utf8"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// FindingRow is one row of findings.parquet, findings.arrow and
// findings.jsonl (docs/schema.md). Empty strings and zero line, seat and
// scale are written as null; ActionIndex, Expected and Recorded are nil
// when absent because zero is a real value for them.
type FindingRow struct {
	CheckID     string    `parquet:"check_id,dict"`
	Severity    string    `parquet:"severity,dict"`
	Rule        string    `parquet:"rule,optional,dict"`
	Message     string    `parquet:"message"`
	HandID      string    `parquet:"hand_id,optional"`
	Table       string    `parquet:"table,optional,dict"`
	StartedAt   time.Time `parquet:"started_at,optional,timestamp(microsecond)"`
	File        string    `parquet:"file,optional,dict"`
	Line        int64     `parquet:"line,optional"`
	Street      string    `parquet:"street,optional,dict"`
	ActionIndex *int64    `parquet:"action_index,optional"`
	Seat        int64     `parquet:"seat,optional"`
	Player      string    `parquet:"player,optional,dict"`
	Expected    *int64    `parquet:"expected,optional"`
	Recorded    *int64    `parquet:"recorded,optional"`
	Currency    string    `parquet:"currency,optional,dict"`
	Scale       int64     `parquet:"scale,optional"`
}

// findingRowColumns names the columns of FindingRow in order.
var findingRowColumns = []string{"check_id", "severity", "rule", "message", "hand_id", "table",
	"started_at", "file", "line", "street", "action_index", "seat", "player", "expected",
	"recorded", "currency", "scale"}

// HandRow is one row of hands.parquet and hands.arrow: one per hand read,
// so that a run can state its coverage. The INT64 columns that rise
// steadily (line numbers, start times) or mostly repeat (scale, finding
// counts) are delta-encoded: hands.parquet is about half the size it is
// with plain encoding, and cheaper to compress. So are hand IDs, which
// share most of their digits with the row before. parquet-go's delta tag
// does not take pointer fields: the nullable amounts of few values
// (stakes, players, rake) are dictionary-encoded, whose indexes zstd
// compresses twenty times faster than plain eight-byte values, and the
// pots, of many values, stay plain (a dictionary made the file larger).
// (BYTE_STREAM_SPLIT would be cheaper still, but DuckDB reads it only for
// floating-point columns.)
type HandRow struct {
	HandID          string    `parquet:"hand_id,optional,delta"`
	File            string    `parquet:"file,optional,dict"`
	Line            int64     `parquet:"line,optional,delta"`
	EndLine         int64     `parquet:"end_line,optional,delta"`
	Format          string    `parquet:"format,optional,dict"`
	Site            string    `parquet:"site,optional,dict"`
	Table           string    `parquet:"table,optional,dict"`
	StartedAt       time.Time `parquet:"started_at,optional,timestamp(microsecond),delta"`
	Tournament      string    `parquet:"tournament,optional,dict"`
	Game            string    `parquet:"game,optional,dict"`
	Structure       string    `parquet:"structure,optional,dict"`
	Stakes          string    `parquet:"stakes,optional,dict"`
	SmallBlind      *int64    `parquet:"small_blind,optional,dict"`
	BigBlind        *int64    `parquet:"big_blind,optional,dict"`
	Ante            *int64    `parquet:"ante,optional,dict"`
	Currency        string    `parquet:"currency,optional,dict"`
	Scale           int64     `parquet:"scale,optional,delta"`
	Players         *int64    `parquet:"players,optional,dict"`
	TotalPot        *int64    `parquet:"total_pot,optional"`
	ComputedPot     *int64    `parquet:"computed_pot,optional"`
	Rake            *int64    `parquet:"rake,optional,dict"`
	Findings        int64     `parquet:"findings,delta"`
	FindingsError   int64     `parquet:"findings_error,delta"`
	FindingsWarning int64     `parquet:"findings_warning,delta"`
	FindingsInfo    int64     `parquet:"findings_info,delta"`
	Status          string    `parquet:"status,dict"`
	Error           string    `parquet:"error,optional"`
}

var handRowColumns = []string{"hand_id", "file", "line", "end_line", "format", "site", "table",
	"started_at", "tournament", "game", "structure", "stakes", "small_blind", "big_blind", "ante",
	"currency", "scale", "players", "total_pot", "computed_pot", "rake", "findings",
	"findings_error", "findings_warning", "findings_info", "status", "error"}

// rowMem is a writer's reusable memory for building rows. It hands out
// *int64 from reusable blocks so that building a batch of rows does not
// allocate once per nullable value (pointers stay valid until reset), and
// keeps the stakes texts it made, which the hands of a table share.
type rowMem struct {
	blocks [][]int64 // reused after reset
	cur    int       // blocks in use
	block  []int64   // the last of them, block[used:] free
	used   int

	stakesBuf   []byte
	stakesMemos stakesTexts
}

// stakesTexts is a hash table of stakes texts by what they are made from
// (open addressing, linear probing). A run has a few dozen stakes at
// most, which the hands of a file visit in any order: all are kept, up
// to stakesTextsMax, past which the table starts again empty.
type stakesTexts struct {
	memos []stakesMemo // a power of two long, or nil; free where text is ""
	n     int          // memos in use
}

// stakesTextsMax bounds the table's length, and so its memory on input
// with thousands of stakes. A memo's place is the top bits of its hash,
// which the multiplication mixes all of the stakes into.
const (
	stakesTextsBits = 10
	stakesTextsMax  = 1 << stakesTextsBits
)

// stakesPlace is where probing for the stakes of hash starts, in a table
// of mask+1 memos.
func stakesPlace(hash uint64, mask int) int {
	return int(hash>>(64-stakesTextsBits)) & mask
}

// stakesMemo is a stakes text, what it was made from, and its stakesHash.
type stakesMemo struct {
	key  stakesKey
	hash uint64
	text string
}

// stakesKey is everything appendStakes reads, but straddles.
type stakesKey struct {
	smallBlind, bigBlind, smallBet, bigBet, ante, bringIn hand.Amount
	scale                                                 int64
	currency                                              string
}

// stakesHash mixes all of what appendStakes reads, but straddles: stakes
// often differ in one amount only, or only in scale or currency. The
// amounts are small: shifted apart, they seldom overlap.
func stakesHash(h *hand.Hand) uint64 {
	st := &h.Stakes
	x := uint64(st.SmallBlind) ^ uint64(st.BigBlind)<<8 ^ uint64(st.Ante)<<16 ^ uint64(st.SmallBet)<<24 ^
		uint64(st.BigBet)<<32 ^ uint64(st.BringIn)<<40 ^ uint64(h.Scale)<<48 ^ uint64(len(h.Currency))<<60
	if h.Currency != "" {
		x ^= uint64(h.Currency[0]) << 52
	}
	return x * 0x9e3779b97f4a7c15
}

// is reports whether k is what h's stakes are made from, amounts first:
// they tell stakes apart, and cost less to compare than the currency.
func (k *stakesKey) is(h *hand.Hand) bool {
	st := &h.Stakes
	return k.smallBlind == st.SmallBlind && k.bigBlind == st.BigBlind && k.ante == st.Ante &&
		k.smallBet == st.SmallBet && k.bigBet == st.BigBet && k.bringIn == st.BringIn &&
		k.scale == h.Scale && k.currency == h.Currency
}

// find returns the memo of h's stakes, whose stakesHash is hash, or the
// free one where it goes.
func (t *stakesTexts) find(h *hand.Hand, hash uint64) *stakesMemo {
	if t.memos == nil {
		t.memos = make([]stakesMemo, 64)
	}
	mask := len(t.memos) - 1
	for i := stakesPlace(hash, mask); ; i = (i + 1) & mask {
		if m := &t.memos[i]; m.text == "" || m.hash == hash && m.key.is(h) {
			return m
		}
	}
}

// add memoizes text (not empty) for h's stakes, in the free memo m that
// find returned, growing the table to keep it at most half full.
func (t *stakesTexts) add(m *stakesMemo, h *hand.Hand, hash uint64, text string) {
	st := &h.Stakes
	key := stakesKey{st.SmallBlind, st.BigBlind, st.SmallBet, st.BigBet, st.Ante, st.BringIn, h.Scale, h.Currency}
	*m = stakesMemo{key, hash, text}
	if t.n++; 2*t.n < len(t.memos) {
		return
	}
	old := t.memos
	t.memos, t.n = nil, 0
	if len(old) >= stakesTextsMax {
		return // start again, empty
	}
	t.memos = make([]stakesMemo, 2*len(old))
	for i := range old {
		if o := &old[i]; o.text != "" {
			mask := len(t.memos) - 1
			j := stakesPlace(o.hash, mask)
			for t.memos[j].text != "" {
				j = (j + 1) & mask
			}
			t.memos[j] = *o
			t.n++
		}
	}
}

// stakes is stakesString(h). A text is made (and allocated) only for
// stakes not met before: the tables of a file alternate, and formatting
// amounts costs more than comparing them.
func (s *rowMem) stakes(h *hand.Hand) string {
	st := &h.Stakes
	if len(st.Straddles) > 0 {
		return stakesString(h) // rare: not worth a memo
	}
	hash := stakesHash(h)
	// Nearly every hand finds its stakes memoized: they are looked up
	// here, as find would, without a call.
	t := &s.stakesMemos
	if mask := len(t.memos) - 1; mask >= 0 {
		for i := stakesPlace(hash, mask); t.memos[i].text != ""; i = (i + 1) & mask {
			if m := &t.memos[i]; m.hash == hash && m.key.is(h) {
				return m.text
			}
		}
	}
	return s.newStakes(h, hash)
}

// newStakes makes the text of h's stakes, whose stakesHash is hash, and
// memoizes it (but the empty text): stakes has not found it memoized.
func (s *rowMem) newStakes(h *hand.Hand, hash uint64) string {
	m := s.stakesMemos.find(h, hash)
	s.stakesBuf = appendStakes(s.stakesBuf[:0], h)
	text := string(s.stakesBuf)
	if text != "" {
		s.stakesMemos.add(m, h, hash, text)
	}
	return text
}

func (s *rowMem) ptr(v int64) *int64 {
	if s.used == len(s.block) {
		s.nextBlock()
	}
	p := &s.block[s.used]
	*p = v
	s.used++
	return p
}

func (s *rowMem) nextBlock() {
	if s.cur == len(s.blocks) {
		s.blocks = append(s.blocks, make([]int64, 4096))
	}
	s.block, s.used = s.blocks[s.cur], 0
	s.cur++
}

// reset lets the slab reuse its blocks once the rows pointing into them are written.
func (s *rowMem) reset() {
	s.cur, s.block, s.used = 0, nil, 0
}

// utc returns t in UTC, keeping the zero time zero.
func utc(t time.Time) time.Time {
	if t.IsZero() {
		return t
	}
	return t.UTC()
}

// text returns s as valid UTF-8: input logs may hold any bytes, and every
// output format requires UTF-8 strings.
func text(s string) string {
	if isASCII(s) {
		return s
	}
	return validText(s)
}

func validText(s string) string {
	if utf8.ValidString(s) {
		return s
	}
	return strings.ToValidUTF8(s, "\uFFFD")
}

// isASCII reports whether s is all ASCII, eight bytes at a time: every
// row checks several short strings, which utf8.ValidString would mostly
// go through a byte at a time.
func isASCII(s string) bool {
	if len(s) < 8 {
		for i := 0; i < len(s); i++ {
			if s[i] >= utf8.RuneSelf {
				return false
			}
		}
		return true
	}
	const high = 0x8080808080808080
	acc := word(s[len(s)-8:]) // the last eight, overlapping the loop's
	for ; len(s) >= 8; s = s[8:] {
		acc |= word(s)
	}
	return acc&high == 0
}

// word is the first eight bytes of s, little-endian (one load).
func word[T string | []byte](s T) uint64 {
	_ = s[7]
	return uint64(s[0]) | uint64(s[1])<<8 | uint64(s[2])<<16 | uint64(s[3])<<24 |
		uint64(s[4])<<32 | uint64(s[5])<<40 | uint64(s[6])<<48 | uint64(s[7])<<56
}

// filled returns a copy of f with what the finding leaves empty taken from
// its hand: hand ID, table, start, currency, scale, file and line.
func filled(f *checks.Finding, r *HandResult) checks.Finding {
	g := *f
	if h := r.Hand; h != nil {
		if g.HandID == "" {
			g.HandID = h.ID
		}
		if g.Table == "" {
			g.Table = h.Table
		}
		if g.StartedAt.IsZero() {
			g.StartedAt = h.Start
		}
		if g.Currency == "" {
			g.Currency = h.Currency
		}
		if g.Scale == 0 {
			g.Scale = h.Scale
		}
	}
	if g.File == "" {
		g.File = r.File
	}
	if g.Line == 0 {
		g.Line = r.Line
	}
	return g
}

// findingRow builds the row for f; r supplies what the finding leaves empty.
func findingRow(f *checks.Finding, r *HandResult, slab *rowMem) FindingRow {
	g := filled(f, r)
	row := FindingRow{
		CheckID:   text(g.CheckID),
		Severity:  g.Severity.String(),
		Rule:      text(g.Rule),
		Message:   text(g.Message),
		HandID:    text(g.HandID),
		Table:     text(g.Table),
		StartedAt: utc(g.StartedAt),
		File:      text(g.File),
		Line:      int64(g.Line),
		Street:    text(g.Street),
		Seat:      int64(g.Seat),
		Player:    text(g.Player),
		Currency:  text(g.Currency),
		Scale:     g.Scale,
	}
	if g.ActionIndex >= 0 {
		row.ActionIndex = slab.ptr(int64(g.ActionIndex))
	}
	if g.HasExpected {
		row.Expected = slab.ptr(int64(g.Expected))
	}
	if g.HasRecorded {
		row.Recorded = slab.ptr(int64(g.Recorded))
	}
	return row
}

// handRow builds the hands-table row for r.
func handRow(r *HandResult, slab *rowMem) (row HandRow) {
	fillHandRow(&row, r, slab)
	return row
}

// fillHandRow sets *row to the hands-table row for r, as handRow returns
// it: for a writer that copies the row at once, without a copy of its own.
func fillHandRow(row *HandRow, r *HandResult, slab *rowMem) {
	*row = HandRow{
		File:   r.File,
		Line:   int64(r.Line),
		Format: r.Format,
		Status: r.status(),
		Error:  text(r.Error),
	}
	handFields(row, r, slab)
	row.HandID, row.File, row.Format, row.Site = text(row.HandID), text(row.File), text(row.Format), text(row.Site)
	row.Table, row.Tournament, row.Currency = text(row.Table), text(row.Tournament), text(row.Currency)
}

// handFields sets the fields of row that come from r's findings and hand.
func handFields(row *HandRow, r *HandResult, slab *rowMem) {
	var counts severityCounts
	for i := range r.Findings {
		counts.add(r.Findings[i].Severity)
	}
	row.Findings = int64(len(r.Findings))
	row.FindingsInfo, row.FindingsWarning, row.FindingsError = counts[checks.Info], counts[checks.Warning], counts[checks.Error]
	h := r.Hand
	if h == nil {
		// An unreadable hand: its parse error may still name it, which
		// lets a regulator match the row with the site's own records.
		for i := range r.Findings {
			if id := r.Findings[i].HandID; id != "" {
				row.HandID = id
				break
			}
		}
		return
	}
	row.HandID = h.ID
	if row.File == "" {
		row.File = h.Pos.File
	}
	if row.Line == 0 {
		row.Line = int64(h.Pos.Line)
	}
	row.EndLine = int64(h.End)
	if row.Format == "" {
		row.Format = h.Format
	}
	row.Site = h.Site
	row.Table = h.Table
	row.StartedAt = utc(h.Start)
	row.Tournament = h.Tournament
	if h.Game.Variant != hand.UnknownVariant {
		row.Game = h.Game.Variant.String()
	}
	if h.Game.Structure != hand.UnknownStructure {
		row.Structure = h.Game.Structure.String()
	}
	row.Stakes = slab.stakes(h)
	st := &h.Stakes
	if st.SmallBlind != 0 {
		row.SmallBlind = slab.ptr(int64(st.SmallBlind))
	}
	if st.BigBlind != 0 {
		row.BigBlind = slab.ptr(int64(st.BigBlind))
	}
	if st.Ante != 0 {
		row.Ante = slab.ptr(int64(st.Ante))
	}
	row.Currency = h.Currency
	row.Scale = h.Scale
	row.Players = slab.ptr(int64(len(h.Seats)))
	if h.Outcome.HasTotalPot {
		row.TotalPot = slab.ptr(int64(h.Outcome.TotalPot))
	}
	if t := r.Trace; t != nil && t.Supported {
		row.ComputedPot = slab.ptr(int64(t.TotalPot))
	}
	if h.Outcome.HasRake {
		row.Rake = slab.ptr(int64(h.Outcome.Rake))
	}
}

// stakesString describes the forced bets in currency units: "0.50/1.00",
// with " ante 0.10" and straddles when present, and the currency code.
func stakesString(h *hand.Hand) string { return string(appendStakes(nil, h)) }

func appendStakes(b []byte, h *hand.Hand) []byte {
	st := &h.Stakes
	scale := h.Scale
	start := len(b)
	switch {
	case st.SmallBlind != 0 || st.BigBlind != 0:
		b = appendAmount(b, st.SmallBlind, scale)
		b = append(b, '/')
		b = appendAmount(b, st.BigBlind, scale)
		for _, str := range st.Straddles {
			b = append(b, '/')
			b = appendAmount(b, str, scale)
		}
	case st.SmallBet != 0 || st.BigBet != 0:
		b = appendAmount(b, st.SmallBet, scale)
		b = append(b, '/')
		b = appendAmount(b, st.BigBet, scale)
	}
	if st.Ante != 0 {
		if len(b) > start {
			b = append(b, ' ')
		}
		b = append(b, "ante "...)
		b = appendAmount(b, st.Ante, scale)
	}
	if st.BringIn != 0 {
		if len(b) > start {
			b = append(b, ' ')
		}
		b = append(b, "bring-in "...)
		b = appendAmount(b, st.BringIn, scale)
	}
	if len(b) > start && h.Currency != "" {
		b = append(b, ' ')
		b = append(b, h.Currency...)
	}
	return b
}
