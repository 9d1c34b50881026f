package explain

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

// Schema names the JSON document WriteJSON writes. It changes only when
// a field is removed or changes meaning; fields may be added.
const Schema = "handaudit.explain/1"

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

type jsonDoc struct {
	Schema      string   `json:"schema"`
	ToolVersion string   `json:"tool_version"`
	Lang        string   `json:"lang"`
	File        string   `json:"file"`
	Notes       []string `json:"notes"`
	// TableSession: the links to the hands before and after this one at
	// its table in the file (amounts in minor units), when there are any.
	TableSession []Link          `json:"table_session,omitempty"`
	Currency     string          `json:"currency"`
	Scale        int64           `json:"scale"`
	Hand         *jsonHand       `json:"hand,omitempty"`
	ParseError   *jsonParseError `json:"parse_error,omitempty"`
	Rules        *jsonRules      `json:"rules,omitempty"`
	Trace        *jsonTrace      `json:"trace,omitempty"`
	Findings     []jsonFinding   `json:"findings"`
	Settlement   *jsonSettlement `json:"settlement,omitempty"`
	Verdict      jsonVerdict     `json:"verdict"`
}

type jsonParseError struct {
	File      string `json:"file"`
	Line      int    `json:"line"`
	Column    int    `json:"column"`
	HandIndex int    `json:"hand_index"`
	HandID    string `json:"hand_id"`
	Message   string `json:"message"`
	LineText  string `json:"line_text"`
}

type jsonHand struct {
	ID         string       `json:"id"`
	Index      int          `json:"index"`
	Line       int          `json:"line"`
	End        int          `json:"end"`
	Format     string       `json:"format"`
	Site       string       `json:"site"`
	Table      string       `json:"table"`
	Start      *string      `json:"start"`
	Tournament string       `json:"tournament"`
	Game       jsonGame     `json:"game"`
	Stakes     jsonStakes   `json:"stakes"`
	MaxSeats   int          `json:"max_seats"`
	Button     int          `json:"button"`
	Seats      []jsonSeat   `json:"seats"`
	Boards     [][]string   `json:"boards"`
	Record     jsonRecorded `json:"record"`
}

type jsonGame struct {
	Variant   string `json:"variant"`
	Structure string `json:"structure"`
	HoleCards int    `json:"hole_cards"`
	Code      string `json:"code"`
}

type jsonStakes struct {
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

type jsonSeat struct {
	Index      int    `json:"index"`
	Number     int    `json:"number"`
	Player     string `json:"player"`
	Stack      int64  `json:"stack"`
	SittingOut bool   `json:"sitting_out"`
	Position   string `json:"position"`
}

type jsonRecorded struct {
	TotalPot        *int64        `json:"total_pot"`
	Pots            []int64       `json:"pots"`
	Rake            *int64        `json:"rake"`
	Fees            []jsonFee     `json:"fees"`
	FinishingStacks []int64       `json:"finishing_stacks"`
	Winnings        []int64       `json:"winnings"`
	CashOuts        []jsonCashOut `json:"cash_outs"`
	Line            int           `json:"line"`
}

type jsonFee struct {
	Name   string `json:"name"`
	Amount int64  `json:"amount"`
}

type jsonCashOut struct {
	Player       int   `json:"player"`
	Amount       int64 `json:"amount"`
	Fee          int64 `json:"fee"`
	ApartFromPot bool  `json:"apart_from_pot"` // settled by the room apart from the pot, which was pushed as recorded
}

type jsonRules struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	House   string `json:"house"`
	Options string `json:"options"`
	Digest  string `json:"digest"`
}

type jsonTrace struct {
	Supported       bool            `json:"supported"`
	Unsupported     string          `json:"unsupported"`
	Button          int             `json:"button"`
	Steps           []jsonStep      `json:"steps"`
	Committed       []int64         `json:"committed"`
	Returns         []jsonReturn    `json:"returns"`
	TotalPot        int64           `json:"total_pot"`
	Pots            []jsonPot       `json:"pots"`
	Layers          []jsonPot       `json:"layers"`
	Awards          []jsonAward     `json:"awards"`
	Rake            int64           `json:"rake"`
	ExpectedRake    *int64          `json:"expected_rake"`
	Showdown        *jsonShowdown   `json:"showdown"`
	Shown           []jsonShownHand `json:"shown"`
	Boards          [][]string      `json:"boards"`
	FinishingStacks []int64         `json:"finishing_stacks"`
	Undecided       []int           `json:"undecided"`
	UndecidedAmount int64           `json:"undecided_amount"`
}

