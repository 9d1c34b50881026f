package batch

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// MergeOptions is what `audit merge` is asked to do.
type MergeOptions struct {
	Dirs        []string // folders holding the shards' outputs and manifests
	OutDir      string
	Formats     []string // html, jsonl, sarif, junit
	SummaryFile string
	Lang        string
	FailOn      checks.Severity
	// VerifyOnly checks the manifests and output digests and writes nothing.
	VerifyOnly bool
	// HandViews is how many flagged hands, the worst of those the shards'
	// reports hold views of, get one in the merged report (0: the default).
	HandViews int
	// SessionViews is how many table sessions get a view in the merged
	// report (0: reports.DefaultSessionViews), as Options.SessionViews.
	SessionViews int
	// Rulings is how many of the merged report's hand views, the worst,
	// link to their rulings, copied from the shards' folders into
	// rulings/ beside it: 0 the default, -1 none.
	Rulings int
	// Rules and HouseFile are the shards' --rules and --house, needed
	// only to judge the table sessions when the shards used a house file
	// (mergeRulebook).
	Rules, HouseFile string
	Stdout           io.Writer
	Logger           *slog.Logger
}

// MergeFormats are the outputs a merge can write. Parquet is the run's
// findings, hands and settlements tables whole, the shards' rows with the
// session findings judged across the shards (not partitioned by day);
// Arrow is not written: the shards' files are the dataset.
var MergeFormats = []string{"html", "jsonl", "sarif", "junit", "parquet"}

// ShardSet is a complete, verified set of shard manifests of one run.
type ShardSet struct {
	Manifests []*Manifest // by shard index
	Dirs      []string    // the folder of each manifest
	Refs      []ManifestRef
}

// VerifyError lists everything wrong with a set of shards.
type VerifyError struct{ Problems []string }

func (e *VerifyError) Error() string {
	const show = 20
	p := e.Problems
	more := ""
	if len(p) > show {
		more = fmt.Sprintf("\n  ... and %d more", len(p)-show)
		p = p[:show]
	}
	return fmt.Sprintf("the shards do not form one complete run (%d problems):\n  %s%s", len(e.Problems), strings.Join(p, "\n  "), more)
}

var manifestName = regexp.MustCompile(`^manifest(-part-\d{5}-of-\d{5})?\.json$`)

