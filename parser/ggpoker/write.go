package ggpoker

// The writer: a hand.Hand as GGPoker text, the reader's inverse. What
// the reader reads back from it is the hand written (up to the lines'
// positions, and the scale of a hand whose amounts need fewer decimals).

import (
	"fmt"
	"strconv"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// AppendHand appends h as GGPoker text to dst. A hand GGPoker text cannot
// express (a game it does not deal, side pots or finishing stacks stated,
// a cash-out paid instead of the pot) is an error.
func AppendHand(dst []byte, h *hand.Hand) ([]byte, error) {
	w := writer{h: h, b: dst}
	if err := w.check(); err != nil {
		return dst, err
	}
	w.header()
	if err := w.actions(); err != nil {
		return dst, err
	}
	w.summary()
	return w.b, nil
}

// writer is the state of writing one hand.
type writer struct {
	h      *hand.Hand
	b      []byte
	symbol string
	places int
}

// check reports what of h GGPoker text cannot express.
func (w *writer) check() error {
	h := w.h
	if _, ok := w.gameName(); !ok {
		return fmt.Errorf("ggpoker: cannot write a %s %s hand", h.Game.Structure, h.Game.Variant)
	}
	if h.Scale <= 0 || h.Scale > 1000 || pow10[len(strconv.FormatInt(h.Scale, 10))-1] != h.Scale {
		return fmt.Errorf("ggpoker: cannot write amounts of scale %d", h.Scale)
	}
	w.places = len(strconv.FormatInt(h.Scale, 10)) - 1
	if h.Currency != "" {
		for sym, code := range currencies {
			if code == h.Currency {
				w.symbol = sym
			}
		}
		if w.symbol == "" {
			return fmt.Errorf("ggpoker: cannot write currency %q", h.Currency)
		}
	}
	o := &h.Outcome
	switch {
	case !o.HasTotalPot:
		return fmt.Errorf("ggpoker: the summary needs the total pot")
	case len(o.Pots) > 0:
		return fmt.Errorf("ggpoker: GGPoker text does not state side pots")
	case o.HasFinishingStacks:
		return fmt.Errorf("ggpoker: GGPoker text does not state finishing stacks")
	case o.HasWinnings && !winningsCollected(h):
		return fmt.Errorf("ggpoker: GGPoker text states winnings only as the collects")
	case len(h.Boards) > len(runNames):
		return fmt.Errorf("ggpoker: a board run more than three times")
	case len(h.Seats) == 0:
		return fmt.Errorf("ggpoker: a hand with no seats")
	}
	for _, s := range h.Seats {
		if !goodName([]byte(s.Player)) {
			return fmt.Errorf("ggpoker: cannot write the player name %q", s.Player)
		}
	}
	for _, co := range o.CashOuts {
		if !co.ApartFromPot {
			return fmt.Errorf("ggpoker: GGPoker settles cash-outs apart from the pot")
		}
	}
	for _, f := range o.Fees {
		if f.Name == "" || f.Name == "Rake" || containsSpace(f.Name) {
			return fmt.Errorf("ggpoker: cannot write a fee named %q", f.Name)
		}
	}
	for i := range h.Actions {
		switch k := h.Actions[i].Kind; k {
		case hand.BringIn, hand.Discard:
			return fmt.Errorf("ggpoker: cannot write a %s", k)
		}
	}
	return nil
}

func containsSpace(s string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == ' ' {
			return true
		}
	}
	return false
}

// gameName is the name GGPoker writes for h's game.
func (w *writer) gameName() (string, bool) {
	g := w.h.Game
	if g.Code != "" {
		if i, ok := gameIndex([]byte(g.Code)); ok && games[i].game.Variant == g.Variant &&
			games[i].game.Structure == g.Structure && games[i].game.HoleCards == g.HoleCards {
			return g.Code, true
		}
	}
	for i := range games {
		if gi := games[i].game; gi.Variant == g.Variant && gi.Structure == g.Structure &&
			(gi.HoleCards == g.HoleCards || g.HoleCards == 0 && gi.HoleCards == 2 && g.Variant != hand.Omaha) {
			return games[i].name, true
		}
	}
	return "", false
}

