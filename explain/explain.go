// Package explain is the dispute analyzer behind `audit explain`: it
// loads one hand from a hand-history file (by its ID or by a line it
// spans), replays it under a ruleset and runs the checks over it, works out
// the settlement (what the record paid each player against what the rules
// pay him, and so who is owed what), compares the rulings of several
// rulesets, and lays it all out step by step: as text for a reader, as a
// JSON document for tools (schema handaudit.explain/1) or as an HTML
// ruling that leads with the verdict and prints as a filed document. A hand that cannot be read is explained
// as a parse error: where it is and why.
package explain

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// Explanation is one hand replayed and checked under one ruleset: what
// `audit explain` lays out when a player disputes a pot. It holds the
// evidence only; WriteText, WriteJSON and WriteHTML render it.
type Explanation struct {
	Hand     *hand.Hand
	Trace    *replay.Trace
	Findings []checks.Finding
	Rules    *replay.Ruleset
	File     string // the input as given on the command line
	// Notes are remarks about the file the hand came from (other hands
	// that could not be read, a hand ID used twice), shown before the hand.
	Notes []string
	// Links are the hand's links to the hands before and after it at its
	// table in the file, as the session checks judge them.
	Links []Link
}

// Link is the passage from one hand of a table to the next: the button's
// move and each player's stack, carried over or not.
type Link struct {
	Role       string      `json:"role"` // "previous" (that hand, then this one) or "next"
	ID         string      `json:"hand_id"`
	Line       int         `json:"line"`
	ButtonFrom int         `json:"button_from"` // seat numbers, 0 unknown
	ButtonTo   int         `json:"button_to"`
	Stacks     []LinkStack `json:"stacks"`
	Judged     bool        `json:"judged"` // the session checks judged it (players in the same seats, nothing between)
}

// LinkStack is one player's stack across a link.
type LinkStack struct {
	Player   string      `json:"player"`
	Finished hand.Amount `json:"finished"` // at the end of the earlier hand, by its record
	Started  hand.Amount `json:"started"`  // at the start of the later one
	// UnstatedRake: he starts short by the rake the earlier record did
	// not state (checks.UnstatedRakeTaken), which is not a fault.
	UnstatedRake bool `json:"unstated_rake,omitempty"`
}

// New replays h under rs (nil: the default preset) and runs the
// selected checks over it.
func New(h *hand.Hand, rs *replay.Ruleset, sel checks.Selection) *Explanation {
	if rs == nil {
		d := replay.Default()
		rs = &d
	}
	tr := replay.Replay(h, rs)
	return &Explanation{Hand: h, Trace: tr, Findings: checks.Run(h, tr, sel), Rules: rs, File: h.Pos.File}
}

// Explain replays the source's hand under rs and runs the selected checks
// over it: New, with the file as given to Load and the notes about it.
// The hand is judged with the hands before it in its file as a run reading
// that file judges it (judgeInFile): its table session and a repeat of its
// ID. The source must hold a hand (ParseError nil).
func (s *Source) Explain(rs *replay.Ruleset, sel checks.Selection) *Explanation {
	e := New(s.Hand, rs, sel)
	e.File = s.File
	e.Notes = s.Notes
	cur := checks.SessionOf(e.Hand, e.Trace)
	if s.open != nil && s.before > 0 {
		if err := e.judgeInFile(s, cur, sel); err != nil {
			e.Notes = append(e.Notes, "the file could not be read again to judge the hand with the hands before it: "+err.Error())
			e.judgeLink(s.Prev, cur, sel)
		}
	} else {
		e.judgeLink(s.Prev, cur, sel)
	}
	e.linkSession(s.Prev, s.Next, cur)
	return e
}

