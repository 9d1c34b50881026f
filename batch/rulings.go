package batch

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/explain"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// The HTML report's hand views link to the ruling of their hand: the
// document `audit explain FILE --line N --format html` writes, made by
// the explain package from the run's own record and findings of the hand
// (the same explanation model), so that a run reads no input twice. The
// report keeps the worst hands' rulings (--rulings, reports.MaxRulings):
// as a hand becomes one of them its record is cloned, with its findings
// (the hand goes back to its pool; it may still be pushed out by worse
// hands), and when the report is closed those kept are replayed and
// written into rulings/ beside report.html and listed in the manifest. A
// merge copies the rulings of the views it keeps from the shards' folders.

// rulingsDir is the folder of the rulings, beside report.html.
const rulingsDir = "rulings"

// isRuling reports whether a manifest output is a ruling.
func isRuling(path string) bool { return strings.HasPrefix(path, rulingsDir+"/") }

// rulingWriter writes (or copies) the rulings of a report's hand views:
// reports.Rulings.
type rulingWriter struct {
	stage string
	opts  explain.Options // as audit explain --format html would write them
	kept  map[int]*keptRuling
	// source, in a merge, finds the shard's ruling of a stored view ("":
	// none): Layout.RulingSource.
	source  func(file string, line int, ruling string) string
	written []staged

	// The links to the hands before and after a kept hand at its table in
	// its file, as audit explain shows them: each table's last hand (its
	// session record, in memory reused), the one before the hand being
	// written, the rulings kept at this hand, and those still waiting for
	// the next hand at their table.
	tables map[checks.TableKey]*rulingTable
	at     *rulingTable // the table of the hand being written
	fresh  []int
}

// rulingTable is a table's last hand (its record in memory reused) and the
// rulings kept waiting for the next hand at the table.
type rulingTable struct {
	last     checks.SessionHand
	hasLast  bool
	awaiting []int
}

// keptRuling is what a ruling is written from: the hand's record and
// findings, or in a merge the shard's ruling to copy.
type keptRuling struct {
	path            string
	hand            *hand.Hand
	rules           *replay.Ruleset
	findings        []checks.Finding
	file            string
	from            string
	cur, prev, next *checks.SessionHand // the hand's record and its neighbours' at its table in its file
}

func newRulingWriter(stage string, info reports.RunInfo, source func(file string, line int, ruling string) string) *rulingWriter {
	return &rulingWriter{stage: stage, kept: map[int]*keptRuling{}, source: source,
		tables: map[checks.TableKey]*rulingTable{},
		opts:   explain.Options{Lang: info.Lang, FailOn: info.FailOn, ToolVersion: info.ToolVersion}}
}

// Keep keeps what view n's ruling is written from.
func (rw *rulingWriter) Keep(n int, r *reports.HandResult, path string, stored bool) (bool, error) {
	if stored {
		if rw.source == nil {
			return false, nil
		}
		from := rw.source(r.File, r.Line, path)
		if from == "" {
			return false, nil
		}
		rw.kept[n] = &keptRuling{path: path, from: from}
		return true, nil
	}
	if r.Hand == nil {
		return false, nil
	}
	k := &keptRuling{path: path, hand: r.Hand.Clone(), findings: slices.Clone(r.Findings), file: r.File}
	if k.file == "" {
		k.file = r.Hand.Pos.File
	}
	if r.Trace != nil {
		k.rules = r.Trace.Rules
	}
	if s := r.Session; s != nil && s.Key.Table != "" {
		k.cur = cloneSession(s)
		if t := rw.at; t != nil && t.hasLast && t.last.File == s.File {
			k.prev = cloneSession(&t.last)
		}
		rw.fresh = append(rw.fresh, n)
	}
	rw.kept[n] = k
	return true, nil
}

// before finds the table of s, about to be written (HandResult.Session
// is set only for a hand in a session: s is the pipeline's record of
// every hand), and so the hand before it there: one lookup a hand.
func (rw *rulingWriter) before(s *checks.SessionHand) {
	rw.at = nil
	if s == nil || s.Key.Table == "" {
		return
	}
	t := rw.tables[s.Key]
	if t == nil {
		t = new(rulingTable)
		rw.tables[s.Key] = t
	}
	rw.at = t
}

