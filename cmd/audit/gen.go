package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"strings"
	"syscall"
	"time"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/gen"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/replay"
)

func cmdGen(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("gen", "gen --hands N [--seed S] [--format phh|pokerstars|winamax|partypoker|ggpoker|ipoker|888poker] [--games LIST] [--sessions N] [--violations RATE] [--out FILE|DIR] [--labels FILE]\n\n"+
		"Generate synthetic legal hands played by random agents through the rules engine, with\n"+
		"injected violations (one per injected hand) and a JSONL labels file naming, for each,\n"+
		"the hand ID, the check ID that must report it and the action index. The output is the\n"+
		"same for a seed whatever the number of workers. --out DIR (an existing folder, or a path\n"+
		"ending in /) writes files of --shard-size hands each, which `audit run` reads in parallel.",
		[]string{"audit gen --hands 1000 --seed 7 > hands.phhs",
			"audit gen --hands 200000 --format pokerstars --out corpus/ --labels labels.jsonl",
			"audit gen --hands 5000 --games stud,razz --violations 0.1 --out games/"}, stdout)
	hands := fs.Int("hands", 1000, "number of hands")
	seed := fs.Uint64("seed", 1, "random seed")
	format := fs.String("format", "pokerstars", "output format: phh, pokerstars, winamax, partypoker, ggpoker, ipoker (XML), 888poker")
	games := fs.StringSlice("games", nil, "games to deal, comma-separated: "+strings.Join(gen.GameNames(), ", ")+
		" (default: hold'em and Omaha; the others are written in PHH only, short-deck in ipoker too)")
	rate := fs.Float64("violations", 0, "share of hands, 0 to 1, with one injected violation")
	out := fs.String("out", "-", "output file, folder (existing, or ending in /), or - for stdout")
	labels := fs.String("labels", "", "labels file (JSONL); default OUT.labels.jsonl beside the output, none for stdout")
	shard := fs.Int("shard-size", 10000, "hands per file when --out is a folder")
	rules := fs.String("rules", "", "rules preset the hands are played under: "+strings.Join(replay.PresetNames(), ", ")+" (default: the preset audit run picks for the format's hands: the room's preset for a room's format, tda-2024 for PHH)")
	house := fs.String("house", "", "house options TOML file the hands are played under (a [rake] section makes the hands raked)")
	workers := fs.Int("workers", runtime.GOMAXPROCS(0), "parallel workers")
	sessions := fs.Int("sessions", 0, "write table sessions of this many hands (every format but phh): stacks carried over, a moving button, players joining, leaving and sitting out; --violations injects session faults (session.missing-hand under a --house with [session] consecutive_hand_ids)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("gen takes no arguments")
	}
	if *hands < 0 {
		return usagef("--hands must not be negative")
	}
	if *rate < 0 || *rate > 1 {
		return usagef("--violations must be between 0 and 1")
	}
	if *shard <= 0 {
		return usagef("--shard-size must be positive")
	}
	f := parser.Format(*format)
	if !slices.Contains(gen.Formats(), f) {
		names := make([]string, 0, len(gen.Formats()))
		for _, f := range gen.Formats() {
			names = append(names, string(f))
		}
		return usagef("--format must be one of %s", strings.Join(names, ", "))
	}
	var rs *replay.Ruleset // nil: the generator picks what audit run would
	if *rules != "" || *house != "" {
		var err error
		if rs, err = batch.LoadRules(*rules, *house); err != nil {
			return usageError{err}
		}
	}
	g, err := gen.New(gen.Config{Seed: *seed, Format: f, Violations: *rate, Rules: rs, Games: *games, Sessions: *sessions})
	if err != nil {
		return usageError{err}
	}

	o := gen.Output{Hands: *hands, Workers: *workers, ShardSize: *shard}
	dest := *out
	switch st, err := os.Stat(dest); {
	case dest == "-":
		o.W = stdout
	case err == nil && st.IsDir(), strings.HasSuffix(dest, "/") || strings.HasSuffix(dest, string(filepath.Separator)):
		if err := os.MkdirAll(dest, 0o755); err != nil {
			return err
		}
		o.Dir = dest
	default:
		file, err := os.Create(dest)
		if err != nil {
			return err
		}
		defer file.Close()
		o.W = file
	}
	labelPath := *labels
	if labelPath == "" && dest != "-" {
		// Beside the output, not inside a folder: `audit run DIR` must
		// read only hands.
		labelPath = filepath.Clean(dest) + ".labels.jsonl"
	}
	if labelPath != "" {
		lf, err := os.Create(labelPath)
		if err != nil {
			return err
		}
		defer lf.Close()
		o.Labels = lf
	} else if *rate > 0 {
		fmt.Fprintln(stderr, "audit gen: writing to stdout without --labels: the labels are not written")
	}

	if os.Getenv("GOGC") == "" {
		// Generation allocates a replay per decision, all short-lived: a
		// larger heap target spends a third less CPU on collection.
		debug.SetGCPercent(400)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	start := time.Now()
	res, err := g.Write(ctx, o)
	if err != nil {
		return err
	}
	if c, ok := o.W.(io.Closer); ok && o.W != stdout {
		if err := c.Close(); err != nil {
			return err
		}
	}
	if c, ok := o.Labels.(io.Closer); ok {
		if err := c.Close(); err != nil {
			return err
		}
	}
	el := time.Since(start)
	injected := 0
	ids := make([]string, 0, len(res.Injected))
	for id, n := range res.Injected {
		injected += n
		ids = append(ids, id)
	}
	sort.Strings(ids)
	fmt.Fprintf(stderr, "audit gen: %d %s hands in %d file(s), %.1f MB, %d with an injected violation, in %s (%.0f hands/s)\n",
		res.Hands, f, res.Files, float64(res.Bytes)/1e6, injected, el.Round(time.Millisecond), float64(res.Hands)/max(el.Seconds(), 1e-9))
	for _, id := range ids {
		fmt.Fprintf(stderr, "  %-28s %d\n", id, res.Injected[id])
	}
	if labelPath != "" {
		fmt.Fprintf(stderr, "labels: %s\n", labelPath)
	}
	return nil
}