// judgeInFile judges the hand as a run that reads its file judges it. The
// hands before it in the file are read again: those at its table go
// through the session judge in turn (it keeps one hand per table, and the
// players who owe a big blind: a blind missed several hands back is owed
// still), and the first earlier record under its ID is compared with it.
// The findings join the hand's as the pipeline adds them: the repeated
// ID's (session.conflicting-duplicate when the contents differ, else
// hand.duplicate-id's warning), then the session checks', one fault one
// finding. Hands in other files are not read: a run that reads the
// table's earlier hands from another file may judge the first hands of
// this one otherwise.
func (e *Explanation) judgeInFile(s *Source, cur *checks.SessionHand, sel checks.Selection) error {
	rs, h := e.Rules, e.Hand
	var ss *checks.Sessions
	if cur != nil {
		ss = checks.NewSessions(sel)
	}
	var first *hand.Hand // the first earlier record under h's ID
	read := 0
	err := s.eachHand(func(o *hand.Hand) bool {
		if read == s.before {
			return false
		}
		read++
		if first == nil && h.ID != "" && o.ID == h.ID && o.Site == h.Site && (h.Site != "" || o.Format == h.Format) {
			first = o
		}
		if ss != nil && (checks.TableKey{Site: o.Site, Tournament: o.Tournament, Table: o.Table}) == cur.Key {
			ss.Add(checks.SessionOf(o, replay.Replay(o, rs)), rs)
		}
		return true
	})
	if err != nil {
		return err
	}
	if first != nil && (checks.Lookup(checks.DuplicateID) == nil || sel.Has(checks.DuplicateID)) {
		if sel.Has(checks.ConflictingDuplicateID) && checks.RecordDigest(first, replay.Replay(first, rs)) != checks.RecordDigest(h, e.Trace) {
			e.Findings = append(e.Findings, *checks.ConflictingCopy(sel, rs, h, s.File, h.Pos.Line, s.File, first.Pos.Line))
		} else {
			e.Findings = append(e.Findings, checks.DuplicateIDFinding(h, s.File, h.Pos.Line, s.File, first.Pos.Line))
		}
	}
	if ss != nil {
		e.addSessionFindings(ss.Add(cur, rs))
	}
	return nil
}

// judgeLink judges the hand against the hand before it at its table
// alone: for a Source not read by Load.
func (e *Explanation) judgeLink(prev *hand.Hand, cur *checks.SessionHand, sel checks.Selection) {
	if prev == nil || cur == nil {
		return
	}
	if p := checks.SessionOf(prev, replay.Replay(prev, e.Rules)); p != nil {
		ss := checks.NewSessions(sel)
		ss.Add(p, e.Rules)
		e.addSessionFindings(ss.Add(cur, e.Rules))
	}
}

// addSessionFindings adds the session checks' findings as the pipeline
// does: another record under the table's last ID is the error, not also
// the repeated ID's warning, and not twice.
func (e *Explanation) addSessionFindings(fs []checks.Finding) {
	conflicting := func(f checks.Finding) bool { return f.CheckID == checks.ConflictingDuplicateID }
	if slices.ContainsFunc(fs, conflicting) {
		if slices.ContainsFunc(e.Findings, conflicting) {
			fs = slices.DeleteFunc(fs, conflicting)
		}
		e.Findings = slices.DeleteFunc(e.Findings, func(f checks.Finding) bool { return f.CheckID == checks.DuplicateID })
	}
	e.Findings = append(e.Findings, fs...)
}

// linkSession describes the hand's links to the hands before and after it
// at its table.
func (e *Explanation) linkSession(prev, next *hand.Hand, cur *checks.SessionHand) {
	if cur == nil {
		return
	}
	if prev != nil {
		if p := checks.SessionOf(prev, replay.Replay(prev, e.Rules)); p != nil {
			e.Links = append(e.Links, linkOf("previous", p, cur, p))
		}
	}
	if next != nil {
		if n := checks.SessionOf(next, replay.Replay(next, e.Rules)); n != nil {
			e.Links = append(e.Links, linkOf("next", cur, n, n))
		}
	}
}

// SessionLink describes the link from hand a to hand b at their table,
// naming the other hand o (role "previous": o is a; "next": o is b), as
// Source.Explain does for the hands before and after it in its file: the
// batch run's rulings, made without reading the file again, link their
// hands so.
func SessionLink(role string, a, b, o *checks.SessionHand) Link { return linkOf(role, a, b, o) }

// linkOf describes the link from a to b, naming the other hand o.
func linkOf(role string, a, b, o *checks.SessionHand) Link {
	l := Link{Role: role, ID: o.ID, Line: o.Line, ButtonFrom: a.Button, ButtonTo: b.Button}
	same := 0
	raked := checks.UnstatedRakeTaken(a, b)
	for i, sb := range b.Seats {
		for _, sa := range a.Seats {
			if sa.Player == sb.Player && sa.Number == sb.Number {
				same++
				if sa.HasFinish {
					l.Stacks = append(l.Stacks, LinkStack{Player: sb.Player, Finished: sa.Finish, Started: sb.Start,
						UnstatedRake: raked != nil && raked[i]})
				}
			}
		}
	}
	l.Judged = same >= 2
	return l
}

