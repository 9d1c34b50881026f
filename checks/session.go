package checks

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// Session checks look across the hands of one table: the chips a player
// leaves a hand with are the chips he starts the next with, the button
// moves on, a player who sat out his big blind pays it when he comes
// back. They read a compact record of each hand (SessionHand), made by
// the workers beside the per-hand checks, and a Sessions judge that keeps
// one hand per table: the last one seen. Hands reach it in the order the
// pipeline reads them, which for a room's exports (a file per table and
// session, or per day) is the table's time order; a hand older than the
// table's last hand is not compared with it (it starts no link).

// SessionHand is what the session checks need of one hand.
type SessionHand struct {
	// Key identifies the table: site, tournament and table name. A hand
	// without a table name belongs to no session.
	Key        TableKey
	ID         string
	Table      string
	Start      time.Time
	File       string
	Line       int
	Tournament bool
	Currency   string
	Scale      int64
	Button     int // seat number, 0 unknown
	BigBlind   int // seat number of the (first) big blind, 0 none
	// UnstatedRake is, for a cash hand whose record states no rake and
	// pays by collects (GGPoker's 2020 exports: the collects are the whole
	// pot, the rake is not written), the most a plausible rake of its pot
	// could be, a tenth of it (as for an implied rake, docs/rules.md): the
	// players who collected may start the next hand short of the record's
	// count by that much between them, the room's rake, not chips lost.
	UnstatedRake hand.Amount
	Seats        []SessionSeat
	// OutcomeHash is a hash of the hand's boards, number of actions, pot
	// and rake: what Digest covers besides the seats and the start.
	OutcomeHash uint64
	// StoredDigest is the Digest a record read back from a shard's
	// session-hands table was written with (0: compute it): the table
	// keeps the digest, not what it is made of.
	StoredDigest uint64
	// Run is the Seq of the table session Sessions.Add put the hand in (0:
	// none, as a copy of the last hand or a hand read out of time order):
	// the HTML report draws each session's hands from it.
	Run int
	// RunPos is the hand's place in that session (1, 2, ...; every record
	// given the session counted): the HTML report orders a session's hands
	// by it, as a merge writes them shard by shard.
	RunPos int
}

// TableKey names a table: the hands of one table form its sessions.
type TableKey struct{ Site, Tournament, Table string }

// SessionSeat is one seat of a SessionHand.
type SessionSeat struct {
	Number     int
	Player     string
	Start      hand.Amount
	Finish     hand.Amount // what the record leaves him with
	HasFinish  bool
	SittingOut bool
	PostedBig  bool // posted a big blind (in turn or not) or the missed blinds
	Collected  bool // collected from a pot (his Finish counts it)
}

// SessionOf makes the session record of h, replayed as t (nil: not
// replayed), or nil for a hand that belongs to no session (Fill).
func SessionOf(h *hand.Hand, t *replay.Trace) *SessionHand {
	s := new(SessionHand)
	if !s.Fill(h, t) {
		return nil
	}
	return s
}

// Fill makes s the session record of h, replayed as t (nil: not
// replayed), in place, in the memory s.Seats has (the pipeline gives each
// hand's result a buffer of ten seats: no allocation a hand). It reports false, leaving s
// empty, for a hand that belongs to no session: no table name, or
// cancelled.
func (s *SessionHand) Fill(h *hand.Hand, t *replay.Trace) bool {
	*s = SessionHand{Seats: s.Seats[:0]} // its seats' memory is reused
	if h == nil || h.Table == "" || h.Cancelled {
		return false
	}
	s.fill(h, t)
	return true
}

// RecordDigest is the digest of h's record (SessionHand.Digest), replayed
// as t, whether or not the hand names a table: it tells a copy of a record
// from another record under its ID.
func RecordDigest(h *hand.Hand, t *replay.Trace) uint64 {
	var s SessionHand
	s.fill(h, t)
	return s.Digest()
}

