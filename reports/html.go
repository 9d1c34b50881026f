package reports

import (
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"fmt"
	"html"
	"io"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

//go:embed html/report.css
var reportCSS string

//go:embed html/report.js
var reportJS string

// The Content-Security-Policy allows exactly the report's own inline
// style and script, by hash, and nothing else: no network, no injected
// script even if escaping ever failed.
var reportCSP = "default-src 'none'; script-src " + cspHash(reportJS) + "; style-src " + cspHash(reportCSS) +
	"; img-src data:; base-uri 'none'; form-action 'none'"

func cspHash(s string) string {
	sum := sha256.Sum256([]byte(s))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// HTMLOptions bound what report.html keeps.
type HTMLOptions struct {
	// MaxHandViews is how many flagged hands get a full hand view
	// (default DefaultHandViews): the worst (viewRank), the first in input
	// order among equals. Every other row of the findings table gives the
	// `audit explain` command that shows its hand.
	MaxHandViews int
	// MaxFindings is how many findings the findings table lists (default
	// 200,000); the summary counts every finding.
	MaxFindings int
	// NoHandViews leaves hand views out and says so on the page.
	NoHandViews bool
	// StoredViews, when set, gives the hands their views from other
	// reports instead of building them: a merged report is rebuilt from
	// the shards' tables, which keep no actions, and takes the views the
	// shards' reports hold (by the view's file and line).
	StoredViews func(file string, line int) (StoredView, bool)
	// MaxSessionViews is how many table sessions get a view (default
	// DefaultSessionViews): those with the most session findings, the
	// first among equals. The others are counted, and in sessions.parquet.
	MaxSessionViews int
	// Rulings, if set, writes the rulings the hand views of the
	// MaxRulings worst hands (viewRank; default DefaultRulings, at most
	// MaxHandViews) link to, beside report.html at RulingPath.
	Rulings    Rulings
	MaxRulings int
	// OpenHand gives every hand a view, clean or not, and opens the first
	// one when the page loads: `audit explain --format html` shows its one
	// hand this way.
	OpenHand bool
}

// DefaultHandViews is how many flagged hands get a hand view by default.
const DefaultHandViews = 2000

// DefaultRulings is how many of the worst hands with a view get a ruling
// written beside the report by default: a ruling costs about as much to
// write as 30 to 40 hands cost to audit (docs/explain-html.md).
const DefaultRulings = 50

// Rulings writes the rulings (the document of audit explain --format
// html) the hand views of a report link to, beside report.html.
type Rulings interface {
	// Keep is called as view n's hand r becomes one of the MaxRulings
	// worst of the run so far (for a stored view, r holds what the tables
	// keep): the ruling would go at path (RulingPath, relative to
	// report.html). It reports false when the hand can have none.
	Keep(n int, r *HandResult, path string, stored bool) (bool, error)
	// Drop says that view n was pushed out by worse hands.
	Drop(n int)
	// Write writes the rulings of the views ns, those kept at the end, and
	// reports which it wrote: the views of those link to them. Close calls
	// it once, before it writes the page.
	Write(ns []int) ([]bool, error)
}

// HTMLWriter writes report.html: one self-contained page with the run's
// summary, a filterable findings table and hand views. Findings rows and
// hand views are spooled to temporary files in the output directory as
// they come, so memory stays bounded; the page is assembled on Close.
type HTMLWriter struct {
	opts HTMLOptions
	info RunInfo
	dir  string

	out      *atomicFile
	findings *tempSpool // finding arrays, comma separated
	hands    *tempSpool // flagged-hand entries, comma separated
	views    *tempSpool // one <script type="application/json"> per hand view candidate
	settled  *tempSpool // settlement arrays, comma separated
	sessions *tempSpool // session hands' records (spoolSessionHand), made at the first

	strs     interner // strings referenced by index from the data
	rules    interner // rule citations, quoted once each
	ruleText map[string][2]string

	handsRead, handsClean, handsFlagged, parseErrors int64
	notAudited                                       []NotAudited
	sev                                              severityCounts
	listed, flagged, withFindings                    int
	// The hands whose views are kept: at most MaxHandViews, the worst
	// seen so far at the top of a heap of candidates, whose views are in
	// the views spool (viewsSize bytes so far); Close copies the kept ones.
	viewHeap   viewHeap
	candidates int
	viewsSize  int64
	// Settlement rows listed (at most MaxFindings), as settlements.parquet
	// has them.
	settler     settler
	settledRows int
	// The table sessions ended (EndSession), those with session
	// findings, and the summaries of those kept for a view.
	sessionsEnded, sessionsFlagged int
	sessionHeap                    sessionHeap
	sessRec, sessHead              []byte // scratch of spoolSessionHand
	// The views whose hands get a ruling: the MaxRulings worst, and each
	// one's path; on Close, those the Rulings wrote.
	rulingHeap viewHeap
	rulingPath map[int]string
	rulings    []int
	byCheck    map[string]*checkTally
	byTable    map[string]*severityCounts
	byDay      map[string]*int64
	undated    int64
	span       timeSpan

	// Lookups a flagged hand would repeat: a run's hands come file by
	// file, mostly table by table, and its findings day by day.
	fileStr, tableStr lastID
	lastTable         string
	lastTableCounts   *severityCounts
	today             dayTally
	tallies           []*checkTally // of the hand's findings, in order

	jw jsonWriter

	// Scratch of writeView: the seats' names as JSON strings, end to end,
	// and where each ends; the last plain reason (appendReason).
	names       []byte
	nameEnds    []int
	plainReason string
}

// NewHTML returns a writer for report.html.
func NewHTML(opts HTMLOptions) *HTMLWriter {
	if opts.MaxHandViews <= 0 {
		opts.MaxHandViews = DefaultHandViews
	}
	if opts.MaxFindings <= 0 {
		opts.MaxFindings = 200000
	}
	if opts.MaxSessionViews <= 0 {
		opts.MaxSessionViews = DefaultSessionViews
	}
	if opts.MaxRulings <= 0 {
		opts.MaxRulings = DefaultRulings
	}
	opts.MaxRulings = min(opts.MaxRulings, opts.MaxHandViews)
	return &HTMLWriter{opts: opts}
}

// interner numbers distinct strings in first-seen order.
type interner struct {
	m    map[string]int
	list []string
	// recent caches strings looked up, by endsSlot: a flagged hand's
	// findings name a few streets and players, mostly seen just before,
	// and the map of a run's names is large and cold. It holds list's own
	// strings, never the callers'.
	recent [1 << recentBits]internedString
}

// internedString is a string of an interner's list and its ID (+1; 0 for none).
type internedString struct {
	s  string
	id int
}

func (in *interner) id(s string) int {
	var slot *internedString
	if s != "" {
		head, tail := ends(s) // as pqColumn.recent
		slot = &in.recent[endsSlot(head, tail, len(s))]
		if slot.id > 0 && slot.s == s {
			return slot.id - 1
		}
	}
	i, ok := in.m[s]
	if !ok {
		if in.m == nil {
			in.m = make(map[string]int)
		}
		i = len(in.list)
		in.m[s] = i
		in.list = append(in.list, s)
	}
	if slot != nil {
		*slot = internedString{in.list[i], i + 1}
	}
	return i
}

// Open creates the output and spool files in dir.
func (w *HTMLWriter) Open(dir string, info RunInfo) (err error) {
	w.info = info.normalized()
	w.dir = dir
	w.byCheck = make(map[string]*checkTally)
	w.byTable = make(map[string]*severityCounts)
	w.byDay = make(map[string]*int64)
	w.ruleText = make(map[string][2]string)
	for _, c := range w.info.Checks {
		if c.Rule != "" && (c.RuleText != "" || c.RuleTextZH != "") {
			w.ruleText[c.Rule] = [2]string{c.RuleText, c.RuleTextZH}
		}
	}
	for _, q := range w.info.Rules {
		w.ruleText[q.Citation] = [2]string{q.Text, q.TextZH}
	}
	if w.out, err = createAtomic(dir, "report.html", info.Digests); err != nil {
		return err
	}
	for _, s := range []**tempSpool{&w.findings, &w.hands, &w.views, &w.settled} {
		if *s, err = createSpool(dir, "report.html"); err != nil {
			_ = w.Abort()
			return err
		}
	}
	return nil
}

// WriteHand counts the hand and, if it has findings, records them; a
// hand of a table session is spooled for the session views.
func (w *HTMLWriter) WriteHand(r *HandResult) error {
	if w.out == nil {
		return fmt.Errorf("reports: html writer not open")
	}
	view, err := w.writeHand(r)
	if err == nil && r.Session != nil && r.Session.Run > 0 && !w.opts.OpenHand {
		err = w.spoolSessionHand(r, view)
	}
	return err
}

// writeHand is WriteHand but the session record; it returns the number
// of the hand's view (-1: none).
func (w *HTMLWriter) writeHand(r *HandResult) (int, error) {
	w.handsRead++
	h := r.Hand
	dated := h != nil && !h.Start.IsZero()
	if dated {
		w.span.add(h.Start)
	}
	switch r.status() {
	case StatusParseError:
		w.parseErrors++
	case StatusClean:
		w.handsClean++
	default:
		w.handsFlagged++
	}
	if len(r.Findings) == 0 && !w.opts.OpenHand {
		return -1, nil
	}
	if len(r.Findings) > 0 {
		w.withFindings++
	}
	var start time.Time
	if dated {
		start = h.Start.UTC()
	}
	table := ""
	if h != nil {
		table = visible(h.Table)
	}
	w.tallies = w.tallies[:0]
	for i := range r.Findings {
		f := &r.Findings[i]
		w.sev.add(f.Severity)
		c := w.byCheck[f.CheckID]
		if c == nil {
			c = &checkTally{str: -1}
			w.byCheck[f.CheckID] = c
		}
		c.counts.add(f.Severity)
		w.tallies = append(w.tallies, c)
		t := table
		if f.Table != "" {
			t = visible(f.Table)
		}
		w.tableCounts(t).add(f.Severity)
		day := start
		if !f.StartedAt.IsZero() {
			day = f.StartedAt.UTC()
		}
		if day.IsZero() {
			w.undated++
		} else {
			*w.today.count(w.byDay, day)++
		}
	}
	if w.listed >= w.opts.MaxFindings {
		return -1, nil
	}

	// The flagged hand's entry: [id, table, file, line, start, view, findings].
	handIdx := w.flagged
	w.flagged++
	view := -1
	var stored StoredView
	hasView := h != nil && !w.opts.NoHandViews
	if hasView && w.opts.StoredViews != nil {
		file := r.File
		if file == "" {
			file = h.Pos.File
		}
		stored, hasView = w.opts.StoredViews(visible(file), max(r.Line, h.Pos.Line))
	}
	if hasView {
		rank := rankOf(r.Findings, h, handIdx)
		if len(w.viewHeap) < w.opts.MaxHandViews || w.viewHeap[0].rank.below(rank) {
			// A candidate: its view is spooled, and kept unless worse
			// hands push it out before the end.
			view = w.candidates
			w.candidates++
			var n int64
			var err error
			if stored.JSON != nil {
				n, err = w.writeStoredView(view, stored)
			} else {
				n, err = w.writeView(view, r)
			}
			if err != nil {
				return -1, err
			}
			w.viewHeap.push(viewCand{rank: rank, n: view, off: w.viewsSize, size: n})
			w.viewsSize += n
			if len(w.viewHeap) > w.opts.MaxHandViews {
				w.viewHeap.pop()
			}
			if err := w.keepRuling(view, rank, r, stored.JSON != nil); err != nil {
				return -1, err
			}
		}
	}
	jw := &w.jw
	jw.reset()
	if handIdx > 0 {
		jw.b = append(jw.b, ',')
	}
	jw.beginArray()
	id, file, line := "", r.File, r.Line
	if h != nil {
		id = h.ID
		if file == "" {
			file = h.Pos.File
		}
		if line == 0 {
			line = h.Pos.Line
		}
	}
	jw.str(visible(id))
	jw.int(int64(w.tableStr.id(&w.strs, table)))
	jw.int(int64(w.fileStr.id(&w.strs, visible(file))))
	jw.int(int64(line))
	if start.IsZero() {
		jw.null()
	} else {
		jw.time(start)
	}
	jw.int(int64(view))
	jw.int(int64(len(r.Findings)))
	jw.endArray()
	if _, err := w.hands.Write(jw.b); err != nil {
		return -1, err
	}

	if err := w.writeSettlements(handIdx, r); err != nil {
		return -1, err
	}

	// Finding rows: [hand, check, severity, player, street, action, message, expected, recorded, rule, seat].
	jw.reset()
	for i := range r.Findings {
		if w.listed >= w.opts.MaxFindings {
			break
		}
		f := &r.Findings[i]
		if w.listed > 0 {
			jw.b = append(jw.b, ',')
		}
		w.listed++
		scale, cur := findingScale(f, h)
		c := w.tallies[i]
		if c.str < 0 {
			c.str = w.strs.id(visible(f.CheckID))
		}
		jw.beginArray()
		jw.int(int64(handIdx))
		jw.int(int64(c.str))
		jw.int(int64(f.Severity))
		jw.int(int64(w.strs.id(visible(f.Player))))
		jw.int(int64(w.strs.id(visible(f.Street))))
		jw.int(int64(f.ActionIndex))
		jw.str(visible(f.Message))
		if f.HasExpected {
			jw.amtCur(f.Expected, scale, cur)
		} else {
			jw.null()
		}
		if f.HasRecorded {
			jw.amtCur(f.Recorded, scale, cur)
		} else {
			jw.null()
		}
		jw.int(int64(c.ruleID(w, f.Rule)))
		jw.int(int64(f.Seat))
		jw.endArray()
	}
	_, err := w.findings.Write(jw.b)
	return view, err
}

// checkTally is what a check's findings add up to, with the check's ID
// in strs and its last rule's ID kept: a finding's check is looked up
// once.
type checkTally struct {
	counts severityCounts
	str    int    // the ID in strs, -1 until a finding of the check is listed
	rule   lastID // in w.rules: a check mostly cites one rule
}

// ruleID is w.ruleID(rule), remembered for the check's last rule.
func (c *checkTally) ruleID(w *HTMLWriter, rule string) int {
	if rule == "" {
		return -1
	}
	return c.rule.id(&w.rules, visible(rule))
}

// lastID interns strings, remembering the last one's ID.
type lastID struct {
	s  string
	n  int
	ok bool
}

func (c *lastID) id(in *interner, s string) int {
	if !c.ok || s != c.s {
		c.s, c.n, c.ok = s, in.id(s), true
	}
	return c.n
}

// tableCounts is byTable[t], made if need be.
func (w *HTMLWriter) tableCounts(t string) *severityCounts {
	if w.lastTableCounts != nil && t == w.lastTable {
		return w.lastTableCounts
	}
	tc := w.byTable[t]
	if tc == nil {
		tc = new(severityCounts)
		w.byTable[t] = tc
	}
	w.lastTable, w.lastTableCounts = t, tc
	return tc
}

// dayTally finds the count of a UTC day in a by-day map, keyed
// "2006-01-02", remembering the last day's.
type dayTally struct {
	from, to int64 // the day's Unix seconds, [from, to)
	n        *int64
}

func (d *dayTally) count(byDay map[string]*int64, day time.Time) *int64 {
	sec := day.Unix()
	if d.n != nil && sec >= d.from && sec < d.to {
		return d.n
	}
	key := day.Format("2006-01-02")
	n := byDay[key]
	if n == nil {
		n = new(int64)
		byDay[key] = n
	}
	const daySecs = 24 * 60 * 60
	d.from = sec - (sec%daySecs+daySecs)%daySecs // UTC days start at multiples
	d.to, d.n = d.from+daySecs, n
	return n
}

// timeSpan is the first and last of a run's start times, as Unix
// seconds and nanoseconds (cheaper to compare than time.Time's).
type timeSpan struct {
	set                 bool
	firstSec, lastSec   int64
	firstNsec, lastNsec int
}

// zeroUnix is the zero time.Time's Unix seconds: the last start is
// compared with it before any is seen, as it was with a zero time.Time.
var zeroUnix = time.Time{}.Unix()

func (s *timeSpan) add(t time.Time) {
	sec, nsec := t.Unix(), t.Nanosecond()
	if !s.set {
		s.set = true
		s.firstSec, s.firstNsec = sec, nsec
		s.lastSec, s.lastNsec = zeroUnix, 0
	} else if sec < s.firstSec || sec == s.firstSec && nsec < s.firstNsec {
		s.firstSec, s.firstNsec = sec, nsec
	}
	if sec > s.lastSec || sec == s.lastSec && nsec > s.lastNsec {
		s.lastSec, s.lastNsec = sec, nsec
	}
}

func (s *timeSpan) first() time.Time { return time.Unix(s.firstSec, int64(s.firstNsec)).UTC() }
func (s *timeSpan) last() time.Time  { return time.Unix(s.lastSec, int64(s.lastNsec)).UTC() }

// ruleID interns a rule citation; -1 for none.
func (w *HTMLWriter) ruleID(rule string) int {
	if rule == "" {
		return -1
	}
	return w.rules.id(visible(rule))
}

func findingScale(f *checks.Finding, h *hand.Hand) (int64, string) {
	scale, cur := f.Scale, f.Currency
	if h != nil {
		if scale == 0 {
			scale = h.Scale
		}
		if cur == "" {
			cur = h.Currency
		}
	}
	return scale, cur
}

// FormatAmount is an amount as every report writes a finding's expected
// and recorded amounts: in major units at scale, without grouping, then
// the currency code if there is one ("1234.50 USD"; "7/3" at a scale that
// is not a power of ten). The dispute analyzer prints a finding's amounts
// this way when the finding's scale is not the hand's.
func FormatAmount(a hand.Amount, scale int64, cur string) string {
	var buf [64]byte
	return string(appendAmountCur(buf[:0], a, scale, cur))
}

// appendAmountCur appends FormatAmount's text.
func appendAmountCur(b []byte, a hand.Amount, scale int64, cur string) []byte {
	b = appendAmount(b, a, scale)
	if cur != "" {
		b = append(b, ' ')
		b = append(b, cur...)
	}
	return b
}

func cardsString(cs []cards.Card) string {
	return string(appendCards(nil, cs))
}

// appendCards appends cs as cardsString prints them, "Ah Td ??".
func appendCards(b []byte, cs []cards.Card) []byte {
	for i, c := range cs {
		if i > 0 {
			b = append(b, ' ')
		}
		if !c.Known() {
			b = append(b, "??"...)
			continue
		}
		b = append(b, c.Rank().String()...) // c.String() without allocating
		b = append(b, c.Suit().String()...)
	}
	return b
}

// quoteNames escapes the names of h's seats, quotes included, for
// quotedName.
func (w *HTMLWriter) quoteNames(h *hand.Hand) {
	w.names, w.nameEnds = w.names[:0], w.nameEnds[:0]
	for i := range h.Seats {
		w.names = appendJSONString(w.names, visible(h.Seats[i].Player))
		w.nameEnds = append(w.nameEnds, len(w.names))
	}
}

// quotedName is the JSON string of the name of the player in seat index
// i, h.PlayerName(i) as quoteNames escaped it: `""` for no player.
func (w *HTMLWriter) quotedName(i int) []byte {
	if i < 0 || i >= len(w.nameEnds) {
		return []byte(`""`)
	}
	start := 0
	if i > 0 {
		start = w.nameEnds[i-1]
	}
	return w.names[start:w.nameEnds[i]]
}

// appendReason appends the engine's reason s escaped. Most reasons are
// the same few literals, and the last that needed no escaping is kept,
// so that it is copied without the scan next time.
func (w *HTMLWriter) appendReason(b []byte, s string) []byte {
	if s == w.plainReason {
		return append(b, s...)
	}
	n := len(b)
	b = appendJSONText(b, s)
	if len(b)-n == len(s) { // escaping only ever lengthens
		w.plainReason = s
	}
	return b
}

// writeView spools the hand view of r as JSON in its own script block, so
// that the page parses a hand's data only when it is opened, and returns
// its size in bytes.
func (w *HTMLWriter) writeView(n int, r *HandResult) (int64, error) {
	h := r.Hand
	t := r.Trace
	replayed := t != nil && t.Supported
	scale := h.Scale
	name := func(i int) string { return visible(h.PlayerName(i)) }

	jw := &w.jw
	jw.reset()
	jw.b = append(jw.b, `<script type="application/json" id="hv-`...)
	jw.b = appendInt(jw.b, int64(n))
	jw.b = append(jw.b, `">`...)
	jw.beginObject()
	jw.kstr("id", visible(h.ID))
	jw.kstr("table", visible(h.Table))
	file := r.File
	if file == "" {
		file = h.Pos.File
	}
	jw.kstr("file", visible(file))
	jw.kint("line", int64(max(r.Line, h.Pos.Line)))
	jw.kint("end", int64(h.End))
	jw.kstrOmit("site", visible(h.Site))
	jw.kstrOmit("format", visible(h.Format))
	if !h.Start.IsZero() {
		jw.key("start")
		jw.time(h.Start.UTC())
	}
	jw.key("game")
	jw.beginStr()
	jw.b = append(jw.b, h.Game.Variant.String()...)
	jw.b = append(jw.b, ' ')
	jw.b = append(jw.b, h.Game.Structure.String()...)
	jw.endPlainStr()
	jw.key("stakes")
	at := jw.beginStr()
	jw.b = appendStakes(jw.b, h)
	jw.endStr(at)
	jw.kstrOmit("currency", visible(h.Currency))
	jw.kint("button", int64(h.Button))
	if t != nil && !t.Supported {
		jw.kstr("unsupported", visible(t.Unsupported))
	}

	// Seats and steps, the bulk of a view, are appended to b directly:
	// literal keys with their quotes, commas and colons, numbers by
	// appendInt, and each seat's name escaped once (the steps repeat
	// them). The JSON is what jw's member calls would write.
	w.quoteNames(h)
	jw.key("seats")
	jw.beginArray()
	b := jw.b
	for i := range h.Seats {
		s := &h.Seats[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"n":`...)
		b = appendInt(b, int64(s.Number))
		b = append(b, `,"p":`...)
		b = append(b, w.quotedName(i)...)
		b = append(b, `,"stack":"`...)
		b = appendJSONAmount(b, s.Stack, scale)
		if h.Outcome.HasFinishingStacks && i < len(h.Outcome.FinishingStacks) {
			b = append(b, `","finRec":"`...)
			b = appendJSONAmount(b, h.Outcome.FinishingStacks[i], scale)
		}
		if replayed && i < len(t.FinishingStacks) {
			b = append(b, `","finCalc":"`...)
			b = appendJSONAmount(b, t.FinishingStacks[i], scale)
		}
		b = append(b, '"')
		if s.SittingOut {
			b = append(b, `,"out":true`...)
		}
		b = append(b, '}')
	}
	jw.b = b
	jw.endArray()

	jw.key("steps")
	jw.beginArray()
	b = jw.b
	for i := range h.Actions {
		a := &h.Actions[i]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, `{"i":`...)
		b = appendInt(b, int64(i))
		b = append(b, `,"line":`...)
		b = appendInt(b, int64(a.Pos.Line))
		// The kind as the rules read it: a call of nothing ("cc" in PHH
		// with no bet to call) is a check, as the explanation says.
		kind := a.Kind
		if replayed && i < len(t.Steps) {
			kind = t.Steps[i].Kind
		}
		b = append(b, `,"k":"`...)
		b = append(b, kind.String()...)
		if a.Kind == hand.Post && a.PostKind != 0 {
			b = append(b, ' ')
			b = append(b, a.PostKind.String()...)
		}
		b = append(b, '"')
		if p := w.quotedName(a.Player); len(p) > len(`""`) {
			b = append(b, `,"p":`...)
			b = append(b, p...)
		}
		switch a.Kind {
		case hand.Bet, hand.Raise:
			b = append(b, `,"to":"`...)
			b = appendJSONAmount(b, a.To, scale)
			b = append(b, '"')
			if a.HasAmount {
				b = append(b, `,"amt":"`...)
				b = appendJSONAmount(b, a.Amount, scale)
				b = append(b, '"')
			}
		case hand.Check:
		default:
			if kind != hand.Check && (a.HasAmount || a.Amount != 0) {
				b = append(b, `,"amt":"`...)
				b = appendJSONAmount(b, a.Amount, scale)
				b = append(b, '"')
			}
		}
		if len(a.Cards) > 0 {
			b = append(b, `,"cards":"`...)
			if replayed && i < len(t.Steps) && t.Steps[i].Up != 0 {
				b = AppendDealt(b, a.Cards, t.Steps[i].Up) // stud: "↑" before a card dealt face up
			} else {
				b = appendCards(b, a.Cards)
			}
			b = append(b, '"')
		}
		if a.AllIn {
			b = append(b, `,"allin":true`...)
		}
		if replayed && i < len(t.Steps) {
			st := &t.Steps[i]
			b = append(b, `,"st":"`...)
			b = append(b, st.Street.String()...)
			if st.Added != 0 {
				b = append(b, `","add":"`...)
				b = appendJSONAmount(b, st.Added, scale)
			}
			b = append(b, `","pot":"`...)
			b = appendJSONAmount(b, st.PotAfter, scale)
			b = append(b, '"')
			if a.Player >= 0 && a.Player < len(st.Stacks) {
				b = append(b, `,"stk":"`...)
				b = appendJSONAmount(b, st.Stacks[a.Player], scale)
				b = append(b, '"')
			}
			if st.Betting {
				// Words and amounts, and the engine's reason, escaped.
				win := &st.Window
				b = append(b, `,"win":"to call `...)
				b = appendJSONAmount(b, win.ToCall, scale)
				if win.MinRaiseTo > 0 {
					b = append(b, "; min raise to "...)
					b = appendJSONAmount(b, win.MinRaiseTo, scale)
					b = append(b, "; max "...)
					b = appendJSONAmount(b, win.MaxRaiseTo, scale)
				} else {
					b = append(b, "; no raise allowed"...)
				}
				if win.OpenReason != "" {
					b = append(b, "; "...)
					b = w.appendReason(b, win.OpenReason)
				}
				b = append(b, '"')
			}
			if st.Note != "" {
				b = append(b, `,"note":`...)
				b = appendJSONString(b, visible(st.Note))
			}
		}
		b = append(b, '}')
	}
	jw.b = b
	jw.endArray()

	jw.key("boards")
	jw.beginArray()
	for _, b := range h.Boards {
		jw.cards(b)
	}
	jw.endArray()

	jw.key("pots")
	jw.beginObject()
	if len(h.Outcome.Pots) > 0 {
		jw.key("rec")
		jw.beginArray()
		for _, p := range h.Outcome.Pots {
			jw.amt(p, scale)
		}
		jw.endArray()
	}
	if h.Outcome.HasTotalPot {
		jw.kamt("recTotal", h.Outcome.TotalPot, scale)
	}
	if h.Outcome.HasRake {
		jw.kamt("recRake", h.Outcome.Rake, scale)
	}
	if replayed {
		jw.key("calc")
		jw.beginArray()
		for _, p := range t.Pots {
			jw.beginObject()
			jw.kamt("amt", p.Amount, scale)
			jw.key("elig")
			at := jw.beginStr()
			for i, e := range p.Eligible {
				if i > 0 {
					jw.b = append(jw.b, ", "...)
				}
				jw.b = append(jw.b, name(e)...)
			}
			jw.endStr(at)
			jw.endObject()
		}
		jw.endArray()
		jw.kamt("calcTotal", t.TotalPot, scale)
		jw.kamt("calcRake", t.Rake, scale)
	}
	jw.endObject()

	if replayed {
		jw.key("awards")
		jw.beginArray()
		for _, a := range t.Awards {
			jw.beginObject()
			jw.kint("pot", int64(a.Pot))
			jw.kint("board", int64(a.Board))
			jw.kstr("p", name(a.Player))
			jw.kamt("amt", a.Amount, scale)
			half := ""
			switch a.Half {
			case replay.High:
				half = "high"
			case replay.Low:
				half = "low"
			}
			jw.kstrOmit("half", half)
			if a.OddChip != 0 {
				jw.kamt("odd", a.OddChip, scale)
			}
			jw.kstrOmit("why", visible(a.Reason))
			jw.endObject()
		}
		jw.endArray()
		jw.key("returns")
		jw.beginArray()
		for _, rt := range t.Returns {
			jw.beginObject()
			jw.kstr("p", name(rt.Player))
			jw.kamt("amt", rt.Amount, scale)
			jw.endObject()
		}
		jw.endArray()
		jw.key("shown")
		jw.beginArray()
		for _, s := range t.Shown {
			jw.beginObject()
			jw.kstr("p", name(s.Player))
			jw.key("cards")
			jw.cards(s.Cards)
			jw.kint("board", int64(s.Board))
			jw.kstrOmit("desc", visible(s.Desc))
			jw.endObject()
		}
		jw.endArray()
		if t.ShowdownFirst >= 0 {
			jw.kstr("first", name(t.ShowdownFirst))
			jw.kstrOmit("firstWhy", visible(t.ShowdownReason))
		}
	}
	jw.key("collects")
	jw.beginArray()
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind != hand.Collect {
			continue
		}
		jw.beginObject()
		jw.kstr("p", name(a.Player))
		jw.kamt("amt", a.Amount, scale)
		jw.kint("pot", int64(a.Pot))
		jw.endObject()
	}
	jw.endArray()

	jw.key("findings")
	jw.beginArray()
	for i := range r.Findings {
		f := &r.Findings[i]
		scale, cur := findingScale(f, h)
		jw.beginObject()
		jw.kstr("c", visible(f.CheckID))
		jw.kint("s", int64(f.Severity))
		jw.kstr("m", visible(f.Message))
		jw.kint("r", int64(w.ruleID(f.Rule)))
		jw.kint("a", int64(f.ActionIndex))
		jw.kstrOmit("st", visible(f.Street))
		jw.kstrOmit("p", visible(f.Player))
		if f.HasExpected {
			jw.key("exp")
			jw.amtCur(f.Expected, scale, cur)
		}
		if f.HasRecorded {
			jw.key("rec")
			jw.amtCur(f.Recorded, scale, cur)
		}
		jw.endObject()
	}
	jw.endArray()
	jw.endObject()
	jw.b = append(jw.b, "</script>\n"...)
	_, err := w.views.Write(jw.b)
	return int64(len(jw.b)), err
}

// Close assembles report.html and renames it into place.
func (w *HTMLWriter) Close() (err error) {
	if w.out == nil {
		return nil
	}
	defer func() {
		if err != nil {
			_ = w.Abort()
		}
	}()
	out := w.out
	lang := w.info.Lang
	L := func(k string) string { return label(lang, k) }
	e := html.EscapeString
	p := func(format string, args ...any) {
		if err == nil {
			_, err = fmt.Fprintf(out, format, args...)
		}
	}
	htmlLang := "en"
	if lang == "zh" {
		htmlLang = "zh-CN"
	}
	p("<!DOCTYPE html>\n<html lang=\"%s\">\n<head>\n<meta charset=\"utf-8\">\n", htmlLang)
	p("<meta http-equiv=\"Content-Security-Policy\" content=\"%s\">\n", e(reportCSP))
	p("<meta name=\"referrer\" content=\"no-referrer\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<link rel=\"icon\" href=\"data:,\">\n")
	p("<title>%s — %s</title>\n", e(L("title")), e(visible(w.info.RunID)))
	p("<style>%s</style>\n</head>\n<body>\n", reportCSS)

	// Header: what was audited.
	p("<header>\n<h1>%s</h1>\n<dl class=\"run\">\n", e(L("title")))
	dt := func(k, v string) { p("<div><dt>%s</dt><dd>%s</dd></div>\n", e(L(k)), e(v)) }
	// The inputs are counted, and listed when asked: a nightly run's
	// paths would fill the first screen. (Explain's page of one hand, one
	// input, lists it.)
	if w.opts.OpenHand {
		p("<div class=\"inputs\"><dt>%s</dt><dd><ul>", e(L("inputs")))
	} else {
		p("<div class=\"inputs\"><dt>%s</dt><dd><details id=\"inputs-list\"><summary>%s %s</summary><ul>",
			e(L("inputs")), groupInt(int64(len(w.info.Inputs))), e(L("inputs_word")))
	}
	for i, in := range w.info.Inputs {
		if i == maxInputsListed {
			p("<li>+%s %s</li>", groupInt(int64(len(w.info.Inputs)-maxInputsListed)), e(L("more_inputs")))
			break
		}
		p("<li>%s</li>", e(visible(in)))
	}
	if w.opts.OpenHand {
		p("</ul></dd></div>\n")
	} else {
		p("</ul></details></dd></div>\n")
	}
	// Hands audited: read and replayed; parse errors and hands in formats
	// not read are counted apart.
	audited := w.handsClean + w.handsFlagged
	dt("hands_audited", groupInt(audited))
	span := L("unknown")
	if w.span.set {
		span = w.span.first().Format("2006-01-02 15:04") + " – " + w.span.last().Format("2006-01-02 15:04") + " UTC"
	}
	dt("time_span", span)
	dt("ruleset", w.info.Ruleset)
	dt("tool_version", w.info.ToolVersion)
	dt("run_id", visible(w.info.RunID))
	dt("house_digest", w.info.HouseDigest)
	dt("schema_version", w.info.SchemaVersion)
	if !w.info.Started.IsZero() {
		dt("started", w.info.Started.UTC().Format("2006-01-02 15:04:05 UTC"))
	}
	dt("fail_on", L(w.info.FailOn.String())+" "+L("at_or_above"))
	p("</dl>\n</header>\n<main>\n")

	// Summary counts and charts.
	p("<section id=\"summary\">\n<h2>%s</h2>\n<div class=\"cards\">\n", e(L("summary")))
	card := func(id, k string, n int64, extra string) {
		p("<div class=\"card\" id=\"%s\"><div class=\"n\">%s</div><div class=\"k\">%s%s</div></div>\n", id, groupInt(n), e(L(k)), extra)
	}
	card("count-hands", "hands_audited", audited, "")
	card("count-clean", "hands_clean", w.handsClean, "")
	card("count-flagged", "hands_flagged", w.handsFlagged, e(percent(w.handsFlagged, audited)))
	card("count-parse-errors", "parse_errors", w.parseErrors, "")
	if inputs, hands := unsupportedCounts(w.notAudited); inputs > 0 {
		card("count-not-read", "hands_not_read", hands, e(" · "+groupInt(inputs)+" "+L("inputs_word")))
	}
	if n := len(w.notAudited); n > 0 {
		card("count-not-audited", "not_audited", int64(n), "")
	}
	card("count-findings", "findings", w.sev.total(), "")
	card("count-error", "error", w.sev[checks.Error], "")
	card("count-warning", "warning", w.sev[checks.Warning], "")
	card("count-info", "info", w.sev[checks.Info], "")
	p("</div>\n")
	if err == nil {
		err = w.writeCharts(out, L)
	}
	p("</section>\n")

	if len(w.notAudited) > 0 && err == nil {
		err = w.writeNotAudited(out, L)
	}

	// Findings table, filled in by script from the embedded data.
	p("<section id=\"findings\">\n<h2>%s</h2>\n", e(L("findings_table")))
	if w.listed < int(w.sev.total()) {
		p("<p class=\"note\" id=\"truncated-rows\">%s %s</p>\n", groupInt(w.sev.total()-int64(w.listed)), e(L("truncated_rows")))
	}
	if w.opts.NoHandViews {
		p("<p class=\"note\" id=\"no-views\">%s</p>\n", e(L("views_off")))
	} else if viewed := len(w.viewHeap); w.withFindings > viewed {
		p("<p class=\"note\" id=\"truncated-views\">%s %s</p>\n", groupInt(int64(w.withFindings-viewed)), e(L("views_kept")))
	}
	p("<noscript><p class=\"note\">%s</p></noscript>\n", e(L("noscript")))
	p("<form id=\"filters\" class=\"filters\" autocomplete=\"off\">\n")
	p("<label>%s <select id=\"f-check\"><option value=\"\">%s</option></select></label>\n", e(L("filter_check")), e(L("all")))
	p("<label>%s <select id=\"f-severity\"><option value=\"\">%s</option>", e(L("filter_severity")), e(L("all")))
	for s := checks.Error; ; s-- {
		p("<option value=\"%d\">%s</option>", s, e(L(s.String())))
		if s == checks.Info {
			break
		}
	}
	p("</select></label>\n")
	p("<label>%s <input id=\"f-table\" list=\"dl-table\" type=\"search\"></label><datalist id=\"dl-table\"></datalist>\n", e(L("filter_table")))
	p("<label>%s <input id=\"f-player\" list=\"dl-player\" type=\"search\"></label><datalist id=\"dl-player\"></datalist>\n", e(L("filter_player")))
	p("<label>%s <input id=\"f-text\" type=\"search\"></label>\n", e(L("filter_text")))
	p("<button type=\"reset\" id=\"f-reset\">%s</button>\n", e(L("reset")))
	if !w.opts.OpenHand {
		p("<button type=\"button\" id=\"f-csv\">%s</button>\n", e(L("export_csv")))
	}
	p("</form>\n")
	p("<p id=\"match-count\" class=\"count\"></p>\n")
	p("<div class=\"scroll\"><table id=\"findings-table\"><thead><tr>")
	for _, c := range [][2]string{{"sev", "severity"}, {"check", "check"}, {"hand", "hand"}, {"time", "time"},
		{"table", "table"}, {"street", "street"}, {"action", "action"}, {"player", "player"},
		{"message", "message"}, {"expected", "expected"}, {"recorded", "recorded"}, {"loc", "location"}} {
		p("<th data-sort=\"%s\" tabindex=\"0\">%s</th>", c[0], e(L(c[1])))
	}
	p("</tr></thead><tbody></tbody></table></div>\n")
	p("<nav class=\"pager\"><button type=\"button\" id=\"pg-prev\">%s</button> <span id=\"pg-info\"></span> <button type=\"button\" id=\"pg-next\">%s</button></nav>\n", e(L("prev")), e(L("next")))
	p("</section>\n")
	// Per player, per table and per day, and the settlements: filled by
	// script from the data; not on explain's page of one hand.
	if !w.opts.OpenHand {
		for _, v := range [][3]string{{"players", "player", "players_note"}, {"tables", "table", "tables_note"}, {"days", "day", "days_note"}} {
			p("<section id=\"%s\">\n<h2>%s</h2>\n<p class=\"note\">%s</p>\n", v[0], e(L(v[0])), e(L(v[2])))
			p("<div class=\"scroll\"><table class=\"data\" id=\"%s-table\"><thead><tr>", v[0])
			for _, k := range []string{v[1], "hands_word", "findings", "by_check_short", "overpaid", "underpaid"} {
				p("<th>%s</th>", e(L(k)))
			}
			p("</tr></thead><tbody></tbody></table></div>\n")
			if v[0] == "tables" && err == nil {
				err = w.writeSessions(out, L, w.keptViews())
			}
			p("</section>\n")
		}
		p("<section id=\"settlements\">\n<h2>%s</h2>\n<p class=\"note\">%s</p>\n", e(L("settlements")), e(L("settlements_note")))
		p("<div class=\"scroll\"><table class=\"data\" id=\"settlements-table\"><thead><tr>")
		for _, k := range []string{"hand", "player", "basis", "recorded", "due", "difference"} {
			p("<th>%s</th>", e(L(k)))
		}
		p("</tr></thead><tbody></tbody></table></div>\n</section>\n")
	}
	p("<section id=\"hand-view\" hidden></section>\n</main>\n")
	p("<footer>handaudit %s · %s</footer>\n", e(w.info.ToolVersion), e(visible(w.info.RunID)))

	// The rulings, before the data that links to them.
	if err == nil {
		err = w.writeRulings()
	}
	// Data.
	p("<script type=\"application/json\" id=\"report-data\">")
	if err == nil {
		err = w.writeData(out)
	}
	p("</script>\n")
	if err == nil {
		err = w.writeKeptViews(out)
	}
	p("<script>%s</script>\n</body>\n</html>\n", reportJS)
	if err != nil {
		return err
	}
	// The spools, as large as the page, are removed while it is synced to
	// disk: freeing their blocks is work of its own.
	spools := []*tempSpool{w.findings, w.hands, w.views, w.settled, w.sessions}
	w.findings, w.hands, w.views, w.settled, w.sessions = nil, nil, nil, nil, nil
	var removing sync.WaitGroup
	removing.Go(func() {
		for _, s := range spools {
			s.remove()
		}
	})
	err = w.out.commit()
	removing.Wait()
	return err
}

// SetNotAudited keeps what the run did not audit, for the report's "Not
// audited" section and counts.
func (w *HTMLWriter) SetNotAudited(list []NotAudited) { w.notAudited = list }

// maxInputsListed bounds the inputs the header lists (all are counted).
const maxInputsListed = 1000

// maxNotAuditedRows bounds the entries listed one by one: a folder may
// hold any number of them; the counts by reason cover all.
const maxNotAuditedRows = 1000

// writeNotAudited writes the "Not audited" section: counts by reason, then
// the entries (but the quiet ones), each with why.
func (w *HTMLWriter) writeNotAudited(out io.Writer, L func(string) string) error {
	var b strings.Builder
	e := html.EscapeString
	counts := map[string]int64{}
	quiet := map[string]bool{}
	for _, na := range w.notAudited {
		counts[na.Reason]++
		quiet[na.Reason] = quiet[na.Reason] || na.Quiet
	}
	reasons := make([]string, 0, len(counts))
	for r := range counts {
		reasons = append(reasons, r)
	}
	sort.Strings(reasons)
	fmt.Fprintf(&b, "<section id=\"not-audited\">\n<h2>%s</h2>\n<p class=\"note\">%s</p>\n", e(L("not_audited")), e(L("not_audited_note")))
	fmt.Fprintf(&b, "<table class=\"counts\" id=\"not-audited-reasons\"><thead><tr><th>%s</th><th>%s</th></tr></thead><tbody>\n", e(L("reason")), e(L("entries_skipped")))
	for _, r := range reasons {
		more := ""
		if quiet[r] {
			more = " (" + L("not_listed") + ")"
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s%s</td></tr>\n", e(visible(r)), groupInt(counts[r]), e(more))
	}
	b.WriteString("</tbody></table>\n")
	fmt.Fprintf(&b, "<div class=\"scroll\"><table class=\"data\" id=\"not-audited-list\"><thead><tr><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr></thead><tbody>\n",
		e(L("file")), e(L("reason")), e(L("what")), e(L("hands_counted")))
	listed, left := 0, 0
	for _, na := range w.notAudited {
		if na.Quiet {
			continue
		}
		if listed == maxNotAuditedRows {
			left++
			continue
		}
		listed++
		what, hands := na.Detail, ""
		if na.Unsupported {
			what = na.Format
			if what == "" {
				what = "format not recognised"
			}
			hands = groupInt(na.Hands)
		}
		fmt.Fprintf(&b, "<tr><td>%s</td><td>%s</td><td>%s</td><td>%s</td></tr>\n", e(visible(na.Name)), e(visible(na.Reason)), e(visible(what)), hands)
	}
	b.WriteString("</tbody></table></div>\n")
	if left > 0 {
		fmt.Fprintf(&b, "<p class=\"note\">+%s %s</p>\n", groupInt(int64(left)), e(L("more_inputs")))
	}
	b.WriteString("</section>\n")
	_, err := io.WriteString(out, b.String())
	return err
}

// unsupportedCounts counts the inputs in formats not read and their hands.
func unsupportedCounts(list []NotAudited) (inputs, hands int64) {
	for _, na := range list {
		if na.Unsupported {
			inputs++
			hands += na.Hands
		}
	}
	return inputs, hands
}

// visible returns s, valid UTF-8, with every character that shows nothing
// or moves other text made visible as ⟨U+XXXX⟩: control characters (a
// line break in a name, which would make it look like two lines of the
// log), bidirectional overrides and isolates (which would reorder what
// follows them: "\u202Etxt.exe"), zero-width and other format characters
// (which make two names look the same). Everything the report shows from
// the audited logs (names, IDs, tables, file names, messages, notes) goes
// through it, in the page and in its data: what the reader sees is what
// the record holds. The tables keep the record's text as it is.
func visible(s string) string {
	if plainASCII(s) {
		return s
	}
	return visibleSlow(s)
}

// plainASCII reports whether s is printable ASCII (no byte below 0x20, no
// DEL, none above), eight bytes at a time as isASCII, then byte by byte.
func plainASCII(s string) bool {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	var bad uint64
	for ; len(s) >= 8; s = s[8:] {
		x := word(s)
		bad |= x                                         // a byte of 0x80 or more
		bad |= (x - 0x20*ones) &^ x                      // a byte below 0x20
		bad |= (x ^ 0x7f*ones - ones) &^ (x ^ 0x7f*ones) // a byte 0x7f
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f {
			return false
		}
	}
	return bad&high == 0
}

func visibleSlow(s string) string {
	s = text(s)
	if strings.IndexFunc(s, invisible) < 0 {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if invisible(r) {
			fmt.Fprintf(&b, "⟨U+%04X⟩", r)
		} else {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// invisible reports the characters visible shows by their code: control
// characters, and format characters and line and paragraph separators
// (Unicode's Cc, Cf, Zl and Zp). Below U+FEFF those are few and listed
// here, as the tables' lookups cost more than the rest of visible on the
// text a report shows (TestVisible checks the list against the tables).
func invisible(r rune) bool {
	switch {
	case r < 0x20 || (r >= 0x7f && r < 0xa0) || r == 0xad:
		return true
	case r < 0x600:
		return false
	case r < 0x2000:
		return r <= 0x605 || r == 0x61c || r == 0x6dd || r == 0x70f || r == 0x890 || r == 0x891 || r == 0x8e2 || r == 0x180e
	case r < 0x2070:
		return (r >= 0x200b && r <= 0x200f) || (r >= 0x2028 && r <= 0x202e) || (r >= 0x2060 && r != 0x2065)
	case r < 0xfeff:
		return false
	}
	return unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp)
}

// writeData writes the JSON the script renders the table and views from.
func (w *HTMLWriter) writeData(out io.Writer) error {
	lang := w.info.Lang
	jw := &w.jw
	jw.reset()
	jw.beginObject()
	jw.kstr("lang", lang)
	jw.key("labels")
	jw.beginObject()
	keys := make([]string, 0, len(labels["en"])+len(runLabels["en"]))
	for k := range labels["en"] {
		keys = append(keys, k)
	}
	if !w.opts.OpenHand {
		for k := range runLabels["en"] {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		jw.kstr(k, label(lang, k))
	}
	jw.endObject()
	jw.key("checks")
	jw.beginObject()
	for _, c := range w.info.Checks {
		jw.textKey(c.ID)
		jw.beginObject()
		jw.kstr("title", c.Title)
		jw.kstr("rule", c.Rule)
		jw.endObject()
	}
	jw.endObject()
	jw.key("rules")
	jw.beginArray()
	for _, r := range w.rules.list {
		jw.beginArray()
		jw.str(r)
		texts := w.ruleText[r]
		quote := texts[0]
		if lang == "zh" && texts[1] != "" {
			quote = texts[1]
		}
		jw.str(quote)
		jw.endArray()
	}
	jw.endArray()
	jw.key("s")
	jw.beginArray()
	for _, s := range w.strs.list {
		jw.str(s)
	}
	jw.endArray()
	jw.kint("total", w.sev.total())
	jw.kint("views", int64(len(w.viewHeap)))
	if len(w.rulings) > 0 {
		jw.key("rulings")
		jw.beginObject()
		for _, n := range w.rulings {
			jw.kstr(strconv.Itoa(n), w.rulingPath[n])
		}
		jw.endObject()
	}
	if w.opts.OpenHand && len(w.viewHeap) > 0 {
		jw.kint("open", 0)
	}
	jw.key("hands")
	jw.b = append(jw.b, '[')
	if _, err := out.Write(jw.b); err != nil {
		return err
	}
	if err := w.hands.writeTo(out); err != nil {
		return err
	}
	if _, err := io.WriteString(out, `],"findings":[`); err != nil {
		return err
	}
	if err := w.findings.writeTo(out); err != nil {
		return err
	}
	if !w.opts.OpenHand {
		if _, err := io.WriteString(out, `],"settlements":[`); err != nil {
			return err
		}
		if err := w.settled.writeTo(out); err != nil {
			return err
		}
	}
	_, err := io.WriteString(out, "]}")
	return err
}

// writeSettlements spools the settlement rows of r, the handIdx-th hand
// listed: [hand, player, basis, recorded, due, difference, difference in
// minor units, scale, currency], strings but the amounts by index in
// strs, as settlements.parquet has them.
func (w *HTMLWriter) writeSettlements(handIdx int, r *HandResult) error {
	if len(r.Findings) == 0 || w.settledRows >= w.opts.MaxFindings || w.opts.OpenHand {
		return nil
	}
	h := r.Hand
	jw := &w.jw
	return w.settler.settle(r, func(row SettlementRow) error {
		jw.reset()
		if w.settledRows > 0 {
			jw.b = append(jw.b, ',')
		}
		w.settledRows++
		jw.beginArray()
		jw.int(int64(handIdx))
		jw.int(int64(w.strs.id(visible(row.Player))))
		jw.int(int64(w.strs.id(row.Basis)))
		jw.amtCur(hand.Amount(row.Recorded), h.Scale, h.Currency)
		jw.amtCur(hand.Amount(row.Due), h.Scale, h.Currency)
		jw.amtCur(hand.Amount(row.Difference), h.Scale, h.Currency)
		jw.int(row.Difference)
		jw.int(h.Scale)
		jw.int(int64(w.strs.id(visible(h.Currency))))
		jw.endArray()
		_, err := w.settled.Write(jw.b)
		return err
	})
}

func (w *HTMLWriter) removeSpools() {
	w.findings.remove()
	w.hands.remove()
	w.views.remove()
	w.settled.remove()
	w.sessions.remove()
	w.findings, w.hands, w.views, w.settled, w.sessions = nil, nil, nil, nil, nil
}

// Abort removes the temporary files.
func (w *HTMLWriter) Abort() error {
	w.removeSpools()
	return w.out.abort()
}

// groupInt prints n with thousands separators.
func groupInt(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

// percent prints part/whole as " (0.4%)" with one decimal, in integers.
func percent(part, whole int64) string {
	if whole <= 0 {
		return ""
	}
	tenths := (part*1000 + whole/2) / whole
	return fmt.Sprintf(" (%d.%d%%)", tenths/10, tenths%10)
}

// AppendDealt appends cs as the card lists of reports and explain write
// them, with "↑" before each card whose bit in up is set (stud's up cards).
func AppendDealt(b []byte, cs []cards.Card, up uint8) []byte {
	for i, x := range cs {
		if i > 0 {
			b = append(b, ' ')
		}
		if i < 8 && up&(1<<uint(i)) != 0 {
			b = append(b, "↑"...)
		}
		b = append(b, x.String()...)
	}
	return b
}