// amount appends v: "$1,234.5" for money, "1,234" for chips.
func (w *writer) amount(v hand.Amount) {
	w.b = append(w.b, w.symbol...)
	if v < 0 {
		w.b = append(w.b, '-')
		v = -v
	}
	whole, frac := int64(v)/w.h.Scale, int64(v)%w.h.Scale
	s := strconv.FormatInt(whole, 10)
	for i := range len(s) {
		if i > 0 && (len(s)-i)%3 == 0 {
			w.b = append(w.b, ',')
		}
		w.b = append(w.b, s[i])
	}
	if frac != 0 {
		// The fraction as AppendDecimal writes it, trailing zeros dropped.
		d := parser.AppendDecimal(nil, frac, w.h.Scale, w.places, false)
		w.b = append(w.b, d[1:]...) // "0.5" less its "0"
	}
}

// line appends a line end.
func (w *writer) nl() { w.b = append(w.b, '\n') }

// header writes the header, table and seat lines.
func (w *writer) header() {
	h := w.h
	game, _ := w.gameName()
	st := &h.Stakes
	w.b = append(w.b, "Poker Hand #"...)
	w.b = append(w.b, h.ID...)
	w.b = append(w.b, ": "...)
	antes := false
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Kind == hand.Post && a.PostKind == hand.PostAnte {
			antes = true
		}
	}
	stakes := func() {
		if st.SmallBlind == 0 && st.Ante == st.BigBlind && st.Ante != 0 {
			w.amount(st.Ante)
			return
		}
		w.amount(st.SmallBlind)
		w.b = append(w.b, '/')
		w.amount(st.BigBlind)
		if st.Ante != 0 && !antes {
			w.b = append(w.b, '/')
			w.amount(st.Ante)
		}
	}
	if h.Tournament != "" {
		w.b = append(w.b, "Tournament #"...)
		w.b = append(w.b, h.Tournament...)
		w.b = append(w.b, ", "...)
		w.b = append(w.b, game...)
		w.b = append(w.b, " - Level1 ("...)
		stakes()
		w.b = append(w.b, ')')
	} else {
		w.b = append(w.b, game...)
		w.b = append(w.b, " ("...)
		stakes()
		w.b = append(w.b, ')')
	}
	w.b = append(w.b, " - "...)
	w.b = h.Start.UTC().AppendFormat(w.b, "2006/01/02 15:04:05")
	w.nl()
	maxSeats := h.MaxSeats
	for _, s := range h.Seats {
		maxSeats = max(maxSeats, s.Number)
	}
	w.b = append(w.b, "Table '"...)
	w.b = append(w.b, h.Table...)
	w.b = append(w.b, "' "...)
	w.b = strconv.AppendInt(w.b, int64(maxSeats), 10)
	w.b = append(w.b, "-max Seat #"...)
	w.b = strconv.AppendInt(w.b, int64(h.Button), 10)
	w.b = append(w.b, " is the button\n"...)
	for _, s := range h.Seats {
		w.b = append(w.b, "Seat "...)
		w.b = strconv.AppendInt(w.b, int64(s.Number), 10)
		w.b = append(w.b, ": "...)
		w.b = append(w.b, s.Player...)
		w.b = append(w.b, " ("...)
		w.amount(s.Stack)
		w.b = append(w.b, " in chips)"...)
		if s.SittingOut {
			w.b = append(w.b, " is sitting out"...)
		}
		w.nl()
	}
	if h.PotAdded != 0 {
		w.b = append(w.b, "Cash Drop to Pot : total "...)
		w.amount(h.PotAdded)
		w.nl()
	}
}

// name appends the player's name and ": ".
func (w *writer) name(p int) {
	w.b = append(w.b, w.h.PlayerName(p)...)
	w.b = append(w.b, ": "...)
}

