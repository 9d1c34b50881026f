package explain

import (
	"bufio"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
	"github.com/handaudit/handaudit/reports"
)

// ANSI styles of the terminal explanation.
const (
	styleBold   = "1"
	styleDim    = "2"
	styleRed    = "31"
	styleGreen  = "32"
	styleYellow = "33"
	styleCyan   = "36"
)

// textWidth is the width the explanation wraps long texts to.
const textWidth = 100

// textOut writes the terminal explanation, colouring only when asked.
// With doc set it writes nothing and records the same strings as a
// document instead, for the HTML ruling.
type textOut struct {
	w      *bufio.Writer
	color  bool
	doc    *document
	anchor string // the id of the next block recorded ("step-6")
	link   string // the id the next block recorded links to
}

func (o *textOut) paint(style, s string) string {
	if !o.color || s == "" {
		return s
	}
	return "\x1b[" + style + "m" + s + "\x1b[0m"
}

func (o *textOut) line(parts ...string) {
	if o.doc != nil {
		s := strings.Join(parts, "")
		if t := strings.TrimLeft(s, " "); t != "" {
			o.record(docBlock{kind: blockLine, depth: depthOf(s), text: t})
		}
		return
	}
	for _, p := range parts {
		o.w.WriteString(p)
	}
	o.w.WriteByte('\n')
}

// record adds b to the document, with the pending anchor.
func (o *textOut) record(b docBlock) {
	b.anchor, o.anchor = o.anchor, ""
	b.link, o.link = o.link, ""
	o.doc.add(b)
}

// wrapped writes text wrapped to textWidth, each line after indent.
func (o *textOut) wrapped(indent, text, style string) {
	if o.doc != nil {
		o.record(docBlock{kind: blockLine, depth: depthOf(indent), text: text, style: style})
		return
	}
	for _, l := range wrap(text, textWidth-displayWidth(indent)) {
		o.line(indent, o.paint(style, l))
	}
}

// section starts the section id, titled title.
func (o *textOut) section(id, title string) {
	if o.doc != nil {
		o.doc.sections = append(o.doc.sections, &docSection{id: id, title: title})
		return
	}
	o.line()
	o.line(o.paint(styleBold, title))
}

// heading writes a heading inside a section: a street, a pot.
func (o *textOut) heading(indent, text string) {
	if o.doc != nil {
		o.record(docBlock{kind: blockHeading, depth: depthOf(indent), text: text})
		return
	}
	o.line(indent, o.paint(styleBold, text))
}

// title writes the first line: what is explained, and where it was read.
func (o *textOut) title(text, where, style string) {
	if o.doc != nil {
		o.record(docBlock{kind: blockTitle, text: text, sub: where, style: style})
		return
	}
	o.line(o.paint(style, text), "  ", o.paint(styleDim, where))
}

// source writes line num of the input, text, with the pointer under
// the fault ("" for none), after a blank line.
func (o *textOut) source(num, text, pointer string) {
	if o.doc != nil {
		o.record(docBlock{kind: blockSource, depth: 1, sub: num, text: text, extra: pointer})
		return
	}
	gutter := strings.Repeat(" ", len(num))
	o.line()
	o.line("  ", o.paint(styleDim, num+" | "), text)
	if pointer != "" {
		o.line("  ", o.paint(styleDim, gutter+" | "), o.paint(styleRed, pointer))
	}
}

// keyValues writes labelled values, the labels in a column of width.
func (o *textOut) keyValues(indent string, width int, kvs [][2]string) {
	if o.doc != nil {
		rows := make([][]string, len(kvs))
		for k, kv := range kvs {
			rows[k] = []string{kv[0], kv[1]}
		}
		o.record(docBlock{kind: blockTable, depth: depthOf(indent), rows: rows, right: []bool{false, false}})
		return
	}
	for _, kv := range kvs {
		o.line(indent, pad(kv[0], width), kv[1])
	}
}

// WriteText writes the explanation of one hand as text for a
// terminal: the setup, every action with the stack and pot after it and
// the legal betting window before it, the pots, the showdown, the awards,
// the record's claims against the rules' outcome, every finding at its
// step with the rule quoted, and a verdict.
func WriteText(w io.Writer, e *Explanation, o Options) error {
	out := &textOut{w: bufio.NewWriter(w), color: o.Color}
	c := newRenderer(e, o.Lang)
	c.writeText(out, o)
	return out.w.Flush()
}

