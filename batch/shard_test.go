package batch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/reports"
)

// shardInputs have duplicate hand IDs only within one input: duplicates
// are found within a shard, so a hand whose first occurrence is audited by
// another shard is not flagged (docs/scale-out.md), and the union of the
// shards would differ from a single run by those findings.
func shardInputs(t *testing.T) []string {
	corpus := corpusDir(t)
	return []string{"fixtures/phh", "fixtures/pokerstars", "fixtures/explain",
		filepath.Join(corpus, "rooms", "PokerStars", "CashGame", "GameTypeTests"),
		filepath.Join(corpus, "rooms", "PokerStars", "CashGame", "MultipleHandsTests", "NoNewLinesMultipleHands.txt"),
		filepath.Join(corpus, "phh", "data", "pluribus", "30"),
		bigPHH(t, t.TempDir(), 600)}
}

// tableRows reads every row of a manifest's Parquet tables, as JSON.
func tableRows(t *testing.T, dir string, m *Manifest) (finds, hands, settled []string) {
	t.Helper()
	for _, o := range m.Outputs {
		if o.Format != "parquet" {
			continue
		}
		p := filepath.Join(dir, filepath.FromSlash(o.Path))
		var rows []any
		switch o.Table {
		case "findings":
			rs, err := parquet.ReadFile[reports.FindingRow](p)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				rows = append(rows, r)
			}
		case "hands":
			rs, err := parquet.ReadFile[reports.HandRow](p)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				rows = append(rows, r)
			}
		case "settlements":
			rs, err := parquet.ReadFile[reports.SettlementRow](p)
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range rs {
				rows = append(rows, r)
			}
		case "sessions":
			rs, err := parquet.ReadFile[reports.SessionRow](p)
			if err != nil {
				t.Fatal(err)
			}
			if o.Rows == nil || int64(len(rs)) != *o.Rows {
				t.Errorf("%s: %d rows, manifest says %v", o.Path, len(rs), o.Rows)
			}
			continue // per input in a shard (docs/sessions.md): the merge's are compared with the single run's
		case "session_hands":
			rs, err := parquet.ReadFile[reports.SessionHandRow](p)
			if err != nil {
				t.Fatal(err)
			}
			if o.Rows == nil || int64(len(rs)) != *o.Rows || len(rs) == 0 {
				t.Errorf("%s: %d rows, manifest says %v", o.Path, len(rs), o.Rows)
			}
			continue
		}
		if o.Rows == nil || int64(len(rows)) != *o.Rows {
			t.Errorf("%s: %d rows, manifest says %v", o.Path, len(rows), o.Rows)
		}
		for _, r := range rows {
			b, _ := json.Marshal(r)
			switch o.Table {
			case "findings":
				finds = append(finds, string(b))
			case "hands":
				hands = append(hands, string(b))
			case "settlements":
				settled = append(settled, string(b))
			}
		}
	}
	return finds, hands, settled
}

func sortedEqual(t *testing.T, what string, got, want []string) {
	t.Helper()
	slices.Sort(got)
	slices.Sort(want)
	if len(got) != len(want) {
		t.Errorf("%s: %d rows, want %d", what, len(got), len(want))
		return
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("%s: row %d differs:\n got %s\nwant %s", what, i, got[i], want[i])
			return
		}
	}
}

