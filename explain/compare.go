package explain

import (
	"bufio"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// CompareSchema names the JSON document WriteComparisonJSON writes.
const CompareSchema = "handaudit.explain-compare/1"

// difference is one place where the rulings of the compared rulesets differ.
type difference struct {
	Kind   string // window, applied, expected, finding, citation, pot, award, finish, showdown
	Step   int    // action index, -1 when not tied to a step
	Player int    // seat index, -1 when none
	What   string // the field or item that differs: "min_raise_to", a check ID, "main pot", ...
	// Values holds one value per ruleset, in the order compared: an
	// amount (int64), a bool, a string, or nil for "not there".
	Values []any
}

// compare lists the differences between the explanations of one hand
// under several rulesets, step by step, then the outcome.
func compare(es []*Explanation) []difference {
	var out []difference
	h := es[0].Hand
	n := len(es)
	all := true
	for _, e := range es {
		all = all && e.replayed()
	}
	differ := func(vs []any) bool {
		for _, v := range vs[1:] {
			if v != vs[0] {
				return true
			}
		}
		return false
	}
	add := func(kind string, step, player int, what string, get func(e *Explanation) any) {
		vs := make([]any, n)
		for k, e := range es {
			vs[k] = get(e)
		}
		if differ(vs) {
			out = append(out, difference{Kind: kind, Step: step, Player: player, What: what, Values: vs})
		}
	}
	findingKey := func(f *checks.Finding) string {
		return fmt.Sprintf("%s|%d|%s|%t%d|%t%d", f.CheckID, f.ActionIndex, f.Player, f.HasExpected, f.Expected, f.HasRecorded, f.Recorded)
	}
	findingAt := func(e *Explanation, key string) *checks.Finding {
		for i := range e.Findings {
			if findingKey(&e.Findings[i]) == key {
				return &e.Findings[i]
			}
		}
		return nil
	}
	// Findings in the order of the first ruleset that has them.
	var keys []string
	var firsts []*checks.Finding
	seen := map[string]bool{}
	for _, e := range es {
		for i := range e.Findings {
			k := findingKey(&e.Findings[i])
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
				firsts = append(firsts, &e.Findings[i])
			}
		}
	}
	findingDiffs := func(step int) {
		for j, k := range keys {
			f := firsts[j]
			if f.ActionIndex != step {
				continue
			}
			// A finding differs when it stands under some rulesets and
			// not others; one cited under another number (a rule
			// renumbered between versions) is a citation, listed apart.
			vs := make([]any, n)
			found := 0
			for x, e := range es {
				if g := findingAt(e, k); g != nil {
					vs[x] = g.Rule
					found++
				}
			}
			if found > 0 && found < n {
				out = append(out, difference{Kind: "finding", Step: step, Player: h.SeatIndex(f.Player), What: f.CheckID, Values: vs})
			}
		}
	}

	if all {
		for i := range h.Actions {
			i := i
			st0 := &es[0].Trace.Steps[i]
			p := st0.Player
			step := func(e *Explanation) *replay.Step { return &e.Trace.Steps[i] }
			// A call's Expected is the other reading's amount (replay.Step),
			// not a forced bet: it shows in the window and the findings.
			if h.Actions[i].Kind != hand.Call {
				add("expected", i, p, "forced_bet_due", func(e *Explanation) any {
					if s := step(e); s.HasExpected {
						return int64(s.Expected)
					}
					return nil
				})
			}
			add("applied", i, p, "added", func(e *Explanation) any { return int64(step(e).Added) })
			if st0.Betting {
				win := func(e *Explanation) *replay.Window { return &step(e).Window }
				add("window", i, p, "to_call", func(e *Explanation) any { return int64(win(e).ToCall) })
				add("window", i, p, "min_raise_to", func(e *Explanation) any { return int64(win(e).MinRaiseTo) })
				add("window", i, p, "max_raise_to", func(e *Explanation) any { return int64(win(e).MaxRaiseTo) })
				add("window", i, p, "full_raise", func(e *Explanation) any { return int64(win(e).FullRaise) })
				add("window", i, p, "open", func(e *Explanation) any { return win(e).Open })
				add("window", i, p, "cap", func(e *Explanation) any { return int64(win(e).Cap) })
				add("window", i, p, "to_act", func(e *Explanation) any { return int64(win(e).ToAct) })
			}
			findingDiffs(i)
		}
		maxPots := 0
		for _, e := range es {
			maxPots = max(maxPots, len(e.Trace.Pots))
		}
		for k := 0; k < maxPots; k++ {
			k := k
			add("pot", -1, -1, strconv.Itoa(k), func(e *Explanation) any {
				if k < len(e.Trace.Pots) {
					return int64(e.Trace.Pots[k].Amount)
				}
				return nil
			})
		}
		// Awards by pot, board, half and player, in the first ruleset's
		// order, then any others.
		type awardKey struct{ pot, board, player int }
		var aks []awardKey
		aseen := map[awardKey]bool{}
		for _, e := range es {
			for _, a := range e.Trace.Awards {
				k := awardKey{a.Pot, a.Board, a.Player}
				if !aseen[k] {
					aseen[k] = true
					aks = append(aks, k)
				}
			}
		}
		for _, k := range aks {
			k := k
			add("award", -1, k.player, strconv.Itoa(k.pot)+"/"+strconv.Itoa(k.board), func(e *Explanation) any {
				var sum hand.Amount
				for _, a := range e.Trace.Awards {
					if (awardKey{a.Pot, a.Board, a.Player}) == k {
						sum += a.Amount
					}
				}
				return int64(sum)
			})
		}
		for i := range h.Seats {
			i := i
			add("finish", -1, i, "finishing_stack", func(e *Explanation) any {
				if i < len(e.Trace.FinishingStacks) {
					return int64(e.Trace.FinishingStacks[i])
				}
				return nil
			})
		}
		add("showdown", -1, -1, "first_to_table", func(e *Explanation) any { return int64(e.Trace.ShowdownFirst) })
	}
	findingDiffs(-1)
	if !all {
		// Findings at steps, when a ruleset could not replay the hand.
		for i := range h.Actions {
			findingDiffs(i)
		}
	}
	// Findings that stand under every ruleset but cite it differently.
	for j, k := range keys {
		f := firsts[j]
		vs := make([]any, n)
		present := true
		for x, e := range es {
			g := findingAt(e, k)
			if g == nil {
				present = false
				break
			}
			vs[x] = g.Rule
		}
		if present && differ(vs) {
			out = append(out, difference{Kind: "citation", Step: f.ActionIndex, Player: h.SeatIndex(f.Player), What: f.CheckID, Values: vs})
		}
	}
	return out
}