func (c *renderer) writeText(out *textOut, o Options) {
	e := c.e
	c.textSetup(out, true)
	for _, n := range e.Notes {
		out.wrapped("  ", c.L("note")+": "+n, styleYellow)
	}
	c.textSeats(out)
	c.textActions(out)
	if e.replayed() {
		c.textPots(out)
		c.textShowdown(out)
		c.textAwards(out)
	} else {
		out.section("not_replayed", c.L("not_replayed"))
		why := ""
		if e.Trace != nil {
			why = e.Trace.Unsupported
		}
		out.wrapped("  ", why, "")
	}
	s := settle(e)
	c.textRecord(out, s)
	c.textLinks(out)
	c.textHandFindings(out)

	out.section("verdict", c.L("verdict"))
	style := styleGreen
	switch {
	case e.Failed(o.FailOn):
		style = styleRed
	case len(e.Findings) > 0:
		style = styleYellow
	}
	out.wrapped("  ", c.verdict(s), style)
}

// textSetup writes the hand's identity, game, stakes, rules and button.
func (c *renderer) textSetup(out *textOut, withRules bool) {
	h := c.h
	id := h.ID
	if id == "" {
		id = c.L("no_id")
	}
	loc := c.e.File
	if loc == "" {
		loc = h.Pos.File
	}
	loc += ":" + strconv.Itoa(h.Pos.Line)
	if h.End > h.Pos.Line {
		loc += "-" + strconv.Itoa(h.End)
	}
	out.title(c.L("hand")+" "+id, loc+" ("+h.Format+")", styleBold)
	var kvs [][2]string
	kv := func(k, v string) {
		if v != "" {
			kvs = append(kvs, [2]string{c.L(k), v})
		}
	}
	if h.Site != "" || h.Table != "" {
		kv("table", strings.TrimSpace(h.Site+" "+h.Table))
	}
	if h.Tournament != "" {
		kv("tournament", h.Tournament)
	}
	if !h.Start.IsZero() {
		kv("started", h.Start.UTC().Format("2006-01-02 15:04:05 UTC"))
	}
	game := c.gameName()
	kv("game", game)
	kv("stakes", c.stakes())
	if withRules {
		rules := c.rulesVersion()
		if c.rs != nil {
			rules += " (" + c.L("preset") + " " + c.rs.Name + c.L("list_sep") + c.L("house_digest_short") + " " + c.rs.Digest() + ")"
		}
		kv("rules", rules)
	}
	if withRules && c.rs != nil && !c.rs.SmallestChip.IsZero() {
		chip, _ := c.rs.SmallestChip.In(c.h.Scale)
		kv("smallest_chip", c.money(chip))
	}
	button := -1
	if c.t != nil && c.t.Supported {
		button = c.t.Button
	}
	switch {
	case button >= 0:
		v := c.L("seat") + " " + strconv.Itoa(h.Seats[button].Number) + ", " + c.name(button)
		if h.Button == 0 {
			v += " (" + c.L("button_inferred") + ")"
		}
		kv("button", v)
	case h.Button > 0:
		kv("button", c.L("seat")+" "+strconv.Itoa(h.Button))
	}
	out.keyValues("  ", 10, kvs)
}

// gameName is "no-limit hold'em (NT)".
func (c *renderer) gameName() string {
	g := c.h.Game
	s := c.L("structure_"+g.Structure.String()) + " " + c.L("variant_"+g.Variant.String())
	if c.lang == "zh" {
		s = c.L("structure_"+g.Structure.String()) + c.L("variant_"+g.Variant.String())
	}
	if g.Code != "" {
		s += " (" + g.Code + ")"
	}
	return s
}

// stakes is "blinds 50/100, ante 10 (big blind ante), minimum bet 100".
func (c *renderer) stakes() string {
	st := &c.h.Stakes
	var parts []string
	if st.SmallBlind > 0 || st.BigBlind > 0 {
		parts = append(parts, c.L("blinds")+" "+c.money(st.SmallBlind)+"/"+c.money(st.BigBlind))
	}
	if st.Ante > 0 {
		a := c.L("ante") + " " + c.money(st.Ante)
		if st.BigBlindAnte {
			a += " (" + c.L("big_blind_ante") + ")"
		}
		parts = append(parts, a)
	}
	for _, s := range st.Straddles {
		parts = append(parts, c.L("straddle")+" "+c.money(s))
	}
	if st.SmallBet > 0 || st.BigBet > 0 {
		parts = append(parts, c.L("limits")+" "+c.money(st.SmallBet)+"/"+c.money(st.BigBet))
	}
	if st.BringIn > 0 {
		parts = append(parts, c.L("bring_in")+" "+c.money(st.BringIn))
	}
	if st.MinBet > 0 && st.MinBet != st.BigBlind {
		parts = append(parts, c.L("min_bet")+" "+c.money(st.MinBet))
	}
	if st.Cap > 0 {
		parts = append(parts, c.L("cap")+" "+c.money(st.Cap))
	}
	if c.h.Currency != "" {
		parts = append(parts, c.h.Currency)
	}
	return strings.Join(parts, c.L("list_sep"))
}

