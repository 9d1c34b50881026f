package replay

import (
	"math/bits"

	"github.com/handaudit/handaudit/hand"
)

// betting applies one betting action (the betting phase): it records the
// legal window as the rules stood, applies what the record says, and works
// out who the rules say acts next. run has set the street's first player
// to act (firstToAct) if that was due.
func (m *machine) betting(i int, st *Step, a *hand.Action) {
	p := a.Player
	// i is not needed past here: set before the calls below, it is not
	// kept across them. (window reads none of these.)
	m.seq++
	m.lastStep = i
	m.lastMove, m.returnsSinceMove = i, 0
	if m.phase != phaseBetting {
		if m.phase < phaseBetting {
			m.phase = phaseBetting
		} else {
			st.Note = "betting action after the showdown began"
		}
	}
	// The record may bet on after the round was closed (e.g. a returned
	// bet was printed early): go on with the round as recorded.
	m.closed = false
	st.Betting = true
	if st.StatusBefore != Active && st.Note == "" {
		st.Note = actsWhile(st.StatusBefore)
	}
	if m.txt.terse && (a.Kind == hand.Fold || a.Kind == hand.Check) {
		// A fold or a check puts in no chips: of its window, the checks
		// read only who was due to act (Trace.Terse), and a check facing
		// a bet has only a note, which a terse trace leaves empty.
		st.Window.ToAct = m.toAct
		if a.Kind == hand.Fold {
			m.setStatus(p, Folded)
		} else {
			s := &m.seats[p]
			s.acted, s.actedAt, s.actedSeq = true, m.level, m.seq
			st.AllIn = s.status == AllIn
		}
		st.To = m.seats[p].bet
		m.passTurn(p)
		return
	}
	m.window(&st.Window, p)
	owe := max(m.level-m.seats[p].bet, 0)

	switch a.Kind {
	case hand.Fold:
		m.setStatus(p, Folded)
	case hand.Check:
		if owe > 0 && st.Note == "" {
			st.Note = m.txt.reset().s("check while facing ").amt(owe).s(": the record is followed (nothing added)").str()
		}
	case hand.BringIn:
		m.bringIn(st, a, p)
	case hand.Call:
		var add hand.Amount
		due := min(owe, m.effStack(p))
		switch {
		case a.Kind == hand.Call && !a.HasAmount:
			add = due
			if add == 0 {
				// A PHH "cc" with nothing owed is a check: the notation does
				// not tell the two apart, so there is nothing to remark on.
				st.Kind = hand.Check
			}
		default:
			add = max(a.Amount, 0)
			if add > m.stack[p] {
				st.Note = m.txt.reset().s("record calls ").amt(add).s(" but the player has ").amt(m.stack[p]).s(": all-in for that").str()
				add = m.stack[p]
			} else if add != due {
				m.callShort(st, p, add, due)
			}
		}
		m.put(p, add)
		st.Added = add
		m.level = max(m.level, m.seats[p].bet)
	case hand.Bet, hand.Raise:
		m.betOrRaise(st, a, p)
	}
	if a.Kind != hand.Fold {
		m.seats[p].acted = true
		m.seats[p].actedAt = m.level
		m.seats[p].actedSeq = m.seq
	}
	st.To = m.seats[p].bet
	st.AllIn = m.seats[p].status == AllIn
	m.passTurn(p)
}

// callShort notes a recorded call of add where due was owed. When no
// other player left in the hand can match the whole bet (the bettor has
// folded since, like a player sitting out whose all-in blind the room
// folds), a call of what they can match is all that could be won: the rest
// of the bet would come back uncalled at once. Rooms record that call
// either way, so its amount is kept as the step's Expected, for the checks
// to accept. (Computed only here, off the path of calls of what was owed.)
func (m *machine) callShort(st *Step, p int, add, due hand.Amount) {
	if x := m.seats[p].extraSB; x > 0 && m.round == 0 && add == due-x {
		m.liveExtraSB(st, p, x)
		return
	}
	var most hand.Amount
	for seats := m.inHand &^ (1 << uint(p)); seats != 0; seats &= seats - 1 {
		q := bits.TrailingZeros64(seats)
		most = max(most, m.seats[q].bet+m.effStack(q))
	}
	if matchable := max(most-m.seats[p].bet, 0); matchable < due {
		st.Expected, st.HasExpected = matchable, true
		if add == matchable && st.Note == "" {
			st.Note = m.txt.reset().s("record calls ").amt(add).s(" of the ").amt(due).s(" owed: all the other players in the hand can match, the rest would come back uncalled").str()
			return
		}
	}
	if st.Note == "" {
		st.Note = m.txt.reset().s("record calls ").amt(add).s(" where ").amt(due).s(" was owed: the record is followed").str()
	}
}

