package gen

import (
	"slices"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser/partypoker"
	"github.com/handaudit/handaudit/replay"
)

// finish adds the showdown, builds the record in the format's shape and
// lets the engine settle it: the uncalled bets, the pots, the awards, the
// rake and the finishing stacks.
func (p *play) finish() error {
	t := p.t
	room := p.room
	ps := p.collects() // a room's record of collects, rake and pots
	show := p.showdown()

	// The record: forced bets, the deal, the betting, the showdown.
	h := &hand.Hand{
		Format: string(p.f), ID: p.g.HandID(p.idx), Start: p.start(),
		Currency: t.currency, Scale: t.scale, Game: t.game, MaxSeats: t.maxSeats,
		Button: t.buttonNumber(), Seats: slices.Clone(t.seats),
		Table: "Synthetic " + string(rune('A'+p.idx%26)),
	}
	h.Stakes = p.skel.Stakes
	h.Site = siteOf(p.f)
	if room != nil {
		h.Game.Code, _ = room.gameCode(t.game)
	} else {
		h.Game.Code = phhCode(t.game)
		h.Stakes.BigBlind = t.bb
	}
	p.readerStakes(h)
	nPosts := 0
	for nPosts < len(p.acts) && p.acts[nPosts].Kind == hand.Post {
		nPosts++
	}
	origin := make([]int, 0, len(p.acts)+p.n+len(show)+8) // index in p.acts, or -1
	acts := make([]hand.Action, 0, cap(origin))
	if p.perDeal() {
		nPosts = len(p.acts) // the deals are among the actions already
	}
	for j := 0; j < nPosts; j++ {
		acts = append(acts, p.acts[j])
		origin = append(origin, j)
	}
	hero := -1
	if room != nil {
		hero = t.inOrder[p.rng.IntN(len(t.inOrder))]
	}
	p.hero = hero
	for _, s := range t.inOrder {
		if p.perDeal() {
			break
		}
		cs := p.holes[s]
		if room != nil && s != hero {
			cs = make([]cards.Card, t.game.HoleCards)
			for k := range cs {
				cs[k] = cards.Unknown
			}
		}
		acts = append(acts, hand.Action{Kind: hand.DealHole, Player: s, Cards: cs})
		origin = append(origin, -1)
	}
	for j := nPosts; j < len(p.acts); j++ {
		acts = append(acts, p.acts[j])
		origin = append(origin, j)
	}
	for _, a := range show {
		acts = append(acts, a)
		origin = append(origin, -1)
	}
	if p.want != nil && p.want.preSettle != nil {
		p.want.preSettle(p, acts, origin)
	}
	if room != nil && room.showsInDeal {
		showInDeal(acts, hero)
		p.showInRuleOrder(acts, origin)
	}
	h.Actions = acts
	var dealt int
	for i := range acts {
		if acts[i].Kind == hand.DealBoard {
			dealt += len(acts[i].Cards)
		}
	}
	if dealt > 0 {
		h.Boards = [][]cards.Card{p.board[:dealt:dealt]}
	}

	// Settle. A room: uncalled bets come back right after the street's
	// last bet, the room takes its rake, the winners collect.
	tr := replay.Replay(h, p.g.rules)
	if !tr.Supported {
		return errUnsupported(tr.Unsupported)
	}
	if ps {
		for k := len(tr.Returns) - 1; k >= 0; k-- {
			r := tr.Returns[k]
			if room.silentReturns {
				break
			}
			at := r.Step + 1
			if r.Step < 0 {
				// No one bet: the forced bets were uncalled; the room
				// returns them after the deal.
				at = 0
				for at < len(h.Actions) && (h.Actions[at].Kind == hand.Post || h.Actions[at].Kind == hand.DealHole) {
					at++
				}
			}
			h.Actions = slices.Insert(h.Actions, at, hand.Action{Kind: hand.UncalledReturn, Player: r.Player, Amount: r.Amount, HasAmount: true})
			origin = slices.Insert(origin, at, -1)
		}
		if p.style == styleOldExport && room.returnLines {
			// Older exports write no "Uncalled bet returned" line: the
			// totals and collects show the bet was given back.
			for k := len(h.Actions) - 1; k >= 0; k-- {
				if h.Actions[k].Kind == hand.UncalledReturn {
					h.Actions = slices.Delete(h.Actions, k, k+1)
					origin = slices.Delete(origin, k, k+1)
				}
			}
		}
		o := &h.Outcome
		o.TotalPot, o.HasTotalPot = tr.TotalPot, true
		o.HasRake = true
		o.Rake = p.rake(tr.TotalPot, dealt >= 3)
		tr = replay.Replay(h, p.g.rules)
		if room.silentReturns {
			// The record states neither: the replay's awards are after
			// the rake all the same.
			o.TotalPot, o.HasTotalPot, o.Rake, o.HasRake = 0, false, 0, false
		}
		if len(tr.Pots) > 1 && room.listsPots {
			// The room lists its pots after rake, shared among them as it
			// likes: the auditor must read the split from the record.
			shares := p.shareRake(tr.Pots, o.Rake)
			for k, pot := range tr.Pots {
				o.Pots = append(o.Pots, pot.Amount-shares[k])
			}
			tr = replay.Replay(h, p.g.rules) // the listed split is the record's
		}
		awards := p.oddChipReading(tr)
		o.Winnings = make([]hand.Amount, p.n)
		o.HasWinnings = true
		// Collections, side pots first as the room prints them.
		for k := len(tr.Pots) - 1; k >= 0; k-- {
			var won []hand.Amount
			var order []int
			for _, aw := range awards {
				if aw.Pot != k || aw.Amount <= 0 {
					continue
				}
				if won == nil {
					won = make([]hand.Amount, p.n)
				}
				if won[aw.Player] == 0 {
					order = append(order, aw.Player)
				}
				won[aw.Player] += aw.Amount
			}
			for _, s := range order {
				h.Actions = append(h.Actions, hand.Action{Kind: hand.Collect, Player: s, Amount: won[s], HasAmount: true, Pot: k})
				origin = append(origin, -1)
				o.Winnings[s] += won[s]
			}
		}
		if room.silentReturns {
			p.blindInCollect(h, tr)
		}
	} else {
		// PHH states no rake: under a house rake rule the finishing stacks
		// are after it (the auditor reads the implied rake).
		// A rake that takes from a winner exactly the bet he was
		// returned is written as it falls: the auditor reads such a
		// record both ways (replay's notReturned).
		if r := p.rake(tr.TotalPot, dealt >= 3); r > 0 {
			h.Outcome.Rake, h.Outcome.HasRake = r, true
			tr = replay.Replay(h, p.g.rules)
			h.Outcome.Rake, h.Outcome.HasRake = 0, false
		}
		fs := slices.Clone(tr.FinishingStacks)
		for i, aw := range p.oddChipReading(tr) {
			fs[aw.Player] += aw.Amount - tr.Awards[i].Amount
		}
		h.Outcome.FinishingStacks = fs
		h.Outcome.HasFinishingStacks = true
	}
	p.h = h
	for i, j := range origin {
		if (p.injectAt >= 0 && j == p.injectAt) || j == markOrigin {
			p.label = &Label{HandID: h.ID, CheckID: p.want.check, ActionIndex: i, What: p.what}
		}
	}
	if p.want != nil && p.label == nil && p.want.outcome != nil {
		p.want.outcome(p, tr)
	}
	if p.f == partypoker.Format {
		p.partyShape()
	}
	if p.room != nil && p.room.potsUnnamed {
		for i := range h.Actions {
			if h.Actions[i].Kind == hand.Collect {
				h.Actions[i].Pot = -1
			}
		}
	}
	return nil
}

