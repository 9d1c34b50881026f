package ipoker

import (
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// The action types of <action type="N">. The sum is what the action moved,
// in the table's money, except for type 23, whose sum is the player's
// total for the round after the raise. Found in the exports and in public
// parsers of them (fpdb's iPokerToFpdb, HHSmithy's IPokerFastParserImpl),
// and checked against the players' bet totals in the corpus.
const (
	typeFold       = "0"  // fold (sum 0)
	typeSmallBlind = "1"  // small blind posted
	typeBigBlind   = "2"  // big blind posted; more than the big blind: big blind live plus small blind dead
	typeCall       = "3"  // call; sum: chips added
	typeCheck      = "4"  // check (sum 0)
	typeBet        = "5"  // bet; sum: chips added (stud: completing the bring-in)
	typeRaiseBy    = "6"  // raise, older exports; sum: chips added
	typeAllIn      = "7"  // all-in (bet, raise or call); sum: chips added
	typeSitOut     = "8"  // sitting out this hand (sum 0): dealt no cards
	typeNoBlind    = "9"  // a blind not posted: sitting out (sum 0)
	typeAnte       = "15" // ante posted
	typeBringIn    = "16" // stud bring-in posted
	typeRaiseTo    = "23" // raise; sum: the player's round total after it
)

// buildScratch is the memory a Reader's builds reuse from game to game.
type buildScratch struct {
	players []playerAmounts
	amounts []hand.Amount
	flags   []bool
	known   [][]cards.Card
}

// playerAmounts are a player's amounts as written.
type playerAmounts struct{ chips, win, bet, rake parser.Decimal }

// grow returns (*s)[:n], growing *s when it is shorter.
func grow[T any](s *[]T, n int) []T {
	if cap(*s) < n {
		*s = make([]T, n)
	}
	*s = (*s)[:n]
	return *s
}

// build turns a game read into a hand.
func (r *Reader) build(g *rawGame, index int) (*hand.Hand, *parser.Error) {
	s := &r.sess
	switch {
	case !s.seen:
		return nil, r.gameError(g, index, g.line, "", "the game is not in a <session> with a <general> header: its game type is unknown")
	case s.broken != "":
		return nil, r.gameError(g, index, g.line, "", "the session header could not be read: "+s.broken)
	case s.typeErr != "":
		return nil, r.gameError(g, index, g.line, "", s.typeErr)
	case len(g.players) == 0:
		return nil, r.gameError(g, index, g.line, "", "a game without players")
	}
	b := builder{r: r, g: g, index: index, s: s, k: &s.kind}
	h, pe := b.build()
	if pe != nil {
		r.pool.Put(h)
		return nil, pe
	}
	return h, nil
}

// builder holds the state of one game's build.
type builder struct {
	r     *Reader
	g     *rawGame
	index int
	s     *session
	k     *gameKind
	h     *hand.Hand

	places int // decimal places of the hand's scale
	err    *parser.Error

	stack, put, street []hand.Amount // per seat: start stack, chips put in, this round's
	uncalled           []hand.Amount // per seat: bets returned uncalled
	folded, dealt      []bool
	acted              []bool         // made an action (a post, a bet...)
	known              [][]cards.Card // per seat: the known cards dealt
	high               hand.Amount    // the round's highest total
	tournament         bool
	bigBlind           hand.Amount
	blindSeen          bool
}

func (b *builder) fail(line int, text, msg string) {
	if b.err == nil {
		b.err = b.r.gameError(b.g, b.index, line, text, msg)
	}
}

// amount converts a decimal amount at the hand's scale.
func (b *builder) amount(a parser.Decimal, line int, what string) hand.Amount {
	v, ok := a.Scaled(b.places)
	if !ok {
		b.fail(line, "", fmt.Sprintf("%s is too large", what))
	}
	return hand.Amount(v)
}

// parse reads an amount, noting its decimal places for the scale.
func (b *builder) parse(s string, line int, text string) parser.Decimal {
	a, err := parseDecimal(s)
	if err != nil {
		b.fail(line, text, err.Error())
		return parser.Decimal{}
	}
	b.places = max(b.places, a.Places)
	return a
}

func (b *builder) build() (*hand.Hand, *parser.Error) {
	g, s, k := b.g, b.s, b.k
	b.tournament = s.tournament()
	currency := b.currency()
	if currency != "" {
		b.places = 2 // money in cents at least, however whole the amounts
	}
	if k.hasStakes {
		b.places = max(b.places, k.low.Places, k.high.Places)
	}
	if k.hasBets {
		b.places = max(b.places, k.bets[0].Places, k.bets[1].Places)
	}
	if k.hasAnte {
		b.places = max(b.places, k.ante.Places)
	}

	// Players, in seat order, and every amount, for the scale.
	slices.SortStableFunc(g.players, func(x, y rawPlayer) int { return seatNumber(x.seat) - seatNumber(y.seat) })
	n := len(g.players)
	sc := &b.r.scratch
	pa := grow(&sc.players, n)
	clear(pa)
	for i := range g.players {
		p := &g.players[i]
		pa[i].chips = b.parse(p.chips, p.line, "")
		pa[i].win = b.parse(p.win, p.line, "")
		pa[i].bet = b.parse(p.bet, p.line, "")
		if p.hasRake {
			pa[i].rake = b.parse(p.rake, p.line, "")
		}
	}
	for ri := range g.rounds {
		rd := &g.rounds[ri]
		if ri > 0 && rd.no <= g.rounds[ri-1].no {
			b.fail(rd.line, "", fmt.Sprintf("round %d after round %d", rd.no, g.rounds[ri-1].no))
		}
		slices.SortStableFunc(rd.actions, func(x, y rawAction) int { return x.no - y.no })
		for i := range rd.actions {
			a := &rd.actions[i]
			if a.sum == "" {
				if a.kind != typeFold && a.kind != typeCheck && a.kind != typeSitOut && a.kind != typeNoBlind {
					b.fail(a.line, "", fmt.Sprintf("action %d (type %s) has no sum", a.no, a.kind))
				}
				continue
			}
			b.parse(a.sum, a.line, "")
		}
	}
	if b.places > maxPlaces {
		b.fail(g.line, "", "amounts with more than 6 decimal places")
	}
	if b.err != nil {
		return nil, b.err
	}

	h := b.r.pool.Get()
	b.h = h
	h.Format = string(Format)
	h.Site = Site
	h.ID = g.id
	h.Table = s.tableName
	h.Currency = currency
	h.Scale = pow10(b.places)
	if b.tournament {
		h.Tournament = s.tournamentCode
		if h.Tournament == "" {
			h.Tournament = s.tournamentName
		}
	}
	h.Game = k.game
	if m, ok := atoi(s.tableSize); ok {
		h.MaxSeats = m
	}
	h.Pos = hand.Pos{File: b.r.file, Line: g.line}
	h.Index = b.index
	h.End = b.r.line()
	h.Start = b.startTime()

	amounts, flags := grow(&sc.amounts, 4*n), grow(&sc.flags, 3*n)
	clear(amounts)
	clear(flags)
	b.stack, b.put, b.street, b.uncalled = amounts[:n], amounts[n:2*n], amounts[2*n:3*n], amounts[3*n:]
	b.folded, b.dealt, b.acted = flags[:n], flags[n:2*n], flags[2*n:]
	b.known = grow(&sc.known, n)
	for p := range b.known {
		b.known[p] = b.known[p][:0]
	}
	for i := range g.players {
		p := &g.players[i]
		seat, ok := atoi(p.seat)
		if !ok || seat == 0 {
			b.fail(p.line, "", fmt.Sprintf("player %q has no seat number (seat %q)", p.name, p.seat))
		}
		for j := range i {
			if h.Seats[j].Number == seat {
				b.fail(p.line, "", fmt.Sprintf("two seats numbered %d", seat))
			}
			if h.Seats[j].Player == p.name {
				b.fail(p.line, "", fmt.Sprintf("two seats for player %q", p.name))
			}
		}
		b.stack[i] = b.amount(pa[i].chips, p.line, "chips")
		h.Seats = append(h.Seats, hand.Seat{Number: seat, Player: p.name, Stack: b.stack[i]})
		if strings.TrimSpace(p.dealer) == "1" {
			if h.Button != 0 {
				b.fail(p.line, "", "two players on the button")
			}
			h.Button = seat
		}
	}
	b.stakes()
	b.actions()
	b.showdown()

	// The outcome: each player's finishing stack (chips - bet + win, and
	// the bet returned uncalled where the win leaves it out). The record
	// states no rake, save as the players' rakeamount: what its bets and
	// wins leave unaccounted is the rake it implies, which the checks
	// judge (pot.implied-rake, or the house rake rule).
	var rakes hand.Amount
	hasRake := false
	apart := s.returnsApart()
	for i := range g.players {
		p := &g.players[i]
		bet, win := b.amount(pa[i].bet, p.line, "bet"), b.amount(pa[i].win, p.line, "win")
		if apart {
			win += b.uncalled[i]
		}
		h.Outcome.FinishingStacks = append(h.Outcome.FinishingStacks, b.stack[i]-bet+win)
		if p.hasRake {
			rakes += b.amount(pa[i].rake, p.line, "rakeamount")
			hasRake = true
		}
	}
	h.Outcome.HasFinishingStacks = true
	h.Outcome.Pos = hand.Pos{File: b.r.file, Line: g.players[0].line}
	if hasRake {
		h.Outcome.Rake, h.Outcome.HasRake = rakes, true
	}
	if b.err != nil {
		return h, b.err
	}
	return h, nil
}

// currency returns the hand's ISO currency: "" for tournament chips and
// play money; else the sign of the stakes, the table's currency, or the
// sign of the first stack.
func (b *builder) currency() string {
	s := b.s
	if b.tournament || (s.mode != "" && s.mode != "real") {
		return ""
	}
	if c := b.k.currency; c != "" {
		return c
	}
	if c := strings.TrimSpace(s.tableCurrency); c != "" {
		return strings.ToUpper(c)
	}
	for _, p := range b.g.players {
		if c := currencyOf(p.chips); c != "" {
			return c
		}
	}
	return strings.ToUpper(strings.TrimSpace(s.currency))
}

// startTime reads the game's <startdate>. iPoker writes the wall time of
// the client's zone, which the record does not name: the time is kept as
// written, as UTC.
func (b *builder) startTime() time.Time {
	text := strings.TrimSpace(b.g.start)
	if text == "" {
		return time.Time{}
	}
	for _, layout := range []string{"2006-01-02 15:04:05", "02-Jan-2006 15:04:05", "02.01.2006 15:04:05", "2006/01/02 15:04:05", "02/01/2006 15:04:05", "2006-01-02 15:04"} {
		if t, err := time.Parse(layout, text); err == nil {
			return t
		}
	}
	b.fail(b.g.line, "", fmt.Sprintf("start date %q not understood", text))
	return time.Time{}
}

// stakes sets the hand's stakes from the game type, or, where it writes
// none (tournaments), from the blinds and antes posted.
func (b *builder) stakes() {
	h, k := b.h, b.k
	st := &h.Stakes
	var posted [4]hand.Amount // small blind, big blind, ante, bring-in: the first posted
	for ri := range b.g.rounds {
		for _, a := range b.g.rounds[ri].actions {
			i := -1
			switch a.kind {
			case typeSmallBlind:
				i = 0
			case typeBigBlind:
				i = 1
			case typeAnte:
				i = 2
			case typeBringIn:
				i = 3
			}
			if i >= 0 && posted[i] == 0 && a.sum != "" {
				d, _ := parseDecimal(a.sum)
				v, _ := d.Scaled(b.places)
				posted[i] = hand.Amount(v)
			}
		}
	}
	st.Ante, st.BringIn = posted[2], posted[3]
	if k.hasAnte {
		st.Ante = b.amount(k.ante, b.g.line, "ante")
	}
	switch {
	case !k.hasStakes:
		st.SmallBlind, st.BigBlind = posted[0], posted[1]
	case k.game.Structure == hand.FixedLimit && !k.hasBets:
		// "L $0.10/$0.20": the limit bets. The big blind is the small
		// bet; the small blind as posted, or half the big.
		st.SmallBet = b.amount(k.low, b.g.line, "stakes")
		st.BigBet = b.amount(k.high, b.g.line, "stakes")
		if k.game.Variant == hand.Stud || k.game.Variant == hand.StudHiLo || k.game.HoleCards == 5 {
			break
		}
		st.BigBlind = st.SmallBet
		st.SmallBlind = posted[0]
		if st.SmallBlind == 0 {
			st.SmallBlind = st.BigBlind / 2
		}
	default:
		st.SmallBlind = b.amount(k.low, b.g.line, "stakes")
		st.BigBlind = b.amount(k.high, b.g.line, "stakes")
		if k.hasBets {
			st.SmallBet = b.amount(k.bets[0], b.g.line, "stakes")
			st.BigBet = b.amount(k.bets[1], b.g.line, "stakes")
		}
	}
	if k.game.Structure != hand.FixedLimit {
		st.MinBet = st.BigBlind
	}
	b.bigBlind = st.BigBlind
}

// isStud reports whether the game deals each player's cards street by
// street (no board).
func (b *builder) isStud() bool {
	v := b.k.game.Variant
	return v == hand.Stud || v == hand.StudHiLo || v == hand.Razz || b.k.game.HoleCards == 5 && v == hand.UnknownVariant
}

// roundStreet returns the betting round a <round no> belongs to: hold'em
// and Omaha post in round 0 and bet preflop in round 1, on the flop in
// round 2...; stud posts antes in round 0 and bets from round 1.
func (b *builder) roundStreet(no int) int {
	if !b.isStud() && no <= 1 {
		return 1
	}
	return no
}

// seatOf returns the seat index of the player named name, or -1.
func (b *builder) seatOf(name string) int {
	for i := range b.h.Seats {
		if b.h.Seats[i].Player == name {
			return i
		}
	}
	return -1
}

// actions turns the rounds into the hand's actions: each round's cards,
// then its actions in the order of their numbers.
func (b *builder) actions() {
	h, g := b.h, b.g
	street := -1
	var board []cards.Card
	for ri := range g.rounds {
		rd := &g.rounds[ri]
		if st := b.roundStreet(rd.no); st != street {
			b.closeStreet()
			street = st
		}
		for _, c := range rd.cards {
			cs, ok := parseCards(c.text)
			if !ok {
				b.fail(c.line, "", fmt.Sprintf("cards %q not understood", c.text))
				continue
			}
			pos := hand.Pos{File: b.r.file, Line: c.line}
			if c.player == "" {
				if b.isStud() {
					// Stud deals a shared card when the deck runs out.
					b.fail(c.line, "", "a stud board card is not supported")
					continue
				}
				dealt := h.NewCards(len(cs))
				copy(dealt, cs)
				board = append(board, cs...)
				h.Actions = append(h.Actions, hand.Action{Kind: hand.DealBoard, Player: hand.NoPlayer, Cards: dealt, Pos: pos})
				continue
			}
			p := b.seatOf(c.player)
			if p < 0 {
				b.fail(c.line, "", fmt.Sprintf("cards for %q, who is not seated", c.player))
				continue
			}
			if len(cs) == 0 {
				continue // <cards type="Pocket" player="x"></cards>: nothing dealt
			}
			dealt := h.NewCards(len(cs))
			copy(dealt, cs)
			b.dealt[p] = true
			for _, card := range cs {
				if card.Known() {
					b.known[p] = append(b.known[p], card)
				}
			}
			h.Actions = append(h.Actions, hand.Action{Kind: hand.DealHole, Player: p, Cards: dealt, Pos: pos})
			if h.Game.Variant == hand.UnknownVariant && h.Game.HoleCards == 0 && c.kind == "Pocket" {
				// No game named: two cards are hold'em, four or five Omaha.
				switch len(cs) {
				case 2:
					h.Game.Variant, h.Game.HoleCards = hand.Holdem, 2
				case 4, 5, 6:
					h.Game.Variant, h.Game.HoleCards = hand.Omaha, len(cs)
				}
			} else if h.Game.Variant == hand.Omaha || h.Game.Variant == hand.OmahaHiLo {
				h.Game.HoleCards = max(h.Game.HoleCards, len(cs))
			}
		}
		for i := range rd.actions {
			b.action(&rd.actions[i])
		}
		if len(h.Actions) > b.r.lim.MaxActions {
			b.fail(rd.line, "", fmt.Sprintf("more than %d actions", b.r.lim.MaxActions))
			return
		}
	}
	b.closeStreet()
	if len(board) > 0 {
		nb := h.NewCards(len(board))
		copy(nb, board)
		h.Boards = append(h.Boards, nb)
	}
	// A player dealt no cards who did nothing sat out the hand, whether
	// the record says so (types 8 and 9) or only leaves him out (a seat
	// with no chips, a player away).
	for p := range h.Seats {
		h.Seats[p].SittingOut = !b.dealt[p] && !b.acted[p]
	}
}

// closeStreet ends a round of betting: the part of the highest bet no one
// matched goes back to its bettor.
func (b *builder) closeStreet() {
	if top, x := parser.UncalledBet(b.street); x > 0 {
		b.uncalled[top] += x
	}
	clear(b.street)
	b.high = 0
}

// action adds one <action>.
func (b *builder) action(a *rawAction) {
	h := b.h
	p := b.seatOf(a.player)
	if p < 0 {
		b.fail(a.line, "", fmt.Sprintf("action %d by %q, who is not seated", a.no, a.player))
		return
	}
	var sum hand.Amount
	if a.sum != "" {
		d, err := parseDecimal(a.sum)
		if err != nil {
			return // reported by build
		}
		sum = b.amount(d, a.line, "sum")
	}
	act := hand.Action{Player: p, Pos: hand.Pos{File: b.r.file, Line: a.line}}
	live := true // the chips count toward the round's bets
	switch a.kind {
	case typeFold:
		act.Kind = hand.Fold
		b.folded[p] = true
	case typeCheck:
		act.Kind = hand.Check
	case typeSitOut, typeNoBlind:
		return // the seat sits out, unless it is dealt in after all
	case typeSmallBlind:
		act.Kind, act.PostKind, act.Amount = hand.Post, hand.PostSmallBlind, sum
	case typeBigBlind:
		act.Kind, act.PostKind, act.Amount = hand.Post, hand.PostBigBlind, sum
		if b.blindSeen && b.bigBlind > 0 && sum > b.bigBlind {
			// A returning player posts both blinds: the big live, the
			// small dead.
			act.PostKind = hand.PostBothBlind
		}
		b.blindSeen = true
	case typeAnte:
		act.Kind, act.PostKind, act.Amount = hand.Post, hand.PostAnte, sum
		live = false
	case typeBringIn:
		act.Kind, act.Amount = hand.BringIn, sum
	case typeCall:
		act.Kind, act.Amount, act.HasAmount = hand.Call, sum, true
	case typeBet, typeRaiseBy:
		act.Kind, act.To = hand.Bet, b.street[p]+sum
		if b.high > 0 || a.kind == typeRaiseBy {
			act.Kind = hand.Raise
		}
	case typeRaiseTo:
		act.Kind, act.To = hand.Raise, sum
		if sum < b.street[p] {
			b.fail(a.line, "", fmt.Sprintf("action %d raises to %s, less than the %s already in", a.no, a.sum, b.money(b.street[p])))
			return
		}
		sum -= b.street[p]
	case typeAllIn:
		act.AllIn = true
		to := b.street[p] + sum
		switch {
		case to > b.high && b.high == 0:
			act.Kind, act.To = hand.Bet, to
		case to > b.high:
			act.Kind, act.To = hand.Raise, to
		default:
			act.Kind, act.Amount, act.HasAmount = hand.Call, sum, true
		}
	default:
		b.fail(a.line, "", fmt.Sprintf("action %d has an unknown type %q", a.no, a.kind))
		return
	}
	if act.Kind == hand.Post && act.PostKind == hand.PostBothBlind {
		b.street[p] += b.bigBlind
	} else if live {
		b.street[p] += sum
	}
	b.put[p] += sum
	b.high = max(b.high, b.street[p])
	if sum > 0 && b.put[p] == b.stack[p] {
		act.AllIn = true
	}
	b.acted[p] = true
	h.Actions = append(h.Actions, act)
}

// money prints an amount of the hand for messages.
func (b *builder) money(v hand.Amount) string {
	return string(parser.AppendDecimal(nil, int64(v), b.h.Scale, b.places, true))
}

// showdown adds a Show for each player still in at the end, when two or
// more are, whose cards the record shows (iPoker writes the cards shown
// at the showdown in the deal), and a Muck for each other. It does not record the order they were
// shown in, so the Shows follow the order the rules call for (the last
// aggressor of the last round of betting first, or, if that round had no
// bet, the first player left of the button; then clockwise), all at the
// game's last line: the record's showdown is the whole game's.
func (b *builder) showdown() {
	h := b.h
	live := 0
	for p := range h.Seats {
		if b.dealt[p] && !b.folded[p] {
			live++
		}
	}
	if live < 2 {
		return
	}
	n := len(h.Seats)
	first := -1
	for i := len(h.Actions) - 1; i >= 0; i-- {
		a := &h.Actions[i]
		if a.Kind == hand.DealBoard {
			break
		}
		if a.Kind == hand.Bet || a.Kind == hand.Raise {
			first = a.Player
			break
		}
	}
	if first < 0 {
		first = (h.ButtonIndex() + 1) % n // ButtonIndex -1 (none): seat 0
	}
	for k := range n {
		p := (first + k) % n
		if !b.dealt[p] || b.folded[p] {
			continue
		}
		if len(b.known[p]) == 0 {
			// iPoker writes every hand tabled: one it does not show was
			// not tabled.
			h.Actions = append(h.Actions, hand.Action{Kind: hand.Muck, Player: p, Pos: hand.Pos{File: b.r.file, Line: h.End}})
			continue
		}
		shown := h.NewCards(len(b.known[p]))
		copy(shown, b.known[p])
		h.Actions = append(h.Actions, hand.Action{Kind: hand.Show, Player: p, Cards: shown,
			Pos: hand.Pos{File: b.r.file, Line: h.End}})
	}
}

// seatNumber returns a seat attribute's number, 0 if it has none.
func seatNumber(s string) int {
	n, _ := atoi(s)
	return n
}

// parseCards reads "CA H10 SK" (suit then rank; "X" a face-down card).
func parseCards(s string) ([]cards.Card, bool) {
	var out []cards.Card
	for f := range strings.FieldsSeq(s) {
		c, ok := parseCard(f)
		if !ok {
			return nil, false
		}
		out = append(out, c)
	}
	return out, true
}

// parseCard reads one card: "CA", "D10", "HT"; "X" or "x" face down.
func parseCard(f string) (cards.Card, bool) {
	if f == "X" || f == "x" {
		return cards.Unknown, true
	}
	if len(f) < 2 {
		return cards.Unknown, false
	}
	var suit cards.Suit
	switch f[0] {
	case 'C', 'c':
		suit = cards.Clubs
	case 'D', 'd':
		suit = cards.Diamonds
	case 'H', 'h':
		suit = cards.Hearts
	case 'S', 's':
		suit = cards.Spades
	default:
		return cards.Unknown, false
	}
	rank := f[1:]
	if rank == "10" {
		rank = "T"
	}
	if len(rank) != 1 {
		return cards.Unknown, false
	}
	c, err := cards.Parse(rank + "s")
	if err != nil {
		return cards.Unknown, false
	}
	return cards.New(c.Rank(), suit), true
}
