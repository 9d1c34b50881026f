package batch

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/replay"
)

// TestInterruptLeavesNoPartialOutput cancels a run part way and checks that
// it fails with context.Canceled, leaves no file in a new output folder,
// and does not touch the complete outputs of an earlier run in another.
func TestInterruptLeavesNoPartialOutput(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	big := bigPHH(t, dir, 1500)
	done := filepath.Join(dir, "done")
	mustAudit(t, auditOpts(done, "fixtures/phh"))
	before := readTree(t, done)
	for _, out := range []string{filepath.Join(dir, "fresh"), done} {
		ctx, cancel := context.WithCancel(context.Background())
		o := auditOpts(out, "fixtures/phh", big)
		o.Workers = 2
		o.Partition = "day"
		o.OnProgress = func(p Progress) {
			if p.Hands > 300 {
				cancel()
			}
		}
		_, err := Audit(ctx, o)
		cancel()
		if !errors.Is(err, context.Canceled) {
			t.Fatalf("err = %v, want context.Canceled", err)
		}
	}
	if left := readTree(t, filepath.Join(dir, "fresh")); len(left) != 0 {
		t.Errorf("interrupted run left %v", names(left))
	}
	after := readTree(t, done)
	if strings.Join(names(after), " ") != strings.Join(names(before), " ") {
		t.Fatalf("earlier outputs changed: %v -> %v", names(before), names(after))
	}
	for n, b := range before {
		if string(after[n]) != string(b) {
			t.Errorf("%s changed", n)
		}
	}
}

// TestEmitErrorStopsRun: a writer error stops the pipeline and is returned.
func TestEmitErrorStopsRun(t *testing.T) {
	chdirRoot(t)
	rs, _ := replay.Preset("tda-2024")
	inputs, _, err := ExpandInputs([]string{"fixtures/phh"}, "")
	if err != nil {
		t.Fatal(err)
	}
	boom := errors.New("disk full")
	n := 0
	_, err = Run(context.Background(), Config{Inputs: inputs, Rules: &rs, Workers: 3}, func(*Result) error {
		if n++; n == 10 {
			return boom
		}
		return nil
	})
	if !errors.Is(err, boom) || n != 10 {
		t.Errorf("err %v after %d results", err, n)
	}
}

