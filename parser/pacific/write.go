package pacific

// The writer: a hand as 888poker writes it, the reader's inverse. What
// 888 does not write is left out: uncalled-bet returns (888 returns them
// silently), the total pot and the rake. A hand the format cannot express
// (another game, straddles, a second board, fees or cash-outs, amounts
// finer than cents) is an error. A player not dealt in folds before
// "** Dealing down cards **", as 888 writes him.

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// AppendHand appends h in 888poker text to dst.
func AppendHand(dst []byte, h *hand.Hand) ([]byte, error) {
	w := writer{h: h, b: dst}
	if err := w.hand(); err != nil {
		return dst, err
	}
	return w.b, nil
}

type writer struct {
	h       *hand.Hand
	b       []byte
	f       hand.Amount // what turns an amount into hundredths (100/Scale)
	sym     string
	contrib []hand.Amount
	level   hand.Amount
}

func (w *writer) hand() error {
	h := w.h
	switch h.Scale {
	case 1, 10, 100:
		w.f = hand.Amount(100 / h.Scale)
	default:
		return fmt.Errorf("888poker writes amounts in cents at most; the hand's scale is %d", h.Scale)
	}
	if h.Tournament == "" {
		w.sym = symbolOf(h.Currency)
		if h.Currency != "" && w.sym == "" {
			return fmt.Errorf("888poker has no symbol for currency %q", h.Currency)
		}
	}
	switch {
	case h.Game.Variant != hand.Holdem && h.Game.Variant != hand.Omaha && h.Game.Variant != hand.OmahaHiLo:
		return fmt.Errorf("888poker text has no %s", h.Game.Variant)
	case h.Game.Variant != hand.Holdem && h.Game.HoleCards != 4:
		return fmt.Errorf("888poker text has no %d-card Omaha", h.Game.HoleCards)
	case len(h.Stakes.Straddles) > 0:
		return errors.New("888poker text has no straddles")
	case len(h.Boards) > 1:
		return errors.New("888poker text has no second board")
	case len(h.Outcome.Fees) > 0 || len(h.Outcome.CashOuts) > 0:
		return errors.New("888poker text has no fees or cash-outs")
	case h.Game.Structure == hand.FixedLimit && h.Stakes.SmallBet != 0 && h.Stakes.SmallBet != h.Stakes.BigBlind:
		return errors.New("888poker's fixed-limit small bet is the big blind")
	case len(h.Seats) == 0:
		return errors.New("the hand has no seats")
	}
	// Header and game line.
	site := h.Site
	if site == "" || strings.ContainsAny(site, " \n") {
		site = "888poker"
	}
	if !allDigits([]byte(h.ID)) {
		return fmt.Errorf("888poker game numbers are digits; the hand's ID is %q", h.ID)
	}
	w.b = append(w.b, "#Game No : "...)
	w.b = append(w.b, h.ID...)
	w.b = append(w.b, "\n***** "...)
	w.b = append(w.b, site...)
	w.b = append(w.b, " Hand History for Game "...)
	w.b = append(w.b, h.ID...)
	w.b = append(w.b, " *****\n"...)
	if err := w.amount(h.Stakes.SmallBlind); err != nil {
		return err
	}
	w.b = append(w.b, '/')
	if err := w.amount(h.Stakes.BigBlind); err != nil {
		return err
	}
	w.b = append(w.b, " Blinds "...)
	w.b = append(w.b, w.gameName()...)
	w.b = append(w.b, " - ***"...)
	if !h.Start.IsZero() {
		w.b = h.Start.UTC().AppendFormat(append(w.b, ' '), "02 01 2006 15:04:05")
	}
	w.b = append(w.b, '\n')
	if err := w.table(); err != nil {
		return err
	}
	w.b = append(w.b, "Seat "...)
	w.b = strconv.AppendInt(w.b, int64(h.Button), 10)
	w.b = append(w.b, " is the button\nTotal number of players : "...)
	w.b = strconv.AppendInt(w.b, int64(len(h.Seats)), 10)
	w.b = append(w.b, '\n')
	for i := range h.Seats {
		s := &h.Seats[i]
		switch {
		case s.Player == "" || strings.ContainsAny(s.Player, "\n\r"):
			return fmt.Errorf("seat %d: 888poker cannot write the name %q", s.Number, s.Player)
		}
		w.b = append(w.b, "Seat "...)
		w.b = strconv.AppendInt(w.b, int64(s.Number), 10)
		w.b = append(w.b, ": "...)
		w.b = append(w.b, s.Player...)
		w.b = append(w.b, " ( "...)
		if err := w.amount(s.Stack); err != nil {
			return err
		}
		w.b = append(w.b, " )\n"...)
	}
	return w.actions()
}