// Digest is a hash (FNV-1a a word at a time) of the hand's content: each
// seat's player, starting and finishing stack, the start time, and
// OutcomeHash (the boards, the number of actions, the pot and rake). A
// different record under one ID differs in one of them (a bet of another
// size leaves another stack). It is computed where two records under one
// ID are compared, not for every hand: it reads every player's name.
func (s *SessionHand) Digest() uint64 {
	if s.StoredDigest != 0 {
		return s.StoredDigest
	}
	d := uint64(14695981039346656037)
	for i := range s.Seats {
		st := &s.Seats[i]
		d = (d ^ uint64(st.Start) ^ nameWord(st.Player) ^ uint64(st.Finish)<<17) * 1099511628211
	}
	d = (d ^ uint64(s.Start.Unix())<<16) * 1099511628211
	return (d ^ s.OutcomeHash) * 1099511628211
}

func (s *SessionHand) fill(h *hand.Hand, t *replay.Trace) {
	s.Key, s.ID, s.Table, s.Start = TableKey{h.Site, h.Tournament, h.Table}, h.ID, h.Table, h.Start
	s.File, s.Line, s.Tournament, s.Currency = h.Pos.File, h.Pos.Line, h.Tournament != "", h.Currency
	s.Scale, s.Button = h.Scale, h.Button
	n := len(h.Seats)
	s.Seats = slices.Grow(s.Seats[:0], n)[:n]
	for i := range h.Seats {
		st := &h.Seats[i]
		s.Seats[i] = SessionSeat{Number: st.Number, Player: st.Player, Start: st.Stack, SittingOut: st.SittingOut}
	}
	// The forced bets open the actions: read until the first other one.
	for i := range h.Actions {
		a := &h.Actions[i]
		if a.Kind != hand.Post {
			break
		}
		if a.Player < 0 || a.Player >= n {
			continue
		}
		switch a.PostKind {
		case hand.PostBigBlind:
			if s.BigBlind == 0 {
				s.BigBlind = h.Seats[a.Player].Number
			}
			s.Seats[a.Player].PostedBig = true
		case hand.PostBothBlind:
			s.Seats[a.Player].PostedBig = true
		}
	}
	// What was collected, only where the record states no finishing
	// stacks (PHH's do): a pass over the actions.
	finishing := h.Outcome.HasFinishingStacks && len(h.Outcome.FinishingStacks) == n
	collects := !finishing && t != nil && t.Supported && len(t.Committed) == n
	if collects {
		for i := range h.Actions {
			if a := &h.Actions[i]; a.Kind == hand.Collect && a.Player >= 0 && a.Player < n {
				s.Seats[a.Player].Finish += a.Amount
				s.Seats[a.Player].Collected = true
			}
		}
		if o := &h.Outcome; !o.HasRake && len(o.Fees) == 0 && !o.HasWinnings && h.Tournament == "" {
			s.UnstatedRake = t.TotalPot / 10
		}
	}
	switch o := &h.Outcome; {
	case o.HasFinishingStacks && len(o.FinishingStacks) == n:
		for i := range s.Seats {
			s.Seats[i].Finish, s.Seats[i].HasFinish = o.FinishingStacks[i], true
		}
	case collects:
		// The record's own count: what the player had, less what he put
		// in (after the uncalled bet came back), plus what he collected.
		for i := range s.Seats {
			s.Seats[i].Finish += s.Seats[i].Start - t.Committed[i]
			s.Seats[i].HasFinish = true
		}
		for _, co := range o.CashOuts {
			if co.Player >= 0 && co.Player < n {
				s.Seats[co.Player].Finish += co.Amount
			}
		}
	}
	// What Digest needs of the hand besides the record's seats and start,
	// hashed now (the hand is not kept), at no pass over the actions.
	d := uint64(14695981039346656037)
	for _, b := range h.Boards {
		var w uint64
		for _, c := range b {
			w = w<<8 | uint64(c)
		}
		d = (d ^ w) * 1099511628211
	}
	d = (d ^ uint64(len(h.Actions))) * 1099511628211
	s.OutcomeHash = (d ^ uint64(h.Outcome.TotalPot) ^ uint64(h.Outcome.Rake)<<32) * 1099511628211
}

