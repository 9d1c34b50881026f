package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"testing"

	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/reports"
)

// TestSettlementsMatchExplain: settlements.parquet has a row for every
// player the dispute analyzer finds owed or overpaid in each flagged hand
// of the fixtures, with the amount it finds (difference = -owed), and no
// other; per hand, DuckDB sums the differences to the hand's discrepancy,
// what the record paid out less what the rules pay out.
func TestSettlementsMatchExplain(t *testing.T) {
	chdirRoot(t)
	out := filepath.Join(t.TempDir(), "out")
	var stdout, stderr bytes.Buffer
	if code := realMain([]string{"run", "fixtures", "--out", out, "--format", "parquet", "--progress", "never"}, &stdout, &stderr); code != exitFindings {
		t.Fatalf("exit %d\n%s", code, stderr.String())
	}
	hands, err := parquet.ReadFile[reports.HandRow](filepath.Join(out, "hands.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	rows, err := parquet.ReadFile[reports.SettlementRow](filepath.Join(out, "settlements.parquet"))
	if err != nil {
		t.Fatal(err)
	}
	type key struct {
		file string
		line int64
		seat int64
	}
	got := map[key]reports.SettlementRow{}
	for _, r := range rows {
		got[key{r.File, r.Line, r.Seat}] = r
	}
	matched := 0
	for _, h := range hands {
		if h.Status != reports.StatusFindings {
			continue
		}
		var doc struct {
			Hand struct {
				Seats []struct {
					Seat   int64  `json:"number"`
					Player string `json:"player"`
				} `json:"seats"`
			} `json:"hand"`
			Settlement struct {
				Basis string `json:"basis"`
				Seats []struct {
					Player int   `json:"player"`
					Owed   int64 `json:"owed"`
				} `json:"seats"`
			} `json:"settlement"`
		}
		var eout, eerr bytes.Buffer
		realMain([]string{"explain", h.File, "--line", fmt.Sprint(h.Line), "--format", "json"}, &eout, &eerr)
		if err := json.Unmarshal(eout.Bytes(), &doc); err != nil {
			t.Fatalf("explain %s:%d: %v\n%s", h.File, h.Line, err, eerr.String())
		}
		for _, s := range doc.Settlement.Seats {
			seat := doc.Hand.Seats[s.Player].Seat
			r, ok := got[key{h.File, h.Line, seat}]
			delete(got, key{h.File, h.Line, seat})
			switch {
			case s.Owed == 0 && ok:
				t.Errorf("%s:%d seat %d: a settlement row (difference %d), explain finds nothing owed", h.File, h.Line, seat, r.Difference)
			case s.Owed != 0 && !ok:
				t.Errorf("%s:%d seat %d: explain finds %d owed, no settlement row", h.File, h.Line, seat, s.Owed)
			case ok && (r.Difference != -s.Owed || r.Basis != doc.Settlement.Basis || r.Recorded-r.Due != r.Difference):
				t.Errorf("%s:%d seat %d: row %+v, explain: owed %d on %s", h.File, h.Line, seat, r, s.Owed, doc.Settlement.Basis)
			case ok:
				matched++
			}
		}
	}
	for k, r := range got {
		t.Errorf("a settlement row for no flagged hand: %v %+v", k, r)
	}
	if matched < 10 {
		t.Errorf("only %d settlement rows matched: the fixtures should have more", matched)
	}

	// Per hand, the differences sum to what the record paid out less
	// what the rules pay; at least one hand moved money between players.
	sums := testenv.DuckDBQuery(t, fmt.Sprintf(`SELECT count(*) AS hands,
		count(*) FILTER (WHERE diff <> paid - due) AS wrong,
		count(*) FILTER (WHERE over AND under) AS moved
		FROM (SELECT file, line, sum(difference) AS diff, sum(recorded) AS paid, sum(due) AS due,
			bool_or(difference > 0) AS over, bool_or(difference < 0) AS under
			FROM read_parquet('%s') GROUP BY file, line)`, filepath.ToSlash(filepath.Join(out, "settlements.parquet"))))
	if len(sums) != 1 || sums[0]["wrong"] != "0" || sums[0]["moved"] == "0" {
		t.Errorf("per hand: %v", sums)
	}
}