// actions writes the lines from the forced bets to the last collect.
func (w *writer) actions() error {
	h := w.h
	n := len(h.Seats)
	committed := make([]hand.Amount, n)
	var level hand.Amount
	dealt := false
	showdown := -1
	boardLen := make([]int, len(h.Boards)) // cards dealt to each run so far
	for b := 1; b < len(h.Boards); b++ {
		added := 0
		for i := range h.Actions {
			if a := &h.Actions[i]; a.Kind == hand.DealBoard && a.Board == b {
				added += len(a.Cards)
			}
		}
		boardLen[b] = len(h.Boards[b]) - added
	}
	cashOuts := func() {
		for _, co := range h.Outcome.CashOuts {
			w.name(co.Player)
			w.b = append(w.b, "Chooses to EV Cashout\n"...)
			if co.Fee != 0 {
				w.name(co.Player)
				w.b = append(w.b, "Pays Cashout Risk ("...)
				w.amount(co.Fee)
				w.b = append(w.b, ")\n"...)
			}
			if co.Amount != 0 {
				w.name(co.Player)
				w.b = append(w.b, "Receives Cashout ("...)
				w.amount(co.Amount)
				w.b = append(w.b, ")\n"...)
			}
		}
	}
	allIn := func(a *hand.Action) {
		if a.AllIn {
			w.b = append(w.b, allInSuffix...)
		}
		w.nl()
	}
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Player >= n || a.Player < hand.NoPlayer || (a.Player == hand.NoPlayer && a.Kind != hand.DealBoard) {
			return fmt.Errorf("ggpoker: action %d by no seated player", i)
		}
		if a.Kind != hand.Post && !dealt {
			w.b = append(w.b, "*** HOLE CARDS ***\n"...)
			dealt = true
		}
		atShowdown := a.Kind == hand.Collect || a.Kind == hand.Show || a.Kind == hand.Muck
		if a.Kind == hand.Collect && a.Board < showdown {
			return fmt.Errorf("ggpoker: collect of run %d out of order", a.Board+1)
		}
		// A collect opens the showdown; a collect, show or muck of a later
		// run opens that run's.
		if atShowdown && (a.Kind == hand.Collect && showdown < 0 || a.Board > 0 && a.Board > showdown) {
			if a.Board < 0 || a.Board >= max(len(h.Boards), 1) {
				return fmt.Errorf("ggpoker: showdown of run %d of %d", a.Board+1, len(h.Boards))
			}
			if showdown < 0 {
				cashOuts()
			}
			showdown = a.Board
			w.b = append(w.b, "*** "...)
			if len(h.Boards) > 1 {
				w.b = append(w.b, runNames[showdown]...)
			}
			w.b = append(w.b, "SHOWDOWN ***\n"...)
		}
		switch a.Kind {
		case hand.Post:
			w.name(a.Player)
			switch a.PostKind {
			case hand.PostSmallBlind:
				w.b = append(w.b, "posts small blind "...)
			case hand.PostBigBlind:
				if h.Stakes.SmallBlind == 0 && h.Game.Variant == hand.ShortDeck {
					w.b = append(w.b, "posts button blind "...)
				} else {
					w.b = append(w.b, "posts big blind "...)
				}
			case hand.PostAnte:
				w.b = append(w.b, "posts the ante "...)
			case hand.PostStraddle:
				w.b = append(w.b, "straddle "...)
				w.amount(committed[a.Player] + a.Amount) // the player's total
				committed[a.Player] += a.Amount
				allIn(a)
				continue
			case hand.PostDead:
				w.b = append(w.b, "posts missed blind "...)
			case hand.PostBothBlind:
				w.b = append(w.b, "posts small & big blinds "...)
			default:
				return fmt.Errorf("ggpoker: cannot write a forced bet of kind %s", a.PostKind)
			}
			w.amount(a.Amount)
			allIn(a)
			if a.PostKind != hand.PostAnte && a.PostKind != hand.PostDead {
				committed[a.Player] += a.Amount
				level = max(level, committed[a.Player])
			}
		case hand.DealHole:
			w.b = append(w.b, "Dealt to "...)
			w.b = append(w.b, h.PlayerName(a.Player)...)
			known := len(a.Cards) > 0
			for _, c := range a.Cards {
				known = known && c.Known()
			}
			if known {
				w.b = append(w.b, ' ')
				w.cards(a.Cards)
			}
			w.nl()
		case hand.DealBoard:
			if a.Board < 0 || a.Board >= len(h.Boards) {
				return fmt.Errorf("ggpoker: cards dealt to board %d of %d", a.Board+1, len(h.Boards))
			}
			if err := w.street(a, boardLen); err != nil {
				return err
			}
			clear(committed)
			level = 0
		case hand.Fold:
			w.name(a.Player)
			w.b = append(w.b, "folds\n"...)
		case hand.Check:
			w.name(a.Player)
			w.b = append(w.b, "checks\n"...)
		case hand.Call:
			v := a.Amount
			if !a.HasAmount {
				v = level - committed[a.Player]
			}
			committed[a.Player] += v
			w.name(a.Player)
			w.b = append(w.b, "calls "...)
			w.amount(v)
			allIn(a)
		case hand.Bet, hand.Raise:
			w.name(a.Player)
			if a.Kind == hand.Bet && w.betAndMuckBet(i) {
				w.b = append(w.b, "Bet & Muck "...)
			} else if a.Kind == hand.Bet {
				w.b = append(w.b, "bets "...)
			} else {
				by := a.To - level
				if a.HasAmount {
					by = a.Amount
				}
				w.b = append(w.b, "raises "...)
				w.amount(by)
				w.b = append(w.b, " to "...)
			}
			w.amount(a.To)
			allIn(a)
			committed[a.Player] = a.To
			level = max(level, a.To)
		case hand.Show:
			w.name(a.Player)
			w.b = append(w.b, "shows "...)
			w.cards(a.Cards)
			w.nl()
		case hand.Muck:
			if len(a.Cards) == 0 && w.betAndMuck(i) {
				w.name(a.Player)
				w.b = append(w.b, "Bet & Muck folds\n"...)
			} else {
				// Cards mucked are written in the summary.
				w.name(a.Player)
				w.b = append(w.b, "mucks hand\n"...)
			}
		case hand.UncalledReturn:
			w.b = append(w.b, "Uncalled bet ("...)
			w.amount(a.Amount)
			w.b = append(w.b, ") returned to "...)
			w.b = append(w.b, h.PlayerName(a.Player)...)
			w.nl()
		case hand.Collect:
			w.b = append(w.b, h.PlayerName(a.Player)...)
			w.b = append(w.b, " collected "...)
			w.amount(a.Amount)
			w.b = append(w.b, " from pot\n"...)
		default:
			return fmt.Errorf("ggpoker: cannot write a %s", a.Kind)
		}
	}
	if !dealt {
		w.b = append(w.b, "*** HOLE CARDS ***\n"...)
	}
	if showdown < 0 {
		cashOuts()
		w.b = append(w.b, "*** SHOWDOWN ***\n"...)
	}
	return nil
}

