package reports

import (
	"fmt"
	"time"

	"github.com/parquet-go/parquet-go"
)

// SessionRow is one row of sessions.parquet: one table session, the hands
// of a table that follow each other (see checks.SessionRun and
// docs/sessions.md). Documented in docs/schema.md.
type SessionRow struct {
	Site             string    `parquet:"site,optional,dict"`
	Tournament       string    `parquet:"tournament,optional,dict"`
	Table            string    `parquet:"table,dict"`
	FirstHandID      string    `parquet:"first_hand_id,optional"`
	LastHandID       string    `parquet:"last_hand_id,optional"`
	File             string    `parquet:"file,dict"`
	Line             int64     `parquet:"line"`
	LastFile         string    `parquet:"last_file,dict"`
	LastLine         int64     `parquet:"last_line"`
	StartedAt        time.Time `parquet:"started_at,optional,timestamp(microsecond)"`
	EndedAt          time.Time `parquet:"ended_at,optional,timestamp(microsecond)"`
	Hands            int64     `parquet:"hands"`
	Players          []string  `parquet:"players,list"`
	PlayersTruncated bool      `parquet:"players_truncated"`
	Findings         int64     `parquet:"findings"`
	Currency         string    `parquet:"currency,optional,dict"`
	Scale            int64     `parquet:"scale"`
}

// SessionsName is the file name of the sessions table.
const SessionsName = "sessions.parquet"

// SessionsWriter writes sessions.parquet into a folder: under a hidden
// name while open, renamed when closed, as the other writers do.
type SessionsWriter struct {
	f    *atomicFile
	w    *parquet.GenericWriter[SessionRow]
	rows int64
}

// OpenSessions opens sessions.parquet in dir for the run info.
func OpenSessions(dir string, info RunInfo) (*SessionsWriter, error) {
	f, err := createAtomic(dir, SessionsName, info.Digests)
	if err != nil {
		return nil, err
	}
	return &SessionsWriter{f: f, w: parquet.NewGenericWriter[SessionRow](f, parquetOptions(info.normalized())...)}, nil
}

// Write appends one session.
func (s *SessionsWriter) Write(r *SessionRow) error {
	s.rows++
	_, err := s.w.Write([]SessionRow{*r})
	return err
}

// Rows is the number of sessions written.
func (s *SessionsWriter) Rows() int64 { return s.rows }

// Close finishes the file and gives it its name.
func (s *SessionsWriter) Close() error {
	if err := s.w.Close(); err != nil {
		s.f.abort()
		return fmt.Errorf("sessions.parquet: %w", err)
	}
	return s.f.commit()
}

// Abort drops the file.
func (s *SessionsWriter) Abort() { s.f.abort() }
