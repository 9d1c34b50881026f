package explain

import (
	"slices"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// Settlement bases: what the record states about who got what, in order of
// preference.
const (
	basisCollects  = "collects"         // chips collected (and uncalled bets returned), as recorded
	basisFinishing = "finishing_stacks" // finishing stacks, as recorded
	basisWinnings  = "winnings"         // amounts won, as recorded
	basisNone      = "none"             // the record states no outcome
)

// seatMoney is one seat's money in the hand: what it put in and got back, by
// the record and by the rules.
type seatMoney struct {
	Index     int
	Start     hand.Amount
	Committed hand.Amount // chips left in the pots, by the rules (after returns)

	RulesAwarded  hand.Amount // won from the pots, by the rules
	RulesReturned hand.Amount // uncalled bets returned, by the rules
	RulesFinish   hand.Amount

	// Record: what the record says this seat got, on the settlement basis.
	RecordGets      hand.Amount // collects + returns (+ cash-outs), or winnings
	RecordFinish    hand.Amount
	HasRecordFinish bool

	// Owed is what the rules give less what the record gives: positive,
	// the player is owed it; negative, the player got that much too much.
	Owed hand.Amount
}

// settlement compares the record's payout with the rules'.
type settlement struct {
	Basis string
	Seats []seatMoney
	// RecordCollects / RulesAwards are the totals paid from the pots.
	RecordTotal, RulesTotal hand.Amount
	CashOut                 bool // the record has cash-outs (paid instead of the pot)
	CashOutApart            bool // the record has cash-outs the room settled apart from the pot
}

// settle works out the settlement of an explanation.
func settle(e *Explanation) *settlement {
	h, t := e.Hand, e.Trace
	n := len(h.Seats)
	s := &settlement{Basis: basisNone, Seats: make([]seatMoney, n)}
	for i := range s.Seats {
		s.Seats[i].Index = i
		s.Seats[i].Start = h.Seats[i].Stack
	}
	if !e.replayed() {
		return s
	}
	for i := range s.Seats {
		if i < len(t.Committed) {
			s.Seats[i].Committed = t.Committed[i]
		}
		if i < len(t.FinishingStacks) {
			s.Seats[i].RulesFinish = t.FinishingStacks[i]
		}
	}
	for _, a := range t.Awards {
		if a.Player >= 0 && a.Player < n {
			s.Seats[a.Player].RulesAwarded += a.Amount
			s.RulesTotal += a.Amount
		}
	}
	for _, r := range t.Returns {
		if r.Player >= 0 && r.Player < n {
			s.Seats[r.Player].RulesReturned += r.Amount
		}
	}

	var recorded bool
	for i := range h.Actions {
		a := &h.Actions[i]
		if (a.Kind == hand.Collect || a.Kind == hand.UncalledReturn) && a.Player >= 0 && a.Player < n {
			recorded = true
			s.Seats[a.Player].RecordGets += a.Amount
			if a.Kind == hand.Collect {
				s.RecordTotal += a.Amount
			}
		}
	}
	for _, co := range h.Outcome.CashOuts {
		if co.ApartFromPot {
			// Paid or charged by the room, not from the pot: the pot's
			// settlement is as if there were none.
			s.CashOutApart = true
			continue
		}
		if co.Player >= 0 && co.Player < n {
			recorded, s.CashOut = true, true
			s.Seats[co.Player].RecordGets += co.Amount + co.Fee
			s.RecordTotal += co.Amount + co.Fee
		}
	}
	if h.Outcome.HasFinishingStacks && len(h.Outcome.FinishingStacks) == n {
		for i := range s.Seats {
			s.Seats[i].RecordFinish, s.Seats[i].HasRecordFinish = h.Outcome.FinishingStacks[i], true
		}
	}
	switch {
	case recorded:
		s.Basis = basisCollects
		for i := range s.Seats {
			st := &s.Seats[i]
			if st.RulesReturned > 0 && checks.ReturnedSilently(h, t, i, st.RulesReturned) {
				// Older exports return an uncalled bet without a line: the
				// record paid it (as pot.uncalled-not-returned reads it).
				st.RecordGets += st.RulesReturned
			}
			st.Owed = st.RulesAwarded + st.RulesReturned - st.RecordGets
		}
	case h.Outcome.HasFinishingStacks && len(h.Outcome.FinishingStacks) == n:
		s.Basis = basisFinishing
		for i := range s.Seats {
			st := &s.Seats[i]
			st.Owed = st.RulesFinish - st.RecordFinish
		}
	case h.Outcome.HasWinnings && len(h.Outcome.Winnings) == n:
		s.Basis = basisWinnings
		for i := range s.Seats {
			st := &s.Seats[i]
			st.RecordGets = h.Outcome.Winnings[i]
			s.RecordTotal += st.RecordGets
			st.Owed = st.RulesAwarded - st.RecordGets
		}
	}
	return s
}

// winners lists the seats the rules award chips to, in table order, with
// their totals.
func (s *settlement) winners() []seatMoney {
	var out []seatMoney
	for _, st := range s.Seats {
		if st.RulesAwarded > 0 {
			out = append(out, st)
		}
	}
	return out
}

// owed lists the seats whose payout differs, those owed first.
func (s *settlement) owed() []seatMoney {
	var out []seatMoney
	for _, st := range s.Seats {
		if st.Owed != 0 {
			out = append(out, st)
		}
	}
	slices.SortStableFunc(out, func(a, b seatMoney) int {
		switch {
		case a.Owed > 0 && b.Owed < 0:
			return -1
		case a.Owed < 0 && b.Owed > 0:
			return 1
		}
		return 0
	})
	return out
}

// severityCount counts findings by severity.
func severityCounts(fs []checks.Finding) (errors, warnings, infos int) {
	for i := range fs {
		switch fs[i].Severity {
		case checks.Error:
			errors++
		case checks.Warning:
			warnings++
		default:
			infos++
		}
	}
	return
}

// verdict is the closing paragraph: what the record got wrong, by how
// much, and who is owed what.
func (c *renderer) verdict(s *settlement) string {
	e := c.e
	var b strings.Builder
	zh := c.lang == "zh"
	version := c.rulesVersion()
	if !e.replayed() {
		why := ""
		if e.Trace != nil {
			why = e.Trace.Unsupported
		}
		if zh {
			b.WriteString("规则引擎未能重放此手牌(" + why + "),因此无法按规则裁定。")
		} else {
			b.WriteString("The rules engine could not replay this hand (" + why + "), so no ruling can be made on it.")
		}
		c.verdictFindings(&b)
		return b.String()
	}

	nErr, nWarn, nInfo := severityCounts(e.Findings)
	switch {
	case len(e.Findings) == 0 && zh:
		b.WriteString("无问题:记录在每一步都符合规则(" + version + ")")
	case len(e.Findings) == 0:
		b.WriteString("Clean: the record follows the rules (" + version + ") at every step")
	case zh:
		b.WriteString("记录违反规则(" + version + ") " + strconv.Itoa(len(e.Findings)) + " 处(错误 " + strconv.Itoa(nErr) + ",警告 " + strconv.Itoa(nWarn))
		if nInfo > 0 {
			b.WriteString(",提示 " + strconv.Itoa(nInfo))
		}
		b.WriteString(")。")
	default:
		b.WriteString("The record breaks the rules (" + version + ") " + times(len(e.Findings)) + " (" +
			plural(nErr, "error", "errors") + ", " + plural(nWarn, "warning", "warnings"))
		if nInfo > 0 {
			b.WriteString(", " + plural(nInfo, "note", "notes"))
		}
		b.WriteString(").")
	}
	if len(e.Findings) == 0 {
		switch {
		case s.Basis == basisNone && zh:
			b.WriteString(";记录未写明结果,无可比较。")
		case s.Basis == basisNone:
			b.WriteString("; the record states no outcome to compare.")
		case zh:
			b.WriteString(",其结果与规则计算一致。")
		default:
			b.WriteString(", and its outcome matches the rules'.")
		}
	}
	c.verdictFindings(&b)

	// Money. With side pots, each player's figure is his total over the
	// whole hand, said so, with what it is made of pot by pot: a verdict
	// never leaves a reader to guess whether a figure is a pot's or the
	// hand's.
	pots := len(e.Trace.Pots)
	if ws := s.winners(); len(ws) > 0 {
		parts := make([]string, len(ws))
		for k, w := range ws {
			parts[k] = c.name(w.Index) + " " + c.money(w.RulesAwarded)
			if pots > 1 {
				parts[k] += c.potShares(w.Index)
			}
		}
		switch {
		case zh && pots > 1:
			b.WriteString(" 按规则,全手各底池合计分配为:" + strings.Join(parts, "、") + "。")
		case zh:
			b.WriteString(" 按规则,底池分配为:" + strings.Join(parts, "、") + "。")
		case pots > 1:
			b.WriteString(" By the rules the pots go, over the whole hand: " + strings.Join(parts, ", ") + ".")
		default:
			b.WriteString(" By the rules the pot goes: " + strings.Join(parts, ", ") + ".")
		}
	}
	if t := e.Trace; t.UndecidedAmount > 0 {
		if zh {
			b.WriteString(" 另有 " + c.money(t.UndecidedAmount) + " 无法裁定:争夺该底池的手牌都未知。")
		} else {
			b.WriteString(" " + c.money(t.UndecidedAmount) + " cannot be awarded: no contender's hand is known.")
		}
	}
	owed := s.owed()
	switch {
	case s.Basis == basisNone:
	case len(owed) == 0 && zh:
		b.WriteString(" 记录的派彩正确,无人被欠筹码。")
	case len(owed) == 0:
		b.WriteString(" The record pays out correctly: no one is owed anything.")
	default:
		what := c.L("basis_" + s.Basis)
		if pots > 1 && s.Basis != basisFinishing {
			what += c.L("whole_hand")
		}
		parts := make([]string, len(owed))
		for k, o := range owed {
			rec, rul := o.RecordGets, o.RulesAwarded+o.RulesReturned
			if s.Basis == basisFinishing {
				rec, rul = o.RecordFinish, o.RulesFinish
			} else if s.Basis == basisWinnings {
				rul = o.RulesAwarded
			}
			switch {
			case zh && o.Owed > 0:
				parts[k] = c.name(o.Index) + "应再得 " + c.money(o.Owed) + "(" + what + ":记录 " + c.money(rec) + ",规则 " + c.money(rul) + ")"
			case zh:
				parts[k] = c.name(o.Index) + "多得 " + c.money(-o.Owed) + "(" + what + ":记录 " + c.money(rec) + ",规则 " + c.money(rul) + ")"
			case o.Owed > 0:
				parts[k] = c.name(o.Index) + " is owed " + c.money(o.Owed) + " (" + what + ": the record " + c.money(rec) + ", the rules " + c.money(rul) + ")"
			default:
				parts[k] = c.name(o.Index) + " got " + c.money(-o.Owed) + " too much (" + what + ": the record " + c.money(rec) + ", the rules " + c.money(rul) + ")"
			}
		}
		if zh {
			b.WriteString(" 派彩有误:" + strings.Join(parts, ";") + "。")
		} else {
			b.WriteString(" The payout is wrong: " + joinAnd(parts) + ".")
		}
	}
	return b.String()
}

// potShares is what the rules award seat i pot by pot, for the verdict:
// " (main pot $1.52, side pot 1 $2.00)".
func (c *renderer) potShares(i int) string {
	t := c.e.Trace
	var parts []string
	for k := range t.Pots {
		var sum hand.Amount
		for _, a := range t.Awards {
			if a.Pot == k && a.Player == i {
				sum += a.Amount
			}
		}
		if sum > 0 {
			name := c.potName(k)
			if c.lang != "zh" {
				name = strings.ToLower(name[:1]) + name[1:] // "Main pot" inside a sentence
			}
			parts = append(parts, name+" "+c.money(sum))
		}
	}
	if c.lang == "zh" {
		return "(" + strings.Join(parts, "、") + ")"
	}
	return " (" + strings.Join(parts, ", ") + ")"
}

// verdictFindings appends each finding's message to the verdict.
func (c *renderer) verdictFindings(b *strings.Builder) {
	for i := range c.e.Findings {
		f := &c.e.Findings[i]
		b.WriteString(" ")
		if f.ActionIndex >= 0 {
			b.WriteString("#" + strconv.Itoa(f.ActionIndex) + " ")
		}
		b.WriteString("[" + f.CheckID + "] " + strings.TrimSpace(f.Message))
		if !strings.HasSuffix(f.Message, ".") {
			b.WriteString(".")
		}
	}
}

// rulesVersion is the ruleset as the verdict names it: "TDA 2024", with
// the house's name when it has one.
func (c *renderer) rulesVersion() string {
	if c.rs == nil {
		return "TDA 2024"
	}
	v := c.rs.Version
	if c.rs.House != "" {
		v += c.L("list_sep") + c.L("house_word") + " " + strconv.Quote(c.rs.House)
	}
	return v
}

func plural(n int, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return strconv.Itoa(n) + " " + many
}

func times(n int) string {
	switch n {
	case 1:
		return "once"
	case 2:
		return "twice"
	}
	return strconv.Itoa(n) + " times"
}

// joinAnd joins "a", "b" and "c" as "a, b and c".
func joinAnd(parts []string) string {
	switch len(parts) {
	case 0:
		return ""
	case 1:
		return parts[0]
	}
	return strings.Join(parts[:len(parts)-1], ", ") + " and " + parts[len(parts)-1]
}
