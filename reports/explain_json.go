package reports

import (
	"encoding/json"
	"io"
	"strconv"
	"time"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// ExplainSchema names the JSON document WriteExplanationJSON writes. It
// changes only when a field is removed or changes meaning; fields may be
// added.
const ExplainSchema = "handaudit.explain/1"

// The JSON explanation (`audit explain --format json`) is one object:
//
//	schema        "handaudit.explain/1"
//	tool_version  the tool's version
//	lang          "en" or "zh": the language of verdict.text and of the
//	              rule texts chosen in findings[].rule_text
//	file          the input as given
//	notes         remarks about the file (other unreadable hands, duplicate IDs)
//	currency      ISO code, "" for chips
//	scale         minor units per currency unit: every amount below is an
//	              integer count of minor units (1234 at scale 100 is 12.34)
//	hand          the record: id, index (0-based in the file), line, end,
//	              format, site, table, start (RFC 3339 UTC or null),
//	              tournament, game {variant, structure, hole_cards, code},
//	              stakes {ante, big_blind_ante, small_blind, big_blind,
//	              straddles, bring_in, small_bet, big_bet, min_bet, cap},
//	              max_seats, button (seat number, 0 unknown),
//	              seats [{index, number, player, stack, sitting_out, position}],
//	              boards [[card]], record (the record's claims: total_pot,
//	              pots, rake, fees, finishing_stacks, winnings, cash_outs;
//	              null when not stated)
//	rules         the ruleset: name, version, house, options, digest
//	trace         the replay: supported, unsupported, button (seat index),
//	              steps [one per action: index, line, kind (as recorded),
//	              applied (as the engine applied it), post_kind, player
//	              (seat index, -1 for the dealer), street, cards, board, pot,
//	              recorded {amount, to, has_amount, all_in}, status_before,
//	              betting, window (betting actions only: to_act, to_call,
//	              current_bet, min_raise_to (0: no raise allowed),
//	              max_raise_to, pot_limit_max, full_raise, open, open_reason,
//	              raise_count, cap, fixed_size), added, to, all_in,
//	              full_raise, pot_before, pot_after, stacks, note,
//	              expected (forced bet due, or null)],
//	              committed, returns [{player, amount, step}], total_pot,
//	              pots [{amount, level, eligible, rake}], layers (the same
//	              chips by contribution level, unmerged), awards [{pot, board,
//	              half, player, amount, odd_chip, reason, from_record, rule,
//	              citation}], rake, expected_rake (null without a house rake
//	              rule), showdown {first, reason, citation} (null when none),
//	              shown [{player, board, cards, best, rank, description, low}],
//	              boards, finishing_stacks, undecided, undecided_amount
//	findings      [{check_id, severity, rule, rule_key, rule_text (in lang),
//	              rule_text_en, rule_text_zh, rule_text_summary, message,
//	              street, action_index (-1: the hand as a whole), seat,
//	              player, expected, recorded (null when not stated), file,
//	              line}]
//	settlement    basis ("collects", "finishing_stacks", "winnings" or
//	              "none") and seats [{player, start, committed, rules_awarded,
//	              rules_returned, rules_finish, record_gets, record_finish,
//	              owed (rules less record: positive, the player is owed it)}]
//	verdict       {failed (findings at or above fail_on), fail_on, errors,
//	              warnings, infos, text}
//
// A hand that could not be read has "parse_error" {file, line, column
// (1-based byte column of the pointer, 0 unknown), hand_index, hand_id,
// message, line_text} and its parse.error finding instead of hand, trace
// and settlement.

type exJSON struct {
	Schema      string            `json:"schema"`
	ToolVersion string            `json:"tool_version"`
	Lang        string            `json:"lang"`
	File        string            `json:"file"`
	Notes       []string          `json:"notes"`
	Currency    string            `json:"currency"`
	Scale       int64             `json:"scale"`
	Hand        *exJSONHand       `json:"hand,omitempty"`
	ParseError  *exJSONParseError `json:"parse_error,omitempty"`
	Rules       *exJSONRules      `json:"rules,omitempty"`
	Trace       *exJSONTrace      `json:"trace,omitempty"`
	Findings    []exJSONFinding   `json:"findings"`
	Settlement  *exJSONSettlement `json:"settlement,omitempty"`
	Verdict     exJSONVerdict     `json:"verdict"`
}

type exJSONParseError struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	HandIndex int    `json:"hand_index"`
	HandID    string `json:"hand_id"`
	Message   string `json:"message"`
	LineText  string `json:"line_text"`
}

