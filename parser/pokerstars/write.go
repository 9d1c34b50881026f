package pokerstars

// PokerStars writer: the inverse of the PokerStars reader. It prints a
// hand.Hand as PokerStars hand-history text such that reading it back gives
// the same hand, for every hand the text can express: cash games of
// hold'em and Omaha (high, hi/lo; 4, 5 or 6 cards) in no-limit, pot-limit
// and fixed-limit, in a currency or in chips.
//
// The text has sections, and the writer follows the hand's actions through
// them: forced bets, then *** HOLE CARDS *** with a "Dealt to" line for
// each player whose hole cards are known, the betting with each street's
// board, *** SHOW DOWN *** before the first hand is shown or mucked, the
// collections, and the *** SUMMARY *** with the total pot, the main and
// side pots when there are several, the rake, the board and a line per
// seat. The reader deals every player in at *** HOLE CARDS ***, so a hand
// read back has a DealHole for each player, with unknown cards for those
// the record did not show.

import (
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// Writer writes hands as PokerStars text, a blank line between
// hands. Write writes the next hand; a hand the text cannot express is an
// error and nothing is written. Flush writes out what is buffered.
type Writer struct{ *parser.HandWriter }

// NewWriter returns a writer of PokerStars text to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{parser.NewHandWriter(w, func(dst []byte, h *hand.Hand, _ int) ([]byte, error) {
		return AppendHand(dst, h)
	})}
}

// psGameName returns the header's game name ("Hold'em No Limit").
func psGameName(g hand.Game) (string, error) {
	var name string
	switch g.Variant {
	case hand.Holdem:
		name = "Hold'em"
	case hand.Omaha, hand.OmahaHiLo:
		switch g.HoleCards {
		case 0, 4:
			name = "Omaha"
		case 5:
			name = "5 Card Omaha"
		case 6:
			name = "6 Card Omaha"
		default:
			return "", fmt.Errorf("no PokerStars name for Omaha with %d hole cards", g.HoleCards)
		}
		if g.Variant == hand.OmahaHiLo {
			name += " Hi/Lo"
		}
	default:
		return "", fmt.Errorf("the PokerStars writer writes hold'em and Omaha, not %s", g.Variant)
	}
	switch g.Structure {
	case hand.NoLimit:
		return name + " No Limit", nil
	case hand.PotLimit:
		return name + " Pot Limit", nil
	case hand.FixedLimit:
		return name + " Limit", nil
	}
	return "", errors.New("unknown betting structure")
}

// psSign returns the sign written before amounts of a currency.
func psSign(currency string) (string, error) {
	switch currency {
	case "":
		return "", nil
	case "USD":
		return "$", nil
	case "EUR":
		return "€", nil
	case "GBP":
		return "£", nil
	case "INR":
		return "₹", nil
	case "CNY":
		return "¥", nil
	}
	return "", fmt.Errorf("currency %q has no PokerStars sign", currency)
}

// AppendHand appends h as PokerStars text to dst.
func AppendHand(dst []byte, h *hand.Hand) ([]byte, error) {
	var e psEnc
	e.b = dst
	if err := e.hand(h); err != nil {
		return dst, err
	}
	return e.b, nil
}

type psEnc struct {
	b      []byte
	h      *hand.Hand
	sign   string
	scale  int64
	places int
	fixed  bool // a currency: fractions always have all places ("$0.50")
}

func (e *psEnc) s(x string) { e.b = append(e.b, x...) }

func (e *psEnc) nl() { e.b = append(e.b, '\n') }

// amt writes an amount with the currency sign: "$0.05", "$1", "1500".
func (e *psEnc) amt(v hand.Amount) {
	e.s(e.sign)
	e.b = parser.AppendDecimal(e.b, int64(v), e.scale, e.places, e.fixed)
}

func (e *psEnc) name(p int) { e.s(e.h.Seats[p].Player) }