type jsonStep struct {
	Index        int            `json:"index"`
	Line         int            `json:"line"`
	Kind         string         `json:"kind"`
	Applied      string         `json:"applied"`
	PostKind     string         `json:"post_kind,omitempty"`
	Player       int            `json:"player"`
	Street       string         `json:"street"`
	Cards        []string       `json:"cards,omitempty"`
	Up           []string       `json:"up,omitempty"` // of a stud deal's cards, those dealt face up
	Board        int            `json:"board"`
	Pot          int            `json:"pot"`
	Recorded     jsonStepRecord `json:"recorded"`
	StatusBefore string         `json:"status_before"`
	Betting      bool           `json:"betting"`
	Window       *jsonWindow    `json:"window"`
	Added        int64          `json:"added"`
	To           int64          `json:"to"`
	AllIn        bool           `json:"all_in"`
	FullRaise    bool           `json:"full_raise"`
	PotBefore    int64          `json:"pot_before"`
	PotAfter     int64          `json:"pot_after"`
	Stacks       []int64        `json:"stacks"`
	Note         string         `json:"note"`
	Expected     *int64         `json:"expected"`
	Findings     []int          `json:"findings"`
}

type jsonStepRecord struct {
	Amount    int64 `json:"amount"`
	To        int64 `json:"to"`
	HasAmount bool  `json:"has_amount"`
	AllIn     bool  `json:"all_in"`
}

