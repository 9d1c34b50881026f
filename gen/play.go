package gen

import (
	"errors"
	"math/rand/v2"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/replay"
)

// agent is how the players of one hand bet: probabilities in percent.
type agent struct {
	fold    int // facing a bet
	raise   int // when a raise is legal
	bet     int // when checked to
	allIn   int // of raises, all-in (no-limit) or the pot (pot-limit)
	minimum int // of raises, the minimum
	muck    int // at showdown, muck a beaten hand
}

var normalAgent = agent{fold: 35, raise: 18, bet: 30, allIn: 12, minimum: 45, muck: 70}

// play is one attempt at generating one hand.
type play struct {
	g     *Generator
	f     parser.Format
	room  *roomText // the room's text format; nil for PHH
	idx   int
	rng   *rand.Rand
	want  *violation
	style style
	ag    agent
	// rigged: the board makes every hold'em hand tie; showAll: nobody
	// mucks at showdown.
	rigged, showAll bool
	t               *table
	n               int

	deck  []cards.Card
	holes [][]cards.Card // stud and draw games: the cards each seat holds so far
	board []cards.Card
	muck  []cards.Card // draw games: the discards, shuffled into the stub when it runs out

	// skel is the hand as the engine needs it to find the next legal
	// window: forced bets, betting and board cards, no hole cards (the
	// betting does not depend on them) and nothing after the betting.
	skel    hand.Hand
	acts    []hand.Action // skel's actions
	q       hand.Hand     // skel plus one candidate action, for queries
	folded  []bool
	stack   []hand.Amount // each seat's stack before the next action
	bet     []hand.Amount // each seat's total on this street
	street  replay.Street
	decided int // betting decisions taken

	// The injected action-level violation: its index in acts.
	injectAt int
	what     string

	h     *hand.Hand // the finished hand
	label *Label
	hero  int // a room's: the seat whose hole cards the record shows, or -1
}

// collects reports whether the record states collects, rake and pots (a
// room's record that is not only bets and wins).
func (p *play) collects() bool { return p.room != nil && !p.room.betsAndWins }

func newPlay(g *Generator, idx int, rng *rand.Rand, want *violation, style style) *play {
	p := &play{g: g, f: g.cfg.Format, room: roomTexts[g.cfg.Format], idx: idx, rng: rng, want: want, style: style, ag: normalAgent, injectAt: -1, hero: -1}
	var nd needs
	if want != nil {
		nd = want.needs
		if want.agent != nil {
			p.ag = *want.agent
		}
		p.rigged, p.showAll = want.rigBoard, want.showAll
	}
	if style == styleChop {
		// A clean hand that several players chop: the odd chips of a
		// multi-way split, paid by either reading of TDA 20-A.
		nd = needs{holdem: true, minPlayers: 3}
		p.ag, p.rigged, p.showAll = *passive, true, true
	}
	p.t = newTable(rng, p.f, g.games, nd)
	p.n = len(p.t.seats)
	return p
}

// style is how a clean hand is recorded, beyond the random play: room
// conventions the auditor must not take for faults.
type style uint8

const (
	stylePlain     style = iota
	styleChop            // a board every hold'em hand plays: a multi-way split
	styleOldExport       // PokerStars: no "Uncalled bet returned" lines (older exports)
	styleMuckShown       // PokerStars: a beaten hand mucked at an all-in showdown, its cards in the summary
)

var errTooLong = errors.New("hand did not end")