// liveExtraSB: the record's call of p is short by exactly the small blind
// x he posted out of position, which the rules count dead: the record
// counts it live, as PartyPoker does. That reading is followed from here
// on (the blind becomes part of his bet), so that his later calls and the
// pots are judged by it and the one fault is reported once; the call's
// Expected is what that reading owed, for the check to name it.
func (m *machine) liveExtraSB(st *Step, p int, x hand.Amount) {
	s := &m.seats[p]
	s.extraSB, s.dead, s.committed = 0, s.dead-x, s.committed-x
	m.stack[p] += x
	m.pot -= x
	m.put(p, x)
	st.Expected, st.HasExpected = st.Window.ToCall-x, true
	if st.Note == "" {
		st.Note = m.txt.reset().s("record calls ").amt(st.Window.ToCall - x).s(" where ").amt(st.Window.ToCall).s(" was owed: it counts the small blind of ").amt(x).s(" posted out of position live, and is followed so").str()
	}
}

// actsWhileNotes are the notes of a betting action by a player who is not
// active, by status: constants, so that betting makes no call for them.
var actsWhileNotes = [...]string{"acts while active", "acts while folded", "acts while all-in", "acts while sitting-out"}

// actsWhile is "acts while " and the status's name.
func actsWhile(s Status) string {
	if int(s) < len(actsWhileNotes) {
		return actsWhileNotes[s]
	}
	return "acts while unknown"
}

// betOrRaise applies a bet or raise to a.To and classifies it: a full
// raise reopens the betting and sets the minimum raise (TDA 43); a short
// all-in does not (TDA 47-A), except in fixed limit when it is at least
// half a full bet (TDA 47-B).
func (m *machine) betOrRaise(st *Step, a *hand.Action, p int) {
	if m.studFlags != 0 && m.studBet(st, a, p) {
		return // taken as the bring-in
	}
	to := a.To
	if to <= 0 && a.HasAmount && a.Amount > 0 {
		// Only the increment was recorded.
		to = a.Amount
		if a.Kind == hand.Raise {
			to = m.level + a.Amount
		}
	}
	add := to - m.seats[p].bet
	if add > m.stack[p] {
		st.Note = m.txt.reset().s("record bets to ").amt(to).s(" but the player has only ").amt(m.stack[p]).s(" more: all-in for that").str()
		add = m.stack[p]
	}
	if add < 0 {
		st.Note = m.txt.reset().s("record bets to ").amt(to).s(", less than the player's ").amt(m.seats[p].bet).s(" already in: nothing added").str()
		add = 0
	}
	prev := m.level
	m.put(p, add)
	to = m.seats[p].bet
	st.Added = add
	if to <= prev {
		if st.Note == "" {
			st.Note = m.txt.reset().s("bet to ").amt(to).s(" does not exceed the current bet of ").amt(prev).s(": taken as a call").str()
		}
		return
	}
	m.level = to
	m.aggressor[m.round&7], m.aggressorTo[m.round] = int8(p), to
	allIn := m.seats[p].status == AllIn
	inc := to - prev
	full := false
	reopen := false
	if m.structure == hand.FixedLimit {
		size := m.fixedSize
		want := m.lastFullTo + size
		switch {
		case to >= want:
			full, reopen = true, true
		case allIn:
			// TDA 47-B: an all-in of half a full bet or more over the last
			// full bet counts as a raise (the next raise is a full bet over
			// it, and it counts toward the cap). Whether it reopens the
			// betting to a player who already acted is measured, as 47-A
			// does in no limit, by what he faces since his own last action
			// (reopened): not by this all-in alone.
			m.shorts = append(m.shorts, shortAllIn{seq: m.seq, from: prev, to: to, player: p})
			if 2*(to-m.lastFullTo) >= size {
				m.raiseCount++
				m.lastFullTo = to
			}
		default:
			reopen = true
			if m.covers(st, p, to) {
				break
			}
			if st.Note == "" {
				st.Note = m.txt.reset().s("limit raise to ").amt(to).s(" instead of ").amt(want).s(": taken as a raise as recorded").str()
			}
		}
		if reopen {
			m.raiseCount++
			m.lastFullTo = to
			m.lastFull = m.seq
		}
		if to > want && st.Note == "" {
			st.Note = m.txt.reset().s("limit raise to ").amt(to).s(" instead of ").amt(want).s(": the record is followed").str()
		}
	} else {
		switch {
		case inc >= m.fullRaise:
			full, reopen = true, true
			m.fullRaise = inc
		case allIn:
			m.shorts = append(m.shorts, shortAllIn{seq: m.seq, from: prev, to: to, player: p})
		default:
			// An under-minimum raise that is not all-in breaks TDA 43; the
			// record says it happened, so later action is judged as if it
			// were a raise (the check flags it once).
			reopen = true
			if st.Note == "" {
				st.Note = m.txt.reset().s("raise of ").amt(inc).s(" is less than the minimum ").amt(m.fullRaise).s(" and not all-in: taken as a raise as recorded").str()
			}
		}
		if reopen {
			m.raiseCount++
			m.lastFullTo = to
			m.lastFull = m.seq
		}
	}
	st.FullRaise = full
}