type exJSONHand struct {
	ID         string         `json:"id"`
	Index      int            `json:"index"`
	Line       int            `json:"line"`
	End        int            `json:"end"`
	Format     string         `json:"format"`
	Site       string         `json:"site"`
	Table      string         `json:"table"`
	Start      *string        `json:"start"`
	Tournament string         `json:"tournament"`
	Game       exJSONGame     `json:"game"`
	Stakes     exJSONStakes   `json:"stakes"`
	MaxSeats   int            `json:"max_seats"`
	Button     int            `json:"button"`
	Seats      []exJSONSeat   `json:"seats"`
	Boards     [][]string     `json:"boards"`
	Record     exJSONRecorded `json:"record"`
}

type exJSONGame struct {
	Variant   string `json:"variant"`
	Structure string `json:"structure"`
	HoleCards int    `json:"hole_cards"`
	Code      string `json:"code"`
}

type exJSONStakes struct {
	Ante         int64   `json:"ante"`
	BigBlindAnte bool    `json:"big_blind_ante"`
	SmallBlind   int64   `json:"small_blind"`
	BigBlind     int64   `json:"big_blind"`
	Straddles    []int64 `json:"straddles"`
	BringIn      int64   `json:"bring_in"`
	SmallBet     int64   `json:"small_bet"`
	BigBet       int64   `json:"big_bet"`
	MinBet       int64   `json:"min_bet"`
	Cap          int64   `json:"cap"`
}

type exJSONSeat struct {
	Index      int    `json:"index"`
	Number     int    `json:"number"`
	Player     string `json:"player"`
	Stack      int64  `json:"stack"`
	SittingOut bool   `json:"sitting_out"`
	Position   string `json:"position"`
}

type exJSONRecorded struct {
	TotalPot        *int64          `json:"total_pot"`
	Pots            []int64         `json:"pots"`
	Rake            *int64          `json:"rake"`
	Fees            []exJSONFee     `json:"fees"`
	FinishingStacks []int64         `json:"finishing_stacks"`
	Winnings        []int64         `json:"winnings"`
	CashOuts        []exJSONCashOut `json:"cash_outs"`
	Line            int             `json:"line"`
}

type exJSONFee struct {
	Name   string `json:"name"`
	Amount int64  `json:"amount"`
}

type exJSONCashOut struct {
	Player int   `json:"player"`
	Amount int64 `json:"amount"`
	Fee    int64 `json:"fee"`
}

type exJSONRules struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	House   string `json:"house"`
	Options string `json:"options"`
	Digest  string `json:"digest"`
}

type exJSONTrace struct {
	Supported       bool              `json:"supported"`
	Unsupported     string            `json:"unsupported"`
	Button          int               `json:"button"`
	Steps           []exJSONStep      `json:"steps"`
	Committed       []int64           `json:"committed"`
	Returns         []exJSONReturn    `json:"returns"`
	TotalPot        int64             `json:"total_pot"`
	Pots            []exJSONPot       `json:"pots"`
	Layers          []exJSONPot       `json:"layers"`
	Awards          []exJSONAward     `json:"awards"`
	Rake            int64             `json:"rake"`
	ExpectedRake    *int64            `json:"expected_rake"`
	Showdown        *exJSONShowdown   `json:"showdown"`
	Shown           []exJSONShownHand `json:"shown"`
	Boards          [][]string        `json:"boards"`
	FinishingStacks []int64           `json:"finishing_stacks"`
	Undecided       []int             `json:"undecided"`
	UndecidedAmount int64             `json:"undecided_amount"`
}

type exJSONStep struct {
	Index        int              `json:"index"`
	Line         int              `json:"line"`
	Kind         string           `json:"kind"`
	Applied      string           `json:"applied"`
	PostKind     string           `json:"post_kind,omitempty"`
	Player       int              `json:"player"`
	Street       string           `json:"street"`
	Cards        []string         `json:"cards,omitempty"`
	Up           []string         `json:"up,omitempty"` // of a stud deal's cards, those dealt face up
	Board        int              `json:"board"`
	Pot          int              `json:"pot"`
	Recorded     exJSONStepRecord `json:"recorded"`
	StatusBefore string           `json:"status_before"`
	Betting      bool             `json:"betting"`
	Window       *exJSONWindow    `json:"window"`
	Added        int64            `json:"added"`
	To           int64            `json:"to"`
	AllIn        bool             `json:"all_in"`
	FullRaise    bool             `json:"full_raise"`
	PotBefore    int64            `json:"pot_before"`
	PotAfter     int64            `json:"pot_after"`
	Stacks       []int64          `json:"stacks"`
	Note         string           `json:"note"`
	Expected     *int64           `json:"expected"`
	Findings     []int            `json:"findings"`
}