// nameWord packs a player's name into a word: its length, first and last
// bytes.
func nameWord(name string) uint64 {
	if name == "" {
		return 0
	}
	return uint64(len(name))<<16 | uint64(name[0])<<8 | uint64(name[len(name)-1])
}

// Sessions judges the hands of each table against the table's previous
// hand. Its memory is one hand per table, and per table the players who
// owe a missed big blind.
type Sessions struct {
	sel    Selection
	tables map[TableKey]*tableState
	// OnClose, if set, receives each table session of two hands or more
	// when it ends (a hand that does not follow it, or Close).
	OnClose func(*SessionRun)
	opened  int // sessions opened: their order
	// the table of the last hand added
	lastKey   TableKey
	lastTable *tableState
}

type tableState struct {
	last    SessionHand // the table's last hand, if hasLast
	hasLast bool
	run     SessionRun // the table's open session
	// owes: players who sat out while the big blind passed them, and have
	// not paid it since.
	owes map[string]bool
}

// NewSessions returns a judge reporting the session checks of sel.
func NewSessions(sel Selection) *Sessions {
	return &Sessions{sel: sel, tables: map[TableKey]*tableState{}}
}

// ContinueSeq makes ss number its sessions on from prev's last: a run
// that starts a judge per input keeps one numbering (SessionHand.Run).
func (ss *Sessions) ContinueSeq(prev *Sessions) { ss.opened = prev.opened }

// SessionIDs are the session checks, which the pipeline raises across
// hands (not Runner.Run).
var SessionIDs = []string{checkStackGap.ID, checkButtonMove.ID, checkMissedBlind.ID, checkMissingHand.ID, checkConflictingDup.ID}

// ConflictingDuplicateID is the check of one hand ID recorded twice with
// different contents; the pipeline drops hand.duplicate-id's warning for
// a hand it reports.
const ConflictingDuplicateID = "session.conflicting-duplicate"

// IsSessionCheck reports whether id is one of the session checks.
func IsSessionCheck(id string) bool { return strings.HasPrefix(id, "session.") }

// Add judges s, the next hand read at its table, under rs, and returns
// its findings. Add keeps s: the caller must not change it afterwards.
func (ss *Sessions) Add(s *SessionHand, rs *replay.Ruleset) []Finding {
	if s == nil || s.Key.Table == "" {
		return nil
	}
	ts := ss.lastTable
	if ts == nil || ss.lastKey != s.Key {
		// Hands come a table at a time: the map only when the table changes.
		if ts = ss.tables[s.Key]; ts == nil {
			ts = &tableState{}
			ss.tables[s.Key] = ts
		}
		ss.lastKey, ss.lastTable = s.Key, ts
	}
	var prev *SessionHand
	if ts.hasLast {
		prev = &ts.last
	}
	if prev != nil && s.Start.Before(prev.Start) {
		return nil // read out of time order: no link to judge
	}
	j := sessionJudge{sel: ss.sel, rs: rs, prev: prev, cur: s}
	if prev != nil {
		switch {
		case prev.ID != "" && prev.ID == s.ID:
			if prev.Digest() == s.Digest() {
				return nil // a copy: not a new link
			}
			// Another hand under the last one's ID: the fault, and the
			// hand the next one follows.
			j.conflictingDuplicate()
			ts.run.Findings += len(j.out)
			ts.run.records++
			s.Run, s.RunPos = ts.run.Seq, ts.run.records
			ts.keep(s)
			return j.out
		case j.linked() && !j.missingHand(rs.Session) && j.consecutive():
			j.button(rs.Session)
			j.stacks(rs.Session)
			j.missedBlinds(ts)
		default:
			// A new sitting, or hands between the two (missing, or not
			// in this export): nothing to compare, owed blinds unknown.
			ts.owes = nil
			ss.closeRun(ts)
		}
	}
	if ts.run.Hands == 0 {
		ss.opened++
		r := &ts.run
		r.Seq, r.Site, r.Tournament, r.Table, r.Currency, r.Scale = ss.opened, s.Key.Site, s.Key.Tournament, s.Table, s.Currency, s.Scale
		r.FirstHand, r.FirstFile, r.FirstLine, r.Start = s.ID, s.File, s.Line, s.Start
		r.Findings, r.Players, r.PlayersMore, r.records = 0, r.Players[:0], false, 0
	}
	ts.run.add(s, prev, len(j.out))
	ts.run.records++
	s.Run, s.RunPos = ts.run.Seq, ts.run.records
	ts.keep(s)
	return j.out
}

