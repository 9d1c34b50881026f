package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"strings"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/explain"
	"github.com/handaudit/handaudit/replay"
)

const explainUsage = `explain FILE (--hand ID | --line N) [flags]

Replay one hand and lay out the ruling: the setup and positions, every action
with the stack and pot after it and the legal betting window before it (amount
to call, minimum and maximum raise-to, whether betting was open and why), the
pots, the showdown order, each hand's best five, the awards with odd chips,
the record's claims against the rules' outcome, every finding with its rule
quoted, and a verdict. A hand that could not be read is explained as a parse
error: where it is and why.

Exit codes: 0 clean, 1 findings at or above --fail-on (or a parse error),
2 usage error (no such hand), 3 I/O error.`

func cmdExplain(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("explain", explainUsage, []string{
		"audit explain logs/table-7.txt --hand 249531188007",
		"audit explain logs/table-7.txt --line 120 --format html > hand.html",
		"audit explain hand.phh --line 1 --compare-rules tda-2019,tda-2024",
		"audit explain logs/table-7.txt --line 120 --format json | jq .settlement"}, stdout)
	handID := fs.String("hand", "", "the hand's ID as recorded")
	line := fs.Int("line", 0, "the hand that spans this line of FILE (instead of --hand)")
	format := fs.String("format", "text", "output: text, json, html")
	lang := fs.String("lang", "en", "language of labels and rule texts: en, zh")
	color := fs.String("color", "auto", "colour the text: auto (when a terminal), always, never")
	rules := fs.String("rules", "", "rules preset: "+strings.Join(replay.PresetNames(), ", ")+" (default: the preset of the room the record names, else tda-2024)")
	house := fs.String("house", "", "house options TOML file (odd chip, smallest chip, limit cap, rake, ...)")
	compare := fs.StringSlice("compare-rules", nil, "show where the rulings differ between these presets, e.g. tda-2019,tda-2024 or tda-2024,pokerstars")
	failOn := fs.String("fail-on", "error", "exit 1 when a finding is at or above this severity: info, warning, error")
	only := fs.StringSlice("only", nil, "report only these checks (IDs or prefixes such as pot.)")
	skip := fs.StringSlice("skip", nil, "skip these checks (IDs or prefixes)")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		return usagef("give exactly one FILE (got %d)", fs.NArg())
	}
	file := fs.Arg(0)
	if *handID != "" && *line != 0 {
		return usagef("give --hand or --line, not both")
	}
	if *line < 0 {
		return usagef("--line must be positive")
	}
	switch *format {
	case "text", "json", "html":
	default:
		return usagef("--format must be text, json or html")
	}
	if *lang != "en" && *lang != "zh" {
		return usagef("--lang must be en or zh")
	}
	sev, err := checks.ParseSeverity(*failOn)
	if err != nil {
		return usageError{err}
	}
	sel, err := checks.Select(*only, *skip)
	if err != nil {
		return usageError{err}
	}
	useColor, err := wantColor(*color, stdout)
	if err != nil {
		return err
	}
	presets := []string{*rules}
	if len(*compare) > 0 {
		if len(*compare) < 2 {
			return usagef("--compare-rules needs at least two presets, e.g. tda-2019,tda-2024")
		}
		presets = *compare
	}
	rulesets := make([]*replay.Ruleset, len(presets))
	for k, p := range presets {
		if rulesets[k], err = batch.LoadRules(strings.TrimSpace(p), *house); err != nil {
			return usageError{err}
		}
	}

	src, err := explain.Load(file, *handID, *line)
	var nf *explain.HandNotFoundError
	switch {
	case errors.As(err, &nf):
		return usageError{nf}
	case err != nil:
		return err
	}
	if *rules == "" && *house == "" && len(presets) == 1 && src.Hand != nil {
		// No rules named: the hand is judged as audit run judges it, by
		// the preset of the room its record names.
		book, err := batch.LoadRulebook("", "")
		if err != nil {
			return err
		}
		rulesets[0] = book.For(src.Hand)
	}
	o := explain.Options{Lang: *lang, Color: useColor, FailOn: sev, ToolVersion: version}
	bw := bufio.NewWriter(stdout)
	failed, err := explain.Write(bw, *format, src, rulesets, sel, o)
	if err == nil {
		err = bw.Flush()
	}
	if err != nil {
		return err
	}
	if failed {
		return exitError{exitFindings}
	}
	return nil
}

// wantColor decides whether to colour the text: auto colours only a
// terminal, and never when NO_COLOR is set.
func wantColor(mode string, w io.Writer) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto":
		if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
			return false, nil
		}
		f, ok := w.(*os.File)
		if !ok {
			return false, nil
		}
		fi, err := f.Stat()
		return err == nil && fi.Mode()&os.ModeCharDevice != 0, nil
	}
	return false, usagef("--color must be auto, always or never")
}
