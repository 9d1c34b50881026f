package reports

import (
	"cmp"
	"container/heap"
	"io"
	"math/bits"
	"slices"

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
