package batch

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/replay"
)

// TestRoomPresetByDefault: with no rules named, PokerStars hands are judged
// under the pokerstars preset (a bet and four raises in fixed limit) and
// their findings cite it; the manifest and the summary list every ruleset
// of the run with its digest. Naming the rules judges every hand under them.
func TestRoomPresetByDefault(t *testing.T) {
	chdirRoot(t)
	in := "fixtures/pokerstars/raise.cap-exceeded.txt"
	run := func(rules, house string) (*Manifest, []map[string]any, map[string]any) {
		out := t.TempDir()
		o := auditOpts(out, in)
		o.Rules, o.HouseFile, o.Formats = rules, house, []string{"jsonl"}
		o.SummaryFile = filepath.Join(out, "summary.json")
		mustAudit(t, o)
		m, err := ReadManifest(filepath.Join(out, "manifest.json"))
		if err != nil {
			t.Fatal(err)
		}
		f, err := os.Open(filepath.Join(out, "findings.jsonl"))
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		var fs []map[string]any
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			var x map[string]any
			if err := json.Unmarshal(sc.Bytes(), &x); err != nil {
				t.Fatal(err)
			}
			fs = append(fs, x)
		}
		var sum map[string]any
		b, err := os.ReadFile(o.SummaryFile)
		if err != nil || json.Unmarshal(b, &sum) != nil {
			t.Fatalf("summary: %v", err)
		}
		return m, fs, sum
	}

	m, fs, sum := run("", "")
	// The default, then every room's preset (PokerStars first).
	rooms := len(replay.PresetNames()) - 2 // less tda-2024 and tda-2019
	if m.Ruleset != "tda-2024" || len(m.Rulesets) != 1+rooms || m.Rulesets[1].Ruleset != "pokerstars" ||
		m.Rulesets[1].Site != "PokerStars" || m.Rulesets[1].HouseDigest == "" || m.Rulesets[0].HouseDigest != m.HouseDigest {
		t.Errorf("manifest rulesets %+v", m.Rulesets)
	}
	if rs, ok := sum["rulesets"].([]any); !ok || len(rs) != 1+rooms {
		t.Errorf("summary rulesets %v", sum["rulesets"])
	}
	if len(fs) != 1 || !strings.HasPrefix(fs[0]["rule"].(string), "TDA 2024 (pokerstars preset) Rule 48") {
		t.Errorf("findings under the room's preset: %v", fs)
	}

	// Named rules judge every hand: under tda-2024 the fifth bets are over
	// its cap of a bet and three raises.
	m, fs, _ = run("tda-2024", "")
	if len(m.Rulesets) != 1 || m.Rulesets[0].Ruleset != "tda-2024" || m.Rulesets[0].Site != "" {
		t.Errorf("manifest rulesets with --rules: %+v", m.Rulesets)
	}
	if len(fs) != 3 {
		t.Errorf("%d findings under tda-2024, want 3 (a fifth bet twice, a sixth once)", len(fs))
	}
	m, fs, _ = run("pokerstars", "")
	if len(m.Rulesets) != 1 || m.Ruleset != "pokerstars" || len(fs) != 1 {
		t.Errorf("--rules pokerstars: %+v, %d findings", m.Rulesets, len(fs))
	}
	// A house file alone replaces the rooms' presets too.
	house := filepath.Join(t.TempDir(), "house.toml")
	if err := os.WriteFile(house, []byte("name = \"Casino\"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	m, fs, _ = run("", house)
	if len(m.Rulesets) != 1 || m.House != "Casino" || len(fs) != 3 {
		t.Errorf("--house: %+v, %d findings", m.Rulesets, len(fs))
	}
}