// showInDeal gives acts iPoker's shape: the cards a player shows are
// those of his deal, and the hero, whose cards the record shows, tables
// them rather than mucking.
func showInDeal(acts []hand.Action, hero int) {
	for i := range acts {
		if a := &acts[i]; a.Kind == hand.Muck && a.Player == hero {
			for _, d := range acts {
				if d.Kind == hand.DealHole && d.Player == hero {
					a.Kind, a.Cards = hand.Show, d.Cards
				}
			}
		}
	}
	for _, a := range acts {
		if a.Kind != hand.Show {
			continue
		}
		for j := range acts {
			if d := &acts[j]; d.Kind == hand.DealHole && d.Player == a.Player && len(d.Cards) == len(a.Cards) {
				d.Cards = a.Cards
			}
		}
	}
}

// showInRuleOrder puts the shows and mucks that end acts in the order the
// iPoker reader gives them, which the record does not: from the last
// player to bet or raise on the last street (else the first left of the
// button), clockwise. origin follows its actions.
func (p *play) showInRuleOrder(acts []hand.Action, origin []int) {
	k := len(acts)
	for k > 0 && (acts[k-1].Kind == hand.Show || acts[k-1].Kind == hand.Muck) {
		k--
	}
	first := (p.t.button + 1) % p.n
	for i := k - 1; i >= 0 && acts[i].Kind != hand.DealBoard; i-- {
		if acts[i].Kind == hand.Bet || acts[i].Kind == hand.Raise {
			first = acts[i].Player
			break
		}
	}
	type shown struct {
		a      hand.Action
		origin int
	}
	tail := make([]shown, 0, len(acts)-k)
	for i := k; i < len(acts); i++ {
		tail = append(tail, shown{acts[i], origin[i]})
	}
	slices.SortStableFunc(tail, func(x, y shown) int {
		return (x.a.Player-first+p.n)%p.n - (y.a.Player-first+p.n)%p.n
	})
	for i, x := range tail {
		acts[k+i], origin[k+i] = x.a, x.origin
	}
}

