package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"runtime"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

var version = batch.ToolVersion

func cmdRun(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", "run [flags] INPUT...\n\nAudit hand histories: files, folders (recursive), globs, .gz, .zip, or - for stdin.", []string{
		"audit run logs/ --out audit-out                     audit a folder: report.html, findings.parquet, ...",
		"audit run 'logs/2024-05-*.txt' --fail-on warning    CI: exit 1 on a warning or worse",
		"audit run logs/ --format sarif,junit --fail-on none  for a pipeline's test and code-scanning views",
		"audit run logs/ --state .audit-state --partition day nightly: re-audit only what changed",
		"zcat day.txt.gz | audit run - --summary s.json       read standard input"}, stdout)
	out := fs.String("out", "audit-out", "output folder")
	formats := fs.StringSlice("format", []string{"parquet", "html"}, "outputs to write: parquet, html, jsonl, arrow, sarif, junit")
	summary := fs.String("summary", "", "also write the run summary as JSON to this file")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at or above this severity: info, warning, error, or none (never)")
	rules := fs.String("rules", "", "rules preset for every hand: "+strings.Join(replay.PresetNames(), ", ")+" (default: a room's preset for the hands whose record names the room, tda-2024 for the rest)")
	house := fs.String("house", "", "house options TOML file (odd chip, limit cap, rake, ...) for every hand, over --rules")
	only := fs.StringSlice("only", nil, "run only these checks (IDs or prefixes such as pot.)")
	skip := fs.StringSlice("skip", nil, "skip these checks (IDs or prefixes)")
	lang := fs.String("lang", "en", "report language: en, zh")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "parallel workers")
	inputsFrom := fs.String("inputs-from", "", "read more inputs from this file, one per line")
	maxFile := fs.Int64("max-file-bytes", 8<<30, "largest input accepted, in bytes read and in bytes decompressed; a larger or endless one (a device, a pipe) is an I/O error (0 = no limit)")
	maxHand := fs.Int("max-hand-bytes", parser.DefaultMaxHandBytes, "largest hand accepted, in bytes; a larger one is a parse error and reading goes on")
	logFormat := fs.String("log-format", "text", "log format on stderr: text, json")
	progress := fs.String("progress", "auto", "progress on stderr: auto (when a terminal), always, never")
	state := fs.String("state", "", "incremental runs: remember each input's sha256 and results in this folder and reuse them for unchanged inputs")
	partition := fs.String("partition", "none", "partition the tables (parquet, arrow, jsonl) by hand date: none, day (dt=YYYY-MM-DD folders)")
	shardIndex := fs.Int("shard-index", 0, "audit only this shard's inputs, 0-based (default: $JOB_COMPLETION_INDEX or $HANDAUDIT_SHARD_INDEX)")
	shardCount := fs.Int("shard-count", 1, "number of shards the inputs are split into (default: $HANDAUDIT_SHARD_COUNT)")
	rulings := fs.Int("rulings", reports.DefaultRulings, "how many hands with a hand view, the worst, link to their ruling (the audit explain --format html document) in rulings/ beside report.html (the worst, by severity and then by money at stake); 0 for none: every hand view gives the audit explain command")
	sessionViews := fs.Int("session-views", reports.DefaultSessionViews, "how many table sessions get a session view in report.html (hands in order, each player's stack, the findings marked): those with the most session findings")
	handViews := fs.Int("hand-views", reports.DefaultHandViews, "how many flagged hands get a hand view in report.html: the worst, by severity and then by money at stake; every other row gives its audit explain command")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	idx, count, err := shardFlags(fs.Changed("shard-index"), *shardIndex, fs.Changed("shard-count"), *shardCount, os.Getenv)
	if err != nil {
		return err
	}
	if *handViews < 1 {
		return usagef("--hand-views must be at least 1")
	}
	if *sessionViews < 1 {
		return usagef("--session-views must be at least 1")
	}
	if *rulings < 0 {
		return usagef("--rulings must be 0 (none) or more")
	}
	if fs.NArg() == 0 && *inputsFrom == "" {
		return usagef("no inputs: give files, folders, globs or -")
	}
	sev, logger, err := reportFlags(*failOn, *lang, *logFormat, stderr)
	if err != nil {
		return err
	}
	onProgress, done, err := progressPrinter(*progress, stderr)
	if err != nil {
		return err
	}
	// The first SIGINT or SIGTERM stops the run cleanly (staged outputs
	// removed, the previous ones left as they were); a second one ends the
	// process at once.
	ctx, intr, stop := onInterrupt()
	defer stop()
	res, err := batch.Audit(ctx, batch.Options{
		Args: fs.Args(), InputsFrom: *inputsFrom, OutDir: *out, Formats: *formats,
		SummaryFile: *summary, FailOn: sev, Rules: *rules, HouseFile: *house,
		Only: *only, Skip: *skip, Lang: *lang, Workers: *workers, MaxFileBytes: *maxFile, MaxHandBytes: *maxHand,
		StateDir: *state, Partition: *partition, ShardIndex: idx, ShardCount: count, HandViews: *handViews, SessionViews: *sessionViews, Rulings: rulingsOpt(*rulings),
		Stdin: os.Stdin, Stderr: stderr, Logger: logger, OnProgress: onProgress,
	})
	done() // the progress line goes before anything else is printed
	var ce *batch.ConfigError
	switch {
	case errors.As(err, &ce):
		return usageError{ce.Err}
	case errors.Is(err, context.Canceled) && intr.signal() != nil:
		logger.Warn("run interrupted", "signal", intr.name())
		fmt.Fprintf(stderr, "audit run: interrupted by %s: stopped before the outputs were complete; nothing was written to %s (its previous outputs are as they were)\n", intr.name(), *out)
		return exitError{intr.exitCode()}
	case err != nil:
		return err
	}
	if intr.signal() != nil {
		fmt.Fprintf(stderr, "audit run: %s came while the outputs were being moved into place: the run had completed\n", intr.name())
	}
	s := res.Summary
	logger.Info("run finished", "files", s.Files, "files_reused", s.Reused, "hands", s.Hands, "parse_errors", s.ParseErrors,
		"errors", s.BySeverity[checks.Error], "warnings", s.BySeverity[checks.Warning],
		"elapsed_seconds", s.Elapsed.Seconds())
	printSummary(stdout, s, idx, count, *out)
	if code := runExitCode(s, res.Failed); code != exitOK {
		return exitError{code}
	}
	return nil
}