// Write writes what `audit explain` shows about src in format "text",
// "json" or "html": the explanation of its hand under rulesets[0], or,
// with two or more rulesets, where their rulings differ;
// a hand or file that could not be read is written as its parse error
// (the HTML page under rulesets[0]). failed reports whether the hand
// fails at o.FailOn; a parse error counts as an error.
func Write(w io.Writer, format string, src *Source, rulesets []*replay.Ruleset, sel checks.Selection, o Options) (failed bool, err error) {
	switch format {
	case "text", "json", "html":
	default:
		return false, fmt.Errorf("unknown explain format %q (text, json or html)", format)
	}
	if len(rulesets) == 0 {
		rulesets = []*replay.Ruleset{nil} // the default preset
	}
	switch {
	case src.ParseError != nil:
		// Explained whatever the flags; it fails the run only when
		// parse.error is among the checks selected, as in audit run.
		failed = checks.Error >= o.FailOn && sel.Has("parse.error")
		switch format {
		case "json":
			err = WriteParseErrorJSON(w, src, o)
		case "html":
			err = WriteParseErrorHTML(w, src, rulesets[0], o)
		default:
			err = WriteParseErrorText(w, src, o)
		}
	case len(rulesets) > 1:
		es := make([]*Explanation, len(rulesets))
		for k, rs := range rulesets {
			es[k] = src.Explain(rs, sel)
			failed = failed || es[k].Failed(o.FailOn)
		}
		switch format {
		case "json":
			err = WriteComparisonJSON(w, es, o)
		case "html":
			err = WriteComparisonHTML(w, es, o)
		default:
			err = WriteComparisonText(w, es, o)
		}
	default:
		e := src.Explain(rulesets[0], sel)
		failed = e.Failed(o.FailOn)
		switch format {
		case "json":
			err = WriteJSON(w, e, o)
		case "html":
			err = WriteHTML(w, e, o)
		default:
			err = WriteText(w, e, o)
		}
	}
	return failed, err
}

// Options control how an explanation is rendered.
type Options struct {
	Lang        string          // "en" (default) or "zh": labels, verdict and quoted rule texts
	Color       bool            // ANSI colours, for a terminal (text only)
	FailOn      checks.Severity // findings at or above it fail the hand (exit status 1)
	ToolVersion string          // recorded in the JSON and HTML outputs
}

// Failed reports whether the hand has a finding at or above failOn.
func (e *Explanation) Failed(failOn checks.Severity) bool {
	for i := range e.Findings {
		if e.Findings[i].Severity >= failOn {
			return true
		}
	}
	return false
}

// replayed reports whether the engine replayed the hand step by step.
func (e *Explanation) replayed() bool {
	t := e.Trace
	return t != nil && t.Supported && len(t.Steps) == len(e.Hand.Actions)
}

// renderer carries what every rendering of an explanation needs: the
// hand, its scale and currency, the language and the ruleset.
type renderer struct {
	e    *Explanation
	h    *hand.Hand
	t    *replay.Trace
	rs   *replay.Ruleset
	lang string
	pos  []string // position label per seat index
	// ruling lays the explanation out as the HTML ruling orders it: the
	// findings, before the steps, each in full.
	ruling bool
}

func newRenderer(e *Explanation, lang string) *renderer {
	if lang != "zh" {
		lang = "en"
	}
	c := &renderer{e: e, h: e.Hand, t: e.Trace, rs: e.Rules, lang: lang}
	if c.rs == nil && c.t != nil {
		c.rs = c.t.Rules
	}
	button := -1
	if c.t != nil && c.t.Supported {
		button = c.t.Button
	}
	if button < 0 {
		button = c.h.ButtonIndex()
	}
	c.pos = SeatPositions(c.h, button)
	return c
}

// L is the label for key in the renderer's language.
func (c *renderer) L(key string) string { return label(c.lang, key) }

// money prints an amount of the hand as findings print it: thousands
// grouped, with the currency sign or code ("$2.50", "1,500", "12.00 CNY").
func (c *renderer) money(a hand.Amount) string { return formatMoney(c.h, a) }

func formatMoney(h *hand.Hand, a hand.Amount) string {
	scale := h.Scale
	if scale <= 0 {
		scale = 1
	}
	s := groupThousands(a.Format(scale))
	sym := ""
	switch h.Currency {
	case "":
		return s
	case "USD":
		sym = "$"
	case "EUR":
		sym = "€"
	case "GBP":
		sym = "£"
	default:
		return s + " " + h.Currency
	}
	if strings.HasPrefix(s, "-") {
		return "-" + sym + s[1:]
	}
	return sym + s
}

