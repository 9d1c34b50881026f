package checks_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// TestWriteCatalog compares `audit checks` output with its golden file
// (go test -run TestWriteCatalog -update ./checks/ rewrites it).
func TestWriteCatalog(t *testing.T) {
	rs := replay.Default()
	var b bytes.Buffer
	if err := checks.WriteCatalog(&b, &rs); err != nil {
		t.Fatal(err)
	}
	golden := filepath.Join("testdata", "catalog.golden")
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(golden, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if !bytes.Equal(want, b.Bytes()) {
		t.Errorf("catalog text differs from %s:\n%s", golden, b.String())
	}
	for _, line := range strings.Split(b.String(), "\n") {
		if len(line) > 80 {
			t.Errorf("line longer than 80 columns: %q", line)
		}
	}
}

// TestCitationsFollowVersion: every check cites a known rule, and the
// citation follows the ruleset's version.
func TestCitationsFollowVersion(t *testing.T) {
	for _, name := range replay.PresetNames() {
		rs, err := replay.Preset(name)
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range checks.Catalog() {
			rule := c.Rule(&rs, hand.NoLimit)
			if c.ID == "parse.error" || c.ID == "hand.not-replayed" || c.ID == "hand.duplicate-id" {
				// About the audit itself, not a poker rule.
				if rule != "" {
					t.Errorf("%s cites %q", c.ID, rule)
				}
				continue
			}
			if rule == "" || strings.Contains(rule, "unknown") {
				t.Errorf("%s under %s: citation %q", c.ID, name, rule)
			}
			if strings.HasPrefix(rule, "TDA") && !strings.HasPrefix(rule, rs.Version+" ") {
				t.Errorf("%s under %s cites %q, not version %s", c.ID, name, rule, rs.Version)
			}
		}
	}
	rs := replay.Default()
	nr := checks.Lookup("raise.not-reopened")
	if got := nr.Rule(&rs, hand.NoLimit); got != "TDA 2024 Rule 47-A (Reopening the Bet)" {
		t.Errorf("no-limit reopening cites %q", got)
	}
	if got := nr.Rule(&rs, hand.FixedLimit); got != "TDA 2024 Rule 47-B (Reopening the Bet)" {
		t.Errorf("limit reopening cites %q", got)
	}
	if got := checks.Lookup("raise.under-minimum").Rule(&rs, hand.NoLimit); got != "TDA 2024 Rule 43 (Raise Amounts)" {
		t.Errorf("under-minimum cites %q", got)
	}
}