// rulesetLabel is "tda-2024", with the house's name.
func rulesetLabel(rs *replay.Ruleset) string {
	if rs == nil {
		return replay.DefaultPreset
	}
	if rs.House != "" {
		return rs.Name + "+" + rs.House
	}
	return rs.Name
}

// WriteComparisonText writes where the rulings on one hand differ between
// rulesets (es: the same hand explained under each): step by step the
// windows, forced bets and findings, then the pots, awards, finishing
// stacks and showdown order, the findings cited differently, and each
// ruleset's verdict.
func WriteComparisonText(w io.Writer, es []*Explanation, o Options) error {
	out := &textOut{w: bufio.NewWriter(w), color: o.Color}
	writeComparison(out, es, o, false)
	return out.w.Flush()
}

// writeComparison writes the comparison to out; sideBySide lays the
// differences out as a table, one column per ruleset (the HTML ruling),
// instead of one line each.
func writeComparison(out *textOut, es []*Explanation, o Options, sideBySide bool) {
	c := newRenderer(es[0], o.Lang)
	c.textSetup(out, false)
	for _, n := range es[0].Notes {
		out.wrapped("  ", c.L("note")+": "+n, styleYellow)
	}
	labels := make([]string, len(es))
	for k, e := range es {
		labels[k] = rulesetLabel(e.Rules)
	}
	out.section("compare", c.L("compare")+": "+strings.Join(labels, " · "))
	// Findings cited under another number (a rule renumbered between
	// versions, kind "citation") are not differences of ruling: the text
	// and the ruling leave them out; the JSON keeps them.
	var main []difference
	for _, d := range compare(es) {
		if d.Kind != "citation" {
			main = append(main, d)
		}
	}
	list := func(ds []difference, style string) {
		if sideBySide && len(ds) > 0 {
			rows := [][]string{append([]string{c.L("step_h"), c.L("ruling_h")}, labels...)}
			right := make([]bool, len(rows[0]))
			for _, d := range ds {
				where, what, values, note := c.diffParts(d, es)
				if note != "" {
					what += " (" + note + ")"
				}
				rows = append(rows, append([]string{where, what}, values...))
			}
			writeTable(out, "  ", rows, right)
			return
		}
		for _, d := range ds {
			out.wrapped("  ", c.diffText(d, labels, es), style)
		}
	}
	out.section("differences", c.L("differences")+" ("+strconv.Itoa(len(main))+")")
	if len(main) == 0 {
		out.line("  ", out.paint(styleGreen, c.L("no_differences")))
	}
	list(main, "")
	out.section("verdicts", c.L("verdicts"))
	for k, e := range es {
		ck := newRenderer(e, o.Lang)
		style := styleGreen
		switch {
		case e.Failed(o.FailOn):
			style = styleRed
		case len(e.Findings) > 0:
			style = styleYellow
		}
		out.wrapped("  ", labels[k]+": "+ck.verdict(settle(e)), style)
	}
}

