package gen

import (
	"math/rand/v2"
	"slices"
	"strconv"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/phh"
)

// gameKind is one game the generator deals, with how often.
type gameKind struct {
	variant   hand.Variant
	structure hand.Structure
	hole      int
	weight    int
}

// The games each format can record (PHH has one variant code per game).
var (
	psGames = []gameKind{
		{hand.Holdem, hand.NoLimit, 2, 40},
		{hand.Holdem, hand.PotLimit, 2, 5},
		{hand.Holdem, hand.FixedLimit, 2, 15},
		{hand.Omaha, hand.PotLimit, 4, 15},
		{hand.Omaha, hand.PotLimit, 5, 5},
		{hand.Omaha, hand.NoLimit, 4, 5},
		{hand.OmahaHiLo, hand.PotLimit, 4, 5},
		{hand.OmahaHiLo, hand.FixedLimit, 4, 10},
	}
	// PartyPoker's text writes hold'em and four-card Omaha (hi and hi-lo).
	ppGames = []gameKind{
		{hand.Holdem, hand.NoLimit, 2, 40},
		{hand.Holdem, hand.PotLimit, 2, 5},
		{hand.Holdem, hand.FixedLimit, 2, 15},
		{hand.Omaha, hand.PotLimit, 4, 20},
		{hand.Omaha, hand.NoLimit, 4, 5},
		{hand.OmahaHiLo, hand.PotLimit, 4, 5},
		{hand.OmahaHiLo, hand.FixedLimit, 4, 10},
	}
	phhGames = []gameKind{
		{hand.Holdem, hand.NoLimit, 2, 50},
		{hand.Holdem, hand.FixedLimit, 2, 15},
		{hand.Omaha, hand.PotLimit, 4, 20},
		{hand.OmahaHiLo, hand.FixedLimit, 4, 15},
	}
)

// Blind levels in the hand's minor units.
var (
	psBlinds  = [][2]hand.Amount{{1, 2}, {2, 5}, {5, 10}, {10, 25}, {25, 50}, {50, 100}, {100, 200}}
	psLimits  = [][2]hand.Amount{{10, 20}, {20, 40}, {50, 100}, {100, 200}, {200, 400}, {400, 800}}
	phhBlinds = [][2]hand.Amount{{1, 2}, {5, 10}, {25, 50}, {50, 100}, {100, 200}, {500, 1000}}
	phhLimits = [][2]hand.Amount{{2, 4}, {10, 20}, {100, 200}, {200, 400}}
)

// Player names: a mix of plain and awkward ones (spaces, dots, brackets,
// accents, a colon) that a reader must keep whole.
var (
	namePrefixes = []string{"ace", "Bluff", "river rat", "K.Lee", "nitro", "fold[er]", "Zoé", "the_rock",
		"MrPink", "lucky 7", "vega$", "Ostrich", "donk-a-lot", "J. Doe", "Hé Who", "quads4u",
		"Cap: Jack", "sunny", "OMG", "x"}
)

// table is one hand's setup: the game, stakes, seats and stacks.
type table struct {
	game     hand.Game
	scale    int64
	currency string
	sb, bb   hand.Amount
	small    hand.Amount // fixed-limit small bet
	big      hand.Amount
	bringIn  hand.Amount // stud
	ante     hand.Amount
	bbAnte   bool // PHH: only the big blind antes, for the table
	maxSeats int

	// Seats in the format's order: PokerStars by seat number; PHH from
	// the small blind round to the button.
	seats   []hand.Seat
	button  int // seat index of the button
	sbSeat  int // seat index of the small blind
	bbSeat  int
	dealt   []bool // dealt in (not sitting out)
	inOrder []int  // dealt-in seats from the first left of the button
	// deadSB is a returning player who posts a small blind out of
	// position (dead money, PokerStars), or both blinds (iPoker, 888), or
	// -1.
	deadSB int
}

