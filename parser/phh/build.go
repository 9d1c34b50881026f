package phh

import (
	"bytes"
	"cmp"
	"math/bits"
	"slices"
	"strconv"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/pelletier/go-toml/v2/unstable"
)

// phhVariantInfo is what a PHH variant code means and which forced-bet
// fields it requires (phh-std, "Required Fields").
type phhVariantInfo struct {
	game      hand.Game
	blinds    bool // button game: blinds_or_straddles, the last player has the button
	bringIn   bool // stud: bring_in
	limits    bool // fixed limit: small_bet and big_bet
	minBet    bool // no-limit / pot-limit: min_bet
	shortDeck bool // deuces through fives are not in the deck
}

// required returns the set of the fields (bit f for field f) the variant
// requires besides variant.
func (vi phhVariantInfo) required() uint64 {
	need := uint64(1)<<phhAntes | 1<<phhStartingStacks | 1<<phhActions
	if vi.blinds {
		need |= 1 << phhBlinds
	}
	if vi.bringIn {
		need |= 1 << phhBringIn
	}
	if vi.limits {
		need |= 1<<phhSmallBet | 1<<phhBigBet
	}
	if vi.minBet {
		need |= 1 << phhMinBet
	}
	return need
}

// phhRequiredOrder is the order in which missing required fields are
// reported.
var phhRequiredOrder = [...]phhField{phhAntes, phhBlinds, phhBringIn, phhSmallBet, phhBigBet, phhMinBet, phhStartingStacks, phhActions}

// phhVariantCodes lists the codes for error messages.
const phhVariantCodes = "FT, NT, NS, PO, FO/8, F7S, F7S/8, FR, N2L1D, F2L3D, FB"

func phhLookupVariant(code []byte) (phhVariantInfo, bool) {
	g := func(v hand.Variant, s hand.Structure, hole int) hand.Game {
		return hand.Game{Variant: v, Structure: s, HoleCards: hole}
	}
	switch string(code) {
	case "FT":
		return phhVariantInfo{game: g(hand.Holdem, hand.FixedLimit, 2), blinds: true, limits: true}, true
	case "NT":
		return phhVariantInfo{game: g(hand.Holdem, hand.NoLimit, 2), blinds: true, minBet: true}, true
	case "NS":
		return phhVariantInfo{game: g(hand.ShortDeck, hand.NoLimit, 2), blinds: true, minBet: true, shortDeck: true}, true
	case "PO":
		return phhVariantInfo{game: g(hand.Omaha, hand.PotLimit, 4), blinds: true, minBet: true}, true
	case "FO/8":
		return phhVariantInfo{game: g(hand.OmahaHiLo, hand.FixedLimit, 4), blinds: true, limits: true}, true
	case "F7S":
		return phhVariantInfo{game: g(hand.Stud, hand.FixedLimit, 7), bringIn: true, limits: true}, true
	case "F7S/8":
		return phhVariantInfo{game: g(hand.StudHiLo, hand.FixedLimit, 7), bringIn: true, limits: true}, true
	case "FR":
		return phhVariantInfo{game: g(hand.Razz, hand.FixedLimit, 7), bringIn: true, limits: true}, true
	case "N2L1D":
		return phhVariantInfo{game: g(hand.Deuce7Single, hand.NoLimit, 5), blinds: true, minBet: true}, true
	case "F2L3D":
		return phhVariantInfo{game: g(hand.Deuce7Triple, hand.FixedLimit, 5), blinds: true, limits: true}, true
	case "FB":
		return phhVariantInfo{game: g(hand.Badugi, hand.FixedLimit, 4), blinds: true, limits: true}, true
	}
	return phhVariantInfo{}, false
}

// phhVerb is an action notation's verb.
type phhVerb uint8

const (
	phhDealBoard   phhVerb = iota + 1 // d db CARDS
	phhDealHole                       // d dh pN CARDS
	phhDiscard                        // pN sd [CARDS]
	phhPostBringIn                    // pN pb
	phhFold                           // pN f
	phhCheckCall                      // pN cc
	phhBetTo                          // pN cbr AMOUNT
	phhShowMuck                       // pN sm [CARDS | -]
)

// phhAct is one tokenized action notation.
type phhAct struct {
	verb   phhVerb
	hasArg bool
	player int     // 0-based; hand.NoPlayer for the dealer
	arg    phhSpan // cards, or the cbr amount
	amount phhDecimal
	line   int
	text   phhSpan   // the whole notation, for messages
	known  cards.Set // the known cards of arg, when actionsUsual read them
}

// Sets of fields (bit f for field f) that build and fill go over.
const (
	// The per-player arrays besides starting_stacks.
	phhPerPlayerFields = 1<<phhAntes | 1<<phhBlinds | 1<<phhPlayers | 1<<phhSeats |
		1<<phhFinishingStacks | 1<<phhWinnings | 1<<phhTimeBanks
	// The arrays of amounts.
	phhArrayAmountFields = 1<<phhStartingStacks | 1<<phhAntes | 1<<phhBlinds | 1<<phhFinishingStacks | 1<<phhWinnings
	// The bet sizes, one amount each.
	phhBetSizeFields = 1<<phhBringIn | 1<<phhSmallBet | 1<<phhBigBet | 1<<phhMinBet
)