type exJSONStepRecord struct {
	Amount    int64 `json:"amount"`
	To        int64 `json:"to"`
	HasAmount bool  `json:"has_amount"`
	AllIn     bool  `json:"all_in"`
}

type exJSONWindow struct {
	ToAct       int    `json:"to_act"`
	ToCall      int64  `json:"to_call"`
	CurrentBet  int64  `json:"current_bet"`
	MinRaiseTo  int64  `json:"min_raise_to"`
	MaxRaiseTo  int64  `json:"max_raise_to"`
	PotLimitMax int64  `json:"pot_limit_max"`
	FullRaise   int64  `json:"full_raise"`
	Open        bool   `json:"open"`
	OpenReason  string `json:"open_reason"`
	RaiseCount  int    `json:"raise_count"`
	Cap         int    `json:"cap"`
	FixedSize   int64  `json:"fixed_size"`
}

type exJSONReturn struct {
	Player int   `json:"player"`
	Amount int64 `json:"amount"`
	Step   int   `json:"step"`
}

type exJSONPot struct {
	Amount   int64 `json:"amount"`
	Level    int64 `json:"level"`
	Eligible []int `json:"eligible"`
	Rake     int64 `json:"rake"`
}

type exJSONAward struct {
	Pot        int    `json:"pot"`
	Board      int    `json:"board"`
	Half       string `json:"half"`
	Player     int    `json:"player"`
	Amount     int64  `json:"amount"`
	OddChip    int64  `json:"odd_chip"`
	Reason     string `json:"reason"`
	FromRecord bool   `json:"from_record"`
	Rule       string `json:"rule"`
	Citation   string `json:"citation"`
}

type exJSONShowdown struct {
	First    int    `json:"first"`
	Reason   string `json:"reason"`
	Citation string `json:"citation"`
}

type exJSONShownHand struct {
	Player      int      `json:"player"`
	Board       int      `json:"board"`
	Cards       []string `json:"cards"`
	Best        []string `json:"best"`
	Rank        string   `json:"rank"`
	Description string   `json:"description"`
	Low         string   `json:"low"`
}

type exJSONFinding struct {
	CheckID         string `json:"check_id"`
	Severity        string `json:"severity"`
	Rule            string `json:"rule"`
	RuleKey         string `json:"rule_key"`
	RuleText        string `json:"rule_text"`
	RuleTextEN      string `json:"rule_text_en"`
	RuleTextZH      string `json:"rule_text_zh"`
	RuleTextSummary bool   `json:"rule_text_summary"`
	Message         string `json:"message"`
	Street          string `json:"street"`
	ActionIndex     int    `json:"action_index"`
	Seat            int    `json:"seat"`
	Player          string `json:"player"`
	Expected        *int64 `json:"expected"`
	Recorded        *int64 `json:"recorded"`
	File            string `json:"file"`
	Line            int    `json:"line"`
}

type exJSONSettlement struct {
	Basis string             `json:"basis"`
	Seats []exJSONSettleSeat `json:"seats"`
}

type exJSONSettleSeat struct {
	Player        int    `json:"player"`
	Start         int64  `json:"start"`
	Committed     int64  `json:"committed"`
	RulesAwarded  int64  `json:"rules_awarded"`
	RulesReturned int64  `json:"rules_returned"`
	RulesFinish   int64  `json:"rules_finish"`
	RecordGets    int64  `json:"record_gets"`
	RecordFinish  *int64 `json:"record_finish"`
	Owed          int64  `json:"owed"`
}

type exJSONVerdict struct {
	Failed   bool   `json:"failed"`
	FailOn   string `json:"fail_on"`
	Errors   int    `json:"errors"`
	Warnings int    `json:"warnings"`
	Infos    int    `json:"infos"`
	Text     string `json:"text"`
}

// WriteExplanationJSON writes the explanation as the stable JSON document
// described above: the whole replay, for tools.
func WriteExplanationJSON(w io.Writer, e *Explanation, o ExplainOptions) error {
	return exEncode(w, exBuildJSON(e, o))
}

