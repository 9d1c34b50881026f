package main

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/reports"
)

func cmdMerge(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("merge", "merge [flags] DIR...\n\n"+
		"Combine the outputs of a sharded run. Each DIR holds shards' outputs and manifests\n"+
		"(manifest-part-*.json); all shards of the run must be there, each once. Every\n"+
		"manifest is checked (same tool, ruleset, house options, checks and input list) and\n"+
		"every output file's size and sha256 are verified before anything is written.\n"+
		"The combined report and summary are built from the shards' Parquet tables, and the\n"+
		"report's hand views from those the shards' reports hold. The table sessions are\n"+
		"judged whole, across the shards, from the hands' records the shards kept, and\n"+
		"written to sessions.parquet.",
		[]string{"audit merge /shared/out --out /shared/merged",
			"audit merge /shared/out --verify",
			"audit merge shard-0/ shard-1/ --format html,sarif --summary merged.json"}, stdout)
	out := fs.String("out", "audit-merged", "output folder")
	formats := fs.StringSlice("format", []string{"html"}, "outputs to write: html, jsonl, sarif, junit, parquet (the run's findings, hands and settlements tables whole)")
	summary := fs.String("summary", "", "also write the merged summary as JSON to this file")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at or above this severity: info, warning, error, or none (never)")
	lang := fs.String("lang", "en", "report language: en, zh")
	verify := fs.Bool("verify", false, "only verify the shards (manifests and output digests); write nothing")
	rulings := fs.Int("rulings", reports.DefaultRulings, "how many hands with a hand view, the worst, link to their ruling (the audit explain --format html document) in rulings/ beside report.html (copied from the shards' folders); 0 for none: every hand view gives the audit explain command")
	handViews := fs.Int("hand-views", reports.DefaultHandViews, "how many flagged hands get a hand view in report.html: the worst of those the shards' reports show")
	sessionViews := fs.Int("session-views", reports.DefaultSessionViews, "how many table sessions get a session view in report.html: those with the most session findings, as audit run draws them")
	logFormat := fs.String("log-format", "text", "log format on stderr: text, json")
	rules := fs.String("rules", "", "the shards' --rules, if they ran with --house (to judge the table sessions under the same rules)")
	house := fs.String("house", "", "the shards' --house file, if they ran with one (its digest must match the shards')")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if *rulings < 0 {
		return usagef("--rulings must be 0 (none) or more")
	}
	if *sessionViews < 1 {
		return usagef("--session-views must be at least 1")
	}
	if fs.NArg() == 0 {
		return usagef("give the folders holding the shards' outputs")
	}
	sev, logger, err := reportFlags(*failOn, *lang, *logFormat, stderr)
	if err != nil {
		return err
	}
	ctx, intr, stop := onInterrupt()
	defer stop()
	res, err := batch.Merge(ctx, batch.MergeOptions{
		Dirs: fs.Args(), OutDir: *out, Formats: *formats, SummaryFile: *summary, Lang: *lang,
		FailOn: sev, VerifyOnly: *verify, Logger: logger, HandViews: *handViews, Rulings: rulingsOpt(*rulings),
		SessionViews: *sessionViews, Rules: *rules, HouseFile: *house,
	})
	var ce *batch.ConfigError
	switch {
	case errors.As(err, &ce):
		return usageError{ce.Err}
	case errors.Is(err, context.Canceled) && intr.signal() != nil:
		fmt.Fprintf(stderr, "audit merge: interrupted by %s: nothing was written to %s (its previous outputs are as they were)\n", intr.name(), *out)
		return exitError{intr.exitCode()}
	case err != nil:
		return err
	}
	s := res.Summary
	if *verify {
		fmt.Fprintf(stderr, "audit merge: verified: %d inputs, %d hands, %d findings; every output matches its manifest\n",
			s.Files, s.Hands, s.BySeverity[checks.Error]+s.BySeverity[checks.Warning]+s.BySeverity[checks.Info])
	} else {
		printSummary(stdout, s, 0, 1, *out)
	}
	if code := runExitCode(s, res.Failed); code != exitOK {
		return exitError{code}
	}
	return nil
}