// run plays the hand and builds the record.
func (p *play) run() error {
	t := p.t
	if !p.perDeal() {
		p.deal()
	}
	p.skel = hand.Hand{
		Format: string(p.f), Scale: t.scale, Game: t.game, Seats: t.seats,
		Stakes: hand.Stakes{SmallBlind: t.sb, BigBlind: t.bb, SmallBet: t.small, BigBet: t.big, Ante: t.ante, BigBlindAnte: t.bbAnte,
			BringIn: t.bringIn},
		Button: t.buttonNumber(),
	}
	if t.game.Structure != hand.FixedLimit {
		p.skel.Stakes.MinBet = t.bb
	}
	p.folded = make([]bool, p.n)
	p.stack = make([]hand.Amount, p.n)
	p.bet = make([]hand.Amount, p.n)
	for i := range t.seats {
		p.stack[i] = t.seats[i].Stack
		p.folded[i] = !t.dealt[i]
	}
	p.posts()
	if p.want != nil && p.want.atPost != nil {
		p.want.atPost(p)
	}
	switch {
	case t.stud():
		return p.runStud()
	case t.draw():
		return p.runDraw()
	}
	for s := replay.Preflop; s <= replay.River; s++ {
		if s > replay.Preflop {
			if p.live() < 2 {
				break
			}
			p.dealBoard(s)
		}
		p.street = s
		if err := p.round(); err != nil {
			return err
		}
	}
	return p.finish()
}

// deal shuffles the deck and deals the hole cards and the board.
func (p *play) deal() {
	if p.t.game.Variant == hand.ShortDeck {
		p.newDeck()
	} else {
		p.deck = make([]cards.Card, 52)
		for i := range p.deck {
			p.deck[i] = cards.Card(i)
		}
		p.rng.Shuffle(52, func(i, j int) { p.deck[i], p.deck[j] = p.deck[j], p.deck[i] })
	}
	if p.rigged {
		p.rigBoard()
	}
	k := 0
	if p.board != nil {
		k = 5
	}
	p.holes = make([][]cards.Card, p.n)
	for _, s := range p.t.inOrder {
		p.holes[s] = append([]cards.Card(nil), p.deck[k:k+p.t.game.HoleCards]...)
		k += p.t.game.HoleCards
	}
	if p.board == nil {
		p.board = append([]cards.Card(nil), p.deck[k:k+5]...)
	}
	p.deck = p.deck[k+5:]
}

// rigBoard puts a rainbow broadway straight on the board, so that every
// hold'em hand at showdown plays the board and the pot is split.
func (p *play) rigBoard() {
	suits := []cards.Suit{0, 1, 2, 3}
	p.rng.Shuffle(4, func(i, j int) { suits[i], suits[j] = suits[j], suits[i] })
	ranks := []cards.Rank{cards.Ten, cards.Jack, cards.Queen, cards.King, cards.Ace}
	p.rng.Shuffle(5, func(i, j int) { ranks[i], ranks[j] = ranks[j], ranks[i] })
	p.board = make([]cards.Card, 5)
	for i := range p.board {
		p.board[i] = cards.New(ranks[i], suits[i%4])
	}
	// Move the board cards to the front of the deck.
	k := 0
	for _, c := range p.board {
		for j := range p.deck {
			if p.deck[j] == c {
				p.deck[k], p.deck[j] = p.deck[j], p.deck[k]
				break
			}
		}
		k++
	}
}

// posts appends the forced bets in the order the format's reader gives
// them: PHH antes in player order then the blinds; PokerStars the blinds
// then the antes from the small blind round.
func (p *play) posts() {
	t := p.t
	left := append([]hand.Amount(nil), p.stack...)
	post := func(s int, kind hand.PostKind, amt hand.Amount) {
		amt = min(amt, left[s])
		if amt <= 0 {
			return
		}
		left[s] -= amt
		p.acts = append(p.acts, hand.Action{Kind: hand.Post, Player: s, PostKind: kind, Amount: amt,
			HasAmount: p.room == nil || !p.room.bareSums, AllIn: left[s] == 0 && !p.noAllInMarks()})
	}
	antes := func() {
		if t.ante == 0 {
			return
		}
		if t.bbAnte {
			post(t.bbSeat, hand.PostAnte, t.ante)
			return
		}
		order := t.inOrder
		if p.f == phh.Format {
			order = make([]int, p.n)
			for i := range order {
				order[i] = i
			}
		}
		for _, s := range order {
			post(s, hand.PostAnte, t.ante)
		}
	}
	if p.f == phh.Format {
		antes()
		post(t.sbSeat, hand.PostSmallBlind, t.sb)
		post(t.bbSeat, hand.PostBigBlind, t.bb)
		return
	}
	post(t.sbSeat, hand.PostSmallBlind, t.sb)
	post(t.bbSeat, hand.PostBigBlind, t.bb)
	if t.deadSB >= 0 {
		if kind := p.room.deadSmallBlind; kind == hand.PostBothBlind {
			post(t.deadSB, kind, t.sb+t.bb) // the big blind live, the small dead
		} else {
			post(t.deadSB, kind, t.sb) // out of position: dead
		}
	}
	antes()
}

