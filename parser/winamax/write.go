package winamax

// The writer: the inverse of the reader. It prints a hand.Hand as Winamax
// text such that reading it back gives the same hand, for every hand the
// text can express: hold'em and Omaha (high, hi/lo; 4, 5 or 6 cards) in
// no-limit, pot-limit and fixed-limit, cash games in euros, dollars,
// pounds or play money, and tournaments in chips.
//
// Winamax writes no line for an uncalled bet (the bettor's collect
// includes it), no main and side pots in the summary, no fees but the
// rake, no cash-outs and no finishing stacks: a hand with any of these is
// an error, as is one with straddles, a second board or stud and draw
// actions. Tournament buy-ins and levels are not in a hand.Hand: a
// tournament hand is written with "buyIn: unknown level: unknown".

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// Writer writes hands as Winamax text, a blank line between hands. Write
// writes the next hand; a hand the text cannot express is an error and
// nothing is written. Flush writes out what is buffered.
type Writer struct{ *parser.HandWriter }

// NewWriter returns a writer of Winamax text to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{parser.NewHandWriter(w, func(dst []byte, h *hand.Hand, _ int) ([]byte, error) {
		return AppendHand(dst, h)
	})}
}

// writer holds what AppendHand needs while it writes one hand.
type writer struct {
	h      *hand.Hand
	b      []byte
	digits int    // decimal digits of the hand's scale
	sign   string // the currency sign written after amounts

	// The uncalled bet returned, written inside the bettor's collect
	// (collect: the index of that collect; -1: a line of its own).
	uncalledSeat    int
	uncalled        hand.Amount
	uncalledCollect int
}

// AppendHand appends h as Winamax text to dst.
func AppendHand(dst []byte, h *hand.Hand) ([]byte, error) {
	w := writer{h: h, b: dst}
	if err := w.check(); err != nil {
		return dst, err
	}
	if err := w.checkUncalled(); err != nil {
		return dst, err
	}
	if err := w.header(); err != nil {
		return dst, err
	}
	if err := w.body(); err != nil {
		return dst, err
	}
	if err := w.summary(); err != nil {
		return dst, err
	}
	return w.b, nil
}

// check refuses what the text cannot express (see the file's comment).
func (w *writer) check() error {
	h := w.h
	switch {
	case h.Game.Variant != hand.Holdem && h.Game.Variant != hand.Omaha && h.Game.Variant != hand.OmahaHiLo:
		return fmt.Errorf("the Winamax writer writes hold'em and Omaha, not %s", h.Game.Variant)
	case len(h.Stakes.Straddles) > 0:
		return errors.New("the Winamax format has no straddles")
	case h.Stakes.BigBlindAnte:
		return errors.New("the Winamax format has no big-blind ante")
	case h.Stakes.Cap > 0 || h.Stakes.BringIn > 0:
		return errors.New("the Winamax format cannot express a cap or a bring-in")
	case len(h.Boards) > 1:
		return errors.New("the Winamax format cannot express a second board")
	case len(h.Outcome.Fees) > 0 || len(h.Outcome.CashOuts) > 0:
		return errors.New("the Winamax format cannot express fees besides the rake, or cash-outs")
	case h.Outcome.HasFinishingStacks:
		return errors.New("the Winamax format cannot express finishing stacks")
	case len(h.Outcome.Pots) > 0:
		return errors.New("the Winamax format states no main and side pots")
	case !h.Outcome.HasTotalPot || !h.Outcome.HasRake:
		return errors.New("the Winamax format states the total pot and the rake")
	case h.ID == "" || bytes.ContainsAny([]byte(h.ID), " \n\r"):
		return fmt.Errorf("hand ID %q cannot be written", h.ID)
	}
	w.digits = -1
	for d, s := range pow10 {
		if s == max(h.Scale, 1) {
			w.digits = d
		}
	}
	if w.digits < 0 {
		return fmt.Errorf("scale %d is not a power of ten Winamax amounts can write", h.Scale)
	}
	if h.Tournament != "" && h.Currency != "" {
		return errors.New("the Winamax format writes tournament hands in chips")
	}
	switch h.Currency {
	case "":
	case "EUR", "USD", "GBP":
		for _, c := range currencies {
			if c.code == h.Currency {
				w.sign = c.sign
			}
		}
	default:
		return fmt.Errorf("the Winamax format has no sign for %s", h.Currency)
	}
	for i := range h.Seats {
		s := &h.Seats[i]
		if s.Player == "" || bytes.ContainsAny([]byte(s.Player), "\n\r") || s.Player != trimString(s.Player) {
			return fmt.Errorf("player name %q cannot be written", s.Player)
		}
		if s.Stack == 0 && !s.SittingOut {
			return fmt.Errorf("seat %d has no chips but is dealt in", s.Number)
		}
		if i > 0 && s.Number <= h.Seats[i-1].Number {
			return errors.New("seats are not in table order")
		}
	}
	return nil
}

