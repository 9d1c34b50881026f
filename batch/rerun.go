package batch

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
)

// A run with --state also remembers, per output folder and shard, the
// configuration it ran with and the manifest it wrote. When the next run
// has the same configuration (tool build, rules, checks, limits, formats,
// language, --fail-on, partitioning, shard, input list, entries skipped)
// and every input still has the sha256 its manifest records, and every
// output still has its own, the outputs already are what the run would
// write, byte for byte: it leaves them in place and reports the
// manifest's summary. Checking costs reading the inputs and outputs once
// (sha256), no parsing and no writing: a small part of a run.

// runRecord is what a run remembers of itself in the state folder.
type runRecord struct {
	Out            string `json:"out"`             // the output folder, absolute
	Part           string `json:"part"`            // the shard's part of it
	Key            string `json:"key"`             // runKey of the configuration
	ManifestSHA256 string `json:"manifest_sha256"` // of the manifest the run wrote
}

// runKey digests everything a run's outputs depend on besides its inputs'
// content: the state's fingerprint (tool build, rules, checks, limits),
// the run ID (input names, shard count), and the options that shape the
// outputs.
func runKey(s *State, o *Options, runID string, formats []string, l Layout, skipped []Skipped) string {
	h := sha256.New()
	fmt.Fprintf(h, "%s\n%s\n%s\n%s\n%d\n%s\n%d %d %v\n%d\n", s.dir, runID, strings.Join(formats, ","), o.Lang, o.FailOn,
		o.Partition, l.ShardIndex, l.ShardCount, l.ByDay, o.MaxFileBytes)
	for _, sk := range skipped {
		fmt.Fprintf(h, "%s\x00%s\x00%s\n", sk.Name, sk.Reason, sk.Detail)
	}
	return hex.EncodeToString(h.Sum(nil))
}

// recordPath is where the run record of out's part lives.
func (s *State) recordPath(out, part string) string {
	sum := sha256.Sum256([]byte(out + "\x00" + part))
	return filepath.Join(s.dir, "runs", hex.EncodeToString(sum[:12])+".json")
}

// absOut is the output folder as an absolute path, for the run record.
func absOut(out string) string {
	if a, err := filepath.Abs(out); err == nil {
		return a
	}
	return out
}

// remember records the run that just wrote manifest mpath into out, or
// forgets the last one when this run must not be reused (an input that
// could not be read may read next time; stdin is never the same).
func (s *State) remember(key, out string, l Layout, mpath string, sum *Summary, inputs []Input) {
	path := s.recordPath(absOut(out), l.part())
	reusable := sum.IOErrors == 0 && sum.Internal == 0 && !slices.ContainsFunc(inputs, func(in Input) bool { return in.Name == Stdin })
	if !reusable {
		os.Remove(path)
		return
	}
	digest, _, err := fileDigest(mpath)
	if err != nil {
		os.Remove(path)
		return
	}
	rec := runRecord{Out: absOut(out), Part: l.part(), Key: key, ManifestSHA256: digest}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return
	}
	writeFileAtomic(path, func(w io.Writer) error { return json.NewEncoder(w).Encode(rec) })
}

// unchanged reports whether the last run into out's part had this key,
// and its outputs and this run's inputs are all as its manifest records
// them; if so it returns the manifest. The caller holds out's lock.
func (s *State) unchanged(ctx context.Context, key, out string, l Layout, inputs []Input, workers int, maxBytes int64) *Manifest {
	b, err := os.ReadFile(s.recordPath(absOut(out), l.part()))
	if err != nil {
		return nil
	}
	var rec runRecord
	if json.Unmarshal(b, &rec) != nil || rec.Key != key || rec.Out != absOut(out) || rec.Part != l.part() {
		return nil
	}
	mpath := filepath.Join(out, l.ManifestName())
	if digest, _, err := fileDigest(mpath); err != nil || digest != rec.ManifestSHA256 {
		return nil
	}
	m, err := ReadManifest(mpath)
	if err != nil || len(m.Inputs) != len(inputs) || m.Totals.IOErrors != 0 || m.Totals.InternalErrors != 0 {
		return nil
	}
	for i, in := range inputs {
		if mi := m.Inputs[i]; mi.Name != in.Name || in.Name == Stdin || mi.Error != "" {
			return nil
		}
	}
	// The inputs and the outputs, hashed on all workers; the first
	// difference stops them.
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	type job struct {
		check func() bool
	}
	jobs := make(chan job)
	var same sync.WaitGroup
	var mu sync.Mutex
	differ := false
	if workers <= 0 {
		workers = runtime.GOMAXPROCS(0)
	}
	for range workers {
		same.Go(func() {
			for j := range jobs {
				if ctx.Err() == nil && !j.check() {
					mu.Lock()
					differ = true
					mu.Unlock()
					cancel()
				}
			}
		})
	}
	send := func(f func() bool) {
		select {
		case jobs <- job{f}:
		case <-ctx.Done():
		}
	}
	for _, o := range m.Outputs {
		send(func() bool { return len(verifyOutput(out, "", o)) == 0 })
	}
	for i := range inputs {
		send(func() bool {
			digest, size, err := digestInput(ctx, inputs[i], maxBytes)
			return err == nil && digest == m.Inputs[i].SHA256 && size == m.Inputs[i].Size
		})
	}
	close(jobs)
	same.Wait()
	if differ || ctx.Err() != nil {
		return nil
	}
	return m
}

// summaryOf rebuilds a run's summary from its manifest: every input it
// audited counts as reused.
func summaryOf(m *Manifest) *Summary {
	t := m.Totals
	s := &Summary{Files: t.Inputs, Hands: t.Hands, ParseErrors: t.ParseErrors, IOErrors: t.IOErrors, Internal: t.InternalErrors,
		ByCheck: map[string]int64{}}
	for k, v := range t.ByCheck {
		s.ByCheck[k] = v
	}
	for i, name := range []string{"info", "warning", "error"} {
		s.BySeverity[i] = t.BySeverity[name]
	}
	for _, in := range m.Inputs {
		st := InputStat{Name: in.Name, Size: in.Size, SHA256: in.SHA256, Hands: in.Hands, ParseErrors: in.ParseErrors,
			Findings: in.Findings, Error: in.Error, Skipped: in.Skipped, Unsupported: in.Unsupported, UnsupportedHands: in.UnsupportedHands}
		if in.Skipped == "" && in.Unsupported == "" {
			st.Reused = true
			s.Reused++
		}
		if in.Unsupported != "" {
			s.Unsupported = append(s.Unsupported, UnsupportedInput{Name: in.Name, Format: in.Unsupported, Hands: in.UnsupportedHands})
		}
		s.Inputs = append(s.Inputs, st)
	}
	s.addSkipped(skippedOf(m))
	s.Rulesets = m.Rulesets
	// The manifest's total was written by the run that stored it.
	_ = addImpliedRake(s, t.ImpliedRake)
	return s
}
