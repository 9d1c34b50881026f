package checks_test

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/replay"
)

// FuzzChecks feeds arbitrary PHH text through parser, replay and checks:
// whatever the record says, the checks must not panic, and each finding
// must name a catalog check and an action inside the hand.
func FuzzChecks(f *testing.F) {
	paths, _ := filepath.Glob(filepath.Join(repoRoot(f), "fixtures", "phh", "*.phhs"))
	games, _ := filepath.Glob(filepath.Join(repoRoot(f), "fixtures", "phh", "games", "*.phh*"))
	for _, p := range append(paths, games...) {
		if b, err := os.ReadFile(p); err == nil {
			f.Add(b)
		}
	}
	rs := replay.Default()
	f.Fuzz(func(t *testing.T, data []byte) {
		r := phh.NewReader(bytes.NewReader(data), "fuzz.phhs")
		for i := 0; i < 64; i++ {
			h, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				if !parser.IsParseError(err) {
					return
				}
				continue
			}
			tr := replay.Replay(h, &rs)
			for _, fd := range checks.Run(h, tr, checks.All()) {
				if checks.Lookup(fd.CheckID) == nil {
					t.Fatalf("unknown check %q", fd.CheckID)
				}
				if fd.ActionIndex >= len(h.Actions) {
					t.Fatalf("%s at action %d of %d", fd.CheckID, fd.ActionIndex, len(h.Actions))
				}
				var b bytes.Buffer
				if err := checks.WriteJSONL(&b, &fd); err != nil {
					t.Fatal(err)
				}
			}
		}
	})
}
