package partypoker

// What a hand's record leaves to the reader: the stakes, the uncalled
// bet and the rake.
//
// PartyPoker states no pot, rake or uncalled bet. A player's "wins" line
// pays the uncalled part of his bet back with the pot: "Kelevra_91 wins
// $5.18 USD" after an unanswered raise of $2.14 is $2.14 returned and
// $3.04 collected; at a showdown the uncalled part is a pot of its own
// ("robertp10 wins $1 USD from the side pot 1"). The canonical hand
// returns it as an UncalledReturn and collects the rest, so that the
// replay's accounting and the record's agree. The rake is what the pot
// held beyond what was returned and collected, which the older export does
// not state: the collects are read as the players' winnings (after rake),
// from which the replay infers it (its implied rake). The newer export's
// stated rake is the hand's rake.

import (
	"slices"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// finishStakes sets the hand's stakes from the game line and the forced
// bets. A cash table named by one amount ("$100 USD PL Omaha") is named
// by its maximum buy-in, a hundred big blinds; a fixed-limit game's pair
// is its small and big bet, the small bet being the big blind.
func (p *handParser) finishStakes() {
	h := p.h
	st := &h.Stakes
	h.Scale = pow10[p.scale]
	var sb, bb hand.Amount
	for i := range p.acts {
		a := &p.acts[i]
		if a.Kind != hand.Post {
			continue
		}
		if a.PostKind == hand.PostSmallBlind && sb == 0 {
			sb = a.Amount
		}
		if a.PostKind == hand.PostBigBlind && bb == 0 {
			bb = a.Amount
		}
	}
	switch {
	case h.Game.Structure == hand.FixedLimit:
		st.SmallBet, st.BigBet = p.stakeA, p.stakeB
		st.BigBlind = p.stakeA
		st.SmallBlind = sb
		if p.single || p.chips {
			// "Blinds(20/40)" in a limit tournament: the blinds, the
			// big blind being the small bet.
			st.SmallBlind, st.BigBlind = p.stakeA, p.stakeB
			st.SmallBet, st.BigBet = p.stakeB, 2*p.stakeB
		}
	case p.single:
		st.BigBlind = p.stakeA / 100
		st.SmallBlind = sb
	default:
		st.SmallBlind, st.BigBlind = p.stakeA, p.stakeB
	}
	if st.SmallBlind == 0 {
		st.SmallBlind = st.BigBlind / 2
	}
	if h.Game.Structure != hand.FixedLimit {
		st.MinBet = st.BigBlind
	}
	if !p.chips {
		// A cash game's line names no ante: the largest posted.
		for i := range p.acts {
			if a := &p.acts[i]; a.Kind == hand.Post && a.PostKind == hand.PostAnte {
				st.Ante = max(st.Ante, a.Amount)
			}
		}
	}
}

// bigBlind is the big blind the game line names.
func (p *handParser) bigBlind() hand.Amount {
	switch {
	case p.single:
		return p.stakeA / 100
	case p.h.Game.Structure == hand.FixedLimit && !p.chips:
		return p.stakeA
	}
	return p.stakeB
}

// outcome finds the uncalled bet among the collects, and the rake stated
// or else the winnings the rake is inferred from.
func (p *handParser) outcome() {
	h := p.h
	// What each player put in, no more than his stack: a record of more
	// is the bet check's fault, and not a second one of the pot's. The
	// uncalled bet is what the top bettor put in beyond everyone else,
	// antes and dead blinds apart (they are not bets to be called: an
	// ante above a short one is a pot of its own).
	var pot hand.Amount
	live := p.streetBet[:0] // the street totals are no longer needed
	for i := range p.total {
		p.total[i] = min(p.total[i], h.Seats[i].Stack)
		pot += p.total[i]
		live = append(live, max(p.total[i]-p.dead[i], 0))
	}
	if top, uncalled := parser.UncalledBet(live); uncalled > 0 {
		p.returnUncalled(top, uncalled)
	}
	if p.hasRake {
		h.Outcome.Rake, h.Outcome.HasRake = p.statedRake, true
	} else {
		// No rake stated (the older export states none): what each
		// player collected, summed, as his winnings, which are after
		// rake, so that the replay infers the rake they leave (its
		// implied rake, as for 888's collects and a PHH record's
		// winnings) and judges it, instead of the reader stating as the
		// rake whatever the wins lines leave, a wrong award included.
		o := &h.Outcome
		o.Winnings = slices.Grow(o.Winnings[:0], len(h.Seats))[:len(h.Seats)]
		clear(o.Winnings)
		for i := range h.Actions {
			if a := &h.Actions[i]; a.Kind == hand.Collect && uint(a.Player) < uint(len(h.Seats)) {
				o.Winnings[a.Player] += a.Amount
			}
		}
		o.HasWinnings = true
	}
	if p.inSummary {
		h.Outcome.FinishingStacks = append(h.Outcome.FinishingStacks[:0], p.balances...)
		h.Outcome.HasFinishingStacks = !slices.Contains(p.balances, -1)
		if !h.Outcome.HasFinishingStacks {
			h.Outcome.FinishingStacks = h.Outcome.FinishingStacks[:0]
		}
	}
}

// returnUncalled makes the uncalled part of player top's bet an
// UncalledReturn before the showdown, on the line the showdown starts at:
// his "side pot" of exactly that amount, the last pot, or else that much of
// his first other collect.
func (p *handParser) returnUncalled(top int, uncalled hand.Amount) {
	acts := p.h.Actions
	last := -1 // the collect of the last side pot
	for i := p.winsAt; i < len(acts); i++ {
		if a := &acts[i]; a.Kind == hand.Collect && a.Pot > 0 && (last < 0 || a.Pot >= acts[last].Pot) {
			last = i
		}
	}
	if last >= 0 && acts[last].Player == top && acts[last].Amount == uncalled {
		// The side pot becomes the return: moved back from where it was
		// (at or after the showdown's start) to the showdown's start.
		ret := p.uncalledReturn(top, uncalled)
		copy(acts[p.showAt+1:last+1], acts[p.showAt:last])
		acts[p.showAt] = ret
		return
	}
	for i := p.winsAt; i < len(acts); i++ {
		if a := &acts[i]; a.Kind == hand.Collect && a.Player == top && a.Pot <= 0 && a.Amount >= uncalled {
			a.Amount -= uncalled
			ret := p.uncalledReturn(top, uncalled)
			acts = append(acts, hand.Action{})
			copy(acts[p.showAt+1:], acts[p.showAt:])
			acts[p.showAt] = ret
			p.h.Actions = acts
			return
		}
	}
	// The record did not pay it back: the pot check says so.
}

// uncalledReturn is the return of player top's uncalled bet, on the line
// of the showdown's first action.
func (p *handParser) uncalledReturn(top int, uncalled hand.Amount) hand.Action {
	return hand.Action{Kind: hand.UncalledReturn, Player: top, Amount: uncalled, HasAmount: true,
		Pos: p.h.Actions[p.showAt].Pos}
}