// diffText is one difference as a line: where, what, and each ruleset's value.
func (c *renderer) diffText(d difference, labels []string, es []*Explanation) string {
	where, what, values, note := c.diffParts(d, es)
	var b strings.Builder
	if where != "" {
		b.WriteString(where + ": ")
	}
	b.WriteString(what + " — ")
	for k, v := range values {
		if k > 0 {
			b.WriteString(" · ")
		}
		b.WriteString(labels[k] + ": " + v)
	}
	if note != "" {
		b.WriteString(" (" + note + ")")
	}
	return b.String()
}

// diffParts is one difference in words: the step it is at ("" for none),
// what differs, each ruleset's value, and the rules cited ("" for none).
func (c *renderer) diffParts(d difference, es []*Explanation) (where, what string, values []string, note string) {
	if d.Step >= 0 {
		where = "#" + strconv.Itoa(d.Step) + " "
		if d.Step < len(c.h.Actions) {
			a := &c.h.Actions[d.Step]
			var st *replay.Step
			if c.e.replayed() {
				st = &c.t.Steps[d.Step]
			}
			where += c.lineRef(a) + c.describe(a, st)
		}
	}
	amount := true
	switch d.Kind {
	case "window":
		what = c.L("window") + " " + c.L(d.What)
		if d.What == "open" || d.What == "to_act" || d.What == "cap" {
			amount = false
		}
	case "expected":
		what = c.L("expected_post")
	case "applied":
		what = c.L(d.What)
	case "finding", "citation":
		what = c.L("finding_word") + " " + d.What
	case "pot":
		k, _ := strconv.Atoi(d.What)
		what = c.potName(k)
	case "award":
		pot, board, _ := strings.Cut(d.What, "/")
		k, _ := strconv.Atoi(pot)
		bi, _ := strconv.Atoi(board)
		what = c.L("award_word") + " " + c.potName(k)
		if bi > 0 {
			what += " (" + c.L("run") + " " + strconv.Itoa(bi+1) + ")"
		}
		what += " → " + c.name(d.Player)
	case "finish":
		what = c.L("finish_word") + " " + c.name(d.Player)
	case "showdown":
		what = c.L("showdown_first_word")
		amount = false
	}
	values = make([]string, len(d.Values))
	for k, v := range d.Values {
		switch x := v.(type) {
		case nil:
			values[k] = "—"
		case int64:
			switch {
			case d.Kind == "showdown" || d.What == "to_act":
				values[k] = c.name(int(x))
			case amount:
				values[k] = c.money(hand.Amount(x))
			default:
				values[k] = strconv.FormatInt(x, 10)
			}
		case bool:
			values[k] = strconv.FormatBool(x)
		case string:
			values[k] = x
		}
	}
	if d.Kind == "expected" && c.h.Stakes.BigBlindAnte {
		// The presets differ here in who pays first with a big blind ante.
		cites := make([]string, len(es))
		for k, e := range es {
			cites[k] = replay.Cite(e.Rules, "big-blind-ante").String()
		}
		note = strings.Join(cites, " · ")
	}
	return where, what, values, note
}

type jsonComparison struct {
	Schema       string           `json:"schema"`
	ToolVersion  string           `json:"tool_version"`
	Lang         string           `json:"lang"`
	File         string           `json:"file"`
	Currency     string           `json:"currency"`
	Scale        int64            `json:"scale"`
	Rulesets     []string         `json:"rulesets"`
	Differences  []jsonDifference `json:"differences"`
	Explanations []*jsonDoc       `json:"explanations"`
	Failed       bool             `json:"failed"`
	Verdicts     []jsonVerdict    `json:"verdicts"`
}

type jsonDifference struct {
	Kind   string `json:"kind"`
	Step   int    `json:"step"`
	Player int    `json:"player"`
	What   string `json:"what"`
	Values []any  `json:"values"`
}

// WriteComparisonJSON writes the comparison as JSON: the differences
// (kind, step, player, what, and one value per ruleset: amounts as
// integers in minor units, null where absent) and each ruleset's full
// explanation as WriteJSON writes it.
func WriteComparisonJSON(w io.Writer, es []*Explanation, o Options) error {
	h := es[0].Hand
	doc := &jsonComparison{Schema: CompareSchema, ToolVersion: o.ToolVersion, Lang: langOf(o.Lang),
		File: es[0].File, Currency: h.Currency, Scale: max(h.Scale, 1), Differences: []jsonDifference{}}
	for _, e := range es {
		doc.Rulesets = append(doc.Rulesets, rulesetLabel(e.Rules))
		j := buildJSON(e, o)
		doc.Explanations = append(doc.Explanations, j)
		doc.Verdicts = append(doc.Verdicts, j.Verdict)
		doc.Failed = doc.Failed || e.Failed(o.FailOn)
	}
	for _, d := range compare(es) {
		doc.Differences = append(doc.Differences, jsonDifference(d))
	}
	return encodeJSON(w, doc)
}
