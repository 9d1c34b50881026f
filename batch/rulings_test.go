package batch

import (
	"bytes"
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/explain"
	"github.com/handaudit/handaudit/gen"
	"github.com/handaudit/handaudit/parser/pokerstars"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// reportRulings reads report.html's links to rulings: view number ->
// path, and each linked view's file and line.
func reportRulings(t *testing.T, dir string) (map[int]string, map[int][2]string) {
	t.Helper()
	page, err := os.ReadFile(filepath.Join(dir, "report.html"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<script type="application/json" id="report-data">(.*?)</script>`).FindSubmatch(page)
	if m == nil {
		t.Fatal("no report data")
	}
	var data struct {
		Rulings map[string]string `json:"rulings"`
	}
	if err := json.Unmarshal(m[1], &data); err != nil {
		t.Fatal(err)
	}
	links := map[int]string{}
	at := map[int][2]string{}
	for k, p := range data.Rulings {
		n, _ := strconv.Atoi(k)
		links[n] = p
		v := regexp.MustCompile(`<script type="application/json" id="hv-` + k + `">(.*?)</script>`).FindSubmatch(page)
		if v == nil {
			t.Fatalf("ruling %s of view %d, which the page lacks", p, n)
		}
		var view struct {
			File string `json:"file"`
			Line int    `json:"line"`
		}
		if err := json.Unmarshal(v[1], &view); err != nil {
			t.Fatal(err)
		}
		at[n] = [2]string{view.File, strconv.Itoa(view.Line)}
	}
	return links, at
}

// verdict is a ruling's verdict section.
func verdict(t *testing.T, doc []byte) string {
	t.Helper()
	m := regexp.MustCompile(`(?s)<section id="verdict">.*?</section>`).Find(doc)
	if m == nil {
		t.Fatalf("no verdict in the ruling:\n%.2000s", doc)
	}
	return string(m)
}

// TestRulings audits generated hands with violations, keeping rulings for
// 6 of the hands with a view: the report links those views (the worst) to
// files in rulings/, each the ruling of its view's hand (the verdict audit
// explain gives for that file and line), listed in the manifest with its
// digest, the same bytes with 1 worker or 3; with --rulings 0 there are
// none. Sharded and merged, the merged report links the same rulings,
// copied from the shards' folders.
func TestRulings(t *testing.T) {
	dir := t.TempDir()
	g, err := gen.New(gen.Config{Seed: 7, Format: pokerstars.Format, Violations: 0.1})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "in")
	if err := os.Mkdir(in, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Write(context.Background(), gen.Output{Hands: 400, Dir: in, ShardSize: 100, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	run := func(name string, workers, rulings, shard, shards int) string {
		out := filepath.Join(dir, name)
		if _, err := Audit(context.Background(), Options{Args: []string{in}, OutDir: out, Formats: []string{"html", "parquet"},
			Workers: workers, Rulings: rulings, ShardIndex: shard, ShardCount: shards, FailOn: checks.Error}); err != nil {
			t.Fatal(err)
		}
		return out
	}
	out := run("out", 3, 6, 0, 1)
	links, at := reportRulings(t, out)
	if len(links) != 6 {
		t.Fatalf("%d views link to a ruling, want 6", len(links))
	}
	m, err := ReadManifest(filepath.Join(out, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]ManifestOutput{}
	for _, o := range m.Outputs {
		listed[o.Path] = o
	}
	linked := 0 // rulings with the hands before or after theirs
	book, err := LoadRulebook("", "")
	if err != nil {
		t.Fatal(err)
	}
	for n, p := range links {
		file, line := at[n][0], at[n][1]
		ln, _ := strconv.Atoi(line)
		if p != reports.RulingPath(file, ln) {
			t.Errorf("view %d links to %s, not its hand's ruling %s", n, p, reports.RulingPath(file, ln))
		}
		doc, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(p)))
		if err != nil {
			t.Fatalf("the link target of view %d: %v", n, err)
		}
		sum, size, _ := fileDigest(filepath.Join(out, filepath.FromSlash(p)))
		if o, ok := listed[p]; !ok || o.SHA256 != sum || o.Bytes != size || o.Format != "html" {
			t.Errorf("%s is not listed in the manifest with its digest: %+v", p, o)
		}
		// The ruling is audit explain's for that file and line.
		src, err := explain.Load(file, "", ln)
		if err != nil {
			t.Fatal(err)
		}
		var want bytes.Buffer
		if _, err := explain.Write(&want, "html", src, []*replay.Ruleset{book.For(src.Hand)}, checks.All(), explain.Options{FailOn: checks.Error, ToolVersion: ToolVersion, Lang: "en"}); err != nil {
			t.Fatal(err)
		}
		if got, w := verdict(t, doc), verdict(t, want.Bytes()); got != w {
			t.Errorf("%s's verdict:\n%s\naudit explain %s --line %d:\n%s", p, got, file, ln, w)
		}
		// These hands' findings are their own (no session or duplicate
		// finding, which the run judges across files): the whole
		// document is audit explain's, the links to the hands before and
		// after it at its table in the file included.
		if !bytes.Equal(doc, want.Bytes()) {
			t.Errorf("%s is not the document audit explain %s --line %d --format html writes", p, file, ln)
		}
		if bytes.Contains(doc, []byte(`id="table-session"`)) {
			linked++
		}
	}
	if linked == 0 {
		t.Error("no ruling shows its hand's links at its table")
	}
	one := run("one", 1, 6, 0, 1)
	links1, _ := reportRulings(t, one)
	for n, p := range links {
		a, _ := os.ReadFile(filepath.Join(out, filepath.FromSlash(p)))
		b, err := os.ReadFile(filepath.Join(one, filepath.FromSlash(p)))
		if err != nil || !bytes.Equal(a, b) || links1[n] != p {
			t.Errorf("%s differs between 3 workers and 1 (%v)", p, err)
		}
	}
	none := run("none", 2, -1, 0, 1)
	if l, _ := reportRulings(t, none); len(l) != 0 {
		t.Errorf("--rulings 0: %d links", len(l))
	}
	if _, err := os.Stat(filepath.Join(none, "rulings")); !os.IsNotExist(err) {
		t.Errorf("--rulings 0 wrote rulings/ (%v)", err)
	}

	// Sharded: the merged report links the same views' rulings, copied.
	sharded := filepath.Join(dir, "sharded")
	for k := range 2 {
		out := run("sharded", 2, 6, k, 2)
		if out != sharded {
			t.Fatal(out)
		}
	}
	merged := filepath.Join(dir, "merged")
	if _, err := Merge(context.Background(), MergeOptions{Dirs: []string{sharded}, OutDir: merged, Rulings: 6}); err != nil {
		t.Fatal(err)
	}
	mlinks, _ := reportRulings(t, merged)
	var want, got []string
	for _, p := range links {
		want = append(want, p)
	}
	for _, p := range mlinks {
		got = append(got, p)
		a, _ := os.ReadFile(filepath.Join(out, filepath.FromSlash(p)))
		b, err := os.ReadFile(filepath.Join(merged, filepath.FromSlash(p)))
		if err != nil || !bytes.Equal(a, b) {
			t.Errorf("merged %s differs from the single run's (%v)", p, err)
		}
	}
	slices.Sort(want)
	slices.Sort(got)
	if !slices.Equal(got, want) {
		t.Errorf("merged report links %v, the single run %v", got, want)
	}
	mm, err := ReadManifest(filepath.Join(merged, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, o := range mm.Outputs {
		if isRuling(o.Path) {
			n++
			if sum, _, err := fileDigest(filepath.Join(merged, filepath.FromSlash(o.Path))); err != nil || sum != o.SHA256 {
				t.Errorf("merged %s: digest %s, manifest %s (%v)", o.Path, sum, o.SHA256, err)
			}
		}
	}
	if n != len(mlinks) {
		t.Errorf("the merged manifest lists %d rulings, the report links %d", n, len(mlinks))
	}
}

// TestSessionRulingsAreExplain: generated table sessions with session
// faults, in one file, audited keeping a ruling for every flagged hand.
// Each ruling is the document audit explain writes for its hand, byte for
// byte, session findings included: explain judges the hand with the hands
// before it in the file as the run does, so a missed big blind owed from
// two hands back (recorded at the link before the hand's previous one)
// and a conflicting copy of an ID are its findings too. The run's
// session.missed-blind findings are explain's, message for message.
func TestSessionRulingsAreExplain(t *testing.T) {
	dir := t.TempDir()
	g, err := gen.New(gen.Config{Seed: 11, Format: pokerstars.Format, Violations: 0.1, Sessions: 20})
	if err != nil {
		t.Fatal(err)
	}
	in := filepath.Join(dir, "in")
	if err := os.Mkdir(in, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := g.Write(context.Background(), gen.Output{Hands: 600, Dir: in, ShardSize: 600, Workers: 1}); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "out")
	if _, err := Audit(context.Background(), Options{Args: []string{in}, OutDir: out, Formats: []string{"html", "jsonl"},
		Workers: 2, HandViews: 500, Rulings: 500, FailOn: checks.Error}); err != nil {
		t.Fatal(err)
	}
	// The run's session findings, by file and line.
	b, err := os.ReadFile(filepath.Join(out, "findings.jsonl"))
	if err != nil {
		t.Fatal(err)
	}
	runFindings := map[[2]string][]string{}
	for _, l := range bytes.Split(b, []byte("\n")) {
		var f struct {
			CheckID string `json:"check_id"`
			File    string `json:"file"`
			Line    int    `json:"line"`
			Message string `json:"message"`
		}
		if len(l) == 0 || json.Unmarshal(l, &f) != nil {
			continue
		}
		k := [2]string{f.File, strconv.Itoa(f.Line)}
		runFindings[k] = append(runFindings[k], f.CheckID+": "+f.Message)
	}
	book, err := LoadRulebook("", "")
	if err != nil {
		t.Fatal(err)
	}
	links, at := reportRulings(t, out)
	same, missed, dups := 0, 0, 0
	for n, p := range links {
		file, ln := at[n][0], at[n][1]
		line, _ := strconv.Atoi(ln)
		doc, err := os.ReadFile(filepath.Join(out, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		src, err := explain.Load(file, "", line)
		if err != nil {
			t.Fatal(err)
		}
		rs := book.For(src.Hand)
		var want bytes.Buffer
		if _, err := explain.Write(&want, "html", src, []*replay.Ruleset{rs}, checks.All(), explain.Options{FailOn: checks.Error, ToolVersion: ToolVersion, Lang: "en"}); err != nil {
			t.Fatal(err)
		}
		if bytes.Equal(doc, want.Bytes()) {
			same++
		} else {
			t.Errorf("%s is not the document audit explain %s --line %d --format html writes:\n%s\nexplain:\n%s", p, file, line, verdict(t, doc), verdict(t, want.Bytes()))
		}
		var got []string
		for _, f := range src.Explain(rs, checks.All()).Findings {
			got = append(got, f.CheckID+": "+f.Message)
		}
		if w := runFindings[at[n]]; !slices.Equal(got, w) {
			t.Errorf("%s:%d: explain finds\n%q\nthe run\n%q", file, line, got, w)
		}
		for _, f := range got {
			switch {
			case bytes.HasPrefix([]byte(f), []byte("session.missed-blind")):
				missed++
			case bytes.HasPrefix([]byte(f), []byte("session.conflicting-duplicate")):
				dups++
			}
		}
	}
	t.Logf("%d rulings, %d byte-identical to audit explain's (%d missed blinds, %d conflicting duplicates)", len(links), same, missed, dups)
	if missed == 0 || dups == 0 {
		t.Errorf("%d missed blinds and %d conflicting duplicates among the rulings: the test proves nothing", missed, dups)
	}
	if len(links) < 20 {
		t.Errorf("only %d rulings", len(links))
	}
}
