package batch

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// ToolVersion is handaudit's version, written into every output's metadata.
const ToolVersion = "0.1.0"

// Options is everything `audit run` can be asked to do.
type Options struct {
	Args       []string // files, folders, globs, "-"
	InputsFrom string   // a file listing inputs, one per line

	OutDir      string
	Formats     []string // parquet, html, jsonl, arrow, sarif, junit
	SummaryFile string   // write the summary JSON here ("" = none)
	FailOn      checks.Severity

	// Rules is the preset every hand is judged under; with neither Rules
	// nor HouseFile, a hand whose record names a room is judged under that
	// room's preset, and every other hand under the default (LoadRulebook).
	Rules     string
	HouseFile string // house options TOML ("" = none)
	Only      []string
	Skip      []string
	Lang      string

	Workers      int
	MaxFileBytes int64
	// MaxHandBytes bounds the text of one hand (0: the parser's default);
	// a larger hand is a parse error and reading goes on.
	MaxHandBytes int

	// StateDir, if set, keeps each input's digest and results there, so
	// that a later run reuses the results of unchanged inputs.
	StateDir string
	// Partition is "none" (or "") or "day": tables in dt=YYYY-MM-DD folders.
	Partition string
	// ShardIndex of ShardCount: audit only this shard's inputs (ShardOf).
	ShardIndex, ShardCount int
	// HandViews is how many flagged hands, the worst, get a hand view in
	// report.html (0: reports.DefaultHandViews).
	HandViews int
	// SessionViews is how many table sessions, those with the most
	// session findings, get a view in report.html (0:
	// reports.DefaultSessionViews).
	SessionViews int
	// Rulings is how many hands with a hand view, the worst, also get
	// their ruling (the audit explain --format html document) written
	// into rulings/ beside report.html, linked from the view: 0 the
	// default (reports.DefaultRulings), -1 none.
	Rulings int

	Stdin  io.Reader
	Stdout io.Writer // the human summary
	Stderr io.Writer
	Logger *slog.Logger
	// OnProgress is called with progress snapshots (from one goroutine).
	OnProgress func(Progress)
}

// Outcome is the result of Audit: the summary and the exit status it implies.
type Outcome struct {
	Summary *Summary
	// Failed is true when a finding is at or above FailOn.
	Failed bool
}

// LoadRules resolves a preset name and an optional house file into a Ruleset.
func LoadRules(name, houseFile string) (*replay.Ruleset, error) {
	rs, err := replay.Preset(name)
	if err != nil {
		return nil, err
	}
	if houseFile != "" {
		f, err := os.Open(houseFile)
		if err != nil {
			return nil, err
		}
		defer f.Close()
		rs, err = replay.LoadHouse(f, rs)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", houseFile, err)
		}
	}
	return &rs, nil
}

// LoadRulebook resolves the rules of a run: with a preset name or a house
// file, every hand is judged under them (LoadRules); with neither, each
// hand whose record names a room is judged under that room's preset (a
// house file shipped with the tool) and every other hand under the default
// preset.
func LoadRulebook(name, houseFile string) (*replay.Rulebook, error) {
	if name != "" || houseFile != "" {
		rs, err := LoadRules(name, houseFile)
		if err != nil {
			return nil, err
		}
		return replay.FixedRules(rs), nil
	}
	rs := replay.Default()
	return replay.RoomRules(&rs)
}