// TestShardsEqualSingleRun runs four shards and checks that together they
// audit every input exactly once and that the union of their findings
// and hands rows equals a single run's, row for row; then merges them
// and checks the merged summary and findings against the single run.
func TestShardsEqualSingleRun(t *testing.T) {
	chdirRoot(t)
	inputs := shardInputs(t)
	for _, partition := range []string{"none", "day"} {
		t.Run(partition, func(t *testing.T) {
			dir := t.TempDir()
			single := filepath.Join(dir, "single")
			o := auditOpts(single, inputs...)
			o.Partition = partition
			one := mustAudit(t, o)
			sm, err := ReadManifest(filepath.Join(single, "manifest.json"))
			if err != nil {
				t.Fatal(err)
			}
			wantF, wantH, wantS := tableRows(t, single, sm)
			if len(wantF) < 50 || len(wantH) < 600 || len(wantS) < 2 {
				t.Fatalf("single run: %d findings, %d hands, %d settlements", len(wantF), len(wantH), len(wantS))
			}

			shards := filepath.Join(dir, "shards")
			var gotF, gotH, gotS []string
			seen := map[string]int{}
			runIDs := map[string]bool{}
			for i := range 4 {
				o := auditOpts(shards, inputs...)
				o.Partition, o.ShardIndex, o.ShardCount, o.Workers = partition, i, 4, 2
				mustAudit(t, o)
				m, err := ReadManifest(filepath.Join(shards, fmt.Sprintf("manifest-part-%05d-of-00004.json", i)))
				if err != nil {
					t.Fatal(err)
				}
				if m.ShardIndex != i || m.ShardCount != 4 || m.RunID == sm.RunID || m.InputsDigest != sm.InputsDigest || m.InputsTotal != len(sm.Inputs) {
					t.Errorf("shard %d manifest: index %d count %d run %s inputs %s/%d", i, m.ShardIndex, m.ShardCount, m.RunID, m.InputsDigest, m.InputsTotal)
				}
				runIDs[m.RunID] = true
				if len(m.Inputs) == 0 {
					t.Errorf("shard %d has no inputs", i)
				}
				for _, in := range m.Inputs {
					seen[in.Name]++
				}
				f, h, st := tableRows(t, shards, m)
				gotF, gotH, gotS = append(gotF, f...), append(gotH, h...), append(gotS, st...)
			}
			if len(runIDs) != 1 {
				t.Errorf("shards have %d run IDs", len(runIDs))
			}
			for _, in := range sm.Inputs {
				if seen[in.Name] != 1 {
					t.Errorf("%s audited by %d shards", in.Name, seen[in.Name])
				}
			}
			sortedEqual(t, "findings", gotF, wantF)
			sortedEqual(t, "hands", gotH, wantH)
			sortedEqual(t, "settlements", gotS, wantS)

			merged := filepath.Join(dir, "merged")
			res, err := Merge(context.Background(), MergeOptions{Dirs: []string{shards}, OutDir: merged,
				Formats: []string{"html", "jsonl", "sarif", "junit", "parquet"}, Lang: "en", FailOn: checks.Error})
			if err != nil {
				t.Fatal(err)
			}
			ms, os1 := res.Summary, one.Summary
			if ms.Hands != os1.Hands || ms.ParseErrors != os1.ParseErrors || ms.BySeverity != os1.BySeverity ||
				fmt.Sprint(ms.ByCheck) != fmt.Sprint(os1.ByCheck) || ms.Files != os1.Files {
				t.Errorf("merged summary: files %d hands %d parse errors %d %v %v\nsingle run:     files %d hands %d parse errors %d %v %v",
					ms.Files, ms.Hands, ms.ParseErrors, ms.BySeverity, ms.ByCheck, os1.Files, os1.Hands, os1.ParseErrors, os1.BySeverity, os1.ByCheck)
			}
			if partition == "none" {
				lines := func(p string) []string {
					b, err := os.ReadFile(p)
					if err != nil {
						t.Fatal(err)
					}
					return strings.Split(strings.TrimSpace(string(b)), "\n")
				}
				sortedEqual(t, "merged findings.jsonl", lines(filepath.Join(merged, "findings.jsonl")), lines(filepath.Join(single, "findings.jsonl")))
			}
			// The merge judges the table sessions whole: sessions.parquet
			// as the single run's, row for row.
			wantSessions, err := parquet.ReadFile[reports.SessionRow](filepath.Join(single, "sessions.parquet"))
			if err != nil {
				t.Fatal(err)
			}
			gotSessions, err := parquet.ReadFile[reports.SessionRow](filepath.Join(merged, "sessions.parquet"))
			if err != nil {
				t.Fatal(err)
			}
			if len(wantSessions) == 0 || fmt.Sprint(gotSessions) != fmt.Sprint(wantSessions) {
				t.Errorf("merged sessions.parquet:\n%v\nsingle run's:\n%v", gotSessions, wantSessions)
			}
			mm, err := ReadManifest(filepath.Join(merged, "manifest.json"))
			if err != nil {
				t.Fatal(err)
			}
			if len(mm.MergedFrom) != 4 || len(mm.Inputs) != len(sm.Inputs) || mm.Totals.Findings != sm.Totals.Findings {
				t.Errorf("merged manifest: %d shards, %d inputs, %d findings", len(mm.MergedFrom), len(mm.Inputs), mm.Totals.Findings)
			}
			// --format parquet: the run's tables whole, as the single run's.
			mf, mh, mst := tableRows(t, merged, mm)
			sortedEqual(t, "merged findings.parquet", mf, wantF)
			sortedEqual(t, "merged hands.parquet", mh, wantH)
			sortedEqual(t, "merged settlements.parquet", mst, wantS)
		})
	}
}

