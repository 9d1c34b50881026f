package gen

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/replay"
)

// The games besides hold'em and Omaha: short deck, stud, stud hi-lo, razz,
// 2-7 single and triple draw and badugi. Config.Games chooses them; they
// are written in PHH only for now, but short deck also in iPoker (a room's
// otherGames). A stud hand deals each street to the players still in and
// opens with the bring-in; a draw hand deals the hand and, between its
// betting rounds, has every player still in draw in turn from the button;
// both are played through the engine's windows as the board games are.

// gameNames lists the games Config.Games takes, in the order `audit gen
// --help` prints them: the format's hold'em and Omaha games as they are
// dealt by default, then the others, each by its hand.Variant name.
var gameNames = []string{"holdem", "omaha", "short-deck", "stud", "stud-hi-lo", "razz",
	"2-7-single-draw", "2-7-triple-draw", "badugi"}

// GameNames lists the game names Config.Games takes.
func GameNames() []string { return slices.Clone(gameNames) }

// otherGames are the games of the PHH-only names, with how often each is
// dealt among them.
var otherGames = map[string]gameKind{
	"short-deck":      {hand.ShortDeck, hand.NoLimit, 2, 10},
	"stud":            {hand.Stud, hand.FixedLimit, 7, 10},
	"stud-hi-lo":      {hand.StudHiLo, hand.FixedLimit, 7, 10},
	"razz":            {hand.Razz, hand.FixedLimit, 7, 10},
	"2-7-single-draw": {hand.Deuce7Single, hand.NoLimit, 5, 10},
	"2-7-triple-draw": {hand.Deuce7Triple, hand.FixedLimit, 5, 10},
	"badugi":          {hand.Badugi, hand.FixedLimit, 4, 10},
}

