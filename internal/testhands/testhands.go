// Package testhands gives tests hands to work on: the repository's
// fixtures, read with the parser, and hands played by the generator with
// injected violations. (It is apart from testenv because it imports the
// parser, whose own tests use testenv.)
package testhands

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/gen"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
	_ "github.com/handaudit/handaudit/parser/formats" // every input format
)

// Fixtures returns the hands of every file of format f that matches one of
// globs (relative to the repository root), in glob then file order. Parse
// errors are skipped: the fixtures include broken records on purpose.
func Fixtures(tb testing.TB, f parser.Format, globs ...string) []*hand.Hand {
	tb.Helper()
	root := testenv.RepoRoot(tb)
	var hs []*hand.Hand
	for _, g := range globs {
		paths, err := filepath.Glob(filepath.Join(root, g))
		if err != nil {
			tb.Fatal(err)
		}
		hs = append(hs, Files(tb, f, paths...)...)
	}
	return hs
}

// Files returns the hands of the files of format f at paths, in order,
// each hand's Pos naming its file by its base name. Parse errors are
// skipped.
func Files(tb testing.TB, f parser.Format, paths ...string) []*hand.Hand {
	tb.Helper()
	var hs []*hand.Hand
	for _, p := range paths {
		data, err := os.ReadFile(p)
		if err != nil {
			tb.Fatal(err)
		}
		r, err := parser.Open(f, bytes.NewReader(data), filepath.Base(p))
		if err != nil {
			tb.Fatal(err)
		}
		for {
			h, err := r.Next()
			if err == io.EOF {
				break
			}
			if err == nil {
				hs = append(hs, h)
			}
		}
	}
	return hs
}

// Generated returns the first n hands the generator plays in format f with
// seed and violation rate violations.
func Generated(tb testing.TB, f parser.Format, seed uint64, violations float64, n int) []*hand.Hand {
	tb.Helper()
	g, err := gen.New(gen.Config{Seed: seed, Format: f, Violations: violations})
	if err != nil {
		tb.Fatal(err)
	}
	hs := make([]*hand.Hand, 0, n)
	for i := range n {
		gh, err := g.Hand(i)
		if err != nil {
			tb.Fatal(err)
		}
		hs = append(hs, gh.Hand)
	}
	return hs
}