// street writes a DealBoard's street line.
func (w *writer) street(a *hand.Action, boardLen []int) error {
	h := w.h
	b := a.Board
	board := h.Boards[b]
	before := boardLen[b]
	if before+len(a.Cards) > len(board) || !equalCards(a.Cards, board[before:before+len(a.Cards)]) {
		return fmt.Errorf("ggpoker: board dealt is not the hand's board")
	}
	var name string
	switch {
	case before == 0 && len(a.Cards) == 3:
		name = "FLOP"
	case before == 3 && len(a.Cards) == 1:
		name = "TURN"
	case before == 4 && len(a.Cards) == 1:
		name = "RIVER"
	default:
		return fmt.Errorf("ggpoker: cannot write a board dealt %d cards after %d", len(a.Cards), before)
	}
	// A street of the first run that every run shares is written plain.
	shared := b == 0
	for k := 1; k < len(h.Boards) && shared; k++ {
		o := h.Boards[k]
		shared = len(o) >= before+len(a.Cards) && equalCards(o[before:before+len(a.Cards)], a.Cards) && boardLen[k] <= before
	}
	w.b = append(w.b, "*** "...)
	if !shared {
		w.b = append(w.b, runNames[b]...)
	}
	w.b = append(w.b, name...)
	w.b = append(w.b, " *** "...)
	if before > 0 {
		w.cards(board[:before])
		w.b = append(w.b, ' ')
	}
	w.cards(a.Cards)
	w.nl()
	boardLen[b] += len(a.Cards)
	if shared {
		for k := 1; k < len(h.Boards); k++ {
			boardLen[k] = max(boardLen[k], boardLen[0])
		}
	}
	return nil
}

// cards appends "[Ah Kd]".
func (w *writer) cards(cs []cards.Card) {
	w.b = append(w.b, '[')
	for i, c := range cs {
		if i > 0 {
			w.b = append(w.b, ' ')
		}
		w.b = append(w.b, c.String()...)
	}
	w.b = append(w.b, ']')
}