// LoadShards finds the manifests in dirs and verifies that they are the
// complete set of shards of one run: same tool, schema, ruleset, house
// options, checks, run ID, shard count and input list; every index from 0
// to N-1 exactly once; every input in the shard it hashes to and in no
// other; and every output file present with the size and sha256 its
// manifest records.
func LoadShards(dirs []string) (*ShardSet, error) {
	var ms []*Manifest
	var mdirs []string
	var refs []ManifestRef
	var problems []string
	for _, d := range dirs {
		ents, err := os.ReadDir(d)
		if err != nil {
			return nil, err
		}
		found := 0
		for _, e := range ents {
			if e.IsDir() || !manifestName.MatchString(e.Name()) {
				continue
			}
			p := filepath.Join(d, e.Name())
			m, err := ReadManifest(p)
			if err != nil {
				problems = append(problems, err.Error())
				continue
			}
			sum, _, err := fileDigest(p)
			if err != nil {
				return nil, err
			}
			if len(m.MergedFrom) > 0 {
				continue // the manifest of an earlier merge
			}
			found++
			ms = append(ms, m)
			mdirs = append(mdirs, d)
			refs = append(refs, ManifestRef{Path: filepath.ToSlash(p), ShardIndex: m.ShardIndex, SHA256: sum})
		}
		if found == 0 {
			problems = append(problems, fmt.Sprintf("%s: no shard manifest (manifest.json or manifest-part-*.json)", d))
		}
	}
	if len(ms) == 0 {
		return nil, &VerifyError{problems}
	}
	first := ms[0]
	n := first.ShardCount
	byIndex := make([]int, max(n, 0))
	for i := range byIndex {
		byIndex[i] = -1
	}
	for i, m := range ms {
		for _, f := range [][3]string{
			{"tool", m.Tool, first.Tool},
			{"tool version", m.ToolVersion, first.ToolVersion},
			{"schema version", m.SchemaVersion, first.SchemaVersion},
			{"ruleset", m.Ruleset, first.Ruleset},
			{"house digest", m.HouseDigest, first.HouseDigest},
			{"checks", strings.Join(m.Checks, ","), strings.Join(first.Checks, ",")},
			{"run ID", m.RunID, first.RunID},
			{"partitioning", m.Partition, first.Partition},
			{"input list digest", m.InputsDigest, first.InputsDigest},
			{"shard count", fmt.Sprint(m.ShardCount), fmt.Sprint(n)},
			{"input count", fmt.Sprint(m.InputsTotal), fmt.Sprint(first.InputsTotal)},
		} {
			if f[1] != f[2] {
				problems = append(problems, fmt.Sprintf("%s: %s %q differs from %s's %q", refs[i].Path, f[0], f[1], refs[0].Path, f[2]))
			}
		}
		if m.ShardIndex < 0 || m.ShardIndex >= n {
			problems = append(problems, fmt.Sprintf("%s: shard index %d out of range for %d shards", refs[i].Path, m.ShardIndex, n))
			continue
		}
		if j := byIndex[m.ShardIndex]; j >= 0 {
			problems = append(problems, fmt.Sprintf("shard %d appears twice: %s and %s", m.ShardIndex, refs[j].Path, refs[i].Path))
			continue
		}
		byIndex[m.ShardIndex] = i
	}
	var missing []string
	for k, i := range byIndex {
		if i < 0 {
			missing = append(missing, fmt.Sprint(k))
		}
	}
	if len(missing) > 0 {
		problems = append(problems, fmt.Sprintf("missing shards (of %d): %s", n, strings.Join(missing, ", ")))
	}
	if len(problems) > 0 {
		return nil, &VerifyError{problems}
	}
	set := &ShardSet{}
	seen := map[string]int{}
	inputs := 0
	for k, i := range byIndex {
		m := ms[i]
		set.Manifests = append(set.Manifests, m)
		set.Dirs = append(set.Dirs, mdirs[i])
		set.Refs = append(set.Refs, refs[i])
		for _, in := range m.Inputs {
			inputs++
			if s, dup := seen[in.Name]; dup {
				problems = append(problems, fmt.Sprintf("input %s is in shards %d and %d", in.Name, s, k))
			}
			seen[in.Name] = k
			if want := ShardOf(in.Name, n); want != k {
				problems = append(problems, fmt.Sprintf("input %s is in shard %d but belongs to shard %d", in.Name, k, want))
			}
		}
		for _, o := range m.Outputs {
			problems = append(problems, verifyOutput(mdirs[i], refs[i].Path, o)...)
		}
	}
	if inputs != first.InputsTotal {
		problems = append(problems, fmt.Sprintf("the shards hold %d inputs; the run had %d", inputs, first.InputsTotal))
	}
	if len(problems) > 0 {
		return nil, &VerifyError{problems}
	}
	return set, nil
}

func verifyOutput(dir, manifest string, o ManifestOutput) []string {
	if !localPath(o.Path) {
		return []string{fmt.Sprintf("%s: output path %q leaves the output folder", manifest, o.Path)}
	}
	p := filepath.Join(dir, filepath.FromSlash(o.Path))
	sum, size, err := fileDigest(p)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return []string{fmt.Sprintf("%s: output %s is missing", manifest, p)}
	case err != nil:
		return []string{fmt.Sprintf("%s: %v", manifest, err)}
	case size != o.Bytes || sum != o.SHA256:
		return []string{fmt.Sprintf("%s: output %s has changed (%d bytes, sha256 %s; the manifest says %d bytes, %s)",
			manifest, p, size, sum, o.Bytes, o.SHA256)}
	}
	return nil
}

