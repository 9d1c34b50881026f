package phh

// PHH writer: the inverse of the PHH reader. It prints a hand.Hand as a PHH
// TOML document (or as one table of a .phhs file) such that reading it back
// gives the same hand, for every hand PHH can express.
//
// PHH records less than a room log, so some of a Hand is not written:
// forced bets are not actions but the antes and blinds_or_straddles fields
// (the reader posts them again), a call has no amount ("cc"), and there are
// no uncalled-bet returns or collections (the outcome is finishing_stacks
// and winnings). A hand PHH cannot express at all (a game without a PHH
// variant code, a run-twice board, a dead blind, a seat sitting out, blinds
// not posted from the first seats) is an error, never a silently different
// hand.

import (
	"errors"
	"fmt"
	"io"
	"strconv"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// Writer writes hands to a .phhs stream: each hand is a table [1], [2],
// ... in the order written, with a blank line between hands. Write writes
// the next hand; a hand PHH cannot express is an error and nothing is
// written. Flush writes out what is buffered.
type Writer struct{ *parser.HandWriter }

// NewWriter returns a writer of a .phhs stream to w.
func NewWriter(w io.Writer) *Writer {
	return &Writer{parser.NewHandWriter(w, AppendHand)}
}

// phhCodeFor returns the PHH variant code of a game.
func phhCodeFor(g hand.Game) (string, error) {
	hole := g.HoleCards
	switch {
	case g.Variant == hand.Holdem && g.Structure == hand.NoLimit:
		return "NT", nil
	case g.Variant == hand.Holdem && g.Structure == hand.FixedLimit:
		return "FT", nil
	case g.Variant == hand.ShortDeck && g.Structure == hand.NoLimit:
		return "NS", nil
	case g.Variant == hand.Omaha && g.Structure == hand.PotLimit && (hole == 4 || hole == 0):
		return "PO", nil
	case g.Variant == hand.OmahaHiLo && g.Structure == hand.FixedLimit && (hole == 4 || hole == 0):
		return "FO/8", nil
	case g.Variant == hand.Stud && g.Structure == hand.FixedLimit:
		return "F7S", nil
	case g.Variant == hand.StudHiLo && g.Structure == hand.FixedLimit:
		return "F7S/8", nil
	case g.Variant == hand.Razz && g.Structure == hand.FixedLimit:
		return "FR", nil
	case g.Variant == hand.Deuce7Single && g.Structure == hand.NoLimit:
		return "N2L1D", nil
	case g.Variant == hand.Deuce7Triple && g.Structure == hand.FixedLimit:
		return "F2L3D", nil
	case g.Variant == hand.Badugi && g.Structure == hand.FixedLimit:
		return "FB", nil
	}
	return "", fmt.Errorf("PHH has no variant code for %s %s with %d hole cards", g.Structure, g.Variant, hole)
}

// AppendHand appends h in PHH notation to dst. With table > 0 the hand is
// written as the table [table] of a .phhs file; with 0, as a bare .phh
// document. Amounts are written at the hand's Scale (a power of ten):
// whole chips as integers, fractions as exact decimals.
func AppendHand(dst []byte, h *hand.Hand, table int) ([]byte, error) {
	var e phhEnc
	e.b = dst
	if err := e.hand(h, table); err != nil {
		return dst, err
	}
	return e.b, nil
}

type phhEnc struct {
	b      []byte
	places int
	scale  int64
}

func (e *phhEnc) hand(h *hand.Hand, table int) error {
	code, err := phhCodeFor(h.Game)
	if err != nil {
		return err
	}
	n := len(h.Seats)
	if n < 2 {
		return errors.New("a PHH hand needs at least two players")
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
	for i := range h.Seats {
		s := &h.Seats[i]
		if s.SittingOut {
			return fmt.Errorf("seat %d is sitting out: PHH deals every listed player in", s.Number)
		}
		if s.Stack <= 0 {
			return fmt.Errorf("seat %d has no chips: PHH starting stacks are positive", s.Number)
		}
	}
	if h.Button != 0 && h.Button != h.Seats[n-1].Number {
		return errors.New("PHH lists the players from the small blind to the button: the button must be the last seat")
	}

	// Forced bets: what each player posted, back to the nominal amounts the
	// reader trims again.
	antes := make([]hand.Amount, n)
	blinds := make([]hand.Amount, n)
	// position: the blinds_or_straddles index a seat posts at.
	position := func(p int) int {
		if n == 2 {
			return 1 - p
		}
		return p
	}
	posted := make([]hand.Amount, n)
	straddle := 0
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind != hand.Post {
			continue
		}
		p := a.Player
		if p < 0 || p >= n {
			return fmt.Errorf("action %d: forced bet by no seated player", i)
		}
		left := h.Seats[p].Stack - posted[p]
		posted[p] += a.Amount
		nominal := func(stake hand.Amount) hand.Amount {
			if a.Amount == left && stake > a.Amount {
				return stake // all-in for less: the reader trims it again
			}
			return a.Amount
		}
		switch a.PostKind {
		case hand.PostAnte:
			j := position(p)
			if antes[j] != 0 {
				return fmt.Errorf("action %d: %s posts a second ante", i, h.Seats[p].Player)
			}
			antes[j] = nominal(h.Stakes.Ante)
		case hand.PostSmallBlind, hand.PostBigBlind, hand.PostStraddle:
			want, stake := 0, h.Stakes.SmallBlind
			switch a.PostKind {
			case hand.PostBigBlind:
				want, stake = 1, h.Stakes.BigBlind
			case hand.PostStraddle:
				want = max(position(p), 2) // any seat after the big blind
				stake = 0
				if straddle < len(h.Stakes.Straddles) {
					stake = h.Stakes.Straddles[straddle]
				}
				straddle++
			}
			if want >= n || position(p) != want {
				return fmt.Errorf("action %d: %s posts the %s from the wrong seat: PHH lists players from the small blind", i, h.Seats[p].Player, a.PostKind)
			}
			if blinds[want] != 0 {
				return fmt.Errorf("action %d: a second %s", i, a.PostKind)
			}
			blinds[want] = nominal(stake)
		default:
			return fmt.Errorf("action %d: PHH cannot record a %s forced bet", i, a.PostKind)
		}
	}

	if table > 0 {
		e.s("[")
		e.b = strconv.AppendInt(e.b, int64(table), 10)
		e.s("]\n")
	}
	e.s("variant = ")
	e.str(code)
	e.nl()
	if h.AnteTrimming {
		e.s("ante_trimming_status = true\n")
	}
	e.s("antes = ")
	e.amounts(antes)
	if h.Game.Variant.IsStud() {
		// Stud has no blinds: the bring-in opens.
		if h.Stakes.BringIn <= 0 {
			return errors.New("a stud PHH hand needs its bring-in")
		}
		e.s("bring_in = ")
		e.amt(h.Stakes.BringIn)
		e.nl()
	} else {
		e.s("blinds_or_straddles = ")
		e.amounts(blinds)
	}
	switch h.Game.Structure {
	case hand.FixedLimit:
		small, big := h.Stakes.SmallBet, h.Stakes.BigBet
		if small <= 0 || big <= 0 {
			return errors.New("a fixed-limit PHH hand needs its small and big bet")
		}
		e.s("small_bet = ")
		e.amt(small)
		e.s("\nbig_bet = ")
		e.amt(big)
		e.nl()
	default:
		minBet := h.Stakes.MinBet
		if minBet <= 0 {
			minBet = h.Stakes.BigBlind
		}
		if minBet <= 0 {
			return errors.New("a big-bet PHH hand needs its minimum bet")
		}
		e.s("min_bet = ")
		e.amt(minBet)
		e.nl()
	}
	e.s("starting_stacks = [")
	for i := range h.Seats {
		if i > 0 {
			e.s(", ")
		}
		e.amt(h.Seats[i].Stack)
	}
	e.s("]\n")
	if err := e.actions(h); err != nil {
		return err
	}

	// Metadata.
	if h.ID != "" {
		e.s("hand = ")
		e.strOrInt(h.ID)
		e.nl()
	}
	if h.Table != "" {
		e.s("table = ")
		e.strOrInt(h.Table)
		e.nl()
	}
	if h.Site != "" {
		e.s("venue = ")
		e.str(h.Site)
		e.nl()
	}
	if h.Currency != "" {
		e.s("currency = ")
		e.str(h.Currency)
		e.nl()
	}
	if h.MaxSeats > 0 {
		e.s("seat_count = ")
		e.b = strconv.AppendInt(e.b, int64(h.MaxSeats), 10)
		e.nl()
	}
	e.s("seats = [")
	for i := range h.Seats {
		if i > 0 {
			e.s(", ")
		}
		e.b = strconv.AppendInt(e.b, int64(h.Seats[i].Number), 10)
	}
	e.s("]\nplayers = [")
	for i := range h.Seats {
		if i > 0 {
			e.s(", ")
		}
		e.str(h.Seats[i].Player)
	}
	e.s("]\n")
	if !h.Start.IsZero() {
		t := h.Start.UTC()
		e.s("year = ")
		e.b = strconv.AppendInt(e.b, int64(t.Year()), 10)
		e.s("\nmonth = ")
		e.b = strconv.AppendInt(e.b, int64(t.Month()), 10)
		e.s("\nday = ")
		e.b = strconv.AppendInt(e.b, int64(t.Day()), 10)
		e.s("\ntime = ")
		e.b = t.AppendFormat(e.b, time.TimeOnly)
		e.s("\ntime_zone = 'UTC'\n")
	}
	o := &h.Outcome
	if o.HasFinishingStacks {
		if len(o.FinishingStacks) != n {
			return errors.New("finishing stacks do not match the seats")
		}
		e.s("finishing_stacks = ")
		e.amounts(o.FinishingStacks)
	}
	if o.HasWinnings {
		if len(o.Winnings) != n {
			return errors.New("winnings do not match the seats")
		}
		e.s("winnings = ")
		e.amounts(o.Winnings)
	}
	return nil
}

// actions writes the actions field: one notation per action, forced bets
// and pushes left out (PHH has none).
func (e *phhEnc) actions(h *hand.Hand) error {
	n := len(h.Seats)
	e.s("actions = [")
	first := true
	sep := func() {
		if !first {
			e.s(", ")
		}
		first = false
		e.b = append(e.b, '\'')
	}
	player := func(p int) {
		e.b = append(e.b, 'p')
		e.b = strconv.AppendInt(e.b, int64(p+1), 10)
	}
	for i := range h.Actions {
		a := &h.Actions[i]
		switch a.Kind {
		case hand.Post, hand.UncalledReturn, hand.Collect:
			continue
		case hand.DealBoard:
			if a.Board != 0 {
				return fmt.Errorf("action %d: PHH cannot record a second board", i)
			}
			if len(a.Cards) == 0 {
				return fmt.Errorf("action %d: board dealt without cards", i)
			}
			sep()
			e.s("d db ")
			e.cards(a.Cards)
		case hand.DealHole:
			if a.Player < 0 || a.Player >= n {
				return fmt.Errorf("action %d: hole cards dealt to no seated player", i)
			}
			if len(a.Cards) == 0 {
				return fmt.Errorf("action %d: hole cards dealt without cards", i)
			}
			sep()
			e.s("d dh ")
			player(a.Player)
			e.b = append(e.b, ' ')
			e.cards(a.Cards)
		default:
			if a.Player < 0 || a.Player >= n {
				return fmt.Errorf("action %d: %s by no seated player", i, a.Kind)
			}
			sep()
			player(a.Player)
			switch a.Kind {
			case hand.Fold:
				e.s(" f")
			case hand.Check, hand.Call:
				e.s(" cc")
			case hand.BringIn:
				// "pb" posts the stakes' bring-in (the reader trims it to the
				// stack): another amount is a "cbr" of it.
				if !h.Game.Variant.IsStud() {
					return fmt.Errorf("action %d: PHH cannot record a %s outside stud", i, a.Kind)
				}
				if a.Amount != min(h.Stakes.BringIn, a.Amount) || a.Amount < h.Stakes.BringIn && !a.AllIn {
					return fmt.Errorf("action %d: a bring-in of %d where the stakes say %d: PHH records the bring-in without an amount", i, a.Amount, h.Stakes.BringIn)
				}
				e.s(" pb")
			case hand.Bet, hand.Raise:
				to := a.To
				if to <= 0 {
					return fmt.Errorf("action %d: %s without a total (PHH records bets and raises to a total)", i, a.Kind)
				}
				e.s(" cbr ")
				e.amt(to)
			case hand.Discard:
				e.s(" sd")
				if len(a.Cards) > 0 {
					e.b = append(e.b, ' ')
					e.cards(a.Cards)
				}
			case hand.Show:
				if len(a.Cards) == 0 {
					return fmt.Errorf("action %d: show without cards", i)
				}
				e.s(" sm ")
				e.cards(a.Cards)
			case hand.Muck:
				e.s(" sm") // PHH mucks without naming the cards
			default:
				return fmt.Errorf("action %d: PHH cannot record a %s", i, a.Kind)
			}
		}
		e.b = append(e.b, '\'')
	}
	e.s("]\n")
	return nil
}

func (e *phhEnc) s(x string) { e.b = append(e.b, x...) }
func (e *phhEnc) nl()        { e.b = append(e.b, '\n') }

// amt writes an amount at the hand's scale: an integer, or an exact
// decimal without trailing zeros.
func (e *phhEnc) amt(v hand.Amount) {
	e.b = parser.AppendDecimal(e.b, int64(v), e.scale, e.places, false)
}

func (e *phhEnc) amounts(vs []hand.Amount) {
	e.b = append(e.b, '[')
	for i, v := range vs {
		if i > 0 {
			e.s(", ")
		}
		e.amt(v)
	}
	e.s("]\n")
}

func (e *phhEnc) cards(cs []cards.Card) {
	for _, c := range cs {
		if !c.Known() {
			e.s("??")
			continue
		}
		e.b = append(e.b, "23456789TJQKA"[c.Rank()], "cdhs"[c.Suit()])
	}
}

// str writes a TOML string: a literal string when it can be one, else a
// basic string with escapes.
func (e *phhEnc) str(x string) {
	literal := true
	for i := 0; i < len(x); i++ {
		if c := x[i]; c == '\'' || c < 0x20 || c == 0x7f {
			literal = false
			break
		}
	}
	if literal {
		e.b = append(e.b, '\'')
		e.b = append(e.b, x...)
		e.b = append(e.b, '\'')
		return
	}
	e.b = append(e.b, '"')
	for i := 0; i < len(x); i++ {
		switch c := x[i]; {
		case c == '"' || c == '\\':
			e.b = append(e.b, '\\', c)
		case c == '\n':
			e.s(`\n`)
		case c == '\t':
			e.s(`\t`)
		case c < 0x20 || c == 0x7f:
			e.s(`\u00`)
			e.b = append(e.b, "0123456789abcdef"[c>>4], "0123456789abcdef"[c&15])
		default:
			e.b = append(e.b, c)
		}
	}
	e.b = append(e.b, '"')
}

// strOrInt writes a hand or table name: a bare integer when it is one
// (PHH writes hand = 22), else a string.
func (e *phhEnc) strOrInt(x string) {
	if len(x) > 0 && len(x) < 19 && (x[0] != '0' || len(x) == 1) {
		digits := true
		for i := 0; i < len(x); i++ {
			if x[i] < '0' || x[i] > '9' {
				digits = false
				break
			}
		}
		if digits {
			e.s(x)
			return
		}
	}
	e.str(x)
}