// textSeats writes the seats table.
func (c *renderer) textSeats(out *textOut) {
	h := c.h
	out.section("seats", c.L("seats"))
	rows := [][]string{{c.L("seat_h"), c.L("player"), c.L("position"), c.L("stack_h")}}
	for i, s := range h.Seats {
		p := c.name(i)
		if s.SittingOut {
			p += " (" + c.L("sitting_out") + ")"
		}
		rows = append(rows, []string{strconv.Itoa(s.Number), p, c.pos[i], c.money(s.Stack)})
	}
	writeTable(out, "  ", rows, []bool{true, false, false, true})
}

// writeTable writes rows as aligned columns; right[k] right-aligns column k.
// The first row is the header.
func writeTable(out *textOut, indent string, rows [][]string, right []bool) {
	if out.doc != nil {
		out.record(docBlock{kind: blockTable, depth: depthOf(indent), rows: rows, right: right, header: true})
		return
	}
	widths := make([]int, len(rows[0]))
	for _, r := range rows {
		for k, cell := range r {
			widths[k] = max(widths[k], displayWidth(cell))
		}
	}
	for ri, r := range rows {
		var b strings.Builder
		b.WriteString(indent)
		for k, cell := range r {
			if k > 0 {
				b.WriteString("  ")
			}
			last := k == len(r)-1
			switch {
			case right[k]:
				b.WriteString(strings.Repeat(" ", widths[k]-displayWidth(cell)))
				b.WriteString(cell)
			case last:
				b.WriteString(cell)
			default:
				b.WriteString(pad(cell, widths[k]))
			}
		}
		s := strings.TrimRight(b.String(), " ")
		if ri == 0 {
			s = out.paint(styleDim, s)
		}
		out.line(s)
	}
}

// textActions writes every action in order, street by street.
func (c *renderer) textActions(out *textOut) {
	h, e := c.h, c.e
	replayed := e.replayed()
	out.section("actions", c.L("actions"))
	out.line("  ", out.paint(styleDim, c.L("actions_help")))
	if h.Game.Variant.IsStud() {
		out.line("  ", out.paint(styleDim, c.L("up_cards_help")))
	}
	byStep := map[int][]*checks.Finding{}
	for i := range e.Findings {
		f := &e.Findings[i]
		if f.ActionIndex >= 0 {
			byStep[f.ActionIndex] = append(byStep[f.ActionIndex], f)
		}
	}
	street := replay.Street(255)
	for i := 0; i < len(h.Actions); i++ {
		a := &h.Actions[i]
		var st *replay.Step
		if replayed {
			st = &c.t.Steps[i]
			if st.Street != street && (st.Street > street || street == 255) {
				street = st.Street
				out.heading("  ", c.streetName(street))
			}
		}
		// Hole cards dealt in a row read as one line.
		if a.Kind == hand.DealHole {
			j := i
			var parts []string
			for ; j < len(h.Actions) && h.Actions[j].Kind == hand.DealHole && len(byStep[j]) == 0; j++ {
				d := &h.Actions[j]
				parts = append(parts, c.name(d.Player)+" "+c.dealtCards(d, c.stepAt(j)))
			}
			if j > i+1 {
				out.wrapped("    ", "#"+strconv.Itoa(i)+"-"+strconv.Itoa(j-1)+"  "+c.lineRef(a)+c.L("dealt")+": "+strings.Join(parts, c.L("list_sep")), "")
				i = j - 1
				continue
			}
		}
		c.textAction(out, i, a, st, byStep[i])
	}
}

// lineRef is "line 12  " for an action read from a known line.
func (c *renderer) lineRef(a *hand.Action) string {
	if a.Pos.Line <= 0 {
		return ""
	}
	return c.L("line") + " " + strconv.Itoa(a.Pos.Line) + "  "
}

// stepAt is the replay's step i, or nil when the hand was not replayed.
func (c *renderer) stepAt(i int) *replay.Step {
	if c.t == nil || !c.t.Supported || i >= len(c.t.Steps) {
		return nil
	}
	return &c.t.Steps[i]
}

// dealtCards is a deal's cards, those dealt face up (stud) marked "↑".
func (c *renderer) dealtCards(a *hand.Action, st *replay.Step) string {
	if st == nil || st.Up == 0 || len(a.Cards) == 0 {
		return c.cardsOrHidden(a.Cards)
	}
	return string(reports.AppendDealt(nil, a.Cards, st.Up))
}

func (c *renderer) cardsOrHidden(cs []cards.Card) string {
	if len(cs) == 0 {
		return c.L("hidden")
	}
	return cardList(cs)
}

