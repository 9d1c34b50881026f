package batch

import (
	"testing"

	"github.com/handaudit/handaudit/hand"
)

// TestHandKeysSameAsHandKey: the keys computed with the last namespace
// remembered are handKey's, whatever changes from one hand to the next
// (site, input, format), and hands of different namespaces do not share
// keys.
func TestHandKeysSameAsHandKey(t *testing.T) {
	hands := []struct {
		h    hand.Hand
		file int
	}{
		{hand.Hand{ID: "1", Site: "PokerStars"}, 0},
		{hand.Hand{ID: "2", Site: "PokerStars"}, 0},
		{hand.Hand{ID: "2", Site: "PokerStars"}, 3}, // another input, same site: same key
		{hand.Hand{ID: "2", Site: "PPPoker"}, 3},
		{hand.Hand{ID: "2", Format: "phh"}, 3},
		{hand.Hand{ID: "2", Format: "phh"}, 4},
		{hand.Hand{ID: "2", Format: "pokerstars"}, 4},
		{hand.Hand{ID: "", Site: "PokerStars"}, 4},
		{hand.Hand{ID: "2", Site: "PokerStars"}, 4},
		{hand.Hand{ID: "2", Format: "phh"}, 4},
	}
	var ks handKeys
	seen := map[uint64]string{}
	for i := range hands {
		h, file := &hands[i].h, hands[i].file
		want, wantOK := handKey(h, file)
		got, ok := ks.key(h, file)
		if got != want || ok != wantOK {
			t.Fatalf("hand %d: key %x %v, handKey %x %v", i, got, ok, want, wantOK)
		}
		if !ok {
			continue
		}
		ns := "site " + h.Site
		if h.Site == "" {
			ns = "input " + string(rune('0'+file)) + " " + h.Format
		}
		if prev, dup := seen[got]; dup && prev != ns {
			t.Fatalf("hand %d: namespaces %q and %q share key %x", i, prev, ns, got)
		}
		seen[got] = ns
	}
	if len(seen) != 6 {
		t.Fatalf("%d distinct keys, want 6: %v", len(seen), seen)
	}
	if _, ok := ks.key(nil, 0); ok {
		t.Fatal("a nil hand has a key")
	}
}