// checkUncalled finds the uncalled bet returned, which Winamax writes in
// the bettor's collect: the hand's returns must be what the reader finds
// by the record's amounts (uncalledBet), one to the bettor or none.
func (w *writer) checkUncalled() error {
	h := w.h
	seat, x, _ := uncalledBet(h)
	w.uncalledSeat, w.uncalledCollect = -1, -1
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind != hand.UncalledReturn {
			continue
		}
		if w.uncalled > 0 || a.Player != seat || a.Amount != x {
			return errors.New("the Winamax format cannot express this uncalled bet return: it writes none, the bettor's collect includes it")
		}
		w.uncalledSeat, w.uncalled = seat, x
	}
	if x > 0 && w.uncalled == 0 {
		// No return: the reader would take it out of a collect of the
		// bettor as large.
		for i := range h.Actions {
			if a := &h.Actions[i]; a.Kind == hand.Collect && a.Player == seat && a.Amount >= x {
				return errors.New("the Winamax format cannot express an uncalled bet kept in the pot")
			}
		}
	}
	if w.uncalled > 0 {
		for i := range h.Actions {
			a := &h.Actions[i]
			if a.Kind == hand.Collect && a.Player == seat && (w.uncalledCollect < 0 || a.Pot > h.Actions[w.uncalledCollect].Pot) {
				w.uncalledCollect = i
			}
		}
	}
	return nil
}

// trimString is trim for a string.
func trimString(s string) string { return string(trim([]byte(s))) }

// GameCode is the Game.Code the reader gives a hand of game g that the
// writer wrote: the header's game and betting structure ("Holdem no
// limit", "5 Card Omaha Hi/Lo pot limit").
func GameCode(g hand.Game) (string, error) {
	g.Code = ""
	return gameName(g)
}

// gameName returns the header's game ("Holdem no limit"): the record's
// own name when it is a Winamax name of the same game.
func gameName(g hand.Game) (string, error) {
	var s string
	for _, st := range structures {
		if st.s == g.Structure {
			s = st.name
		}
	}
	if s == "" {
		return "", errors.New("unknown betting structure")
	}
	if hasSuffix([]byte(g.Code), s) {
		if gn, ok := gameNames[g.Code[:len(g.Code)-len(s)]]; ok && gn.v == g.Variant && gn.hole == g.HoleCards {
			return g.Code, nil
		}
	}
	name := ""
	switch {
	case g.Variant == hand.Holdem && g.HoleCards == 2:
		name = "Holdem"
	case g.HoleCards == 4:
		name = "Omaha"
	case g.HoleCards == 5 || g.HoleCards == 6:
		name = strconv.Itoa(g.HoleCards) + " Card Omaha"
	default:
		return "", fmt.Errorf("no Winamax name for %s with %d hole cards", g.Variant, g.HoleCards)
	}
	if g.Variant == hand.OmahaHiLo {
		if g.HoleCards == 6 {
			return "", errors.New("no Winamax name for 6-card Omaha hi/lo")
		}
		name += " Hi/Lo"
	}
	return name + s, nil
}

// amount appends v with the hand's currency sign: "0.50€", "2€", "1500".
func (w *writer) amount(v hand.Amount) {
	w.b = appendAmount(w.b, v, w.digits)
	w.b = append(w.b, w.sign...)
}

// appendAmount appends v, in units of 10^-digits, as Winamax writes it: no
// fraction when whole, else at least two decimals.
func appendAmount(b []byte, v hand.Amount, digits int) []byte {
	scale := pow10[digits]
	if int64(v)%scale == 0 {
		return strconv.AppendInt(b, int64(v)/scale, 10)
	}
	if digits < 2 {
		v *= hand.Amount(pow10[2-digits])
		digits = 2
	}
	return parser.AppendDecimal(b, int64(v), pow10[digits], digits, true)
}