func (p *play) dealBoard(s replay.Street) {
	var cs []cards.Card
	switch s {
	case replay.Flop:
		cs = p.board[:3:3]
	case replay.Turn:
		cs = p.board[3:4:4]
	default:
		cs = p.board[4:5:5]
	}
	p.acts = append(p.acts, hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: cs})
}

// live counts the players dealt in who have not folded.
func (p *play) live() int {
	c := 0
	for i := range p.folded {
		if !p.folded[i] {
			c++
		}
	}
	return c
}

// view is what the engine says about the next betting action.
type view struct {
	w      replay.Window
	player int
	stack  hand.Amount // the player's stack
	allIn  hand.Amount // the total the player is all-in at
}

// query asks the engine for the legal window of the next betting action:
// it replays the hand so far with a candidate action by the player
// expected to act and reads that step's window; if the engine names
// another player, it asks again for him. It also refreshes the stacks
// and street totals.
func (p *play) query() view {
	guess := p.guess()
	for try := 0; ; try++ {
		p.q = p.skel
		p.q.Actions = append(p.acts, hand.Action{Kind: hand.Fold, Player: guess})
		tr := p.g.pool.Replay(&p.q, p.g.rules)
		st := &tr.Steps[len(tr.Steps)-1]
		if to := st.Window.ToAct; to >= 0 && to != guess && try == 0 {
			guess = to
			p.g.pool.Put(tr)
			continue
		}
		copy(p.stack, st.Stacks)
		clear(p.bet)
		for i := len(tr.Steps) - 2; i >= 0; i-- {
			s := &tr.Steps[i]
			if s.Street != st.Street {
				break // the street began after s
			}
			if s.Player >= 0 && (s.Betting || s.Kind == hand.Post) && p.bet[s.Player] == 0 {
				p.bet[s.Player] = s.To
			}
		}
		v := view{w: st.Window, player: guess}
		v.stack = p.stack[guess]
		v.allIn = p.bet[guess] + v.stack
		if st.Window.ToAct < 0 {
			v.player = -1
		}
		p.g.pool.Put(tr) // v holds copies only: the trace is done with
		return v
	}
}

// guess is the player most likely next to act: the next one with chips
// after the last actor, or after the button on a new street.
func (p *play) guess() int {
	from := p.t.button
	for i := len(p.acts) - 1; i >= 0; i-- {
		a := &p.acts[i]
		if a.Kind == hand.DealBoard {
			break
		}
		if a.Kind.IsBetting() || a.Kind == hand.Post && a.PostKind == hand.PostBigBlind {
			from = a.Player
			break
		}
	}
	for k := 1; k <= p.n; k++ {
		q := (from + k) % p.n
		if !p.folded[q] && p.stack[q] > 0 {
			return q
		}
	}
	// No one can act. The candidate must still be a player dealt in: the
	// engine takes anyone the record has acting as dealt in.
	return p.t.inOrder[0]
}

// round plays one betting round.
func (p *play) round() error {
	for {
		if len(p.acts) > 400 {
			return errTooLong
		}
		v := p.query()
		if v.player < 0 {
			return nil
		}
		if p.want != nil && p.label == nil && p.injectAt < 0 && p.want.before != nil && p.want.before(p, v) {
			continue // an action was injected before the player's turn
		}
		p.decided++
		if p.want != nil && p.injectAt < 0 && p.want.decide != nil && p.want.decide(p, v) {
			continue
		}
		p.act(v, p.choose(v))
	}
}