// gamesFor returns the games the generator deals in format f for the
// names given (none: the format's default mix of hold'em and Omaha).
func gamesFor(f parser.Format, names []string) ([]gameKind, error) {
	def := psGames
	switch f {
	case phh.Format:
		def = phhGames
	default:
		if r := roomTexts[f]; r != nil && r.games != nil {
			def = r.games
		}
	}
	if len(names) == 0 {
		return def, nil
	}
	var out []gameKind
	seen := map[string]bool{}
	for _, name := range names {
		name = strings.TrimSpace(name)
		if seen[name] {
			continue
		}
		seen[name] = true
		switch name {
		case "holdem", "omaha":
			for _, g := range def {
				if (g.variant == hand.Holdem) == (name == "holdem") {
					out = append(out, g)
				}
			}
		default:
			g, ok := otherGames[name]
			if !ok {
				return nil, fmt.Errorf("gen: unknown game %q (games: %s)", name, strings.Join(gameNames, ", "))
			}
			if room := roomTexts[f]; room != nil && !slices.Contains(room.otherGames, name) {
				where := formatList(gameFormats(name))
				if where == string(phh.Format) {
					where = "PHH"
				}
				return nil, fmt.Errorf("gen: %s is written in %s only for now", name, where)
			}
			out = append(out, g)
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("gen: no game chosen")
	}
	return out, nil
}

// gameFormats are the formats gen writes the game named in, past hold'em
// and Omaha: PHH and the rooms whose writers write it.
func gameFormats(name string) []parser.Format {
	out := []parser.Format{phh.Format}
	for f, room := range roomTexts {
		if slices.Contains(room.otherGames, name) {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

// family says which phases a game has.
func (t *table) stud() bool { return t.game.Variant.IsStud() }
func (t *table) draw() bool { return t.game.Variant.IsDraw() }

// perDeal reports whether the hand's own deals are among its actions as
// they happen (stud and draw games): the engine reads the up cards and
// the draws from them.
func (p *play) perDeal() bool { return p.t.stud() || p.t.draw() }

// otherTable sets up the table of a stud, draw or short-deck game (after
// the seats and the button are chosen as for any game): stud has no
// blinds and no button, antes always and a bring-in of half the small
// bet; a draw game's blinds are those of hold'em.
func otherTable(t *table) {
	if !t.stud() {
		return
	}
	t.sb, t.bb = 0, 0
	t.bringIn = max(t.small/2, 1)
	t.ante = max(t.small/5, 1)
	t.bbAnte = false
}

// maxPlayers is the most players a game deals to: seven in stud (49 of
// the 52 cards), six in the draw games and short deck.
func maxPlayers(g hand.Game) int {
	switch {
	case g.Variant.IsStud():
		return 7
	case g.Variant.IsDraw(), g.Variant == hand.ShortDeck:
		return 6
	}
	return 9
}

// newDeck is the game's deck, shuffled: the 36 cards from the six up in
// short deck.
func (p *play) newDeck() {
	p.deck = p.deck[:0]
	for c := range cards.Card(52) {
		if p.t.game.Variant != hand.ShortDeck || c.Rank() >= cards.Six {
			p.deck = append(p.deck, c)
		}
	}
	p.rng.Shuffle(len(p.deck), func(i, j int) { p.deck[i], p.deck[j] = p.deck[j], p.deck[i] })
}

// take deals k cards from the stub; when it runs out, the discards are
// shuffled into it (draw games).
func (p *play) take(k int) []cards.Card {
	if len(p.deck) < k {
		p.rng.Shuffle(len(p.muck), func(i, j int) { p.muck[i], p.muck[j] = p.muck[j], p.muck[i] })
		p.deck = append(p.deck, p.muck...)
		p.muck = p.muck[:0]
	}
	cs := slices.Clone(p.deck[:k])
	p.deck = p.deck[k:]
	return cs
}

// runStud plays a stud hand: each street's cards to the players still in
// (three on third street, two down and one up, then one a street, the
// seventh down), then its betting, opened by the bring-in on third street.
func (p *play) runStud() error {
	p.newDeck()
	p.holes = make([][]cards.Card, p.n)
	for r, street := range replay.Rounds(p.t.game.Variant) {
		if r > 0 && p.live() < 2 {
			break
		}
		k := 1
		if r == 0 {
			k = 3
		}
		for _, s := range p.t.inOrder {
			if p.folded[s] {
				continue
			}
			cs := p.take(k)
			p.holes[s] = append(p.holes[s], cs...)
			p.acts = append(p.acts, hand.Action{Kind: hand.DealHole, Player: s, Cards: cs})
		}
		p.street = street
		if err := p.round(); err != nil {
			return err
		}
	}
	return p.finish()
}

// runDraw plays a draw hand: the deal, then the betting rounds, each after
// the first with a draw before it.
func (p *play) runDraw() error {
	p.newDeck()
	p.holes = make([][]cards.Card, p.n)
	for _, s := range p.t.inOrder {
		cs := p.take(p.t.game.HoleCards)
		p.holes[s] = cs
		p.acts = append(p.acts, hand.Action{Kind: hand.DealHole, Player: s, Cards: cs})
	}
	for r, street := range replay.Rounds(p.t.game.Variant) {
		if r > 0 {
			if p.live() < 2 {
				break
			}
			p.street = street
			p.drawRound()
		}
		p.street = street
		if err := p.round(); err != nil {
			return err
		}
	}
	return p.finish()
}

// drawRound has every player still in draw, in order from the first seat
// left of the button: some cards or none, then each is dealt as many.
func (p *play) drawRound() {
	type draw struct {
		s    int
		gone []cards.Card
	}
	var draws []draw
	for _, s := range p.t.inOrder {
		if p.folded[s] {
			continue
		}
		gone := p.discards(s)
		if p.want != nil && p.injectAt < 0 && p.want.atDraw != nil {
			gone = p.want.atDraw(p, s, gone)
		}
		p.acts = append(p.acts, hand.Action{Kind: hand.Discard, Player: s, Cards: gone})
		if p.injectAt == -2 { // atDraw marked this discard
			p.injectAt = len(p.acts) - 1
		}
		draws = append(draws, draw{s, gone})
	}
	// Then the replacements, in the same order.
	for _, d := range draws {
		kept := p.holes[d.s][:0:0]
		for _, c := range p.holes[d.s] {
			if !slices.Contains(d.gone, c) {
				kept = append(kept, c)
			}
		}
		p.muck = append(p.muck, d.gone...)
		if n := p.t.game.HoleCards - len(kept); n > 0 {
			cs := p.take(n)
			kept = append(kept, cs...)
			p.acts = append(p.acts, hand.Action{Kind: hand.DealHole, Player: d.s, Cards: cs})
		}
		p.holes[d.s] = kept
	}
}

// discards picks the cards seat s throws: none (stands pat) a third of
// the time, else one to three of the highest (the low games keep low
// cards; five-card draw would keep pairs, which it does not deal yet).
func (p *play) discards(s int) []cards.Card {
	hole := p.holes[s]
	if p.rng.IntN(3) == 0 {
		return nil
	}
	k := 1 + p.rng.IntN(min(3, len(hole)))
	byRank := slices.Clone(hole)
	sort.Slice(byRank, func(i, j int) bool {
		ri, rj := (byRank[i].Rank()+1)%13, (byRank[j].Rank()+1)%13 // aces low: the low games keep them
		if p.t.game.Variant == hand.Deuce7Single || p.t.game.Variant == hand.Deuce7Triple {
			ri, rj = byRank[i].Rank(), byRank[j].Rank()
		}
		return ri > rj
	})
	return byRank[:k]
}

// bringInTurn reports whether v is the player who opens stud's third
// street: the bring-in (or a completion instead) is due.
func (p *play) bringInTurn(v view) bool {
	return p.t.stud() && p.street == replay.ThirdStreet && v.w.CurrentBet == 0 && v.w.ToCall == 0
}

// bringInChoice is the opener's action: mostly the bring-in, sometimes
// the completion to the small bet.
func (p *play) bringInChoice(v view) choice {
	if v.w.MinRaiseTo > 0 && p.rng.IntN(5) == 0 {
		return choice{kind: hand.Bet, to: v.w.MinRaiseTo}
	}
	return choice{kind: hand.BringIn}
}

// gameValue is seat s's hand at the showdown of a stud, draw or short-deck
// game: a score (larger wins) and the eight-or-better low of stud hi-lo.
func (p *play) gameValue(s int) (uint32, cards.LowRank, bool) {
	hole := p.holes[s]
	switch p.t.game.Variant {
	case hand.ShortDeck:
		all := append(slices.Clone(hole), p.board...)
		return uint32(cards.EvalShortDeck(all, cards.ShortDeckStraightBeatsTrips)), 0, false
	case hand.Stud:
		return uint32(cards.EvalHigh(hole)), 0, false
	case hand.StudHiLo:
		lo, ok := cards.EvalLow8(hole)
		return uint32(cards.EvalHigh(hole)), lo, ok
	case hand.Razz:
		return ^uint32(cards.EvalLowA5(hole)), 0, false
	case hand.Deuce7Single, hand.Deuce7Triple:
		return ^uint32(cards.EvalLow27(hole)), 0, false
	case hand.Badugi:
		return ^uint32(cards.EvalBadugi(hole)), 0, false
	}
	return uint32(cards.EvalHigh(hole)), 0, false
}