type jsonWindow struct {
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

type jsonReturn struct {
	Player int   `json:"player"`
	Amount int64 `json:"amount"`
	Step   int   `json:"step"`
}

type jsonPot struct {
	Amount   int64 `json:"amount"`
	Level    int64 `json:"level"`
	Eligible []int `json:"eligible"`
	Rake     int64 `json:"rake"`
}

type jsonAward struct {
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

type jsonShowdown struct {
	First    int    `json:"first"`
	Reason   string `json:"reason"`
	Citation string `json:"citation"`
}

type jsonShownHand struct {
	Player      int      `json:"player"`
	Board       int      `json:"board"`
	Cards       []string `json:"cards"`
	Best        []string `json:"best"`
	Rank        string   `json:"rank"`
	Description string   `json:"description"`
	Low         string   `json:"low"`
}

type jsonFinding struct {
	CheckID         string `json:"check_id"`
	Severity        string `json:"severity"`
	Rule            string `json:"rule"`
	RuleKey         string `json:"rule_key"`
	RuleText        string `json:"rule_text"`
	RuleTextEN      string `json:"rule_text_en"`
	RuleTextZH      string `json:"rule_text_zh"`
	RuleTextSummary bool   `json:"rule_text_summary"`
	RuleTextWording string `json:"rule_text_wording,omitempty"` // whose words rule_text is, when not the cited rule's own
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

type jsonSettlement struct {
	Basis string           `json:"basis"`
	Seats []jsonSettleSeat `json:"seats"`
}

type jsonSettleSeat struct {
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

type jsonVerdict struct {
	Failed   bool   `json:"failed"`
	FailOn   string `json:"fail_on"`
	Errors   int    `json:"errors"`
	Warnings int    `json:"warnings"`
	Infos    int    `json:"infos"`
	Text     string `json:"text"`
}

// WriteJSON writes the explanation as the stable JSON document
// described above: the whole replay, for tools.
func WriteJSON(w io.Writer, e *Explanation, o Options) error {
	return encodeJSON(w, buildJSON(e, o))
}

func encodeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

func jsonAmount(a hand.Amount) int64 { return int64(a) }

func jsonAmountPtr(a hand.Amount) *int64 { v := int64(a); return &v }

func jsonAmounts(as []hand.Amount) []int64 {
	out := make([]int64, len(as))
	for i, a := range as {
		out[i] = int64(a)
	}
	return out
}

func jsonCards(cs []cards.Card) []string {
	out := make([]string, len(cs))
	for i, c := range cs {
		out[i] = c.String()
	}
	return out
}

func langOf(lang string) string {
	if lang == "zh" {
		return "zh"
	}
	return "en"
}

func buildJSON(e *Explanation, o Options) *jsonDoc {
	c := newRenderer(e, o.Lang)
	h, t := e.Hand, e.Trace
	doc := &jsonDoc{
		Schema: Schema, ToolVersion: o.ToolVersion, Lang: c.lang, File: e.File,
		Notes: append([]string{}, e.Notes...), Currency: h.Currency, Scale: max(h.Scale, 1), TableSession: e.Links,
	}
	doc.Hand = handJSON(c)
	if rs := c.rs; rs != nil {
		doc.Rules = &jsonRules{Name: rs.Name, Version: rs.Version, House: rs.House, Options: rs.Options(), Digest: rs.Digest()}
	}
	stepFindings := map[int][]int{}
	doc.Findings = make([]jsonFinding, 0, len(e.Findings))
	for k := range e.Findings {
		f := &e.Findings[k]
		doc.Findings = append(doc.Findings, c.findingJSON(f))
		if f.ActionIndex >= 0 {
			stepFindings[f.ActionIndex] = append(stepFindings[f.ActionIndex], k)
		}
	}
	if t != nil {
		doc.Trace = c.traceJSON(stepFindings)
	}
	s := settle(e)
	doc.Settlement = &jsonSettlement{Basis: s.Basis, Seats: make([]jsonSettleSeat, 0, len(s.Seats))}
	for _, st := range s.Seats {
		js := jsonSettleSeat{Player: st.Index, Start: jsonAmount(st.Start), Committed: jsonAmount(st.Committed),
			RulesAwarded: jsonAmount(st.RulesAwarded), RulesReturned: jsonAmount(st.RulesReturned), RulesFinish: jsonAmount(st.RulesFinish),
			RecordGets: jsonAmount(st.RecordGets), Owed: jsonAmount(st.Owed)}
		if st.HasRecordFinish {
			js.RecordFinish = jsonAmountPtr(st.RecordFinish)
		}
		doc.Settlement.Seats = append(doc.Settlement.Seats, js)
	}
	nErr, nWarn, nInfo := severityCounts(e.Findings)
	doc.Verdict = jsonVerdict{Failed: e.Failed(o.FailOn), FailOn: o.FailOn.String(), Errors: nErr, Warnings: nWarn, Infos: nInfo, Text: c.verdict(s)}
	return doc
}

func handJSON(c *renderer) *jsonHand {
	h := c.h
	jh := &jsonHand{
		ID: h.ID, Index: h.Index, Line: h.Pos.Line, End: h.End, Format: h.Format, Site: h.Site, Table: h.Table,
		Tournament: h.Tournament, MaxSeats: h.MaxSeats, Button: h.Button,
		Game: jsonGame{Variant: h.Game.Variant.String(), Structure: h.Game.Structure.String(), HoleCards: h.Game.HoleCards, Code: h.Game.Code},
		Stakes: jsonStakes{Ante: jsonAmount(h.Stakes.Ante), BigBlindAnte: h.Stakes.BigBlindAnte, SmallBlind: jsonAmount(h.Stakes.SmallBlind),
			BigBlind: jsonAmount(h.Stakes.BigBlind), Straddles: jsonAmounts(h.Stakes.Straddles), BringIn: jsonAmount(h.Stakes.BringIn),
			SmallBet: jsonAmount(h.Stakes.SmallBet), BigBet: jsonAmount(h.Stakes.BigBet), MinBet: jsonAmount(h.Stakes.MinBet), Cap: jsonAmount(h.Stakes.Cap)},
	}
	if !h.Start.IsZero() {
		s := h.Start.UTC().Format(time.RFC3339)
		jh.Start = &s
	}
	for i, s := range h.Seats {
		jh.Seats = append(jh.Seats, jsonSeat{Index: i, Number: s.Number, Player: s.Player, Stack: jsonAmount(s.Stack), SittingOut: s.SittingOut, Position: c.pos[i]})
	}
	jh.Boards = make([][]string, 0, len(h.Boards))
	for _, b := range h.Boards {
		jh.Boards = append(jh.Boards, jsonCards(b))
	}
	oc := &h.Outcome
	rec := jsonRecorded{Pots: jsonAmounts(oc.Pots), Line: oc.Pos.Line, Fees: []jsonFee{}, CashOuts: []jsonCashOut{}}
	if oc.HasTotalPot {
		rec.TotalPot = jsonAmountPtr(oc.TotalPot)
	}
	if oc.HasRake {
		rec.Rake = jsonAmountPtr(oc.Rake)
	}
	for _, f := range oc.Fees {
		rec.Fees = append(rec.Fees, jsonFee{Name: f.Name, Amount: jsonAmount(f.Amount)})
	}
	if oc.HasFinishingStacks {
		rec.FinishingStacks = jsonAmounts(oc.FinishingStacks)
	}
	if oc.HasWinnings {
		rec.Winnings = jsonAmounts(oc.Winnings)
	}
	for _, co := range oc.CashOuts {
		rec.CashOuts = append(rec.CashOuts, jsonCashOut{Player: co.Player, Amount: jsonAmount(co.Amount), Fee: jsonAmount(co.Fee), ApartFromPot: co.ApartFromPot})
	}
	jh.Record = rec
	return jh
}

func (c *renderer) traceJSON(stepFindings map[int][]int) *jsonTrace {
	h, t := c.h, c.t
	jt := &jsonTrace{
		Supported: t.Supported, Unsupported: t.Unsupported, Button: t.Button,
		Steps: []jsonStep{}, Committed: jsonAmounts(t.Committed), Returns: []jsonReturn{}, TotalPot: jsonAmount(t.TotalPot),
		Pots: []jsonPot{}, Layers: []jsonPot{}, Awards: []jsonAward{}, Rake: jsonAmount(t.Rake), Shown: []jsonShownHand{},
		Boards: [][]string{}, FinishingStacks: jsonAmounts(t.FinishingStacks), Undecided: append([]int{}, t.Undecided...),
		UndecidedAmount: jsonAmount(t.UndecidedAmount),
	}
	if t.HasExpectedRake {
		jt.ExpectedRake = jsonAmountPtr(t.ExpectedRake)
	}
	replayed := c.e.replayed()
	for i := range h.Actions {
		if !replayed {
			break
		}
		a, st := &h.Actions[i], &t.Steps[i]
		js := jsonStep{
			Index: i, Line: a.Pos.Line, Kind: a.Kind.String(), Applied: st.Kind.String(), Player: a.Player,
			Street: st.Street.String(), Cards: jsonCards(a.Cards), Board: a.Board, Pot: a.Pot,
			Recorded:     jsonStepRecord{Amount: jsonAmount(a.Amount), To: jsonAmount(a.To), HasAmount: a.HasAmount, AllIn: a.AllIn},
			StatusBefore: st.StatusBefore.String(), Betting: st.Betting, Added: jsonAmount(st.Added), To: jsonAmount(st.To),
			AllIn: st.AllIn, FullRaise: st.FullRaise, PotBefore: jsonAmount(st.PotBefore), PotAfter: jsonAmount(st.PotAfter),
			Stacks: jsonAmounts(st.Stacks), Note: st.Note, Findings: append([]int{}, stepFindings[i]...),
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
			js.Window = &jsonWindow{ToAct: w.ToAct, ToCall: jsonAmount(w.ToCall), CurrentBet: jsonAmount(w.CurrentBet),
				MinRaiseTo: jsonAmount(w.MinRaiseTo), MaxRaiseTo: jsonAmount(w.MaxRaiseTo), PotLimitMax: jsonAmount(w.PotLimitMax),
				FullRaise: jsonAmount(w.FullRaise), Open: w.Open, OpenReason: w.OpenReason, RaiseCount: w.RaiseCount,
				Cap: w.Cap, FixedSize: jsonAmount(w.FixedSize)}
		}
		if st.HasExpected {
			js.Expected = jsonAmountPtr(st.Expected)
		}
		jt.Steps = append(jt.Steps, js)
	}
	for _, r := range t.Returns {
		jt.Returns = append(jt.Returns, jsonReturn{Player: r.Player, Amount: jsonAmount(r.Amount), Step: r.Step})
	}
	pot := func(p replay.Pot) jsonPot {
		return jsonPot{Amount: jsonAmount(p.Amount), Level: jsonAmount(p.Level), Eligible: append([]int{}, p.Eligible...), Rake: jsonAmount(p.Rake)}
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
		jt.Awards = append(jt.Awards, jsonAward{Pot: a.Pot, Board: a.Board, Half: half, Player: a.Player, Amount: jsonAmount(a.Amount),
			OddChip: jsonAmount(a.OddChip), Reason: a.Reason, FromRecord: a.FromRecord, Rule: a.Rule, Citation: cit})
	}
	if t.ShowdownFirst >= 0 {
		key := "showdown-order"
		if len(t.ShowdownReason) >= 15 && t.ShowdownReason[:15] == "all-in showdown" {
			key = "face-up-all-in"
		}
		jt.Showdown = &jsonShowdown{First: t.ShowdownFirst, Reason: t.ShowdownReason, Citation: c.citeString(key)}
	}
	for _, s := range t.Shown {
		js := jsonShownHand{Player: s.Player, Board: s.Board, Cards: jsonCards(s.Cards), Best: jsonCards(s.Best), Rank: s.High.String(), Description: s.Desc}
		if s.High == cards.NoHand {
			js.Rank = s.Desc // a low game's hand (razz, 2-7, badugi): no high rank
		}
		if s.HasLow {
			js.Low = s.Low.String()
		}
		jt.Shown = append(jt.Shown, js)
	}
	for _, b := range t.Boards {
		jt.Boards = append(jt.Boards, jsonCards(b))
	}
	return jt
}

func (c *renderer) findingJSON(f *checks.Finding) jsonFinding {
	jf := jsonFinding{CheckID: f.CheckID, Severity: f.Severity.String(), Rule: f.Rule, Message: f.Message, Street: f.Street,
		ActionIndex: f.ActionIndex, Seat: f.Seat, Player: f.Player, File: f.File, Line: f.Line}
	if f.HasExpected {
		jf.Expected = jsonAmountPtr(f.Expected)
	}
	if f.HasRecorded {
		jf.Recorded = jsonAmountPtr(f.Recorded)
	}
	if c.h != nil {
		jf.RuleKey = findingRuleKey(f, c.h.Game.Structure)
	}
	if jf.RuleKey != "" {
		if cit := c.cite(jf.RuleKey); citeKnown(cit) {
			jf.RuleTextEN, jf.RuleTextZH = cit.TextEN, cit.TextZH
			jf.RuleText, jf.RuleTextSummary, jf.RuleTextWording = c.ruleText(f)
		}
	}
	return jf
}

// WriteParseErrorJSON writes the JSON explanation of a hand or file that
// could not be read.
func WriteParseErrorJSON(w io.Writer, src *Source, o Options) error {
	pe := src.ParseError
	v := newParseErrorView(src)
	f := parseErrorFinding(src)
	lang := langOf(o.Lang)
	doc := &jsonDoc{Schema: Schema, ToolVersion: o.ToolVersion, Lang: lang, File: src.File,
		Notes: append([]string{}, src.Notes...), Scale: 1,
		ParseError: &jsonParseError{File: pe.File, Line: pe.Line, HandIndex: pe.HandIndex, HandID: pe.HandID, Message: pe.Msg, LineText: v.text},
		Findings:   []jsonFinding{{CheckID: f.CheckID, Severity: f.Severity.String(), Message: f.Message, ActionIndex: -1, File: f.File, Line: f.Line}},
		Verdict:    jsonVerdict{Failed: f.Severity >= o.FailOn, FailOn: o.FailOn.String(), Errors: 1, Text: pe.File + ":" + strconv.Itoa(pe.Line) + ": " + pe.Msg},
	}
	if v.col >= 0 {
		doc.ParseError.Column = v.col + 1
	}
	return encodeJSON(w, doc)
}