// covers reports whether p's fixed-limit bet or raise to `to`, short of
// the fixed size and not all-in, puts every other player in the hand
// all-in: to or over the most any of them can have in on the street. The
// rest of a full raise would only come back uncalled, and PHH records the
// raise so (PokerKit caps a raise by the players' effective stacks), so
// both readings are accepted: the step's window then has `to` as its
// size. (In no-limit and pot-limit the raiser chooses the size and TDA 43
// holds him to the minimum; the engine keeps that reading there.)
func (m *machine) covers(st *Step, p int, to hand.Amount) bool {
	var most hand.Amount
	for seats := m.inHand &^ (1 << uint(p)); seats != 0; seats &= seats - 1 {
		q := bits.TrailingZeros64(seats)
		most = max(most, m.seats[q].bet+m.effStack(q))
	}
	// The other players' chips before p's action: p's own went in since.
	if most <= 0 || to < most {
		return false
	}
	st.Window.MinRaiseTo = min(st.Window.MinRaiseTo, to)
	if st.Note == "" {
		st.Note = m.txt.reset().s("bet to ").amt(to).s(", short of a full raise, covers every other player's chips (").amt(most).s("): taken as a full bet").str()
	}
	return true
}

// window sets w to the legal betting window for player p as the rules
// stand now. (It fills the Step's Window in place: the struct is large, and
// returning it costs a copy on every betting action.) It sets every field.
func (m *machine) window(w *Window, p int) {
	eff := m.effStack(p)
	owe := max(m.level-m.seats[p].bet, 0)
	open, reason := m.openFor(p)
	allInTo := m.seats[p].bet + eff
	var minTo, maxTo, potMax hand.Amount
	switch m.structure {
	case hand.FixedLimit:
		minTo = m.lastFullTo + m.fixedSize
		maxTo = m.lastFullTo + m.fixedMax // the fixed size, or stud's open-pair big bet
	case hand.PotLimit:
		minTo = m.level + m.fullRaise
		potMax = m.level + m.potForLimit() + owe
		maxTo = potMax
	default:
		minTo = m.level + m.fullRaise
		maxTo = allInTo
	}
	if m.level == 0 {
		minTo = m.minBet
		if m.structure == hand.FixedLimit {
			minTo = m.fixedSize
		}
	}
	var minRaiseTo, maxRaiseTo hand.Amount
	capped := m.capNow > 0 && m.raiseCount >= m.capNow
	if open && !capped && eff > owe {
		minRaiseTo = min(minTo, allInTo)
		maxRaiseTo = max(min(maxTo, allInTo), minRaiseTo)
	}
	// Field by field: a composite literal is built aside and copied.
	w.ToAct = m.toAct
	w.ToCall = min(owe, eff)
	w.CurrentBet = m.level
	w.MinRaiseTo, w.MaxRaiseTo = minRaiseTo, maxRaiseTo
	w.PotLimitMax = potMax
	w.FullRaise = m.fullRaise
	w.Open, w.OpenReason = open, reason
	w.RaiseCount, w.Cap, w.FixedSize = m.raiseCount, m.capNow, m.fixedSize
}

// potForLimit is the pot for the pot-limit maximum: every chip in the
// middle, and pre-flop the chips a short all-in blind did not post
// (TDA 54-B: a short blind does not change the pre-flop calculation).
func (m *machine) potForLimit() hand.Amount {
	t := m.potTotal()
	if m.round == 0 {
		t += m.blindShort
	}
	return t
}

// openFor says whether betting is open to p (TDA 47): a player who has not
// acted may raise; one who has may raise again only facing at least a full
// raise since (cumulative short all-ins count), or half a full bet in
// fixed limit.
func (m *machine) openFor(p int) (bool, string) {
	if !m.seats[p].acted {
		return true, "betting open: the player has not acted on this street"
	}
	return m.reopened(p)
}