// textAction writes one action, its effect, its window and its findings.
func (c *renderer) textAction(out *textOut, i int, a *hand.Action, st *replay.Step, fs []*checks.Finding) {
	head := "#" + strconv.Itoa(i) + "  " + c.lineRef(a) + c.describe(a, st)
	if st != nil {
		var after []string
		if a.Player >= 0 && a.Player < len(st.Stacks) && a.Kind != hand.DealHole {
			after = append(after, c.L("stack")+" "+c.money(st.Stacks[a.Player]))
		}
		after = append(after, c.L("pot")+" "+c.money(st.PotAfter))
		head += "  →  " + strings.Join(after, c.L("list_sep"))
	}
	style := ""
	if len(fs) > 0 {
		style = styleBold
	}
	out.anchor = "step-" + strconv.Itoa(i)
	out.wrapped("    ", head, style)
	if st != nil && st.Betting {
		out.wrapped("        ", c.window(st), styleCyan)
	}
	if st != nil && st.HasExpected && a.Kind == hand.Post {
		if st.Expected != a.Amount {
			out.wrapped("        ", c.L("forced_bet_due")+" "+c.money(st.Expected), styleCyan)
		}
	}
	if st != nil && st.Note != "" {
		out.wrapped("        ", c.L("engine_note")+": "+st.Note, styleDim)
	}
	if st != nil && c.t != nil {
		for _, r := range c.t.Returns {
			if r.Step == i {
				out.wrapped("        ", c.returnText(r), styleCyan)
			}
		}
	}
	for _, f := range fs {
		c.textFinding(out, "        ", f)
	}
}

// returnText says an uncalled bet goes back.
func (c *renderer) returnText(r replay.Return) string {
	if c.lang == "zh" {
		return "无人跟注的 " + c.money(r.Amount) + " 退还给 " + c.name(r.Player) + "(" + c.citeString("uncalled-bet") + ")"
	}
	return "the " + c.money(r.Amount) + " no one called goes back to " + c.name(r.Player) + " (" + c.citeString("uncalled-bet") + ")"
}

// citeString is the citation of key as findings print it.
func (c *renderer) citeString(key string) string { return c.cite(key).String() }

// describe says what an action did: "A (SB) raises to 1,600 (+1,000)".
func (c *renderer) describe(a *hand.Action, st *replay.Step) string {
	who := c.nameWithPos(a.Player)
	kind := a.Kind
	if st != nil {
		kind = st.Kind
	}
	allIn := a.AllIn
	if st != nil {
		allIn = st.AllIn
	}
	suffix := ""
	if allIn && (kind.IsBetting() || kind == hand.Post) {
		suffix = " " + c.L("all_in")
	}
	switch kind {
	case hand.Post:
		return who + " " + c.L("posts_"+a.PostKind.String()) + " " + c.money(a.Amount) + suffix
	case hand.DealHole:
		return c.L("dealer") + ": " + c.name(a.Player) + " " + c.dealtCards(a, st)
	case hand.DealBoard:
		s := c.L("dealer") + ": " + cardList(a.Cards)
		if a.Board > 0 {
			s += " (" + c.L("run") + " " + strconv.Itoa(a.Board+1) + ")"
		}
		return s
	case hand.Fold:
		return who + " " + c.L("folds")
	case hand.Check:
		return who + " " + c.L("checks")
	case hand.Call:
		amt := a.Amount
		if st != nil {
			amt = st.Added
		}
		return who + " " + c.L("calls") + " " + c.money(amt) + suffix
	case hand.BringIn:
		return who + " " + c.L("brings_in") + " " + c.money(a.Amount) + suffix
	case hand.Bet, hand.Raise:
		to := a.To
		if st != nil {
			to = st.To
		}
		verb := c.L("bets")
		if kind == hand.Raise || (st != nil && st.Window.CurrentBet > 0) {
			verb = c.L("raises_to")
		}
		s := who + " " + verb + " " + c.money(to)
		if st != nil && st.Window.CurrentBet > 0 {
			s += " (+" + c.money(to-st.Window.CurrentBet) + ")"
		}
		return s + suffix
	case hand.Show:
		return who + " " + c.L("shows") + " " + cardList(a.Cards)
	case hand.Muck:
		s := who + " " + c.L("mucks")
		if len(a.Cards) > 0 {
			s += " " + cardList(a.Cards)
		}
		return s
	case hand.UncalledReturn:
		return c.L("record") + ": " + c.money(a.Amount) + " " + c.L("returned_to") + " " + c.name(a.Player)
	case hand.Collect:
		s := c.L("record") + ": " + c.name(a.Player) + " " + c.L("collects") + " " + c.money(a.Amount)
		if a.Pot >= 0 {
			s += " " + c.L("from") + " " + c.potName(a.Pot)
		}
		if a.Board > 0 {
			s += " (" + c.L("run") + " " + strconv.Itoa(a.Board+1) + ")"
		}
		return s
	case hand.Discard:
		if len(a.Cards) == 0 {
			return who + " " + c.L("stands_pat")
		}
		return who + " " + c.L("discards") + " " + cardList(a.Cards)
	}
	return who + " " + kind.String()
}