// blindInCollect pays an uncalled blind back within the pot its owner
// collects, as 888 does (with no line of its own); one whose owner
// collects nothing goes back silently.
func (p *play) blindInCollect(h *hand.Hand, tr *replay.Trace) {
	for _, r := range tr.Returns {
		if r.Step >= 0 {
			continue
		}
		if i := firstCollect(h, r.Player); i >= 0 {
			h.Actions[i].Amount += r.Amount
			h.Outcome.Winnings[r.Player] += r.Amount
		}
	}
}

// partyShape gives a PokerStars-shaped record PartyPoker's shape, the one
// its reader gives: no total pot, pots or winnings stated; the uncalled
// bet returned where the showdown starts (PartyPoker pays it back in its
// wins lines, and the reader returns it there); the rake stated as the
// pot less what the wins pay.
func (p *play) partyShape() {
	h := p.h
	o := &h.Outcome
	o.TotalPot, o.HasTotalPot, o.Pots = 0, false, nil
	o.Winnings, o.HasWinnings = nil, false
	for k := 0; k < len(h.Actions); k++ {
		a := h.Actions[k]
		if a.Kind != hand.UncalledReturn {
			continue
		}
		at := k + 1
		for at < len(h.Actions) && h.Actions[at].Kind != hand.Show && h.Actions[at].Kind != hand.Muck && h.Actions[at].Kind != hand.Collect &&
			h.Actions[at].Kind != hand.UncalledReturn {
			at++
		}
		if at == k+1 {
			continue
		}
		// Move it from k to at-1: the actions between move down one.
		copy(h.Actions[k:at-1], h.Actions[k+1:at])
		h.Actions[at-1] = a
		if l := p.label; l != nil && l.ActionIndex > k && l.ActionIndex < at {
			l.ActionIndex--
		} else if l != nil && l.ActionIndex == k {
			l.ActionIndex = at - 1
		}
		k = at - 1
	}
}

// rake is the rake the room takes from a pot of total chips: the house
// rule's when the rules have one; else, in a room's text, 5% capped at 3
// (dollars, euros) with no flop, no drop, and none in PHH.
func (p *play) rake(total hand.Amount, flop bool) hand.Amount {
	if r, ok := p.g.rules.ExpectedRake(total, flop, p.t.scale); ok {
		return r
	}
	if p.room == nil || !flop {
		return 0
	}
	return min(total/20, 300)
}

// shareRake shares rake among pots as a room might: from the main pot
// first, from the last side pot first, or in proportion to the pots.
func (p *play) shareRake(pots []replay.Pot, rake hand.Amount) []hand.Amount {
	shares := make([]hand.Amount, len(pots))
	order := make([]int, len(pots))
	for k := range order {
		order[k] = k
	}
	switch p.rng.IntN(3) {
	case 1:
		slices.Reverse(order)
	case 2:
		var total hand.Amount
		for _, pot := range pots {
			total += pot.Amount
		}
		var given hand.Amount
		for k, pot := range pots {
			if total > 0 {
				shares[k] = rake * pot.Amount / total
			}
			given += shares[k]
		}
		rake -= given // what rounding left goes main pot first, below
	}
	for _, k := range order {
		take := min(rake, pots[k].Amount-shares[k])
		shares[k] += take
		rake -= take
	}
	return shares
}