// TestOrderAndBoundedMemory: with a slow writer, results still come in
// input order, hand by hand, and the chunks held in flight stay within the
// gate's bound however far the readers could run ahead.
func TestOrderAndBoundedMemory(t *testing.T) {
	chdirRoot(t)
	dir := t.TempDir()
	var args []string
	args = append(args, bigPHH(t, dir, 3000))
	for i := range 30 {
		p := filepath.Join(dir, fmt.Sprintf("small-%02d.phhs", i))
		copyFile(t, "fixtures/phh/showdown.order.phhs", p)
		args = append(args, p)
	}
	inputs, _, err := ExpandInputs(args, "")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := replay.Preset("tda-2024")
	const workers = 4
	var prevFile string
	prevLine, count := 0, 0
	sum, err := Run(context.Background(), Config{Inputs: inputs, Rules: &rs, Workers: workers}, func(r *Result) error {
		if count%200 == 0 {
			time.Sleep(time.Millisecond) // a slow writer: readers run ahead
		}
		count++
		if r.Input.Name < prevFile || (r.Input.Name == prevFile && r.Line <= prevLine) {
			return fmt.Errorf("out of order: %s:%d after %s:%d", r.Input.Name, r.Line, prevFile, prevLine)
		}
		prevFile, prevLine = r.Input.Name, r.Line
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if sum.Hands != 3000+30*5 {
		t.Errorf("hands %d", sum.Hands)
	}
	ahead, limit := 2*workers+2, 4*workers+4
	if sum.maxInFlight > ahead+limit || sum.maxInFlight < 2 {
		t.Errorf("up to %d chunks in flight; bound %d", sum.maxInFlight, ahead+limit)
	}
}

// TestGateHeadNeverBlocks: readers of later inputs filling the overall
// limit cannot keep the head input from proceeding.
func TestGateHeadNeverBlocks(t *testing.T) {
	g := newGate(2, 3)
	for f := 1; f <= 3; f++ {
		if !g.acquire(f) {
			t.Fatal("closed")
		}
	}
	blocked := make(chan bool)
	go func() { blocked <- g.acquire(4) }() // over the limit: waits
	for range 2 {
		if !g.acquire(0) { // the head: within its own ahead, never waits
			t.Fatal("closed")
		}
	}
	select {
	case <-blocked:
		t.Fatal("a non-head input went over the limit")
	case <-time.After(20 * time.Millisecond):
	}
	g.release(0) // the head's chunks count too: back to 3 in flight
	g.release(0)
	g.release(1)
	if !<-blocked {
		t.Fatal("closed")
	}
	g.acquire(0)
	g.acquire(0)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { defer wg.Done(); g.acquire(0) }() // head over its ahead: waits until closed
	g.close()
	wg.Wait()
}

func TestHashSet(t *testing.T) {
	var s hashSet
	defer s.free()
	r := rand.New(rand.NewPCG(1, 2))
	keys := make([]uint64, 600000)
	for i := 0; i < len(keys); i++ {
		keys[i] = r.Uint64()
		if i%1000 == 0 {
			// Two keys with the same high bits: the low bits tell them apart.
			keys[i+1] = keys[i] ^ 0xffff0000
			i++
		}
	}
	line := func(i int) int { return 3*i + i%17 } // lines increase within an input
	for i, k := range keys {
		if _, _, isNew := s.add(k, i/1000, line(i)); !isNew {
			t.Fatalf("key %d reported seen", i)
		}
	}
	for i, k := range keys {
		f, l, isNew := s.add(k, 9999, 1)
		if isNew || f != i/1000 || l != line(i) {
			t.Fatalf("key %d: new %v at %d:%d, want %d:%d", i, isNew, f, l, i/1000, line(i))
		}
	}
	if int(s.n) != len(keys) {
		t.Errorf("n = %d", s.n)
	}
	for i := range s.segs {
		g := &s.segs[i]
		if g.n*hashMaxLoadDen > len(g.slots.w)*hashMaxLoadNum {
			t.Errorf("segment %d: %d keys in %d slots", i, g.n, len(g.slots.w))
		}
	}
	// 0 is a key like any other.
	if _, _, isNew := s.add(0, 1, 1); !isNew {
		t.Error("0 seen")
	}
	if _, _, isNew := s.add(0, 1, 2); isNew {
		t.Error("0 not seen again")
	}
}

// TestDuplicateHandIDs: a hand ID seen again (same site, or within one
// input for records naming no site) is flagged on the later occurrence,
// in input order, with the first one's file and line; hands of different
// sites, or of different inputs that name no site, are not.
func TestDuplicateHandIDs(t *testing.T) {
	dir := t.TempDir()
	ps := func(id, table string) string {
		return fmt.Sprintf(`PokerStars Hand #%s:  Hold'em No Limit ($0.01/$0.02 USD) - 2024/01/02 10:00:00 ET
Table '%s' 6-max Seat #1 is the button
Seat 1: Ann ($2 in chips)
Seat 2: Bob ($2 in chips)
Ann: posts small blind $0.01
Bob: posts big blind $0.02
*** HOLE CARDS ***
Ann: folds
Uncalled bet ($0.01) returned to Bob
Bob collected $0.02 from pot
Bob: doesn't show hand
*** SUMMARY ***
Total pot $0.02 | Rake $0
Seat 1: Ann (button) (small blind) folded before Flop
Seat 2: Bob (big blind) collected ($0.02)


`, id, table)
	}
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	a := write("a.txt", ps("1001", "T1")+ps("1002", "T1"))
	b := write("b.txt", ps("1003", "T2")+ps("1001", "T9")) // 1001 again: flagged here
	c := write("c.txt", ps("1003", "T2"))                  // 1003 again: flagged
	phh := func(ids ...string) string {
		var sb strings.Builder
		for i, id := range ids {
			fmt.Fprintf(&sb, "[%d]\nvariant = \"NT\"\nante_trimming_status = false\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\nmin_bet = 2\nstarting_stacks = [100, 100]\nactions = [\"d dh p1 AsKs\", \"d dh p2 7c2d\", \"p2 f\"]\nhand = %q\nplayers = [\"A\", \"B\"]\nfinishing_stacks = [101, 99]\n\n", i+1, id)
		}
		return sb.String()
	}
	d := write("d.phhs", phh("7", "8", "7")) // no site: within the input, the third hand repeats the first
	e := write("e.phhs", phh("7"))           // no site, another input: not a duplicate
	inputs, _, err := ExpandInputs([]string{a, b, c, d, e}, "")
	if err != nil {
		t.Fatal(err)
	}
	rs, _ := replay.Preset("tda-2024")
	var got []string
	sum, err := Run(context.Background(), Config{Inputs: inputs, Rules: &rs, Workers: 2}, func(r *Result) error {
		for _, f := range r.Findings {
			if f.CheckID == duplicateID {
				got = append(got, fmt.Sprintf("%s:%d %s %s", filepath.Base(f.File), f.Line, f.Severity, f.Message))
				if f.Rule != duplicateRule || f.HandID != r.Hand.ID || f.ActionIndex != -1 {
					t.Errorf("finding %+v", f)
				}
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"b.txt:18 warning hand ID 1001 (PokerStars) was already read at " + a + ":1",
		"c.txt:1 warning hand ID 1003 (PokerStars) was already read at " + b + ":1",
		"d.phhs:25 warning hand ID 7 (this input) was already read at " + d + ":1",
	}
	if len(got) != len(want) {
		t.Fatalf("duplicates:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for i := range want {
		if !strings.HasPrefix(got[i], want[i]) {
			t.Errorf("got  %s\nwant %s", got[i], want[i])
		}
	}
	if sum.ByCheck[duplicateID] != 3 || sum.BySeverity[checks.Warning] < 3 {
		t.Errorf("summary: %v", sum.ByCheck)
	}
}