// window describes the legal betting window before a betting action.
func (c *renderer) window(st *replay.Step) string {
	w := &st.Window
	var parts []string
	parts = append(parts, c.L("to_call")+" "+c.money(w.ToCall))
	bet := w.CurrentBet == 0
	switch {
	case w.MinRaiseTo > 0:
		minK, maxK := "min_raise_to", "max_raise_to"
		if bet {
			minK, maxK = "min_bet", "max_bet"
		}
		parts = append(parts, c.L(minK)+" "+c.money(w.MinRaiseTo))
		mx := c.L(maxK) + " " + c.money(w.MaxRaiseTo)
		switch {
		case c.h.Game.Structure == hand.PotLimit && w.MaxRaiseTo == w.PotLimitMax:
			mx += " (" + c.L("the_pot_limit") + ")"
		case c.h.Game.Structure == hand.PotLimit:
			mx += " (" + c.L("all_in_pot_limit") + " " + c.money(w.PotLimitMax) + ")"
		case c.h.Game.Structure == hand.NoLimit:
			mx += " (" + c.L("all_in_word") + ")"
		}
		parts = append(parts, mx)
		if c.h.Game.Structure != hand.FixedLimit && !bet {
			parts = append(parts, c.L("full_raise")+" "+c.money(w.FullRaise))
		}
	case !w.Open:
		parts = append(parts, c.L("no_raise"))
	case w.Cap > 0 && w.RaiseCount >= w.Cap:
		parts = append(parts, c.L("no_raise_cap"))
	default:
		parts = append(parts, c.L("no_raise_stack"))
	}
	if c.h.Game.Structure == hand.FixedLimit {
		fl := c.L("bet_size") + " " + c.money(w.FixedSize)
		if w.Cap > 0 {
			fl += c.L("list_sep") + c.L("raises_so_far") + " " + strconv.Itoa(w.RaiseCount) + "/" + strconv.Itoa(w.Cap)
		}
		parts = append(parts, fl)
	}
	if w.OpenReason != "" {
		parts = append(parts, reasonIn(c.lang, w.OpenReason))
	}
	s := c.L("window") + ": " + strings.Join(parts, " · ")
	switch {
	case w.ToAct < 0:
		s += " · " + c.L("no_one_to_act")
	case w.ToAct != st.Player:
		s += " · " + c.L("out_of_turn") + " " + c.name(w.ToAct)
	}
	return s
}

// textFinding writes one finding with its amounts and the rule quoted.
func (c *renderer) textFinding(out *textOut, indent string, f *checks.Finding) {
	style := styleYellow
	mark := "!"
	switch f.Severity {
	case checks.Error:
		style, mark = styleRed, "✗"
	case checks.Info:
		style, mark = styleCyan, "i"
	}
	sev := c.L(f.Severity.String())
	out.wrapped(indent, mark+" "+sev+" "+f.CheckID+": "+strings.TrimSpace(f.Message), style)
	in2 := indent + "  "
	var amounts []string
	if f.HasExpected {
		amounts = append(amounts, c.L("expected")+" "+c.findingMoney(f, f.Expected))
	}
	if f.HasRecorded {
		amounts = append(amounts, c.L("recorded")+" "+c.findingMoney(f, f.Recorded))
	}
	if len(amounts) > 0 {
		out.line(in2, strings.Join(amounts, c.L("list_sep")))
	}
	if f.Rule != "" {
		out.wrapped(in2, c.L("rule")+": "+f.Rule, styleBold)
	}
	if text, _, note := c.ruleText(f); text != "" {
		q := "“" + text + "”"
		if note != "" {
			q += " (" + note + ")"
		}
		out.wrapped(in2+"  ", q, styleDim)
	}
}

func (c *renderer) findingMoney(f *checks.Finding, a hand.Amount) string {
	if f.Scale > 0 && f.Scale != c.h.Scale {
		return reports.FormatAmount(a, f.Scale, f.Currency)
	}
	return c.money(a)
}

// textPots writes the pots as the rules build them, and the layers.
func (c *renderer) textPots(out *textOut) {
	t := c.t
	out.section("pots", c.L("pots"))
	for k, p := range t.Pots {
		s := pad(c.potName(k), 10) + " " + c.money(p.Amount) + "  " + c.L("eligible") + ": " + c.names(p.Eligible)
		if p.Rake > 0 {
			s += c.L("list_sep") + c.L("rake_from_it") + " " + c.money(p.Rake)
		}
		out.wrapped("  ", s, "")
	}
	tot := c.L("total_pot") + " " + c.money(t.TotalPot)
	if t.Rake > 0 || c.h.Outcome.HasRake {
		tot += c.L("list_sep") + c.L("rake") + " " + c.money(t.Rake)
	}
	out.line("  ", tot)
	if len(t.Pots) > 1 {
		out.wrapped("  ", c.L("side_pots_rule")+" ("+c.citeString("side-pots")+")", styleDim)
	}
	// The layers a dealer counts, when they are finer than the pots: the
	// seeds' worked example lays its pots out this way.
	live := make([]bool, len(c.h.Seats))
	for _, p := range t.Pots {
		for _, e := range p.Eligible {
			live[e] = true
		}
	}
	if len(t.Pots) > 1 {
		layers := replay.PotLayers(t.Committed, live)
		if len(layers) > len(t.Pots) {
			parts := make([]string, len(layers))
			for k, l := range layers {
				parts[k] = c.money(l.Amount) + " (" + c.names(l.Eligible) + ")"
			}
			out.wrapped("  ", c.L("layers")+": "+strings.Join(parts, " + "), "")
		}
	}
	for _, r := range t.Returns {
		out.wrapped("  ", c.returnText(r), "")
	}
}

