package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"runtime"
	"syscall"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/checks"
)

var version = batch.ToolVersion

func cmdRun(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("run", "run [flags] INPUT...\n\nAudit hand histories: files, folders (recursive), globs, .gz, .zip, or - for stdin.", stderr)
	out := fs.String("out", "audit-out", "output folder")
	formats := fs.StringSlice("format", []string{"parquet", "html"}, "outputs to write: parquet, html, jsonl, arrow, sarif, junit")
	summary := fs.String("summary", "", "also write the run summary as JSON to this file")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at or above this severity: info, warning, error")
	rules := fs.String("rules", "tda-2024", "rules preset: tda-2024, tda-2019")
	house := fs.String("house", "", "house options TOML file (odd chip, limit cap, rake, ...)")
	only := fs.StringSlice("only", nil, "run only these checks (IDs or prefixes such as pot.)")
	skip := fs.StringSlice("skip", nil, "skip these checks (IDs or prefixes)")
	lang := fs.String("lang", "en", "report language: en, zh")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "parallel workers")
	inputsFrom := fs.String("inputs-from", "", "read more inputs from this file, one per line")
	maxFile := fs.Int64("max-file-bytes", 8<<30, "largest decompressed input accepted, in bytes (0 = no limit)")
	logFormat := fs.String("log-format", "text", "log format on stderr: text, json")
	progress := fs.String("progress", "auto", "progress on stderr: auto (when a terminal), always, never")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() == 0 && *inputsFrom == "" {
		return usagef("no inputs: give files, folders, globs or -")
	}
	sev, err := checks.ParseSeverity(*failOn)
	if err != nil {
		return usageError{err}
	}
	if *lang != "en" && *lang != "zh" {
		return usagef("--lang must be en or zh")
	}
	logger, err := newLogger(*logFormat, stderr)
	if err != nil {
		return err
	}
	onProgress, done, err := progressPrinter(*progress, stderr)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := batch.Audit(ctx, batch.Options{
		Args: fs.Args(), InputsFrom: *inputsFrom, OutDir: *out, Formats: *formats,
		SummaryFile: *summary, FailOn: sev, Rules: *rules, HouseFile: *house,
		Only: *only, Skip: *skip, Lang: *lang, Workers: *workers, MaxFileBytes: *maxFile,
		Stdin: os.Stdin, Stdout: stdout, Stderr: stderr, Logger: logger, OnProgress: onProgress,
	})
	done()
	var ce *batch.ConfigError
	switch {
	case errors.As(err, &ce):
		return usageError{ce.Err}
	case errors.Is(err, context.Canceled):
		fmt.Fprintln(stderr, "audit run: interrupted; no output was completed")
		return exitError{exitIO}
	case err != nil:
		return err
	}
	s := res.Summary
	logger.Info("run finished", "files", s.Files, "hands", s.Hands, "parse_errors", s.ParseErrors,
		"errors", s.BySeverity[checks.Error], "warnings", s.BySeverity[checks.Warning],
		"elapsed", s.Elapsed.String())
	if s.IOErrors > 0 {
		return exitError{exitIO}
	}
	if res.Failed {
		return exitError{exitFindings}
	}
	return nil
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