// Merge verifies a set of shards and writes the combined reports and
// summary from the shards' Parquet tables. The shards' rows are read back
// shard by shard, in each shard's input order. The Parquet tables keep a
// hand's header and findings, not its actions, so the merged HTML report
// has no hand views (open a shard's report, or `audit explain`).
func Merge(ctx context.Context, o MergeOptions) (*Outcome, error) {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	start := time.Now()
	set, err := LoadShards(o.Dirs)
	if err != nil {
		return nil, err
	}
	first := set.Manifests[0]
	o.Logger.Info("shards verified", "shards", len(set.Manifests), "run_id", first.RunID)
	for k, m := range set.Manifests {
		if len(tablePairs(m)) == 0 && len(m.Inputs) > 0 {
			return nil, &ConfigError{fmt.Errorf("shard %d (%s) has no Parquet tables: run the shards with --format parquet", k, set.Refs[k].Path)}
		}
	}
	var skipped []Skipped
	var unsupported []UnsupportedInput
	for _, m := range set.Manifests {
		skipped = append(skipped, skippedOf(m)...)
		for _, in := range m.Inputs {
			if in.Unsupported != "" {
				unsupported = append(unsupported, UnsupportedInput{Name: in.Name, Format: in.Unsupported, Hands: in.UnsupportedHands})
			}
		}
	}
	slices.SortStableFunc(unsupported, func(a, b UnsupportedInput) int { return cmp.Compare(a.Name, b.Name) })
	if o.VerifyOnly {
		sum := &Summary{Files: first.InputsTotal, ByCheck: map[string]int64{}, Unsupported: unsupported}
		for _, m := range set.Manifests {
			addTotals(sum, m)
		}
		sum.addSkipped(skipped)
		sum.Elapsed = time.Since(start)
		return &Outcome{Summary: sum, Failed: failed(sum, o.FailOn)}, nil
	}
	formats := o.Formats
	if len(formats) == 0 {
		formats = []string{"html"}
	}
	if formats, err = normaliseFormats(formats); err != nil {
		return nil, &ConfigError{err}
	}
	for _, f := range formats {
		if !slices.Contains(MergeFormats, f) {
			return nil, &ConfigError{fmt.Errorf("merge writes %s, not %s: the shards' Arrow files are already one dataset", strings.Join(MergeFormats, ", "), f)}
		}
	}
	rs, err := replay.Preset(first.Ruleset)
	if err != nil {
		rs, _ = replay.Preset("tda-2024")
	}
	var all []ManifestInput
	for _, m := range set.Manifests {
		all = append(all, m.Inputs...)
	}
	slices.SortFunc(all, func(a, b ManifestInput) int { return cmp.Compare(a.Name, b.Name) })
	names := make([]string, len(all))
	for i, in := range all {
		names[i] = in.Name
	}
	info := reports.RunInfo{ToolVersion: first.ToolVersion, Ruleset: first.Ruleset, HouseDigest: first.HouseDigest,
		SchemaVersion: first.SchemaVersion, RunID: first.RunID, Inputs: names, Lang: o.Lang, FailOn: o.FailOn,
		Checks: CheckInfos(&rs)}
	views, err := shardViews(set)
	if err != nil {
		return nil, err
	}
	sessions, err := mergeSessionsOn(set, o)
	if err != nil {
		return nil, err
	}
	tables := slices.Contains(formats, "parquet")
	formats = slices.DeleteFunc(formats, func(f string) bool { return f == "parquet" }) // rows, not hands: MergedTables
	out, err := openOutputs(o.OutDir, Layout{StoredViews: views.view, HandViews: o.HandViews, SessionViews: o.SessionViews, Sessions: sessions != nil,
		MergedTables: tables, Rulings: rulingsCap(o.Rulings), RulingSource: views.rulingSource}, formats, info, nil)
	if err != nil {
		return nil, err
	}
	var verdicts sessionVerdicts
	var inViews map[viewKey]*checks.SessionHand // the records of the hands of the sessions the report draws
	if sessions != nil {
		rank := make(map[string]int, len(names))
		for i, n := range names {
			rank[n] = i
		}
		var werr error
		var spool *sessionSpool
		var onHand func(string, *checks.SessionHand)
		if slices.Contains(formats, "html") {
			// The session views: the records spooled as judged; once
			// every session has ended and the report knows which it
			// draws, those sessions' hands' records are read back, to go
			// with the hands as they are written, as in one run.
			if spool, err = newSessionSpool(out.stage); err != nil {
				out.abort()
				return nil, err
			}
			defer spool.remove()
			onHand = func(input string, s *checks.SessionHand) {
				if err := spool.add(input, s); err != nil && werr == nil {
					werr = err
				}
			}
		}
		verdicts, err = judgeShards(ctx, set, rank, sessions.book, sessions.sel, func(r *checks.SessionRun) {
			if err := out.writeSession(r); err != nil && werr == nil {
				werr = err
			}
		}, onHand)
		if err == nil {
			err = werr
		}
		if err == nil && spool != nil {
			inViews, err = spool.viewed(out.top.w.ViewedSessions())
			spool.remove()
		}
		if err != nil {
			out.abort()
			return nil, err
		}
	}
	sum := &Summary{Files: first.InputsTotal, ByCheck: map[string]int64{}}
	var read int64 // findings as the shards' tables hold them
	var want Summary
	want.ByCheck = map[string]int64{}
	for k, m := range set.Manifests {
		addTotals(&want, m)
		for _, pair := range tablePairs(m) {
			if err := ctx.Err(); err != nil {
				out.abort()
				return nil, err
			}
			err := readPair(set.Dirs[k], pair, func(row *reports.HandRow, frs []reports.FindingRow) error {
				hr := resultFromRows(row, frs)
				read += int64(len(hr.Findings))
				v := verdicts[viewKey{hr.File, hr.Line}]
				if v != nil {
					v.applyTo(hr)
				}
				hr.Session = inViews[viewKey{hr.File, hr.Line}]
				countRow(sum, hr)
				if err := out.writeRows(row, frs, hr, v != nil); err != nil {
					return err
				}
				return out.writeHand(hr)
			})
			if err != nil {
				out.abort()
				return nil, fmt.Errorf("shard %d: %w", k, err)
			}
		}
	}
	if tables {
		for k, m := range set.Manifests {
			if err := copySettlements(set.Dirs[k], m, out); err != nil {
				out.abort()
				return nil, fmt.Errorf("shard %d: %w", k, err)
			}
		}
	}
	sum.IOErrors = want.IOErrors
	sum.addSkipped(skipped)
	sum.Unsupported = unsupported
	out.setNotAudited(notAudited(sum.Skipped, sum.Unsupported))
	if sum.Hands != want.Hands || read != totalFindings(&want) {
		out.abort()
		return nil, &VerifyError{[]string{fmt.Sprintf("the shards' tables hold %d hands and %d findings; their manifests say %d and %d",
			sum.Hands, read, want.Hands, totalFindings(&want))}}
	}
	sum.Elapsed = time.Since(start)
	m := &Manifest{
		ManifestVersion: ManifestVersion, Tool: first.Tool, ToolVersion: first.ToolVersion,
		SchemaVersion: first.SchemaVersion, Ruleset: first.Ruleset, RulesVersion: first.RulesVersion,
		House: first.House, HouseDigest: first.HouseDigest, Checks: first.Checks, RunID: first.RunID,
		ShardIndex: 0, ShardCount: first.ShardCount, Partition: first.Partition,
		InputsTotal: first.InputsTotal, InputsDigest: first.InputsDigest, Inputs: all,
		Rulesets: first.Rulesets, MergedFrom: set.Refs,
	}
	sum.impliedRake = want.impliedRake // the tables do not hold it: the shards' manifests do
	_, m.Totals = totalsOf(sum)
	for _, sm := range set.Manifests {
		m.Skipped = append(m.Skipped, sm.Skipped...)
	}
	slices.SortStableFunc(m.Skipped, func(a, b ManifestSkipped) int { return cmp.Compare(a.Name, b.Name) })
	sum.Rulesets = m.Rulesets
	return finish(ctx, out, m, sum, o.Stdout, o.SummaryFile, o.FailOn)
}