// gameName is the hand's game as 888 names it: the record's own name if
// it is 888's name of the same game.
func (w *writer) gameName() string {
	g := &w.h.Game
	if v, s, _, ok := parseGame([]byte(g.Code)); ok && v == g.Variant && s == g.Structure {
		return g.Code
	}
	return GameCode(*g)
}

// GameCode is the name the writer gives game g when the hand carries no
// 888 name of its own, and so the reader's Game.Code of the hand written
// ("No Limit Holdem", "Fix Limit OmahaHL").
func GameCode(g hand.Game) string {
	name := map[hand.Structure]string{hand.NoLimit: "No Limit ", hand.PotLimit: "Pot Limit ", hand.FixedLimit: "Fix Limit "}[g.Structure]
	if name == "" {
		name = "No Limit "
	}
	return name + map[hand.Variant]string{hand.Holdem: "Holdem", hand.Omaha: "Omaha", hand.OmahaHiLo: "OmahaHL"}[g.Variant]
}

// table writes the table line.
func (w *writer) table() error {
	h := w.h
	if h.Tournament != "" {
		if !allDigits([]byte(h.Tournament)) {
			return fmt.Errorf("888poker tournament numbers are digits; the hand's is %q", h.Tournament)
		}
		w.b = append(w.b, "Tournament #"...)
		w.b = append(w.b, h.Tournament...)
		if h.Table != "" {
			if !allDigits([]byte(h.Table)) {
				return fmt.Errorf("888poker tournament tables are numbers; the hand's is %q", h.Table)
			}
			w.b = append(w.b, " - Table #"...)
			w.b = append(w.b, h.Table...)
		}
	} else {
		if h.Table == "" || strings.ContainsAny(h.Table, "\n\r") {
			return fmt.Errorf("888poker cannot write the table name %q", h.Table)
		}
		w.b = append(w.b, "Table "...)
		w.b = append(w.b, h.Table...)
	}
	if h.MaxSeats >= 2 && h.MaxSeats <= 10 {
		w.b = append(w.b, ' ')
		w.b = strconv.AppendInt(w.b, int64(h.MaxSeats), 10)
		w.b = append(w.b, " Max"...)
	}
	if h.Tournament == "" && h.Currency == "" {
		w.b = append(w.b, " (Practice Play)\n"...)
	} else {
		w.b = append(w.b, " (Real Money)\n"...)
	}
	return nil
}

// actions writes the posts, the deal, the betting, the boards and the
// summary.
func (w *writer) actions() error {
	h := w.h
	w.contrib = make([]hand.Amount, len(h.Seats))
	dealt, summary, street := false, false, 0
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind != hand.DealBoard && a.Kind != hand.DealHole && (a.Player < 0 || a.Player >= len(h.Seats)) {
			return fmt.Errorf("action %d has no player", i)
		}
		inSummary := a.Kind == hand.Show || a.Kind == hand.Muck || a.Kind == hand.Collect
		switch {
		case inSummary && !summary:
			w.b = append(w.b, "** Summary **\n"...)
			summary = true
		case summary && !inSummary && a.Kind != hand.UncalledReturn:
			return fmt.Errorf("action %d (%s) comes after the showdown", i, a.Kind)
		}
		name := ""
		if a.Player >= 0 && a.Player < len(h.Seats) {
			name = h.Seats[a.Player].Player
		}
		var err error
		switch a.Kind {
		case hand.Post:
			err = w.post(a, name)
		case hand.DealHole:
			if !dealt {
				// A player not dealt in folds before the deal, as 888
				// writes him.
				for k := range h.Seats {
					if h.Seats[k].SittingOut {
						w.line(h.Seats[k].Player, " folds\n")
					}
				}
				w.b = append(w.b, "** Dealing down cards **\n"...)
				dealt = true
			}
			if len(a.Cards) > 0 && a.Player >= 0 && a.Player < len(h.Seats) && allKnown(a) {
				w.b = append(w.b, "Dealt to "...)
				w.b = append(w.b, name...)
				w.b = append(appendCards(append(w.b, ' '), a.Cards), '\n')
			}
		case hand.DealBoard:
			want := map[int]int{0: 3, 1: 1, 2: 1}[street]
			if a.Board != 0 || street > 2 || len(a.Cards) != want {
				return fmt.Errorf("action %d: 888poker deals the board as flop, turn and river", i)
			}
			w.b = append(w.b, [...]string{"** Dealing flop ** ", "** Dealing turn ** ", "** Dealing river ** "}[street]...)
			w.b = append(appendCards(w.b, a.Cards), '\n')
			street++
			clear(w.contrib)
			w.level = 0
		case hand.Fold:
			w.line(name, " folds\n")
		case hand.Check:
			w.line(name, " checks\n")
		case hand.Call:
			amt := a.Amount
			if !a.HasAmount {
				amt = max(w.level-w.contrib[a.Player], 0)
			}
			w.contrib[a.Player] += amt
			err = w.bracket(name, " calls [", amt)
		case hand.Bet, hand.Raise:
			to := a.To
			if to <= 0 && a.HasAmount {
				to = a.Amount
				if a.Kind == hand.Raise {
					to = w.level + a.Amount
				}
			}
			add := to - w.contrib[a.Player]
			if add <= 0 {
				return fmt.Errorf("action %d: a %s that adds no chips", i, a.Kind)
			}
			verb := " bets ["
			if a.Kind == hand.Raise {
				verb = " raises ["
			}
			w.contrib[a.Player] = to
			w.level = max(w.level, to)
			err = w.bracket(name, verb, add)
		case hand.Show, hand.Muck:
			switch {
			case len(a.Cards) > 0 && allKnown(a):
				w.b = append(w.b, name...)
				if a.Kind == hand.Show {
					w.b = append(w.b, " shows "...)
				} else {
					w.b = append(w.b, " mucks "...)
				}
				w.b = append(appendCards(w.b, a.Cards), '\n')
			case a.Kind == hand.Muck:
				w.line(name, " did not show his hand\n")
			default:
				return fmt.Errorf("action %d: a show with no cards", i)
			}
		case hand.Collect:
			w.b = append(w.b, name...)
			w.b = append(w.b, " collected [ "...)
			err = w.amount(a.Amount)
			w.b = append(w.b, " ]\n"...)
		case hand.UncalledReturn:
			// 888 returns an uncalled bet silently.
		default:
			return fmt.Errorf("action %d: 888poker text has no %s", i, a.Kind)
		}
		if err != nil {
			return fmt.Errorf("action %d: %w", i, err)
		}
	}
	if !summary {
		w.b = append(w.b, "** Summary **\n"...)
	}
	return nil
}