// Last is the last hand judged at s's table before s (nil: none). The
// merge of a sharded run reads it to name the first record of a repeated
// ID, as the pipeline's duplicate-ID set does within one run.
func (ss *Sessions) Last(s *SessionHand) *SessionHand {
	if s == nil || s.Key.Table == "" {
		return nil
	}
	ts := ss.tables[s.Key]
	if ts == nil || !ts.hasLast {
		return nil
	}
	return &ts.last
}

// SessionRun is one table session: hands of a table that follow each
// other (two players in the same seats, nothing between them), the rows of
// sessions.parquet.
type SessionRun struct {
	Seq                     int // order in which the sessions began
	Site, Tournament, Table string
	Currency                string
	Scale                   int64
	FirstHand, LastHand     string
	FirstFile               string
	FirstLine               int
	Start, End              time.Time
	Hands                   int
	Players                 []string // in order of arrival, at most maxRunPlayers
	Findings                int      // session findings at its hands
	PlayersMore             bool     // more players than Players lists
	LastFile                string
	LastLine                int
	records                 int // records given the session: Hands and the conflicting copies
}

const maxRunPlayers = 64

func (r *SessionRun) add(s, prev *SessionHand, findings int) {
	r.Hands++
	r.Findings += findings
	r.LastHand, r.LastFile, r.LastLine, r.End = s.ID, s.File, s.Line, s.Start
	switch r.Hands {
	case 1:
		return // most hands begin a session of one (a fast-fold pool's): players listed from the second
	case 2:
		r.addPlayers(prev)
	}
	r.addPlayers(s)
}

func (r *SessionRun) addPlayers(s *SessionHand) {
	for i := range s.Seats {
		if p := s.Seats[i].Player; !slices.Contains(r.Players, p) {
			if len(r.Players) < maxRunPlayers {
				r.Players = append(r.Players, p)
			} else {
				r.PlayersMore = true
			}
		}
	}
}

// closeRun ends the table's open session.
func (ss *Sessions) closeRun(ts *tableState) {
	if ts.run.Hands >= 2 && ss.OnClose != nil {
		ss.OnClose(&ts.run)
	}
	ts.run.Hands = 0 // the next hand starts it afresh, reusing its memory
}

// Close ends every open session, in the order they began.
func (ss *Sessions) Close() {
	open := make([]*tableState, 0, len(ss.tables))
	for _, ts := range ss.tables {
		if ts.run.Hands > 0 {
			open = append(open, ts)
		}
	}
	slices.SortFunc(open, func(a, b *tableState) int { return a.run.Seq - b.run.Seq })
	for _, ts := range open {
		ss.closeRun(ts)
	}
}

// keep makes s the table's last hand, copied: the caller reuses s.
func (ts *tableState) keep(s *SessionHand) {
	buf := ts.last.Seats
	ts.last, ts.hasLast = *s, true
	ts.last.Seats = append(buf[:0], s.Seats...)
}

