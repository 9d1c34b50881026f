package ipoker

// The iPoker writer: the inverse of the reader. It writes a hand as one
// <session> holding one <game>, such that reading it back gives the same
// hand, for every hand the format can express: hold'em, short-deck and
// Omaha (high, hi-lo) cash games and tournaments, no-limit, pot-limit and
// fixed-limit, with small and big blinds, antes and dead small blinds
// posted with the big. Stud is not written, nor straddles or dead blinds
// alone (iPoker has no type for them), nor run-it-twice boards.
//
// iPoker states no pots and no collections: each player's bet (chips put
// in) and win (chips taken back: pots won and bets returned). The writer
// works them out from the hand's collects and returned bets, or, for a
// hand that has none, from its finishing stacks.

import (
	"fmt"
	"html"
	"strconv"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// Writer writes hands as iPoker XML, a session per hand.
type Writer struct{ *parser.HandWriter }

// NewWriterTo returns a writer of iPoker XML.
func NewWriterTo(w interface{ Write([]byte) (int, error) }) *Writer {
	return &Writer{parser.NewHandWriter(w, AppendHand)}
}

// AppendHand appends h to dst as the n-th hand (from 1) of a stream: a
// <session> with its header and h's <game>. A hand the format cannot
// express is an error, and dst is returned unchanged.
func AppendHand(dst []byte, h *hand.Hand, n int) ([]byte, error) {
	w := writer{h: h, n: len(h.Seats)}
	out, err := w.write(dst, n)
	if err != nil {
		return dst, err
	}
	return out, nil
}

type writer struct {
	h      *hand.Hand
	n      int
	sign   string // currency sign before amounts
	places int
	b      []byte
}

func (w *writer) write(dst []byte, n int) ([]byte, error) {
	h := w.h
	name, err := gameTypeName(h.Game)
	if err != nil {
		return nil, err
	}
	if w.sign, err = currencySign(h.Currency); err != nil {
		return nil, err
	}
	for s := h.Scale; s > 1; s /= 10 {
		if s%10 != 0 {
			return nil, fmt.Errorf("scale %d is not a power of ten", h.Scale)
		}
		w.places++
	}
	if len(h.Boards) > 1 {
		return nil, fmt.Errorf("iPoker records one board; the hand has %d", len(h.Boards))
	}
	for _, s := range h.Seats {
		if s.Number < 1 {
			return nil, fmt.Errorf("seat number %d", s.Number)
		}
	}
	st := h.Stakes
	stakes := ""
	switch h.Game.Structure {
	case hand.FixedLimit:
		if st.SmallBet != st.BigBlind || st.BigBet != 2*st.SmallBet {
			return nil, fmt.Errorf("iPoker limit stakes are a small bet equal to the big blind and a big bet twice it")
		}
		stakes = w.stake(st.SmallBet) + "/" + w.stake(st.BigBet)
	default:
		stakes = w.stake(st.SmallBlind) + "/" + w.stake(st.BigBlind)
	}
	if st.Ante > 0 {
		stakes += " Ante " + w.stake(st.Ante)
	}
	if len(st.Straddles) > 0 || st.Cap > 0 || st.BigBlindAnte {
		return nil, fmt.Errorf("iPoker has no straddles, caps or big-blind antes")
	}

	bets, wins := w.betsAndWins()

	b := dst
	if n <= 1 {
		b = append(b, `<?xml version="1.0" encoding="utf-8"?>`+"\n"...)
	}
	b = fmt.Appendf(b, "<session sessioncode=\"%d\">\n <general>\n", n)
	mode := "real"
	if h.Currency == "" && h.Tournament == "" && h.Scale > 1 {
		mode = "play"
	}
	b = element(b, "  ", "mode", mode)
	b = element(b, "  ", "gametype", name+" "+stakes)
	b = element(b, "  ", "tablename", h.Table)
	if h.Tournament != "" {
		b = element(b, "  ", "tournamentcode", h.Tournament)
	} else if h.Currency != "" {
		b = element(b, "  ", "tablecurrency", h.Currency)
	}
	if h.MaxSeats > 0 {
		b = element(b, "  ", "tablesize", strconv.Itoa(h.MaxSeats))
	}
	b = append(b, " </general>\n"...)
	b = fmt.Appendf(b, " <game gamecode=\"%s\">\n  <general>\n", html.EscapeString(h.ID))
	if !h.Start.IsZero() {
		b = element(b, "   ", "startdate", h.Start.UTC().Format("2006-01-02 15:04:05"))
	}
	b = append(b, "   <players>\n"...)
	for i, s := range h.Seats {
		dealer := 0
		if s.Number == h.Button {
			dealer = 1
		}
		b = fmt.Appendf(b, "    <player seat=\"%d\" name=\"%s\" chips=\"%s\" dealer=\"%d\" win=\"%s\" bet=\"%s\"/>\n",
			s.Number, html.EscapeString(s.Player), w.money(s.Stack), dealer, w.money(wins[i]), w.money(bets[i]))
	}
	b = append(b, "   </players>\n  </general>\n"...)
	w.b = b
	if err := w.rounds(); err != nil {
		return nil, err
	}
	b = append(w.b, " </game>\n</session>\n"...)
	return b, nil
}

// betsAndWins works out each seat's bet and win.
func (w *writer) betsAndWins() (bets, wins []hand.Amount) {
	h := w.h
	bets, wins = make([]hand.Amount, w.n), make([]hand.Amount, w.n)
	street := make([]hand.Amount, w.n)
	collects := false
	for _, a := range h.Actions {
		p := a.Player
		if a.Kind == hand.DealBoard {
			clear(street)
		}
		if p < 0 || p >= w.n {
			continue
		}
		put := w.chipsPut(&a, street)
		bets[p] += put
		switch a.Kind {
		case hand.Collect, hand.UncalledReturn:
			wins[p] += a.Amount
			collects = true
		}
	}
	if !collects && h.Outcome.HasFinishingStacks && len(h.Outcome.FinishingStacks) == w.n {
		// The finishing stack is chips - bet + win. A record whose bet
		// is more than its actions put in (a record at fault) keeps it.
		for p := range wins {
			fin := h.Outcome.FinishingStacks[p]
			wins[p] = max(0, fin-h.Seats[p].Stack+bets[p])
			bets[p] = h.Seats[p].Stack - fin + wins[p]
		}
	}
	return bets, wins
}

// chipsPut returns the chips action a puts in, keeping the round's totals.
func (w *writer) chipsPut(a *hand.Action, street []hand.Amount) hand.Amount {
	p := a.Player
	var put hand.Amount
	switch a.Kind {
	case hand.Post:
		put = a.Amount
		switch a.PostKind {
		case hand.PostAnte:
			return put
		case hand.PostBothBlind:
			street[p] += w.h.Stakes.BigBlind
			return put
		}
		street[p] += put
	case hand.Call, hand.BringIn:
		put = a.Amount
		street[p] += put
	case hand.Bet, hand.Raise:
		put = a.To - street[p]
		street[p] = a.To
	}
	return put
}

// rounds writes the posts, then a round per street.
func (w *writer) rounds() error {
	h := w.h
	street := make([]hand.Amount, w.n)
	no := 0
	round := -1
	open := func(r int) {
		if round >= 0 {
			w.b = append(w.b, "  </round>\n"...)
		}
		round = r
		w.b = fmt.Appendf(w.b, "  <round no=\"%d\">\n", r)
	}
	shown := make([][]cards.Card, w.n)
	for _, a := range h.Actions {
		if a.Kind == hand.Show && a.Player >= 0 && a.Player < w.n {
			shown[a.Player] = a.Cards
		}
	}
	open(0)
	boards := 0
	for i := range h.Actions {
		a := &h.Actions[i]
		p := a.Player
		switch a.Kind {
		case hand.DealHole:
			if round < 1 {
				open(1)
			}
			cs := a.Cards
			if known := shown[p]; len(known) == len(cs) && !allKnown(cs) {
				cs = known
			}
			w.b = fmt.Appendf(w.b, "   <cards type=\"Pocket\" player=\"%s\">%s</cards>\n", html.EscapeString(h.Seats[p].Player), cardText(cs))
			continue
		case hand.DealBoard:
			if a.Board != 0 {
				return fmt.Errorf("iPoker records one board")
			}
			names := [...]string{"Flop", "Turn", "River"}
			if boards >= len(names) {
				return fmt.Errorf("more than three board deals")
			}
			open(max(round+1, 2))
			w.b = fmt.Appendf(w.b, "   <cards type=\"%s\" player=\"\">%s</cards>\n", names[boards], cardText(a.Cards))
			boards++
			clear(street)
			continue
		case hand.Show, hand.Muck, hand.Collect, hand.UncalledReturn:
			continue
		case hand.Discard:
			return fmt.Errorf("iPoker writes no draw games")
		}
		if p < 0 || p >= w.n {
			return fmt.Errorf("action %d by no seated player", i)
		}
		typ := ""
		before := street[p]
		put := w.chipsPut(a, street)
		sum := put
		switch a.Kind {
		case hand.Post:
			switch a.PostKind {
			case hand.PostSmallBlind:
				typ = typeSmallBlind
			case hand.PostBigBlind, hand.PostBothBlind:
				typ = typeBigBlind
			case hand.PostAnte:
				typ = typeAnte
			default:
				return fmt.Errorf("iPoker has no %s post", a.PostKind)
			}
		case hand.Fold:
			typ = typeFold
		case hand.Check:
			typ = typeCheck
		case hand.Call:
			typ = typeCall
			if !a.HasAmount {
				return fmt.Errorf("a call without its amount")
			}
		case hand.Bet:
			typ = typeBet
			if before != 0 {
				typ = typeRaiseBy
			}
		case hand.Raise:
			typ, sum = typeRaiseTo, a.To
		case hand.BringIn:
			typ = typeBringIn
		default:
			return fmt.Errorf("iPoker has no %s action", a.Kind)
		}
		if a.AllIn && (a.Kind == hand.Call || a.Kind == hand.Bet || a.Kind == hand.Raise) {
			typ, sum = typeAllIn, put
		}
		if a.Kind != hand.Post && round < 1 {
			open(1)
		}
		no++
		w.b = fmt.Appendf(w.b, "   <action no=\"%d\" player=\"%s\" type=\"%s\" sum=\"%s\"/>\n", no, html.EscapeString(h.Seats[p].Player), typ, w.money(sum))
	}
	w.b = append(w.b, "  </round>\n"...)
	return nil
}

func allKnown(cs []cards.Card) bool {
	for _, c := range cs {
		if !c.Known() {
			return false
		}
	}
	return true
}

// cardText writes cards as iPoker does: suit then rank, "X" face down.
func cardText(cs []cards.Card) string {
	var b []byte
	for i, c := range cs {
		if i > 0 {
			b = append(b, ' ')
		}
		if !c.Known() {
			b = append(b, 'X')
			continue
		}
		b = append(b, "CDHS"[c.Suit()])
		if r := c.Rank().String(); r == "T" {
			b = append(b, "10"...)
		} else {
			b = append(b, r...)
		}
	}
	return string(b)
}

// money writes an amount with the currency sign.
func (w *writer) money(v hand.Amount) string {
	return w.sign + string(parser.AppendDecimal(nil, int64(v), w.h.Scale, w.places, true))
}

// stake writes a stake with all the scale's places, so that the hand read
// back has the same scale.
func (w *writer) stake(v hand.Amount) string {
	s := parser.AppendDecimal(nil, int64(v), w.h.Scale, w.places, true)
	if w.places > 0 && v%hand.Amount(w.h.Scale) == 0 {
		s = append(s, '.')
		for range w.places {
			s = append(s, '0')
		}
	}
	return w.sign + string(s)
}

func element(b []byte, indent, name, text string) []byte {
	return fmt.Appendf(b, "%s<%s>%s</%s>\n", indent, name, html.EscapeString(text), name)
}

// GameCode is the reader's Game.Code of a hand of game g written by the
// writer: the <gametype>'s game and structure ("Holdem NL", "Omaha PL").
func GameCode(g hand.Game) (string, error) { return gameTypeName(g) }

// gameTypeName returns the <gametype>'s game and structure ("Holdem NL").
func gameTypeName(g hand.Game) (string, error) {
	var name string
	switch {
	case g.Variant == hand.Holdem:
		name = "Holdem"
	case g.Variant == hand.ShortDeck:
		name = "Six Plus Holdem"
	case g.Variant == hand.Omaha && (g.HoleCards == 4 || g.HoleCards == 0):
		name = "Omaha"
	case g.Variant == hand.Omaha && g.HoleCards == 5:
		name = "5 Card Omaha"
	case g.Variant == hand.OmahaHiLo && (g.HoleCards == 4 || g.HoleCards == 0):
		name = "Omaha Hi-Lo"
	default:
		return "", fmt.Errorf("the iPoker writer writes hold'em and Omaha, not %s with %d cards", g.Variant, g.HoleCards)
	}
	switch g.Structure {
	case hand.NoLimit:
		return name + " NL", nil
	case hand.PotLimit:
		return name + " PL", nil
	case hand.FixedLimit:
		return name + " L", nil
	}
	return "", fmt.Errorf("unknown betting structure")
}

// currencySign returns what the writer puts before amounts.
func currencySign(currency string) (string, error) {
	switch currency {
	case "":
		return "", nil
	case "EUR":
		return "€", nil
	case "USD":
		return "$", nil
	case "GBP":
		return "£", nil
	}
	for _, c := range currency {
		if c < 'A' || c > 'Z' {
			return "", fmt.Errorf("currency %q", currency)
		}
	}
	return currency, nil
}