// build turns the fields read by walk into a Hand.
func (s *phhState) build(ch phhChunk, headerLine int) (*hand.Hand, *parser.Error) {
	fs := &s.fields
	handLine := ch.line
	if headerLine > 0 {
		handLine = headerLine
	}

	// Variant and required fields.
	if !fs.has(phhVariant) {
		return nil, s.errAt(handLine, "missing required field variant")
	}
	code := s.tb(fs.val[phhVariant])
	vi, ok := phhLookupVariant(code)
	if !ok {
		return nil, s.errAt(fs.val[phhVariant].line, "unknown variant %q (PHH variants are %s)", code, phhVariantCodes)
	}
	if need := vi.required(); fs.seen&need != need {
		for _, f := range phhRequiredOrder {
			if need&(1<<f) != 0 && !fs.has(f) {
				return nil, s.errAt(handLine, "missing required field %s for variant %s", f, code)
			}
		}
	}

	// Each notation gives at most one action: refuse a hand far over the
	// limit before building anything for it.
	if k, most := s.actionCount(), cmp.Or(s.maxActions, parser.DefaultMaxActions); k > most {
		return nil, s.errAt(fs.keyLine[phhActions], "hand lists %d actions, more than the limit of %d; skipped", k, most)
	}

	// Player count and per-player arrays.
	n := s.count(phhStartingStacks)
	if n < 2 {
		return nil, s.errAt(fs.keyLine[phhStartingStacks], "starting_stacks lists %d player(s); a hand needs at least 2", n)
	}
	// The fields are tested by their bits; only to word an error are they
	// gone over in order (the first in the list is the one reported).
	for m := fs.seen & phhPerPlayerFields; m != 0; m &= m - 1 {
		if s.count(phhField(bits.TrailingZeros64(m))) == n {
			continue
		}
		for _, f := range [...]phhField{phhAntes, phhBlinds, phhPlayers, phhSeats, phhFinishingStacks, phhWinnings, phhTimeBanks} {
			if fs.has(f) && s.count(f) != n {
				return nil, s.errAt(fs.keyLine[f], "%s has %d entries but starting_stacks has %d players", f, s.count(f), n)
			}
		}
	}

	// Numbers: read every amount exactly, then pick the hand's scale.
	// Those read by numbersUsual already are taken by their bits, in any
	// order (no error comes of them); the others are read in the order of
	// the list, which is the order of their errors.
	places := int8(0)
	rest := fs.seen & phhArrayAmountFields
	for m := rest & fs.unlisted; m != 0; m &= m - 1 {
		f := phhField(bits.TrailingZeros64(m))
		if f == phhStartingStacks && fs.decSummary[f].zero {
			continue // read below, which words the error
		}
		places = max(places, fs.decSummary[f].places)
		s.num[f] = fs.dec[f] // shared: both are scratch, and refilled from the start
		rest &^= 1 << f
	}
	for _, f := range [...]phhField{phhStartingStacks, phhAntes, phhBlinds, phhFinishingStacks, phhWinnings} {
		if rest == 0 {
			break // the usual case: none left
		}
		if rest&(1<<f) == 0 {
			continue
		}
		rest &^= 1 << f
		if fs.decoded&(1<<f) != 0 && phhDecodedOK(f, fs.dec[f]) {
			// Read by array already.
			for _, d := range fs.dec[f] {
				places = max(places, d.places)
			}
			s.num[f] = fs.dec[f]
			continue
		}
		ds := s.num[f][:0]
		for i, t := range s.elems(f) {
			d, err := phhParseDecimal(s.tb(t))
			if err == nil && f == phhStartingStacks && d.mant == 0 {
				err = errPHHNonPositive
			}
			if err != nil {
				return nil, s.errAt(t.line, "%s[%d] (%s) %v", f, i, s.tb(t), err)
			}
			places = max(places, d.places)
			ds = append(ds, d)
		}
		s.num[f] = ds
	}
	for m := fs.seen & phhBetSizeFields; m != 0; m &= m - 1 { // in field order, the order of the errors
		f := phhField(bits.TrailingZeros64(m))
		t := fs.val[f]
		d, err := s.decimal(f)
		if err == nil && d.mant == 0 {
			err = errPHHNonPositive
		}
		if err != nil {
			return nil, s.errAt(t.line, "%s (%s) %v", f, s.tb(t), err)
		}
		places = max(places, d.places)
		s.num[f] = append(s.num[f][:0], d)
	}
	if perr := s.tokenize(n, &places); perr != nil {
		return nil, perr
	}

	// The hand is filled in place: from a pool it still has the memory of
	// an earlier hand, which it reuses. Nobody else sees a hand abandoned
	// on an error, so it goes back.
	h := s.pool.Get()
	if perr := s.fill(h, ch, handLine, vi, code, n, places); perr != nil {
		s.pool.Put(h)
		return nil, perr
	}
	return h, nil
}

// phhTrimmedLen is len(bytes.TrimRight(b, " \t\r\n")), without the
// cost of building the set of bytes to trim for every hand.
func phhTrimmedLen(b []byte) int {
	n := len(b)
	for n > 0 && (b[n-1] == ' ' || b[n-1] == '\t' || b[n-1] == '\r' || b[n-1] == '\n') {
		n--
	}
	return n
}

// phhDecodedOK reports whether the numbers of field f, read by the fast
// path, are all acceptable, so that build need not read them again to
// word an error.
func phhDecodedOK(f phhField, ds []phhDecimal) bool {
	if f != phhStartingStacks {
		return true
	}
	for _, d := range ds {
		if d.mant == 0 {
			return false
		}
	}
	return true
}

