package checks_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"github.com/handaudit/handaudit/internal/testenv"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/replay"
)

var update = flag.Bool("update", false, "rewrite the expected findings of fixtures and golden files from the current output")

// repoRoot walks up from the package directory to the directory of go.mod.
func repoRoot(t testing.TB) string {
	t.Helper()
	return testenv.RepoRoot(t)
}

// expectation is one entry of a NAME.expected.json file.
type expectation struct {
	CheckID     string `json:"check_id"`
	HandID      string `json:"hand_id"`
	ActionIndex *int   `json:"action_index"`
}

func (e expectation) String() string {
	ai := "null"
	if e.ActionIndex != nil {
		ai = fmt.Sprint(*e.ActionIndex)
	}
	return fmt.Sprintf("%s hand %q action %s", e.CheckID, e.HandID, ai)
}

func expectationOf(f *checks.Finding) expectation {
	e := expectation{CheckID: f.CheckID, HandID: f.HandID}
	if f.ActionIndex >= 0 {
		ai := f.ActionIndex
		e.ActionIndex = &ai
	}
	return e
}

// fixtureResult is what the pipeline made of one fixture file.
type fixtureResult struct {
	findings []checks.Finding
	hands    []*hand.Hand
	byHand   map[string][]checks.Finding
}

// runFixture reads path with the reader its content calls for, replays
// every hand under the ruleset book picks for it and runs every check.
func runFixture(t *testing.T, path string, book *replay.Rulebook) fixtureResult {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	format := parser.Detect(data)
	if format == parser.FormatUnknown {
		t.Fatalf("%s: format not recognized", path)
	}
	r, err := parser.Open(format, bytes.NewReader(data), path)
	if err != nil {
		t.Fatal(err)
	}
	res := fixtureResult{byHand: map[string][]checks.Finding{}}
	var runner checks.Runner
	// The session checks judge the file's hands as the pipeline does, in
	// order, each against its table's previous hand.
	sessions := checks.NewSessions(checks.All())
	for {
		h, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *parser.Error
			if !errors.As(err, &pe) {
				t.Fatalf("%s: %v", path, err)
			}
			res.findings = append(res.findings, checks.ParseErrorFinding(pe))
			continue
		}
		res.hands = append(res.hands, h)
		tr := replay.Replay(h, book.For(h))
		fs := runner.Run(h, tr, checks.All())
		fs = append(fs, sessions.Add(checks.SessionOf(h, tr), book.For(h))...)
		res.findings = append(res.findings, fs...)
		res.byHand[h.ID] = fs
	}
	return res
}

// fixtureFiles lists the fixture inputs under fixtures/, sorted.
func fixtureFiles(t *testing.T, root string) []string {
	var files []string
	err := filepath.WalkDir(filepath.Join(root, "fixtures"), func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p == filepath.Join(root, "fixtures", "bad") {
			// Hostile inputs (binary garbage, a gzip bomb, amounts that
			// overflow, ...), not fixtures of a check: cmd/audit's
			// TestHostileInputs runs `audit run` over them and checks each
			// file's outcome.
			return filepath.SkipDir
		}
		if d.IsDir() || strings.HasSuffix(p, ".json") || strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".md") || strings.HasSuffix(p, ".toml") {
			return nil
		}
		files = append(files, p)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	return files
}

