package reports

import (
	"fmt"
	"path/filepath"
	"testing"
	"time"

	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
)

func testSessionHand(i int) *checks.SessionHand {
	s := &checks.SessionHand{Key: checks.TableKey{Site: "PokerStars", Table: fmt.Sprintf("T%d", i%50)}, ID: fmt.Sprint(100000 + i),
		Table: fmt.Sprintf("T%d", i%50), Start: time.Unix(1700000000+int64(i)*60, 0).UTC(), File: "f.txt", Line: i*40 + 1,
		Currency: "USD", Scale: 100, Button: i%6 + 1, BigBlind: (i+2)%6 + 1, StoredDigest: uint64(i)*0x9e3779b97f4a7c15 + 1, UnstatedRake: hand.Amount(i % 3)}
	for k := range 6 {
		s.Seats = append(s.Seats, checks.SessionSeat{Number: k + 1, Player: fmt.Sprintf("player%d", k+i%7), Start: 10000,
			Finish: hand0(k), HasFinish: true, SittingOut: k == 5, PostedBig: k == 2})
	}
	s.Seats[3].Finish, s.Seats[3].HasFinish = 0, false // the record leaves it unknown
	if i%97 == 5 {
		s.Seats, s.Start, s.ID = nil, time.Time{}, "" // no seats, no time: empty list, nulls
	}
	return s
}

func hand0(k int) hand.Amount { return hand.Amount(9000 - 1000*k) }

// BenchmarkSessionHands: the cost a hand of a shard's session-hands table.
func BenchmarkSessionHands(b *testing.B) {
	recs := make([]*checks.SessionHand, 1000)
	for i := range recs {
		recs[i] = testSessionHand(i)
	}
	w, err := OpenSessionHands(b.TempDir(), RunInfo{})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if err := w.Write("f.txt", "pokerstars", recs[i%len(recs)]); err != nil {
			b.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		b.Fatal(err)
	}
}

// TestSessionHandsRoundTrip: the records written read back as they were,
// over more than one batch, with a seat whose finish is unknown (null).
func TestSessionHandsRoundTrip(t *testing.T) {
	dir := t.TempDir()
	w, err := OpenSessionHands(dir, RunInfo{})
	if err != nil {
		t.Fatal(err)
	}
	n := parquetBatchRows + 17
	for i := range n {
		if err := w.Write(fmt.Sprintf("in-%d.txt", i/100), "pokerstars", testSessionHand(i)); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	rows, err := parquet.ReadFile[SessionHandRow](dir + "/" + SessionHandsName)
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != n || w.Rows() != int64(n) {
		t.Fatalf("%d rows read, %d written, want %d", len(rows), w.Rows(), n)
	}
	for i := range rows {
		got, want := rows[i].Session(), testSessionHand(i)
		if len(want.Seats) == 0 {
			got.Seats = nil // read back as an empty list
		}
		if rows[i].Input != fmt.Sprintf("in-%d.txt", i/100) || rows[i].Format != "pokerstars" ||
			fmt.Sprintf("%+v", *got) != fmt.Sprintf("%+v", *want) {
			t.Fatalf("row %d:\n got %+v\nwant %+v", i, *got, *want)
		}
	}
}

// TestSessionHandsDuckDB: DuckDB reads the table the column writer makes
// (two row groups, dictionaries, lists with an empty one, a null time):
// the counts, the lists' lengths, and one row's values.
func TestSessionHandsDuckDB(t *testing.T) {
	dir := t.TempDir()
	w, err := OpenSessionHands(dir, RunInfo{})
	if err != nil {
		t.Fatal(err)
	}
	n := sessionRowGroupRows + 100
	seats, timed := 0, 0
	for i := range n {
		s := testSessionHand(i)
		seats += len(s.Seats)
		if !s.Start.IsZero() {
			timed++
		}
		if err := w.Write(fmt.Sprintf("in-%d.txt", i/1000), "pokerstars", s); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, SessionHandsName)
	got := testenv.DuckDBQuery(t, fmt.Sprintf(`SELECT count(*) AS n, sum(len(seat)) AS seats, count(started_at) AS timed,
		count(*) FILTER (len(seat) = len(player) AND len(player) = len(start_stack) AND len(start_stack) = len(finish_stack) AND len(finish_stack) = len(seat_flags)) AS aligned
		FROM '%s'`, path))
	want := fmt.Sprintf("[map[aligned:%d n:%d seats:%d timed:%d]]", n, n, seats, timed)
	if fmt.Sprint(got) != want {
		t.Errorf("duckdb: %v, want %s", got, want)
	}
	row := testenv.DuckDBQuery(t, fmt.Sprintf(`SELECT input, line, hand_id, "table", epoch(started_at)::BIGINT AS t, button, big_blind_seat,
		player[4] AS p4, finish_stack[4] AS f4, seat_flags[4] AS g4, seat_flags[6] AS g6 FROM '%s' WHERE line = %d`, path, 8201*40+1))
	s := testSessionHand(8201)
	want = fmt.Sprintf("[map[big_blind_seat:%d button:%d f4:0 g4:0 g6:%d hand_id:%s input:in-8.txt line:%d p4:%s t:%d table:%s]]",
		s.BigBlind, s.Button, SeatHasFinish|SeatSittingOut, s.ID, s.Line, s.Seats[3].Player, s.Start.Unix(), s.Table)
	if fmt.Sprint(row) != want {
		t.Errorf("duckdb row: %v\nwant %s", row, want)
	}
}