// fill fills h, empty (as after Reset), from the fields read and checked
// by build. Every field is set here or left as Reset left it, and every
// slice is h's own (its reset slices, or cards from h.NewCards), so a
// pooled hand shares no memory with another.
func (s *phhState) fill(h *hand.Hand, ch phhChunk, handLine int, vi phhVariantInfo, code []byte, n int, places int8) *parser.Error {
	fs := &s.fields
	h.Format = string(Format)
	h.Scale = phhPow10[places]
	h.Game = vi.game
	h.AnteTrimming = fs.has(phhAnteTrimming) && string(s.tb(fs.val[phhAnteTrimming])) == "true"
	h.Pos = hand.Pos{File: s.file, Line: handLine}
	h.Index = s.index
	h.End = s.lines.atTail(phhTrimmedLen(ch.data))
	if s.code != string(code) {
		s.code = string(code)
	}
	h.Game.Code = s.code
	if perr := s.metadata(h); perr != nil {
		return perr
	}
	// Seats.
	if perr := s.seats(h, n, places); perr != nil {
		return perr
	}
	if vi.blinds {
		h.Button = h.Seats[n-1].Number // PHH order: small blind first, button last
	}

	// Stakes.
	var err *parser.Error
	for m := fs.seen & phhBetSizeFields; m != 0; m &= m - 1 { // in field order, the order of the errors
		f := phhField(bits.TrailingZeros64(m))
		v, err := s.amount(f, 0, places)
		if err != nil {
			return err
		}
		switch f {
		case phhBringIn:
			h.Stakes.BringIn = v
		case phhSmallBet:
			h.Stakes.SmallBet = v
		case phhBigBet:
			h.Stakes.BigBet = v
		case phhMinBet:
			h.Stakes.MinBet = v
		}
	}
	// The forced bets are scratch: the actions carry them into the hand.
	antes := phhResize(s.antes, n)
	s.antes = antes
	if err = s.amounts(phhAntes, places, antes); err != nil {
		return err
	}
	var blinds []hand.Amount
	// The forced bets over 0, each a Post action at most (counted here,
	// where the amounts are gone over anyway, to size h.Actions).
	var nPosts int
	if vi.blinds {
		blinds = phhResize(s.blinds, n)
		s.blinds = blinds
		if err = s.amounts(phhBlinds, places, blinds); err != nil {
			return err
		}
		h.Stakes.SmallBlind, h.Stakes.BigBlind = blinds[0], blinds[1]
		for _, b := range blinds[:2] {
			if b > 0 {
				nPosts++
			}
		}
		for _, b := range blinds[2:] {
			if b > 0 {
				h.Stakes.Straddles = append(h.Stakes.Straddles, b)
				nPosts++
			}
		}
	}
	var nAntes int
	h.Stakes.Ante, h.Stakes.BigBlindAnte, nAntes = phhAnteStakes(antes)
	nPosts += nAntes

	// Outcome.
	if fs.has(phhFinishingStacks) {
		v, err := s.outcomeAmounts(h, phhFinishingStacks, h.Outcome.FinishingStacks, n, places)
		if err != nil {
			return err
		}
		h.Outcome.FinishingStacks, h.Outcome.HasFinishingStacks = v, true
	}
	if fs.has(phhWinnings) {
		v, err := s.outcomeAmounts(h, phhWinnings, h.Outcome.Winnings, n, places)
		if err != nil {
			return err
		}
		h.Outcome.Winnings, h.Outcome.HasWinnings = v, true
	}

	// Actions: the forced bets PHH leaves implicit, then the recorded ones.
	if perr := s.actions(h, vi, antes, blinds, nPosts, places); perr != nil {
		return perr
	}
	if k, most := len(h.Actions), cmp.Or(s.maxActions, parser.DefaultMaxActions); k > most {
		return s.errAt(fs.keyLine[phhActions], "hand has %d actions, more than the limit of %d; skipped", k, most)
	}
	return nil
}

// outcomeAmounts returns the n amounts of field f (finishing_stacks or
// winnings), in dst's memory, and places the outcome at the first such
// field.
func (s *phhState) outcomeAmounts(h *hand.Hand, f phhField, dst []hand.Amount, n int, places int8) ([]hand.Amount, *parser.Error) {
	v := slices.Grow(dst[:0], n)[:n]
	if err := s.amounts(f, places, v); err != nil {
		return nil, err
	}
	if h.Outcome.Pos.Line == 0 {
		h.Outcome.Pos = hand.Pos{File: s.file, Line: s.fields.keyLine[f]}
	}
	return v, nil
}

// amount returns number i of field f in minor units of a hand whose
// scale is 10^places.
func (s *phhState) amount(f phhField, i int, places int8) (hand.Amount, *parser.Error) {
	v, err := s.num[f][i].scaled(places)
	if err != nil {
		return 0, s.errAmount(f, i, err)
	}
	return hand.Amount(v), nil
}

// amounts is amount for the first len(dst) numbers of field f, into dst.
func (s *phhState) amounts(f phhField, places int8, dst []hand.Amount) *parser.Error {
	for i, d := range s.num[f][:len(dst)] {
		v, err := d.scaled(places)
		if err != nil {
			return s.errAmount(f, i, err)
		}
		dst[i] = hand.Amount(v)
	}
	return nil
}

// errAmount words err for number i of field f.
func (s *phhState) errAmount(f phhField, i int, err error) *parser.Error {
	line := s.fields.keyLine[f]
	if el := s.elems(f); len(el) > i {
		line = el[i].line
	}
	return s.errAt(line, "%s %v", f, err)
}

// phhAnteStakes summarizes per-player antes as Stakes.Ante: a uniform
// ante, or a big-blind ante (only the second position, the big blind,
// antes). Other shapes (button ante, ...) report the largest ante; the
// synthesized Post actions carry each player's exact ante either way.
// It returns how many antes are over 0 too.
func phhAnteStakes(antes []hand.Amount) (hand.Amount, bool, int) {
	var top hand.Amount
	nonzero := 0
	for _, a := range antes {
		if a > 0 {
			nonzero++
		}
		top = max(top, a)
	}
	if nonzero == 1 && antes[1] > 0 {
		return antes[1], true, nonzero
	}
	return top, false, nonzero
}

// metadata fills the hand's descriptive fields.
func (s *phhState) metadata(h *hand.Hand) *parser.Error {
	fs := &s.fields
	// The hand's ID, new in every hand, is made with its new names (see seats).
	// Tables, venues and currencies recur from hand to hand: most often
	// they are the previous hand's.
	str := func(f phhField, last *string) string {
		if !fs.has(f) {
			return ""
		}
		if b := s.tb(fs.val[f]); string(b) != *last {
			*last = s.strs.Intern(s.nameBytes(fs.val[f].sp))
		}
		return *last
	}
	h.Table = str(phhTable, &s.lastTable)
	h.Site = str(phhVenue, &s.lastSite)
	h.Currency = str(phhCurrency, &s.lastCurrency)
	if fs.has(phhSeatCount) {
		v, ok := s.int(phhSeatCount)
		if !ok || v < 1 || v > 1000 {
			return s.errAt(fs.val[phhSeatCount].line, "seat_count (%s) must be a positive number of seats", s.tb(fs.val[phhSeatCount]))
		}
		h.MaxSeats = v
	}
	start, perr := s.startTime()
	if perr != nil {
		return perr
	}
	h.Start = start
	return nil
}

