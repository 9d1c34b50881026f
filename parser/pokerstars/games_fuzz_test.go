package pokerstars

import (
	"bytes"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// FuzzPokerStarsGames fuzzes the grammar of the other games and the
// older headers, seeded with the fixtures of each game (stud, razz, the
// draws, badugi, 6+ hold'em, Courchevel) and of each header family: the
// reader must not panic, must give only *parser.Error errors on lines of
// the input, read the same with and without its fast paths, and every
// hand must hold together (psCheckHand) and keep to its game: bring-ins
// in stud only, draws in draw games only, no more cards dealt to a
// player than the game holds (a draw's replacements apart).
func FuzzPokerStarsGames(f *testing.F) {
	root := testenv.RepoRoot(f)
	for _, dir := range []string{"clean", "headers"} {
		files, _ := filepath.Glob(filepath.Join(root, "fixtures", "pokerstars", dir, "*.txt"))
		for _, path := range files {
			data, err := os.ReadFile(path)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if d := psQuickDiff(t, "fuzz", data, parser.Limits{}); d != "" {
			t.Fatal(d)
		}
		decoded, err := io.ReadAll(parser.NewDecodedReader(bytes.NewReader(data)))
		if err != nil {
			t.Fatal(err)
		}
		lines := 1 + bytes.Count(decoded, []byte{'\n'}) + bytes.Count(decoded, []byte{'\r'})
		r := NewReader(bytes.NewReader(data), "fuzz")
		for n := 0; n <= lines+len(decoded)/16+1; n++ {
			h, err := r.Next()
			if err == io.EOF {
				return
			}
			if err != nil {
				var pe *parser.Error
				if !errors.As(err, &pe) || pe.Line < 1 || pe.Line > lines || pe.Msg == "" {
					t.Fatalf("bad error: %v", err)
				}
				continue
			}
			psCheckHand(t, h, lines)
			psCheckGame(t, h)
		}
		t.Fatal("reader does not stop")
	})
}

// psCheckGame checks that a hand's actions keep to its game.
func psCheckGame(t *testing.T, h *hand.Hand) {
	t.Helper()
	v := h.Game.Variant
	dealt := make([]int, len(h.Seats))
	for i, a := range h.Actions {
		switch a.Kind {
		case hand.BringIn:
			if !v.IsStud() {
				t.Fatalf("action %d: a bring-in in %v", i, v)
			}
		case hand.Discard:
			if !v.IsDraw() {
				t.Fatalf("action %d: a draw in %v", i, v)
			}
			dealt[a.Player] -= len(a.Cards)
		case hand.DealHole:
			dealt[a.Player] += len(a.Cards)
			if dealt[a.Player] > h.Game.HoleCards && !v.IsDraw() {
				t.Fatalf("action %d: %d cards dealt to %s in a game of %d", i, dealt[a.Player], h.Seats[a.Player].Player, h.Game.HoleCards)
			}
		case hand.DealBoard:
			if !v.IsBoardGame() && !(v.IsStud() && len(a.Cards) == 1) {
				t.Fatalf("action %d: board cards in %v", i, v)
			}
		}
	}
}