// copySettlements writes a shard's settlement rows into the merged
// settlements table.
func copySettlements(dir string, m *Manifest, out *outputs) error {
	for _, o := range m.Outputs {
		if o.Format != "parquet" || o.Table != "settlements" {
			continue
		}
		rows, err := parquet.ReadFile[reports.SettlementRow](filepath.Join(dir, filepath.FromSlash(o.Path)))
		if err != nil {
			return fmt.Errorf("%s: %w", o.Path, err)
		}
		if err := out.merged.WriteSettlements(rows); err != nil {
			return err
		}
	}
	return nil
}

// viewIndex finds the hand views the shards' reports hold, by the file
// and line each names: a merged report, rebuilt from the shards' tables
// (which keep no actions), shows the hands the shards showed.
type viewIndex struct {
	at    map[viewKey]viewRef
	rules [][]string // by report
	paths []string   // by report
}

type viewKey struct {
	file string
	line int
}

type viewRef struct {
	report int
	off, n int64
}

// shardViews indexes the views of every shard's HTML report.
func shardViews(set *ShardSet) (*viewIndex, error) {
	vi := &viewIndex{at: map[viewKey]viewRef{}}
	for k, m := range set.Manifests {
		for _, o := range m.Outputs {
			if o.Format != "html" || !localPath(o.Path) || isRuling(o.Path) {
				continue
			}
			path := filepath.Join(set.Dirs[k], filepath.FromSlash(o.Path))
			page, err := os.ReadFile(path)
			if err != nil {
				return nil, fmt.Errorf("shard %d: %w", k, err)
			}
			report := len(vi.paths)
			rules, err := reports.ReadStoredViews(page, func(file string, line int, off, n int64) {
				vi.at[viewKey{file, line}] = viewRef{report, off, n}
			})
			if err != nil {
				return nil, fmt.Errorf("shard %d: %s: %w", k, o.Path, err)
			}
			vi.paths = append(vi.paths, path)
			vi.rules = append(vi.rules, rules)
		}
	}
	return vi, nil
}