func (e *psEnc) cards(cs []cards.Card) {
	e.b = append(e.b, '[')
	for i, c := range cs {
		if i > 0 {
			e.b = append(e.b, ' ')
		}
		e.b = append(e.b, "23456789TJQKA"[c.Rank()], "cdhs"[c.Suit()])
	}
	e.b = append(e.b, ']')
}

func psKnownCards(cs []cards.Card) bool {
	if len(cs) == 0 {
		return false
	}
	for _, c := range cs {
		if !c.Known() {
			return false
		}
	}
	return true
}

// psSeatState is what the summary says about one seat.
type psSeatState struct {
	foldStreet int // 0 preflop .. 3 river; -1 not folded
	putIn      bool
	showed     []cards.Card
	hasShow    bool
	mucked     bool
	muckCards  []cards.Card
	won        hand.Amount
}

func (e *psEnc) hand(h *hand.Hand) error {
	e.h = h
	n := len(h.Seats)
	if n == 0 {
		return errors.New("hand has no seats")
	}
	if h.Tournament != "" {
		return errors.New("the PokerStars writer writes cash-game hands, not tournament hands")
	}
	if len(h.Outcome.CashOuts) > 0 {
		return errors.New("the PokerStars writer does not write cash-outs")
	}
	if h.Cancelled {
		return errors.New("the PokerStars writer does not write cancelled hands")
	}
	if h.ID == "" {
		return errors.New("a PokerStars hand needs a numeric hand ID")
	}
	for i := 0; i < len(h.ID); i++ {
		if h.ID[i] < '0' || h.ID[i] > '9' {
			return fmt.Errorf("hand ID %q is not a number, as PokerStars hand IDs are", h.ID)
		}
	}
	if h.Start.IsZero() {
		return errors.New("a PokerStars hand needs its start time")
	}
	game, err := psGameName(h.Game)
	if err != nil {
		return err
	}
	if e.sign, err = psSign(h.Currency); err != nil {
		return err
	}
	e.scale = h.Scale
	if e.scale <= 0 {
		e.scale = 1
	}
	e.places = 0
	for s := e.scale; s > 1; s /= 10 {
		if s%10 != 0 {
			return fmt.Errorf("hand scale %d is not a power of ten", h.Scale)
		}
		e.places++
	}
	e.fixed = h.Currency != ""
	if e.fixed && e.places != 2 {
		return fmt.Errorf("a currency hand is written in cents (scale 100), not at scale %d", h.Scale)
	}
	for i := range h.Seats {
		if h.Seats[i].Player == "" {
			return fmt.Errorf("seat %d has no player name", h.Seats[i].Number)
		}
		if i > 0 && h.Seats[i].Number <= h.Seats[i-1].Number {
			return errors.New("seats must be in seat-number order")
		}
	}

	// Header.
	site := h.Site
	if site == "" {
		site = "PokerStars"
	}
	if site != "PokerStars" && site != "PPPoker" {
		return fmt.Errorf("site %q does not write PokerStars text", site)
	}
	e.s(site)
	e.s(" Hand #")
	e.s(h.ID)
	e.s(":  ")
	e.s(game)
	e.s(" (")
	lo, hi := h.Stakes.SmallBlind, h.Stakes.BigBlind
	if h.Game.Structure == hand.FixedLimit {
		lo, hi = h.Stakes.SmallBet, h.Stakes.BigBet
	}
	e.amt(lo)
	e.s("/")
	e.amt(hi)
	if h.Stakes.Cap > 0 {
		e.s(" - ")
		e.amt(h.Stakes.Cap)
		e.s(" Cap -")
	}
	if h.Currency != "" {
		e.s(" ")
		e.s(h.Currency)
	}
	e.s(") - ")
	e.b = h.Start.In(psET()).AppendFormat(e.b, "2006/01/02 15:04:05")
	e.s(" ET\n")

	// Table and seats.
	e.s("Table '")
	e.s(h.Table)
	e.s("'")
	if h.MaxSeats > 0 {
		e.s(" ")
		e.b = strconv.AppendInt(e.b, int64(h.MaxSeats), 10)
		e.s("-max")
	}
	if h.Button > 0 {
		e.s(" Seat #")
		e.b = strconv.AppendInt(e.b, int64(h.Button), 10)
		e.s(" is the button")
	}
	e.nl()
	for i := range h.Seats {
		s := &h.Seats[i]
		e.s("Seat ")
		e.b = strconv.AppendInt(e.b, int64(s.Number), 10)
		e.s(": ")
		e.s(s.Player)
		e.s(" (")
		e.amt(s.Stack)
		e.s(" in chips)")
		if s.SittingOut {
			e.s(" is sitting out")
		}
		e.nl()
	}
	return e.body()
}

