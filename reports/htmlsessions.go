package reports

import (
	"bufio"
	"container/heap"
	"encoding/binary"
	"fmt"
	"html"
	"io"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/handaudit/handaudit/internal/binrec"

	"github.com/handaudit/handaudit/checks"
)

// The session views: per table session (checks.SessionRun, the rows of
// sessions.parquet), its hands in order, each player's stack across them
// as a small chart, and the findings marked on the hand they were raised
// at. A nightly run has thousands of sessions and a session hundreds of
// hands, so the writer spools a compact record of each session hand (its
// stacks and findings) as it comes, keeps the summaries of the sessions
// worth a view (MaxSessionViews, those with the most session findings) as
// they end, and on Close reads back the records of those alone.

// DefaultSessionViews is how many table sessions get a view by default.
const DefaultSessionViews = 100

// maxSessionHands bounds the hands a session view draws and lists: a
// table's night online is about a thousand hands. The hands past it are
// counted and the view says so.
const maxSessionHands = 1000

// maxHandMarks bounds the findings a session hand's record keeps for its
// marks (a hand's findings are all in the findings table).
const maxHandMarks = 8

// SessionEnder is a Writer that also takes each table session as it ends
// (the pipeline's Config.OnSession): the HTML report draws them.
type SessionEnder interface {
	EndSession(*checks.SessionRun)
}

// EndSession passes r to every writer that takes sessions.
func (m Multi) EndSession(r *checks.SessionRun) {
	for _, w := range m {
		if se, ok := w.(SessionEnder); ok {
			se.EndSession(r)
		}
	}
}

// sessionSummary is what a session view needs of a checks.SessionRun.
type sessionSummary struct {
	seq                     int
	site, tournament, table string
	currency                string
	scale                   int64
	firstHand, lastHand     string
	start, end              string // UTC, "" unknown
	hands, findings         int
	firstFile               string
	firstLine               int
}

// below reports whether s ranks below o: a view for o before one for s.
// The sessions with the most session findings first, then the earliest.
func (s *sessionSummary) below(o *sessionSummary) bool {
	if s.findings != o.findings {
		return s.findings < o.findings
	}
	return s.seq > o.seq
}

// sessionHeap is a min-heap of the sessions kept for a view: the lowest
// ranked on top.
type sessionHeap []*sessionSummary

func (h sessionHeap) Len() int           { return len(h) }
func (h sessionHeap) Less(i, j int) bool { return h[i].below(h[j]) }
func (h sessionHeap) Swap(i, j int)      { h[i], h[j] = h[j], h[i] }
func (h *sessionHeap) Push(x any)        { *h = append(*h, x.(*sessionSummary)) }
func (h *sessionHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}

// EndSession keeps r's summary if it ranks among the MaxSessionViews
// sessions with a view so far.
func (w *HTMLWriter) EndSession(r *checks.SessionRun) {
	if w.out == nil || w.opts.OpenHand {
		return
	}
	w.sessionsEnded++
	if r.Findings > 0 {
		w.sessionsFlagged++
	}
	s := &sessionSummary{seq: r.Seq, site: r.Site, tournament: r.Tournament, table: r.Table,
		currency: r.Currency, scale: r.Scale, firstHand: r.FirstHand, lastHand: r.LastHand,
		hands: r.Hands, findings: r.Findings, firstFile: r.FirstFile, firstLine: r.FirstLine}
	if !r.Start.IsZero() {
		s.start = r.Start.UTC().Format("2006-01-02 15:04")
	}
	if !r.End.IsZero() {
		s.end = r.End.UTC().Format("2006-01-02 15:04")
	}
	if len(w.sessionHeap) < w.opts.MaxSessionViews {
		heap.Push(&w.sessionHeap, s)
	} else if w.sessionHeap[0].below(s) {
		w.sessionHeap[0] = s
		heap.Fix(&w.sessionHeap, 0)
	}
}