// TestFixtures runs every fixture through parser, replay and checks and
// compares the findings with the fixture's NAME.expected.json: any missing
// or extra finding fails. A fixture without an expected file (the clean
// hands) must give no finding at all.
func TestFixtures(t *testing.T) {
	root := repoRoot(t)
	files := fixtureFiles(t, root)
	if len(files) == 0 {
		t.Fatal("no fixtures found")
	}
	fired := map[string]bool{} // check IDs some fixture expects
	for _, path := range files {
		rel, _ := filepath.Rel(root, path)
		t.Run(filepath.ToSlash(rel), func(t *testing.T) {
			res := runFixture(t, path, fixtureRules(t, root, path))
			for i := range res.findings {
				checkFindingFields(t, &res.findings[i], path)
			}
			got := make([]expectation, len(res.findings))
			for i := range res.findings {
				got[i] = expectationOf(&res.findings[i])
			}
			expPath := strings.TrimSuffix(path, filepath.Ext(path)) + ".expected.json"
			var want []expectation
			if b, err := os.ReadFile(expPath); err == nil {
				if err := json.Unmarshal(b, &want); err != nil {
					t.Fatalf("%s: %v", expPath, err)
				}
			} else if !os.IsNotExist(err) {
				t.Fatal(err)
			}
			base := filepath.Base(path)
			named := checks.Lookup(strings.TrimSuffix(base, filepath.Ext(base))) != nil
			if *update && (len(want) > 0 || named) {
				writeExpected(t, expPath, got)
				return
			}
			for _, e := range want {
				fired[e.CheckID] = true
			}
			missing, extra := diffExpectations(want, got)
			for _, e := range missing {
				t.Errorf("missing finding: %s", e)
			}
			for _, e := range extra {
				for i := range res.findings {
					if expectationOf(&res.findings[i]).String() == e.String() {
						t.Errorf("extra finding: %s: %s", e, res.findings[i].Message)
						break
					}
				}
			}
			checkNearMisses(t, path, res)
		})
	}
	if *update {
		return
	}
	// Every check has at least one fixture that triggers it.
	for _, c := range checks.Catalog() {
		if c.ID == "hand.duplicate-id" {
			continue // raised by the pipeline across inputs: batch's tests cover it
		}
		if c.ID == "hand.not-replayed" {
			// The engine replays every game the readers read, and they
			// refuse what it cannot start (one seat, a negative stack):
			// TestNotReplayed covers the check.
			continue
		}
		if !fired[c.ID] {
			t.Errorf("no fixture triggers %s", c.ID)
		}
	}
}

// fixtureRules is the rulebook a fixture is checked under: as audit run
// judges it with no rules named (each room's preset for the hands whose
// record names the room, tda-2024 for the rest), or, where the fixture's
// directory or one above it (within fixtures/) has a house.toml, every
// hand under those house rules over tda-2024, as `audit run --house`.
func fixtureRules(t *testing.T, root, path string) *replay.Rulebook {
	t.Helper()
	top := filepath.Join(root, "fixtures")
	for dir := filepath.Dir(path); strings.HasPrefix(dir, top); dir = filepath.Dir(dir) {
		f, err := os.Open(filepath.Join(dir, "house.toml"))
		if os.IsNotExist(err) {
			continue
		}
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		rs, err := replay.LoadHouse(f, replay.Default())
		if err != nil {
			t.Fatalf("%s: %v", f.Name(), err)
		}
		return replay.FixedRules(&rs)
	}
	d := replay.Default()
	book, err := replay.RoomRules(&d)
	if err != nil {
		t.Fatal(err)
	}
	return book
}

// checkNearMisses: a fixture named after a check has, besides hands that
// trigger it, at least one near-miss hand that triggers nothing.
func checkNearMisses(t *testing.T, path string, res fixtureResult) {
	t.Helper()
	base := filepath.Base(path)
	id := strings.TrimSuffix(base, filepath.Ext(base))
	if checks.Lookup(id) == nil {
		return
	}
	clean := 0
	for _, h := range res.hands {
		if len(res.byHand[h.ID]) == 0 {
			clean++
		}
	}
	if clean == 0 {
		t.Errorf("%s has no near-miss hand (a hand with no finding)", base)
	}
	for _, f := range res.findings {
		if f.CheckID != id && id != "parse.error" {
			t.Logf("note: %s also triggers %s in hand %q", base, f.CheckID, f.HandID)
		}
	}
}