// seats fills Seats from starting_stacks, players and seats.
//
// Its loop sets each seat's fields once (a pooled hand's seat holds an
// earlier player) and keeps the usual seat to a few compares; a seat
// number not of the usual kind goes to seatNumber, which words the
// errors.
func (s *phhState) seats(h *hand.Hand, n int, places int8) *parser.Error {
	fs := &s.fields
	h.Seats = slices.Grow(h.Seats[:0], n)[:n]
	seats := h.Seats
	stacks := s.num[phhStartingStacks][:n]
	hasSeats := fs.has(phhSeats)
	var numbers []phhDecimal // the seat numbers, when the fast path read them
	if hasSeats && fs.decoded&(1<<phhSeats) != 0 {
		numbers = fs.dec[phhSeats][:n]
	}
	var players []phhTok
	if fs.has(phhPlayers) {
		players = fs.arr[phhPlayers][:n]
	}
	// A usual seat number is below 64 (so taken tells whether it is
	// given already) and at most seat_count.
	usualTop := uint64(63)
	if 0 < h.MaxSeats && h.MaxSeats < 63 {
		usualTop = uint64(h.MaxSeats)
	}
	sets := s.strs.Sets()
	// The hand's ID and the names not seen lately are made as one string
	// (see parser.HandStrings), the ID first.
	hs := &s.newStrs
	hs.Reset()
	if fs.has(phhHandField) {
		hs.Append(s.tb(fs.val[phhHandField]))
	}
	idLen := hs.Len()
	var taken uint64 // the seat numbers below 64 given so far
	for i := range seats {
		st := &seats[i]
		st.Number = i + 1
		if i < len(numbers) {
			d := numbers[i]
			bit := uint64(1) << (d.mant & 63)
			if d.places == 0 && uint64(d.mant-1) < usualTop && taken&bit == 0 {
				st.Number = int(d.mant)
				taken |= bit
			} else if perr := s.seatNumber(h, i, &taken); perr != nil {
				return perr
			}
		} else if hasSeats {
			if perr := s.seatNumber(h, i, &taken); perr != nil {
				return perr
			}
		}
		st.SittingOut = false
		// Players sit at many hands: a name seen lately is shared; a new
		// one is made after the loop. No name recorded (PHH allows
		// anonymous players): the PHH player label, so that findings
		// still say who.
		var b []byte
		if i < len(players) {
			b = s.nameBytes(players[i].sp)
		}
		if len(b) > 0 {
			w0, w1 := parser.NameWords(b)
			k := parser.InternSetIndex(w0, w1, len(b))
			if name, ok := sets[k].Find(b, w0, w1); ok {
				st.Player = name
			} else {
				hs.AddName(i, b, w0, w1, k)
			}
		} else {
			st.Player = phhPlayerLabel(i)
		}
		stack, err := stacks[i].scaled(places)
		if err != nil {
			return s.errAmount(phhStartingStacks, i, err)
		}
		st.Stack = hand.Amount(stack)
	}
	if hs.Len() > 0 {
		all := hs.Make()
		h.ID = all[:idLen]
		for _, nw := range hs.News() {
			name := all[nw.Off : nw.Off+nw.N]
			seats[nw.Index].Player = name
			sets[nw.Set].Add(name, nw.W0, nw.W1)
		}
	}
	return nil
}

// seatNumber sets the number of seat i from seats[i], where seats does
// not know it for usual, and adds it to taken, the seat numbers below
// 64 given before it; it words the errors.
func (s *phhState) seatNumber(h *hand.Hand, i int, taken *uint64) *parser.Error {
	fs := &s.fields
	var v int
	var ok bool
	if fs.decoded&(1<<phhSeats) != 0 {
		v, ok = phhIntOf(fs.dec[phhSeats][i])
	} else {
		v, ok = phhInt(s.tb(fs.arr[phhSeats][i]))
	}
	if !ok || v < 1 || v > 1000 {
		t := s.elems(phhSeats)[i]
		return s.errAt(t.line, "seats[%d] (%s) must be a positive seat number", i, s.tb(t))
	}
	if h.MaxSeats > 0 && v > h.MaxSeats {
		return s.errAt(s.elems(phhSeats)[i].line, "seats[%d] is seat %d but seat_count is %d", i, v, h.MaxSeats)
	}
	if v >= 64 || *taken&(1<<v) != 0 {
		// Maybe given already (surely, below 64): to whom?
		for j := range i {
			if h.Seats[j].Number == v {
				return s.errAt(s.elems(phhSeats)[i].line, "seat %d is given to both p%d and p%d", v, j+1, i+1)
			}
		}
	}
	if v < 64 {
		*taken |= 1 << v
	}
	h.Seats[i].Number = v
	return nil
}

// phhPlayerLabels are the labels "p1", "p2", ... of anonymous players at
// any real table, made once.
var phhPlayerLabels = func() (l [32]string) {
	for i := range l {
		l[i] = "p" + strconv.Itoa(i+1)
	}
	return l
}()

// phhPlayerLabel returns "pN" for the player at index i.
func phhPlayerLabel(i int) string {
	if i < len(phhPlayerLabels) {
		return phhPlayerLabels[i]
	}
	return "p" + strconv.Itoa(i+1)
}

// tokenize splits each action notation into words and reads cbr amounts,
// raising *places as needed. Grammar (phh-std, "Actions"):
//
//	d db CARDS | d dh pN CARDS | pN sd [CARDS] | pN pb | pN f | pN cc |
//	pN cbr AMOUNT | pN sm [CARDS | -]
//
// each optionally followed by "# commentary"; an empty or comment-only
// notation is a no-op.
func (s *phhState) tokenize(n int, places *int8) *parser.Error {
	if s.fields.decoded&(1<<phhActions) != 0 {
		// Tokenized by the fast path already, if every player is in the hand.
		if s.actsRead.top <= n {
			*places = max(*places, s.actsRead.places)
			return nil
		}
		s.listActions() // for the general code, which words the error
	}
	toks := s.fields.arr[phhActions]
	acts := slices.Grow(s.acts[:0], len(toks))
	for i := range toks {
		t := &toks[i]
		k := len(acts)
		acts = acts[:k+1]
		if s.tokenizeCanonical(&acts[k], t, n, places) {
			continue
		}
		a, ok, perr := s.tokenizeOne(*t, n, places)
		if perr != nil {
			s.acts = acts
			return perr
		}
		if ok {
			acts[k] = a
		} else {
			acts = acts[:k]
		}
	}
	s.acts = acts
	return nil
}

