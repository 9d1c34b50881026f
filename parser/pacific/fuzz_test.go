package pacific

import (
	"bytes"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// FuzzPacific reads arbitrary bytes under small limits, into pooled
// hands: no panic, every error a *parser.Error at a line of the input,
// every hand and its actions inside it, every hand the writer writes read
// back the same (readertest.Fuzz).
func FuzzPacific(f *testing.F) {
	f.Add([]byte(cashHand))
	f.Add([]byte(withHeader("***** 888.ro BLAST Hand History for Game 1 *****", "42.797,60 $/0 $ Blinds No Limit Holdem - ***",
		"Tournament #2 13,95 $ + 1,05 $ - Table #1 4 Max (Real Money)")))
	if !testenv.CI() {
		readertest.AddFiles(f, filepath.Join(testenv.RepoRoot(f), "..", "shared", "corpus", "rooms", "Pacific"), "")
	}
	check := readertest.Fuzz{
		Open:       readBack,
		Write:      func(h *hand.Hand) ([]byte, error) { return AppendHand(nil, h) },
		LoneCR:     true,
		MaxResults: func(_, size int) int { return size + 2 },
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		r := newReader(bytes.NewReader(data), readertest.FuzzName, parser.Limits{MaxHandBytes: 1 << 16, MaxLineBytes: 1 << 12, MaxActions: 500})
		var pool hand.Pool
		r.pool = &pool
		c := check
		c.Done = pool.Put
		c.Run(t, data, r)
	})
}