// checkFindingFields asserts the evidence every finding must carry.
func checkFindingFields(t *testing.T, f *checks.Finding, path string) {
	t.Helper()
	c := checks.Lookup(f.CheckID)
	if c == nil {
		t.Errorf("finding with unknown check ID %q", f.CheckID)
		return
	}
	if f.Severity != c.Severity {
		t.Errorf("%s: severity %v, catalog says %v", f.CheckID, f.Severity, c.Severity)
	}
	if f.File != path || f.Line <= 0 {
		t.Errorf("%s: position %s:%d, want %s with a line", f.CheckID, f.File, f.Line, path)
	}
	if f.Message == "" || strings.Contains(f.Message, "%!") {
		t.Errorf("%s: bad message %q", f.CheckID, f.Message)
	}
	if f.CheckID == "parse.error" || f.CheckID == "hand.not-replayed" {
		return // about the audit itself: no poker rule to cite
	}
	if !strings.HasPrefix(f.Rule, "TDA 2024 ") && !strings.HasPrefix(f.Rule, "Poker convention") &&
		!strings.HasPrefix(f.Rule, "House rules") && !strings.HasPrefix(f.Rule, "Record integrity") || strings.Contains(f.Rule, "unknown") {
		t.Errorf("%s: rule %q is not a citation", f.CheckID, f.Rule)
	}
	if f.Scale <= 0 {
		t.Errorf("%s: scale %d", f.CheckID, f.Scale)
	}
	if f.ActionIndex >= 0 && f.Street == "" && !strings.HasPrefix(f.CheckID, "pot.") && f.CheckID != "cards.wrong-count" {
		t.Errorf("%s at action %d has no street", f.CheckID, f.ActionIndex)
	}
}

// diffExpectations returns the expectations in want but not got and in got
// but not want, as multisets.
func diffExpectations(want, got []expectation) (missing, extra []expectation) {
	count := map[string]int{}
	for _, e := range got {
		count[e.String()]++
	}
	for _, e := range want {
		if count[e.String()] > 0 {
			count[e.String()]--
		} else {
			missing = append(missing, e)
		}
	}
	for _, e := range got {
		if count[e.String()] > 0 {
			count[e.String()]--
			extra = append(extra, e)
		}
	}
	return missing, extra
}

