package reports

import (
	"time"

	"github.com/handaudit/handaudit/checks"
)

// SettlementRow is one row of settlements.parquet (docs/schema.md): a
// player whom the record paid other than the rules pay, in a hand replayed
// to its end. A finding names one player; a misawarded pot moves money
// between several, and each has a row here. A hand's differences add up
// to its discrepancy: what the record paid out less what the rules pay.
type SettlementRow struct {
	HandID     string    `parquet:"hand_id,optional"`
	File       string    `parquet:"file,optional,dict"`
	Line       int64     `parquet:"line,optional"`
	StartedAt  time.Time `parquet:"started_at,optional,timestamp(microsecond)"`
	Table      string    `parquet:"table,optional,dict"`
	Seat       int64     `parquet:"seat,optional"`
	Player     string    `parquet:"player,optional,dict"`
	Basis      string    `parquet:"basis,dict"`
	Recorded   int64     `parquet:"recorded"`
	Due        int64     `parquet:"due"`
	Difference int64     `parquet:"difference"`
	Currency   string    `parquet:"currency,optional,dict"`
	Scale      int64     `parquet:"scale"`
}

// settler finds the players a hand's record paid other than the rules pay.
type settler struct {
	seats []checks.SeatSettlement // reused across hands
}

// settle calls fn with a row for every seat of r whose record and rules
// differ. Most hands are settled right, and cost a pass over their
// actions and awards.
func (s *settler) settle(r *HandResult, fn func(SettlementRow) error) error {
	h := r.Hand
	basis, seats := checks.Settle(h, r.Trace, s.seats)
	s.seats = seats
	for _, st := range seats {
		d := st.Difference()
		if d == 0 {
			continue
		}
		file, line := r.File, r.Line
		if file == "" {
			file = h.Pos.File
		}
		if line == 0 {
			line = h.Pos.Line
		}
		row := SettlementRow{
			HandID: text(h.ID), File: text(file), Line: int64(line), StartedAt: utc(h.Start), Table: text(h.Table),
			Seat: int64(h.Seats[st.Seat].Number), Player: text(h.Seats[st.Seat].Player), Basis: basis,
			Recorded: int64(st.Recorded), Due: int64(st.Due), Difference: int64(d),
			Currency: text(h.Currency), Scale: h.Scale,
		}
		if err := fn(row); err != nil {
			return err
		}
	}
	return nil
}