// Audit runs a whole audit: expands the inputs, keeps this shard's, runs
// the pipeline, and writes the requested outputs, the manifest and the
// summary. Configuration errors are returned as *ConfigError so the CLI
// can tell them from I/O errors.
func Audit(ctx context.Context, o Options) (*Outcome, error) {
	start := time.Now()
	book, err := LoadRulebook(o.Rules, o.HouseFile)
	if err != nil {
		return nil, &ConfigError{err}
	}
	rs := book.Default()
	sel, err := checks.Select(o.Only, o.Skip)
	if err != nil {
		return nil, &ConfigError{err}
	}
	layout := Layout{ShardIndex: o.ShardIndex, ShardCount: max(o.ShardCount, 1), HandViews: o.HandViews, SessionViews: o.SessionViews,
		Rulings: rulingsCap(o.Rulings)}
	// A shard keeps each hand's session record for the merge, which
	// judges the tables whole (docs/sessions.md).
	layout.SessionHands = layout.ShardCount > 1 && sessionsSelected(sel)
	switch o.Partition {
	case "", "none":
	case "day":
		layout.ByDay = true
	default:
		return nil, &ConfigError{fmt.Errorf("--partition must be none or day, not %q", o.Partition)}
	}
	if layout.ShardIndex < 0 || layout.ShardIndex >= layout.ShardCount {
		return nil, &ConfigError{fmt.Errorf("shard index %d out of range for %d shards", layout.ShardIndex, layout.ShardCount)}
	}
	all, skippedAll, err := ExpandInputs(o.Args, o.InputsFrom)
	if err != nil {
		return nil, &ConfigError{err}
	}
	if len(all) == 0 {
		return nil, &ConfigError{fmt.Errorf("no inputs in %s%s", argsText(o.Args, o.InputsFrom), skippedNote(skippedAll))}
	}
	inputs := ShardInputs(all, layout.ShardIndex, layout.ShardCount)
	skipped := shardSkipped(skippedAll, layout.ShardIndex, layout.ShardCount)
	for _, in := range all {
		if in.Name == Stdin && layout.ShardCount > 1 {
			return nil, &ConfigError{fmt.Errorf("stdin (-) cannot be sharded: give files")}
		}
	}
	formats, err := normaliseFormats(o.Formats)
	if err != nil {
		return nil, &ConfigError{err}
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	limits := parser.Limits{MaxHandBytes: o.MaxHandBytes}
	var state *State
	if o.StateDir != "" {
		if state, err = OpenState(o.StateDir, book, sel, limits); err != nil {
			return nil, err
		}
		defer state.Close()
	}
	names := make([]string, len(inputs))
	for i, in := range inputs {
		names[i] = in.Name
	}
	info := reports.RunInfo{
		ToolVersion: ToolVersion, Ruleset: rs.Name, HouseDigest: rs.Digest(),
		RunID: runID(book, sel, all, layout.ShardCount), Inputs: names, Lang: o.Lang, FailOn: o.FailOn,
		Checks: CheckInfos(rs),
	}
	if err := os.MkdirAll(o.OutDir, 0o755); err != nil {
		return nil, err
	}
	lock, err := lockOut(o.OutDir, layout.part())
	if err != nil {
		return nil, err
	}
	var key string
	if state != nil {
		key = runKey(state, &o, info.RunID, formats, layout, skipped)
		if m := state.unchanged(ctx, key, o.OutDir, layout, inputs, o.Workers, o.MaxFileBytes); m != nil {
			lock.release()
			o.Logger.Info("nothing changed since the last run with this --state: its outputs are in place, verified against their manifest",
				"out", o.OutDir, "inputs", len(inputs))
			sum := summaryOf(m)
			sum.Elapsed = time.Since(start)
			return report(sum, o.Stdout, o.SummaryFile, o.FailOn)
		}
		if err := ctx.Err(); err != nil {
			lock.release()
			return nil, err
		}
	}
	out, err := openOutputs(o.OutDir, layout, formats, info, lock)
	if err != nil {
		return nil, err
	}
	for _, sk := range skipped {
		logSkipped(o.Logger, sk)
	}
	o.Logger.Info("run starting", "inputs", len(inputs), "inputs_all", len(all), "shard", layout.ShardIndex,
		"shards", layout.ShardCount, "workers", o.Workers, "out", o.OutDir)
	cfg := Config{Reuse: true, Inputs: inputs, Workers: o.Workers, Rules: rs, Rulebook: book, Selection: sel,
		SessionsPerInput: layout.ShardCount > 1,
		MaxFileBytes:     o.MaxFileBytes, Limits: limits, Stdin: o.Stdin, Logger: o.Logger, OnProgress: o.OnProgress, State: state}
	cfg.OnSession = out.writeSession
	sum, err := Run(ctx, cfg, out.write)
	if err != nil {
		out.abort()
		return nil, err
	}
	sum.addSkipped(skipped)
	if sum.ParseErrors > 0 && checks.Lookup(parseErrorID) != nil && !sel.Has(parseErrorID) {
		o.Logger.Warn("hands that could not be read are not reported as findings: parse.error is not among the checks run (--only, --skip); they are parse-error rows in the hands table and counted in the summary",
			"parse_errors", sum.ParseErrors)
	}
	m := &Manifest{
		ManifestVersion: ManifestVersion, Tool: "handaudit", ToolVersion: ToolVersion,
		SchemaVersion: reports.SchemaVersion, Ruleset: rs.Name, RulesVersion: rs.Version, House: rs.House,
		HouseDigest: rs.Digest(), Checks: sel.IDs(), RunID: info.RunID,
		ShardIndex: layout.ShardIndex, ShardCount: layout.ShardCount, Partition: "none",
		InputsTotal: len(all), InputsDigest: inputsDigest(all), Rulesets: manifestRulesets(book),
	}
	if layout.ByDay {
		m.Partition = "day"
	}
	m.Inputs, m.Totals = totalsOf(sum)
	m.Skipped = manifestSkipped(skipped)
	out.setNotAudited(notAudited(sum.Skipped, sum.Unsupported))
	sum.Rulesets = m.Rulesets
	res, err := finish(ctx, out, m, sum, o.Stdout, o.SummaryFile, o.FailOn)
	if err == nil && state != nil {
		state.remember(key, o.OutDir, layout, filepath.Join(o.OutDir, layout.ManifestName()), sum, inputs)
	}
	return res, err
}

// finish ends a run or a merge: it writes the manifest (which commits the
// outputs), the text summary to stdout and the JSON summary file, when
// asked, and says whether the run failed at failOn.
func finish(ctx context.Context, out *outputs, m *Manifest, sum *Summary, stdout io.Writer, summaryFile string, failOn checks.Severity) (*Outcome, error) {
	if err := out.close(ctx, m); err != nil {
		return nil, err
	}
	return report(sum, stdout, summaryFile, failOn)
}

// report writes a run's text summary to stdout and its JSON summary file,
// when asked, and says whether the run failed at failOn.
func report(sum *Summary, stdout io.Writer, summaryFile string, failOn checks.Severity) (*Outcome, error) {
	if stdout != nil {
		WriteTextSummary(stdout, sum)
	}
	if summaryFile != "" {
		if err := writeFileAtomic(summaryFile, func(w io.Writer) error { return WriteJSONSummary(w, sum) }); err != nil {
			return nil, err
		}
	}
	return &Outcome{Summary: sum, Failed: failed(sum, failOn)}, nil
}

// failed reports whether a finding is at or above failOn.
func failed(sum *Summary, failOn checks.Severity) bool {
	for s := failOn; int(s) < len(sum.BySeverity); s++ {
		if sum.BySeverity[s] > 0 {
			return true
		}
	}
	return false
}

// ConfigError is a bad flag value or option file: a usage error.
type ConfigError struct{ Err error }

func (e *ConfigError) Error() string { return e.Err.Error() }
func (e *ConfigError) Unwrap() error { return e.Err }

// KnownFormats lists the output formats `--format` accepts.
var KnownFormats = []string{"parquet", "html", "jsonl", "arrow", "sarif", "junit"}

func normaliseFormats(in []string) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	for _, f := range in {
		for _, p := range strings.Split(f, ",") {
			p = strings.ToLower(strings.TrimSpace(p))
			if p == "" || seen[p] {
				continue
			}
			ok := false
			for _, k := range KnownFormats {
				ok = ok || k == p
			}
			if !ok {
				return nil, fmt.Errorf("unknown --format %q (known: %s)", p, strings.Join(KnownFormats, ", "))
			}
			seen[p] = true
			out = append(out, p)
		}
	}
	return out, nil
}