// consecutive reports whether nothing shows hands played between prev and
// cur: at most one player's stack fails to carry over. Hands missing from
// an export (a player's own client records only the hands he was dealt)
// move chips among several players; one fault moves one player's.
func (j *sessionJudge) consecutive() bool {
	if j.prev.Scale != j.cur.Scale {
		return false
	}
	changed := 0
	raked := UnstatedRakeTaken(j.prev, j.cur)
	for i := range j.cur.Seats {
		c := &j.cur.Seats[i]
		if p := j.prev.seat(c.Player); p != nil && p.Number == c.Number && p.HasFinish && p.Finish != c.Start && !(raked != nil && raked[i]) {
			changed++
		}
	}
	return changed <= 1
}

// UnstatedRakeTaken reports, by seat of cur (nil when none), the players
// who start cur short of what prev's record left them by the rake prev's
// record did not state: each collected in prev, a cash hand whose record
// states no rake, and they are short, in seat order, by no more than what
// is left of a plausible rake of its pot (SessionHand.UnstatedRake). That
// is the room's rake, not chips lost; the dispute analyzer shows it so.
func UnstatedRakeTaken(prev, cur *SessionHand) []bool {
	left := prev.UnstatedRake
	if left <= 0 || cur.Tournament {
		return nil
	}
	var raked []bool
	for i := range cur.Seats {
		c := &cur.Seats[i]
		p := prev.seat(c.Player)
		if p == nil || p.Number != c.Number || !p.HasFinish || !p.Collected {
			continue
		}
		if d := p.Finish - c.Start; d > 0 && d <= left {
			if raked == nil {
				raked = make([]bool, len(cur.Seats))
			}
			raked[i] = true
			left -= d
		}
	}
	return raked
}

// sessionJudge judges one link: prev, the table's last hand, and cur.
type sessionJudge struct {
	sel       Selection
	rs        *replay.Ruleset
	prev, cur *SessionHand
	out       []Finding
}

// linked reports whether prev and cur are consecutive hands of one table
// as the players sat: at least two players in the same seats. Fast-fold
// pools (zoom) deal each hand at a new table under one name, and a
// player's own export of them keeps only him in common: no session.
func (j *sessionJudge) linked() bool {
	same := 0
	for i := range j.cur.Seats {
		c := &j.cur.Seats[i]
		if p := j.prev.seatAt(c.Number); p != nil && p.Player == c.Player {
			if same++; same == 2 {
				return true
			}
		}
	}
	return false
}

func (s *SessionHand) seat(player string) *SessionSeat {
	for i := range s.Seats {
		if s.Seats[i].Player == player {
			return &s.Seats[i]
		}
	}
	return nil
}

func (s *SessionHand) seatAt(number int) *SessionSeat {
	for i := range s.Seats {
		if s.Seats[i].Number == number {
			return &s.Seats[i]
		}
	}
	return nil
}

// finding makes a finding of ck on the current hand.
func (j *sessionJudge) finding(ck *Check, player *SessionSeat, msg string) *Finding {
	if !j.sel.Has(ck.ID) {
		return nil
	}
	f := Finding{
		CheckID: ck.ID, Severity: ck.Severity, Rule: citation(j.rs, ck.RuleKey), Message: msg,
		HandID: j.cur.ID, Table: j.cur.Table, StartedAt: j.cur.Start, File: j.cur.File, Line: j.cur.Line,
		ActionIndex: -1, Currency: j.cur.Currency, Scale: j.cur.Scale,
	}
	if player != nil {
		f.Seat, f.Player = player.Number, player.Player
	}
	j.out = append(j.out, f)
	return &j.out[len(j.out)-1]
}

// where names a hand for a message: its ID and file:line.
func where(s *SessionHand) string {
	id := s.ID
	if id == "" {
		id = "(no ID)"
	}
	return fmt.Sprintf("hand %s (%s:%d)", id, s.File, s.Line)
}

func sessionMoney(a hand.Amount, s *SessionHand) string {
	return money(&hand.Hand{Currency: s.Currency, Scale: s.Scale}, a)
}

