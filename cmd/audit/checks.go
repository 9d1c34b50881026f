package main

import (
	"io"
	"strings"

	"github.com/handaudit/handaudit/batch"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/replay"
)

func cmdChecks(args []string, stdout, stderr io.Writer) error {
	fs := newFlagSet("checks", "checks [--rules PRESET] [--house FILE]\n\nPrint the check catalog: each check's ID, severity, rule and explanation.",
		[]string{"audit checks", "audit checks --rules tda-2019", "audit checks --rules pokerstars --house house.toml"}, stdout)
	rules := fs.String("rules", "tda-2024", "rules preset whose rule numbers to cite: "+strings.Join(replay.PresetNames(), ", "))
	house := fs.String("house", "", "house options TOML file")
	if err := parseFlags(fs, args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return usagef("checks takes no arguments")
	}
	rs, err := batch.LoadRules(*rules, *house)
	if err != nil {
		return usageError{err}
	}
	return checks.WriteCatalog(stdout, rs)
}