// body writes the actions, section by section, then the summary.
func (e *psEnc) body() error {
	h := e.h
	n := len(h.Seats)
	state := make([]psSeatState, n)
	for i := range state {
		state[i].foldStreet = -1
	}
	stack := make([]hand.Amount, n)
	bet := make([]hand.Amount, n)
	var committed, returned hand.Amount
	for i := range h.Seats {
		stack[i] = h.Seats[i].Stack
	}
	var level hand.Amount
	street := 0
	holeCards := false
	showdown := false
	var board []cards.Card
	sbSeat, bbSeat := -1, -1
	multiPot := len(h.Outcome.Pots) > 1
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Kind == hand.Collect && a.Pot > 0 {
			multiPot = true
		}
	}
	allIn := func(a *hand.Action) {
		if a.AllIn {
			e.s(" and is all-in")
		}
	}
	put := func(p int, v hand.Amount) {
		stack[p] -= v
		bet[p] += v
		committed += v
		level = max(level, bet[p])
		if v > 0 {
			state[p].putIn = true
		}
	}
	for i := range h.Actions {
		a := &h.Actions[i]
		p := a.Player
		if a.Kind != hand.DealBoard && (p < 0 || p >= n) {
			return fmt.Errorf("action %d: %s by no seated player", i, a.Kind)
		}
		if a.Kind != hand.Post && !holeCards {
			e.s("*** HOLE CARDS ***\n")
			holeCards = true
		}
		if (a.Kind == hand.Show || a.Kind == hand.Muck) && !showdown {
			e.s("*** SHOW DOWN ***\n")
			showdown = true
		}
		switch a.Kind {
		case hand.Post:
			if holeCards {
				return fmt.Errorf("action %d: forced bet after the deal", i)
			}
			e.name(p)
			e.s(": posts ")
			live := true
			switch a.PostKind {
			case hand.PostSmallBlind:
				e.s("small blind ")
				if sbSeat < 0 {
					sbSeat = p
				}
			case hand.PostBigBlind:
				e.s("big blind ")
				if bbSeat < 0 {
					bbSeat = p
				}
			case hand.PostAnte:
				e.s("the ante ")
				live = false
			case hand.PostStraddle:
				e.s("straddle ")
			case hand.PostDead:
				e.s("dead blind ")
				live = false
			case hand.PostBothBlind:
				e.s("small & big blinds ")
				live = false
			default:
				return fmt.Errorf("action %d: unknown forced bet", i)
			}
			e.amt(a.Amount)
			allIn(a)
			e.nl()
			if live {
				put(p, a.Amount)
			} else {
				stack[p] -= a.Amount
				committed += a.Amount
			}
		case hand.DealHole:
			if psKnownCards(a.Cards) {
				e.s("Dealt to ")
				e.name(p)
				e.s(" ")
				e.cards(a.Cards)
				e.nl()
			}
		case hand.DealBoard:
			if a.Board != 0 {
				return fmt.Errorf("action %d: the PokerStars writer does not write a second board", i)
			}
			if showdown {
				return fmt.Errorf("action %d: board dealt after the showdown began", i)
			}
			if !psKnownCards(a.Cards) {
				return fmt.Errorf("action %d: board cards must be known", i)
			}
			switch {
			case len(board) == 0 && len(a.Cards) == 3:
				e.s("*** FLOP *** ")
			case len(board) == 3 && len(a.Cards) == 1:
				e.s("*** TURN *** ")
				e.cards(board)
				e.s(" ")
			case len(board) == 4 && len(a.Cards) == 1:
				e.s("*** RIVER *** ")
				e.cards(board)
				e.s(" ")
			default:
				return fmt.Errorf("action %d: PokerStars deals a flop of three, then one card, then one", i)
			}
			e.cards(a.Cards)
			e.nl()
			board = append(board, a.Cards...)
			street++
			clear(bet)
			level = 0
		case hand.Fold:
			e.name(p)
			e.s(": folds\n")
			state[p].foldStreet = street
		case hand.Check:
			e.name(p)
			e.s(": checks\n")
		case hand.Call:
			v := a.Amount
			if !a.HasAmount {
				v = min(max(level-bet[p], 0), stack[p])
			}
			e.name(p)
			e.s(": calls ")
			e.amt(v)
			allIn(a)
			e.nl()
			put(p, v)
		case hand.Bet, hand.Raise:
			to := a.To
			if to <= 0 {
				return fmt.Errorf("action %d: %s without a total", i, a.Kind)
			}
			e.name(p)
			if a.Kind == hand.Bet {
				e.s(": bets ")
				e.amt(to)
			} else {
				by := a.Amount
				if !a.HasAmount {
					by = to - level
				}
				e.s(": raises ")
				e.amt(by)
				e.s(" to ")
				e.amt(to)
			}
			allIn(a)
			e.nl()
			put(p, to-bet[p])
		case hand.UncalledReturn:
			e.s("Uncalled bet (")
			e.amt(a.Amount)
			e.s(") returned to ")
			e.name(p)
			e.nl()
			stack[p] += a.Amount
			bet[p] -= a.Amount
			returned += a.Amount
		case hand.Show:
			if !psKnownCards(a.Cards) {
				return fmt.Errorf("action %d: shown cards must be known", i)
			}
			e.name(p)
			e.s(": shows ")
			e.cards(a.Cards)
			if d := psDescribe(h, a.Cards, board); d != "" {
				e.s(" (")
				e.s(d)
				e.s(")")
			}
			e.nl()
			state[p].showed, state[p].hasShow, state[p].mucked = a.Cards, true, false
		case hand.Muck:
			e.name(p)
			e.s(": mucks hand")
			if psKnownCards(a.Cards) {
				e.s(" ")
				e.cards(a.Cards)
			}
			e.nl()
			if !state[p].hasShow {
				state[p].mucked, state[p].muckCards = true, a.Cards
			}
		case hand.Collect:
			e.name(p)
			e.s(" collected ")
			e.amt(a.Amount)
			switch {
			case !multiPot:
				e.s(" from pot\n")
			case a.Pot <= 0:
				e.s(" from main pot\n")
			default:
				e.s(" from side pot-")
				e.b = strconv.AppendInt(e.b, int64(a.Pot), 10)
				e.nl()
			}
			state[p].won += a.Amount
		default:
			return fmt.Errorf("action %d: the PokerStars writer does not write a %s", i, a.Kind)
		}
	}
	if !holeCards {
		e.s("*** HOLE CARDS ***\n")
	}
	if h.Outcome.HasWinnings {
		if len(h.Outcome.Winnings) != n {
			return errors.New("winnings do not match the seats")
		}
		for p := range state {
			state[p].won = h.Outcome.Winnings[p]
		}
	}

	// Summary.
	o := &h.Outcome
	e.s("*** SUMMARY ***\nTotal pot ")
	total := o.TotalPot
	if !o.HasTotalPot {
		total = committed - returned
	}
	e.amt(total)
	if len(o.Pots) > 1 {
		e.s(" Main pot ")
		e.amt(o.Pots[0])
		e.s(".")
		for k := 1; k < len(o.Pots); k++ {
			e.s(" Side pot-")
			e.b = strconv.AppendInt(e.b, int64(k), 10)
			e.s(" ")
			e.amt(o.Pots[k])
			e.s(".")
		}
	}
	if o.HasRake {
		e.s(" | Rake ")
		e.amt(o.Rake)
	}
	for _, f := range o.Fees {
		if f.Name == "" || f.Name == "Rake" {
			return errors.New("a fee needs a name other than Rake")
		}
		e.s(" | ")
		e.s(f.Name)
		e.s(" ")
		e.amt(f.Amount)
	}
	e.nl()
	if len(board) > 0 {
		e.s("Board ")
		e.cards(board)
		e.nl()
	}
	streets := [...]string{"before Flop", "on the Flop", "on the Turn", "on the River"}
	for p := range h.Seats {
		s := &h.Seats[p]
		st := &state[p]
		e.s("Seat ")
		e.b = strconv.AppendInt(e.b, int64(s.Number), 10)
		e.s(": ")
		e.s(psSummaryName(h, p))
		if s.Number == h.Button {
			e.s(" (button)")
		}
		if p == sbSeat {
			e.s(" (small blind)")
		} else if p == bbSeat {
			e.s(" (big blind)")
		}
		switch {
		case s.SittingOut:
			e.s(" is sitting out")
		case st.hasShow && !h.Outcome.HasWinnings:
			// A summary without amounts (PPPoker) says only what was shown.
			e.s(" showed ")
			e.cards(st.showed)
		case st.mucked && !h.Outcome.HasWinnings:
			e.s(" mucked")
			if psKnownCards(st.muckCards) {
				e.s(" ")
				e.cards(st.muckCards)
			}
		case st.hasShow:
			e.s(" showed ")
			e.cards(st.showed)
			if st.won > 0 {
				e.s(" and won (")
				e.amt(st.won)
				e.s(")")
			} else {
				e.s(" and lost")
			}
			if d := psDescribe(h, st.showed, board); d != "" {
				e.s(" with ")
				e.s(d)
			}
		case st.won > 0:
			e.s(" collected (")
			e.amt(st.won)
			e.s(")")
		case st.mucked:
			e.s(" mucked")
			if psKnownCards(st.muckCards) {
				e.s(" ")
				e.cards(st.muckCards)
			}
		case st.foldStreet >= 0:
			e.s(" folded ")
			e.s(streets[min(st.foldStreet, 3)])
			if st.foldStreet == 0 && !st.putIn {
				e.s(" (didn't bet)")
			}
		default:
			e.s(" lost")
		}
		e.nl()
	}
	return nil
}

// psDescribe names a shown high hand the way the room does ("two pair, Kings
// and Fours"), or "" when the board is not complete.
func psDescribe(h *hand.Hand, hole, board []cards.Card) string {
	if len(board) != 5 || !psKnownCards(hole) {
		return ""
	}
	var v cards.HandRank
	switch h.Game.Variant {
	case hand.Holdem:
		all := make([]cards.Card, 0, 7)
		all = append(append(all, hole...), board...)
		v = cards.EvalHigh(all)
	case hand.Omaha, hand.OmahaHiLo:
		v = cards.EvalOmaha(hole, board)
	default:
		return ""
	}
	if v == cards.NoHand {
		return ""
	}
	return v.String()
}

// psSummaryName is the name the summary gives seat index p: the seat
// list's, unless the record's summary named another (Outcome.Misnamed).
func psSummaryName(h *hand.Hand, p int) string {
	for _, m := range h.Outcome.Misnamed {
		if m.Player == p {
			return m.Name
		}
	}
	return h.Seats[p].Player
}