// needs is what a wanted violation asks of the table.
type needs struct {
	structures []hand.Structure // allowed structures (nil: any)
	holdem     bool             // hold'em only
	stud, draw bool             // stud games only, draw games only
	antes      bool             // antes posted by every player
	minPlayers int
	short      int  // extra very short stacks
	deadBlind  bool // a returning player posts a dead small blind (PokerStars)
}

// fit reports whether game g meets the needs.
func (nd needs) fit(g gameKind) bool {
	if nd.holdem && g.variant != hand.Holdem || nd.stud && !g.variant.IsStud() || nd.draw && !g.variant.IsDraw() {
		return false
	}
	return nd.structures == nil || slices.Contains(nd.structures, g.structure)
}

func pickGame(rng *rand.Rand, games []gameKind, nd needs) gameKind {
	var ok []gameKind
	total := 0
	for _, g := range games {
		if !nd.fit(g) {
			continue
		}
		ok = append(ok, g)
		total += g.weight
	}
	if len(ok) == 0 {
		return games[0]
	}
	r := rng.IntN(total)
	for _, g := range ok {
		if r < g.weight {
			return g
		}
		r -= g.weight
	}
	return ok[len(ok)-1]
}

// newTable deals a table of one of games for format f.
func newTable(rng *rand.Rand, f parser.Format, games []gameKind, nd needs) *table {
	t := &table{}
	room := roomTexts[f] // nil for PHH
	gk := pickGame(rng, games, nd)
	t.game = hand.Game{Variant: gk.variant, Structure: gk.structure, HoleCards: gk.hole}

	// Stakes. The rooms play for cents; PHH for whole chips, or for a
	// currency with cents.
	t.scale = 1
	switch {
	case room != nil:
		t.scale, t.currency = 100, room.currency
	case rng.IntN(3) == 0:
		t.scale, t.currency = 100, "USD"
	}
	if gk.structure == hand.FixedLimit {
		lv := psLimits
		if f == phh.Format {
			lv = phhLimits
		}
		l := lv[rng.IntN(len(lv))]
		t.small, t.big = l[0], l[1]
		t.sb, t.bb = t.small/2, t.small
	} else {
		lv := psBlinds
		if f == phh.Format {
			lv = phhBlinds
		}
		l := lv[rng.IntN(len(lv))]
		t.sb, t.bb = l[0], l[1]
	}
	switch r := rng.IntN(10); {
	case nd.antes || r < 2:
		t.ante = max(t.bb/5, 1)
	case f == phh.Format && r == 2 && gk.structure != hand.FixedLimit:
		t.ante, t.bbAnte = t.bb, true
	}
	otherTable(t)

	// Seats.
	n := 2 + rng.IntN(8) // 2..9 dealt in
	if rng.IntN(3) == 0 {
		n = 2 + rng.IntN(5) // short-handed more often
	}
	n = min(max(n, nd.minPlayers), maxPlayers(t.game))
	t.maxSeats = 6
	if n > 6 || rng.IntN(3) == 0 {
		t.maxSeats = 9
	}
	extra := 0 // a room: a player sitting out
	if room != nil && n < t.maxSeats && rng.IntN(12) == 0 {
		extra = 1
	}
	nums := rng.Perm(t.maxSeats)[:n+extra]
	sortInts(nums)
	names := pickNames(rng, n+extra)
	t.seats = make([]hand.Seat, n+extra)
	for i := range t.seats {
		t.seats[i] = hand.Seat{Number: nums[i] + 1, Player: names[i]}
	}
	t.dealt = make([]bool, len(t.seats))
	for i := range t.dealt {
		t.dealt[i] = true
	}
	if extra > 0 {
		k := rng.IntN(len(t.seats))
		t.seats[k].SittingOut = true
		t.dealt[k] = false
	}

	// Button and blinds among the dealt-in seats.
	var in []int
	for i := range t.seats {
		if t.dealt[i] {
			in = append(in, i)
		}
	}
	b := rng.IntN(len(in))
	if f == phh.Format {
		// PHH lists players from the small blind to the button.
		rot := make([]hand.Seat, 0, len(t.seats))
		for k := 1; k <= len(t.seats); k++ {
			rot = append(rot, t.seats[(b+k)%len(t.seats)])
		}
		t.seats = rot
		if n == 2 {
			t.sbSeat, t.bbSeat, t.button = 1, 0, 1
		} else {
			t.sbSeat, t.bbSeat, t.button = 0, 1, n-1
		}
		in = in[:0]
		for i := range t.seats {
			in = append(in, i)
		}
		b = len(in) - 1
	} else {
		t.button = in[b]
		if n == 2 {
			t.sbSeat, t.bbSeat = in[b], in[(b+1)%n]
		} else {
			t.sbSeat, t.bbSeat = in[(b+1)%n], in[(b+2)%n]
		}
	}
	for k := 1; k <= n; k++ {
		t.inOrder = append(t.inOrder, in[(b+k)%n])
	}

	// Stacks in big blinds (stud: small bets): most deep, some short, a
	// few all-in soon.
	unit := t.bb
	if unit == 0 {
		unit = t.small
	}
	for i := range t.seats {
		var bbs int64
		switch r := rng.IntN(20); {
		case r < 13:
			bbs = 40 + rng.Int64N(210)
		case r < 18:
			bbs = 8 + rng.Int64N(32)
		default:
			bbs = 1 + rng.Int64N(6)
		}
		s := hand.Amount(bbs)*unit + hand.Amount(rng.Int64N(int64(unit)))
		if s <= 0 {
			s = 1
		}
		t.seats[i].Stack = s
	}
	for k := 0; k < nd.short; k++ {
		i := t.inOrder[rng.IntN(n)]
		t.seats[i].Stack = unit + hand.Amount(rng.Int64N(int64(2*unit)))
	}
	// A room: now and then a returning player posts a small blind out of
	// position, dead money that does not count toward his call.
	t.deadSB = -1
	if room != nil && !room.noDeadSmallBlind && n >= 4 && (nd.deadBlind || rng.IntN(10) == 0) {
		var cands []int
		for _, s := range t.inOrder {
			if s != t.sbSeat && s != t.bbSeat && t.seats[s].Stack > 4*t.bb {
				cands = append(cands, s)
			}
		}
		if len(cands) > 0 {
			t.deadSB = cands[rng.IntN(len(cands))]
		}
	}
	// A big blind who also antes for the table posts both whole: PokerKit
	// (and so PHH) takes the ante first, the TDA the blind first, and the
	// two agree only when the big blind covers both.
	if t.bbAnte {
		t.seats[t.bbSeat].Stack = max(t.seats[t.bbSeat].Stack, t.bb+t.ante+unit)
	}
	// PHH calls are "check or call" by what was posted; a big blind
	// short of the small blind makes a call look like a check, so the
	// blinds are at least covered there.
	if f == phh.Format {
		t.seats[t.bbSeat].Stack = max(t.seats[t.bbSeat].Stack, t.sb+t.ante+1)
	}
	return t
}

// buttonNumber is the button's seat number, 0 in stud (no button).
func (t *table) buttonNumber() int {
	if t.stud() {
		return 0
	}
	return t.seats[t.button].Number
}

func pickNames(rng *rand.Rand, n int) []string {
	seen := make(map[string]bool, n)
	out := make([]string, 0, n)
	for len(out) < n {
		p := namePrefixes[rng.IntN(len(namePrefixes))]
		name := p
		if rng.IntN(3) > 0 {
			name = p + strconv.Itoa(rng.IntN(1000))
		}
		if seen[name] {
			continue
		}
		// A name that starts another would make a PokerStars line
		// ambiguous only if it were followed by ": "; keep names apart.
		clash := false
		for _, o := range out {
			if len(o) < len(name) && name[:len(o)] == o || len(name) < len(o) && o[:len(name)] == name {
				clash = true
			}
		}
		if clash {
			continue
		}
		seen[name] = true
		out = append(out, name)
	}
	return out
}

func sortInts(a []int) {
	for i := 1; i < len(a); i++ {
		for j := i; j > 0 && a[j] < a[j-1]; j-- {
			a[j], a[j-1] = a[j-1], a[j]
		}
	}
}