// actionCount returns the number of action notations read.
func (s *phhState) actionCount() int {
	if s.fields.decoded&(1<<phhActions) != 0 {
		return len(s.acts)
	}
	return len(s.fields.arr[phhActions])
}

// listActions undoes actionsUsual's shortcut: it lists the notations it
// tokenized in fs.arr, as the other paths do, and drops the tokenized
// actions.
func (s *phhState) listActions() {
	fs := &s.fields
	toks := fs.arr[phhActions][:0]
	for i := range s.acts {
		toks = append(toks, phhTok{sp: s.acts[i].text, kind: unstable.String, line: s.acts[i].line})
	}
	fs.arr[phhActions] = toks
	fs.decoded &^= 1 << phhActions
}

// tokenizeOne reads one action notation in any form tokenize accepts. It
// reports false for a no-op.
func (s *phhState) tokenizeOne(t phhTok, n int, places *int8) (phhAct, bool, *parser.Error) {
	text := s.tb(t)
	body := text
	if i := bytes.IndexByte(body, '#'); i >= 0 {
		body = body[:i]
	}
	// Split into words; ws are spans of the words in the hand's text.
	var w [5][]byte
	var ws [5]phhSpan
	nw := 0
	for i := 0; i < len(body); {
		for i < len(body) && phhIsSpace(body[i]) {
			i++
		}
		if i == len(body) {
			break
		}
		j := i
		for j < len(body) && !phhIsSpace(body[j]) {
			j++
		}
		if nw == len(w) {
			return phhAct{}, false, s.errAt(t.line, "action %q has too many words", text)
		}
		w[nw] = body[i:j]
		ws[nw] = phhSpan{off: t.sp.off + int32(i), n: int32(j - i), arena: t.sp.arena}
		nw++
		i = j
	}
	if nw == 0 {
		return phhAct{}, false, nil // no-op
	}
	a := phhAct{line: t.line, text: t.sp, player: hand.NoPlayer}
	if string(w[0]) == "d" {
		switch {
		case nw >= 2 && string(w[1]) == "db":
			if nw != 3 {
				return phhAct{}, false, s.errAt(t.line, "action %q: want \"d db CARDS\"", text)
			}
			a.verb, a.arg, a.hasArg = phhDealBoard, ws[2], true
		case nw >= 2 && string(w[1]) == "dh":
			if nw != 4 {
				return phhAct{}, false, s.errAt(t.line, "action %q: want \"d dh pN CARDS\"", text)
			}
			p, perr := s.player(w[2], n, t)
			if perr != nil {
				return phhAct{}, false, perr
			}
			a.verb, a.player, a.arg, a.hasArg = phhDealHole, p, ws[3], true
		case nw >= 2:
			return phhAct{}, false, s.errAt(t.line, "action %q: unknown dealer action %q (want db or dh)", text, w[1])
		default:
			return phhAct{}, false, s.errAt(t.line, "action %q: dealer action missing", text)
		}
		return a, true, nil
	}
	p, perr := s.player(w[0], n, t)
	if perr != nil {
		return phhAct{}, false, perr
	}
	a.player = p
	if nw < 2 {
		return phhAct{}, false, s.errAt(t.line, "action %q: action missing after %s", text, w[0])
	}
	args := nw - 2
	switch string(w[1]) {
	case "f", "cc", "pb":
		if args != 0 {
			return phhAct{}, false, s.errAt(t.line, "action %q: %s takes no argument", text, w[1])
		}
		switch w[1][0] {
		case 'f':
			a.verb = phhFold
		case 'c':
			a.verb = phhCheckCall
		default:
			a.verb = phhPostBringIn
		}
	case "cbr":
		if args != 1 {
			return phhAct{}, false, s.errAt(t.line, "action %q: want \"pN cbr AMOUNT\"", text)
		}
		d, err := phhParseDecimal(w[2])
		if err == nil && d.mant == 0 {
			err = errPHHNonPositive
		}
		if err != nil {
			return phhAct{}, false, s.errAt(t.line, "action %q: amount %s %v", text, w[2], err)
		}
		*places = max(*places, d.places)
		a.verb, a.arg, a.hasArg, a.amount = phhBetTo, ws[2], true, d
	case "sd", "sm":
		if args > 1 {
			return phhAct{}, false, s.errAt(t.line, "action %q: %s takes at most one argument (the cards)", text, w[1])
		}
		a.verb = phhDiscard
		if w[1][1] == 'm' {
			a.verb = phhShowMuck
		}
		if args == 1 {
			a.arg, a.hasArg = ws[2], true
		}
	default:
		return phhAct{}, false, s.errAt(t.line, "action %q: unknown action %q (want f, cc, cbr, pb, sd or sm)", text, w[1])
	}
	return a, true, nil
}

// set sets every field of a. Field by field: a composite literal is built
// on the stack and copied in wide moves, which stall the processor when
// they read what narrower stores have just written.
func (a *phhAct) set(verb phhVerb, hasArg bool, player int, arg phhSpan, amount phhDecimal, line int, text phhSpan) {
	a.verb, a.hasArg, a.player, a.arg, a.amount, a.line, a.text = verb, hasArg, player, arg, amount, line, text
	a.known = 0
}

func phhIsSpace(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f'
}

// player reads an actor "pN" and returns its 0-based index.
func (s *phhState) player(w []byte, n int, t phhTok) (int, *parser.Error) {
	if len(w) < 2 || w[0] != 'p' {
		return 0, s.errAt(t.line, "action %q: unknown actor %q (want d or p1..p%d)", s.tb(t), w, n)
	}
	v := 0
	for _, c := range w[1:] {
		if !phhIsDigit(c) {
			return 0, s.errAt(t.line, "action %q: unknown actor %q (want d or p1..p%d)", s.tb(t), w, n)
		}
		v = v*10 + int(c-'0')
		if v > n {
			break
		}
	}
	if v < 1 || v > n {
		return 0, s.errAt(t.line, "action %q: player %s is not in the hand (players are p1..p%d)", s.tb(t), w, n)
	}
	return v - 1, nil
}