// oddChipReading returns the awards the record pays: the replay's, or,
// for a split of two or more odd chips among three or more winners, now
// and then the other reading of TDA 20-A (every odd chip to the first
// winner left of the button), which the auditor accepts by default. A
// hand that must carry an odd-chip fault keeps the replay's.
func (p *play) oddChipReading(tr *replay.Trace) []replay.Award {
	aw := slices.Clone(tr.Awards)
	if p.g.rules.OddChip != replay.OddChipLeftOfButton || p.want != nil && p.want.check == "pot.odd-chip" || p.rng.IntN(2) == 0 {
		return aw
	}
	for i := range aw {
		if aw[i].OddChip <= 0 {
			continue
		}
		first, winners, odd := i, 0, hand.Amount(0)
		for j := range aw {
			if aw[j].Pot == aw[i].Pot && aw[j].Board == aw[i].Board && aw[j].Half == aw[i].Half && aw[j].Amount > 0 {
				first = min(first, j)
				winners++
				odd += aw[j].OddChip
			}
		}
		if winners < 3 || odd < 2*max(tr.ChipUnit, 1) || i != first {
			continue
		}
		for j := range aw {
			if j != first && aw[j].Pot == aw[i].Pot && aw[j].Board == aw[i].Board && aw[j].Half == aw[i].Half {
				aw[first].Amount += aw[j].OddChip
				aw[first].OddChip += aw[j].OddChip
				aw[j].Amount -= aw[j].OddChip
				aw[j].OddChip = 0
			}
		}
	}
	return aw
}

// markOrigin marks the action a preSettle hook made illegal.
const markOrigin = -7

type errUnsupported string

func (e errUnsupported) Error() string { return "the engine cannot replay it: " + string(e) }

// readerStakes sets the stakes the format's reader derives, so that the
// hand read back equals the one generated.
func (p *play) readerStakes(h *hand.Hand) {
	st := &h.Stakes
	t := p.t
	if p.f == partypoker.Format && t.game.Structure == hand.FixedLimit {
		// PartyPoker's reader: the big blind is the small bet its game line
		// names, the small blind the first posted.
		st.Ante, st.BigBlindAnte, st.MinBet = 0, false, 0
		st.BigBlind, st.SmallBlind = st.SmallBet, 0
		for _, a := range p.acts {
			if a.Kind == hand.Post && a.PostKind == hand.PostAnte {
				st.Ante = max(st.Ante, a.Amount)
			}
			if a.Kind == hand.Post && a.PostKind == hand.PostSmallBlind && st.SmallBlind == 0 {
				st.SmallBlind = a.Amount
			}
		}
		if st.SmallBlind == 0 {
			st.SmallBlind = st.BigBlind / 2
		}
		return
	}
	if p.room != nil && p.room.stakes != nil {
		p.room.stakes(st, t, p.acts)
		return
	}
	if p.room != nil {
		// The reader takes the ante from the largest posted (Winamax: from
		// the header, where the writer puts it), and in fixed limit the
		// blinds from the first posts not all-in.
		st.Ante, st.BigBlindAnte = 0, false
		sb, bb := hand.Amount(0), hand.Amount(0)
		for _, a := range p.acts {
			if a.Kind != hand.Post {
				continue
			}
			switch a.PostKind {
			case hand.PostAnte:
				st.Ante = max(st.Ante, a.Amount)
			case hand.PostSmallBlind:
				if sb == 0 && !a.AllIn {
					sb = a.Amount
				}
			case hand.PostBigBlind:
				if bb == 0 && !a.AllIn {
					bb = a.Amount
				}
			}
		}
		if t.game.Structure == hand.FixedLimit {
			st.SmallBlind, st.BigBlind = sb, bb
			if sb == 0 {
				st.SmallBlind = t.small / 2
			}
			if bb == 0 {
				st.BigBlind = t.small
			}
			st.MinBet = 0
		} else {
			st.MinBet = st.BigBlind
		}
		return
	}
	// PHH: the antes field says it all.
	if t.game.Structure == hand.FixedLimit {
		st.MinBet = 0
	} else {
		st.MinBet = t.bb
		st.SmallBet, st.BigBet = 0, 0
	}
}