// runExitCode says how a finished run ends. Every code but 1 says the
// audit is incomplete, and they outrank findings (1), so that a script
// never mistakes an incomplete audit for a complete one with findings: an
// input that could not be read, or a folder that could not be listed (3),
// outranks hands left unaudited by a bug (4), which outranks inputs in a
// format handaudit does not read (5): the first may pass on a retry, the
// second needs a fix, the third a reader for the format.
func runExitCode(s *batch.Summary, failed bool) int {
	switch {
	case s.IOErrors > 0 || s.SkippedByReason()[batch.SkipUnreadable] > 0:
		return exitIO
	case s.Internal > 0:
		return exitInternal
	case len(s.Unsupported) > 0:
		return exitUnsupported
	case failed:
		return exitFindings
	}
	return exitOK
}

// reportFlags checks the flags run and merge share: the severity that
// fails the run, the report language and the log format.
func reportFlags(failOn, lang, logFormat string, stderr io.Writer) (checks.Severity, *slog.Logger, error) {
	sev, err := parseFailOn(failOn)
	if err != nil {
		return 0, nil, err
	}
	if lang != "en" && lang != "zh" {
		return 0, nil, usagef("--lang must be en or zh")
	}
	logger, err := newLogger(logFormat, stderr)
	if err != nil {
		return 0, nil, err
	}
	return sev, logger, nil
}

func newLogger(format string, w io.Writer) (*slog.Logger, error) {
	switch format {
	case "text":
		return slog.New(slog.NewTextHandler(w, &slog.HandlerOptions{Level: slog.LevelWarn})), nil
	case "json":
		return slog.New(slog.NewJSONHandler(w, &slog.HandlerOptions{Level: slog.LevelInfo})), nil
	}
	return nil, usagef("--log-format must be text or json")
}

// shardFlags resolves the shard of this run: the flags when given, else
// $JOB_COMPLETION_INDEX (set by a Kubernetes Indexed Job) or
// $HANDAUDIT_SHARD_INDEX, and $HANDAUDIT_SHARD_COUNT.
func shardFlags(idxSet bool, idx int, countSet bool, count int, getenv func(string) string) (int, int, error) {
	envInt := func(name string) (int, bool, error) {
		v := strings.TrimSpace(getenv(name))
		if v == "" {
			return 0, false, nil
		}
		n, err := strconv.Atoi(v)
		if err != nil {
			return 0, false, usagef("$%s=%q is not a number", name, v)
		}
		return n, true, nil
	}
	if !idxSet {
		for _, name := range []string{"JOB_COMPLETION_INDEX", "HANDAUDIT_SHARD_INDEX"} {
			n, ok, err := envInt(name)
			if err != nil {
				return 0, 0, err
			}
			if ok {
				idx = n
				break
			}
		}
	}
	if !countSet {
		n, ok, err := envInt("HANDAUDIT_SHARD_COUNT")
		if err != nil {
			return 0, 0, err
		}
		if ok {
			count = n
		}
	}
	if count < 1 {
		return 0, 0, usagef("--shard-count must be at least 1")
	}
	if idx < 0 || idx >= count {
		return 0, 0, usagef("--shard-index %d is out of range for --shard-count %d (0 to %d)", idx, count, count-1)
	}
	return idx, count, nil
}

// printSummary prints the run's summary once, on standard output, after
// the progress line is gone: the counts, the findings by check, and where
// the outputs are.
func printSummary(w io.Writer, s *batch.Summary, idx, count int, out string) {
	batch.WriteTextSummary(w, s)
	shard := ""
	if count > 1 {
		shard = fmt.Sprintf("shard %d/%d: ", idx, count)
	}
	fmt.Fprintf(w, "%soutputs in %s\n", shard, out)
}

// parseFailOn reads --fail-on: a severity, or "none" for a run that never
// exits 1 for its findings (a nightly job whose findings are its output).
func parseFailOn(s string) (checks.Severity, error) {
	if s == "none" {
		return checks.Error + 1, nil
	}
	sev, err := checks.ParseSeverity(s)
	if err != nil {
		return 0, usagef("--fail-on: %v", err)
	}
	return sev, nil
}

// rulingsOpt is the batch option for --rulings N: N, or -1 for none.
func rulingsOpt(n int) int {
	if n == 0 {
		return -1
	}
	return n
}