// choice is a betting action an agent takes.
type choice struct {
	kind hand.ActionKind
	to   hand.Amount // bet or raise total
	call hand.Amount // chips a call records
}

// choose picks a legal action from the window.
func (p *play) choose(v view) choice {
	if p.bringInTurn(v) {
		return p.bringInChoice(v)
	}
	w := &v.w
	ag := &p.ag
	canRaise := w.MinRaiseTo > 0 && p.othersCanCall(v.player)
	if w.ToCall == 0 {
		if canRaise && p.rng.IntN(100) < ag.bet {
			return choice{kind: hand.Bet, to: p.size(v)}
		}
		return choice{kind: hand.Check}
	}
	r := p.rng.IntN(100)
	switch {
	case r < ag.fold:
		return choice{kind: hand.Fold}
	case canRaise && r < ag.fold+ag.raise:
		return choice{kind: hand.Raise, to: p.size(v)}
	}
	return choice{kind: hand.Call, call: w.ToCall}
}

// othersCanCall reports whether a player other than s still has chips to
// answer a bet: a big blind whose option comes when everyone else is
// all-in just checks.
func (p *play) othersCanCall(s int) bool {
	for q := range p.folded {
		if q != s && !p.folded[q] && p.stack[q] > 0 {
			return true
		}
	}
	return false
}

// size picks a legal bet or raise total in [MinRaiseTo, MaxRaiseTo].
func (p *play) size(v view) hand.Amount {
	w := &v.w
	lo, hi := w.MinRaiseTo, w.MaxRaiseTo
	if hi <= lo {
		return lo
	}
	if p.t.game.Structure == hand.FixedLimit {
		// Stud's open pair on fourth street: the small bet or the big bet.
		if p.rng.IntN(2) == 0 {
			return hi
		}
		return lo
	}
	r := p.rng.IntN(100)
	switch {
	case r < p.ag.allIn:
		return hi
	case r < p.ag.allIn+p.ag.minimum:
		return lo
	}
	// Somewhere between, in whole big blinds above the minimum where the
	// stakes allow.
	span := int64(hi - lo)
	step := int64(p.t.bb)
	if span > step && step > 0 {
		return lo + hand.Amount(p.rng.Int64N(span/step+1)*step)
	}
	return lo + hand.Amount(p.rng.Int64N(span+1))
}

// act appends the action c by v.player, recorded as the format records it.
func (p *play) act(v view, c choice) {
	p.acts = append(p.acts, p.record(v, c))
}

// record turns a choice into the action the format's reader would give:
// the rooms' text records call amounts, raise increments and all-ins; PHH
// only the bet and raise totals.
func (p *play) record(v view, c choice) hand.Action {
	a := hand.Action{Kind: c.kind, Player: v.player}
	ps := p.room != nil
	w := &v.w
	switch c.kind {
	case hand.Fold:
		p.folded[v.player] = true
	case hand.BringIn:
		a.Amount, a.HasAmount = min(p.t.bringIn, v.stack), true
		a.AllIn = a.Amount >= v.stack
	case hand.Call:
		if ps {
			a.Amount, a.HasAmount = c.call, true
			a.AllIn = c.call >= v.stack
		}
	case hand.Bet, hand.Raise:
		a.Kind = hand.Bet
		if w.CurrentBet > 0 {
			a.Kind = hand.Raise
		}
		a.To = c.to
		if ps {
			a.Amount, a.HasAmount = c.to, true
			if a.Kind == hand.Raise {
				a.Amount = c.to - w.CurrentBet
			}
			a.AllIn = c.to >= v.allIn
			if p.room.totalsOnly {
				a.Amount, a.HasAmount = 0, false
			}
		}
	}
	a.AllIn = a.AllIn && !p.noAllInMarks()
	return a
}

// noAllInMarks reports whether the record marks no all-in.
func (p *play) noAllInMarks() bool { return p.room != nil && p.room.noAllInMarks }

// start is when hand i started.
func (p *play) start() time.Time { return epoch.Add(time.Duration(p.idx) * 37 * time.Second) }
