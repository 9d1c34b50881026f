package replay

import (
	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// The draw phases: before each betting round after the first (games.go
// says which), every player still in the hand, all-in or not, draws once,
// in order from the first seat left of the button: he discards some of
// his cards, or none (stands pat), and is dealt as many. The first discard
// after a betting round begins the draw; the first betting action after it
// ends it. When the stub runs out the discards are shuffled and dealt (the
// card checks accept a discarded card dealt again).
//
// A draw's step says, in Window.ToAct, who the rules had draw next (-1: no
// draw was due), so that the checks judge a draw out of turn as they judge
// a betting action out of turn; the betting window's other fields are
// zero. A discard of more cards than the player holds is noted; the checks
// report it (draw.too-many-cards).

// drawState is the draw state of a hand.
type drawState struct {
	drew uint64 // the seats that have drawn in the current draw
	// owed: each seat's cards discarded in the current draw and not yet
	// replaced.
	owed [maxSeats]int
}

// discard replays a Discard (PHH "sd"): the cards leave the player's hand.
func (m *machine) discard(st *Step, a *hand.Action) {
	p := a.Player
	st.Window.ToAct = -1
	if !m.game.draw {
		st.Note = "discard in a game without draws: ignored"
		return
	}
	if uint(p) >= uint(m.n) {
		st.Note = "discard by no seated player: ignored"
		return
	}
	if m.phase != phaseDrawing || m.draw.drew&m.inHand == m.inHand {
		// A new draw: after the betting, or once every player in the hand
		// has drawn in this one (with all players all-in, draws follow one
		// another without betting).
		next := m.round + 1
		if !m.game.drawsBefore(next) {
			st.Note = "discard where no draw is due: the record is followed"
			m.takeDiscard(st, a, p)
			return
		}
		m.closeRound()
		m.startRound(next)
		m.phase = phaseDrawing
		m.draw.drew = 0
		clear(m.draw.owed[:m.n])
	}
	st.Window.ToAct = m.nextToDraw()
	if s := m.seats[p].status; s == Folded || s == SittingOut {
		st.Note = "discard by a player who is not in the hand"
	}
	m.draw.drew |= 1 << uint(p)
	m.takeDiscard(st, a, p)
}

// takeDiscard removes a's cards from p's hand (a copy: the dealt cards are
// the record's) and owes him as many replacements.
func (m *machine) takeDiscard(st *Step, a *hand.Action, p int) {
	hole := m.seatCards[p].hole
	if len(a.Cards) > len(hole) && st.Note == "" {
		st.Note = m.txt.reset().s("discards ").n(len(a.Cards)).s(" cards but holds ").n(len(hole)).str()
	}
	// Each discarded card takes the held card it names (an unknown one, an
	// unknown held card); a known card the record did not deal him takes
	// an unknown one, if he holds one.
	kept := make([]cards.Card, 0, len(hole))
	gone := a.Cards
	for _, c := range hole {
		if i := indexCard(gone, c); i >= 0 {
			gone = append(gone[:i:i], gone[i+1:]...)
			continue
		}
		kept = append(kept, c)
	}
	for k := len(gone); k > 0; k-- {
		i := indexCard(kept, cards.Unknown)
		if i < 0 {
			break
		}
		kept = append(kept[:i], kept[i+1:]...)
	}
	m.seatCards[p].hole = kept
	m.draw.owed[p] += len(a.Cards)
}

// indexCard is the index of c in cs, or -1.
func indexCard(cs []cards.Card, c cards.Card) int {
	for i, x := range cs {
		if x == c {
			return i
		}
	}
	return -1
}

// nextToDraw is who the rules have draw next in the current draw: the
// first player in the hand from the first seat left of the button who has
// not drawn; -1 when all have.
func (m *machine) nextToDraw() int {
	b := m.button
	if b < 0 {
		b = m.n - 1
	}
	for k := 1; k <= m.n; k++ {
		q := (b + k) % m.n
		if m.inHand&(1<<uint(q)) != 0 && m.draw.drew&(1<<uint(q)) == 0 {
			return q
		}
	}
	return -1
}

// drawDeal takes a deal to a player in a draw game once dealHole has added
// the cards: in a draw, the replacements for the cards he discarded.
func (m *machine) drawDeal(st *Step, a *hand.Action) {
	if m.phase != phaseDrawing {
		return
	}
	p := a.Player
	owed := m.draw.owed[p]
	m.draw.owed[p] = max(owed-len(a.Cards), 0)
	if len(a.Cards) > owed && st.Note == "" {
		st.Note = m.txt.reset().s("dealt ").n(len(a.Cards)).s(" cards in the draw for ").n(owed).s(" discarded").str()
	}
}