func writeExpected(t *testing.T, path string, got []expectation) {
	t.Helper()
	var b strings.Builder
	b.WriteString("[\n")
	for i, e := range got {
		line, err := json.Marshal(struct {
			CheckID     string `json:"check_id"`
			HandID      string `json:"hand_id"`
			ActionIndex *int   `json:"action_index"`
		}(e))
		if err != nil {
			t.Fatal(err)
		}
		b.WriteString("  ")
		b.Write(bytes.ReplaceAll(bytes.ReplaceAll(line, []byte(`":`), []byte(`": `)), []byte(`,"`), []byte(`, "`)))
		if i < len(got)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("]\n")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("wrote %s", path)
}

// TestFixtureFindingsAreDeterministic: running the same fixture twice gives
// byte-identical JSONL.
func TestFixtureFindingsAreDeterministic(t *testing.T) {
	root := repoRoot(t)
	for _, path := range fixtureFiles(t, root) {
		book := fixtureRules(t, root, path)
		var out [2]bytes.Buffer
		for k := range out {
			res := runFixture(t, path, book)
			for i := range res.findings {
				if err := checks.WriteJSONL(&out[k], &res.findings[i]); err != nil {
					t.Fatal(err)
				}
			}
		}
		if !bytes.Equal(out[0].Bytes(), out[1].Bytes()) {
			t.Errorf("%s: findings differ between two runs", path)
		}
	}
}

// TestFixtureHandIDsUnique: no two fixture hands of a room share an ID, so
// that `audit run fixtures/` flags no hand.duplicate-id of its own making
// (but in session.conflicting-duplicate's fixture, made of such hands).
func TestFixtureHandIDsUnique(t *testing.T) {
	root := repoRoot(t)
	seen := map[string]string{}
	for _, path := range fixtureFiles(t, root) {
		if strings.HasPrefix(filepath.Base(path), "session.conflicting-duplicate.") {
			continue
		}
		res := runFixture(t, path, fixtureRules(t, root, path))
		for _, h := range res.hands {
			if h.Site == "" || h.ID == "" {
				continue // compared within their own file only
			}
			k := h.Site + " " + h.ID
			if first, ok := seen[k]; ok {
				t.Errorf("hand %s of %s is in %s and %s", h.ID, h.Site, first, path)
			}
			seen[k] = path
		}
	}
}

// TestUncalledOrRakeReading: a winner whose finishing stack is short by
// exactly his returned bet reads as the bet given back and a rake of it
// taken, or as the bet kept. With no house rake rule the rake reading is
// taken when it is a plausible rake (the iPoker fixture's clean hands);
// otherwise the finding says why that reading was not taken. A loser's
// bet kept has no such reading, and the message none.
func TestUncalledOrRakeReading(t *testing.T) {
	root := repoRoot(t)
	path := filepath.Join(root, "fixtures", "ipoker", "pot.uncalled-not-returned.xml")
	res := runFixture(t, path, fixtureRules(t, root, path))
	for id, want := range map[string]string{
		"300000007502": "$5.00 of a $20.50 pot, not a plausible rake (more than a tenth of the pot); so the record is read as keeping the bet.",
		"300000007504": "not a plausible rake (a pot won uncontested before the flop, where no room takes a rake); so the record is read as keeping the bet.",
		"300000007506": "",
	} {
		fs := res.byHand[id]
		if len(fs) != 1 || fs[0].CheckID != "pot.uncalled-not-returned" {
			t.Fatalf("hand %s: findings %v, want one pot.uncalled-not-returned", id, fs)
		}
		msg := fs[0].Message
		if want == "" && strings.Contains(msg, "rake") || want != "" && !strings.Contains(msg, want) {
			t.Errorf("hand %s: message %q, want it to say %q", id, msg, want)
		}
	}
	for _, id := range []string{"300000007501", "300000007503", "300000007505", "300000007507"} {
		if fs := res.byHand[id]; len(fs) != 0 {
			t.Errorf("hand %s: findings %v, want none", id, fs)
		}
	}
}

// TestKeptBetNotRake: an 888 collect that takes in another player's
// uncalled bet pays beyond the pot; the rake the record implies is what
// the collects leave of the pot with the bet in it, and the pots are
// awarded net of it (the settlement then names the bet, not the rake).
func TestKeptBetNotRake(t *testing.T) {
	root := repoRoot(t)
	path := filepath.Join(root, "fixtures", "888poker", "pot.uncalled-not-returned.txt")
	res := runFixture(t, path, fixtureRules(t, root, path))
	book := fixtureRules(t, root, path)
	want := map[string]struct{ rake, bob hand.Amount }{
		"300000007401": {100, 1900}, // $40 with Ann's $20 kept, $39 collected; Bob's pot $20 less $1
		"300000007403": {100, 1900}, // near miss: returned, $19 collected
		"300000007405": {350, 2650}, // side pots: the rake from the main pot first, as the collects cannot say
	}
	for _, h := range res.hands {
		w, ok := want[h.ID]
		if !ok {
			continue
		}
		tr := replay.Replay(h, book.For(h))
		var bob hand.Amount
		for _, aw := range tr.Awards {
			if aw.Player == 1 {
				bob += aw.Amount
			}
		}
		if !tr.HasImpliedRake || tr.ImpliedRake != w.rake || bob != w.bob {
			t.Errorf("hand %s: implied rake %d (set %v), Bob awarded %d; want %d and %d", h.ID, tr.ImpliedRake, tr.HasImpliedRake, bob, w.rake, w.bob)
		}
		delete(want, h.ID)
	}
	if len(want) > 0 {
		t.Errorf("hands not read: %v", want)
	}
}