// stacks: session.stack-discontinuity. A player in both hands starts the
// second with what the record left him after the first. In a tournament
// any difference is a fault; in a cash game a decrease is (but for the
// winners of a hand whose record states no rake, up to a plausible rake of
// its pot: UnstatedRake), and an increase is a top-up, a fault only where the house forbids top-ups or
// beyond its buy-in cap.
func (j *sessionJudge) stacks(r replay.SessionRules) {
	raked := UnstatedRakeTaken(j.prev, j.cur)
	for i := range j.cur.Seats {
		c := &j.cur.Seats[i]
		p := j.prev.seat(c.Player)
		if p == nil || p.Number != c.Number || !p.HasFinish || c.Start == p.Finish {
			continue // a player who left and sat down again bought in afresh
		}
		var why string
		switch {
		case j.cur.Tournament && p.Finish == 0:
			continue // busted and still playing: a rebuy (the record's re-buy lines are not read)
		case j.cur.Tournament:
			why = "in a tournament a stack carries over unchanged"
		case raked != nil && raked[i]:
			continue // the rake the previous record did not state
		case c.Start < p.Finish:
			why = "chips vanished between the hands"
		case r.NoTopUps:
			why = "the house does not allow top-ups"
		case !r.MaxBuyIn.IsZero() && c.Start > maxBuyIn(r, j.cur.Scale):
			why = "a top-up beyond the house's maximum buy-in of " + sessionMoney(maxBuyIn(r, j.cur.Scale), j.cur)
		default:
			continue // a top-up between hands, as cash games allow
		}
		f := j.finding(checkStackGap, c, fmt.Sprintf("%s starts %s with %s, but %s left %s with %s: %s",
			c.Player, where(j.cur), sessionMoney(c.Start, j.cur), where(j.prev), c.Player, sessionMoney(p.Finish, j.prev), why))
		if f != nil {
			f.Expected, f.HasExpected, f.Recorded, f.HasRecorded = p.Finish, true, c.Start, true
		}
	}
}

func maxBuyIn(r replay.SessionRules, scale int64) hand.Amount {
	v, _ := r.MaxBuyIn.In(scale)
	return v
}

// dealtIn counts the players dealt in.
func dealtIn(s *SessionHand) int {
	n := 0
	for i := range s.Seats {
		if !s.Seats[i].SittingOut {
			n++
		}
	}
	return n
}

// clockwise lists the seat numbers after from, going round a table of n
// seats (n at least the highest seat number seen).
func clockwise(from, n int) []int {
	out := make([]int, 0, n)
	for k := 1; k <= n; k++ {
		out = append(out, (from-1+k)%n+1)
	}
	return out
}

func tableSize(a, b *SessionHand) int {
	n := 0
	for _, s := range [][]SessionSeat{a.Seats, b.Seats} {
		for _, x := range s {
			n = max(n, x.Number)
		}
	}
	return max(n, a.Button, b.Button)
}