// view reads the stored view of the hand at file and line, if a shard's
// report holds one.
func (vi *viewIndex) view(file string, line int) (reports.StoredView, bool) {
	ref, ok := vi.at[viewKey{file, line}]
	if !ok {
		return reports.StoredView{}, false
	}
	f, err := os.Open(vi.paths[ref.report])
	if err != nil {
		return reports.StoredView{}, false
	}
	defer f.Close()
	b := make([]byte, ref.n)
	if _, err := f.ReadAt(b, ref.off); err != nil {
		return reports.StoredView{}, false
	}
	return reports.StoredView{JSON: b, Rules: vi.rules[ref.report]}, true
}

// skippedOf lists what a shard did not audit: its folder entries
// skipped, and its inputs skipped for their content.
func skippedOf(m *Manifest) []Skipped {
	var out []Skipped
	for _, sk := range m.Skipped {
		out = append(out, Skipped(sk))
	}
	for _, in := range m.Inputs {
		if in.Skipped != "" {
			out = append(out, Skipped{Name: in.Name, Reason: in.Skipped})
		}
	}
	return out
}

// addTotals adds a manifest's totals to a summary.
func addTotals(s *Summary, m *Manifest) {
	t := m.Totals
	s.Hands += t.Hands
	s.ParseErrors += t.ParseErrors
	s.IOErrors += t.IOErrors
	s.Internal += t.InternalErrors
	for k, v := range t.ByCheck {
		s.ByCheck[k] += v
	}
	for i, name := range []string{"info", "warning", "error"} {
		s.BySeverity[i] += t.BySeverity[name]
	}
	// A total that does not read as an amount (not written by this tool)
	// is left out of the sum.
	_ = addImpliedRake(s, t.ImpliedRake)
}

// tablePair is a shard's hands and findings Parquet files of one partition
// chunk (or of the whole shard).
type tablePair struct{ hands, findings ManifestOutput }

// tablePairs lists a manifest's Parquet tables, paired, in path order.
func tablePairs(m *Manifest) []tablePair {
	find := map[string]ManifestOutput{}
	for _, o := range m.Outputs {
		if o.Format == "parquet" && o.Table == "findings" {
			find[strings.Replace(o.Path, "findings", "", 1)] = o
		}
	}
	var out []tablePair
	for _, o := range m.Outputs {
		if o.Format == "parquet" && o.Table == "hands" {
			if f, ok := find[strings.Replace(o.Path, "hands", "", 1)]; ok {
				out = append(out, tablePair{hands: o, findings: f})
			}
		}
	}
	return out
}

// readPair reads a hands table and its findings table together: the
// findings of each hand follow one another in the findings table, in hand
// order, and the hand's row counts them.
func readPair(dir string, p tablePair, fn func(*reports.HandRow, []reports.FindingRow) error) error {
	hf, err := os.Open(filepath.Join(dir, filepath.FromSlash(p.hands.Path)))
	if err != nil {
		return err
	}
	defer hf.Close()
	ff, err := os.Open(filepath.Join(dir, filepath.FromSlash(p.findings.Path)))
	if err != nil {
		return err
	}
	defer ff.Close()
	hr := parquet.NewGenericReader[reports.HandRow](hf)
	defer hr.Close()
	fr := parquet.NewGenericReader[reports.FindingRow](ff)
	defer fr.Close()
	hands := make([]reports.HandRow, 1024)
	finds := make([]reports.FindingRow, 0, 1024)
	fbuf := make([]reports.FindingRow, 1024)
	fdone := false
	// next returns the next k finding rows.
	next := func(k int) ([]reports.FindingRow, error) {
		for len(finds) < k && !fdone {
			n, err := fr.Read(fbuf)
			finds = append(finds, fbuf[:n]...)
			if err == io.EOF {
				fdone = true
			} else if err != nil {
				return nil, fmt.Errorf("%s: %w", p.findings.Path, err)
			}
		}
		if len(finds) < k {
			return nil, fmt.Errorf("%s: fewer finding rows than %s counts", p.findings.Path, p.hands.Path)
		}
		out := slices.Clone(finds[:k])
		finds = finds[:copy(finds, finds[k:])]
		return out, nil
	}
	for {
		n, rerr := hr.Read(hands)
		for i := range hands[:n] {
			row := &hands[i]
			frs, err := next(int(row.Findings))
			if err != nil {
				return err
			}
			if err := fn(row, frs); err != nil {
				return err
			}
		}
		if rerr == io.EOF {
			break
		}
		if rerr != nil {
			return fmt.Errorf("%s: %w", p.hands.Path, rerr)
		}
	}
	if rest, _ := next(1); len(rest) > 0 {
		return fmt.Errorf("%s: more finding rows than %s counts", p.findings.Path, p.hands.Path)
	}
	return nil
}