// spoolSessionHand writes the record of a hand in a table session to the
// sessions spool. Every hand of a run at a named table is in a session,
// so the record is binary and costs little to write: its session number
// and its length (uvarints), then the hand ID, start (Unix seconds, 0
// none), the view's number (-1 none), the seats (number, player, starting
// stack, flags: 1 a finishing stack follows, 2 sitting out), and the
// findings (how many, then up to maxHandMarks: check, severity, player,
// message; then the file and line). Counts and strings' lengths are
// uvarints, the time, view and amounts 8 bytes little-endian (cheaper to
// write than varints of chip counts), strings the bytes as the record has
// them: visible is applied when a view is drawn.
func (w *HTMLWriter) spoolSessionHand(r *HandResult, view int) error {
	s := r.Session
	if w.sessions == nil {
		var err error
		if w.sessions, err = createSpool(w.dir, "report.html"); err != nil {
			return err
		}
	}
	str := func(b []byte, v string) []byte { return append(binary.AppendUvarint(b, uint64(len(v))), v...) }
	b := w.sessRec[:0]
	b = str(b, s.ID)
	var start int64
	if !s.Start.IsZero() {
		start = s.Start.Unix()
	}
	b = binary.LittleEndian.AppendUint64(b, uint64(start))
	b = binary.LittleEndian.AppendUint64(b, uint64(int64(view)))
	b = binary.AppendUvarint(b, uint64(len(s.Seats)))
	for i := range s.Seats {
		st := &s.Seats[i]
		b = binary.AppendUvarint(b, uint64(st.Number))
		b = str(b, st.Player)
		b = binary.LittleEndian.AppendUint64(b, uint64(st.Start))
		var flags byte
		if st.HasFinish {
			flags |= 1
		}
		if st.SittingOut {
			flags |= 2
		}
		b = append(b, flags)
		if st.HasFinish {
			b = binary.LittleEndian.AppendUint64(b, uint64(st.Finish))
		}
	}
	b = binary.AppendUvarint(b, uint64(len(r.Findings)))
	if len(r.Findings) > 0 {
		for i := range r.Findings[:min(len(r.Findings), maxHandMarks)] {
			f := &r.Findings[i]
			b = str(b, f.CheckID)
			b = append(b, byte(f.Severity))
			b = str(b, f.Player)
			b = str(b, f.Message)
		}
		file := r.File
		if file == "" {
			file = s.File
		}
		b = str(b, file)
		b = binary.AppendUvarint(b, uint64(max(r.Line, s.Line)))
	}
	w.sessRec = b
	head := binary.AppendUvarint(w.sessHead[:0], uint64(s.Run))
	head = binary.AppendUvarint(head, uint64(s.RunPos))
	head = binary.AppendUvarint(head, uint64(len(b)))
	w.sessHead = head
	if _, err := w.sessions.Write(head); err != nil {
		return err
	}
	_, err := w.sessions.Write(b)
	return err
}

// sessionHandRec is one hand of a session view, as spooled.
type sessionHandRec struct {
	ID         string
	Start      string // UTC, "" unknown
	View       int
	File       string
	Line       int
	Seats      []sessionSeatRec
	Marks      []sessionMark
	MarksTotal int
	pos        int // its place in the session (checks.SessionHand.RunPos)
}

// sessionSeatRec is one seat of a spooled session hand: the player, his
// starting stack and, if the record leaves one, his finishing stack, in
// minor units.
type sessionSeatRec struct {
	Number int
	Player string
	Start  int64
	Finish *int64
	Out    bool
}

// sessionMark is a finding marked on a session hand.
type sessionMark struct {
	Check    string
	Severity checks.Severity
	Player   string
	Message  string
}

// decodeSessionHand decodes a record spoolSessionHand wrote.
func decodeSessionHand(b []byte) (sessionHandRec, error) {
	r := binrec.NewReader(b)
	var h sessionHandRec
	h.ID = visible(r.Str())
	if sec := r.Int64(); sec != 0 {
		h.Start = time.Unix(sec, 0).UTC().Format("2006-01-02 15:04:05")
	}
	h.View = int(r.Int64())
	n := r.Uvarint()
	for i := uint64(0); i < n && !r.Bad; i++ {
		s := sessionSeatRec{Number: int(r.Uvarint()), Player: visible(r.Str()), Start: r.Int64()}
		flags := r.Byte()
		if flags&1 != 0 {
			f := r.Int64()
			s.Finish = &f
		}
		s.Out = flags&2 != 0
		h.Seats = append(h.Seats, s)
	}
	h.MarksTotal = int(r.Uvarint())
	if h.MarksTotal > 0 {
		for i := 0; i < min(h.MarksTotal, maxHandMarks) && !r.Bad; i++ {
			h.Marks = append(h.Marks, sessionMark{Check: visible(r.Str()), Severity: checks.Severity(r.Byte()), Player: visible(r.Str()), Message: visible(r.Str())})
		}
		h.File = visible(r.Str())
		h.Line = int(r.Uvarint())
	}
	if r.Bad {
		return h, fmt.Errorf("reports: a spooled session hand is cut short")
	}
	return h, nil
}

