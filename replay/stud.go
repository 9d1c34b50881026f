package replay

import (
	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// The stud phases: each street deals every player his own cards, some face
// up (games.go says which); third street opens with the bring-in, by the
// lowest up card (razz: the highest), which its player may complete to the
// small bet instead; the later streets are opened by the best hand showing
// (razz: the lowest); in seven-card stud high an open pair on fourth street
// lets a player bet the big bet there.
//
// The engine follows the record here as everywhere: a bring-in by another
// player than the rules name is noted in its step (Window.ToAct names the
// player the rules call on) and the betting goes on from the player the
// record has bring in, so that the one fault is reported once.

// studState is the stud (and shared stud and draw) state of a hand.
type studState struct {
	// up holds each seat's known up cards, upUnknown the seats dealt an
	// up card the record does not show.
	up        [maxSeats]cards.Set
	upUnknown uint64
	// opener is the player the up cards had open the current street
	// (-1: none, or not known).
	opener int
}

// resetStudDraw readies the stud and draw state of a new hand; reset calls
// it for stud and draw games only.
func (m *machine) resetStudDraw() {
	m.stud, m.draw = studState{}, drawState{}
	m.stud.opener = -1
	if m.game.stud && m.h.Stakes.BringIn > 0 {
		m.studFlags = bringInDue
	}
}

// studFlags: the stud states the betting reads in every game (a byte, so
// that a hold'em hand tests one byte, and reset clears it with one store).
const (
	// bringInDue: third street, and neither the bring-in nor a completion
	// has been made yet (a hand with a bring-in in its stakes).
	bringInDue uint8 = 1 << iota
	// openPair: fourth street of seven-card stud high with an open pair
	// showing: a bet or raise may be the small bet or the big bet until one
	// of the big bet is made (then the big bet it is). machine.fixedMax is
	// the big bet meanwhile.
	openPair
)

// studDeal takes a deal of a.Cards to a stud player who holds held cards:
// the first deal of a street opens that street's betting round, and the
// deal's up cards (as the record says, else as the table does) are noted
// in the step and kept for the openers.
func (m *machine) studDeal(st *Step, a *hand.Action, held int) {
	if r := m.game.roundForHole(held); r > m.round {
		m.closeRound()
		m.startRound(r)
		m.phase = phaseDealing
		m.studFlags, m.stud.opener = 0, -1
	}
	up := a.Up
	if !a.UpRecorded {
		up = UpCards(m.h.Game.Variant, held, len(a.Cards))
	}
	st.Up = up
	p := a.Player
	for i, c := range a.Cards {
		if i >= 8 || up&(1<<uint(i)) == 0 {
			continue
		}
		if c.Known() {
			m.stud.up[p] = m.stud.up[p].Add(c)
		} else {
			m.stud.upUnknown |= 1 << uint(p)
		}
	}
}

// bringIn applies a bring-in: the chips go in as a bet that is less than a
// full bet (the next full bet completes it to the small bet). Its step's
// Expected is the bring-in the stakes call for, capped by the stack.
func (m *machine) bringIn(st *Step, a *hand.Action, p int) {
	if b := m.h.Stakes.BringIn; b > 0 {
		st.Expected, st.HasExpected = min(b, m.stack[p]), true
	}
	add := max(a.Amount, 0)
	if !a.HasAmount {
		add = st.Expected
	}
	switch {
	case add > m.stack[p]:
		st.Note = m.txt.reset().s("record brings in for ").amt(add).s(" but the player has ").amt(m.stack[p]).s(": all-in for that").str()
		add = m.stack[p]
	case m.studFlags&bringInDue == 0 && st.Note == "":
		st.Note = "bring-in where none was due: taken as a bet of its amount as recorded"
	}
	m.put(p, add)
	st.Added = add
	m.level = max(m.level, m.seats[p].bet)
	m.studOpened(p)
}

// takeAsBringIn takes a bet by the first player to act on third street,
// smaller than the small bet and not all-in, as the bring-in it stands for
// (a PHH "cbr" of another amount than the bring-in): the completion to the
// small bet is still to come. It reports whether it did.
func (m *machine) takeAsBringIn(st *Step, a *hand.Action, p int) bool {
	to := a.To
	if to <= 0 && a.HasAmount {
		to = a.Amount
	}
	if m.level != 0 || to >= m.fixedSize || to-m.seats[p].bet >= m.stack[p] {
		return false
	}
	st.Kind = hand.BringIn
	if b := m.h.Stakes.BringIn; b > 0 {
		st.Expected, st.HasExpected = min(b, m.stack[p]), true
	}
	add := max(to-m.seats[p].bet, 0)
	if st.Note == "" {
		st.Note = m.txt.reset().s("bet of ").amt(to).s(", less than the completion to ").amt(m.fixedSize).s(": taken as a bring-in as recorded").str()
	}
	m.put(p, add)
	st.Added = add
	m.level = max(m.level, m.seats[p].bet)
	m.studOpened(p)
	return true
}

// studBet is called by betOrRaise for a bet or raise while the bring-in
// is due or an open pair allows the big bet. It takes a bet below the
// completion as the bring-in (takeAsBringIn) and reports it did; else the
// bet is the completion, which ends the bring-in phase, and a big bet on
// the open pair makes the big bet the street's size, for betOrRaise.
func (m *machine) studBet(st *Step, a *hand.Action, p int) bool {
	if m.studFlags&bringInDue != 0 {
		if m.takeAsBringIn(st, a, p) {
			return true
		}
		m.studOpened(p)
	}
	to := a.To
	if to <= 0 && a.HasAmount && a.Amount > 0 {
		to = a.Amount
		if a.Kind == hand.Raise {
			to = m.level + a.Amount
		}
	}
	if m.studFlags&openPair != 0 && to == m.lastFullTo+m.fixedMax {
		m.fixedSize, m.fullRaise = m.fixedMax, m.fixedMax
		m.studFlags &^= openPair
	}
	return false
}

// studOpened ends the bring-in phase with p's bring-in or completion: the
// turn passes on from p, whoever the rules named (a wrong bring-in is one
// fault, not one for each player after it).
func (m *machine) studOpened(p int) {
	if m.studFlags&bringInDue != 0 {
		m.studFlags &^= bringInDue
		m.toAct = p
	}
}

// studFirstToAct sets who opens a stud street (p: the record's first to
// act), as the up cards say, and on fourth street of stud high whether an
// open pair allows the big bet. When an up card of a player in the hand is
// not known, the record's first to act is taken.
func (m *machine) studFirstToAct(p int) {
	m.capNow = 0
	if m.structure == hand.FixedLimit && m.rs.LimitCap > 0 {
		// The street's cap, as firstToAct sets it.
		m.capNow = m.rs.LimitCap
		if m.rs.HeadsUpUncapped && m.countIn() == 2 {
			m.capNow = 0
		}
	}
	m.needFirst = false
	m.toAct = -1
	if m.game.openPair && m.street == FourthStreet && m.openPairShowing() {
		m.studFlags |= openPair
		m.fixedMax = m.betSize(m.game.last())
	}
	opener := m.studOpener()
	m.stud.opener = opener
	if opener < 0 {
		m.toAct = p
		return
	}
	if m.mustAct(opener) {
		m.toAct = opener
		return
	}
	m.passTurn(opener) // all-in: the next player who can act
}

// studOpenNote says, for the step that opens a stud street, who the up
// cards have act first and why: "Cat's 3c is the lowest up card: Cat
// brings in", "Ann's pair of Kings is the best hand showing: Ann acts
// first".
func (m *machine) studOpenNote() string {
	t := m.txt.reset()
	q := m.stud.opener
	if q < 0 {
		return "the up cards are not all known: the record's first to act is followed"
	}
	up := m.stud.up[q].Cards()
	name := m.h.PlayerName(q)
	if m.game.rounds[m.round].opening == byBringIn {
		which := "lowest"
		if m.game.lowOpens {
			which = "highest"
		}
		t.s(name).s("'s ").s(cards.FormatList(up)).s(" is the ").s(which).s(" up card: ").s(name).s(" brings in")
		if m.toAct != q {
			t.s(" (all-in: the next player acts)")
		}
		return t.str()
	}
	which := "the best hand showing"
	if m.game.lowOpens {
		which = "the lowest hand showing"
	}
	t.s(name).s("'s ").s(studGame(m.game.lowOpens).Showing(up).String()).s(" is ").s(which).s(": ").s(name).s(" acts first")
	if m.toAct != q {
		t.s(" (all-in: the next player acts)")
	}
	if m.studFlags&openPair != 0 {
		t.s("; an open pair shows: the bet may be the small or the big bet")
	}
	return t.str()
}

// studOpener is the player the up cards have open the current street:
// on third street the bring-in, later the best hand showing (razz: the
// lowest), the first in seat order of equals; -1 when a player in the
// hand has an up card the record does not show, or none has one.
func (m *machine) studOpener() int {
	if m.upUnknownInHand() {
		return -1
	}
	bringIn := m.game.rounds[m.round].opening == byBringIn
	best, bestKey := -1, uint64(0)
	for q := range m.n {
		if m.inHand&(1<<uint(q)) == 0 || m.stud.up[q] == 0 {
			continue
		}
		var key uint64
		switch {
		case bringIn:
			key = bringInKey(m.stud.up[q], m.game.lowOpens)
		default:
			key = showingKey(m.stud.up[q], m.game.lowOpens)
		}
		if best < 0 || key > bestKey {
			best, bestKey = q, key
		}
	}
	return best
}

// upUnknownInHand reports whether a player still in the hand has an up
// card the record does not show.
func (m *machine) upUnknownInHand() bool { return m.stud.upUnknown&m.inHand != 0 }

// openPairShowing reports whether a player in the hand shows a pair.
func (m *machine) openPairShowing() bool {
	for q := range m.n {
		if m.inHand&(1<<uint(q)) != 0 && hasPair(m.stud.up[q]) {
			return true
		}
	}
	return false
}

// hasPair reports whether the set holds two cards of a rank.
func hasPair(s cards.Set) bool {
	var seen uint16
	for _, c := range s.Cards() {
		b := uint16(1) << c.Rank()
		if seen&b != 0 {
			return true
		}
		seen |= b
	}
	return false
}

// studGame is how the cards package reads the game's up cards.
func studGame(razz bool) cards.StudGame {
	if razz {
		return cards.Razz
	}
	return cards.StudHigh
}

// bringInKey orders the players' up cards for the bring-in: the larger key
// brings in (cards.StudGame.BringInKey: in stud the lowest card, aces
// high, in razz the highest, aces low; suits from clubs up). A player's
// key is his card's that would bring in.
func bringInKey(up cards.Set, razz bool) uint64 {
	key := -1
	for _, c := range up.Cards() {
		key = max(key, studGame(razz).BringInKey(c))
	}
	return uint64(key + 1)
}

// showingKey orders the players' up cards for opening a later stud
// street: the larger key opens (cards.StudGame.Showing: in stud the best
// hand showing, in razz the lowest).
func showingKey(up cards.Set, razz bool) uint64 {
	return uint64(studGame(razz).Showing(up.Cards()))
}

// ShowingWinner returns the seat index of the player whose up cards open a
// stud street of variant v, among players (nil entries are out): the best
// hand showing, or the worst in razz, the first of equals; the bring-in on
// third street when bringIn. -1 when none shows a card. The explain and
// gen packages use it; the engine itself reads its own state.
func ShowingWinner(v hand.Variant, up [][]cards.Card, bringIn bool) int {
	g := gameOf(v)
	if g == nil || !g.stud {
		return -1
	}
	best, bestKey := -1, uint64(0)
	for q, cs := range up {
		if len(cs) == 0 {
			continue
		}
		s := cards.SetOf(cs...)
		key := showingKey(s, g.lowOpens)
		if bringIn {
			key = bringInKey(s, g.lowOpens)
		}
		if best < 0 || key > bestKey {
			best, bestKey = q, key
		}
	}
	return best
}