// button: session.button-movement. The button moves one player on each
// hand. Two readings are legitimate: the moving button (it goes to the
// next player dealt in) and the dead button (TDA 32: the big blind moves
// one player on and the button follows it, so it may rest on the seat of
// a player who left, or stay on an empty seat's neighbour). By default
// either is accepted; the house's dead_button option makes one strict. The
// button that stayed, went backwards, or passed over a player who was due
// it fits neither.
func (j *sessionJudge) button(r replay.SessionRules) {
	prev, cur := j.prev, j.cur
	if prev.Button == 0 || cur.Button == 0 || prev.Tournament != cur.Tournament {
		return
	}
	if dealtIn(cur) < 3 || dealtIn(prev) < 3 {
		// Heads-up, and coming out of heads-up, the button is placed (TDA
		// 34; rooms seat a newcomer so that no one has the big blind
		// twice), not moved.
		return
	}
	n := tableSize(prev, cur)
	// The moving button: the next seat after the last button with a
	// player dealt in now.
	moving := 0
	for _, s := range clockwise(prev.Button, n) {
		if x := cur.seatAt(s); x != nil && !x.SittingOut {
			moving = s
			break
		}
	}
	// The dead button: one seat on from the last button, towards the last
	// small blind, whether or not a player sits there now, when the big
	// blind moved on by one player.
	deadOK := false
	if prev.BigBlind != 0 && cur.BigBlind != 0 {
		var nextBB int
		for _, s := range clockwise(prev.BigBlind, n) {
			if x := cur.seatAt(s); x != nil && !x.SittingOut {
				nextBB = s
				break
			}
		}
		if nextBB == cur.BigBlind {
			// The button is behind the big blind by the small blind's seat
			// (or on it, heads-up): any seat in the arc from the last
			// button (exclusive) to the new big blind (exclusive) that
			// keeps the order is the dead button's place.
			for _, s := range clockwise(prev.Button, n) {
				if s == cur.BigBlind {
					break
				}
				if s == cur.Button {
					deadOK = true
				}
			}
		}
	}
	movingOK := cur.Button == moving
	var ok bool
	switch r.Button {
	case replay.ButtonDead:
		ok = deadOK
	case replay.ButtonMoving:
		ok = movingOK
	default:
		ok = deadOK || movingOK
	}
	if ok {
		return
	}
	var what string
	switch {
	case cur.Button == prev.Button:
		what = "stayed on seat " + strconv.Itoa(cur.Button)
	default:
		what = fmt.Sprintf("went from seat %d to seat %d", prev.Button, cur.Button)
	}
	due := moving
	msg := fmt.Sprintf("the button %s between %s and %s; seat %d was due it", what, where(prev), where(cur), due)
	switch r.Button {
	case replay.ButtonDead:
		msg += " (the house requires the dead button, TDA 32)"
	case replay.ButtonMoving:
		msg += " (the house requires the moving button)"
	default:
		msg += " (neither the moving button nor the dead button allows this move)"
	}
	f := j.finding(checkButtonMove, cur.seatAt(cur.Button), msg)
	if f != nil {
		f.Expected, f.HasExpected, f.Recorded, f.HasRecorded = hand.Amount(due), true, hand.Amount(cur.Button), true
	}
}

// missingHand: session.missing-hand, where the room numbers its hands one
// by one per table (house option consecutive_hand_ids): the ID after the
// last one's is missing. It reports whether it found a gap (the other
// checks are then skipped: the missing hands moved the button and chips).
func (j *sessionJudge) missingHand(r replay.SessionRules) bool {
	if !r.ConsecutiveHandIDs {
		return false
	}
	a, okA := handSeq(j.prev.ID)
	b, okB := handSeq(j.cur.ID)
	if !okA || !okB || b <= a+1 {
		return false
	}
	missing := b - a - 1
	f := j.finding(checkMissingHand, nil, fmt.Sprintf("%d hand(s) missing at table %s between %s and %s: the room numbers its hands one by one at a table",
		missing, j.cur.Table, where(j.prev), where(j.cur)))
	if f != nil {
		f.Expected, f.HasExpected, f.Recorded, f.HasRecorded = hand.Amount(a+1), true, hand.Amount(b), true
	}
	return true
}

// handSeq reads a hand's number at its table: the whole ID, or for an ID
// of the form TABLE-N-TIME (Winamax) its middle part N.
func handSeq(id string) (int64, bool) {
	if parts := strings.Split(id, "-"); len(parts) == 3 {
		id = parts[1]
	}
	n, err := strconv.ParseInt(id, 10, 64)
	return n, err == nil
}