// summaryJSON is the --summary file. Keys are only ever added, never renamed.
type summaryJSON struct {
	Files          int             `json:"files"`
	Hands          int64           `json:"hands"`
	ParseErrors    int64           `json:"parse_errors"`
	IOErrors       int64           `json:"io_errors"`
	InternalErrors int64           `json:"internal_errors"`
	Findings       summaryFindings `json:"findings"`
	ElapsedSeconds float64         `json:"elapsed_seconds"`
	HandsPerSecond float64         `json:"hands_per_second"`
	InputsParsed   int             `json:"inputs_parsed"`
	InputsReused   int             `json:"inputs_reused"`
	// Skipped counts what was not audited, by reason: folder entries
	// (not a regular file, symlink loop, unreadable, not a hand history
	// by name) and files in no recognised format found in folders.
	Skipped map[string]int64 `json:"skipped"`
	// Unsupported counts the inputs in formats handaudit does not read,
	// and their hands (counted by their headers), apart from parse errors.
	Unsupported summaryUnsupported `json:"unsupported"`
	// Rulesets: every ruleset hands were judged under (Manifest.Rulesets).
	Rulesets []ManifestRuleset `json:"rulesets,omitempty"`
	// ImpliedRake: the rake the records imply without stating it (PHH),
	// by currency.
	ImpliedRake map[string]ImpliedRake `json:"implied_rake,omitempty"`
}

type summaryUnsupported struct {
	Inputs  int64                         `json:"inputs"`
	Hands   int64                         `json:"hands"`
	Formats map[string]summaryUnsupported `json:"formats,omitempty"`
}

// unsupportedSummary counts unsupported inputs, in all and by format.
func unsupportedSummary(us []UnsupportedInput) summaryUnsupported {
	out := summaryUnsupported{Formats: map[string]summaryUnsupported{}}
	for _, u := range us {
		f := out.Formats[u.Format]
		f.Inputs++
		f.Hands += u.Hands
		out.Formats[u.Format] = f
		out.Inputs++
		out.Hands += u.Hands
	}
	return out
}

