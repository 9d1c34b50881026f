package partypoker

// The writer: a hand.Hand as PartyPoker writes it, so that generated
// hands can be audited in this format and read back (round trips).

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

var gameWords = map[hand.Variant]string{hand.Holdem: "Texas Hold'em", hand.Omaha: "Omaha", hand.OmahaHiLo: "Omaha Hi-Lo"}
var structureWords = map[hand.Structure]string{hand.NoLimit: "NL", hand.PotLimit: "PL", hand.FixedLimit: "FL"}

// writer holds what AppendHand needs from one line to the next.
type writer struct {
	h         *hand.Hand
	b         []byte
	sign      string // "$"; "" for chips
	code      string // " USD"; "" for chips
	streetBet []hand.Amount
	total     []hand.Amount
}

// AppendHand appends h written as PartyPoker text to dst. A hand the
// format cannot express (another game, a run twice, a straddle, a forced
// bet PartyPoker does not write, a rake other than the pot less the
// payouts) is an error, and dst is returned unchanged.
func AppendHand(dst []byte, h *hand.Hand) ([]byte, error) {
	w := &writer{h: h, b: dst}
	if err := w.hand(); err != nil {
		return dst, err
	}
	return w.b, nil
}

func (w *writer) hand() error {
	h := w.h
	game, ok := gameWords[h.Game.Variant]
	if !ok || h.Game.HoleCards != map[hand.Variant]int{hand.Holdem: 2, hand.Omaha: 4, hand.OmahaHiLo: 4}[h.Game.Variant] {
		return fmt.Errorf("partypoker: %s with %d hole cards is not written", h.Game.Variant, h.Game.HoleCards)
	}
	structure, ok := structureWords[h.Game.Structure]
	if !ok {
		return errors.New("partypoker: unknown betting structure")
	}
	for _, g := range gameNames {
		// The record's own name for the game, where it is one PartyPoker writes.
		if g.variant == h.Game.Variant && h.Game.Code == structure+" "+g.name {
			game = g.name
		}
	}
	if len(h.Seats) < 2 {
		return errors.New("partypoker: fewer than two seats")
	}
	for i := range h.Seats {
		if i > 0 && h.Seats[i].Number <= h.Seats[i-1].Number {
			return errors.New("partypoker: seats not in table order")
		}
	}
	switch h.Currency {
	case "USD":
		w.sign, w.code = "$", " USD"
	case "EUR":
		w.sign, w.code = "€", " EUR"
	case "GBP":
		w.sign, w.code = "£", " GBP"
	case "":
		if h.Tournament == "" {
			return errors.New("partypoker: play money is not written")
		}
	default:
		return fmt.Errorf("partypoker: currency %s is not written", h.Currency)
	}
	if h.Scale != 1 && (h.Scale < 10 || h.Scale > 1000000 || pow10[len(strconv.FormatInt(h.Scale, 10))-1] != h.Scale) {
		return fmt.Errorf("partypoker: scale %d is not a power of ten", h.Scale)
	}
	if h.Currency == "" && h.Scale != 1 {
		return errors.New("partypoker: tournament chips with fractions")
	}
	if len(h.Stakes.Straddles) > 0 || h.Stakes.BigBlindAnte || h.Stakes.BringIn != 0 || h.Stakes.Cap != 0 {
		return errors.New("partypoker: straddles, big-blind antes, bring-ins and caps are not written")
	}
	id := h.ID
	if id == "" {
		id = "0"
	}
	for _, c := range []byte(id) {
		if c < '0' || c > '9' {
			return fmt.Errorf("partypoker: hand ID %q is not a number", id)
		}
	}
	w.s("***** Hand History for Game ").s(id).s(" *****")
	if h.Site != "" && h.Site != Site {
		w.s(" (").s(h.Site).s(")")
	}
	w.nl()
	st := &h.Stakes
	a, b := st.SmallBlind, st.BigBlind
	if h.Game.Structure == hand.FixedLimit {
		a, b = st.SmallBet, st.BigBet
		if st.BigBlind != st.SmallBet {
			return errors.New("partypoker: a fixed-limit big blind other than the small bet")
		}
	}
	if h.Tournament != "" {
		for _, c := range []byte(h.Tournament) {
			if c < '0' || c > '9' {
				return fmt.Errorf("partypoker: tournament %q is not a number", h.Tournament)
			}
		}
		if h.Game.Structure == hand.FixedLimit {
			return errors.New("partypoker: fixed-limit tournaments are not written")
		}
		w.s(structure).s(" ").s(game).s(" Trny:").s(h.Tournament).s(" Level:1  ")
		if st.Ante > 0 {
			w.s("Blinds-Antes(").amt(st.SmallBlind).s("/").amt(st.BigBlind).s(" -").amt(st.Ante).s(")")
		} else {
			w.s("Blinds(").amt(st.SmallBlind).s("/").amt(st.BigBlind).s(")")
		}
	} else {
		w.s(w.sign).amt(a).s("/").s(w.sign).amt(b).s(w.code).s(" ").s(structure).s(" ").s(game)
	}
	w.s(" - ")
	w.date()
	w.nl()
	if h.Table == "" || h.Table[len(h.Table)-1] == ' ' || h.Table[0] == ' ' {
		return errors.New("partypoker: a table name is needed, without surrounding blanks")
	}
	w.s("Table ").s(h.Table).s(" (Real Money)").nl()
	w.s("Seat ").s(strconv.Itoa(h.Button)).s(" is the button").nl()
	w.s("Total number of players : ").s(strconv.Itoa(len(h.Seats)))
	if h.MaxSeats > 0 {
		w.s("/").s(strconv.Itoa(h.MaxSeats))
	}
	w.nl()
	for i := range h.Seats {
		s := &h.Seats[i]
		w.s("Seat ").s(strconv.Itoa(s.Number)).s(": ").s(s.Player).s(" ( ").money(s.Stack).s(" )").nl()
	}
	if h.Tournament != "" {
		w.s("Trny:").s(h.Tournament).s(" Level:1").nl()
		if st.Ante > 0 {
			w.s("Blinds-Antes(").amt(st.SmallBlind).s("/").amt(st.BigBlind).s(" -").amt(st.Ante).s(")").nl()
		} else {
			w.s("Blinds(").amt(st.SmallBlind).s("/").amt(st.BigBlind).s(")").nl()
		}
	}
	return w.actions()
}

