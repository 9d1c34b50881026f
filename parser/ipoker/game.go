package ipoker

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// A <game> is read in two steps: its elements into a rawGame (the
// attributes as written, with their lines), then the rawGame into a
// hand.Hand (build.go), once the whole game is known: the hand's scale
// depends on all its amounts, and iPoker does not write a round's actions
// in the order they were taken (their "no" gives it).

type rawPlayer struct {
	seat, name, chips, dealer, win, bet, rake string
	hasRake                                   bool
	line                                      int
}

type rawCards struct {
	kind, player, text string
	line               int
}

type rawAction struct {
	no                int
	player, kind, sum string
	line              int
}

type rawRound struct {
	no      int
	line    int
	cards   []rawCards
	actions []rawAction
}

type rawGame struct {
	id      string
	line    int
	start   string // <startdate>
	players []rawPlayer
	rounds  []rawRound
	items   int           // actions and cards, for Limits.MaxActions
	err     *parser.Error // the first fault found while reading
}

func (g *rawGame) reset() {
	g.id, g.line, g.start, g.items, g.err = "", 0, "", 0, nil
	g.players = g.players[:0]
	g.rounds = g.rounds[:0]
}

// newRound appends a round, reusing the slices of an earlier game's.
func (g *rawGame) newRound() *rawRound {
	if len(g.rounds) < cap(g.rounds) {
		g.rounds = g.rounds[:len(g.rounds)+1]
	} else {
		g.rounds = append(g.rounds, rawRound{})
	}
	rd := &g.rounds[len(g.rounds)-1]
	rd.cards, rd.actions = rd.cards[:0], rd.actions[:0]
	return rd
}

// readGame reads the game whose start tag is start, and returns its hand
// or its parse error.
func (r *Reader) readGame(start xml.StartElement) (*hand.Hand, error) {
	g := &r.game
	g.reset()
	g.line = r.line()
	g.id = attr(start.Attr, "gamecode")
	index := r.index
	r.index++
	if !r.noQuick {
		if span := r.src.peekGame(); span != nil {
			r.quick = &r.q
			r.q.reset(span, g.line)
			err := r.readGameBody(g, index)
			r.quick = nil
			if err == nil {
				r.lineBase += r.src.skip(span)
				r.quickN++
				return r.finishGame(g, index)
			}
			// Declined: the decoder reads the game from its start.
			id, line := g.id, g.line
			g.reset()
			g.id, g.line = id, line
		}
	}
	r.src.startGame()
	err := r.readGameBody(g, index)
	r.src.endGame()
	if err != nil {
		var syn *xml.SyntaxError
		if err == io.EOF || err == io.ErrUnexpectedEOF || errors.As(err, &syn) && syn.Msg == "unexpected EOF" {
			r.err = io.EOF
			return nil, r.gameError(g, index, g.line, "", "the file ends inside the game, before </game>: the file is cut off")
		}
		if pe := r.xmlError(err, index, g.id); pe != nil {
			if pe.Line < g.line {
				pe.Line = g.line
			}
			pe.Msg = fmt.Sprintf("game %s: %s", g.id, pe.Msg)
			return nil, pe
		}
		return nil, r.err
	}
	return r.finishGame(g, index)
}

// finishGame turns a game read into its hand or its parse error.
func (r *Reader) finishGame(g *rawGame, index int) (*hand.Hand, error) {
	if g.err != nil {
		return nil, g.err
	}
	h, pe := r.build(g, index)
	if pe != nil {
		return nil, pe
	}
	return h, nil
}

// gameError makes the parse error of game g.
func (r *Reader) gameError(g *rawGame, index, line int, text, msg string) *parser.Error {
	id := g.id
	if id == "" {
		id = "without a gamecode"
	}
	return &parser.Error{File: r.file, Line: line, HandIndex: index, HandID: g.id, Text: text,
		Msg: fmt.Sprintf("game %s: %s", id, msg)}
}

// fault keeps the first fault of the game being read.
func (r *Reader) fault(g *rawGame, index, line int, text, msg string) {
	if g.err == nil {
		g.err = r.gameError(g, index, line, text, msg)
	}
}