// actions appends the synthesized forced bets and the recorded actions.
//
// PHH does not record antes and blinds as actions: they follow from the
// antes and blinds_or_straddles fields. They are written out here as Post
// actions, antes first (in player order) then blinds and straddles in
// position order, so that the rules engine sees every format alike. A
// forced bet larger than what the player has left is trimmed to it (the
// player is all-in), as PokerKit does. In heads-up, PHH reverses the
// forced bets: the second player has the button and posts the small
// blind, the first posts the big blind (PokerKit applies antes[1-i] and
// blinds_or_straddles[1-i] to player i when there are two players).
//
// "pN cc" means check or call. The parser tells them apart by tracking
// each player's bet in the current betting round: a cc facing no larger
// bet is a Check, otherwise a Call with no recorded amount (the engine
// computes how much, since it depends on the caller's stack). Likewise
// "cbr" is a Bet when nobody has bet in the round yet and a Raise
// otherwise; To is the recorded amount, the player's total for the round.
// A betting round ends when the dealer deals again or players draw after
// some betting happened.
func (s *phhState) actions(h *hand.Hand, vi phhVariantInfo, antes, blinds []hand.Amount, nPosts int, places int8) *parser.Error {
	fs := &s.fields
	n := len(h.Seats)
	committed := phhResize(s.committed, n)
	streetBet := phhResize(s.streetBet, n)
	s.committed, s.streetBet = committed, streetBet

	// Reserve room for every action (the nPosts forced bets over 0 PHH
	// leaves implicit besides the notations), and one block of the hand's
	// card memory for the cards of all the notations, another for the
	// board.
	acts := s.acts
	h.Actions = slices.Grow(h.Actions[:0], nPosts+len(acts))
	// Read by actionsUsual, the cards are all in s.cardBuf already, in
	// the order of the notations: they are copied in one go, and each
	// notation takes its share.
	usual := fs.decoded&(1<<phhActions) != 0
	nCards, nBoard := len(s.cardBuf), s.actsRead.board
	if !usual {
		nCards, nBoard = 0, 0
		for i := range acts {
			if acts[i].verb == phhBetTo {
				continue // its argument is the amount
			}
			k := int(acts[i].arg.n) / 2
			nCards += k
			if acts[i].verb == phhDealBoard {
				nBoard += k
			}
		}
	}
	backing := h.NewCards(nCards)[:0]
	if usual {
		backing = backing[:copy(backing[:nCards], s.cardBuf)]
	}

	// The forced bets. In heads-up they are reversed.
	for p := 0; p < n; p++ {
		ante := antes[p]
		if n == 2 {
			ante = antes[1-p]
		}
		if ante > 0 { // else nothing is posted
			s.post(h, p, ante, hand.PostAnte, fs.keyLine[phhAntes])
		}
	}
	if blinds != nil {
		for j := 0; j < n; j++ { // position order: small blind, big blind, straddles
			p := j
			if n == 2 {
				p = 1 - j
			}
			kind := hand.PostStraddle
			switch j {
			case 0:
				kind = hand.PostSmallBlind
			case 1:
				kind = hand.PostBigBlind
			}
			if blinds[j] > 0 { // else nothing is posted
				s.post(h, p, blinds[j], kind, fs.keyLine[phhBlinds])
			}
		}
	}

	// Each notation gives one action: they are taken all at once. The
	// usual ones are recorded by st.record, which calls nothing and so
	// keeps its state in registers; it stops at any other, which
	// otherAction records.
	posts := len(h.Actions)
	h.Actions = h.Actions[:posts+len(acts)]
	var otherCards cards.Set
	if vi.shortDeck {
		otherCards = phhBelowSix
	}
	var streetMax hand.Amount
	for _, bs := range streetBet {
		streetMax = max(streetMax, bs)
	}
	st := phhActState{
		acts: acts, recorded: h.Actions[posts:], streetBet: streetBet, backing: backing, file: s.file,
		places: places, usual: usual, otherCards: otherCards,
		streetMax: streetMax, board: h.NewCards(nBoard)[:0],
	}
	for i := st.record(0); i < len(acts); i = st.record(i + 1) {
		if perr := s.otherAction(h, vi, &st, i); perr != nil {
			return perr
		}
	}
	if len(st.board) > 0 {
		h.Boards = append(h.Boards[:0], st.board)
	}
	return nil
}

// phhActState is what actions carries from one notation to the next.
type phhActState struct {
	// For the whole hand.
	acts       []phhAct
	recorded   []hand.Action // one for each of acts
	streetBet  []hand.Amount // each player's bet in the current betting round
	backing    []cards.Card  // the cards of the notations
	file       string        // for each action's Pos
	places     int8          // the hand's scale is 10^places
	usual      bool          // actionsUsual read the notations: their cards are in backing already
	otherCards cards.Set     // known cards a notation cannot have (short deck): otherAction words the error

	// Carried from one notation to the next.
	streetMax hand.Amount  // the largest bet of the current betting round
	betting   bool         // a betting action happened in the current round
	live      cards.Set    // known cards dealt and not discarded
	used      int          // the cards of backing taken by the notations so far
	board     []cards.Card // the board cards dealt so far; the capacity fits them all
}