// header writes the header and table lines.
func (w *writer) header() error {
	h := w.h
	game, err := gameName(h.Game)
	if err != nil {
		return err
	}
	table := h.Table
	if table == "" || bytes.ContainsAny([]byte(table), "\n\r") {
		return fmt.Errorf("table name %q cannot be written", table)
	}
	w.b = append(w.b, headerStart...)
	if h.Tournament != "" {
		name := h.Tournament
		if o := bytes.LastIndexByte([]byte(table), '('); o >= 0 {
			if c := bytes.IndexByte([]byte(table[o:]), ')'); c > 1 && allDigits([]byte(table[o+1:o+c])) {
				if table[o+1:o+c] != h.Tournament {
					return fmt.Errorf("table %q names another tournament than %q", table, h.Tournament)
				}
				name = table[:o]
			}
		}
		if bytes.ContainsAny([]byte(name), "\"\n\r") {
			return fmt.Errorf("tournament name %q cannot be written", name)
		}
		w.b = append(w.b, "Tournament \""...)
		w.b = append(w.b, name...)
		w.b = append(w.b, "\" buyIn: unknown level: unknown"...)
	} else {
		w.b = append(w.b, "CashGame"...)
	}
	w.b = append(w.b, " - HandId: #"...)
	w.b = append(w.b, h.ID...)
	w.b = append(w.b, " - "...)
	w.b = append(w.b, game...)
	w.b = append(w.b, " ("...)
	st := &h.Stakes
	if st.Ante > 0 {
		w.amount(st.Ante)
		w.b = append(w.b, '/')
	}
	if h.Game.Structure == hand.FixedLimit {
		w.amount(st.SmallBet)
		w.b = append(w.b, '/')
		w.amount(st.BigBet)
	} else {
		w.amount(st.SmallBlind)
		w.b = append(w.b, '/')
		w.amount(st.BigBlind)
	}
	w.b = append(w.b, ") - "...)
	w.b = h.Start.UTC().AppendFormat(w.b, "2006/01/02 15:04:05")
	w.b = append(w.b, " UTC\nTable: '"...)
	w.b = append(w.b, table...)
	w.b = append(w.b, "' "...)
	maxSeats := h.MaxSeats
	for _, s := range h.Seats {
		maxSeats = max(maxSeats, s.Number)
	}
	if maxSeats < 2 || maxSeats > 10 {
		return fmt.Errorf("a %d-max table cannot be written", maxSeats)
	}
	w.b = strconv.AppendInt(w.b, int64(maxSeats), 10)
	if h.Currency == "" && h.Tournament == "" {
		w.b = append(w.b, "-max (play money)"...)
	} else {
		w.b = append(w.b, "-max (real money)"...)
	}
	if h.Button > 0 {
		w.b = append(w.b, " Seat #"...)
		w.b = strconv.AppendInt(w.b, int64(h.Button), 10)
		w.b = append(w.b, " is the button"...)
	}
	w.b = append(w.b, '\n')
	for _, s := range h.Seats {
		w.b = append(w.b, "Seat "...)
		w.b = strconv.AppendInt(w.b, int64(s.Number), 10)
		w.b = append(w.b, ": "...)
		w.b = append(w.b, s.Player...)
		w.b = append(w.b, " ("...)
		w.amount(s.Stack)
		w.b = append(w.b, ")\n"...)
	}
	return nil
}

