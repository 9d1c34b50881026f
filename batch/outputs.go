package batch

import (
	"cmp"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// Layout says where a run's outputs go under --out.
//
// A single unpartitioned run (shard 0 of 1) writes the plain names:
// findings.parquet, hands.parquet, report.html, ..., manifest.json. A shard
// of several adds its part to every name: findings-part-00003-of-00128.parquet,
// report-part-00003-of-00128.html, manifest-part-00003-of-00128.json, so that
// all shards may write to one folder. Partitioned by day, the tables
// (Parquet, Arrow, JSONL) go to Hive-style folders, one per table and day:
// findings/dt=2024-05-01/part-00003-of-00128.parquet (hands without a date,
// parse errors among them, in Hive's default partition, UndatedPartition),
// and the reports (HTML, SARIF, JUnit) stay whole.
type Layout struct {
	ShardIndex, ShardCount int
	ByDay                  bool
	// NoHandViews: the HTML report has no hand views (a merge rebuilds
	// hands from table rows, which keep no actions) and says so.
	NoHandViews bool
	// HandViews is how many flagged hands, the worst, get a view in the
	// HTML report (0: reports.DefaultHandViews).
	HandViews int
	// SessionViews is how many table sessions get a view in the HTML
	// report (0: reports.DefaultSessionViews).
	SessionViews int
	// StoredViews gives the HTML report the views other reports hold (a
	// merge's, the shards'), instead of building them (reports.HTMLOptions).
	StoredViews func(file string, line int) (reports.StoredView, bool)
	// Rulings is how many of the HTML report's hand views, the worst,
	// link to their hands' rulings, written into rulings/ beside it
	// (rulings.go; 0: none). RulingSource, in a merge, finds a stored
	// view's ruling in the shards' folders ("": none, and the view has no
	// link).
	Rulings      int
	RulingSource func(file string, line int, ruling string) string
	// SessionHands: write the session-hands table (with the Parquet
	// tables), each hand's record for the session checks, which `audit
	// merge` judges across the shards (a shard of several).
	SessionHands bool
	// Sessions: write sessions.parquet whatever the formats (a merge,
	// which judges the sessions the shards could not).
	Sessions bool
	// MergedTables: write the Parquet tables from rows read back (a merge
	// with --format parquet: writeRows).
	MergedTables bool
}

func (l Layout) count() int { return max(l.ShardCount, 1) }

func (l Layout) part() string {
	return fmt.Sprintf("part-%05d-of-%05d", l.ShardIndex, l.count())
}

// ManifestName is the manifest's file name under --out.
func (l Layout) ManifestName() string {
	if l.count() > 1 {
		return "manifest-" + l.part() + ".json"
	}
	return "manifest.json"
}

// tableFormats are the formats written per partition.
var tableFormats = map[string]bool{"parquet": true, "arrow": true, "jsonl": true}

// finalPath maps a file a writer wrote (its base name, in partition dt and
// chunk k, or dt "" for the whole run) to its path under --out (slash
// separated), and names its table ("findings", "hands", "settlements") if
// it is one.
func (l Layout) finalPath(base, dt string, k int) (p, table string) {
	ext := path.Ext(base)
	stem := strings.TrimSuffix(base, ext)
	if (stem == "findings" || stem == "hands" || stem == "settlements") && tableFormats[strings.TrimPrefix(ext, ".")] {
		table = stem
	}
	switch base {
	case reports.SessionsName:
		table = "sessions"
	case reports.SessionHandsName:
		table = "session_hands"
	}
	switch {
	case dt != "":
		name := l.part()
		if k > 0 {
			name += fmt.Sprintf("-c%d", k)
		}
		return stem + "/" + dt + "/" + name + ext, table
	case l.count() > 1:
		return stem + "-" + l.part() + ext, table
	}
	return base, table
}

// maxOpenPartitions bounds the day partitions open at once: each holds
// table writers with their buffers. Logs usually come in date order, so a
// few suffice; a partition closed and met again gets another chunk file.
const maxOpenPartitions = 6

// writerSet is one set of report writers writing into one staging folder.
type writerSet struct {
	dir             string
	dt              string
	chunk           int
	w               reports.Multi
	hands, findings int64
	used            int64
}

func (ws *writerSet) write(hr *reports.HandResult) error {
	ws.hands++
	ws.findings += int64(len(hr.Findings))
	return ws.w.WriteHand(hr)
}

// outputs drives the report writers for one run. Writers write into a
// hidden staging folder under --out; on close the files are renamed to
// their final names and the manifest is written last, so a run that is
// stopped leaves no output that looks whole.
type outputs struct {
	out, stage string
	lock       *outLock // on the layout's part of out, until close or abort
	layout     Layout
	info       reports.RunInfo
	formats    []string

	top *writerSet // the whole run's writers
	// sessions writes sessions.parquet (with the Parquet tables; the
	// whole run's, not partitioned: a session spans days)
	sessions    *reports.SessionsWriter
	sessionRows int64
	// sessionHands writes the session-hands table (Layout.SessionHands)
	sessionHands    *reports.SessionHandsWriter
	sessionHandRows int64
	// merged writes a merge's Parquet tables (Layout.MergedTables)
	merged        *reports.MergedTables
	mergedSettled int64
	parts         map[string]*writerSet // open partitions by dt
	closed        []*writerSet          // partitions closed early
	chunks        map[string]int
	tick          int64
	hr            reports.HandResult // reused by write
	rulings       *rulingWriter      // the rulings of the HTML report's views (nil: none)
}

// openOutputs takes the lock of the layout's part of outDir (removing
// what dead runs left there) unless the caller holds it already (lock
// not nil: it passes to the outputs), creates the staging folder and
// opens the whole run's writers.
func openOutputs(outDir string, l Layout, formats []string, info reports.RunInfo, lock *outLock) (*outputs, error) {
	if lock == nil {
		if err := os.MkdirAll(outDir, 0o755); err != nil {
			return nil, err
		}
		var err error
		if lock, err = lockOut(outDir, l.part()); err != nil {
			return nil, err
		}
	}
	stage, err := os.MkdirTemp(outDir, stagePrefix+l.part()+"-")
	if err != nil {
		lock.release()
		return nil, err
	}
	info.Digests = new(reports.Digests) // the writers' digests, for the manifest
	o := &outputs{out: outDir, stage: stage, lock: lock, layout: l, info: info, formats: formats,
		parts: map[string]*writerSet{}, chunks: map[string]int{}}
	var top []string
	for _, f := range formats {
		if !l.ByDay || !tableFormats[f] {
			top = append(top, f)
		}
	}
	if l.Rulings > 0 && slices.Contains(formats, "html") {
		o.rulings = newRulingWriter(stage, info, l.RulingSource)
	}
	if o.top, err = o.openSet(stage, top); err != nil {
		os.RemoveAll(stage)
		lock.release()
		return nil, err
	}
	parquetOut := slices.Contains(formats, "parquet")
	if parquetOut && !l.NoHandViews || l.Sessions {
		if o.sessions, err = reports.OpenSessions(stage, info); err != nil {
			_ = o.top.w.Abort()
			os.RemoveAll(stage)
			lock.release()
			return nil, err
		}
	}
	if l.MergedTables {
		if o.merged, err = reports.OpenMergedTables(stage, info); err != nil {
			o.abort()
			return nil, err
		}
	}
	if parquetOut && l.SessionHands {
		if o.sessionHands, err = reports.OpenSessionHands(stage, info); err != nil {
			o.abort()
			return nil, err
		}
	}
	return o, nil
}

// writeSession gives one ended table session to the HTML report's
// session views and writes it to sessions.parquet, if the run writes it.
func (o *outputs) writeSession(r *checks.SessionRun) error {
	o.top.w.EndSession(r)
	if o.sessions == nil {
		return nil
	}
	return o.sessions.Write(&reports.SessionRow{Site: r.Site, Tournament: r.Tournament, Table: r.Table,
		FirstHandID: r.FirstHand, LastHandID: r.LastHand, File: r.FirstFile, Line: int64(r.FirstLine),
		LastFile: r.LastFile, LastLine: int64(r.LastLine), StartedAt: r.Start, EndedAt: r.End,
		Hands: int64(r.Hands), Players: r.Players, PlayersTruncated: r.PlayersMore, Findings: int64(r.Findings),
		Currency: r.Currency, Scale: r.Scale})
}

func (o *outputs) openSet(dir string, formats []string) (*writerSet, error) {
	var m reports.Multi
	for _, f := range formats {
		w, err := reports.New(f)
		if err != nil {
			return nil, &ConfigError{err}
		}
		if f == "html" {
			opts := reports.HTMLOptions{NoHandViews: o.layout.NoHandViews, MaxHandViews: o.layout.HandViews,
				MaxSessionViews: o.layout.SessionViews, StoredViews: o.layout.StoredViews}
			if o.rulings != nil {
				opts.Rulings, opts.MaxRulings = o.rulings, o.layout.Rulings
			}
			w = reports.NewHTML(opts)
		}
		m = append(m, w)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	if err := m.Open(dir, o.info); err != nil {
		return nil, err
	}
	return &writerSet{dir: dir, w: m}, nil
}

// CheckInfos describes the catalog for the reports: IDs, titles, and the
// rule each check enforces under rs, with its text in English and Chinese.
func CheckInfos(rs *replay.Ruleset) []reports.CheckInfo {
	var out []reports.CheckInfo
	for _, c := range checks.Catalog() {
		ci := reports.CheckInfo{ID: c.ID, Title: c.Title, Severity: c.Severity, Rule: c.Rule(rs, hand.NoLimit)}
		if c.RuleKey != "" {
			cit := replay.Cite(rs, c.RuleKey)
			// A summary, or another version's wording, says so wherever
			// it is quoted (the HTML report, SARIF's help).
			ci.RuleText, ci.RuleTextZH = withWordingNote(cit.TextEN, cit.WordingNote("en")), withWordingNote(cit.TextZH, cit.WordingNote("zh"))
		}
		out = append(out, ci)
	}
	if checks.Lookup(duplicateID) == nil {
		out = append(out, reports.CheckInfo{ID: duplicateID, Severity: checks.Warning, Rule: duplicateRule,
			Title: "a hand ID already seen earlier in the run"})
	}
	return out
}

// withWordingNote is a quoted rule text with the note on whose words it
// is, when there is one.
func withWordingNote(text, note string) string {
	if text == "" || note == "" {
		return text
	}
	return text + " (" + note + ")"
}

// runID names a run by what it audited and how, so that the same inputs
// and rules give the same ID (and byte-identical outputs), and every shard
// of one sharded run has the same ID.
func runID(book *replay.Rulebook, sel checks.Selection, all []Input, shards int) string {
	h := sha256.New()
	rs := book.Default()
	fmt.Fprintf(h, "%s\n%s\n%s\n%s\n%d\n", ToolVersion, rs.Name, rs.Digest(), strings.Join(sel.IDs(), ","), shards)
	for _, room := range book.All()[1:] {
		fmt.Fprintf(h, "%s %s\n", room.Name, room.Digest())
	}
	for _, in := range all {
		fmt.Fprintf(h, "%s\n", in.Name)
	}
	return hex.EncodeToString(h.Sum(nil))[:16]
}

// inputsDigest is the sha256 of the whole run's input list (all shards).
func inputsDigest(all []Input) string {
	h := sha256.New()
	for _, in := range all {
		fmt.Fprintf(h, "%s\n", in.Name)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// fillHandResult sets hr to what the report writers are given for r.
func fillHandResult(hr *reports.HandResult, r *Result) {
	*hr = reports.HandResult{Hand: r.Hand, Trace: r.Trace, Findings: r.Findings,
		File: r.Input.Name, Line: r.Line, Format: string(r.Format)}
	if r.Session != nil && r.Session.Run > 0 {
		hr.Session = r.Session
	}
	if r.ParseError != nil {
		hr.Status = reports.StatusParseError
		hr.Error = r.ParseError.Msg
	} else if r.Hand == nil {
		hr.Status = reports.StatusParseError
		if len(r.Findings) > 0 {
			hr.Error = r.Findings[0].Message
		}
	}
}

// write writes one result. The writers use a HandResult only during the
// call, so one is reused for every hand.
func (o *outputs) write(r *Result) error {
	if o.sessionHands != nil && r.Hand != nil && r.Session != nil {
		// The hand's own format, which the rulebook reads (Rulebook.For).
		if err := o.sessionHands.Write(r.Input.Name, r.Hand.Format, r.Session); err != nil {
			return err
		}
	}
	fillHandResult(&o.hr, r)
	if o.rulings == nil {
		return o.writeHand(&o.hr)
	}
	o.rulings.before(r.Session)
	err := o.writeHand(&o.hr)
	o.rulings.after(r.Session)
	return err
}

// writeRows writes a hand read back from a shard's tables to a merge's
// Parquet tables, if it writes them: its rows, or made again from hr when
// the merge changed its findings.
func (o *outputs) writeRows(row *reports.HandRow, frs []reports.FindingRow, hr *reports.HandResult, changed bool) error {
	if o.merged == nil {
		return nil
	}
	return o.merged.WriteHand(*row, frs, hr, changed)
}

func (o *outputs) writeHand(hr *reports.HandResult) error {
	if err := o.top.write(hr); err != nil {
		return err
	}
	if !o.layout.ByDay {
		return nil
	}
	ws, err := o.partition(dayOf(hr.Hand))
	if err != nil {
		return err
	}
	return ws.write(hr)
}

// UndatedPartition is the day partition of hands without a date (parse
// errors among them): Hive's name for a partition whose value is null,
// which Hive, Spark, Trino and DuckDB read as NULL. Any other name would
// make an engine type dt as text on a run with one undated hand and as a
// date on a run without, and break date filters.
const UndatedPartition = "dt=__HIVE_DEFAULT_PARTITION__"

// dayOf is the partition of a hand: its start date in UTC.
func dayOf(h *hand.Hand) string {
	if h == nil || h.Start.IsZero() {
		return UndatedPartition
	}
	return "dt=" + h.Start.UTC().Format("2006-01-02")
}

func (o *outputs) partition(dt string) (*writerSet, error) {
	o.tick++
	if ws := o.parts[dt]; ws != nil {
		ws.used = o.tick
		return ws, nil
	}
	if len(o.parts) >= maxOpenPartitions {
		var lru *writerSet
		for _, ws := range o.parts {
			if lru == nil || ws.used < lru.used {
				lru = ws
			}
		}
		delete(o.parts, lru.dt)
		if err := lru.w.Close(); err != nil {
			return nil, err
		}
		o.closed = append(o.closed, lru)
	}
	var formats []string
	for _, f := range o.formats {
		if tableFormats[f] {
			formats = append(formats, f)
		}
	}
	k := o.chunks[dt]
	o.chunks[dt] = k + 1
	ws, err := o.openSet(filepath.Join(o.stage, dt, fmt.Sprintf("c%d", k)), formats)
	if err != nil {
		return nil, err
	}
	ws.dt, ws.chunk, ws.used = dt, k, o.tick
	o.parts[dt] = ws
	return ws, nil
}

// setNotAudited gives the reports that list them (HTML, JUnit) what the
// run did not audit.
func (o *outputs) setNotAudited(list []reports.NotAudited) {
	o.top.w.SetNotAudited(list)
}

// staged is one finished output file waiting to be renamed into place.
type staged struct {
	from string
	out  ManifestOutput
}

// close finishes every writer, moves the outputs into place and writes
// the manifest. A cancelled ctx stops it, with the outputs left as they
// were, until the moment the first output is moved into place: from there
// the commit (renames only) runs to its end, so that the folder never
// holds half of one run and half of another.
func (o *outputs) close(ctx context.Context, m *Manifest) error {
	if err := ctx.Err(); err != nil {
		o.abort()
		return err
	}
	if o.sessions != nil {
		if err := o.sessions.Close(); err != nil {
			o.abort()
			return err
		}
		o.sessionRows, o.sessions = o.sessions.Rows(), nil
	}
	if o.sessionHands != nil {
		if err := o.sessionHands.Close(); err != nil {
			o.abort()
			return err
		}
		o.sessionHandRows, o.sessionHands = o.sessionHands.Rows(), nil
	}
	if o.merged != nil {
		if err := o.merged.Close(); err != nil {
			o.abort()
			return err
		}
		o.mergedSettled, o.merged = o.merged.Settlements(), nil
	}
	sets := []*writerSet{o.top}
	dts := make([]string, 0, len(o.parts))
	for dt := range o.parts {
		dts = append(dts, dt)
	}
	slices.Sort(dts)
	for _, dt := range dts {
		sets = append(sets, o.parts[dt])
	}
	files, err := o.closeSets(ctx, sets)
	if err != nil && ctx.Err() != nil {
		// Writers may still be closing: they are not aborted under
		// their feet; what they finish stays in the staging folder,
		// which goes (or, if a writer still fills it, the next run
		// that owns --out removes it).
		os.RemoveAll(o.stage)
		o.lock.release()
		return ctx.Err()
	}
	if err != nil {
		o.abort() // the writers that did not fail closed; the staging folder goes
		return err
	}
	if err := ctx.Err(); err != nil {
		o.abort()
		return err
	}
	if o.rulings != nil {
		files = append(files, o.rulings.written...) // written as the HTML report closed
	}
	clear(o.parts)
	slices.SortFunc(files, func(a, b staged) int { return cmp.Compare(a.out.Path, b.out.Path) })
	m.Outputs = nil
	for _, f := range files {
		m.Outputs = append(m.Outputs, f.out)
	}
	err = o.commit(files, m)
	os.RemoveAll(o.stage)
	o.lock.release()
	return err
}

// closeSets closes the writers of sets and lists and hashes the files of
// those and of the sets closed before (o.closed). Each writer closes on a
// goroutine of its own, and hashes the files it finished: at the end of a
// run this is all that is left to do, and the writers' last encoding, their
// syncs to disk and the hashing share the cores and overlap instead of
// taking turns. A writer writes each file under a hidden name and renames
// it when complete, so a file listed under its final name is whole. It
// returns the first error, in the order of the writers.
func (o *outputs) closeSets(ctx context.Context, sets []*writerSet) ([]staged, error) {
	var (
		mu    sync.Mutex
		files []staged
		taken = map[string]bool{} // files listed, by path in the staging folder
	)
	collect := func(ws *writerSet) error {
		fs, err := o.collect(ws, func(from string) bool {
			mu.Lock()
			defer mu.Unlock()
			if taken[from] {
				return false
			}
			taken[from] = true
			return true
		})
		mu.Lock()
		files = append(files, fs...)
		mu.Unlock()
		return err
	}
	n := 0
	for _, ws := range sets {
		n += len(ws.w)
	}
	errs := make([]error, 0, n) // by writer, in order
	var wg sync.WaitGroup
	for _, ws := range sets {
		for _, w := range ws.w {
			errs = append(errs, nil)
			err := &errs[len(errs)-1]
			wg.Go(func() {
				if *err = w.Close(); *err == nil {
					*err = collect(ws)
				}
			})
		}
	}
	closed := make(chan struct{})
	go func() {
		wg.Wait()
		close(closed)
	}()
	select {
	case <-closed:
	case <-ctx.Done():
		// Stopping: the writers get stopGrace to end, no more (one may be
		// writing a large report). Their files are staged, never final.
		select {
		case <-closed:
		case <-time.After(stopGrace):
		}
		return nil, ctx.Err()
	}
	for _, err := range errs {
		if err != nil {
			return nil, err
		}
	}
	for _, ws := range append(sets, o.closed...) {
		if err := collect(ws); err != nil {
			return nil, err
		}
	}
	return files, nil
}

// collect lists and hashes the files a writer set wrote that take (which
// may be nil) accepts.
func (o *outputs) collect(ws *writerSet, take func(from string) bool) ([]staged, error) {
	ents, err := os.ReadDir(ws.dir)
	if err != nil {
		return nil, err
	}
	var out []staged
	for _, e := range ents {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		from := filepath.Join(ws.dir, e.Name())
		if take != nil && !take(from) {
			continue
		}
		p, table := o.layout.finalPath(e.Name(), ws.dt, ws.chunk)
		sum, size, err := o.outputDigest(from)
		if err != nil {
			return nil, err
		}
		mo := ManifestOutput{Path: p, Format: formatOf(e.Name()), Table: table, Partition: ws.dt, Bytes: size, SHA256: sum}
		switch table {
		case "findings":
			mo.Rows = ptr(ws.findings)
		case "hands":
			mo.Rows = ptr(ws.hands)
		case "settlements":
			for _, w := range ws.w {
				if pw, ok := w.(*reports.ParquetWriter); ok {
					mo.Rows = ptr(pw.Settlements())
				}
			}
			if o.layout.MergedTables && ws == o.top {
				mo.Rows = ptr(o.mergedSettled)
			}
		case "sessions":
			mo.Rows = ptr(o.sessionRows)
		case "session_hands":
			mo.Rows = ptr(o.sessionHandRows)
		}
		out = append(out, staged{from: from, out: mo})
	}
	return out, nil
}

func ptr(v int64) *int64 { return &v }

// formatOf names an output file's format by its extension.
func formatOf(name string) string {
	switch ext := strings.TrimPrefix(path.Ext(name), "."); ext {
	case "xml":
		return "junit"
	default:
		return ext
	}
}

// commit renames the staged files into place: the old manifest goes first,
// so that no manifest ever vouches for a mix of old and new files, and
// outputs of the previous run of the same shard that this run did not
// write again (a partition no longer present) are removed.
func (o *outputs) commit(files []staged, m *Manifest) error {
	mpath := filepath.Join(o.out, o.layout.ManifestName())
	var old []string
	if prev, err := ReadManifest(mpath); err == nil {
		for _, po := range prev.Outputs {
			old = append(old, po.Path)
		}
	}
	if err := os.Remove(mpath); err != nil && !errors.Is(err, os.ErrNotExist) {
		return err
	}
	written := map[string]bool{}
	for _, f := range files {
		dst := filepath.Join(o.out, filepath.FromSlash(f.out.Path))
		if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
			return err
		}
		if err := os.Rename(f.from, dst); err != nil {
			return err
		}
		written[f.out.Path] = true
	}
	for _, p := range old {
		if !written[p] && localPath(p) {
			os.Remove(filepath.Join(o.out, filepath.FromSlash(p)))
		}
	}
	return writeFileAtomic(mpath, func(w io.Writer) error { return m.Encode(w) })
}

// localPath reports whether a manifest path stays inside the output folder.
func localPath(p string) bool {
	return p != "" && filepath.IsLocal(filepath.FromSlash(p))
}

// abort stops every writer and removes the staging folder.
func (o *outputs) abort() {
	if o.sessions != nil {
		o.sessions.Abort()
	}
	if o.sessionHands != nil {
		o.sessionHands.Abort()
	}
	if o.merged != nil {
		o.merged.Abort()
	}
	_ = o.top.w.Abort()
	for _, ws := range o.parts {
		_ = ws.w.Abort()
	}
	os.RemoveAll(o.stage)
	o.lock.release()
}

// outputDigest is the sha256 and size of an output file: the digest its
// writer recorded as it wrote the file, or else the file's own, read back.
func (o *outputs) outputDigest(name string) (string, int64, error) {
	if d, ok := o.info.Digests.Take(name); ok {
		return d.SHA256, d.Size, nil
	}
	return readDigest(name)
}

// readDigest hashes a file by reading it (a variable for tests).
var readDigest = fileDigest

func fileDigest(name string) (string, int64, error) {
	f, err := os.Open(name)
	if err != nil {
		return "", 0, err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return "", 0, err
	}
	return hex.EncodeToString(h.Sum(nil)), n, nil
}
