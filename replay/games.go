package replay

import (
	"github.com/handaudit/handaudit/hand"
)

// The per-game table. Every game is the same phased machine (engine.go):
// forced bets, then for each betting round the dealing (or drawing) before
// it and the betting, then the showdown and the pushing. What differs from
// game to game is said here, round by round, as PokerKit's Street says it
// (pokerkit/games.py): the cards each round deals to each player and which
// are face up, the board cards, whether players draw first, the
// fixed-limit bet size, and who opens the betting. The engine reads the
// table where it must choose; it has no second engine for stud or draw.

// Streets of the stud and draw games. Board games use Preflop to River.
// A draw game's rounds are named by the draw before them: FirstDraw is the
// betting after the first draw.
const (
	ThirdStreet Street = Showdown + 1 + iota
	FourthStreet
	FifthStreet
	SixthStreet
	SeventhStreet
	PreDraw
	FirstDraw
	SecondDraw
	ThirdDraw
)

// when is the street as a sentence places a bet in it: "on the river",
// "on seventh street", "before the draw", "after the second draw".
func (s Street) when() string {
	if int(s) < len(streetWhen) {
		return streetWhen[s]
	}
	return "on an unknown street"
}

var streetWhen = [...]string{"on the preflop", "on the flop", "on the turn", "on the river", "at the showdown",
	"on third street", "on fourth street", "on fifth street", "on sixth street", "on seventh street",
	"before the draw", "after the first draw", "after the second draw", "after the third draw"}

// maxRounds is the most betting rounds a game has (stud's five).
const maxRounds = 5

// opening is how the first player to act in a betting round is found.
type opening uint8

// The zero opening is by position: after the blinds in the first round
// (the seat after the big blind or the last straddle), else the first
// seat left of the button (TDA 34 heads-up).
const (
	// byBringIn: stud's third street. The lowest up card brings in (the
	// highest in razz), suits breaking ties: clubs, diamonds, hearts,
	// spades, from low to high.
	byBringIn opening = iota + 1
	// byShowing: stud's later streets. The best hand showing acts first
	// (the lowest in razz); of equal hands, the first from the dealer's
	// left (seat order).
	byShowing
)

// round is one betting round of a game and the dealing before it.
type round struct {
	street Street
	hole   uint8 // cards dealt to each player before the round
	// up: of those, bit k says the k-th is dealt face up (stud: the third
	// card of third street, the cards of the fourth to sixth).
	up      uint8
	board   uint8 // community cards dealt before the round
	draw    bool  // players draw (discard and are dealt replacements) before the round
	big     bool  // fixed limit: the round's bet is the big bet, else the small bet
	opening opening
}

// scoring is how the hands are valued at a showdown.
type scoring uint8

const (
	scoreHoldem     scoring = iota // best five of the hole cards and the board
	scoreShortDeck                 // as hold'em, with short-deck rankings (cards.EvalShortDeck)
	scoreOmaha                     // exactly two hole cards with exactly three board cards
	scoreStud                      // best five of seven cards, high
	scoreRazz                      // best ace-to-five low of seven cards, no qualifier
	scoreDrawHigh                  // the five cards held, high
	scoreDeuceSeven                // the five cards held, deuce-to-seven low
	scoreBadugi                    // the four cards held, badugi
)

// game is one game's row of the table.
type game struct {
	rounds []round
	// hole is the cards a player holds at a showdown; 0 for Omaha, whose
	// count is the record's (Game.HoleCards: 4, 5 or 6).
	hole  int
	score scoring
	// hiLo: the pot is split between the best high and the best
	// eight-or-better low (TDA 20-C: the odd chip to the high side).
	hiLo bool
	// stud, draw: the family, for the phases it adds: the bring-in and the
	// up cards (stud.go), the draws (draw.go).
	stud, draw bool
	// lowOpens: razz. The highest up card brings in and the lowest hand
	// showing opens the later streets.
	lowOpens bool
	// openPair: seven-card stud high. An open pair on fourth street lets
	// a player bet or raise the big bet there.
	openPair bool

	// Derived from rounds by init, for the engine's per-action paths (fixed
	// arrays, indexed r&7, need no bounds check): each round's street, the
	// rounds of the big bet (bit r), the round a first board of k cards
	// opens (roundForBoard, k up to 7), the last round's index, and
	// whether the game deals each player's cards deal by deal (stud, draw).
	street     [8]Street
	big        uint8
	boardRound [8]uint8
	lastRound  int
	perDeal    bool
}

func init() {
	for v := range games {
		g := &games[v]
		if g.rounds == nil {
			continue
		}
		g.lastRound = len(g.rounds) - 1
		g.perDeal = g.stud || g.draw
		for r := range g.rounds {
			g.street[r] = g.rounds[r].street
			if g.rounds[r].big {
				g.big |= 1 << uint(r)
			}
		}
		for k := range g.boardRound {
			g.boardRound[k] = uint8(g.roundForBoard(k))
		}
	}
}