// textShowdown writes who had to table first and each hand's best five.
func (c *renderer) textShowdown(out *textOut) {
	t, h := c.t, c.h
	if t.ShowdownFirst < 0 && len(t.Shown) == 0 {
		return
	}
	out.section("showdown", c.L("showdown"))
	for b, board := range t.Boards {
		label := c.L("board")
		if len(t.Boards) > 1 {
			label += " " + c.L("run") + " " + strconv.Itoa(b+1)
		}
		out.line("  ", label+": "+cardList(board))
	}
	if t.ShowdownFirst >= 0 {
		key := "showdown-order"
		if strings.HasPrefix(t.ShowdownReason, "all-in showdown") {
			key = "face-up-all-in"
		}
		out.wrapped("  ", c.L("first_to_table")+": "+c.name(t.ShowdownFirst)+" — "+reasonIn(c.lang, t.ShowdownReason)+" ("+c.citeString(key)+")", "")
	}
	var order []string
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind == hand.Show || a.Kind == hand.Muck {
			v := c.L("shows")
			if a.Kind == hand.Muck {
				v = c.L("mucks")
			}
			order = append(order, c.name(a.Player)+" "+v)
		}
	}
	if len(order) > 0 {
		out.wrapped("  ", c.L("record_order")+": "+strings.Join(order, ", "), "")
	}
	if len(t.Shown) > 0 {
		rows := [][]string{{c.L("player"), c.L("cards"), c.L("best_five"), c.L("hand_rank")}}
		for _, s := range t.Shown {
			p := c.name(s.Player)
			if len(t.Boards) > 1 {
				p += " (" + c.L("run") + " " + strconv.Itoa(s.Board+1) + ")"
			}
			rows = append(rows, []string{p, cardList(s.Cards), cardList(s.Best), s.Desc})
		}
		writeTable(out, "  ", rows, []bool{false, false, false, false})
	}
}

// textAwards writes pot by pot who wins how much, and the odd chips.
func (c *renderer) textAwards(out *textOut) {
	t := c.t
	if len(t.Awards) == 0 && len(t.Undecided) == 0 {
		return
	}
	out.section("awards", c.L("awards"))
	if len(t.Boards) > 1 {
		out.wrapped("  ", c.L("run_twice_split")+" ("+c.citeString("run-it-twice")+")", styleDim)
	}
	for k := range t.Pots {
		p := &t.Pots[k]
		head := c.potName(k) + " " + c.money(p.Amount-p.Rake)
		if p.Rake > 0 {
			head += " (" + c.L("after_rake") + " " + c.money(p.Rake) + ")"
		}
		out.heading("  ", head)
		for _, a := range t.Awards {
			if a.Pot != k {
				continue
			}
			s := c.name(a.Player) + " " + c.money(a.Amount)
			switch a.Half {
			case replay.High:
				s += " (" + c.L("high_half") + ")"
			case replay.Low:
				s += " (" + c.L("low_half") + ")"
			}
			reason, _, _ := strings.Cut(a.Reason, "; odd ")
			s += " — " + reason
			if a.FromRecord {
				s += " [" + c.L("from_record") + "]"
			}
			rule := a.Rule
			if a.OddChip > 0 {
				rule = "cards-speak"
				if strings.HasPrefix(reason, "uncontested") {
					rule = "uncontested-showdown"
				}
			}
			if rule != "" {
				s += " (" + c.citeString(rule) + ")"
			}
			out.wrapped("    ", s, "")
			if a.OddChip > 0 {
				out.wrapped("      ", c.oddChipText(a), styleCyan)
			}
		}
		for _, u := range t.Undecided {
			if u == k {
				out.wrapped("    ", c.L("undecided"), styleYellow)
			}
		}
	}
}