// sessionView is a session with a view: its summary and its hands (at
// most maxSessionHands; more counts the others).
type sessionView struct {
	sessionSummary
	rows []sessionHandRec
	more int
}

// sessionViews reads the spooled records of the sessions kept for a
// view, and returns those, best ranked first. kept says which hand views
// the report keeps (by view number): a hand links to its view if kept.
func (w *HTMLWriter) sessionViews(kept map[int]bool) ([]*sessionView, error) {
	if len(w.sessionHeap) == 0 {
		return nil, nil
	}
	bySeq := make(map[int]*sessionView, len(w.sessionHeap))
	views := make([]*sessionView, 0, len(w.sessionHeap))
	for _, s := range w.sessionHeap {
		v := &sessionView{sessionSummary: *s}
		bySeq[s.seq] = v
		views = append(views, v)
	}
	slices.SortFunc(views, func(a, b *sessionView) int {
		if a.below(&b.sessionSummary) {
			return 1
		}
		return -1
	})
	if w.sessions == nil {
		return views, nil
	}
	if err := w.sessions.w.Flush(); err != nil {
		return nil, err
	}
	if _, err := w.sessions.f.Seek(0, io.SeekStart); err != nil {
		return nil, err
	}
	br := bufio.NewReaderSize(w.sessions.f, 64<<10)
	var rec []byte
	for {
		seq, err := binary.ReadUvarint(br)
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		pos, err := binary.ReadUvarint(br)
		if err != nil {
			return nil, err
		}
		n, err := binary.ReadUvarint(br)
		if err != nil {
			return nil, err
		}
		v := bySeq[int(seq)]
		if v != nil && pos == 0 {
			pos = uint64(len(v.rows) + v.more + 1) // a record without its place: the order it came in
		}
		if v == nil || pos > maxSessionHands {
			if v != nil {
				v.more++
			}
			if _, err := br.Discard(int(n)); err != nil {
				return nil, err
			}
			continue
		}
		rec = slices.Grow(rec[:0], int(n))[:n]
		if _, err := io.ReadFull(br, rec); err != nil {
			return nil, err
		}
		h, err := decodeSessionHand(rec)
		if err != nil {
			return nil, err
		}
		if h.View >= 0 && !kept[h.View] {
			h.View = -1
		}
		h.pos = int(pos)
		v.rows = append(v.rows, h)
	}
	// A run spools each session's hands in order; a merge shard by shard.
	for _, v := range views {
		slices.SortStableFunc(v.rows, func(a, b sessionHandRec) int { return a.pos - b.pos })
	}
	return views, nil
}

// ViewedSessions lists the table sessions (checks.SessionRun.Seq) that
// have a view so far: a merge gives the HTML writer the records of their
// hands only.
func (w *HTMLWriter) ViewedSessions() []int {
	out := make([]int, 0, len(w.sessionHeap))
	for _, s := range w.sessionHeap {
		out = append(out, s.seq)
	}
	return out
}

// SessionViewer is a Writer that draws session views.
type SessionViewer interface {
	ViewedSessions() []int
}

// ViewedSessions is the sessions any of m's writers has a view of.
func (m Multi) ViewedSessions() map[int]bool {
	out := map[int]bool{}
	for _, w := range m {
		if sv, ok := w.(SessionViewer); ok {
			for _, seq := range sv.ViewedSessions() {
				out[seq] = true
			}
		}
	}
	return out
}

// writeSessions writes the session views, within the tables section.
func (w *HTMLWriter) writeSessions(out io.Writer, L func(string) string, kept map[int]bool) error {
	views, err := w.sessionViews(kept)
	if err != nil {
		return err
	}
	e := html.EscapeString
	var b strings.Builder
	fmt.Fprintf(&b, "<h3 id=\"sessions\">%s</h3>\n<p class=\"note\">%s</p>\n", e(L("sessions")), e(L("sessions_note")))
	if w.sessionsEnded == 0 {
		fmt.Fprintf(&b, "<p class=\"note\" id=\"sessions-none\">%s</p>\n", e(L("sessions_none")))
		_, err := io.WriteString(out, b.String())
		return err
	}
	fmt.Fprintf(&b, "<p class=\"count\" id=\"sessions-count\">%s: %s · %s: %s</p>\n",
		e(L("sessions_word")), groupInt(int64(w.sessionsEnded)), e(L("sessions_flagged")), groupInt(int64(w.sessionsFlagged)))
	if left := w.sessionsEnded - len(views); left > 0 {
		fmt.Fprintf(&b, "<p class=\"note\" id=\"truncated-sessions\">%s: %s (%s)</p>\n", e(L("sessions_left")), groupInt(int64(left)), e(L("sessions_kept")))
	}
	for _, v := range views {
		w.writeSessionView(&b, v, L)
	}
	_, err = io.WriteString(out, b.String())
	return err
}

