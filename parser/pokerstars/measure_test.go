package pokerstars

import (
	"bytes"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// psLocalizedHeader starts a hand written by a PokerStars client set to
// Russian: a hand header this reader does not read (see docs/parsers.md).
var psLocalizedHeader = []byte("Раздача PokerStars №")

// TestMeasureHeaders measures the reader on exports kept outside the
// repository: over every .txt file under the folders named in
// $HANDAUDIT_MEASURE (separated by ':'), it counts the hand headers
// (psHeaderPattern, apart from the reader, and the Russian ones, which
// are not read), the hands read and the parse errors, logs each error
// and the share of headers that became hands. As the corpus test, it
// fails when a header is neither a hand nor a parse error of a hand.
//
//	HANDAUDIT_MEASURE=/path/to/exports go test -run TestMeasureHeaders -v ./parser/pokerstars
func TestMeasureHeaders(t *testing.T) {
	dirs := os.Getenv("HANDAUDIT_MEASURE")
	if dirs == "" {
		t.Skip("set HANDAUDIT_MEASURE=dir[:dir...] to measure the reader on exports outside the repository")
	}
	for _, dir := range strings.Split(dirs, ":") {
		var files []string
		err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
			if err == nil && !info.IsDir() && strings.HasSuffix(strings.ToLower(path), ".txt") {
				files = append(files, path)
			}
			return err
		})
		if err != nil {
			t.Fatal(err)
		}
		sort.Strings(files)
		headers, hands, localized := 0, 0, 0
		for _, path := range files {
			text, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			localized += bytes.Count(text, psLocalizedHeader)
			n := len(psHeaderPattern.FindAll(text, -1))
			if n == 0 {
				continue
			}
			hs, errs := psReadAll(t, bytes.NewReader(text), path)
			inHands := len(hs)
			for _, e := range errs {
				t.Logf("parse error %v", e)
				if e.HandIndex >= 0 {
					inHands++
				}
			}
			if inHands != n {
				t.Errorf("%s: %d hand headers, but %d hands and parse errors of hands", path, n, inHands)
			}
			headers += n
			hands += len(hs)
		}
		all := headers + localized
		if all == 0 {
			t.Errorf("%s: no PokerStars hand header in %d files", dir, len(files))
			continue
		}
		t.Logf("%s: %d files, %d hand headers (%d in Russian, not read), %d hands: %.1f%%",
			dir, len(files), all, localized, hands, 100*float64(hands)/float64(all))
	}
}