// oddChipText says who gets the odd chip of a split and why.
func (c *renderer) oddChipText(a replay.Award) string {
	_, why, _ := strings.Cut(a.Reason, "; odd ")
	why = strings.TrimPrefix(strings.TrimPrefix(why, "chip: "), "unit: ")
	unit := hand.Amount(1)
	if c.t != nil && c.t.ChipUnit > 0 {
		unit = c.t.ChipUnit
	}
	if c.lang == "zh" {
		return "奇数筹码:" + c.name(a.Player) + " 多得 " + c.money(a.OddChip) + "(最小筹码 " + c.money(unit) + ";" + why + ";" + c.citeString("odd-chips") + ")"
	}
	return "odd chip: " + c.name(a.Player) + " gets the extra " + c.money(a.OddChip) + " (smallest chip " + c.money(unit) + "; " + why + "; " + c.citeString("odd-chips") + ")"
}

// textRecord compares the record's claims with the rules' outcome.
// textLinks shows the hand's links to the hands before and after it at
// its table: the button's move and each stack carried over or not.
func (c *renderer) textLinks(out *textOut) {
	if len(c.e.Links) == 0 {
		return
	}
	out.section("table_session", c.L("table_session"))
	for _, l := range c.e.Links {
		head := c.L("previous_hand")
		if l.Role == "next" {
			head = c.L("next_hand")
		}
		head += " " + l.ID + " (" + c.L("line") + " " + strconv.Itoa(l.Line) + ")"
		if !l.Judged {
			out.wrapped("  ", head+": "+c.L("link_not_judged"), "")
			continue
		}
		out.wrapped("  ", head+": "+c.L("button")+" "+seatName(l.ButtonFrom)+" → "+seatName(l.ButtonTo), "")
		for _, st := range l.Stacks {
			text := st.Player + " " + c.money(st.Finished)
			if st.Started == st.Finished {
				text += " " + c.L("carried_over")
			} else {
				text += " → " + c.money(st.Started) + " (" + c.diff(st.Started-st.Finished) + ")"
				if st.UnstatedRake {
					text += ": " + c.L("unstated_rake")
				}
			}
			out.wrapped("    ", text, "")
		}
	}
}

func seatName(n int) string {
	if n == 0 {
		return "?"
	}
	return "#" + strconv.Itoa(n)
}

func (c *renderer) textRecord(out *textOut, s *settlement) {
	h, t := c.h, c.t
	out.section("record_vs_rules", c.L("record_vs_rules"))
	oc := &h.Outcome
	replayed := c.e.replayed()
	if oc.HasTotalPot || replayed {
		rec := "—"
		if oc.HasTotalPot {
			rec = c.money(oc.TotalPot)
		}
		rul := "—"
		if replayed {
			rul = c.money(t.TotalPot)
		}
		out.line("  ", c.L("total_pot")+": "+c.L("record")+" "+rec+c.L("list_sep")+c.L("rules_word")+" "+rul)
	}
	if len(oc.Pots) > 0 && replayed {
		rec := make([]string, len(oc.Pots))
		for k, p := range oc.Pots {
			rec[k] = c.money(p)
		}
		rul := make([]string, len(t.Pots))
		for k, p := range t.Pots {
			rul[k] = c.money(p.Amount - p.Rake)
		}
		out.wrapped("  ", c.L("pots")+": "+c.L("record")+" "+strings.Join(rec, " + ")+c.L("list_sep")+c.L("rules_word")+" "+strings.Join(rul, " + ")+" ("+c.L("after_rake")+")", "")
	}
	if oc.HasRake || (replayed && t.HasExpectedRake) {
		line := c.L("rake") + ": " + c.L("record") + " " + c.money(oc.Rake)
		if replayed && t.HasExpectedRake {
			line += c.L("list_sep") + c.L("house_rule") + " " + c.money(t.ExpectedRake)
		}
		out.line("  ", line)
	}
	if !replayed {
		// Unread is not clean: the record may state an outcome, but
		// nothing was computed to hold it against.
		out.line("  ", c.L("outcome_not_checked"))
		return
	}
	if s.Basis == basisNone {
		out.line("  ", c.L("no_outcome"))
		return
	}
	var rows [][]string
	switch s.Basis {
	case basisFinishing:
		rows = append(rows, []string{c.L("player"), c.L("start"), c.L("put_in"), c.L("record_finish"), c.L("rules_finish"), c.L("difference")})
		for _, st := range s.Seats {
			rows = append(rows, []string{c.name(st.Index), c.money(st.Start), c.money(st.Committed), c.money(st.RecordFinish), c.money(st.RulesFinish), c.diff(st.Owed)})
		}
	default:
		rows = append(rows, []string{c.L("player"), c.L("start"), c.L("put_in"), c.L("record_gets"), c.L("rules_give"), c.L("difference")})
		for _, st := range s.Seats {
			rul := st.RulesAwarded + st.RulesReturned
			if s.Basis == basisWinnings {
				rul = st.RulesAwarded
			}
			rows = append(rows, []string{c.name(st.Index), c.money(st.Start), c.money(st.Committed), c.money(st.RecordGets), c.money(rul), c.diff(st.Owed)})
		}
	}
	out.line("  ", out.paint(styleDim, c.L("basis_help_"+s.Basis)))
	writeTable(out, "  ", rows, []bool{false, true, true, true, true, true})
	if s.CashOut {
		out.wrapped("  ", c.L("cash_out_note"), styleDim)
	}
	if s.CashOutApart {
		out.wrapped("  ", c.L("cash_out_apart_note"), styleDim)
	}
}

