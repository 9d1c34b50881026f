package replay

import (
	"io"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser/partypoker"
)

// TestExtraSmallBlindLive: a player coming into the game posts a small
// blind after the blinds; PartyPoker counts it toward his call (his call
// of $0.05 completes $0.10), the TDA default counts it dead.
func TestExtraSmallBlindLive(t *testing.T) {
	const text = `***** Hand History for Game 13551495313 *****
$0.05/$0.10 USD NL Texas Hold'em - Monday, January 06, 14:25:57 EST 2014
Table Barnsley (Real Money)
Seat 3 is the button
Total number of players : 4/9
Seat 8: PBarca88 ( $3 USD )
Seat 2: hugomarcia ( $3.98 USD )
Seat 7: newstyle222 ( $10.37 USD )
Seat 3: sxdan ( $9.90 USD )
newstyle222 posts small blind [$0.05 USD].
PBarca88 posts big blind [$0.10 USD].
hugomarcia posts small blind [$0.05 USD].
** Dealing down cards **
hugomarcia calls [$0.05 USD]
sxdan calls [$0.10 USD]
newstyle222 calls [$0.05 USD]
PBarca88 checks
** Dealing Flop ** [ 2c, 7d, 9h ]
newstyle222 checks
PBarca88 checks
hugomarcia checks
sxdan checks
** Dealing Turn ** [ Js ]
newstyle222 checks
PBarca88 checks
hugomarcia checks
sxdan checks
** Dealing River ** [ 3c ]
newstyle222 checks
PBarca88 checks
hugomarcia checks
sxdan checks
PBarca88 does not show cards.
PBarca88 wins $0.38 USD
`
	h, err := partypoker.NewReader(strings.NewReader(text), "t.txt").Next()
	if err != nil && err != io.EOF {
		t.Fatal(err)
	}
	call := -1
	for i, a := range h.Actions {
		if a.Kind == hand.Call && h.PlayerName(a.Player) == "hugomarcia" {
			call = i
		}
	}
	party, err := Preset("partypoker")
	if err != nil {
		t.Fatal(err)
	}
	def := Default()
	// Under the default the call of 5 was short of the 10 owed; the record
	// counts the blind live, and that reading is followed from the call on
	// (the blind joins his bet: the call brings him to 10), the call's
	// Expected being what it owed, for the check to name the reading.
	for _, c := range []struct {
		rs       *Ruleset
		toCall   hand.Amount
		expected bool
	}{{&party, 5, false}, {&def, 10, true}} {
		tr := Replay(h, c.rs)
		st := tr.Steps[call]
		if st.To != 10 || st.Window.ToCall != c.toCall || st.HasExpected != c.expected || c.expected && st.Expected != 5 {
			t.Errorf("%s: hugomarcia's call: to %d, owed %d, expected %d (%v); want to 10, owed %d, expected 5 (%v)",
				c.rs.Name, st.To, st.Window.ToCall, st.Expected, st.HasExpected, c.toCall, c.expected)
		}
	}
}
