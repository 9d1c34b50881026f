package reports

import (
	"bytes"
	"cmp"
	"container/heap"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"math/bits"
	"slices"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// A report keeps the hand views of the worst flagged hands: by their worst
// finding's severity, then by the money at stake (the largest difference
// between a finding's expected and recorded amounts, compared in major
// units across scales), then by input order. The writer sees hands in
// input order, so it keeps the best MaxHandViews so far in a heap and
// spools the view of each hand that enters it; Close copies the views of
// those still in the heap.

// viewRank orders flagged hands for their views.
type viewRank struct {
	sev   int    // the worst finding's severity; -1 for a hand without findings
	stake uint64 // the largest |expected - recorded| of a finding, in minor units at scale
	scale int64  // minor units per major unit of stake (at least 1)
	seq   int    // the hand's place in the run: the earlier ranks higher
}

// rankOf ranks a hand with findings fs, the seq-th flagged hand of the run.
func rankOf(fs []checks.Finding, h *hand.Hand, seq int) viewRank {
	r := viewRank{sev: -1, scale: 1, seq: seq}
	for i := range fs {
		f := &fs[i]
		r.sev = max(r.sev, int(f.Severity))
		if !f.HasExpected || !f.HasRecorded {
			continue
		}
		// The difference of two int64s fits a uint64.
		var d uint64
		if f.Expected >= f.Recorded {
			d = uint64(f.Expected) - uint64(f.Recorded)
		} else {
			d = uint64(f.Recorded) - uint64(f.Expected)
		}
		scale, _ := findingScale(f, h)
		if cmpStake(d, max(scale, 1), r.stake, r.scale) > 0 {
			r.stake, r.scale = d, max(scale, 1)
		}
	}
	return r
}

// cmpStake compares a/as with b/bs (as, bs >= 1) exactly: a*bs with b*as
// in 128 bits.
func cmpStake(a uint64, as int64, b uint64, bs int64) int {
	ah, al := bits.Mul64(a, uint64(bs))
	bh, bl := bits.Mul64(b, uint64(as))
	switch {
	case ah != bh:
		return cmpUint(ah, bh)
	default:
		return cmpUint(al, bl)
	}
}

func cmpUint(a, b uint64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// below reports whether r ranks below o: a view for o before one for r.
func (r viewRank) below(o viewRank) bool {
	if r.sev != o.sev {
		return r.sev < o.sev
	}
	if c := cmpStake(r.stake, r.scale, o.stake, o.scale); c != 0 {
		return c < 0
	}
	return r.seq > o.seq
}

// viewCand is a hand whose view is spooled: its rank and where its view
// is in the views spool.
type viewCand struct {
	rank      viewRank
	n         int // the view's number (its element's ID, hv-N)
	off, size int64
}

// viewHeap is a min-heap of candidates: the lowest ranked on top, the
// first to go when a better hand comes.
type viewHeap []viewCand

func (h viewHeap) Len() int           { return len(h) }
func (h viewHeap) Less(i, j int) bool { return h[i].rank.below(h[j].rank) }
func (h viewHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *viewHeap) Push(x any)        { *h = append(*h, x.(viewCand)) }
func (h *viewHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

func (h *viewHeap) push(c viewCand) { heap.Push(h, c) }
func (h *viewHeap) pop()            { heap.Pop(h) }

// keepRuling makes view n, of rank, one of the views whose hands get a
// ruling if it is among the MaxRulings worst so far (Rulings.Keep).
func (w *HTMLWriter) keepRuling(n int, rank viewRank, r *HandResult, stored bool) error {
	if w.opts.Rulings == nil || len(w.rulingHeap) >= w.opts.MaxRulings && !w.rulingHeap[0].rank.below(rank) {
		return nil
	}
	h := r.Hand
	file := r.File
	if file == "" {
		file = h.Pos.File
	}
	path := RulingPath(visible(file), max(r.Line, h.Pos.Line))
	ok, err := w.opts.Rulings.Keep(n, r, path, stored)
	if err != nil || !ok {
		return err
	}
	if w.rulingPath == nil {
		w.rulingPath = map[int]string{}
	}
	w.rulingPath[n] = path
	w.rulingHeap.push(viewCand{rank: rank, n: n})
	if len(w.rulingHeap) > w.opts.MaxRulings {
		out := w.rulingHeap[0].n
		w.rulingHeap.pop()
		delete(w.rulingPath, out)
		w.opts.Rulings.Drop(out)
	}
	return nil
}

// writeRulings has the rulings of the views kept written, and keeps the
// numbers of those written (the views that link to theirs).
func (w *HTMLWriter) writeRulings() error {
	if w.opts.Rulings == nil || len(w.rulingHeap) == 0 {
		return nil
	}
	ns := make([]int, 0, len(w.rulingHeap))
	for _, c := range w.rulingHeap {
		ns = append(ns, c.n)
	}
	slices.Sort(ns)
	ok, err := w.opts.Rulings.Write(ns)
	if err != nil {
		return err
	}
	for i, n := range ns {
		if i < len(ok) && ok[i] {
			w.rulings = append(w.rulings, n)
		}
	}
	return nil
}

// RulingPath is where the ruling of the hand at file and line goes,
// relative to report.html: "rulings/NAME.html", NAME the file's base name
// in safe characters (letters, digits, ".", "_", "-"; at most 60), the
// line, and 12 hex digits of the sha256 of the file's name and line, so
// that hands of files of one base name in different folders differ.
func RulingPath(file string, line int) string {
	base := file
	if i := strings.LastIndexAny(base, "/\\!"); i >= 0 {
		base = base[i+1:]
	}
	b := make([]byte, 0, 96)
	b = append(b, "rulings/"...)
	n := 0
	for i := 0; i < len(base) && n < 60; i++ {
		c := base[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
			c = '_'
		}
		b = append(b, c)
		n++
	}
	b = append(b, "-L"...)
	b = strconv.AppendInt(b, int64(line), 10)
	sum := sha256.Sum256([]byte(file + "\x00" + strconv.Itoa(line)))
	b = append(b, '-')
	b = hex.AppendEncode(b, sum[:6])
	return string(append(b, ".html"...))
}

// keptViews is the set of the numbers of the views kept.
func (w *HTMLWriter) keptViews() map[int]bool {
	kept := make(map[int]bool, len(w.viewHeap))
	for _, c := range w.viewHeap {
		kept[c.n] = true
	}
	return kept
}

// writeKeptViews copies the views still in the heap from the spool to
// out, in the order they were spooled (input order).
func (w *HTMLWriter) writeKeptViews(out io.Writer) error {
	if len(w.viewHeap) == 0 {
		return nil
	}
	if int64(len(w.viewHeap)) == int64(w.candidates) {
		return w.views.writeTo(out) // none pushed out: the whole spool
	}
	kept := slices.Clone(w.viewHeap)
	slices.SortFunc(kept, func(a, b viewCand) int { return cmp.Compare(a.off, b.off) })
	if err := w.views.w.Flush(); err != nil {
		return err
	}
	for _, c := range kept {
		if _, err := io.Copy(out, io.NewSectionReader(w.views.f, c.off, c.size)); err != nil {
			return err
		}
	}
	return nil
}

// StoredView is a hand view another report holds (a shard's, for a
// merge): the view's JSON object and the rule citations its findings'
// rule numbers ("r") index, that report's own list.
type StoredView struct {
	JSON  []byte
	Rules []string
}

// writeStoredView spools a stored view as view n, its findings' rule
// numbers made this report's, and returns its size in bytes.
func (w *HTMLWriter) writeStoredView(n int, sv StoredView) (int64, error) {
	var view map[string]json.RawMessage
	if err := json.Unmarshal(sv.JSON, &view); err != nil {
		return 0, fmt.Errorf("reports: a stored hand view: %w", err)
	}
	var fs []map[string]json.RawMessage
	if err := json.Unmarshal(view["findings"], &fs); err != nil {
		return 0, fmt.Errorf("reports: a stored hand view's findings: %w", err)
	}
	for _, f := range fs {
		var r int
		if err := json.Unmarshal(f["r"], &r); err != nil {
			return 0, fmt.Errorf("reports: a stored hand view's rule: %w", err)
		}
		if r >= 0 && r < len(sv.Rules) {
			r = w.ruleID(sv.Rules[r])
		} else {
			r = -1
		}
		f["r"] = json.RawMessage(strconv.Itoa(r))
	}
	var err error
	if view["findings"], err = json.Marshal(fs); err != nil {
		return 0, err
	}
	body, err := json.Marshal(view) // escapes <, > and &: safe in a script element
	if err != nil {
		return 0, err
	}
	jw := &w.jw
	jw.reset()
	jw.b = append(jw.b, `<script type="application/json" id="hv-`...)
	jw.b = appendInt(jw.b, int64(n))
	jw.b = append(jw.b, `">`...)
	jw.b = append(jw.b, body...)
	jw.b = append(jw.b, "</script>\n"...)
	_, err = w.views.Write(jw.b)
	return int64(len(jw.b)), err
}

// ReadStoredViews reads the hand views a report.html holds, with the
// rule citations they index, and calls fn with each view's file and line
// (as the view names them) and its place in the page (offset and length
// of the JSON object).
func ReadStoredViews(page []byte, fn func(file string, line int, off, n int64)) (rules []string, err error) {
	const dataOpen = `<script type="application/json" id="report-data">`
	if i := bytes.Index(page, []byte(dataOpen)); i >= 0 {
		dec := json.NewDecoder(bytes.NewReader(page[i+len(dataOpen):]))
		if t, err := dec.Token(); err != nil || t != json.Delim('{') {
			return nil, fmt.Errorf("reports: report data: not an object")
		}
		for dec.More() {
			t, err := dec.Token()
			if err != nil {
				return nil, err
			}
			if t != "rules" {
				var skip json.RawMessage
				if err := dec.Decode(&skip); err != nil {
					return nil, err
				}
				continue
			}
			var list [][2]string
			if err := dec.Decode(&list); err != nil {
				return nil, err
			}
			for _, r := range list {
				rules = append(rules, r[0])
			}
			break
		}
	}
	const viewOpen = `<script type="application/json" id="hv-`
	for off := 0; ; {
		i := bytes.Index(page[off:], []byte(viewOpen))
		if i < 0 {
			return rules, nil
		}
		start := off + i + len(viewOpen)
		gt := bytes.Index(page[start:], []byte(`">`))
		if gt < 0 {
			return rules, nil
		}
		start += gt + 2
		end := bytes.Index(page[start:], []byte("</script>"))
		if end < 0 {
			return rules, nil
		}
		var key struct {
			File string `json:"file"`
			Line int    `json:"line"`
		}
		if err := json.Unmarshal(page[start:start+end], &key); err != nil {
			return nil, fmt.Errorf("reports: a hand view: %w", err)
		}
		fn(key.File, key.Line, int64(start), int64(end))
		off = start + end
	}
}