// after makes s its table's last hand, the next hand of the rulings
// waiting for one at its table in its file.
func (rw *rulingWriter) after(s *checks.SessionHand) {
	t := rw.at
	if t == nil {
		return
	}
	for _, n := range t.awaiting {
		if k := rw.kept[n]; k != nil && k.next == nil && k.cur.File == s.File {
			k.next = cloneSession(s)
		}
	}
	t.awaiting = append(t.awaiting[:0], rw.fresh...)
	rw.fresh = rw.fresh[:0]
	seats := t.last.Seats[:0]
	t.last, t.hasLast = *s, true
	t.last.Seats = append(seats, s.Seats...)
}

// cloneSession copies a session record.
func cloneSession(s *checks.SessionHand) *checks.SessionHand {
	c := *s
	c.Seats = slices.Clone(s.Seats)
	return &c
}

// Drop forgets view n's ruling.
func (rw *rulingWriter) Drop(n int) { delete(rw.kept, n) }

// Write writes the rulings of views ns into stage/rulings.
func (rw *rulingWriter) Write(ns []int) ([]bool, error) {
	pages := rw.renderAll(ns)
	ok := make([]bool, len(ns))
	for i, n := range ns {
		k := rw.kept[n]
		if k == nil || k.from == "" && pages[i] == nil {
			continue
		}
		dst := filepath.Join(rw.stage, filepath.FromSlash(k.path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return nil, err
		}
		if k.from != "" {
			if err := copyRuling(k.from, dst); err != nil {
				return nil, err
			}
		} else if err := os.WriteFile(dst, pages[i], 0o644); err != nil {
			return nil, err
		}
		sum, size, err := readDigest(dst)
		if err != nil {
			return nil, err
		}
		rw.written = append(rw.written, staged{from: dst, out: ManifestOutput{Path: k.path, Format: "html", Bytes: size, SHA256: sum}})
		ok[i] = true
	}
	clear(rw.kept)
	return ok, nil
}

// renderAll renders the rulings of views ns that are made here (not
// copied), on every core: they are written when the run closes, when
// nothing else is left to do, and each is a replay and a page as long as
// hundreds of hands' audits. pages[i] is nil where view ns[i] has none
// or its explanation failed. Each page depends on its hand only, so the
// bytes are the same whatever the number of cores.
func (rw *rulingWriter) renderAll(ns []int) [][]byte {
	pages := make([][]byte, len(ns))
	var next atomic.Int64
	var wg sync.WaitGroup
	for range min(runtime.GOMAXPROCS(0), len(ns)) {
		wg.Go(func() {
			var buf bytes.Buffer
			for {
				i := int(next.Add(1) - 1)
				if i >= len(ns) {
					return
				}
				k := rw.kept[ns[i]]
				if k == nil || k.from != "" {
					continue
				}
				buf.Reset()
				if render(&buf, k, rw.opts) {
					pages[i] = bytes.Clone(buf.Bytes())
				}
			}
		})
	}
	wg.Wait()
	return pages
}

// render writes k's ruling into buf: the hand replayed under its rules,
// with the run's findings. False if the explanation failed (a fault of
// the tool's: the view then gives the command only).
func render(buf *bytes.Buffer, k *keptRuling, opts explain.Options) (ok bool) {
	defer func() {
		if recover() != nil {
			ok = false
		}
	}()
	rs := k.rules
	if rs == nil {
		d := replay.Default()
		rs = &d
	}
	e := &explain.Explanation{Hand: k.hand, Trace: replay.Replay(k.hand, rs), Findings: k.findings, Rules: rs, File: k.file}
	if k.prev != nil {
		e.Links = append(e.Links, explain.SessionLink("previous", k.prev, k.cur, k.prev))
	}
	if k.next != nil {
		e.Links = append(e.Links, explain.SessionLink("next", k.cur, k.next, k.next))
	}
	return explain.WriteHTML(buf, e, opts) == nil
}

// copyRuling copies a shard's ruling.
func copyRuling(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return fmt.Errorf("a shard's ruling: %w", err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// rulingSource finds the ruling the shard whose report holds the stored
// view of the hand at file and line wrote beside that report ("": none).
func (vi *viewIndex) rulingSource(file string, line int, ruling string) string {
	ref, ok := vi.at[viewKey{file, line}]
	if !ok {
		return ""
	}
	p := filepath.Join(filepath.Dir(vi.paths[ref.report]), filepath.FromSlash(ruling))
	if st, err := os.Stat(p); err != nil || !st.Mode().IsRegular() {
		return ""
	}
	return p
}