// writeSessionView writes one session's view: a details element whose
// summary names the table, and inside the chart and the hands.
func (w *HTMLWriter) writeSessionView(b *strings.Builder, v *sessionView, L func(string) string) {
	e := html.EscapeString
	id := "session-" + strconv.Itoa(v.seq)
	table := visible(v.table)
	fmt.Fprintf(b, "<details class=\"session\" id=\"%s\" data-table=\"%s\"><summary><strong>%s</strong>", id, e(table), e(table))
	if v.tournament != "" {
		fmt.Fprintf(b, " · %s %s", e(L("tournament")), e(visible(v.tournament)))
	}
	if v.site != "" {
		fmt.Fprintf(b, " · %s", e(visible(v.site)))
	}
	fmt.Fprintf(b, " · %s: %s", e(L("hands_in_session")), groupInt(int64(v.hands)))
	if v.start != "" {
		fmt.Fprintf(b, " · %s – %s UTC", e(v.start), e(v.end))
	}
	cls := "muted"
	if v.findings > 0 {
		cls = "sess-flagged"
	}
	fmt.Fprintf(b, " · <span class=\"%s\">%s: %s</span></summary>\n", cls, e(L("session_findings")), groupInt(int64(v.findings)))
	b.WriteString(stackChart(id+"-chart", v, L))
	if v.more > 0 {
		fmt.Fprintf(b, "<p class=\"note\">%s: %s (%s)</p>\n", e(L("session_hands_left")), groupInt(int64(v.more)), e(L("session_hands_more")))
	}
	fmt.Fprintf(b, "<div class=\"scroll\"><table class=\"data session-hands\"><thead><tr><th>#</th><th>%s</th><th>%s</th><th>%s</th><th>%s</th></tr></thead><tbody>\n",
		e(L("hand")), e(L("time")), e(L("players")), e(L("findings")))
	for i := range v.rows {
		h := &v.rows[i]
		rowCls := ""
		if len(h.Marks) > 0 {
			rowCls = " class=\"flagged\""
		}
		fmt.Fprintf(b, "<tr id=\"%s-h%d\"%s><td>%d</td><td>", id, i+1, rowCls, i+1)
		switch {
		case h.View >= 0:
			fmt.Fprintf(b, "<button type=\"button\" class=\"link hand-link\" data-view=\"%d\" data-action=\"-1\">%s</button>", h.View, e(h.ID))
		case len(h.Marks) > 0:
			fmt.Fprintf(b, "%s <code class=\"explain-cmd\">audit explain %s --line %d</code>", e(h.ID), e(shellQuote(h.File)), max(h.Line, 1))
		default:
			b.WriteString(e(h.ID))
		}
		fmt.Fprintf(b, "</td><td>%s</td><td>%d</td><td>", e(h.Start), len(h.Seats))
		for k, m := range h.Marks {
			if k > 0 {
				b.WriteString("<br>")
			}
			fmt.Fprintf(b, "<span class=\"badge sev-%s\">%s</span> %s", m.Severity, e(L(m.Severity.String())), e(m.Check))
			if m.Player != "" {
				fmt.Fprintf(b, " · %s", e(m.Player))
			}
			fmt.Fprintf(b, ": %s", e(m.Message))
		}
		if h.MarksTotal > len(h.Marks) {
			fmt.Fprintf(b, "<br>+%d", h.MarksTotal-len(h.Marks))
		}
		b.WriteString("</td></tr>\n")
	}
	b.WriteString("</tbody></table></div>\n</details>\n")
}

// shellQuote quotes s for a POSIX shell when it needs it (as the
// script's shellQuote).
func shellQuote(s string) string {
	plain := s != ""
	for i := 0; i < len(s) && plain; i++ {
		c := s[i]
		plain = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("_./:@%+=,-", c) >= 0
	}
	if plain {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// sessionPlayers lists the players of a session view in order of
// arrival.
func sessionPlayers(v *sessionView) []string {
	idx := map[string]int{}
	var names []string
	for i := range v.rows {
		for _, s := range v.rows[i].Seats {
			if _, ok := idx[s.Player]; !ok {
				idx[s.Player] = len(names)
				names = append(names, s.Player)
			}
		}
	}
	return names
}
