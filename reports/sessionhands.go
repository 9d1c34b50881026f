package reports

import (
	"fmt"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// SessionHandRow is one row of a shard's session-hands table: the compact
// record the session checks read of one hand (checks.SessionHand), so
// that `audit merge` can judge the tables of a sharded run whole. One row
// a hand that names a table, in the shard's input order. The seats are
// parallel lists (repeated columns), one element a seat in the record's
// order. Documented in docs/schema.md; written by sessionHandsEncoder.
type SessionHandRow struct {
	Input      string    `parquet:"input"` // the input the hand was read from, as the run names it
	File       string    `parquet:"file"`
	Line       int64     `parquet:"line"`
	Format     string    `parquet:"format"`
	Site       string    `parquet:"site"`
	Tournament string    `parquet:"tournament"`
	Table      string    `parquet:"table"`
	HandID     string    `parquet:"hand_id"`
	StartedAt  time.Time `parquet:"started_at,optional,timestamp(microsecond)"`
	Currency   string    `parquet:"currency"`
	Scale      int64     `parquet:"scale"`
	Button     int64     `parquet:"button"`
	BigBlind   int64     `parquet:"big_blind_seat"`
	Digest     int64     `parquet:"digest"`
	// UnstatedRake is checks.SessionHand.UnstatedRake, in minor units.
	UnstatedRake int64    `parquet:"unstated_rake"`
	Seat         []int64  `parquet:"seat"`
	Player       []string `parquet:"player"`
	Start        []int64  `parquet:"start_stack"`
	Finish       []int64  `parquet:"finish_stack"` // 0 where the flags say it is unknown
	Flags        []int64  `parquet:"seat_flags"`   // SeatHasFinish | SeatSittingOut | SeatPostedBig
}

// The bits of SessionHandRow.Flags.
const (
	SeatHasFinish  = 1 // the record leaves the seat a finishing stack
	SeatSittingOut = 2 // sitting out, not dealt in
	SeatPostedBig  = 4 // posted a big blind (in turn or not) or the missed blinds
)

// SessionHandsName is the file name of the session-hands table.
const SessionHandsName = "session-hands.parquet"

// SessionHandOf is the row of s, a hand read from input in format.
// Text is made valid UTF-8, as in the other tables; the row's lists'
// memory is reused.
func SessionHandOf(row *SessionHandRow, input, format string, s *checks.SessionHand) {
	*row = SessionHandRow{Input: text(input), File: text(s.File), Line: int64(s.Line), Format: text(format),
		Site: text(s.Key.Site), Tournament: text(s.Key.Tournament), Table: text(s.Table), HandID: text(s.ID),
		StartedAt: utc(s.Start), Currency: text(s.Currency), Scale: s.Scale, Button: int64(s.Button),
		BigBlind: int64(s.BigBlind), Digest: int64(s.Digest()), UnstatedRake: int64(s.UnstatedRake),
		Seat: row.Seat[:0], Player: row.Player[:0], Start: row.Start[:0], Finish: row.Finish[:0], Flags: row.Flags[:0]}
	for i := range s.Seats {
		st := &s.Seats[i]
		flags, finish := seatColumns(st)
		row.Seat = append(row.Seat, int64(st.Number))
		row.Player = append(row.Player, text(st.Player))
		row.Start = append(row.Start, int64(st.Start))
		row.Finish = append(row.Finish, finish)
		row.Flags = append(row.Flags, flags)
	}
}

// seatColumns are the seat_flags and finish_stack of seat st (finish 0
// where the record leaves it unknown).
func seatColumns(st *checks.SessionSeat) (flags, finish int64) {
	if st.HasFinish {
		flags, finish = SeatHasFinish, int64(st.Finish)
	}
	if st.SittingOut {
		flags |= SeatSittingOut
	}
	if st.PostedBig {
		flags |= SeatPostedBig
	}
	return flags, finish
}

// Session is the record the row holds, the one SessionHandOf was given.
func (row *SessionHandRow) Session() *checks.SessionHand {
	s := &checks.SessionHand{Key: checks.TableKey{Site: row.Site, Tournament: row.Tournament, Table: row.Table},
		ID: row.HandID, Table: row.Table, Start: row.StartedAt, File: row.File, Line: int(row.Line),
		Tournament: row.Tournament != "", Currency: row.Currency, Scale: row.Scale, Button: int(row.Button),
		BigBlind: int(row.BigBlind), StoredDigest: uint64(row.Digest), UnstatedRake: hand.Amount(row.UnstatedRake), Seats: make([]checks.SessionSeat, len(row.Seat))}
	if !s.Start.IsZero() {
		s.Start = s.Start.UTC()
	}
	for i := range s.Seats {
		if i >= len(row.Player) || i >= len(row.Start) || i >= len(row.Finish) || i >= len(row.Flags) {
			break // a row not written by this writer: its seats stop at the shortest list
		}
		f := row.Flags[i]
		s.Seats[i] = checks.SessionSeat{Number: int(row.Seat[i]), Player: row.Player[i], Start: hand.Amount(row.Start[i]),
			SittingOut: f&SeatSittingOut != 0, PostedBig: f&SeatPostedBig != 0}
		if f&SeatHasFinish != 0 {
			s.Seats[i].Finish, s.Seats[i].HasFinish = hand.Amount(row.Finish[i]), true
		}
	}
	return s
}

// SessionHandsWriter writes the session-hands table into a folder: under
// a hidden name while open, renamed when closed, as the other writers do.
// Each record goes straight into the encoder's columns (no row is made),
// on the caller's goroutine.
type SessionHandsWriter struct {
	f    *atomicFile
	enc  *sessionHandsEncoder
	rows int64
}

// OpenSessionHands opens the session-hands table in dir for the run info.
func OpenSessionHands(dir string, info RunInfo) (*SessionHandsWriter, error) {
	f, err := createAtomic(dir, SessionHandsName, info.Digests)
	if err != nil {
		return nil, err
	}
	enc, err := newSessionHandsEncoder(f, info)
	if err != nil {
		_ = f.abort()
		return nil, err
	}
	return &SessionHandsWriter{f: f, enc: enc}, nil
}

// Write appends the record of a hand read from input in format.
func (s *SessionHandsWriter) Write(input, format string, h *checks.SessionHand) (err error) {
	defer recoverInto(&err, "parquet")
	s.rows++
	return s.enc.addHand(input, format, h)
}

// Rows is the number of hands written.
func (s *SessionHandsWriter) Rows() int64 { return s.rows }

// Close finishes the file and gives it its name.
func (s *SessionHandsWriter) Close() (err error) {
	defer recoverInto(&err, "parquet")
	if err := s.enc.Close(); err != nil {
		_ = s.f.abort()
		return fmt.Errorf("reports: %s: %w", SessionHandsName, err)
	}
	return s.f.commit()
}

// Abort drops the file.
func (s *SessionHandsWriter) Abort() { _ = s.f.abort() }