// reopened is openFor for a player who has acted on the street.
func (m *machine) reopened(p int) (bool, string) {
	if m.lastFull > m.seats[p].actedSeq {
		if m.txt.terse {
			return true, "" // the reason is built of amounts: none in a terse trace
		}
		t := m.txt.reset()
		return true, t.s("betting reopened: a raise to ").amt(m.lastFullTo).s(" since the player acted at ").amt(m.seats[p].actedAt).str()
	}
	t := m.txt.reset()
	faced := m.level - m.seats[p].actedAt
	limit := m.structure == hand.FixedLimit
	var ok bool
	if limit {
		ok = faced > 0 && 2*faced >= m.fixedSize
	} else {
		ok = faced > 0 && faced >= m.fullRaise
	}
	if ok {
		t.s("betting reopened: the short all-ins since the player acted at ").amt(m.seats[p].actedAt).s(" add up to ").amt(faced)
		if limit {
			return true, t.s(", at least half of a full bet of ").amt(m.fixedSize).str()
		}
		return true, t.s(", at least a full raise of ").amt(m.fullRaise).str()
	}
	if faced <= 0 {
		return false, "betting not reopened: nothing has been bet since the player acted"
	}
	since := 0
	var last shortAllIn
	for _, s := range m.shorts {
		if s.seq > m.seats[p].actedSeq {
			since++
			last = s
		}
	}
	if since == 1 {
		t.s("betting not reopened: the short all-in of ").amt(last.to).s(" is ").amt(last.to - last.from).s(" over the ").amt(last.from).s(" bet")
	} else {
		t.s("betting not reopened: the short all-ins since the player acted at ").amt(m.seats[p].actedAt).s(" add ").amt(faced)
	}
	if limit {
		return false, t.s(", less than half of a full bet of ").amt(m.fixedSize).str()
	}
	return false, t.s(", less than a full raise of ").amt(m.fullRaise).str()
}

// firstToAct sets the first player to act on the street: pre-flop the
// seat after the big blind (or the last straddle), later the first seat
// left of the button (heads-up, the button has the small blind and so acts
// first pre-flop and last after, TDA 34). It also sets the street's raise
// cap. run calls it before the street's first betting action (in stud,
// studFirstToAct).
func (m *machine) firstToAct() {
	m.capNow = 0
	if m.structure == hand.FixedLimit && m.rs.LimitCap > 0 {
		m.capNow = m.rs.LimitCap
		if m.rs.HeadsUpUncapped && m.countIn() == 2 {
			m.capNow = 0
		}
	}
	anchor := m.button
	if m.round == 0 {
		switch {
		case m.lastBlind >= 0:
			anchor = m.lastBlind
		case m.sbPlayer >= 0:
			anchor = m.sbPlayer
		}
	}
	if anchor < 0 {
		anchor = m.n - 1
	}
	m.toAct = -1 // no one was due: the turn passes on from the anchor
	m.needFirst = false
	m.passTurn(anchor)
}

// countIn counts the players still in the hand (not folded, dealt in).
func (m *machine) countIn() int { return bits.OnesCount64(m.inHand) }

// passTurn sets who is to act after p. When p acted out of turn (m.toAct,
// who was due, is someone else who still must act), the skipped player
// keeps the turn: the action backs up to him. Otherwise it is the next
// player after p, in table order, who must act: an active player who has
// not acted on the street or who owes chips; none (-1) when the round is
// complete or the hand is over.
func (m *machine) passTurn(p int) {
	if e := m.toAct; e >= 0 && e != p && m.mustAct(e) && !m.roundDone() {
		return
	}
	m.toAct = -1
	if m.roundDone() {
		return
	}
	// The active seats in table order from the one after p (rotated so
	// that bit k is seat p+1+k, mod 64: no seat is 64 or more): only they
	// may owe an action.
	for seats := bits.RotateLeft64(m.active, -(p + 1)); seats != 0; seats &= seats - 1 {
		if q := (p + 1 + bits.TrailingZeros64(seats)) & 63; !m.seats[q].acted || m.seats[q].bet < m.level {
			m.toAct = q
			return
		}
	}
}

func (m *machine) mustAct(q int) bool {
	return m.seats[q].status == Active && (!m.seats[q].acted || m.seats[q].bet < m.level)
}

// roundDone reports that no one can act any more on this street: at most
// one player is left in the hand, or everyone else is all-in and the last
// player with chips has matched the bet. Pre-flop the big blind (or the
// last straddle) who has not acted keeps his option when the others are
// all-in for no more than his blind (a call all-in for exactly the big
// blind): his check is in turn.
func (m *machine) roundDone() bool {
	switch {
	case m.inHand&(m.inHand-1) == 0 || m.active == 0:
		return true
	case m.active&(m.active-1) != 0:
		return false // two or more players with chips
	}
	q := bits.TrailingZeros64(m.active)
	return m.seats[q].bet >= m.level && (m.seats[q].acted || m.street != Preflop || q != m.lastBlind)
}

// setStatus changes p's status after reset, keeping the seat sets
// roundDone and nextToAct read.
func (m *machine) setStatus(p int, s Status) {
	bit := uint64(1) << uint(p)
	m.active &^= bit
	m.inHand &^= bit
	switch s {
	case Active:
		m.active |= bit
		m.inHand |= bit
	case AllIn:
		m.inHand |= bit
	}
	m.seats[p].status = s
}