type summaryFindings struct {
	ByCheck    map[string]int64 `json:"by_check"`
	BySeverity map[string]int64 `json:"by_severity"`
}

// WriteJSONSummary writes the summary as the --summary JSON document.
func WriteJSONSummary(w io.Writer, s *Summary) error {
	sec := s.Elapsed.Seconds()
	rate := 0.0
	if sec > 0 {
		rate = float64(s.Hands) / sec
	}
	doc := summaryJSON{
		Files: s.Files, Hands: s.Hands, ParseErrors: s.ParseErrors, IOErrors: s.IOErrors,
		InternalErrors: s.Internal,
		Findings: summaryFindings{ByCheck: s.ByCheck, BySeverity: map[string]int64{
			"error": s.BySeverity[checks.Error], "warning": s.BySeverity[checks.Warning], "info": s.BySeverity[checks.Info]}},
		ElapsedSeconds: sec, HandsPerSecond: rate, InputsParsed: s.Parsed, InputsReused: s.Reused,
		Skipped: s.SkippedByReason(), Unsupported: unsupportedSummary(s.Unsupported),
		Rulesets: s.Rulesets, ImpliedRake: s.ImpliedRake(),
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(doc) // encoding/json sorts map keys: stable output
}

// argsText names what a run was asked to read, for an error: the
// arguments quoted, and the --inputs-from file.
func argsText(args []string, inputsFrom string) string {
	var parts []string
	for _, a := range args {
		parts = append(parts, strconv.Quote(a))
	}
	if inputsFrom != "" {
		parts = append(parts, "--inputs-from "+strconv.Quote(inputsFrom))
	}
	return strings.Join(parts, ", ")
}

// Count is n and the noun, plural unless n is 1: "1 finding", "2 findings".
func Count(n int64, noun string) string {
	if n == 1 {
		return "1 " + noun
	}
	return fmt.Sprintf("%d %ss", n, noun)
}

// WriteTextSummary prints the run's summary for a person.
func WriteTextSummary(w io.Writer, s *Summary) {
	sec := s.Elapsed.Seconds()
	rate := 0.0
	if sec > 0 {
		rate = float64(s.Hands) / sec
	}
	reused := ""
	if s.Reused > 0 {
		reused = fmt.Sprintf(" (%d unchanged, results reused)", s.Reused)
	}
	sev := s.BySeverity
	fmt.Fprintf(w, "%s%s, %s, %s, %s (%s, %s, %d info) in %.2fs, %.0f hands/s\n",
		Count(int64(s.Files), "file"), reused, Count(s.Hands, "hand"), Count(s.ParseErrors, "parse error"),
		Count(sev[checks.Error]+sev[checks.Warning]+sev[checks.Info], "finding"),
		Count(sev[checks.Error], "error"), Count(sev[checks.Warning], "warning"), sev[checks.Info], sec, rate)
	if n, hands := unsupportedTotals(s.Unsupported); n > 0 {
		fmt.Fprintf(w, "in formats not read: %s, %s (counted by their headers) not audited\n", Count(int64(n), "input"), Count(hands, "hand"))
	}
	if len(s.Skipped) > 0 {
		fmt.Fprintf(w, "not audited: %d (%s)\n", len(s.Skipped), skippedCounts(s.Skipped))
	}
	ids := make([]string, 0, len(s.ByCheck))
	for id := range s.ByCheck {
		ids = append(ids, id)
	}
	sort.Strings(ids)
	for _, id := range ids {
		fmt.Fprintf(w, "  %-28s %d\n", id, s.ByCheck[id])
	}
	rake := s.ImpliedRake()
	curs := make([]string, 0, len(rake))
	for c := range rake {
		curs = append(curs, c)
	}
	sort.Strings(curs)
	for _, c := range curs {
		fmt.Fprintf(w, "implied rake (%s): %s in %s\n", c, rake[c].Total, Count(rake[c].Hands, "hand"))
	}
}

// writeFileAtomic writes a file through a temporary name in the same
// folder, syncs it and renames it into place, so a reader never sees a
// half-written file under the final name.
func writeFileAtomic(name string, write func(io.Writer) error) error {
	dir := filepath.Dir(name)
	f, err := os.CreateTemp(dir, "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	ok := false
	defer func() {
		if !ok {
			f.Close()
			os.Remove(tmp)
		}
	}()
	if err := write(f); err != nil {
		return err
	}
	if err := f.Chmod(0o644); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(tmp, name); err != nil {
		return err
	}
	ok = true
	return nil
}

// rulingsCap is Layout.Rulings for an option: 0 the default, -1 none.
func rulingsCap(n int) int {
	switch {
	case n < 0:
		return 0
	case n == 0:
		return reports.DefaultRulings
	}
	return n
}