// record records the usual notations of st.acts from the i-th on, up to
// one that otherAction records (a bring-in, a discard, "sm -", cards not
// read by actionsUsual, any notation in error), and returns its index,
// or len(st.acts). It calls nothing, so that what it carries from one
// notation to the next stays in registers.
func (st *phhActState) record(i int) int {
	// Only what changes from one notation to the next is kept in locals:
	// the rest is read from st where it is needed, which costs no more
	// than reloading it from the stack.
	streetMax, betting, live, used := st.streetMax, st.betting, st.live, st.used
	acts, recorded := st.acts, st.recorded[:len(st.acts)]
notations:
	for ; i < len(acts); i++ {
		a, act := &acts[i], &recorded[i]
		// Every field set, one by one: zeroing the action first would
		// call the write barrier's wbZero. Kind, To, Cards and Pos.File
		// are set below, the two with pointers in one statement, which
		// takes one write barrier check.
		act.Player, act.Amount, act.HasAmount, act.AllIn, act.PostKind = a.player, 0, false, false, 0
		act.Board, act.Pot, act.Pos.Line = 0, 0, a.line
		switch verb := a.verb; verb {
		case phhCheckCall:
			// PHH "cc" does not say whether it checks or calls, nor how
			// much: it is recorded as a Call with no amount, and the rules
			// engine, which knows stacks, all-ins and short blinds,
			// resolves it (a check when nothing is owed). A second betting
			// model here would only disagree with the engine's.
			betting = true
			act.Kind, act.To, act.Cards, act.Pos.File = hand.Call, 0, nil, st.file
			st.streetBet[a.player] = streetMax
		case phhFold:
			betting = true
			act.Kind, act.To, act.Cards, act.Pos.File = hand.Fold, 0, nil, st.file
		case phhBetTo:
			v, err := a.amount.scaled(st.places)
			if err != nil {
				break notations
			}
			betting = true
			to := hand.Amount(v)
			act.Kind, act.To, act.Cards, act.Pos.File = hand.Bet, to, nil, st.file
			if streetMax > 0 {
				act.Kind = hand.Raise
			}
			st.streetBet[a.player] = to
			streetMax = max(streetMax, to)
		case phhDealBoard, phhDealHole:
			k := int(a.arg.n >> 1) // k > 0: actionsUsual read cards
			board := st.board
			if !st.usual || a.known&st.otherCards != 0 || live&a.known != 0 ||
				verb == phhDealBoard && k > cap(board)-len(board) {
				break notations
			}
			if betting { // a new round
				// Not clear(streetBet), a call: a few players at most.
				for p := 0; p < len(st.streetBet); p++ {
					st.streetBet[p] = 0
				}
				streetMax, betting = 0, false
			}
			cs := st.backing[used : used+k : used+k]
			used += k
			live |= a.known
			act.Kind, act.To, act.Cards, act.Pos.File = hand.DealHole, 0, cs, st.file
			if verb == phhDealBoard {
				act.Kind = hand.DealBoard
				// Copied by hand, not appended: a call.
				n := len(board)
				board = board[:n+k]
				for j, c := range cs {
					board[n+j] = c
				}
				st.board = board
			}
		case phhShowMuck:
			if !a.hasArg {
				act.Kind, act.To, act.Cards, act.Pos.File = hand.Muck, 0, nil, st.file
				break
			}
			k := int(a.arg.n >> 1) // 0 for "-"
			if !st.usual || k == 0 || a.known&st.otherCards != 0 {
				break notations
			}
			act.Kind, act.To, act.Cards, act.Pos.File = hand.Show, 0, st.backing[used:used+k:used+k], st.file
			used += k
		default:
			break notations
		}
	}
	st.streetMax, st.betting, st.live, st.used = streetMax, betting, live, used
	return i
}

// otherAction records notation i of st.acts, one that st.record leaves,
// or words its error.
func (s *phhState) otherAction(h *hand.Hand, vi phhVariantInfo, st *phhActState, i int) *parser.Error {
	a := &st.acts[i]
	act := &st.recorded[i]
	*act = hand.Action{} // zeroed where it is, then filled: see phhAct.set
	act.Player, act.Pos.File, act.Pos.Line = a.player, st.file, a.line
	switch a.verb { // st.record records every cc and f
	case phhBetTo: // st.record leaves one only when its amount is out of range
		to, err := a.amount.scaled(st.places)
		if err != nil {
			return s.errAt(a.line, "action %q: amount %v", s.bytes(a.text), err)
		}
		st.betting = true
		act.Kind, act.To = hand.Bet, hand.Amount(to)
		if st.streetMax > 0 {
			act.Kind = hand.Raise
		}
		st.streetBet[a.player] = act.To
		st.streetMax = max(st.streetMax, act.To)
	case phhDealBoard, phhDealHole:
		if st.betting { // a new round
			clear(st.streetBet)
			st.streetMax, st.betting = 0, false
		}
		cs, known, perr := s.notationCards(a, st.usual, vi.shortDeck, &st.backing, &st.used)
		if perr != nil {
			return perr
		}
		// A card dealt twice is no error of reading: the record says it,
		// and the checks report it (cards.duplicate, TDA 35-E).
		st.live |= known
		act.Cards = cs
		if a.verb == phhDealBoard {
			act.Kind = hand.DealBoard
			st.board = append(st.board, cs...)
		} else {
			act.Kind = hand.DealHole
		}
	case phhDiscard:
		if st.betting { // a new round: players draw
			clear(st.streetBet)
			st.streetMax, st.betting = 0, false
		}
		cs, known, perr := s.notationCards(a, st.usual, vi.shortDeck, &st.backing, &st.used)
		if perr != nil {
			return perr
		}
		// A discarded card goes to the muck; in draw games the muck
		// may be reshuffled and dealt again.
		st.live &^= known
		act.Kind, act.Cards = hand.Discard, cs
	case phhPostBringIn:
		if !vi.bringIn {
			return s.errAt(a.line, "action %q: variant %s has no bring-in", s.bytes(a.text), h.Game.Code)
		}
		st.betting = true
		left := h.Seats[a.player].Stack - s.committed[a.player]
		amt := min(h.Stakes.BringIn, left)
		s.committed[a.player] += amt
		st.streetBet[a.player] += amt
		st.streetMax = max(st.streetMax, st.streetBet[a.player])
		act.Kind, act.Amount, act.HasAmount, act.AllIn = hand.BringIn, amt, true, amt == left
	case phhShowMuck:
		switch {
		case !a.hasArg:
			act.Kind = hand.Muck
		case string(s.bytes(a.arg)) == "-":
			// "-" shows the hole cards already dealt (phh-std, "Card Notation").
			hole := s.holeCards(st.recorded[:i], a.player)
			if len(hole) == 0 {
				return s.errAt(a.line, "action %q: \"-\" shows the dealt hole cards, but none were dealt to p%d", s.bytes(a.text), a.player+1)
			}
			act.Kind = hand.Show
			act.Cards = h.NewCards(len(hole))
			copy(act.Cards, hole)
		default:
			cs, _, perr := s.notationCards(a, st.usual, vi.shortDeck, &st.backing, &st.used)
			if perr != nil {
				return perr
			}
			act.Kind, act.Cards = hand.Show, cs
		}
	}
	return nil
}