// readGameBody reads the elements of a game up to its </game>. It
// returns the decoder's error, if any; a fault of the game itself is kept
// in g.err and reading goes on to </game>.
func (r *Reader) readGameBody(g *rawGame, index int) error {
	var round *rawRound
	for {
		tok, err := r.token()
		if err != nil {
			return err
		}
		switch t := tok.(type) {
		case xml.EndElement:
			switch t.Name.Local {
			case "game":
				return nil
			case "round":
				round = nil
			}
		case xml.StartElement:
			line := r.line()
			switch t.Name.Local {
			case "general", "players":
			case "startdate":
				if g.start, err = r.text(); err != nil {
					return err
				}
			case "player":
				r.readPlayer(g, index, t, line)
			case "round":
				round = g.newRound()
				round.line = line
				no, ok := atoi(attr(t.Attr, "no"))
				if !ok {
					r.fault(g, index, line, elementText(t), "a round without a number (no)")
				}
				round.no = no
			case "cards":
				text, err := r.text()
				if err != nil {
					return err
				}
				if round == nil {
					r.fault(g, index, line, elementText(t), "cards outside a round")
					continue
				}
				round.cards = append(round.cards, rawCards{kind: attr(t.Attr, "type"), player: attr(t.Attr, "player"), text: text, line: line})
				r.countItem(g, index, line)
			case "action":
				if round == nil {
					r.fault(g, index, line, elementText(t), "an action outside a round")
					continue
				}
				r.readAction(g, round, index, t, line)
			case "game", "session":
				// The game was cut off and the next one glued on.
				start := t.Copy()
				r.pending = &start
				r.fault(g, index, g.line, "", fmt.Sprintf("the game has no </game>: a <%s> starts at line %d", t.Name.Local, line))
				return nil
			default:
				if round != nil {
					r.fault(g, index, line, elementText(t), fmt.Sprintf("unknown element <%s> in a round", t.Name.Local))
				}
				// Elsewhere (<servername>, <tablename>...): not needed.
			}
		}
	}
}

func (r *Reader) countItem(g *rawGame, index, line int) {
	g.items++
	if g.items == r.lim.MaxActions+1 {
		r.fault(g, index, line, "", fmt.Sprintf("more than %d actions", r.lim.MaxActions))
	}
}

func (r *Reader) readPlayer(g *rawGame, index int, t xml.StartElement, line int) {
	var p rawPlayer
	p.line = line
	have := 0
	for _, a := range t.Attr {
		switch a.Name.Local {
		case "seat":
			p.seat, have = a.Value, have|1
		case "name":
			p.name, have = a.Value, have|2
		case "chips":
			p.chips, have = a.Value, have|4
		case "dealer":
			p.dealer = a.Value
		case "win":
			p.win, have = a.Value, have|8
		case "bet":
			p.bet, have = a.Value, have|16
		case "rakeamount":
			p.rake, p.hasRake = a.Value, true
		}
	}
	if have != 31 {
		missing := []string{}
		for i, name := range []string{"seat", "name", "chips", "win", "bet"} {
			if have&(1<<i) == 0 {
				missing = append(missing, name)
			}
		}
		r.fault(g, index, line, elementText(t), "a player without "+strings.Join(missing, ", "))
	}
	g.players = append(g.players, p)
}

func (r *Reader) readAction(g *rawGame, round *rawRound, index int, t xml.StartElement, line int) {
	a := rawAction{line: line, no: -1}
	have := 0
	for _, at := range t.Attr {
		switch at.Name.Local {
		case "no":
			if no, ok := atoi(at.Value); ok {
				a.no, have = no, have|1
			}
		case "player":
			a.player, have = at.Value, have|2
		case "type":
			a.kind, have = at.Value, have|4
		case "sum":
			a.sum = at.Value
		}
	}
	if have != 7 {
		r.fault(g, index, line, elementText(t), "an action without a number (no), player or type")
	}
	round.actions = append(round.actions, a)
	r.countItem(g, index, line)
}

// attr returns the value of attribute name, or "".
func attr(attrs []xml.Attr, name string) string {
	for _, a := range attrs {
		if a.Name.Local == name {
			return a.Value
		}
	}
	return ""
}

func atoi(s string) (int, bool) {
	n, err := strconv.Atoi(strings.TrimSpace(s))
	return n, err == nil && n >= 0
}

// elementText writes a start tag back, for error messages.
func elementText(t xml.StartElement) string {
	var b strings.Builder
	b.WriteString("<" + t.Name.Local)
	for _, a := range t.Attr {
		fmt.Fprintf(&b, " %s=%q", a.Name.Local, a.Value)
	}
	b.WriteString(">")
	s := b.String()
	if len(s) > 160 {
		s = s[:160] + "..."
	}
	return s
}