// actions writes the actions, the uncalled bet paid back with the
// player's pot as PartyPoker pays it.
func (w *writer) actions() error {
	h := w.h
	n := len(h.Seats)
	w.streetBet = make([]hand.Amount, n)
	w.total = make([]hand.Amount, n)
	var uncalled hand.Amount
	unPlayer, maxPot, nBoard := -1, 0, 0
	dealt := false
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Kind == hand.Collect && a.Pot > maxPot {
			maxPot = a.Pot
		}
	}
	for i := range h.Seats {
		if h.Seats[i].SittingOut && h.Seats[i].Stack > 0 {
			w.s(h.Seats[i].Player).s(" is sitting out").nl()
		}
	}
	var paid hand.Amount
	merged := false
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind != hand.DealHole && a.Kind != hand.DealBoard && uint(a.Player) >= uint(n) {
			return fmt.Errorf("partypoker: action %d by no seated player", i)
		}
		name := h.PlayerName(a.Player)
		switch a.Kind {
		case hand.Post:
			var what string
			switch a.PostKind {
			case hand.PostSmallBlind:
				what = "small blind"
			case hand.PostBigBlind:
				what = "big blind"
			case hand.PostAnte:
				what = "ante"
			case hand.PostBothBlind:
				what = "big blind + dead"
			default:
				return fmt.Errorf("partypoker: a %s post is not written", a.PostKind)
			}
			if dealt {
				return errors.New("partypoker: a forced bet after the deal is not written")
			}
			w.s(name).s(" posts ").s(what).s(" [").money(a.Amount).s("]")
			switch a.PostKind {
			case hand.PostSmallBlind, hand.PostBigBlind:
				w.streetBet[a.Player] += a.Amount
			case hand.PostBothBlind:
				w.streetBet[a.Player] += min(a.Amount, h.Stakes.BigBlind)
			}
			if a.PostKind != hand.PostAnte {
				w.s(".")
			}
			w.total[a.Player] += a.Amount
			w.nl()
		case hand.DealHole:
			if !dealt {
				w.s("** Dealing down cards **").nl()
				dealt = true
			}
			if known(a.Cards) {
				w.s("Dealt to ").s(name).s(" [  ")
				for k, c := range a.Cards {
					if k > 0 {
						w.s(" ")
					}
					w.s(c.String())
				}
				w.s(" ]").nl()
			}
		case hand.DealBoard:
			if a.Board != 0 {
				return errors.New("partypoker: a second board is not written")
			}
			street := map[int]string{0: "Flop", 3: "Turn", 4: "River"}[nBoard]
			want := map[int]int{0: 3, 3: 1, 4: 1}[nBoard]
			if street == "" || len(a.Cards) != want || !known(a.Cards) {
				return errors.New("partypoker: a board dealt other than flop, turn and river")
			}
			nBoard += want
			w.s("** Dealing ").s(street).s(" ** ").cards(a.Cards).nl()
			clear(w.streetBet)
		case hand.Fold:
			w.s(name).s(" folds").nl()
		case hand.Check:
			w.s(name).s(" checks").nl()
		case hand.Call, hand.Bet, hand.Raise:
			added := a.Amount
			if a.Kind != hand.Call {
				added = a.To - w.streetBet[a.Player]
			} else if !a.HasAmount {
				return errors.New("partypoker: a call without its amount")
			}
			if added <= 0 {
				return fmt.Errorf("partypoker: %s adding no chips", a.Kind)
			}
			w.streetBet[a.Player] += added
			w.total[a.Player] += added
			verb := map[hand.ActionKind]string{hand.Call: " calls [", hand.Bet: " bets [", hand.Raise: " raises ["}[a.Kind]
			if a.AllIn {
				verb = " is all-In  ["
			}
			w.s(name).s(verb).money(added).s("]").nl()
		case hand.Show, hand.Muck:
			switch {
			case a.Kind == hand.Show && known(a.Cards):
				w.s(name).s(" shows ").cards(a.Cards).s(".").nl()
			case a.Kind == hand.Muck && known(a.Cards) && len(a.Cards) > 0:
				w.s(name).s(" doesn't show ").cards(a.Cards).s(".").nl()
			case a.Kind == hand.Muck && len(a.Cards) == 0:
				w.s(name).s(" does not show cards.").nl()
			default:
				return errors.New("partypoker: cards shown that are not all known")
			}
		case hand.UncalledReturn:
			if unPlayer >= 0 {
				return errors.New("partypoker: more than one uncalled bet returned")
			}
			uncalled, unPlayer = a.Amount, a.Player
			paid += a.Amount
		case hand.Collect:
			if a.Board > 0 {
				return errors.New("partypoker: a pot of a second board is not written")
			}
			v := a.Amount
			if a.Player == unPlayer && a.Pot < 0 && !merged {
				v += uncalled
				merged = true
			}
			paid += a.Amount
			w.s(name).s(" wins ").money(v)
			switch {
			case a.Pot == 0:
				w.s(" from the main pot")
			case a.Pot > 0:
				w.s(" from the side pot ").s(strconv.Itoa(a.Pot))
			}
			w.nl()
		default:
			return fmt.Errorf("partypoker: a %s action is not written", a.Kind)
		}
	}
	if unPlayer >= 0 && !merged {
		w.s(h.Seats[unPlayer].Player).s(" wins ").money(uncalled).s(" from the side pot ").s(strconv.Itoa(maxPot + 1)).nl()
	}
	if !dealt {
		return errors.New("partypoker: a hand without the deal")
	}
	var pot hand.Amount
	for i, v := range w.total {
		pot += min(v, h.Seats[i].Stack) // as the reader counts it
	}
	if o := &h.Outcome; o.HasRake && o.Rake != pot-paid || len(o.Fees) > 0 || len(o.CashOuts) > 0 {
		return errors.New("partypoker: a rake other than the pot less the payouts, fees and cash-outs are not written")
	}
	if h.Outcome.HasFinishingStacks {
		return errors.New("partypoker: finishing stacks are not written (the older export states none)")
	}
	if o := &h.Outcome; o.HasWinnings && !winningsAreCollects(h) {
		return errors.New("partypoker: winnings other than what the wins lines collect are not written")
	}
	// PartyPoker states no total pot and no pots: the total is what the
	// players put in, and a pot what its wins lines pay (after rake).
	if o := &h.Outcome; o.HasTotalPot && o.TotalPot != pot-uncalled {
		return errors.New("partypoker: a stated total pot other than what the players put in is not written")
	}
	if pots := h.Outcome.Pots; len(pots) > 1 {
		paidBy := make([]hand.Amount, len(pots))
		for i := range h.Actions {
			a := &h.Actions[i]
			if a.Kind != hand.Collect {
				continue
			}
			if a.Pot < 0 || a.Pot >= len(pots) {
				return errors.New("partypoker: stated pots that the wins lines do not name")
			}
			paidBy[a.Pot] += a.Amount
		}
		for k := range pots {
			if pots[k] != paidBy[k] {
				return errors.New("partypoker: a stated pot other than what its wins pay is not written")
			}
		}
	}
	return nil
}