// The rounds of each family.
var (
	boardRounds = []round{
		{street: Preflop, hole: 2},
		{street: Flop, board: 3},
		{street: Turn, board: 1, big: true},
		{street: River, board: 1, big: true},
	}
	// Courchevel deals the first flop card with the hole cards; the flop
	// adds the other two.
	courchevelRounds = []round{
		{street: Preflop, hole: 5, board: 1},
		{street: Flop, board: 2},
		{street: Turn, board: 1, big: true},
		{street: River, board: 1, big: true},
	}
	studRounds = []round{
		{street: ThirdStreet, hole: 3, up: 0b100, opening: byBringIn},
		{street: FourthStreet, hole: 1, up: 0b1, opening: byShowing},
		{street: FifthStreet, hole: 1, up: 0b1, big: true, opening: byShowing},
		{street: SixthStreet, hole: 1, up: 0b1, big: true, opening: byShowing},
		{street: SeventhStreet, hole: 1, big: true, opening: byShowing},
	}
	singleDrawRounds = []round{
		{street: PreDraw, hole: 5},
		{street: FirstDraw, draw: true, big: true},
	}
	tripleDrawRounds = []round{
		{street: PreDraw, hole: 5},
		{street: FirstDraw, draw: true},
		{street: SecondDraw, draw: true, big: true},
		{street: ThirdDraw, draw: true, big: true},
	}
	badugiRounds = []round{
		{street: PreDraw, hole: 4},
		{street: FirstDraw, draw: true},
		{street: SecondDraw, draw: true, big: true},
		{street: ThirdDraw, draw: true, big: true},
	}
)

// games is the table, by variant.
var games = [...]game{
	hand.Holdem:         {rounds: boardRounds, hole: 2, score: scoreHoldem},
	hand.ShortDeck:      {rounds: boardRounds, hole: 2, score: scoreShortDeck},
	hand.Omaha:          {rounds: boardRounds, score: scoreOmaha},
	hand.OmahaHiLo:      {rounds: boardRounds, score: scoreOmaha, hiLo: true},
	hand.Courchevel:     {rounds: courchevelRounds, score: scoreOmaha},
	hand.CourchevelHiLo: {rounds: courchevelRounds, score: scoreOmaha, hiLo: true},
	hand.Stud:           {rounds: studRounds, hole: 7, score: scoreStud, stud: true, openPair: true},
	hand.StudHiLo:       {rounds: studRounds, hole: 7, score: scoreStud, stud: true, hiLo: true},
	hand.Razz:           {rounds: studRounds, hole: 7, score: scoreRazz, stud: true, lowOpens: true},
	hand.Deuce7Single:   {rounds: singleDrawRounds, hole: 5, score: scoreDeuceSeven, draw: true},
	hand.Deuce7Triple:   {rounds: tripleDrawRounds, hole: 5, score: scoreDeuceSeven, draw: true},
	hand.Badugi:         {rounds: badugiRounds, hole: 4, score: scoreBadugi, draw: true},
	hand.FiveCardDraw:   {rounds: singleDrawRounds, hole: 5, score: scoreDrawHigh, draw: true},
}

// gameOf returns the table's row for variant v, or nil when the engine
// does not know the game.
func gameOf(v hand.Variant) *game {
	if int(v) < len(games) && games[v].rounds != nil {
		return &games[v]
	}
	return nil
}

// last is the index of the game's last betting round.
func (g *game) last() int { return g.lastRound }

// roundForBoard is the betting round that follows a first board of k
// cards: the first whose board cards dealt before it, some, add up to k or
// more (hold'em: up to 3 the flop, 4 the turn, 5 or more the river;
// Courchevel: 1 the pre-flop round).
func (g *game) roundForBoard(k int) int {
	dealt := 0
	for r := range g.rounds {
		dealt += int(g.rounds[r].board)
		if dealt > 0 && dealt >= k {
			return r
		}
	}
	return g.last()
}

// roundForHole is the betting round whose deal gives a player who holds k
// cards the next one (stud: a player with 3 cards is dealt fourth street's).
func (g *game) roundForHole(k int) int {
	dealt := 0
	for r := range g.rounds {
		dealt += int(g.rounds[r].hole)
		if dealt > k {
			return r
		}
	}
	return g.last()
}

// upCard reports whether a stud player's k-th card (from 0) is dealt face
// up by the table.
func (g *game) upCard(k int) bool {
	for r := range g.rounds {
		n := int(g.rounds[r].hole)
		if k < n {
			return g.rounds[r].up&(1<<uint(k)) != 0
		}
		k -= n
	}
	return false
}

// drawsBefore reports whether round r begins with a draw.
func (g *game) drawsBefore(r int) bool { return r < len(g.rounds) && g.rounds[r].draw }

// Rounds returns the streets of the betting rounds of variant v, in order,
// or nil for a game the engine does not know.
func Rounds(v hand.Variant) []Street {
	g := gameOf(v)
	if g == nil {
		return nil
	}
	out := make([]Street, len(g.rounds))
	for r := range g.rounds {
		out[r] = g.rounds[r].street
	}
	return out
}

// BoardDeals returns the cards each deal to the first board must have in
// variant v, in order: 3, 1, 1 in hold'em; 1, 2, 1, 1 in Courchevel; none
// in games without a board.
func BoardDeals(v hand.Variant) []int {
	g := gameOf(v)
	if g == nil {
		return nil
	}
	var out []int
	for r := range g.rounds {
		if b := g.rounds[r].board; b > 0 {
			out = append(out, int(b))
		}
	}
	return out
}

// UpCards reports, for a deal of k cards to a stud player who already
// holds held, which are dealt face up (bit i for the i-th card of the
// deal) by the game's table; 0 in other games.
func UpCards(v hand.Variant, held, k int) uint8 {
	g := gameOf(v)
	if g == nil || !g.stud {
		return 0
	}
	var up uint8
	for i := range min(k, 8) {
		if g.upCard(held + i) {
			up |= 1 << uint(i)
		}
	}
	return up
}