// diff prints a difference: "—" for none, "+6.25" owed, "-6.25" overpaid.
func (c *renderer) diff(a hand.Amount) string {
	switch {
	case a == 0:
		return "—"
	case a > 0:
		return "+" + c.money(a)
	}
	return c.money(a)
}

// textHandFindings writes the findings not tied to a step.
func (c *renderer) textHandFindings(out *textOut) {
	var fs []*checks.Finding
	for i := range c.e.Findings {
		if c.e.Findings[i].ActionIndex < 0 {
			fs = append(fs, &c.e.Findings[i])
		}
	}
	out.section("findings", c.L("findings")+" ("+strconv.Itoa(len(c.e.Findings))+")")
	if len(c.e.Findings) == 0 {
		out.line("  ", out.paint(styleGreen, c.L("no_findings")))
		return
	}
	if c.ruling {
		// The ruling shows its findings before the steps: each in full,
		// with the step it was found at.
		for i := range c.e.Findings {
			f := &c.e.Findings[i]
			if f.ActionIndex >= 0 && f.ActionIndex < len(c.h.Actions) {
				a := &c.h.Actions[f.ActionIndex]
				out.link = "step-" + strconv.Itoa(f.ActionIndex)
				out.wrapped("  ", "#"+strconv.Itoa(f.ActionIndex)+"  "+c.lineRef(a)+c.describe(a, c.stepAt(f.ActionIndex)), "")
			}
			c.textFinding(out, "    ", f)
		}
		return
	}
	for i := range c.e.Findings {
		f := &c.e.Findings[i]
		if f.ActionIndex >= 0 {
			out.wrapped("  ", "#"+strconv.Itoa(f.ActionIndex)+" "+c.L(f.Severity.String())+" "+f.CheckID+" ("+c.L("at_step_above")+")", "")
		}
	}
	for _, f := range fs {
		c.textFinding(out, "  ", f)
	}
}

// displayWidth is the width of s on a terminal: East Asian wide
// characters take two columns.
func displayWidth(s string) int {
	w := 0
	for _, r := range s {
		w += runeWidth(r)
	}
	return w
}

func runeWidth(r rune) int {
	switch {
	case r >= 0x1100 && r <= 0x115F, r >= 0x2E80 && r <= 0xA4CF, r >= 0xAC00 && r <= 0xD7A3,
		r >= 0xF900 && r <= 0xFAFF, r >= 0xFE30 && r <= 0xFE4F, r >= 0xFF00 && r <= 0xFF60,
		r >= 0xFFE0 && r <= 0xFFE6:
		return 2
	}
	return 1
}

// pad pads s with spaces to width columns.
func pad(s string, width int) string {
	if d := width - displayWidth(s); d > 0 {
		return s + strings.Repeat(" ", d)
	}
	return s
}

// wrap breaks text into lines of at most width columns, at spaces, or
// between wide (CJK) characters, which need no space.
func wrap(text string, width int) []string {
	type token struct {
		s     string
		space bool // a space precedes it on the same line
	}
	var toks []token
	for _, word := range strings.Fields(text) {
		first := true
		start := 0
		for k, r := range word {
			if runeWidth(r) == 2 {
				if k > start {
					toks = append(toks, token{word[start:k], first})
					first = false
				}
				n := utf8.RuneLen(r)
				toks = append(toks, token{word[k : k+n], first})
				first = false
				start = k + n
			}
		}
		if start < len(word) {
			toks = append(toks, token{word[start:], first})
		}
	}
	var lines []string
	var b strings.Builder
	w := 0
	for _, t := range toks {
		tw := displayWidth(t.s)
		sep := 0
		if t.space && w > 0 {
			sep = 1
		}
		if w > 0 && w+sep+tw > width {
			lines = append(lines, b.String())
			b.Reset()
			w, sep = 0, 0
		}
		if sep == 1 {
			b.WriteByte(' ')
		}
		b.WriteString(t.s)
		w += sep + tw
	}
	if b.Len() > 0 {
		lines = append(lines, b.String())
	}
	return lines
}

// cardList prints cards separated by spaces: "Kc Kd".
func cardList(cs []cards.Card) string {
	parts := make([]string, len(cs))
	for i, c := range cs {
		parts[i] = c.String()
	}
	return strings.Join(parts, " ")
}