// body writes the forced bets, the deal and the betting.
func (w *writer) body() error {
	h := w.h
	w.b = append(w.b, "*** ANTE/BLINDS ***\n"...)
	for i, s := range h.Seats {
		if s.SittingOut && s.Stack > 0 {
			w.name(i)
			w.b = append(w.b, "denies big blind\n"...)
		}
	}
	preflop, showdown := false, false
	var board []cards.Card
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind != hand.Post && a.Kind != hand.DealHole && !preflop {
			w.b = append(w.b, "*** PRE-FLOP ***\n"...)
			preflop = true
		}
		switch a.Kind {
		case hand.Post:
			if preflop {
				return errors.New("the Winamax format posts forced bets before the deal only")
			}
			if err := w.post(a); err != nil {
				return err
			}
		case hand.DealHole:
			known := 0
			for _, c := range a.Cards {
				if c.Known() {
					known++
				}
			}
			switch {
			case known == 0:
			case known == len(a.Cards) && len(a.Cards) == h.Game.HoleCards:
				w.b = append(w.b, "Dealt to "...)
				w.name(a.Player)
				w.b = appendCards(w.b, a.Cards)
				w.b = append(w.b, '\n')
			default:
				return errors.New("the Winamax format cannot express hole cards partly known")
			}
		case hand.DealBoard:
			if a.Board != 0 {
				return errors.New("the Winamax format cannot express a second board")
			}
			name := map[int]string{0: "FLOP", 3: "TURN", 4: "RIVER"}[len(board)]
			if name == "" || len(a.Cards) != map[int]int{0: 3, 3: 1, 4: 1}[len(board)] {
				return errors.New("board dealt in steps Winamax text cannot express")
			}
			w.b = append(w.b, "*** "...)
			w.b = append(w.b, name...)
			w.b = append(w.b, " *** "...)
			if len(board) > 0 {
				w.b = appendCards(w.b, board)
			}
			w.b = appendCards(w.b, a.Cards)
			w.b = append(w.b, '\n')
			board = append(board[:len(board):len(board)], a.Cards...)
		case hand.Fold, hand.Check, hand.Call, hand.Bet, hand.Raise:
			if showdown {
				return errors.New("betting after the showdown began")
			}
			if err := w.bet(a); err != nil {
				return err
			}
		case hand.Show, hand.Muck:
			if !showdown {
				w.b = append(w.b, "*** SHOW DOWN ***\n"...)
				showdown = true
			}
			w.name(a.Player)
			if a.Kind == hand.Muck {
				if len(a.Cards) > 0 {
					return errors.New("the Winamax format cannot express mucked cards")
				}
				w.b = append(w.b, "mucks\n"...)
				continue
			}
			for _, c := range a.Cards {
				if !c.Known() {
					return errors.New("cards shown face down")
				}
			}
			w.b = append(w.b, "shows"...)
			w.b = appendCards(w.b, a.Cards)
			w.b = append(w.b, '\n')
		case hand.UncalledReturn:
			if w.uncalledCollect < 0 {
				// Returned to a bettor who collects nothing else: a
				// collect of its own, out of which the reader takes it.
				w.name(a.Player)
				w.b = append(w.b, "collected "...)
				w.amount(a.Amount)
				w.b = append(w.b, " from pot\n"...)
			}
		case hand.Collect:
			if a.Board > 0 || a.Pot < 0 || !a.HasAmount {
				return errors.New("the Winamax format cannot express a collect from no stated pot or a second board")
			}
			v := a.Amount
			if i == w.uncalledCollect {
				v += w.uncalled
			}
			w.name(a.Player)
			w.b = append(w.b, "collected "...)
			w.amount(v)
			switch {
			case a.Pot > 0:
				w.b = append(w.b, " from side pot "...)
				w.b = strconv.AppendInt(w.b, int64(a.Pot), 10)
			case w.sidePots():
				w.b = append(w.b, " from main pot"...)
			default:
				w.b = append(w.b, " from pot"...)
			}
			w.b = append(w.b, '\n')
		default:
			return fmt.Errorf("the Winamax format cannot express a %s action", a.Kind)
		}
	}
	if !preflop {
		w.b = append(w.b, "*** PRE-FLOP ***\n"...)
	}
	return nil
}

// sidePots reports whether any collect is from a side pot.
func (w *writer) sidePots() bool {
	for i := range w.h.Actions {
		if a := &w.h.Actions[i]; a.Kind == hand.Collect && a.Pot > 0 {
			return true
		}
	}
	return false
}

// name writes seat i's player's name and a space.
func (w *writer) name(i int) {
	w.b = append(w.b, w.h.PlayerName(i)...)
	w.b = append(w.b, ' ')
}