func allKnown(a *hand.Action) bool {
	for _, c := range a.Cards {
		if !c.Known() {
			return false
		}
	}
	return true
}

// post writes a forced bet.
func (w *writer) post(a *hand.Action, name string) error {
	switch a.PostKind {
	case hand.PostSmallBlind:
		w.contrib[a.Player] += a.Amount
		return w.bracket(name, " posts small blind [", a.Amount)
	case hand.PostBigBlind:
		w.contrib[a.Player] += a.Amount
		w.level = max(w.level, w.contrib[a.Player])
		return w.bracket(name, " posts big blind [", a.Amount)
	case hand.PostAnte:
		return w.bracket(name, " posts ante [", a.Amount)
	case hand.PostDead, hand.PostBothBlind:
		live := hand.Amount(0)
		if a.PostKind == hand.PostBothBlind {
			live = min(a.Amount, w.h.Stakes.BigBlind)
			if live == a.Amount {
				return errors.New("888poker writes small and big blinds as two parts")
			}
		}
		w.contrib[a.Player] += live
		w.level = max(w.level, w.contrib[a.Player])
		w.b = append(w.b, name...)
		w.b = append(w.b, " posts dead blind ["...)
		if err := w.amount(a.Amount - live); err != nil {
			return err
		}
		w.b = append(w.b, " + "...)
		if err := w.amount(live); err != nil {
			return err
		}
		w.b = append(w.b, "]\n"...)
		return nil
	}
	return fmt.Errorf("888poker text has no %s", a.PostKind)
}

func (w *writer) line(name, verb string) {
	w.b = append(w.b, name...)
	w.b = append(w.b, verb...)
}

// bracket writes "NAME VERB AMT]".
func (w *writer) bracket(name, verb string, v hand.Amount) error {
	w.b = append(w.b, name...)
	w.b = append(w.b, verb...)
	if err := w.amount(v); err != nil {
		return err
	}
	w.b = append(w.b, "]\n"...)
	return nil
}

// amount writes an amount as 888's English exports do: "$1,049",
// "$0.50", "1,459.13".
func (w *writer) amount(v hand.Amount) error {
	if v < 0 || v > parser.MaxAmount/100 {
		return fmt.Errorf("amount %d cannot be written", v)
	}
	c := int64(v * w.f) // hundredths
	w.b = append(w.b, w.sym...)
	whole := strconv.FormatInt(c/100, 10)
	for i := range len(whole) {
		if i > 0 && (len(whole)-i)%3 == 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, whole[i])
	}
	if frac := c % 100; frac != 0 {
		w.b = append(w.b, '.', byte('0'+frac/10), byte('0'+frac%10))
	}
	return nil
}
