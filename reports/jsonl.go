package reports

import (
	"fmt"

	"github.com/handaudit/handaudit/checks"
)

// JSONLWriter writes findings.jsonl with the checks package's encoder
// (checks.WriteJSONL): one JSON object per finding, one per line, with the
// columns of findings.parquet. Fields a finding leaves empty are filled
// from its hand first, as in the Parquet table.
type JSONLWriter struct {
	f *atomicFile
}

// NewJSONL returns a writer for findings.jsonl.
func NewJSONL() *JSONLWriter { return &JSONLWriter{} }

// Open creates the temporary file in dir.
func (w *JSONLWriter) Open(dir string, info RunInfo) error {
	f, err := createAtomic(dir, "findings.jsonl", info.Digests)
	if err != nil {
		return err
	}
	w.f = f
	return nil
}

// WriteHand writes one line per finding.
func (w *JSONLWriter) WriteHand(r *HandResult) error {
	if w.f == nil {
		return fmt.Errorf("reports: jsonl writer not open")
	}
	for i := range r.Findings {
		g := filled(&r.Findings[i], r)
		if err := checks.WriteJSONL(w.f, &g); err != nil {
			return fmt.Errorf("reports: findings.jsonl: %w", err)
		}
	}
	return nil
}

// Close renames the file into place.
func (w *JSONLWriter) Close() error {
	if w.f == nil {
		return nil
	}
	return w.f.commit()
}

// Abort removes the temporary file.
func (w *JSONLWriter) Abort() error { return w.f.abort() }