// showdown decides who shows and who mucks, in the order the rules call
// for: the player who must table first, then clockwise. At an all-in
// showdown every hand is tabled; otherwise a player beaten by a hand
// already shown may muck.
func (p *play) showdown() []hand.Action {
	if p.live() < 2 {
		return nil
	}
	p.q = p.skel
	p.q.Actions = p.acts
	tr := replay.Replay(&p.q, p.g.rules)
	first := tr.ShowdownFirst
	if first < 0 {
		first = p.t.inOrder[0]
	}
	allIn := false
	for s := range p.folded {
		if !p.folded[s] && p.stack[s] == 0 {
			allIn = true
		}
	}
	var out []hand.Action
	var bestHigh uint32
	bestLow, hasLow := cards.LowRank(0), false
	hilo := p.t.game.Variant == hand.OmahaHiLo || p.t.game.Variant == hand.StudHiLo
	// With side pots a player beaten for one pot may win another: every
	// hand is shown (at an all-in showdown the rules call for it anyway).
	mustShow := allIn || len(tr.Pots) > 1 || p.showAll
	for k := 0; k < p.n; k++ {
		s := (first + k) % p.n
		if p.folded[s] {
			continue
		}
		hi, lo, ok := p.value(s)
		beaten := len(out) > 0 && hi < bestHigh && (!hilo || !ok || hasLow && lo >= bestLow)
		if beaten && !mustShow && p.rng.IntN(100) < p.ag.muck {
			out = append(out, hand.Action{Kind: hand.Muck, Player: s})
			continue
		}
		if beaten && p.style == styleMuckShown && allIn && len(tr.Pots) == 1 && p.room != nil && p.room.mucksShown {
			// Online the software mucks a beaten hand at an all-in
			// showdown and the summary shows it: the hand is disclosed.
			out = append(out, hand.Action{Kind: hand.Muck, Player: s, Cards: p.holes[s]})
			continue
		}
		out = append(out, hand.Action{Kind: hand.Show, Player: s, Cards: p.holes[s]})
		bestHigh = max(bestHigh, hi)
		if ok && (!hasLow || lo < bestLow) {
			bestLow, hasLow = lo, true
		}
	}
	return out
}

// value is seat s's hand at the showdown, as a score (larger wins: the
// high hand in the high games), and its qualifying low in the hi-lo games.
func (p *play) value(s int) (uint32, cards.LowRank, bool) {
	hole := p.holes[s]
	switch p.t.game.Variant {
	case hand.Holdem:
		all := make([]cards.Card, 0, 7)
		all = append(append(all, hole...), p.board...)
		return uint32(cards.EvalHigh(all)), 0, false
	case hand.OmahaHiLo:
		lo, ok := cards.EvalOmahaLow8(hole, p.board)
		return uint32(cards.EvalOmaha(hole, p.board)), lo, ok
	case hand.Omaha:
		return uint32(cards.EvalOmaha(hole, p.board)), 0, false
	}
	return p.gameValue(s)
}

// psGameCode is the PokerStars reader's Game.Code for g.
func psGameCode(g hand.Game) (string, error) {
	name := "Hold'em"
	if g.Variant != hand.Holdem {
		name = "Omaha"
		if g.HoleCards == 5 {
			name = "5 Card Omaha"
		}
		if g.Variant == hand.OmahaHiLo {
			name += " Hi/Lo"
		}
	}
	switch g.Structure {
	case hand.NoLimit:
		return name + " No Limit", nil
	case hand.PotLimit:
		return name + " Pot Limit", nil
	}
	return name + " Limit", nil
}

func phhCode(g hand.Game) string {
	switch g.Variant {
	case hand.ShortDeck:
		return "NS"
	case hand.Stud:
		return "F7S"
	case hand.StudHiLo:
		return "F7S/8"
	case hand.Razz:
		return "FR"
	case hand.Deuce7Single:
		return "N2L1D"
	case hand.Deuce7Triple:
		return "F2L3D"
	case hand.Badugi:
		return "FB"
	}
	switch {
	case g.Variant == hand.Holdem && g.Structure == hand.FixedLimit:
		return "FT"
	case g.Variant == hand.Holdem:
		return "NT"
	case g.Variant == hand.OmahaHiLo:
		return "FO/8"
	}
	return "PO"
}
