package checks

import (
	"testing"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// TestSessionTablesApart: the hands of two tables, interleaved, are each
// judged against their own table's last hand.
func TestSessionTablesApart(t *testing.T) {
	rs := replay.Default()
	ss := NewSessions(All())
	mk := func(table, id string, minute int, stack hand.Amount) *SessionHand {
		s := &SessionHand{Key: TableKey{Site: "S", Table: table}, ID: id, Table: table, File: "f", Line: minute,
			Start: time.Date(2024, 1, 1, 0, minute, 0, 0, time.UTC), Scale: 100,
			Seats: []SessionSeat{{Number: 1, Player: "A", Start: 100, Finish: 100, HasFinish: true},
				{Number: 2, Player: "B", Start: stack, Finish: stack, HasFinish: true}}}
		return s
	}
	ss.Add(mk("T1", "1", 1, 100), &rs)
	ss.Add(mk("T2", "2", 2, 50), &rs) // another table: B's 50 is no discontinuity of T1's B
	if fs := ss.Add(mk("T1", "3", 3, 100), &rs); len(fs) != 0 {
		t.Errorf("T1 judged against T2: %v", fs)
	}
	if fs := ss.Add(mk("T2", "4", 4, 40), &rs); len(fs) != 1 || fs[0].CheckID != "session.stack-discontinuity" {
		t.Errorf("T2's own link: %v", fs)
	}
	if len(ss.tables) != 2 {
		t.Errorf("tables %d, want 2", len(ss.tables))
	}
}