// missedBlinds: session.missed-blind. A player sitting out while the big
// blind passes his seat owes it; when he is dealt in again he either
// posts (the missed blinds, or a big blind out of turn) or waits until
// the big blind reaches him. Both are accepted; dealt in without either
// (a small blind in turn is not the big blind he missed) is the fault.
func (j *sessionJudge) missedBlinds(ts *tableState) {
	cur, prev := j.cur, j.prev
	if cur.Tournament {
		return // tournament blinds are posted by the sitting-out player's stack
	}
	if ts.owes != nil {
		for i := range cur.Seats {
			c := &cur.Seats[i]
			if !ts.owes[c.Player] || c.SittingOut {
				continue
			}
			delete(ts.owes, c.Player)
			if c.PostedBig || c.Number == cur.BigBlind {
				continue
			}
			f := j.finding(checkMissedBlind, c, fmt.Sprintf("%s missed his big blind while sitting out and is dealt in at %s without posting it or waiting for the big blind",
				c.Player, where(cur)))
			if f != nil {
				f.Recorded, f.HasRecorded = 0, true
			}
		}
	}
	if prev.BigBlind == 0 || cur.BigBlind == 0 || prev.BigBlind == cur.BigBlind {
		return // a big blind that did not move passed no one
	}
	// Seats the big blind passed over from the last hand's to this one's.
	n := tableSize(prev, cur)
	for _, s := range clockwise(prev.BigBlind, n) {
		if s == cur.BigBlind {
			break
		}
		if x := cur.seatAt(s); x != nil && x.SittingOut {
			if ts.owes == nil {
				ts.owes = map[string]bool{}
			}
			ts.owes[x.Player] = true
		}
	}
}

// ConflictingCopy is the session.conflicting-duplicate finding of hand h
// (at file:line), whose ID was first recorded at firstFile:firstLine with
// other contents, under rs; nil when sel does not select the check. The
// pipeline raises it for copies that are not next to each other at their
// table, in place of hand.duplicate-id's warning.
func ConflictingCopy(sel Selection, rs *replay.Ruleset, h *hand.Hand, file string, line int, firstFile string, firstLine int) *Finding {
	if !sel.Has(checkConflictingDup.ID) {
		return nil
	}
	return &Finding{CheckID: checkConflictingDup.ID, Severity: checkConflictingDup.Severity,
		Rule: citation(rs, checkConflictingDup.RuleKey),
		Message: fmt.Sprintf("hand ID %s was already recorded at %s:%d with other contents (seats, stacks, actions or outcome): two different hands under one ID, or a record altered",
			h.ID, firstFile, firstLine),
		HandID: h.ID, Table: h.Table, StartedAt: h.Start, File: file, Line: line, ActionIndex: -1,
		Currency: h.Currency, Scale: h.Scale}
}

// conflictingDuplicate: session.conflicting-duplicate. One hand ID twice
// at a table with different contents (an identical copy is
// hand.duplicate-id's warning only).
func (j *sessionJudge) conflictingDuplicate() {
	j.finding(checkConflictingDup, nil, fmt.Sprintf("hand ID %s is recorded twice at table %s with different contents: %s and %s",
		j.cur.ID, j.cur.Table, where(j.prev), where(j.cur)))
}

// DuplicateID is the check of a hand whose ID was read before (an
// identical copy, or a record whose first cannot be compared):
// hand.duplicate-id, a warning.
const DuplicateID = "hand.duplicate-id"

// DuplicateIDRule is hand.duplicate-id's rule: the duplicate breaks no
// poker rule but the integrity of the record.
const DuplicateIDRule = "handaudit integrity (duplicate hand ID)"

// DuplicateIDFinding is hand.duplicate-id's warning on hand h (at
// file:line), whose ID was first read at firstFile:firstLine (0: no line).
// The pipeline raises it across the run; audit explain within the file.
func DuplicateIDFinding(h *hand.Hand, file string, line int, firstFile string, firstLine int) Finding {
	at := firstFile
	if firstLine > 0 {
		at = fmt.Sprintf("%s:%d", firstFile, firstLine)
	}
	ns := "this input"
	if h.Site != "" {
		ns = h.Site
	}
	return Finding{
		CheckID:  DuplicateID,
		Severity: Warning,
		Rule:     DuplicateIDRule,
		Message: fmt.Sprintf("hand ID %s (%s) was already read at %s: the same hand recorded twice, or two hands given one ID",
			h.ID, ns, at),
		HandID:      h.ID,
		Table:       h.Table,
		StartedAt:   h.Start,
		File:        file,
		Line:        line,
		ActionIndex: -1,
		Currency:    h.Currency,
		Scale:       h.Scale,
	}
}