// notationCards returns the cards of notation a and the set of the known
// ones. Read by actionsUsual (usual), they are the next of backing, after
// the used first; else cards reads them into backing.
func (s *phhState) notationCards(a *phhAct, usual, shortDeck bool, backing *[]cards.Card, used *int) ([]cards.Card, cards.Set, *parser.Error) {
	if !usual || shortDeck && a.known&phhBelowSix != 0 {
		cs, perr := s.cards(a, shortDeck, backing) // which words the short deck's error
		return cs, cards.SetOf(cs...), perr
	}
	k := int(a.arg.n) / 2
	if k == 0 {
		return nil, 0, nil // "sd" without cards, as cards returns it
	}
	start := *used
	*used += k
	return (*backing)[start : start+k : start+k], a.known, nil
}

// post appends a forced bet of nominal for player, trimmed to what the
// player has left (nothing if that is nothing).
func (s *phhState) post(h *hand.Hand, player int, nominal hand.Amount, kind hand.PostKind, line int) {
	left := h.Seats[player].Stack - s.committed[player]
	amt := min(nominal, left)
	if amt <= 0 {
		return
	}
	s.committed[player] += amt
	if kind != hand.PostAnte {
		s.streetBet[player] += amt
	}
	k := len(h.Actions)
	h.Actions = h.Actions[:k+1]
	// Filled in place (copying whole Actions costs GC write barriers),
	// over what a pooled hand's earlier action left there.
	a := &h.Actions[k]
	// Every field set, one by one (as record does): zeroing the action
	// first costs more. The two with pointers are set together, which
	// takes one write barrier check.
	a.Kind, a.PostKind, a.Player, a.Amount, a.To, a.HasAmount, a.AllIn = hand.Post, kind, player, amt, 0, true, amt == left
	a.Board, a.Pot, a.Pos.Line = 0, 0, line
	a.Cards, a.Pos.File = nil, s.file
}

// phhBelowSix is the set of the cards a short deck has not: deuces
// through fives.
var phhBelowSix = func() (set cards.Set) {
	for c := range cards.Card(52) {
		if c.Rank() < cards.Six {
			set = set.Add(c)
		}
	}
	return set
}()

// holeCards returns the hole cards player holds after the actions acts:
// those dealt to them, less those they discarded. Only "sm -" asks, so
// they are not tracked as the actions are read.
func (s *phhState) holeCards(acts []hand.Action, player int) []cards.Card {
	hole := s.hole[:0]
	for i := range acts {
		switch a := &acts[i]; {
		case a.Player != player:
		case a.Kind == hand.DealHole:
			hole = append(hole, a.Cards...)
		case a.Kind == hand.Discard:
			for _, c := range a.Cards {
				hole = phhRemoveCard(hole, c)
			}
		}
	}
	s.hole = hole
	return hole
}

// cards reads an action's card argument into backing and returns the
// cards. Cards are two characters, rank then suit ("As", "Td"), written
// together ("AsKd"); "??" is an unknown card. A short deck has sixes and
// up only.
func (s *phhState) cards(a *phhAct, shortDeck bool, backing *[]cards.Card) ([]cards.Card, *parser.Error) {
	b := s.bytes(a.arg)
	if len(b)%2 != 0 || (len(b) == 0 && a.verb != phhDiscard) {
		return nil, s.errAt(a.line, "action %q: cards %q are not two-character cards like As or ??", s.bytes(a.text), b)
	}
	if len(b) == 0 {
		return nil, nil
	}
	// Written straight into backing's spare capacity (there is room
	// unless backing was sized short), and taken only once all are good.
	bk := *backing
	start, end := len(bk), len(bk)+len(b)/2
	if end > cap(bk) {
		bk = slices.Grow(bk, end-start)
	}
	cs := bk[start:end:end]
	for i := range cs {
		c, ok := phhCard(b[2*i], b[2*i+1])
		if !ok {
			return nil, s.errAt(a.line, "action %q: invalid card %q", s.bytes(a.text), b[2*i:2*i+2])
		}
		if c.Known() && shortDeck && c.Rank() < cards.Six {
			return nil, s.errAt(a.line, "action %q: card %s is not in the short deck (sixes and up)", s.bytes(a.text), c)
		}
		// A card twice in one notation is read as recorded: the checks
		// report it (cards.duplicate).
		cs[i] = c
	}
	*backing = bk[:end]
	return cs, nil
}

// phhCard reads one two-character card. Ranks and suits are accepted in
// either case.
func phhCard(r, su byte) (cards.Card, bool) {
	rank, suit := phhRanks[r], phhSuits[su]
	if rank < 0 || suit < 0 {
		return cards.Unknown, r == '?' && su == '?'
	}
	return cards.New(cards.Rank(rank), cards.Suit(suit)), true
}

// phhRanks and phhSuits map a card's letters, in either case, to its rank
// and suit; -1 for any other byte. Tables, as every card of a file passes
// here.
var phhRanks, phhSuits = func() (ranks, suits [256]int8) {
	for i := range ranks {
		ranks[i], suits[i] = -1, -1
	}
	for i, c := range "23456789TJQKA" {
		ranks[c] = int8(cards.Two) + int8(i)
		ranks[c|0x20] = ranks[c] // lower case letters; digits are unchanged
	}
	for _, cs := range [...]struct {
		c byte
		s cards.Suit
	}{{'c', cards.Clubs}, {'d', cards.Diamonds}, {'h', cards.Hearts}, {'s', cards.Spades}} {
		suits[cs.c], suits[cs.c&^0x20] = int8(cs.s), int8(cs.s)
	}
	return ranks, suits
}()

// phhRemoveCard removes one c from hole (for an unknown discard, one
// unknown card), keeping the order.
func phhRemoveCard(hole []cards.Card, c cards.Card) []cards.Card {
	for i, x := range hole {
		if x == c {
			return append(hole[:i], hole[i+1:]...)
		}
	}
	return hole
}

func phhResize(s []hand.Amount, n int) []hand.Amount {
	if cap(s) < n {
		return make([]hand.Amount, n)
	}
	s = s[:n]
	clear(s)
	return s
}
