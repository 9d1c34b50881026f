package reports

import (
	"io"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// SessionHandRow is one row of a shard's session-hands table: the compact
// record the session checks read of one hand (checks.SessionHand), so
// that `audit merge` can judge the tables of a sharded run whole. One row
// a hand that names a table, in the shard's input order. Documented in
// docs/schema.md.
type SessionHandRow struct {
	Input      string           `parquet:"input,dict"` // the input the hand was read from, as the run names it
	File       string           `parquet:"file,dict"`
	Line       int64            `parquet:"line,delta"`
	Format     string           `parquet:"format,optional,dict"`
	Site       string           `parquet:"site,optional,dict"`
	Tournament string           `parquet:"tournament,optional,dict"`
	Table      string           `parquet:"table,dict"`
	HandID     string           `parquet:"hand_id,optional,delta"`
	StartedAt  time.Time        `parquet:"started_at,optional,timestamp(microsecond),delta"`
	Currency   string           `parquet:"currency,optional,dict"`
	Scale      int64            `parquet:"scale,delta"`
	Button     int64            `parquet:"button,dict"`
	BigBlind   int64            `parquet:"big_blind_seat,dict"`
	Digest     int64            `parquet:"digest"`
	Seats      []SessionSeatRow `parquet:"seats,list"`
}

// SessionSeatRow is one seat of a SessionHandRow.
type SessionSeatRow struct {
	Seat       int64  `parquet:"seat"`
	Player     string `parquet:"player"`
	Start      int64  `parquet:"start_stack"`
	Finish     *int64 `parquet:"finish_stack,optional"` // null: the record leaves it unknown
	SittingOut bool   `parquet:"sitting_out"`
	PostedBig  bool   `parquet:"posted_big_blind"`
}

// SessionHandsName is the file name of the session-hands table.
const SessionHandsName = "session-hands.parquet"

// SessionHandOf is the row of s, a hand read from input in format.
func SessionHandOf(row *SessionHandRow, input, format string, s *checks.SessionHand) {
	sessionHandOf(row, input, format, s, nil)
}

// sessionHandOf is SessionHandOf, the finishing stacks taken from slab
// (nil: allocated). Text is made valid UTF-8, as in the other tables.
func sessionHandOf(row *SessionHandRow, input, format string, s *checks.SessionHand, slab *rowMem) {
	*row = SessionHandRow{Input: text(input), File: text(s.File), Line: int64(s.Line), Format: text(format),
		Site: text(s.Key.Site), Tournament: text(s.Key.Tournament), Table: text(s.Table), HandID: text(s.ID),
		StartedAt: utc(s.Start), Currency: text(s.Currency), Scale: s.Scale, Button: int64(s.Button),
		BigBlind: int64(s.BigBlind), Digest: int64(s.Digest), Seats: row.Seats[:0]}
	for i := range s.Seats {
		st := &s.Seats[i]
		sr := SessionSeatRow{Seat: int64(st.Number), Player: text(st.Player), Start: int64(st.Start),
			SittingOut: st.SittingOut, PostedBig: st.PostedBig}
		if st.HasFinish {
			if slab != nil {
				sr.Finish = slab.ptr(int64(st.Finish))
			} else {
				sr.Finish = new(int64)
				*sr.Finish = int64(st.Finish)
			}
		}
		row.Seats = append(row.Seats, sr)
	}
}

// Session is the record the row holds, the one SessionHandOf was given.
func (row *SessionHandRow) Session() *checks.SessionHand {
	s := &checks.SessionHand{Key: checks.TableKey{Site: row.Site, Tournament: row.Tournament, Table: row.Table},
		ID: row.HandID, Table: row.Table, Start: row.StartedAt, File: row.File, Line: int(row.Line),
		Tournament: row.Tournament != "", Currency: row.Currency, Scale: row.Scale, Button: int(row.Button),
		BigBlind: int(row.BigBlind), Digest: uint64(row.Digest), Seats: make([]checks.SessionSeat, len(row.Seats))}
	if !s.Start.IsZero() {
		s.Start = s.Start.UTC()
	}
	for i, sr := range row.Seats {
		st := checks.SessionSeat{Number: int(sr.Seat), Player: sr.Player, Start: hand.Amount(sr.Start),
			SittingOut: sr.SittingOut, PostedBig: sr.PostedBig}
		if sr.Finish != nil {
			st.Finish, st.HasFinish = hand.Amount(*sr.Finish), true
		}
		s.Seats[i] = st
	}
	return s
}

// sessionHandBatch is a batch of session-hands rows; unlike rowBatch it
// keeps each row's seats' memory for the next batch.
type sessionHandBatch struct {
	list []SessionHandRow
	n    int
	slab rowMem // the finishing stacks
}

func (b *sessionHandBatch) rows() int { return b.n }

func (b *sessionHandBatch) reset() { b.n = 0; b.slab.reset() }

type sessionHandsEncoder struct {
	w *parquet.GenericWriter[SessionHandRow]
}

func (e sessionHandsEncoder) encode(b *sessionHandBatch) error {
	_, err := e.w.Write(b.list[:b.n])
	return err
}

func (e sessionHandsEncoder) Close() error { return e.w.Close() }

// SessionHandsWriter writes the session-hands table into a folder: under
// a hidden name while open, renamed when closed, as the other writers do;
// encoded by a goroutine of its own (parquetTable).
type SessionHandsWriter struct {
	t    *parquetTable[*sessionHandBatch]
	rows int64
}

// OpenSessionHands opens the session-hands table in dir for the run info.
func OpenSessionHands(dir string, info RunInfo) (*SessionHandsWriter, error) {
	t, err := openParquetTable(dir, SessionHandsName, info.Digests, newSessionHandBatch,
		func(w io.Writer) (batchEncoder[*sessionHandBatch], error) {
			return sessionHandsEncoder{parquet.NewGenericWriter[SessionHandRow](w, parquetOptions(info.normalized())...)}, nil
		})
	if err != nil {
		return nil, err
	}
	return &SessionHandsWriter{t: t}, nil
}

func newSessionHandBatch() *sessionHandBatch {
	return &sessionHandBatch{list: make([]SessionHandRow, parquetBatchRows)}
}

// Write appends the record of a hand read from input in format.
func (s *SessionHandsWriter) Write(input, format string, h *checks.SessionHand) (err error) {
	defer recoverInto(&err, "parquet")
	b := s.t.cur
	sessionHandOf(&b.list[b.n], input, format, h, &b.slab)
	b.n++
	s.rows++
	return s.t.added()
}

// Rows is the number of hands written.
func (s *SessionHandsWriter) Rows() int64 { return s.rows }

// Close finishes the file and gives it its name.
func (s *SessionHandsWriter) Close() error {
	if err := s.t.close(); err != nil {
		_ = s.t.abort()
		return err
	}
	return nil
}

// Abort drops the file.
func (s *SessionHandsWriter) Abort() { _ = s.t.abort() }