// TestMergeRejectsIncompleteOrAltered: merge refuses a set of shards with
// one missing, one twice, an output changed after the run, or a shard of
// another configuration, and says which.
func TestMergeRejectsIncompleteOrAltered(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	shards := filepath.Join(dir, "shards")
	for i := range 3 {
		o := auditOpts(shards, "fixtures")
		o.Formats = []string{"parquet", "html"}
		o.ShardIndex, o.ShardCount = i, 3
		mustAudit(t, o)
	}
	if _, err := LoadShards([]string{shards}); err != nil {
		t.Fatalf("complete set rejected: %v", err)
	}
	variant := func(name string, change func(d string)) string {
		d := filepath.Join(dir, name)
		copyTree(t, shards, d)
		change(d)
		return d
	}
	manifest := func(d string, i int) string {
		return filepath.Join(d, fmt.Sprintf("manifest-part-%05d-of-00003.json", i))
	}
	editManifest := func(p string, edit func(m *Manifest)) {
		m, err := ReadManifest(p)
		if err != nil {
			t.Fatal(err)
		}
		edit(m)
		f, _ := os.Create(p)
		m.Encode(f)
		f.Close()
	}
	for _, tc := range []struct {
		name, want string
		dirs       func() []string
	}{
		{"missing", "missing shards (of 3): 1", func() []string {
			return []string{variant("missing", func(d string) { os.Remove(manifest(d, 1)) })}
		}},
		{"twice", "shard 2 appears twice", func() []string {
			return []string{shards, variant("twice", func(d string) { os.Remove(manifest(d, 0)); os.Remove(manifest(d, 1)) })}
		}},
		{"altered", "has changed", func() []string {
			return []string{variant("altered", func(d string) {
				p := filepath.Join(d, "findings-part-00001-of-00003.parquet")
				b, _ := os.ReadFile(p)
				b[len(b)/2] ^= 1
				os.WriteFile(p, b, 0o644)
			})}
		}},
		{"deleted", "is missing", func() []string {
			return []string{variant("deleted", func(d string) { os.Remove(filepath.Join(d, "report-part-00002-of-00003.html")) })}
		}},
		{"other rules", `ruleset "tda-2019" differs`, func() []string {
			return []string{variant("rules", func(d string) { editManifest(manifest(d, 2), func(m *Manifest) { m.Ruleset = "tda-2019" }) })}
		}},
		{"misplaced input", "belongs to shard", func() []string {
			return []string{variant("misplaced", func(d string) {
				var moved ManifestInput
				editManifest(manifest(d, 0), func(m *Manifest) { moved, m.Inputs = m.Inputs[0], m.Inputs[1:] })
				editManifest(manifest(d, 1), func(m *Manifest) { m.Inputs = append(m.Inputs, moved) })
			})}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Merge(context.Background(), MergeOptions{Dirs: tc.dirs(), OutDir: filepath.Join(dir, "out-"+tc.name)})
			var ve *VerifyError
			if !errors.As(err, &ve) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err = %v, want a VerifyError containing %q", err, tc.want)
			}
			if _, err := os.Stat(filepath.Join(dir, "out-"+tc.name, "report.html")); err == nil {
				t.Error("a report was written")
			}
		})
	}
}