// resultFromRows rebuilds what the report writers need of a hand from its
// table rows: the header, the claimed and computed totals, the findings.
func resultFromRows(row *reports.HandRow, frs []reports.FindingRow) *reports.HandResult {
	r := &reports.HandResult{File: row.File, Line: int(row.Line), Format: row.Format, Status: row.Status, Error: row.Error}
	for i := range frs {
		r.Findings = append(r.Findings, findingFromRow(&frs[i]))
	}
	if row.Status == reports.StatusParseError {
		return r
	}
	h := &hand.Hand{Format: row.Format, Site: row.Site, ID: row.HandID, Table: row.Table, Start: row.StartedAt,
		Currency: row.Currency, Scale: row.Scale, Tournament: row.Tournament,
		Pos: hand.Pos{File: row.File, Line: int(row.Line)}, End: int(row.EndLine)}
	h.Game.Variant = parseVariant(row.Game)
	h.Game.Structure = parseStructure(row.Structure)
	h.Stakes.SmallBlind, h.Stakes.BigBlind, h.Stakes.Ante = amount(row.SmallBlind), amount(row.BigBlind), amount(row.Ante)
	if row.Players != nil {
		h.Seats = make([]hand.Seat, *row.Players)
	}
	if row.TotalPot != nil {
		h.Outcome.TotalPot, h.Outcome.HasTotalPot = hand.Amount(*row.TotalPot), true
	}
	if row.Rake != nil {
		h.Outcome.Rake, h.Outcome.HasRake = hand.Amount(*row.Rake), true
	}
	r.Hand = h
	if row.ComputedPot != nil {
		r.Trace = &replay.Trace{Hand: h, Supported: true, TotalPot: hand.Amount(*row.ComputedPot)}
	}
	return r
}

func amount(p *int64) hand.Amount {
	if p == nil {
		return 0
	}
	return hand.Amount(*p)
}

func parseVariant(s string) hand.Variant {
	for v := hand.Variant(1); v < 64; v++ {
		if v.String() == s {
			return v
		}
	}
	return hand.UnknownVariant
}

func parseStructure(s string) hand.Structure {
	for v := hand.Structure(1); v < 16; v++ {
		if v.String() == s {
			return v
		}
	}
	return hand.UnknownStructure
}

func findingFromRow(r *reports.FindingRow) checks.Finding {
	sev, err := checks.ParseSeverity(r.Severity)
	if err != nil {
		sev = checks.Error
	}
	f := checks.Finding{CheckID: r.CheckID, Severity: sev, Rule: r.Rule, Message: r.Message, HandID: r.HandID,
		Table: r.Table, StartedAt: r.StartedAt, File: r.File, Line: int(r.Line), Street: r.Street,
		ActionIndex: -1, Seat: int(r.Seat), Player: r.Player, Currency: r.Currency, Scale: r.Scale}
	if r.ActionIndex != nil {
		f.ActionIndex = int(*r.ActionIndex)
	}
	if r.Expected != nil {
		f.Expected, f.HasExpected = hand.Amount(*r.Expected), true
	}
	if r.Recorded != nil {
		f.Recorded, f.HasRecorded = hand.Amount(*r.Recorded), true
	}
	return f
}

// countRow counts a rebuilt hand in a summary, as count does a Result: a
// parse-error row is a parse error (whether or not parse.error was among
// the checks run), unless a bug stopped the reading of its input.
func countRow(s *Summary, r *reports.HandResult) {
	if r.Hand != nil {
		s.Hands++
	}
	if r.Status == reports.StatusParseError && !slices.ContainsFunc(r.Findings, func(f checks.Finding) bool { return f.CheckID == internalErrorID }) {
		s.ParseErrors++
	}
	countFindings(s, r.Findings)
}
