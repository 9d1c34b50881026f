package replay

import (
	"math/bits"
	"slices"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// settle ends the hand: the last uncalled bet goes back, the pots are built
// and raked, hands are shown down and the chips pushed (the showdown and
// pushing phases).
func (m *machine) settle() {
	m.closeRound()
	h, tr, n := m.h, m.tr, m.n
	committed := m.amounts[:n:n]
	// Pots are layered on what each player put in, antes included; dead
	// blinds and the big blind's ante go to the main pot, which every live
	// player contests.
	liveChips := reuse(&m.liveChips, n)
	var total, dead hand.Amount
	for i := range m.seats[:n] { // bounds checked once
		s := &m.seats[i]
		committed[i] = s.committed
		liveChips[i] = s.committed - s.dead
		total += s.committed
		dead += s.dead
	}
	// Money the room put in (a cash drop) is in the main pot, no one's.
	total += h.PotAdded
	dead += h.PotAdded
	tr.Committed, tr.TotalPot = committed, total
	if pots, ok := singlePot(liveChips, m.inHand, dead, tr.mem); ok { // inHand: Active or AllIn
		tr.Pots = pots
	} else {
		live := reuse(&m.liveBuf, n)
		for i := range live {
			live[i] = m.inHand&(1<<uint(i)) != 0
		}
		m.layers = layers(liveChips, live, dead > 0, m.layers)
		tr.Pots = buildPots(m.layers, dead, true, tr.mem)
	}

	rake := h.Outcome.Rake
	for _, f := range h.Outcome.Fees {
		rake += f.Amount
	}
	implied, fromStacks := false, false
	if !h.Outcome.HasRake && len(h.Outcome.Fees) == 0 {
		// The record states no rake (PHH has no rake field: its payouts
		// are after rake): the chips its payouts leave unaccounted are
		// the rake it implies.
		if r, ok, stacks := m.impliedRake(total); ok {
			if r < 0 && !stacks {
				r = m.keptByWinners(r)
			}
			tr.ImpliedRake, tr.HasImpliedRake = r, true
			rake, implied, fromStacks = max(r, 0), true, stacks
		}
	}
	tr.Rake = rake
	var collected []hand.Amount
	if rake > 0 && len(tr.Pots) > 1 && !implied {
		if collected = collectedByPot(h.Actions, len(tr.Pots), m.potBuf); collected != nil {
			m.potBuf = collected
		}
	}
	// An implied rake is shared among the pots as the payouts show it was
	// (rakeFromPayouts), and is not an uncalled bet the finishing stacks
	// did not give back (notReturned): both need the winners, so the pots
	// are awarded before any rake, then again with it.
	tr.ExpectedRake, tr.HasExpectedRake = m.rs.ExpectedRake(total, len(m.boards[0]) >= 3 || m.round > 0, h.Scale)
	shared := implied && (len(tr.Pots) > 1 || fromStacks && len(tr.Returns) > 0)
	// A stated rake whose collects do not say which pot they are from
	// (GGPoker: "collected $X from pot", the room rakes every pot) is
	// shared among the pots as the collects show it was, as an implied
	// rake is.
	stated := !implied && rake > 0 && len(tr.Pots) > 1 && collected == nil && m.collectsUnlabelled()
	shared = shared || stated
	if !shared {
		allocateRake(tr.Pots, min(max(m.awardRake(rake, implied), 0), total), h.Outcome.Pots, collected)
	}

	m.setBoards()
	m.showdownOrder()
	m.pushChips()
	if shared {
		// The winners of each pot, found above before any rake, say how
		// the payouts share the rake: award again with it.
		if fromStacks {
			rake = m.notReturned(total, rake)
			tr.ImpliedRake, tr.Rake = rake, max(rake, 0)
		}
		if target := min(m.awardRake(rake, !stated), total); target > 0 {
			if len(tr.Pots) == 1 || !m.rakeFromPayouts(target, stated) {
				allocateRake(tr.Pots, target, nil, nil)
			}
			tr.Awards, tr.Undecided, tr.UndecidedAmount = tr.Awards[:0], tr.Undecided[:0], 0
			m.awardPots()
		}
	}

	finishing := m.amounts[n : 2*n : 2*n]
	copy(finishing, m.stack[:n])
	for i := range tr.Awards { // by index: an Award is 88 bytes
		a := &tr.Awards[i]
		finishing[a.Player] += a.Amount
	}
	tr.FinishingStacks = finishing
}

// setBoards fixes the boards the showdown uses: the record's boards, else
// the cards dealt; a second run shorter than five cards shares the first
// board's early cards.
func (m *machine) setBoards() {
	h, tr := m.h, m.tr
	var b0, b1 []cards.Card
	switch {
	case len(h.Boards) > 0:
		b0 = h.Boards[0]
		if len(h.Boards) > 1 {
			b1 = h.Boards[1]
		}
	default:
		// The machine's boards are reused by the next hand: copy them,
		// both into one array.
		n0 := len(m.boards[0])
		both := append(tr.mem.cardsFor(n0+len(m.boards[1])), m.boards[0]...)
		both = append(both, m.boards[1]...)
		b0, b1 = both[:n0:n0], both[n0:]
	}
	if len(b1) == 0 {
		if len(b0) > 0 {
			tr.Boards = append(tr.mem.boardsFor(1), b0)
		}
		return
	}
	if len(b1) < 5 && len(b0) >= 5-len(b1) {
		full := make([]cards.Card, 0, 5)
		full = append(full, b0[:5-len(b1)]...)
		b1 = append(full, b1...)
	}
	tr.Boards = append(tr.mem.boardsFor(2), b0, b1)
}

// holeCount is the number of cards a tabled hand must show: the game's
// (two in hold'em, seven in stud, five or four held after the draws), or
// in Omaha the record's.
func (m *machine) holeCount() int {
	if c := m.game.hole; c > 0 {
		return c
	}
	if c := m.h.Game.HoleCards; c > 0 {
		return c
	}
	return 4
}

// handCards returns p's tabled cards: the cards shown, or, for a player who
// neither showed nor mucked, the cards dealt. nil when not known in full.
func (m *machine) handCards(p int) []cards.Card {
	var cs []cards.Card
	switch {
	case m.seats[p].showed:
		cs = m.seatCards[p].shown
	case m.seats[p].mucked:
		return nil
	default:
		cs = m.seatCards[p].hole
	}
	if len(cs) != m.holeCount() {
		return nil
	}
	for _, c := range cs {
		if !c.Known() {
			return nil
		}
	}
	return cs
}

// showdownOrder works out who must table first (TDA 17-A): the last
// aggressor on the final betting round, else the player who would act
// first in a final betting round: the first player left of the button,
// in stud the best hand showing (razz: the lowest).
func (m *machine) showdownOrder() {
	tr := m.tr
	if m.countIn() < 2 {
		return
	}
	final := m.round
	t := m.txt.reset()
	allIn := m.activeWithChips() <= 1
	if allIn {
		// All-in showdown (TDA 16): every hand is tabled at once; the last
		// aggressor of the last betting round is named first.
		for r := final; r >= 0; r-- {
			if p := int(m.aggressor[r&7]); p >= 0 && m.seats[p].status != Folded {
				tr.ShowdownFirst = p
				tr.ShowdownReason = t.s("all-in showdown: every hand is tabled face up; last aggressor: ").
					s(m.h.PlayerName(p)).s(" (").s(m.game.street[r&7].String()).s(", to ").amt(m.aggressorTo[r]).s(")").str()
				return
			}
		}
		if m.game.stud {
			p, why := m.studShowsFirst()
			tr.ShowdownFirst = p
			tr.ShowdownReason = t.s("all-in showdown: every hand is tabled face up; no bet on the last betting round, so ").s(why).str()
			return
		}
		p := m.firstLeftOfButton()
		tr.ShowdownFirst = p
		tr.ShowdownReason = "all-in showdown: every hand is tabled face up; no bet on the last betting round, so the first seat left of the button"
		return
	}
	street := m.game.street[final&7].when()
	if p := int(m.aggressor[final&7]); p >= 0 && m.seats[p].status != Folded {
		tr.ShowdownFirst = p
		tr.ShowdownReason = t.s("last aggressor ").s(street).s(": ").s(m.h.PlayerName(p)).s(", to ").amt(m.aggressorTo[final]).str()
		return
	}
	if m.game.stud {
		p, why := m.studShowsFirst()
		tr.ShowdownFirst = p
		tr.ShowdownReason = t.reset().s("no bet ").s(street).s(": ").s(why).s(" shows first").str()
		return
	}
	tr.ShowdownFirst = m.firstLeftOfButton()
	tr.ShowdownReason = t.s("no bet ").s(street).s(": the first seat left of the button shows first").str()
}

// studShowsFirst is who would act first in a final stud betting round:
// the best hand showing (razz: the lowest), of the players in the hand,
// and why in words; the first player in the hand when the up cards are
// not all known.
func (m *machine) studShowsFirst() (int, string) {
	if m.round == m.game.last() {
		if p := m.studOpener(); p >= 0 {
			if m.game.lowOpens {
				return p, "the lowest hand showing"
			}
			return p, "the best hand showing"
		}
	}
	return m.firstLeftOfButton(), "the first player in seat order (the up cards do not decide)"
}

// activeWithChips counts live players who still have chips to bet: the
// seats of the active set (status Active) with an effective stack.
func (m *machine) activeWithChips() int {
	c := 0
	for x := m.active; x != 0; x &= x - 1 {
		if m.effStack(bits.TrailingZeros64(x)) > 0 {
			c++
		}
	}
	return c
}

// firstLeftOfButton is the first live player left of the button.
func (m *machine) firstLeftOfButton() int {
	b := m.button
	if b < 0 {
		b = m.n - 1
	}
	for k := 1; k <= m.n; k++ {
		q := (b + k) % m.n
		if m.seats[q].status == Active || m.seats[q].status == AllIn {
			return q
		}
	}
	return -1
}

// position is p's distance clockwise from the button: 0 for the first seat
// left of it. Odd chips go in this order (TDA 20-A).
func (m *machine) position(p int) int {
	b := m.button
	if b < 0 {
		b = m.n - 1
	}
	return (p - b - 1 + 2*m.n) % m.n
}

// pushChips awards every pot, run by run and half by half.
func (m *machine) pushChips() {
	tr := m.tr
	nb := max(len(tr.Boards), 1)
	// Hands are evaluated only for a pot two or more players contest.
	for k := range tr.Pots {
		if len(tr.Pots[k].Eligible) > 1 {
			for b := range nb {
				m.evals[b] = grow(m.evals[b], m.n)
				var board []cards.Card
				if b < len(tr.Boards) {
					board = tr.Boards[b]
				}
				m.boardReady[b] = len(board) == 5 && allKnown(board) || m.game.stud || m.game.draw
				if m.game.score == scoreOmaha {
					m.omaha[b].Set(board)
				}
			}
			break
		}
	}
	tr.Awards = tr.mem.awardsFor(len(tr.Pots)*nb + 1)
	m.awardPots()
}

// awardPots awards every pot, net of its rake, run by run and half by
// half (pushChips has set the evaluations up).
func (m *machine) awardPots() {
	tr := m.tr
	nb := max(len(tr.Boards), 1)
	for k := range tr.Pots {
		pot := &tr.Pots[k]
		net := pot.Amount - pot.Rake
		if net <= 0 {
			continue
		}
		// The contenders who did not muck, in a buffer as long as
		// Eligible: each is written, and kept by counting it.
		alive := m.aliveBuf
		if cap(alive) < len(pot.Eligible) {
			alive = make([]int, len(pot.Eligible))
			m.aliveBuf = alive
		}
		alive = alive[:len(pot.Eligible)]
		j := 0
		for _, p := range pot.Eligible {
			alive[j] = p
			if !m.seats[p&63].mucked { // a seat index: p < n <= 64
				j++
			}
		}
		alive = alive[:j]
		// Split the pot between the runs, the odd chip to the first run.
		unit := m.chipUnit()
		units, sub := net/unit, net%unit
		for b := 0; b < nb; b++ {
			share := units / hand.Amount(nb) * unit
			if hand.Amount(b) < units%hand.Amount(nb) {
				share += unit
			}
			if b == 0 {
				share += sub
			}
			if share > 0 {
				m.awardShare(k, b, nb, share, alive, len(pot.Eligible))
			}
		}
	}
}

// awardRake is the rake the pots are awarded net of: the rake taken (as
// stated, or implied), but for a record that states none under a house
// rake rule, the house's rake. Chips its payouts leave beyond or short of
// the house's rake are then where the record put them, for the checks to
// report once (pot.rake-mismatch), not spread over a split.
func (m *machine) awardRake(rake hand.Amount, implied bool) hand.Amount {
	if implied && m.tr.HasExpectedRake {
		return m.tr.ExpectedRake
	}
	return rake
}

// impliedRake is the rake a record that states none implies: the pot less
// what its payouts (finishing stacks, else winnings) give the players
// beyond what they kept. A player left with less than he kept (an
// uncalled bet not given back, say) paid no rake: that is another fault,
// which the checks report. ok is false when the record has no payouts.
func (m *machine) impliedRake(total hand.Amount) (rake hand.Amount, ok, fromStacks bool) {
	o := &m.h.Outcome
	paid := reuse(&m.paidBuf, m.n)
	switch {
	case o.HasFinishingStacks && len(o.FinishingStacks) == m.n:
		for p := range paid {
			paid[p] = o.FinishingStacks[p] - m.stack[p]
		}
		fromStacks = true
	case o.HasWinnings && len(o.Winnings) == m.n:
		copy(paid, o.Winnings)
	default:
		return 0, false, false
	}
	rake = total
	for _, x := range paid {
		rake -= max(x, 0)
	}
	return rake, true, fromStacks
}

// keptByWinners reads payouts (winnings, m.paidBuf) that pay beyond the
// pot, by rake (negative), with an uncalled bet whose bettor was not paid
// it back: the winners took it in (888: another player's collect), which
// is that fault (the checks report it), not a rake below nothing. The rake
// the payouts imply is then what they leave of the pot with the bet in it,
// and the pots are awarded net of it.
func (m *machine) keptByWinners(rake hand.Amount) hand.Amount {
	for _, r := range m.tr.Returns {
		if r.Amount > 0 && m.paidBuf[r.Player] < r.Amount && rake < 0 && rake+r.Amount >= 0 {
			rake += r.Amount
		}
	}
	return rake
}

// collectsUnlabelled reports whether the record's collects name no pot
// (Collect.Pot -1), and if so sets m.paidBuf to what they pay each player,
// for rakeFromPayouts.
func (m *machine) collectsUnlabelled() bool {
	paid := reuse(&m.paidBuf, m.n)
	clear(paid)
	seen := false
	for i := range m.h.Actions {
		a := &m.h.Actions[i]
		if a.Kind != hand.Collect {
			continue
		}
		if a.Pot >= 0 || a.Player < 0 || a.Player >= m.n {
			return false
		}
		paid[a.Player] += a.Amount
		seen = true
	}
	return seen
}

// notReturned takes out of an implied rake the uncalled bets the finishing
// stacks did not give back: a player whose stack is short of what the
// rules award him (before any rake) by his uncalled bet was not given it
// back, which is its own fault (the checks report it), not a rake. Short
// by exactly that bet, or, under a house rake rule, by that bet and the
// house's rake (so that a shortfall that is the house's rake is the rake).
// It counts those bets as paid to their bettors (m.paidBuf) and returns
// the rake the payouts then imply.
//
// With no house rule, a winner short by exactly his bet reads two ways:
// the bet given back and a rake of that much taken from his winnings (a
// room's 5%, rounded to its chip, can come to the bet), or the bet kept.
// Where the rake reading is a plausible rake (ImplausibleRake: all the
// payouts leave unaccounted, taken as the rake) and the pots awarded net of
// it give every player the record's finishing stack (rakeReadingFits: a
// split pot is raked before it is split, so his co-winners pay their part),
// the record followed it and nothing was kept; otherwise the bet was kept.
func (m *machine) notReturned(total, rake hand.Amount) hand.Amount {
	tr := m.tr
	rule, want := tr.HasExpectedRake, tr.ExpectedRake
	flop, contested := len(tr.Boards) > 0 && len(tr.Boards[0]) >= 3, m.countIn() >= 2
	// What the payouts leave unaccounted, a player left with less than he
	// kept included.
	unaccounted := total
	for _, x := range m.paidBuf[:m.n] {
		unaccounted -= x
	}
	changed := false
	for _, r := range tr.Returns {
		if r.Amount <= 0 {
			continue
		}
		var won hand.Amount
		for i := range tr.Awards {
			if tr.Awards[i].Player == r.Player {
				won += tr.Awards[i].Amount
			}
		}
		short := won - m.paidBuf[r.Player]
		raked := !rule && short == r.Amount && short <= won && ImplausibleRake(total, unaccounted, flop, contested) == "" &&
			m.rakeReadingFits(unaccounted)
		if short >= r.Amount && (rule && unaccounted-r.Amount == want || !rule && short == r.Amount && !raked) {
			m.paidBuf[r.Player] += r.Amount
			unaccounted -= r.Amount
			changed = true
		}
	}
	if !changed {
		return rake
	}
	rake = total
	for _, x := range m.paidBuf[:m.n] {
		rake -= max(x, 0)
	}
	return rake
}

// rakeReadingFits reports whether the pots, awarded net of rake (shared
// among them as the payouts show, as settle does), give every player the
// finishing stack the record gives him. It leaves the pots unraked and
// their awards as they were (before any rake), which notReturned reads.
func (m *machine) rakeReadingFits(rake hand.Amount) bool {
	tr := m.tr
	o := &m.h.Outcome
	if len(tr.Pots) == 1 || !m.rakeFromPayouts(rake, false) {
		allocateRake(tr.Pots, rake, nil, nil)
	}
	tr.Awards, tr.Undecided, tr.UndecidedAmount = tr.Awards[:0], tr.Undecided[:0], 0
	m.awardPots()
	fits := len(tr.Undecided) == 0
	for p := 0; p < m.n && fits; p++ {
		fs := m.stack[p]
		for i := range tr.Awards {
			if tr.Awards[i].Player == p {
				fs += tr.Awards[i].Amount
			}
		}
		fits = fs == o.FinishingStacks[p]
	}
	for k := range tr.Pots {
		tr.Pots[k].Rake = 0
	}
	tr.Awards, tr.Undecided, tr.UndecidedAmount = tr.Awards[:0], tr.Undecided[:0], 0
	m.awardPots()
	return fits
}

// rakeFromPayouts shares an implied rake among the pots as the record's
// payouts (m.paidBuf, from impliedRake) show it was taken: pots whose
// winners (the awards made before any rake) overlap form a group, and the
// players who won a group's pots were paid its pots less its rake. Within
// a group the rake comes from the lowest pot first. A group paid more
// than its pots took no rake (the checks report the chips it was paid
// beyond them). It reports false, and sets nothing, when a pot's winners
// are not known, or when the groups' rakes do not add up to the house's
// (target, under a house rake rule) or to the rake the record states
// (stated).
func (m *machine) rakeFromPayouts(target hand.Amount, stated bool) bool {
	tr := m.tr
	np := len(tr.Pots)
	group := make([]int, np) // each pot's group: the lowest pot index of it
	for k := range group {
		group[k] = k
	}
	root := func(k int) int {
		for group[k] != k {
			k = group[k]
		}
		return k
	}
	owner := make([]int, m.n) // a pot each player won, or -1
	for p := range owner {
		owner[p] = -1
	}
	for i := range tr.Awards {
		aw := &tr.Awards[i]
		if aw.Amount <= 0 {
			continue
		}
		if q := owner[aw.Player]; q < 0 {
			owner[aw.Player] = aw.Pot
		} else if a, b := root(q), root(aw.Pot); a != b {
			group[max(a, b)] = min(a, b)
		}
	}
	if len(tr.Undecided) > 0 {
		return false
	}
	take := make([]hand.Amount, np) // by group root: its pots less what its winners were paid
	for k := range tr.Pots {
		take[root(k)] += tr.Pots[k].Amount
	}
	for p, q := range owner {
		if q >= 0 {
			take[root(q)] -= max(m.paidBuf[p], 0)
		}
	}
	// The groups' rakes must add up to the rake: the house's, the one the
	// record states, or the one its payouts imply. When they do not, a
	// player who won no pot was paid (a wrong award), and the payouts say
	// nothing reliable of where the rake came from.
	var sum hand.Amount
	for _, t := range take {
		sum += max(t, 0)
	}
	if sum != target {
		return false
	}
	for k := range tr.Pots {
		r := root(k)
		t := min(max(take[r], 0), tr.Pots[k].Amount)
		tr.Pots[k].Rake = t
		take[r] -= t
	}
	return true
}

// chipUnit is the chip odd amounts are broken into (TDA 20), worked out
// by reset (see smallestChip).
func (m *machine) chipUnit() hand.Amount { return m.chip }

// awardShare awards one run's share of pot k among the live contenders.
func (m *machine) awardShare(k, b, nb int, share hand.Amount, alive []int, eligible int) {
	t := &m.txt
	prefix := func() *textBuf {
		t.reset()
		if nb > 1 {
			t.s("run ").n(b + 1).s(": ")
		}
		return t
	}
	// fixed is a reason that is constant text: with one run it needs no
	// copy (most pots are won uncontested).
	fixed := func(why string) string {
		if nb == 1 {
			return why
		}
		return prefix().s(why).str()
	}
	switch {
	case len(alive) == 0 && eligible == 1:
		// The last player with live cards wins without showing (TDA 17-B),
		// even if the record has him "muck" or "not show" afterwards.
		m.give(k, b, Whole, m.tr.Pots[k].Eligible, share, "uncontested-showdown", fixed("uncontested: every other player folded"))
		return
	case len(alive) == 0:
		m.fromRecord(k, b, nb, share)
		return
	case len(alive) == 1:
		why := "uncontested: every other player folded"
		if eligible > 1 {
			why = "uncontested: the other players mucked without tabling"
		}
		rule := "side-pots"
		if eligible > 1 {
			rule = "uncontested-showdown"
		}
		m.give(k, b, Whole, alive, share, rule, fixed(why))
		return
	}
	// The tabled hands, and among them the best high hands (in table
	// order, as are alive), found in one pass: each hand is looked up once.
	tabled, high := m.tabledBuf[:0], m.bestBuf[:0]
	var best *handValue // of high[0]
	for _, p := range alive {
		v := m.eval(p, b)
		if !v.known {
			continue
		}
		tabled = append(tabled, p)
		switch {
		case len(high) == 0 || v.score > best.score:
			high, best = append(high[:0], p), v
		case v.score == best.score:
			high = append(high, p)
		}
	}
	m.tabledBuf, m.bestBuf = tabled, high
	if len(tabled) == 0 {
		m.fromRecord(k, b, nb, share)
		return
	}
	untabled := len(alive) - len(tabled)
	note := func(t *textBuf) *textBuf {
		if untabled > 0 {
			t.s(" (").n(untabled).s(" contender")
			if untabled > 1 {
				t.s("s")
			}
			t.s(" did not table a known hand: no claim by cards speak)")
		}
		return t
	}

	if !m.game.hiLo {
		prefix().s(bestWord(len(high))).s(best.desc)
		m.give(k, b, Whole, high, share, "cards-speak", note(t).str())
		return
	}
	low := m.bestLow(b, tabled)
	hv := best
	switch {
	case len(low) == 0:
		prefix().s("no qualifying low: the high hand takes the whole pot; ").s(bestWord(len(high))).s(hv.desc)
		m.give(k, b, Whole, high, share, "cards-speak", note(t).str())
	case slices.Equal(high, low):
		// TDA 20-D: the same hands win both halves: split as evenly as possible.
		prefix().s("won high and low with the same hand: split as evenly as possible; ").s(hv.desc)
		m.give(k, b, Whole, high, share, "odd-chips", note(t).str())
	default:
		// TDA 20-C: the odd chip of the pot goes to the high side.
		unit := m.chipUnit()
		units, sub := share/unit, share%unit
		hi := (units+1)/2*unit + sub
		lo := share - hi
		prefix().s("high half: ").s(bestWord(len(high))).s(hv.desc)
		m.give(k, b, High, high, hi, "cards-speak", note(t).str())
		lv := m.eval(low[0], b)
		prefix().s("low half: ").s(bestWord(len(low))).s(describeLow(lv.low))
		m.give(k, b, Low, low, lo, "cards-speak", note(t).str())
	}
}

func bestWord(winners int) string {
	if winners > 1 {
		return "split among tied best hands: "
	}
	return "best hand: "
}

// give splits amount among winners (sorted left of the button first) in
// whole chips; leftover chips go one each from the first seat left of the
// button (TDA 20-A), or all to that first winner when the house requires
// it (OddChipAllToFirst), and a remainder smaller than a chip to the first.
func (m *machine) give(k, b int, half Half, winners []int, amount hand.Amount, rule, reason string) {
	unit := m.chipUnit()
	if len(winners) == 1 && unit == 1 {
		// Most pots: one winner and no odd chip. The award is written in
		// place, every field (the memory may be a pooled trace's), rather
		// than built aside and copied in.
		awards := m.tr.Awards
		if len(awards) < cap(awards) {
			awards = awards[:len(awards)+1]
		} else {
			awards = append(awards, Award{})
		}
		w := &awards[len(awards)-1]
		w.Pot, w.Board, w.Half, w.Player, w.Amount, w.OddChip = k, b, half, winners[0], amount, 0
		w.Reason, w.FromRecord, w.Rule = reason, false, rule
		m.tr.Awards = awards
		return
	}
	ws := m.winBuf[:0]
	ws = append(ws, winners...)
	switch {
	case len(ws) == 1: // most pots have one winner
	case m.game.stud:
		m.studOddChipOrder(ws, half) // TDA 20-B
	default:
		slices.SortFunc(ws, func(x, y int) int { return m.position(x) - m.position(y) })
	}
	m.winBuf = ws
	units, sub := amount/unit, amount%unit
	cnt := hand.Amount(len(ws))
	base := units / cnt * unit
	extra := units % cnt
	allToFirst := m.rs.OddChip == OddChipAllToFirst
	for j, p := range ws {
		a := Award{Pot: k, Board: b, Half: half, Player: p, Amount: base, Reason: reason, Rule: rule}
		switch {
		case allToFirst && j == 0:
			a.Amount += extra * unit
			a.OddChip += extra * unit
		case !allToFirst && hand.Amount(j) < extra:
			a.Amount += unit
			a.OddChip += unit
		}
		if j == 0 && sub > 0 {
			a.Amount += sub
			a.OddChip += sub
		}
		if a.OddChip > 0 {
			a.Rule = "odd-chips"
			switch {
			case m.game.stud && m.rs.OddChip == OddChipSplitEvenly:
				a.Reason += "; odd unit: split as evenly as possible, from the high card by suit"
			case m.game.stud && allToFirst && extra > 1:
				a.Reason += "; odd chips: all to the high card by suit in the winning five cards"
			case m.game.stud:
				a.Reason += "; odd chip: the high card by suit in the winning five cards"
			case m.rs.OddChip == OddChipSplitEvenly:
				a.Reason += "; odd unit: split as evenly as possible, from the first seat left of the button"
			case allToFirst && extra > 1:
				a.Reason += "; odd chips: all to the first seat left of the button"
			default:
				a.Reason += "; odd chip: first seat left of the button"
			}
		}
		m.tr.Awards = append(m.tr.Awards, a)
	}
}

// fromRecord awards a share the cards cannot decide (no contender's hand is
// known) as the record's collects for that pot and run say, when they add
// up to it; otherwise the pot is undecided.
func (m *machine) fromRecord(k, b, nb int, share hand.Amount) {
	h := m.h
	npots := len(m.tr.Pots)
	var sum hand.Amount
	match := func(a *hand.Action) bool {
		if a.Kind != hand.Collect || a.Player < 0 || a.Player >= m.n {
			return false
		}
		if a.Pot != k && !(a.Pot < 0 && npots == 1) {
			return false
		}
		return nb == 1 || a.Board == b
	}
	for i := range h.Actions {
		if a := &h.Actions[i]; match(a) {
			sum += a.Amount
		}
	}
	if sum == share && sum > 0 {
		for i := range h.Actions {
			if a := &h.Actions[i]; match(a) {
				m.tr.Awards = append(m.tr.Awards, Award{Pot: k, Board: b, Half: Whole, Player: a.Player, Amount: a.Amount,
					FromRecord: true, Rule: "accounting", Reason: "as recorded: no contender's hand is known, so the cards cannot decide this pot"})
			}
		}
		return
	}
	m.tr.UndecidedAmount += share
	if !slices.Contains(m.tr.Undecided, k) {
		m.tr.Undecided = append(m.tr.Undecided, k)
	}
}

// bestLow returns the players among ps with the best qualifying low on
// board b (a smaller LowRank is better), or none, in a scratch slice valid
// until the next call.
func (m *machine) bestLow(b int, ps []int) []int {
	out := m.lowBuf[:0]
	var best cards.LowRank
	for _, p := range ps {
		v := m.eval(p, b)
		if !v.hasLow {
			continue
		}
		switch {
		case len(out) == 0 || v.low < best:
			out, best = append(out[:0], p), v.low
		case v.low == best:
			out = append(out, p)
		}
	}
	slices.SortFunc(out, func(x, y int) int { return m.position(x) - m.position(y) })
	m.lowBuf = out
	return out
}
