package ipoker

import (
	"bytes"
	"io"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// benchInput repeats the games of a session to about size bytes, in one
// session, as a long export writes them; it returns the input and its
// number of hands.
func benchInput(b *testing.B, session []byte, size int) ([]byte, int) {
	b.Helper()
	first := bytes.Index(session, []byte("<game "))
	last := bytes.LastIndex(session, []byte("</game>"))
	if first < 0 || last < 0 {
		b.Fatal("benchmark input has no games")
	}
	head, games, tail := session[:first], session[first:last+len("</game>")], session[last+len("</game>"):]
	body, copies := readertest.Repeat(games, "\n", size-len(head))
	input := append(append(append([]byte(nil), head...), body...), tail...)
	return input, copies * bytes.Count(games, []byte("<game "))
}

// BenchmarkReader reads ordinary cash hands (the corpus's ten pot-limit
// Omaha hands of one session, repeated to 8 MiB in one session) on one
// goroutine, and reports hands per second and per CPU-second.
func BenchmarkReader(b *testing.B) {
	dir := testenv.CorpusDir(b, "rooms/IPoker/CashGame/MultipleHandsTests")
	data := readertest.ReadFile(b, filepath.Join(dir, "10MultipleHands.txt"))
	input, n := benchInput(b, data, 8<<20)
	readertest.BenchmarkReader(b, input, n, nil, func(r io.Reader) parser.Reader { return NewReader(r, "bench") })
}
