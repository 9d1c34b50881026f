package reports

import (
	"fmt"

	"github.com/parquet-go/parquet-go"

	"github.com/handaudit/handaudit/checks"
)

// MergedTables writes an `audit merge`'s findings.parquet, hands.parquet
// and settlements.parquet: the shards' rows as they wrote them, but for
// the hands whose findings the merge changed (the table sessions, judged
// across the shards), whose rows it makes again. The rows are read back
// from the shards' tables, so parquet-go's generic writer writes them (the
// column writer of hands.parquet takes hands, not rows; it writes the same
// bytes as the generic writer, TestParquetHandsSameBytes).
type MergedTables struct {
	files       [3]*atomicFile
	hands       *parquet.GenericWriter[HandRow]
	findings    *parquet.GenericWriter[FindingRow]
	settlements *parquet.GenericWriter[SettlementRow]
	mem         rowMem
	frs         []FindingRow
	settled     int64
}

// OpenMergedTables opens the three tables in dir for the run info.
func OpenMergedTables(dir string, info RunInfo) (*MergedTables, error) {
	t := &MergedTables{}
	opts := parquetOptions(info.normalized())
	for i, name := range []string{"findings.parquet", "hands.parquet", "settlements.parquet"} {
		f, err := createAtomic(dir, name, info.Digests)
		if err != nil {
			t.Abort()
			return nil, err
		}
		t.files[i] = f
	}
	t.findings = parquet.NewGenericWriter[FindingRow](t.files[0], opts...)
	t.hands = parquet.NewGenericWriter[HandRow](t.files[1], opts...)
	t.settlements = parquet.NewGenericWriter[SettlementRow](t.files[2], opts...)
	return t, nil
}

// WriteHand writes a hand's row and its findings' rows as a shard wrote
// them (frs), or, changed, made again from r's findings.
func (t *MergedTables) WriteHand(row HandRow, frs []FindingRow, r *HandResult, changed bool) error {
	if changed {
		t.mem.reset()
		t.frs = t.frs[:0]
		var counts severityCounts
		for i := range r.Findings {
			t.frs = append(t.frs, findingRow(&r.Findings[i], r, &t.mem))
			counts.add(r.Findings[i].Severity)
		}
		frs = t.frs
		row.Findings, row.FindingsError = int64(len(r.Findings)), counts[checks.Error]
		row.FindingsWarning, row.FindingsInfo = counts[checks.Warning], counts[checks.Info]
		row.Status = r.status()
	}
	if _, err := t.hands.Write([]HandRow{row}); err != nil {
		return err
	}
	if len(frs) > 0 {
		if _, err := t.findings.Write(frs); err != nil {
			return err
		}
	}
	return nil
}

// WriteSettlements writes settlement rows as a shard wrote them.
func (t *MergedTables) WriteSettlements(rows []SettlementRow) error {
	t.settled += int64(len(rows))
	_, err := t.settlements.Write(rows)
	return err
}

// Settlements is how many settlement rows were written.
func (t *MergedTables) Settlements() int64 { return t.settled }

// Close finishes the files and gives them their names.
func (t *MergedTables) Close() error {
	for i, w := range []interface{ Close() error }{t.findings, t.hands, t.settlements} {
		if err := w.Close(); err != nil {
			t.Abort()
			return fmt.Errorf("merged tables: %w", err)
		}
		if err := t.files[i].commit(); err != nil {
			t.Abort()
			return err
		}
		t.files[i] = nil
	}
	return nil
}

// Abort drops the files.
func (t *MergedTables) Abort() {
	for i, f := range t.files {
		if f != nil {
			f.abort()
			t.files[i] = nil
		}
	}
}