// post writes a forced bet.
func (w *writer) post(a *hand.Action) error {
	if !a.HasAmount {
		return errors.New("forced bet without an amount")
	}
	w.name(a.Player)
	out := false
	switch a.PostKind {
	case hand.PostSmallBlind:
		w.b = append(w.b, "posts small blind "...)
	case hand.PostBigBlind:
		w.b = append(w.b, "posts big blind "...)
	case hand.PostAnte:
		w.b = append(w.b, "posts ante "...)
	case hand.PostDead, hand.PostBothBlind:
		st := &w.h.Stakes
		if both := a.Amount == st.SmallBlind+st.BigBlind && st.BigBlind > 0; both != (a.PostKind == hand.PostBothBlind) {
			return errors.New("the Winamax format tells a dead small blind from both blinds by its amount only")
		}
		w.b = append(w.b, "posts small blind "...)
		out = true
	default:
		return fmt.Errorf("the Winamax format cannot express a %s post", a.PostKind)
	}
	w.amount(a.Amount)
	if out {
		w.b = append(w.b, " out of position"...)
	}
	w.allIn(a)
	return nil
}

// allIn ends an action line, with the all-in marker if a says so.
func (w *writer) allIn(a *hand.Action) {
	if a.AllIn {
		w.b = append(w.b, " and is all-in"...)
	}
	w.b = append(w.b, '\n')
}

// bet writes a betting action.
func (w *writer) bet(a *hand.Action) error {
	w.name(a.Player)
	switch a.Kind {
	case hand.Fold:
		w.b = append(w.b, "folds\n"...)
		return nil
	case hand.Check:
		w.b = append(w.b, "checks\n"...)
		return nil
	}
	if !a.HasAmount {
		return fmt.Errorf("the Winamax format states the amount of every %s", a.Kind)
	}
	switch a.Kind {
	case hand.Call:
		w.b = append(w.b, "calls "...)
		w.amount(a.Amount)
	case hand.Bet:
		if a.To != a.Amount {
			return errors.New("a bet's total is its amount")
		}
		w.b = append(w.b, "bets "...)
		w.amount(a.Amount)
	case hand.Raise:
		w.b = append(w.b, "raises "...)
		w.amount(a.Amount)
		w.b = append(w.b, " to "...)
		w.amount(a.To)
	}
	w.allIn(a)
	return nil
}

// summary writes the summary: the total pot and rake, the board and a line
// for each seat that won.
func (w *writer) summary() error {
	h := w.h
	o := &h.Outcome
	// Winamax's total pot is what the winners collect: the pot after the
	// rake, with the uncalled bet.
	w.b = append(w.b, "*** SUMMARY ***\nTotal pot "...)
	w.amount(o.TotalPot - o.Rake + w.uncalled)
	if o.Rake == 0 {
		w.b = append(w.b, " | No rake\n"...)
	} else {
		w.b = append(w.b, " | Rake "...)
		w.amount(o.Rake)
		w.b = append(w.b, '\n')
	}
	if len(h.Boards) > 0 && len(h.Boards[0]) > 0 {
		w.b = append(w.b, "Board: "...)
		w.b = appendCards(w.b, h.Boards[0])
		w.b = append(w.b, '\n')
	}
	if o.HasWinnings {
		if len(o.Winnings) != len(h.Seats) {
			return errors.New("winnings not given for every seat")
		}
		some := false
		for i, v := range o.Winnings {
			if i == w.uncalledSeat {
				v += w.uncalled // the summary's "won X" includes it
			}
			if v <= 0 {
				continue
			}
			some = true
			w.b = append(w.b, "Seat "...)
			w.b = strconv.AppendInt(w.b, int64(h.Seats[i].Number), 10)
			w.b = append(w.b, ": "...)
			w.name(i)
			w.b = append(w.b, "won "...)
			w.amount(v)
			w.b = append(w.b, '\n')
		}
		if !some {
			return errors.New("the Winamax format states only positive winnings")
		}
	}
	return nil
}

// appendCards appends " [Ah Kd]"-style cards: a bracket, the cards one
// space apart.
func appendCards(b []byte, cs []cards.Card) []byte {
	if len(b) > 0 && b[len(b)-1] != ' ' && b[len(b)-1] != ']' {
		b = append(b, ' ')
	}
	b = append(b, '[')
	for i, c := range cs {
		if i > 0 {
			b = append(b, ' ')
		}
		b = append(b, c.String()...)
	}
	return append(b, ']')
}
