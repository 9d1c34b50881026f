package gen

import (
	"fmt"
	"slices"
	"strconv"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// violation is one kind of fault the generator injects: the check that
// must find it, the formats that can record it, what the table and the
// agents must be like for the chance to come up, and where it is made.
//
// Action faults are made during the betting, at a decision where the
// engine's window allows them (with some probability, so they land on
// every street); later play follows the engine's view of the record, as
// an auditor's replay does, so the fault is the only one. Showdown and
// outcome faults change the record before or after the engine settles it.
type violation struct {
	check    string
	formats  uint8
	always   bool // every hand can carry it (a fallback)
	needs    needs
	agent    *agent
	rigBoard bool // a board on which every hold'em hand ties
	showAll  bool // nobody mucks at showdown

	atPost func(p *play)
	before func(p *play, v view) bool // an action before the player's turn
	// atDraw may change the cards seat s discards in a draw (draw games);
	// it sets p.injectAt to -2 to mark that discard as the violation.
	atDraw    func(p *play, s int, gone []cards.Card) []cards.Card
	decide    func(p *play, v view) bool // the player's own action, made illegal
	preSettle func(p *play, acts []hand.Action, origin []int)
	outcome   func(p *play, tr *replay.Trace)
}

// chance is how often an action fault is made when it can be (percent).
const chance = 35

var (
	shoving = &agent{fold: 25, raise: 35, bet: 35, allIn: 55, minimum: 25, muck: 70}
	raising = &agent{fold: 10, raise: 80, bet: 70, allIn: 5, minimum: 90, muck: 70}
	passive = &agent{fold: 8, raise: 4, bet: 12, allIn: 5, minimum: 80, muck: 0}
	bigBet  = []hand.Structure{hand.NoLimit, hand.PotLimit}
)

var violations = []violation{
	{check: "raise.under-minimum", formats: fAll, needs: needs{structures: bigBet},
		decide: func(p *play, v view) bool {
			w := &v.w
			lo, hi := w.CurrentBet+1, w.MinRaiseTo-1
			if w.MinRaiseTo <= 0 || hi < lo || v.allIn <= hi || !p.roll() {
				return false
			}
			to := lo + p.amount(hi-lo+1)
			p.inject(v, choice{kind: hand.Raise, to: to}, fmt.Sprintf("raise to %s where the minimum was %s", p.money(to), p.money(w.MinRaiseTo)))
			return true
		}},
	{check: "raise.not-reopened", formats: fAll, needs: needs{short: 2, minPlayers: 3}, agent: shoving,
		decide: raiseNotReopened},
	// Fixed limit with short stacks: all-ins of less and of more than half
	// a bet, reopening the betting only to whoever faces half a bet since
	// his own last action (TDA 47-B).
	{check: "raise.not-reopened", formats: fAll, needs: needs{structures: []hand.Structure{hand.FixedLimit}, short: 3, minPlayers: 4},
		agent: shoving, decide: raiseNotReopened},
	{check: "raise.over-pot-limit", formats: fAll, needs: needs{structures: []hand.Structure{hand.PotLimit}},
		decide: func(p *play, v view) bool {
			w := &v.w
			if w.MinRaiseTo <= 0 || w.PotLimitMax <= 0 || v.allIn <= w.PotLimitMax || !p.roll() {
				return false
			}
			to := w.PotLimitMax + 1 + p.amount(min(v.allIn-w.PotLimitMax, w.PotLimitMax+1))
			p.inject(v, choice{kind: hand.Raise, to: to}, fmt.Sprintf("raise to %s over the pot-limit maximum of %s", p.money(to), p.money(w.PotLimitMax)))
			return true
		}},
	{check: "raise.cap-exceeded", formats: fAll, needs: needs{structures: []hand.Structure{hand.FixedLimit}, minPlayers: 3}, agent: raising,
		decide: func(p *play, v view) bool {
			w := &v.w
			if w.Cap <= 0 || w.RaiseCount < w.Cap || !w.Open || v.stack <= w.ToCall+w.FixedSize {
				return false
			}
			to := w.CurrentBet + w.FixedSize
			p.inject(v, choice{kind: hand.Raise, to: to}, fmt.Sprintf("raise to %s after the %d-bet cap", p.money(to), w.Cap))
			return true
		}},
	{check: "bet.wrong-limit-size", formats: fAll, needs: needs{structures: []hand.Structure{hand.FixedLimit}},
		decide: func(p *play, v view) bool {
			w := &v.w
			to := w.MinRaiseTo + w.FixedSize
			// Not a stud completion (bring-in.illegal-completion), nor where
			// an open pair allows the big bet.
			if w.MinRaiseTo <= 0 || w.FixedSize <= 0 || v.allIn <= to || w.MaxRaiseTo != w.MinRaiseTo || p.completion(v) || !p.roll() {
				return false
			}
			p.inject(v, choice{kind: hand.Raise, to: to}, fmt.Sprintf("raise to %s where the fixed-limit raise was to %s", p.money(to), p.money(w.MinRaiseTo)))
			return true
		}},
	{check: "bet.exceeds-stack", formats: fBoth | fPP | fIP | f888,
		decide: func(p *play, v view) bool {
			w := &v.w
			owe := w.CurrentBet - p.bet[v.player]
			if p.room != nil && w.ToCall > 0 && owe > v.stack && p.roll() {
				// Calls the whole bet while having less: all-in for less.
				p.inject(v, choice{kind: hand.Call, call: owe}, fmt.Sprintf("call of %s with a stack of %s", p.money(owe), p.money(v.stack)))
				return true
			}
			if w.MinRaiseTo <= 0 || w.MaxRaiseTo < v.allIn || !p.roll() {
				return false
			}
			to := v.allIn + 1 + p.amount(p.t.bb)
			p.inject(v, choice{kind: hand.Raise, to: to}, fmt.Sprintf("all-in raise to %s with only %s", p.money(to), p.money(v.allIn)))
			return true
		}},
	{check: "bet.wrong-call-amount", formats: fCalls,
		decide: func(p *play, v view) bool {
			w := &v.w
			if w.ToCall < 2 || v.stack <= w.ToCall || !p.roll() {
				return false
			}
			amt := w.ToCall - 1 - p.amount(w.ToCall-1)
			p.inject(v, choice{kind: hand.Call, call: amt}, fmt.Sprintf("call of %s where %s was owed", p.money(amt), p.money(w.ToCall)))
			return true
		}},
	{check: "bet.wrong-call-amount", formats: fCalls, needs: needs{structures: bigBet, minPlayers: 4, deadBlind: true},
		decide: func(p *play, v view) bool {
			// The returning player calls as if his dead small blind were
			// live: short of the big blind by it (of the raise, when he
			// posted both blinds).
			w := &v.w
			if v.player != p.t.deadSB || p.street != replay.Preflop || v.stack <= w.ToCall {
				return false
			}
			if p.room.deadSmallBlind == hand.PostBothBlind {
				if w.CurrentBet <= p.t.bb || w.ToCall <= p.t.sb {
					return false
				}
			} else if w.CurrentBet != p.t.bb || w.ToCall != p.t.bb {
				return false
			}
			amt := w.ToCall - p.t.sb
			p.inject(v, choice{kind: hand.Call, call: amt}, fmt.Sprintf("call of %s counting a dead small blind as live (%s owed)", p.money(amt), p.money(w.ToCall)))
			return true
		}},
	{check: "action.out-of-turn", formats: fAll, always: true, needs: needs{minPlayers: 3},
		before: func(p *play, v view) bool {
			if p.live() < 3 || !p.roll() {
				return false
			}
			var others []int
			for q := range p.folded {
				if q != v.player && !p.folded[q] && p.stack[q] > 0 {
					others = append(others, q)
				}
			}
			if len(others) == 0 {
				return false
			}
			q := others[p.rng.IntN(len(others))]
			p.inject(view{player: q}, choice{kind: hand.Fold},
				fmt.Sprintf("%s folds while %s is to act", p.t.seats[q].Player, p.t.seats[v.player].Player))
			return true
		}},
	{check: "action.after-fold", formats: fAll, needs: needs{minPlayers: 3},
		before: func(p *play, v view) bool {
			if p.live() < 2 || !p.roll() {
				return false
			}
			var gone []int
			for q := range p.folded {
				if p.folded[q] && p.t.dealt[q] {
					gone = append(gone, q)
				}
			}
			if len(gone) == 0 {
				return false
			}
			q := gone[p.rng.IntN(len(gone))]
			p.acts = append(p.acts, hand.Action{Kind: hand.Fold, Player: q})
			p.injectAt = len(p.acts) - 1
			p.what = p.t.seats[q].Player + " acts again after folding"
			return true
		}},
	{check: "blind.wrong-amount", formats: fAll, needs: needs{structures: bigBet, antes: true},
		atPost: func(p *play) {
			// Only a player none of whose forced bets the stack capped: a
			// smaller one would leave him chips his capped blind should
			// have had.
			posted := make([]hand.Amount, p.n)
			for _, a := range p.acts {
				if a.Kind == hand.Post {
					posted[a.Player] += a.Amount
				}
			}
			var cands []int
			for j, a := range p.acts {
				if a.Kind == hand.Post && !a.AllIn && posted[a.Player] < p.stack[a.Player] &&
					(a.PostKind == hand.PostAnte && a.Amount >= 2 || p.room != nil && a.PostKind == hand.PostBigBlind) {
					cands = append(cands, j)
				}
			}
			if len(cands) == 0 {
				return
			}
			j := cands[p.rng.IntN(len(cands))]
			a := &p.acts[j]
			was := a.Amount
			switch {
			case a.PostKind == hand.PostAnte:
				a.Amount -= 1 + p.amount(a.Amount-1)
			case posted[a.Player]+a.Amount/2 < p.stack[a.Player] && p.rng.IntN(2) == 0:
				a.Amount = a.Amount * 3 / 2
			default:
				a.Amount = max(a.Amount/2, 1)
			}
			if a.Amount == was {
				return
			}
			p.injectAt = j
			p.what = fmt.Sprintf("%s posted %s instead of %s", a.PostKind, p.money(a.Amount), p.money(was))
		}},
	{check: "pot.total-mismatch", formats: fPS | fWM, always: true,
		outcome: func(p *play, tr *replay.Trace) {
			o := &p.h.Outcome
			d := 1 + p.amount(p.t.bb)
			if p.rng.IntN(2) == 0 && o.TotalPot > d {
				d = -d
			}
			o.TotalPot += d
			p.outcomeLabel(-1, fmt.Sprintf("total pot stated as %s instead of %s", p.money(o.TotalPot), p.money(tr.TotalPot)))
		}},
	{check: "pot.side-pot-mismatch", formats: fPS, needs: needs{short: 2, minPlayers: 3}, agent: shoving,
		outcome: func(p *play, tr *replay.Trace) {
			o := &p.h.Outcome
			if len(o.Pots) < 2 {
				return
			}
			k := p.rng.IntN(len(o.Pots))
			d := 1 + p.amount(p.t.bb)
			if d == tr.Pots[k].Rake {
				d++
			}
			o.Pots[k] += d
			p.outcomeLabel(-1, fmt.Sprintf("pot %d stated %s too high", k, p.money(d)))
		}},
	{check: "pot.award-mismatch", formats: fAll, always: true,
		outcome: func(p *play, tr *replay.Trace) { p.wrongAward(tr) }},
	{check: "pot.odd-chip", formats: fAll, needs: needs{holdem: true}, agent: passive, rigBoard: true, showAll: true,
		outcome: func(p *play, tr *replay.Trace) { p.wrongOddChip(tr) }},
	{check: "pot.uncalled-not-returned", formats: fBoth | fIP | f888,
		outcome: func(p *play, tr *replay.Trace) { p.unreturned(tr) }},
	{check: "pot.rake-mismatch", formats: fAll &^ fPP, always: true,
		outcome: func(p *play, tr *replay.Trace) { p.wrongRake(tr) }},
	// iPoker does not record the order the hands were shown in.
	{check: "showdown.order", formats: fBoth | fPP | f888, agent: passive, showAll: true,
		outcome: func(p *play, tr *replay.Trace) {
			if p.allInShowdown() {
				return
			}
			var shows []int
			for i, a := range p.h.Actions {
				if a.Kind == hand.Show {
					shows = append(shows, i)
				}
			}
			if len(shows) < 2 {
				return
			}
			acts := p.h.Actions
			i, j := shows[0], shows[1]
			acts[i], acts[j] = acts[j], acts[i]
			p.outcomeLabel(i, fmt.Sprintf("%s tabled before %s, who had to show first",
				p.t.seats[acts[i].Player].Player, p.t.seats[acts[j].Player].Player))
		}},
	{check: "showdown.allin-not-tabled", formats: fBoth | fPP | fIP | f888, needs: needs{short: 2}, agent: shoving,
		preSettle: func(p *play, acts []hand.Action, origin []int) {
			if !p.allInShowdown() {
				return
			}
			var shows []int
			for i, a := range acts {
				if a.Kind == hand.Show {
					shows = append(shows, i)
				}
			}
			if len(shows) < 2 {
				return
			}
			i := shows[p.rng.IntN(len(shows))]
			if p.room != nil && p.room.showsInDeal && acts[i].Player == p.hero {
				return // iPoker writes the hero's cards: he tables them
			}
			acts[i] = hand.Action{Kind: hand.Muck, Player: acts[i].Player}
			origin[i] = markOrigin
			p.what = p.t.seats[acts[i].Player].Player + " mucks at an all-in showdown"
		}},
	{check: "cards.duplicate", formats: fAll,
		preSettle: func(p *play, acts []hand.Action, origin []int) {
			var shows []int
			for i, a := range acts {
				if a.Kind == hand.Show {
					shows = append(shows, i)
				}
			}
			if len(shows) == 0 || len(p.board) < 5 && !p.perDeal() {
				return
			}
			i := shows[p.rng.IntN(len(shows))]
			cs := slices.Clone(acts[i].Cards)
			k := p.rng.IntN(len(cs))
			if p.perDeal() {
				// No board: a card another player holds.
				var held []cards.Card
				for s, h := range p.holes {
					if s != acts[i].Player {
						held = append(held, h...)
					}
				}
				if len(held) == 0 {
					return
				}
				c := held[p.rng.IntN(len(held))]
				cs[k] = c
				acts[i].Cards = cs
				origin[i] = markOrigin
				p.what = fmt.Sprintf("%s shows %s, another player's card", p.t.seats[acts[i].Player].Player, c)
				return
			}
			c := p.board[p.rng.IntN(5)]
			cs[k] = c
			acts[i].Cards = cs
			origin[i] = markOrigin
			p.what = fmt.Sprintf("%s shows %s, a board card", p.t.seats[acts[i].Player].Player, c)
			if p.room != nil && p.room.showsInDeal {
				// iPoker writes the cards shown in the deal: the card
				// turns up again when the board deals it.
				p.what = fmt.Sprintf("%s dealt and shows %s, a board card", p.t.seats[acts[i].Player].Player, c)
				origin[i] = -1
				for j, a := range acts {
					if a.Kind == hand.DealBoard && slices.Contains(a.Cards, c) {
						origin[j] = markOrigin
					}
				}
			}
		}},
	{check: "cards.wrong-count", formats: fPHH,
		preSettle: func(p *play, acts []hand.Action, origin []int) {
			if p.perDeal() {
				p.shortDeal(acts, origin)
				return
			}
			var cands []int
			for i, a := range acts {
				if a.Kind == hand.DealHole && p.folded[a.Player] && p.t.dealt[a.Player] {
					cands = append(cands, i)
				}
			}
			if len(cands) == 0 || len(p.deck) == 0 {
				return
			}
			i := cands[p.rng.IntN(len(cands))]
			cs := slices.Clone(acts[i].Cards)
			if p.rng.IntN(2) == 0 {
				cs = cs[:len(cs)-1]
			} else {
				cs = append(cs, p.deck[0])
			}
			acts[i].Cards = cs
			origin[i] = markOrigin
			p.what = fmt.Sprintf("%s dealt %d hole cards", p.t.seats[acts[i].Player].Player, len(cs))
		}},
	// The stud and draw games' own (at the end: the list's order is the
	// draw order of the default games' violations).
	{check: "bring-in.wrong-player", formats: fPHH, needs: needs{stud: true, minPlayers: 3},
		before: func(p *play, v view) bool {
			if !p.bringInTurn(v) || !p.roll() {
				return false
			}
			var others []int
			for q := range p.folded {
				if q != v.player && !p.folded[q] && p.stack[q] > 0 {
					others = append(others, q)
				}
			}
			if len(others) == 0 {
				return false
			}
			q := others[p.rng.IntN(len(others))]
			p.inject(view{player: q, stack: p.stack[q]}, choice{kind: hand.BringIn},
				fmt.Sprintf("%s brings in where %s has the up card to", p.t.seats[q].Player, p.t.seats[v.player].Player))
			return true
		}},
	{check: "bring-in.wrong-amount", formats: fPHH, needs: needs{stud: true},
		decide: func(p *play, v view) bool {
			if !p.bringInTurn(v) {
				return false
			}
			b := p.t.bringIn
			x := b + 1
			if x >= p.t.small {
				x = b - 1
			}
			if x < 1 || x == b || x >= p.t.small || x >= v.allIn || !p.roll() {
				return false
			}
			p.inject(v, choice{kind: hand.Bet, to: x}, fmt.Sprintf("bring-in of %s where it is %s", p.money(x), p.money(b)))
			return true
		}},
	{check: "bring-in.illegal-completion", formats: fPHH, needs: needs{stud: true},
		decide: func(p *play, v view) bool {
			w := &v.w
			if !p.completion(v) || w.MinRaiseTo <= 0 || !w.Open {
				return false
			}
			// The bring-in plus a small bet, the usual slip.
			to := w.CurrentBet + p.t.small
			if w.CurrentBet == 0 {
				to = p.t.bringIn + p.t.small
			}
			if to == w.MinRaiseTo || to >= v.allIn || !p.roll() {
				return false
			}
			p.inject(v, choice{kind: hand.Raise, to: to}, fmt.Sprintf("completion to %s where it is to %s", p.money(to), p.money(w.MinRaiseTo)))
			return true
		}},
	{check: "draw.too-many-cards", formats: fPHH, needs: needs{draw: true},
		atDraw: func(p *play, s int, gone []cards.Card) []cards.Card {
			if len(p.deck) == 0 || !p.roll() {
				return gone
			}
			// His whole hand and a card from the stub.
			extra := p.take(1)
			p.injectAt = -2
			p.what = fmt.Sprintf("%s discards %d cards from a hand of %d", p.t.seats[s].Player, len(p.holes[s])+1, len(p.holes[s]))
			return append(slices.Clone(p.holes[s]), extra...)
		}},
}

// completion reports whether v is a stud completion opportunity: third
// street, before any full bet.
func (p *play) completion(v view) bool {
	return p.t.stud() && p.street == replay.ThirdStreet && v.w.RaiseCount == 0
}

// shortDeal drops a card from the first deal of a stud or draw player who
// folded before being dealt again (so that no later deal or opener reads
// the wrong count), and in stud not the player who brought in: a player
// dealt two cards on third street, or four in a five-card draw.
func (p *play) shortDeal(acts []hand.Action, origin []int) {
	deals := make([]int, p.n)
	first := make([]int, p.n)
	opener := -1
	for i, a := range acts {
		switch {
		case a.Kind == hand.DealHole:
			if deals[a.Player] == 0 {
				first[a.Player] = i
			}
			deals[a.Player]++
		case opener < 0 && (a.Kind == hand.BringIn || a.Kind == hand.Bet) && p.t.stud():
			opener = a.Player
		}
	}
	var cands []int
	for s := range deals {
		if deals[s] == 1 && p.folded[s] && s != opener {
			cands = append(cands, first[s])
		}
	}
	if len(cands) == 0 {
		return
	}
	i := cands[p.rng.IntN(len(cands))]
	cs := slices.Clone(acts[i].Cards)
	// Stud: a down card goes, so the up card the bring-in read moves down
	// too (he is not the bring-in, so the bring-in stands).
	cs = cs[1:]
	acts[i].Cards = cs
	origin[i] = markOrigin
	p.what = fmt.Sprintf("%s dealt %d cards", p.t.seats[acts[i].Player].Player, len(cs))
}

// raiseNotReopened raises where the betting was not reopened to the
// player: he has acted and faces only short all-ins since.
func raiseNotReopened(p *play, v view) bool {
	w := &v.w
	if w.Open || w.ToCall <= 0 || v.stack <= w.ToCall {
		return false
	}
	inc := w.FullRaise
	if p.t.game.Structure == hand.FixedLimit {
		inc = w.FixedSize
	}
	to := min(w.CurrentBet+inc, v.allIn)
	p.inject(v, choice{kind: hand.Raise, to: to}, fmt.Sprintf("raise to %s after only short all-ins: %s", p.money(to), w.OpenReason))
	return true
}

// money writes an amount in the hand's currency units ("0.60", "1500").
func (p *play) money(v hand.Amount) string {
	if p.t.scale <= 1 {
		return strconv.FormatInt(int64(v), 10)
	}
	sign := ""
	if v < 0 {
		sign, v = "-", -v
	}
	return fmt.Sprintf("%s%d.%02d", sign, int64(v)/p.t.scale, int64(v)%p.t.scale)
}

// roll decides whether to make a fault at an opportunity.
func (p *play) roll() bool { return p.rng.IntN(100) < chance }

// amount returns a random amount in [0, n).
func (p *play) amount(n hand.Amount) hand.Amount {
	if n <= 0 {
		return 0
	}
	return hand.Amount(p.rng.Int64N(int64(n)))
}

// inject records c by v.player (or, for an out-of-turn action, by
// whoever v names) as the violation.
func (p *play) inject(v view, c choice, what string) {
	p.act(v, c)
	p.injectAt = len(p.acts) - 1
	p.what = what
}

// outcomeLabel labels a fault in the finished record.
func (p *play) outcomeLabel(index int, what string) {
	p.label = &Label{HandID: p.h.ID, CheckID: p.want.check, ActionIndex: index, What: what}
}

// allInShowdown reports whether a player still in is all-in at the
// showdown (TDA 16: every hand is then tabled).
func (p *play) allInShowdown() bool {
	if p.live() < 2 {
		return false
	}
	for s := range p.folded {
		if !p.folded[s] && p.stack[s] == 0 {
			return true
		}
	}
	return false
}

// firstCollect is the index of seat s's first collection, or -1.
func firstCollect(h *hand.Hand, s int) int {
	for i, a := range h.Actions {
		if a.Kind == hand.Collect && a.Player == s {
			return i
		}
	}
	return -1
}

// wrongAward gives one pot share to a player who won nothing. Pot findings
// are placed at the shorted player's first collection, else at the
// overpaid player's (PokerStars), or on the outcome (PHH).
func (p *play) wrongAward(tr *replay.Trace) {
	h := p.h
	got := make([]hand.Amount, p.n)
	for _, aw := range tr.Awards {
		got[aw.Player] += aw.Amount
	}
	// 888 states no rake: the replay infers it from the collects, pot by
	// pot, and a pot paid to a player not in it, or a shortfall spread
	// over side pots, would read as rake. So there, one pot, paid to a
	// player who showed down.
	implied := p.room != nil && p.room.silentReturns
	if implied && len(tr.Pots) > 1 {
		return
	}
	var losers []int
	for s := range h.Seats {
		if got[s] == 0 && p.t.dealt[s] && !(implied && p.folded[s]) {
			losers = append(losers, s)
		}
	}
	if len(losers) == 0 {
		return
	}
	l := losers[p.rng.IntN(len(losers))]
	if p.collects() {
		var cs []int
		for i, a := range h.Actions {
			if a.Kind == hand.Collect {
				cs = append(cs, i)
			}
		}
		if len(cs) == 0 {
			return
		}
		i := cs[p.rng.IntN(len(cs))]
		a := &h.Actions[i]
		w := a.Player
		h.Outcome.Winnings[w] -= a.Amount
		h.Outcome.Winnings[l] += a.Amount
		a.Player = l
		at := firstCollect(h, w)
		if at < 0 {
			at = i
		}
		p.outcomeLabel(at, fmt.Sprintf("%s collects %s won by %s", h.Seats[l].Player, p.money(a.Amount), h.Seats[w].Player))
		return
	}
	var ws []int
	for s := range got {
		if got[s] > 0 {
			ws = append(ws, s)
		}
	}
	w := ws[p.rng.IntN(len(ws))]
	x := got[w]
	if p.room != nil && p.returned(tr, w) > 0 {
		// iPoker's implied rake: a winner left his returned bet and no
		// more may read as one whose bet was kept.
		return
	}
	if x == p.returned(tr, w) {
		x--
	}
	if x <= 0 {
		return
	}
	fs := h.Outcome.FinishingStacks
	fs[w] -= x
	fs[l] += x
	p.outcomeLabel(-1, fmt.Sprintf("%s of %s's winnings in %s's finishing stack", p.money(x), h.Seats[w].Player, h.Seats[l].Player))
}

// wrongCollectedRake makes the rake a record of collects implies wrong
// (888 states none): a collect beyond what the pot less its rake leaves,
// or, under a house rake rule, short of it. One pot and one winner, none
// of it returned: the replay shares an implied rake among side pots as the
// collects show it was, and an excess collect where a bet went back
// silently reads as the bet kept.
func (p *play) wrongCollectedRake(tr *replay.Trace) {
	h := p.h
	var cs []int
	for i, a := range h.Actions {
		if a.Kind == hand.Collect {
			if len(cs) > 0 && a.Player != h.Actions[cs[0]].Player {
				return // a split pot: whose share the rake came from is not known
			}
			cs = append(cs, i)
		}
	}
	if len(cs) == 0 || len(tr.Pots) > 1 || len(tr.Returns) > 0 {
		return
	}
	a := &h.Actions[cs[p.rng.IntN(len(cs))]]
	w := h.Seats[a.Player].Player
	x := 1 + p.amount(min(a.Amount, p.t.bb))
	if !p.g.rules.HasRakeRule || p.rng.IntN(2) == 0 || a.Amount <= x {
		x += tr.Rake // beyond the rake taken
		a.Amount += x
		h.Outcome.Winnings[a.Player] += x
		p.outcomeLabel(-1, fmt.Sprintf("%s collects %s beyond the pot", w, p.money(x)))
		return
	}
	a.Amount -= x
	h.Outcome.Winnings[a.Player] -= x
	p.outcomeLabel(-1, fmt.Sprintf("%s collects %s less than the pot less the house's rake", w, p.money(x)))
}

// won reports whether the rules award seat s a share of a pot.
func (p *play) won(tr *replay.Trace, s int) bool {
	for _, aw := range tr.Awards {
		if aw.Player == s && aw.Amount > 0 {
			return true
		}
	}
	return false
}

// returned is what the rules return to seat s as uncalled.
func (p *play) returned(tr *replay.Trace, s int) hand.Amount {
	var r hand.Amount
	for _, x := range tr.Returns {
		if x.Player == s {
			r += x.Amount
		}
	}
	return r
}

// wrongOddChip moves the odd chip of a split pot to another co-winner.
func (p *play) wrongOddChip(tr *replay.Trace) {
	h := p.h
	for _, aw := range tr.Awards {
		if aw.OddChip <= 0 {
			continue
		}
		other := -1
		for _, b := range tr.Awards {
			if b.Pot == aw.Pot && b.Board == aw.Board && b.Half == aw.Half && b.Player != aw.Player && b.Amount > 0 {
				other = b.Player
				break
			}
		}
		if other < 0 {
			continue
		}
		a := aw.Player
		if p.collects() {
			var from, to *hand.Action
			for i := range h.Actions {
				c := &h.Actions[i]
				if c.Kind == hand.Collect && c.Pot == aw.Pot && c.Player == a {
					from = c
				}
				if c.Kind == hand.Collect && c.Pot == aw.Pot && c.Player == other {
					to = c
				}
			}
			if from == nil || to == nil {
				continue
			}
			from.Amount--
			to.Amount++
			h.Outcome.Winnings[a]--
			h.Outcome.Winnings[other]++
			p.outcomeLabel(firstCollect(h, a), fmt.Sprintf("the odd chip of pot %d went to %s instead of %s", aw.Pot, h.Seats[other].Player, h.Seats[a].Player))
			return
		}
		if p.returned(tr, a) == 1 || p.room != nil && p.returned(tr, a) > 0 {
			continue
		}
		h.Outcome.FinishingStacks[a]--
		h.Outcome.FinishingStacks[other]++
		p.outcomeLabel(-1, fmt.Sprintf("the odd chip of pot %d went to %s instead of %s", aw.Pot, h.Seats[other].Player, h.Seats[a].Player))
		return
	}
}

// unreturned keeps an uncalled bet in the pot for the winner.
func (p *play) unreturned(tr *replay.Trace) {
	h := p.h
	if len(tr.Returns) == 0 {
		return
	}
	r := tr.Returns[p.rng.IntN(len(tr.Returns))]
	if r.Amount <= 0 || r.Step < 0 {
		return
	}
	if p.room != nil && p.room.silentReturns {
		p.keptInCollect(tr, r)
		return
	}
	if p.collects() {
		ri, last := -1, -1
		for i, a := range h.Actions {
			if a.Kind == hand.UncalledReturn && a.Player == r.Player && a.Amount == r.Amount {
				ri = i
			}
			if a.Kind == hand.Collect {
				last = i
			}
		}
		if ri < 0 || last < 0 {
			return
		}
		w := h.Actions[last].Player
		h.Actions[last].Amount += r.Amount
		h.Outcome.Winnings[w] += r.Amount
		h.Outcome.TotalPot += r.Amount
		h.Actions = slices.Delete(h.Actions, ri, ri+1)
		p.outcomeLabel(r.Step, fmt.Sprintf("uncalled %s not returned to %s; %s collects it", p.money(r.Amount), h.Seats[r.Player].Player, h.Seats[w].Player))
		return
	}
	_, rule := p.g.rules.ExpectedRake(tr.TotalPot, true, p.t.scale)
	winner := !rule && p.won(tr, r.Player)
	if winner && tr.Rake > 0 {
		// Finishing stacks after an implied rake, with no house rule to
		// say what it is: a winner short of his bet and of the rake is
		// one shortfall, which reads as a rake.
		return
	}
	h.Outcome.FinishingStacks[r.Player] -= r.Amount
	if winner && replay.Replay(h, p.g.rules).ImpliedRake != 0 {
		// Short of his bet alone, he reads as well as the bet given back
		// and a rake of it taken, which the auditor accepts when it is a
		// plausible rake that accounts for every stack (replay's
		// notReturned): not a fault.
		h.Outcome.FinishingStacks[r.Player] += r.Amount
		return
	}
	p.outcomeLabel(r.Step, fmt.Sprintf("uncalled %s not returned to %s", p.money(r.Amount), h.Seats[r.Player].Player))
}

// keptInCollect keeps the uncalled bet r in the pot in a record that
// returns bets silently (888): another player's collect takes it in. Not
// when the bettor collects (his collect paying his own bet back is the
// room's way, UncalledInCollect), nor when the bet is no more than the
// rake: the collects would then stay within the pot, and read as the bet
// returned and a smaller rake taken.
func (p *play) keptInCollect(tr *replay.Trace, r replay.Return) {
	h := p.h
	if r.Amount <= tr.Rake {
		return
	}
	last := -1
	for i, a := range h.Actions {
		if a.Kind == hand.Collect && a.Player != r.Player {
			last = i
		}
	}
	if last < 0 {
		return
	}
	w := h.Actions[last].Player
	h.Actions[last].Amount += r.Amount
	h.Outcome.Winnings[w] += r.Amount
	p.outcomeLabel(r.Step, fmt.Sprintf("uncalled %s not returned to %s; %s collects it", p.money(r.Amount), h.Seats[r.Player].Player, h.Seats[w].Player))
}

// wrongRake states a rake the pot and the collections do not leave.
func (p *play) wrongRake(tr *replay.Trace) {
	h := p.h
	if p.room != nil && p.room.silentReturns {
		p.wrongCollectedRake(tr)
		return
	}
	if p.collects() {
		o := &h.Outcome
		// The listed pots and the collects from each agree: the stated
		// total rake is the one claim that is wrong.
		d := 1 + p.amount(max(p.t.bb/2, 1))
		if o.Rake >= d && p.rng.IntN(2) == 0 {
			d = -d
		}
		was := o.Rake
		o.Rake += d
		p.outcomeLabel(-1, fmt.Sprintf("rake stated as %s; the pot less the collections is %s", p.money(o.Rake), p.money(was)))
		return
	}
	got := make([]hand.Amount, p.n)
	for _, aw := range tr.Awards {
		got[aw.Player] += aw.Amount
	}
	var ws []int
	for s := range got {
		if got[s] > 0 {
			ws = append(ws, s)
		}
	}
	if len(ws) == 0 || p.room != nil && tr.Rake > 0 && (len(ws) > 1 || len(tr.Pots) > 1) {
		// iPoker's implied rake: with two winners or two pots, which
		// pot it came from is not known, and the excess would read as
		// misawarded.
		return
	}
	w := ws[p.rng.IntN(len(ws))]
	x := 1 + p.amount(min(got[w], p.t.bb))
	if !p.g.rules.HasRakeRule {
		x += tr.Rake // beyond the rake the room took (iPoker's), which the record implies
	}
	if x == p.returned(tr, w) {
		x++
	}
	// PHH states no rake: chips missing from the payouts are the hand's
	// implied rake, a fault only against a house rake rule. Chips paid
	// beyond the pot are a fault under any rules.
	if !p.g.rules.HasRakeRule || p.rng.IntN(2) == 0 {
		h.Outcome.FinishingStacks[w] += x
		p.outcomeLabel(-1, fmt.Sprintf("%s paid to %s beyond the pot", p.money(x), h.Seats[w].Player))
		return
	}
	h.Outcome.FinishingStacks[w] -= x
	p.outcomeLabel(-1, fmt.Sprintf("%s missing from %s's finishing stack, beyond the house's rake", p.money(x), h.Seats[w].Player))
}
