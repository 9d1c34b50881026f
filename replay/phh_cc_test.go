package replay

import (
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
)

// TestPHHCallAfterOverStackBet: PHH "cc" says neither check nor call, so the
// engine resolves it. After a bet above the bettor's stack (p3 "bets" 40
// with 10), the engine caps the bet at 10; p1 calls to 10, p2 raises to 18,
// and p1's last "cc" owes 8. (The PHH reader once decided check-or-call
// itself from the uncapped 40 and lost these 8 chips.)
func TestPHHCallAfterOverStackBet(t *testing.T) {
	src := `variant = "NT"
antes = [0, 0, 0]
blinds_or_straddles = [1, 2, 0]
min_bet = 2
starting_stacks = [100, 100, 10]
actions = ["d dh p1 AsKs", "d dh p2 7h7d", "d dh p3 2c3c", "p3 cbr 40", "p1 cc", "p2 cbr 18", "p1 cc"]
`
	r, err := parser.Open(phh.Format, strings.NewReader(src), "cc.phh")
	if err != nil {
		t.Fatal(err)
	}
	h, err := r.Next()
	if err != nil {
		t.Fatal(err)
	}
	rs := Default()
	tr := Replay(h, &rs)
	last := tr.Steps[len(tr.Steps)-1]
	if last.Kind != hand.Call || last.Added != 8 || last.To != 18 {
		t.Errorf("last cc: kind %v added %d to %d, want a call of 8 to 18", last.Kind, last.Added, last.To)
	}
}