// summary writes the summary section.
func (w *writer) summary() {
	h := w.h
	o := &h.Outcome
	w.b = append(w.b, "*** SUMMARY ***\nTotal pot "...)
	w.amount(o.TotalPot)
	if o.HasRake {
		w.b = append(w.b, " | Rake "...)
		w.amount(o.Rake)
	}
	for _, f := range o.Fees {
		w.b = append(w.b, " | "...)
		w.b = append(w.b, f.Name...)
		w.b = append(w.b, ' ')
		w.amount(f.Amount)
	}
	w.nl()
	switch len(h.Boards) {
	case 1:
		if len(h.Boards[0]) > 0 {
			w.b = append(w.b, "Board "...)
			w.cards(h.Boards[0])
			w.nl()
		}
	case 2, 3:
		w.b = append(w.b, "Hand was run "...)
		w.b = append(w.b, [...]string{"", "", "two", "three"}[len(h.Boards)]...)
		w.b = append(w.b, " times\n"...)
		for b, board := range h.Boards {
			w.b = append(w.b, runNames[b]...)
			w.b = append(w.b, "Board "...)
			w.cards(board)
			w.nl()
		}
	}
	// Each seat's part, as GGPoker sums it up: its blind, how far it went,
	// what it showed, mucked and won.
	n := len(h.Seats)
	won := make([]hand.Amount, n)
	role := make([]string, n)
	fold := make([]string, n)
	var shown, mucked [][]cards.Card = make([][]cards.Card, n), make([][]cards.Card, n)
	street := "before Flop"
	flop := 0
	for i := range h.Actions {
		a := &h.Actions[i]
		switch a.Kind {
		case hand.Post:
			if a.PostKind == hand.PostSmallBlind && role[a.Player] == "" {
				role[a.Player] = " (small blind)"
			}
			if a.PostKind == hand.PostBigBlind && role[a.Player] == "" {
				role[a.Player] = " (big blind)"
			}
		case hand.DealBoard:
			if a.Board == 0 {
				flop += len(a.Cards)
				street = map[int]string{3: "on the Flop", 4: "on the Turn", 5: "on the River"}[flop]
			}
		case hand.Fold:
			fold[a.Player] = street
		case hand.Show:
			shown[a.Player] = a.Cards
		case hand.Muck:
			mucked[a.Player] = a.Cards
		case hand.Collect:
			won[a.Player] += a.Amount
		}
	}
	for i, s := range h.Seats {
		w.b = append(w.b, "Seat "...)
		w.b = strconv.AppendInt(w.b, int64(s.Number), 10)
		w.b = append(w.b, ": "...)
		w.b = append(w.b, s.Player...)
		if s.Number == h.Button {
			w.b = append(w.b, " (button)"...)
		}
		w.b = append(w.b, role[i]...)
		switch {
		case fold[i] != "":
			w.b = append(w.b, " folded "...)
			w.b = append(w.b, fold[i]...)
		case len(shown[i]) > 0:
			w.b = append(w.b, " showed "...)
			w.cards(shown[i])
			if won[i] > 0 {
				w.b = append(w.b, " and won ("...)
				w.amount(won[i])
				w.b = append(w.b, ')')
			} else {
				w.b = append(w.b, " and lost"...)
			}
		case len(mucked[i]) > 0:
			w.b = append(w.b, " mucked "...)
			w.cards(mucked[i])
		case won[i] > 0:
			w.b = append(w.b, " collected ("...)
			w.amount(won[i])
			w.b = append(w.b, ')')
		}
		w.nl()
	}
}

// betAndMuck reports whether Muck action i, without cards, is GGPoker's
// "Bet & Muck folds": the player's last betting action was a bet that was
// called, and he had mucked nothing before.
func (w *writer) betAndMuck(i int) bool {
	h := w.h
	p := h.Actions[i].Player
	for k := i - 1; k >= 0; k-- {
		if a := &h.Actions[k]; a.Player == p && a.Kind.IsBetting() {
			return a.Kind == hand.Bet && w.betAndMuckBet(k)
		}
	}
	return false
}

// betAndMuckBet reports whether Bet action i is the bet of a "Bet & Muck":
// the bettor's next action is a Muck without cards after the bet was
// called, with no betting action of his in between.
func (w *writer) betAndMuckBet(i int) bool {
	h := w.h
	p := h.Actions[i].Player
	for k := i + 1; k < len(h.Actions); k++ {
		a := &h.Actions[k]
		if a.Player != p {
			continue
		}
		return a.Kind == hand.Muck && len(a.Cards) == 0 && a.Board == 0 && noShowdownBefore(h, k)
	}
	return false
}

// noShowdownBefore reports whether no Collect comes before action k: a
// "Bet & Muck folds" is written before the showdown.
func noShowdownBefore(h *hand.Hand, k int) bool {
	for j := range h.Actions[:k] {
		if h.Actions[j].Kind == hand.Collect {
			return false
		}
	}
	return true
}

// winningsCollected reports whether h's stated winnings are what its
// collects pay each seat: GGPoker text states them so.
func winningsCollected(h *hand.Hand) bool {
	o := &h.Outcome
	if len(o.Winnings) != len(h.Seats) {
		return false
	}
	won := make([]hand.Amount, len(h.Seats))
	for i := range h.Actions {
		if a := &h.Actions[i]; a.Kind == hand.Collect && a.Player >= 0 && a.Player < len(won) {
			won[a.Player] += a.Amount
		}
	}
	for i := range won {
		if won[i] != o.Winnings[i] {
			return false
		}
	}
	return true
}
