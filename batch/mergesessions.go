package batch

import (
	"bufio"
	"context"
	"encoding/binary"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/handaudit/handaudit/internal/binrec"

	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// The session checks at merge (docs/sessions.md). A shard sees only its
// own inputs, so it judges the links within each input; each shard also
// keeps every hand's session record in its session-hands table, in its
// input order. The merge reads those tables together, in the order one
// unsharded run reads the inputs (the sorted input list: the shards'
// tables are each already in that order, so it takes, input by input,
// the shard whose next input comes first), and gives the records to the
// same judge the collector uses. Memory is the judge's: one hand per
// table, and the verdicts of the hands whose session findings change.

// sessionVerdict is what the merge changes in one hand's findings: the
// shard's own session findings (judged within the input) give way to the
// run's (judged across every input).
type sessionVerdict struct {
	shard, run []checks.Finding
}

// sessionVerdicts are the verdicts of a merge by hand (input and line).
type sessionVerdicts map[viewKey]*sessionVerdict

// apply replaces the shard's session findings of a hand by the run's, as
// the collector adds them: after the hand's other findings, and one fault
// one finding (a conflicting record is not also the repeated ID's warning,
// nor twice when the shard's duplicate-ID set found it first).
func (v *sessionVerdict) apply(fs []checks.Finding) []checks.Finding {
	out := make([]checks.Finding, 0, len(fs)+len(v.run))
	for _, f := range fs {
		if i := slices.IndexFunc(v.shard, func(g checks.Finding) bool { return sameFinding(&f, &g) }); i >= 0 {
			v.shard = slices.Delete(slices.Clone(v.shard), i, i+1)
			continue
		}
		out = append(out, f)
	}
	run := v.run
	if slices.ContainsFunc(run, func(f checks.Finding) bool { return f.CheckID == checks.ConflictingDuplicateID }) {
		if slices.ContainsFunc(out, func(f checks.Finding) bool { return f.CheckID == checks.ConflictingDuplicateID }) {
			run = withoutCheck(slices.Clone(run), checks.ConflictingDuplicateID)
		}
		out = withoutCheck(out, duplicateID)
	}
	return append(out, run...)
}

// applyTo replaces the session findings of a hand read back from a
// shard's tables, and its status with them.
func (v *sessionVerdict) applyTo(hr *reports.HandResult) {
	hr.Findings = v.apply(hr.Findings)
	if hr.Status != reports.StatusParseError {
		hr.Status = reports.StatusClean
		if len(hr.Findings) > 0 {
			hr.Status = reports.StatusFindings
		}
	}
}

// sameFinding reports whether a finding read back from a shard's table is
// f, a session finding as the judge makes it (what the table keeps of it).
func sameFinding(a, b *checks.Finding) bool {
	return a.CheckID == b.CheckID && a.Message == b.Message && a.Seat == b.Seat && a.Player == b.Player &&
		a.Line == b.Line && a.File == b.File
}

// sessionTable is a manifest's session-hands table, if it has one.
func sessionTable(m *Manifest) (ManifestOutput, bool) {
	for _, o := range m.Outputs {
		if o.Table == "session_hands" {
			return o, true
		}
	}
	return ManifestOutput{}, false
}

// mergeRulebook rebuilds the rules the shards judged hands under: those
// rules and house file named (the shards' --rules and --house), or else
// the default rulebook (each room's preset) or the shards' one preset,
// whichever the manifest lists.
func mergeRulebook(m *Manifest, rules, house string) (*replay.Rulebook, error) {
	var cands []*replay.Rulebook
	if rules != "" || house != "" {
		b, err := LoadRulebook(rules, house)
		if err != nil {
			return nil, &ConfigError{err}
		}
		cands = append(cands, b)
	} else {
		for _, name := range []string{"", m.Ruleset} {
			if b, err := LoadRulebook(name, ""); err == nil {
				cands = append(cands, b)
			}
		}
	}
	for _, b := range cands {
		if slices.Equal(manifestRulesets(b), m.Rulesets) {
			return b, nil
		}
	}
	return nil, &ConfigError{fmt.Errorf("the shards judged hands under rules (%s, house digest %s) that this merge has not been given: give audit merge the shards' --rules and --house to judge the table sessions",
		m.Ruleset, m.HouseDigest)}
}

// asCopy rewrites the judge's session.conflicting-duplicate among fs (a
// record under the ID of the table's last hand, prev, with other
// contents) as one run reports it: there the duplicate-ID set, which
// sees every input, finds the repeat first and raises the finding
// (checks.ConflictingCopy) naming the first record; a shard's set sees
// only its own inputs.
func asCopy(fs []checks.Finding, sel checks.Selection, rs *replay.Ruleset, s, prev *checks.SessionHand) {
	for i := range fs {
		if fs[i].CheckID != checks.ConflictingDuplicateID {
			continue
		}
		h := hand.Hand{ID: s.ID, Table: s.Table, Start: s.Start, Currency: s.Currency, Scale: s.Scale}
		if f := checks.ConflictingCopy(sel, rs, &h, s.File, s.Line, prev.File, prev.Line); f != nil {
			fs[i] = *f
		}
	}
}

// sessionShard reads one shard's session-hands table in order.
type sessionShard struct {
	k    int
	f    *os.File
	r    *parquet.GenericReader[reports.SessionHandRow]
	buf  []reports.SessionHandRow
	at   int  // next row of buf
	done bool // the table is read to its end
}

func (s *sessionShard) close() {
	if s.r != nil {
		s.r.Close()
	}
	if s.f != nil {
		s.f.Close()
	}
}

// peek returns the next row, or nil at the end.
func (s *sessionShard) peek() (*reports.SessionHandRow, error) {
	if s.at < len(s.buf) {
		return &s.buf[s.at], nil
	}
	if s.done {
		return nil, nil
	}
	s.buf = s.buf[:cap(s.buf)]
	n, err := s.r.Read(s.buf)
	s.buf, s.at = s.buf[:n], 0
	switch {
	case err == io.EOF:
		s.done = true
	case err != nil:
		return nil, fmt.Errorf("shard %d: %s: %w", s.k, reports.SessionHandsName, err)
	}
	if n == 0 {
		s.done = true
		return nil, nil
	}
	return &s.buf[0], nil
}

// judgeShards judges the session links of every shard's hands, in the
// order one run reads them. It returns the verdicts of the hands whose
// session findings the shard's own judging did not give, and sends each
// table session that ends to onClose, and each hand's record, judged
// (its Run set), to onHand if not nil. rank orders the inputs.
func judgeShards(ctx context.Context, set *ShardSet, rank map[string]int, book *replay.Rulebook, sel checks.Selection,
	onClose func(*checks.SessionRun), onHand func(input string, s *checks.SessionHand)) (sessionVerdicts, error) {
	var shards []*sessionShard
	defer func() {
		for _, s := range shards {
			s.close()
		}
	}()
	for k, m := range set.Manifests {
		o, ok := sessionTable(m)
		if !ok {
			continue
		}
		f, err := os.Open(filepath.Join(set.Dirs[k], filepath.FromSlash(o.Path)))
		if err != nil {
			return nil, fmt.Errorf("shard %d: %w", k, err)
		}
		s := &sessionShard{k: k, f: f, r: parquet.NewGenericReader[reports.SessionHandRow](f), buf: make([]reports.SessionHandRow, 0, 256)}
		shards = append(shards, s)
	}
	run := checks.NewSessions(sel) // the whole run's judge
	run.OnClose = onClose
	var input *checks.Sessions // the shard's judge: one input at a time
	verdicts := sessionVerdicts{}
	var h hand.Hand // what the rulebook reads of a hand: its site and format
	dupSet := checks.Lookup(duplicateID) == nil || sel.Has(duplicateID)
	lastRank := -1
	for {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		// The shard whose next input comes first reads that input whole.
		var next *sessionShard
		nextRank := 0
		for _, s := range shards {
			row, err := s.peek()
			if err != nil {
				return nil, err
			}
			if row == nil {
				continue
			}
			r, ok := rank[row.Input]
			if !ok {
				return nil, fmt.Errorf("shard %d: %s: input %s is not among the shards' inputs", s.k, reports.SessionHandsName, row.Input)
			}
			if next == nil || r < nextRank {
				next, nextRank = s, r
			}
		}
		if next == nil {
			break
		}
		if nextRank <= lastRank {
			return nil, fmt.Errorf("shard %d: %s: its hands are not in input order", next.k, reports.SessionHandsName)
		}
		lastRank = nextRank
		input = checks.NewSessions(sel)
		name := ""
		for {
			row, err := next.peek()
			if err != nil {
				return nil, err
			}
			if row == nil || (name != "" && row.Input != name) {
				break
			}
			name = row.Input
			next.at++
			s := row.Session()
			h.Site, h.Format = row.Site, row.Format
			rs := book.For(&h)
			fromShard := input.Add(s, rs)
			var prev checks.SessionHand
			if p := run.Last(s); p != nil {
				prev = *p // Add overwrites it
			}
			fromRun := run.Add(s, rs)
			if onHand != nil {
				onHand(row.Input, s)
			}
			if dupSet {
				asCopy(fromRun, sel, rs, s, &prev)
			}
			if !slices.EqualFunc(fromShard, fromRun, func(a, b checks.Finding) bool { return sameFinding(&a, &b) }) {
				verdicts[viewKey{row.Input, int(row.Line)}] = &sessionVerdict{shard: fromShard, run: fromRun}
			}
		}
		input.Close()
	}
	run.Close()
	return verdicts, nil
}

// sessionSpool keeps the merge's session records, judged (their Run and
// RunPos set), on disk in the order judged: once the judge has ended every
// session, the HTML report says which it draws (a hundred by default),
// and the records of those sessions' hands alone are read back into
// memory (viewed), for the hands to take as they are written, shard by
// shard. A compact record of its own (the fields a session view reads)
// costs a fraction of reading the session-hands tables again.
type sessionSpool struct {
	f   *os.File
	w   *bufio.Writer
	buf []byte
}

func newSessionSpool(dir string) (*sessionSpool, error) {
	f, err := os.CreateTemp(dir, ".session-hands-*.spool")
	if err != nil {
		return nil, err
	}
	return &sessionSpool{f: f, w: bufio.NewWriterSize(f, 64<<10)}, nil
}

// remove deletes the spool (again: a no-op).
func (sp *sessionSpool) remove() {
	if sp.f != nil {
		sp.f.Close()
		os.Remove(sp.f.Name())
		sp.f = nil
	}
}

// add spools the record of a hand read from input: its session and place
// in it, input and line, ID, start (whether known, Unix nanoseconds), and per seat the number, player,
// starting and finishing stack and flags. A hand in no session is left
// out.
func (sp *sessionSpool) add(input string, s *checks.SessionHand) error {
	if s.Run == 0 {
		return nil
	}
	str := func(b []byte, v string) []byte { return append(binary.AppendUvarint(b, uint64(len(v))), v...) }
	b := binary.AppendUvarint(sp.buf[:0], uint64(s.Run))
	b = binary.AppendUvarint(b, uint64(s.RunPos))
	b = str(b, input)
	b = str(b, s.File)
	b = binary.AppendUvarint(b, uint64(s.Line))
	b = str(b, s.ID)
	var start int64
	hasStart := !s.Start.IsZero()
	if hasStart {
		start = s.Start.UnixNano()
	}
	b = append(b, boolByte(hasStart))
	b = binary.AppendVarint(b, start)
	b = binary.AppendUvarint(b, uint64(len(s.Seats)))
	for i := range s.Seats {
		st := &s.Seats[i]
		b = binary.AppendUvarint(b, uint64(st.Number))
		b = str(b, st.Player)
		b = binary.AppendVarint(b, int64(st.Start))
		b = binary.AppendVarint(b, int64(st.Finish))
		var flags byte
		if st.HasFinish {
			flags |= 1
		}
		if st.SittingOut {
			flags |= 2
		}
		b = append(b, flags)
	}
	sp.buf = b
	head := binary.AppendUvarint(nil, uint64(len(b)))
	if _, err := sp.w.Write(head); err != nil {
		return err
	}
	_, err := sp.w.Write(b)
	return err
}

func boolByte(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// viewed reads the spool back and returns the records of the hands of
// the sessions viewed, by input and line.
func (sp *sessionSpool) viewed(viewed map[int]bool) (map[viewKey]*checks.SessionHand, error) {
	out := map[viewKey]*checks.SessionHand{}
	if len(viewed) == 0 {
		return out, nil
	}
	if err := sp.w.Flush(); err != nil {
		return nil, err
	}
	if _, err := sp.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(sp.f, 64<<10)
	var rec []byte
	for {
		n, err := binary.ReadUvarint(br)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return nil, err
		}
		rec = slices.Grow(rec[:0], int(n))[:n]
		if _, err := io.ReadFull(br, rec); err != nil {
			return nil, err
		}
		d := binrec.NewReader(rec)
		run := int(d.Uvarint())
		if !viewed[run] {
			continue
		}
		s := &checks.SessionHand{Run: run, RunPos: int(d.Uvarint())}
		input := d.Str()
		s.File, s.Line, s.ID = d.Str(), int(d.Uvarint()), d.Str()
		hasStart, start := d.Byte() == 1, d.Varint()
		s.Seats = make([]checks.SessionSeat, d.Uvarint())
		for i := range s.Seats {
			st := &s.Seats[i]
			st.Number, st.Player = int(d.Uvarint()), d.Str()
			st.Start, st.Finish = hand.Amount(d.Varint()), hand.Amount(d.Varint())
			flags := d.Byte()
			st.HasFinish, st.SittingOut = flags&1 != 0, flags&2 != 0
		}
		if d.Bad {
			return nil, fmt.Errorf("the merge's session spool is cut short")
		}
		if hasStart {
			s.Start = time.Unix(0, start).UTC()
		}
		out[viewKey{input, s.Line}] = s
	}
}

// mergeSessions is how a merge judges the table sessions.
type mergeSessions struct {
	book *replay.Rulebook
	sel  checks.Selection
}

// mergeSessionsOn says how the merge judges the sessions: nil when the
// shards ran no session check, or kept no session-hands table (a tool
// before it: their own findings, judged within each input, stand).
func mergeSessionsOn(set *ShardSet, o MergeOptions) (*mergeSessions, error) {
	first := set.Manifests[0]
	if len(first.Checks) == 0 || first.ShardCount <= 1 {
		return nil, nil // one run judged every link already
	}
	sel, err := checks.Select(first.Checks, nil)
	if err != nil || !sessionsSelected(sel) {
		return nil, nil // checks this tool does not know: it judges no sessions
	}
	for k, m := range set.Manifests {
		if _, ok := sessionTable(m); !ok {
			o.Logger.Warn("a shard has no session-hands table: the table sessions are judged within each input only, as the shards did",
				"shard", k, "manifest", set.Refs[k].Path)
			return nil, nil
		}
	}
	book, err := mergeRulebook(first, o.Rules, o.HouseFile)
	if err != nil {
		return nil, err
	}
	return &mergeSessions{book: book, sel: sel}, nil
}