func exEncode(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func exI64(a hand.Amount) int64 { return int64(a) }

func exPtr(a hand.Amount) *int64 { v := int64(a); return &v }

func exAmounts(as []hand.Amount) []int64 {
	out := make([]int64, len(as))
	for i, a := range as {
		out[i] = int64(a)
	}
	return out
}

func exCards(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func exLangOf(lang string) string {
	if lang == "zh" {
		return "zh"
	}
	return "en"
}

func exBuildJSON(e *Explanation, o ExplainOptions) *exJSON {
	c := newExCtx(e, o.Lang)
	h, t := e.Hand, e.Trace
	doc := &exJSON{
		Schema: ExplainSchema, ToolVersion: o.ToolVersion, Lang: c.lang, File: e.File,
		Notes: append([]string{}, e.Notes...), Currency: h.Currency, Scale: max(h.Scale, 1),
	}
	doc.Hand = exJSONHandOf(c)
	if rs := c.rs; rs != nil {
		doc.Rules = &exJSONRules{Name: rs.Name, Version: rs.Version, House: rs.House, Options: rs.Options(), Digest: rs.Digest()}
	}
	stepFindings := map[int][]int{}
	doc.Findings = make([]exJSONFinding, 0, len(e.Findings))
	for k := range e.Findings {
		f := &e.Findings[k]
		doc.Findings = append(doc.Findings, c.jsonFinding(f))
		if f.ActionIndex >= 0 {
			stepFindings[f.ActionIndex] = append(stepFindings[f.ActionIndex], k)
		}
	}
	if t != nil {
		doc.Trace = c.jsonTrace(stepFindings)
	}
	s := exSettle(e)
	doc.Settlement = &exJSONSettlement{Basis: s.Basis, Seats: make([]exJSONSettleSeat, 0, len(s.Seats))}
	for _, st := range s.Seats {
		js := exJSONSettleSeat{Player: st.Index, Start: exI64(st.Start), Committed: exI64(st.Committed),
			RulesAwarded: exI64(st.RulesAwarded), RulesReturned: exI64(st.RulesReturned), RulesFinish: exI64(st.RulesFinish),
			RecordGets: exI64(st.RecordGets), Owed: exI64(st.Owed)}
		if st.HasRecordFinish {
			js.RecordFinish = exPtr(st.RecordFinish)
		}
		doc.Settlement.Seats = append(doc.Settlement.Seats, js)
	}
	nErr, nWarn, nInfo := exSeverityCount(e.Findings)
	doc.Verdict = exJSONVerdict{Failed: e.Failed(o.FailOn), FailOn: o.FailOn.String(), Errors: nErr, Warnings: nWarn, Infos: nInfo, Text: c.verdict(s)}
	return doc
}

func exJSONHandOf(c *exCtx) *exJSONHand {
	h := c.h
	jh := &exJSONHand{
		ID: h.ID, Index: h.Index, Line: h.Pos.Line, End: h.End, Format: h.Format, Site: h.Site, Table: h.Table,
		Tournament: h.Tournament, MaxSeats: h.MaxSeats, Button: h.Button,
		Game: exJSONGame{Variant: h.Game.Variant.String(), Structure: h.Game.Structure.String(), HoleCards: h.Game.HoleCards, Code: h.Game.Code},
		Stakes: exJSONStakes{Ante: exI64(h.Stakes.Ante), BigBlindAnte: h.Stakes.BigBlindAnte, SmallBlind: exI64(h.Stakes.SmallBlind),
			BigBlind: exI64(h.Stakes.BigBlind), Straddles: exAmounts(h.Stakes.Straddles), BringIn: exI64(h.Stakes.BringIn),
			SmallBet: exI64(h.Stakes.SmallBet), BigBet: exI64(h.Stakes.BigBet), MinBet: exI64(h.Stakes.MinBet), Cap: exI64(h.Stakes.Cap)},
	}
	if !h.Start.IsZero() {
		s := h.Start.UTC().Format(time.RFC3339)
		jh.Start = &s
	}
	for i, s := range h.Seats {
		jh.Seats = append(jh.Seats, exJSONSeat{Index: i, Number: s.Number, Player: s.Player, Stack: exI64(s.Stack), SittingOut: s.SittingOut, Position: c.pos[i]})
	}
	jh.Boards = make([][]string, 0, len(h.Boards))
	for _, b := range h.Boards {
		jh.Boards = append(jh.Boards, exCards(b))
	}
	oc := &h.Outcome
	rec := exJSONRecorded{Pots: exAmounts(oc.Pots), Line: oc.Pos.Line, Fees: []exJSONFee{}, CashOuts: []exJSONCashOut{}}
	if oc.HasTotalPot {
		rec.TotalPot = exPtr(oc.TotalPot)
	}
	if oc.HasRake {
		rec.Rake = exPtr(oc.Rake)
	}
	for _, f := range oc.Fees {
		rec.Fees = append(rec.Fees, exJSONFee{Name: f.Name, Amount: exI64(f.Amount)})
	}
	if oc.HasFinishingStacks {
		rec.FinishingStacks = exAmounts(oc.FinishingStacks)
	}
	if oc.HasWinnings {
		rec.Winnings = exAmounts(oc.Winnings)
	}
	for _, co := range oc.CashOuts {
		rec.CashOuts = append(rec.CashOuts, exJSONCashOut{Player: co.Player, Amount: exI64(co.Amount), Fee: exI64(co.Fee)})
	}
	jh.Record = rec
	return jh
}

func (c *exCtx) jsonTrace(stepFindings map[int][]int) *exJSONTrace {
	h, t := c.h, c.t
	jt := &exJSONTrace{
		Supported: t.Supported, Unsupported: t.Unsupported, Button: t.Button,
		Steps: []exJSONStep{}, Committed: exAmounts(t.Committed), Returns: []exJSONReturn{}, TotalPot: exI64(t.TotalPot),
		Pots: []exJSONPot{}, Layers: []exJSONPot{}, Awards: []exJSONAward{}, Rake: exI64(t.Rake), Shown: []exJSONShownHand{},
		Boards: [][]string{}, FinishingStacks: exAmounts(t.FinishingStacks), Undecided: append([]int{}, t.Undecided...),
		UndecidedAmount: exI64(t.UndecidedAmount),
	}
	if t.HasExpectedRake {
		jt.ExpectedRake = exPtr(t.ExpectedRake)
	}
	replayed := c.e.replayed()
	for i := range h.Actions {
		if !replayed {
			break
		}
		a, st := &h.Actions[i], &t.Steps[i]
		js := exJSONStep{
			Index: i, Line: a.Pos.Line, Kind: a.Kind.String(), Applied: st.Kind.String(), Player: a.Player,
			Street: st.Street.String(), Cards: exCards(a.Cards), Board: a.Board, Pot: a.Pot,
			Recorded:     exJSONStepRecord{Amount: exI64(a.Amount), To: exI64(a.To), HasAmount: a.HasAmount, AllIn: a.AllIn},
			StatusBefore: st.StatusBefore.String(), Betting: st.Betting, Added: exI64(st.Added), To: exI64(st.To),
			AllIn: st.AllIn, FullRaise: st.FullRaise, PotBefore: exI64(st.PotBefore), PotAfter: exI64(st.PotAfter),
			Stacks: exAmounts(st.Stacks), Note: st.Note, Findings: append([]int{}, stepFindings[i]...),
		}
		if a.Kind == hand.Post {
			js.PostKind = a.PostKind.String()
		}
		if len(js.Cards) == 0 {
			js.Cards = nil
		}
		if st.Up != 0 && a.Kind == hand.DealHole {
			for k, x := range a.Cards {
				if k < 8 && st.Up&(1<<uint(k)) != 0 {
					js.Up = append(js.Up, x.String())
				}
			}
		}
		if st.Betting {
			w := &st.Window
			js.Window = &exJSONWindow{ToAct: w.ToAct, ToCall: exI64(w.ToCall), CurrentBet: exI64(w.CurrentBet),
				MinRaiseTo: exI64(w.MinRaiseTo), MaxRaiseTo: exI64(w.MaxRaiseTo), PotLimitMax: exI64(w.PotLimitMax),
				FullRaise: exI64(w.FullRaise), Open: w.Open, OpenReason: w.OpenReason, RaiseCount: w.RaiseCount,
				Cap: w.Cap, FixedSize: exI64(w.FixedSize)}
		}
		if st.HasExpected {
			js.Expected = exPtr(st.Expected)
		}
		jt.Steps = append(jt.Steps, js)
	}
	for _, r := range t.Returns {
		jt.Returns = append(jt.Returns, exJSONReturn{Player: r.Player, Amount: exI64(r.Amount), Step: r.Step})
	}
	pot := func(p replay.Pot) exJSONPot {
		return exJSONPot{Amount: exI64(p.Amount), Level: exI64(p.Level), Eligible: append([]int{}, p.Eligible...), Rake: exI64(p.Rake)}
	}
	for _, p := range t.Pots {
		jt.Pots = append(jt.Pots, pot(p))
	}
	if replayed {
		live := make([]bool, len(h.Seats))
		for _, p := range t.Pots {
			for _, e := range p.Eligible {
				live[e] = true
			}
		}
		for _, p := range replay.PotLayers(t.Committed, live) {
			jt.Layers = append(jt.Layers, pot(p))
		}
	}
	for _, a := range t.Awards {
		half := "whole"
		switch a.Half {
		case replay.High:
			half = "high"
		case replay.Low:
			half = "low"
		}
		cit := ""
		if a.Rule != "" {
			cit = c.citeString(a.Rule)
		}
		jt.Awards = append(jt.Awards, exJSONAward{Pot: a.Pot, Board: a.Board, Half: half, Player: a.Player, Amount: exI64(a.Amount),
			OddChip: exI64(a.OddChip), Reason: a.Reason, FromRecord: a.FromRecord, Rule: a.Rule, Citation: cit})
	}
	if t.ShowdownFirst >= 0 {
		key := "showdown-order"
		if len(t.ShowdownReason) >= 15 && t.ShowdownReason[:15] == "all-in showdown" {
			key = "face-up-all-in"
		}
		jt.Showdown = &exJSONShowdown{First: t.ShowdownFirst, Reason: t.ShowdownReason, Citation: c.citeString(key)}
	}
	for _, s := range t.Shown {
		js := exJSONShownHand{Player: s.Player, Board: s.Board, Cards: exCards(s.Cards), Best: exCards(s.Best), Rank: s.High.String(), Description: s.Desc}
		if s.High == cards.NoHand {
			js.Rank = s.Desc // a low game's hand (razz, 2-7, badugi): no high rank
		}
		if s.HasLow {
			js.Low = s.Low.String()
		}
		jt.Shown = append(jt.Shown, js)
	}
	for _, b := range t.Boards {
		jt.Boards = append(jt.Boards, exCards(b))
	}
	return jt
}

func (c *exCtx) jsonFinding(f *checks.Finding) exJSONFinding {
	jf := exJSONFinding{CheckID: f.CheckID, Severity: f.Severity.String(), Rule: f.Rule, Message: f.Message, Street: f.Street,
		ActionIndex: f.ActionIndex, Seat: f.Seat, Player: f.Player, File: f.File, Line: f.Line}
	if f.HasExpected {
		jf.Expected = exPtr(f.Expected)
	}
	if f.HasRecorded {
		jf.Recorded = exPtr(f.Recorded)
	}
	if c.h != nil {
		jf.RuleKey = exFindingRuleKey(f, c.h.Game.Structure)
	}
	if jf.RuleKey != "" {
		if cit := c.cite(jf.RuleKey); exCiteKnown(cit) {
			jf.RuleTextEN, jf.RuleTextZH = cit.TextEN, cit.TextZH
			jf.RuleText, jf.RuleTextSummary = c.ruleText(f)
		}
	}
	return jf
}

// WriteParseErrorJSON writes the JSON explanation of a hand or file that
// could not be read.
func WriteParseErrorJSON(w io.Writer, src *HandSource, o ExplainOptions) error {
	pe := src.ParseError
	v := newParseErrorView(src)
	f := parseErrorFinding(src)
	lang := exLangOf(o.Lang)
	doc := &exJSON{Schema: ExplainSchema, ToolVersion: o.ToolVersion, Lang: lang, File: src.File,
		Notes: append([]string{}, src.Notes...), Scale: 1,
		ParseError: &exJSONParseError{File: pe.File, Line: pe.Line, HandIndex: pe.HandIndex, HandID: pe.HandID, Message: pe.Msg, LineText: v.text},
		Findings:   []exJSONFinding{{CheckID: f.CheckID, Severity: f.Severity.String(), Message: f.Message, ActionIndex: -1, File: f.File, Line: f.Line}},
		Verdict:    exJSONVerdict{Failed: f.Severity >= o.FailOn, FailOn: o.FailOn.String(), Errors: 1, Text: pe.File + ":" + strconv.Itoa(pe.Line) + ": " + pe.Msg},
	}
	if v.col >= 0 {
		doc.ParseError.Column = v.col + 1
	}
	return exEncode(w, doc)
}