// groupThousands inserts commas into the integer part of a decimal number.
func groupThousands(s string) string {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	intPart, frac := s, ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		intPart, frac = s[:i], s[i:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	for i := 0; i < len(intPart); i++ {
		if i > 0 && (len(intPart)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteByte(intPart[i])
	}
	b.WriteString(frac)
	return b.String()
}

// name is the player at seat index i as a reader knows him: the recorded
// name, or "seat N".
func (c *renderer) name(i int) string {
	h := c.h
	if i < 0 || i >= len(h.Seats) {
		return c.L("no_one")
	}
	if n := h.Seats[i].Player; n != "" {
		return n
	}
	return c.L("seat") + " " + strconv.Itoa(h.Seats[i].Number)
}

// nameWithPos is the player with his position: "Ann (SB)".
func (c *renderer) nameWithPos(i int) string {
	n := c.name(i)
	if i >= 0 && i < len(c.pos) && c.pos[i] != "" {
		n += " (" + c.pos[i] + ")"
	}
	return n
}

// names lists players: "A, B, C".
func (c *renderer) names(ps []int) string {
	parts := make([]string, len(ps))
	for k, p := range ps {
		parts[k] = c.name(p)
	}
	return strings.Join(parts, c.L("list_sep"))
}

// cite is the citation of rule key under the renderer's ruleset.
func (c *renderer) cite(key string) replay.Citation { return replay.Cite(c.rs, key) }

// citeKnown reports whether key is in the citation table.
func citeKnown(cit replay.Citation) bool {
	return !strings.HasPrefix(cit.Title, "unknown rule key")
}

// findingRuleKey is the citation key of the rule a finding cites, or "".
func findingRuleKey(f *checks.Finding, s hand.Structure) string {
	ck := checks.Lookup(f.CheckID)
	if ck == nil {
		return ""
	}
	if ck.LimitRuleKey != "" && s == hand.FixedLimit {
		return ck.LimitRuleKey
	}
	return ck.RuleKey
}

// ruleText is the text of the rule a finding cites, in the context's
// language (English when the table has no Chinese), whether the text is a
// summary written for this project rather than a quotation, and the note
// saying whose words it is when not the cited rule's own
// (replay.Citation.WordingNote).
func (c *renderer) ruleText(f *checks.Finding) (text string, summary bool, note string) {
	key := findingRuleKey(f, c.h.Game.Structure)
	if key == "" {
		return "", false, ""
	}
	cit := c.cite(key)
	if !citeKnown(cit) {
		return "", false, ""
	}
	if c.lang == "zh" && cit.TextZH != "" {
		return cit.TextZH, cit.ZHSummary, cit.WordingNote("zh")
	}
	return cit.TextEN, cit.ENSummary, cit.WordingNote("en")
}

// streetName is the street in the renderer's language.
func (c *renderer) streetName(s replay.Street) string { return c.L("street_" + s.String()) }

// potName names pot k: "main pot", "side pot 1".
func (c *renderer) potName(k int) string {
	if k == 0 {
		return c.L("main_pot")
	}
	return c.L("side_pot") + " " + strconv.Itoa(k)
}

// SeatPositions names each seat's position for the hand (indexed like
// h.Seats), counting clockwise from the button over the seats dealt in:
// SB, BB, then UTG, UTG+1, ..., LJ, HJ, CO and BTN; heads-up the button is
// "BTN/SB". Seats not dealt in, and every seat when the button is not
// known (button < 0), get "".
func SeatPositions(h *hand.Hand, button int) []string {
	out := make([]string, len(h.Seats))
	if button < 0 || button >= len(h.Seats) {
		return out
	}
	var order []int
	n := len(h.Seats)
	for k := 1; k <= n; k++ {
		i := (button + k) % n
		if !h.Seats[i].SittingOut || i == button {
			order = append(order, i)
		}
	}
	switch len(order) {
	case 0, 1:
		return out
	case 2:
		out[button] = "BTN/SB"
		for _, i := range order {
			if i != button {
				out[i] = "BB"
			}
		}
		return out
	}
	// order ends with the button.
	out[order[0]], out[order[1]], out[order[len(order)-1]] = "SB", "BB", "BTN"
	middle := order[2 : len(order)-1]
	m := len(middle)
	tail := []string{"LJ", "HJ", "CO"}
	for k, i := range middle {
		fromEnd := m - k // 1 for the seat right of the button
		switch {
		case k == 0:
			out[i] = "UTG"
		case fromEnd <= 3 && m >= 2 && fromEnd <= m-1 && (m >= 4 || fromEnd <= 2):
			out[i] = tail[3-fromEnd]
		default:
			out[i] = "UTG+" + strconv.Itoa(k)
		}
	}
	return out
}