// known reports whether every card is known.
func known(cs []cards.Card) bool {
	for _, c := range cs {
		if !c.Known() {
			return false
		}
	}
	return true
}

func (w *writer) s(s string) *writer { w.b = append(w.b, s...); return w }
func (w *writer) nl() *writer        { w.b = append(w.b, '\n'); return w }

// cards writes "[ Qs, 7h, 2s ]".
func (w *writer) cards(cs []cards.Card) *writer {
	w.s("[ ")
	for k, c := range cs {
		if k > 0 {
			w.s(", ")
		}
		w.s(c.String())
	}
	return w.s(" ]")
}

// money writes "$0.05 USD", or chips "1,200".
func (w *writer) money(v hand.Amount) *writer {
	return w.s(w.sign).amt(v).s(w.code)
}

// amt writes an amount with thousands commas and, if it has a fraction,
// all the decimals of the hand's scale: "1,000", "9.80", "0.05".
func (w *writer) amt(v hand.Amount) *writer {
	scale := w.h.Scale
	if scale < 1 {
		scale = 1
	}
	units, frac := int64(v)/scale, int64(v)%scale
	digits := strconv.FormatInt(units, 10)
	for i, c := range []byte(digits) {
		if i > 0 && (len(digits)-i)%3 == 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, c)
	}
	if frac != 0 {
		f := strconv.FormatInt(frac+scale, 10)[1:]
		w.b = append(w.b, '.')
		w.b = append(w.b, f...)
	}
	return w
}

// date writes the start time in US Eastern time, as PartyPoker's
// client does by default: "Monday, January 06, 08:24:17 EST 2014".
func (w *writer) date() {
	t := w.h.Start
	if t.IsZero() {
		t = time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)
	}
	w.b = t.In(eastern()).AppendFormat(w.b, "Monday, January 02, 15:04:05 MST 2006")
}

// GameCode is PartyPoker's name for a game ("NL Texas Hold'em"), as its
// reader gives it in Game.Code; "" for a game PartyPoker's text does not
// write.
func GameCode(g hand.Game) string {
	game, ok := gameWords[g.Variant]
	structure, ok2 := structureWords[g.Structure]
	if !ok || !ok2 {
		return ""
	}
	return structure + " " + game
}

// winningsAreCollects reports whether h's winnings are what its collects
// pay each player, as the reader takes them from the wins lines.
func winningsAreCollects(h *hand.Hand) bool {
	w := h.Outcome.Winnings
	if len(w) != len(h.Seats) {
		return false
	}
	got := make([]hand.Amount, len(w))
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Kind == hand.Collect && uint(a.Player) < uint(len(got)) {
			got[a.Player] += a.Amount
		}
	}
	return slices.Equal(got, w)
}
