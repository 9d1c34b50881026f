package reports

import (
	"bufio"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/url"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/checks"
)

// sarifSchema is the URI of the SARIF 2.1.0 schema recorded in the log.
const sarifSchema = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// DefaultSARIFMaxResults is the most results a SARIF log holds: GitHub code
// scanning rejects a run with more than 25,000 results.
const DefaultSARIFMaxResults = 25000

// SARIFWriter writes results.sarif (SARIF 2.1.0): one result per finding,
// located at the hand's file and line, with rule IDs the check IDs and the
// rules, with their help text, from the catalog.
//
// Results are spooled by severity to temporary files and written most
// severe first, up to MaxResults; the log says how many were left out (all
// are in findings.parquet). Memory stays bounded whatever the run's size.
type SARIFWriter struct {
	// MaxResults caps the results written (0: DefaultSARIFMaxResults).
	MaxResults int

	info      RunInfo
	f         *atomicFile
	spools    [3]*tempSpool // results by severity, one JSON object per line
	counts    severityCounts
	ruleIdx   map[string]int
	extra     []string // check IDs seen that the catalog lacks, in first-seen order
	extraRule map[string]string
	jw        jsonWriter
	slab      rowMem
}

// NewSARIF returns a writer for results.sarif.
func NewSARIF() *SARIFWriter { return &SARIFWriter{} }

// Open starts results.sarif in dir.
func (w *SARIFWriter) Open(dir string, info RunInfo) (err error) {
	w.info = info.normalized()
	w.ruleIdx = make(map[string]int)
	w.extraRule = make(map[string]string)
	for i, c := range w.info.Checks {
		if _, dup := w.ruleIdx[c.ID]; !dup {
			w.ruleIdx[c.ID] = i
		}
	}
	if w.MaxResults <= 0 {
		w.MaxResults = DefaultSARIFMaxResults
	}
	if w.f, err = createAtomic(dir, "results.sarif", info.Digests); err != nil {
		return err
	}
	for i := range w.spools {
		if w.spools[i], err = createSpool(dir, "results.sarif"); err != nil {
			_ = w.Abort()
			return err
		}
	}
	return nil
}

func sarifLevel(s checks.Severity) string {
	switch s {
	case checks.Error:
		return "error"
	case checks.Warning:
		return "warning"
	}
	return "note"
}

// sarifURI turns a file path as given into a URI reference: relative paths
// stay relative (code scanning resolves them against the checkout),
// absolute paths become file URIs.
func sarifURI(path string) string {
	p := filepath.ToSlash(path)
	if filepath.IsAbs(path) || strings.HasPrefix(p, "/") {
		if !strings.HasPrefix(p, "/") {
			p = "/" + p // a Windows drive path
		}
		return "file://" + (&url.URL{Path: p}).EscapedPath()
	}
	u := (&url.URL{Path: p}).EscapedPath()
	if i := strings.IndexByte(u, ':'); i >= 0 && !strings.Contains(u[:i], "/") {
		u = "./" + u // a colon in the first segment would read as a scheme
	}
	return u
}

// WriteHand writes one result per finding.
func (w *SARIFWriter) WriteHand(r *HandResult) error {
	if w.f == nil {
		return fmt.Errorf("reports: sarif writer not open")
	}
	for i := range r.Findings {
		f := &r.Findings[i]
		idx, ok := w.ruleIdx[f.CheckID]
		if !ok {
			idx = len(w.info.Checks) + len(w.extra)
			w.ruleIdx[f.CheckID] = idx
			w.extra = append(w.extra, f.CheckID)
			w.extraRule[f.CheckID] = f.Rule
		}
		w.slab.reset()
		row := findingRow(f, r, &w.slab)
		jw := &w.jw
		jw.reset()
		jw.beginObject()
		jw.kstr("ruleId", row.CheckID)
		jw.kint("ruleIndex", int64(idx))
		jw.kstr("level", sarifLevel(f.Severity))
		jw.key("message")
		jw.beginObject()
		msg := row.Message
		if msg == "" {
			msg = row.CheckID
		}
		jw.kstr("text", msg)
		jw.endObject()
		file := row.File
		line := row.Line
		if file != "" {
			jw.key("locations")
			jw.beginArray()
			jw.beginObject()
			jw.key("physicalLocation")
			jw.beginObject()
			jw.key("artifactLocation")
			jw.beginObject()
			jw.kstr("uri", sarifURI(file))
			jw.endObject()
			if line > 0 {
				jw.key("region")
				jw.beginObject()
				jw.kint("startLine", line)
				jw.endObject()
			}
			jw.endObject()
			if row.HandID != "" {
				jw.key("logicalLocations")
				jw.beginArray()
				jw.beginObject()
				jw.kstr("name", row.HandID)
				jw.kstr("kind", "hand")
				jw.endObject()
				jw.endArray()
			}
			jw.endObject()
			jw.endArray()
		}
		// A stable identity for the finding across runs, so that code
		// scanning tracks it rather than opening a new alert each time.
		sum := sha256.Sum256([]byte(row.CheckID + "\x00" + row.HandID + "\x00" + row.File + "\x00" +
			strconv.Itoa(f.ActionIndex) + "\x00" + row.Player + "\x00" + row.Message))
		jw.key("partialFingerprints")
		jw.beginObject()
		jw.kstr("handaudit/v1", hex.EncodeToString(sum[:16]))
		jw.endObject()
		jw.key("properties")
		jw.beginObject()
		jw.kstrOmit("rule", row.Rule)
		jw.kstrOmit("handId", row.HandID)
		jw.kstrOmit("table", row.Table)
		if !row.StartedAt.IsZero() {
			jw.kstr("startedAt", row.StartedAt.Format("2006-01-02T15:04:05.999999Z07:00"))
		}
		jw.kstrOmit("street", row.Street)
		if row.ActionIndex != nil {
			jw.kint("actionIndex", *row.ActionIndex)
		}
		if row.Seat != 0 {
			jw.kint("seat", row.Seat)
		}
		jw.kstrOmit("player", row.Player)
		if row.Expected != nil {
			jw.kint("expected", *row.Expected)
		}
		if row.Recorded != nil {
			jw.kint("recorded", *row.Recorded)
		}
		jw.kstrOmit("currency", row.Currency)
		if row.Scale != 0 {
			jw.kint("scale", row.Scale)
		}
		jw.endObject()
		jw.endObject()
		jw.b = append(jw.b, '\n')
		sev := min(int(f.Severity), len(w.spools)-1)
		w.counts[sev]++
		if _, err := w.spools[sev].Write(jw.b); err != nil {
			return err
		}
	}
	return nil
}

// writeResults copies the spooled results, most severe first, up to
// MaxResults, and returns how many it left out.
func (w *SARIFWriter) writeResults() (omitted int64, err error) {
	if _, err := w.f.WriteString(`{"$schema":"` + sarifSchema + `","version":"2.1.0","runs":[{"results":[`); err != nil {
		return 0, err
	}
	written := 0
	for sev := len(w.spools) - 1; sev >= 0; sev-- {
		sp := w.spools[sev]
		if err := sp.w.Flush(); err != nil {
			return 0, err
		}
		if _, err := sp.f.Seek(0, io.SeekStart); err != nil {
			return 0, err
		}
		r := bufio.NewReaderSize(sp.f, 64<<10)
		for n := int64(0); n < w.counts[sev]; n++ {
			line, err := r.ReadSlice('\n')
			for errors.Is(err, bufio.ErrBufferFull) {
				var more []byte
				more, err = r.ReadSlice('\n')
				line = append(append([]byte(nil), line...), more...)
			}
			if err != nil {
				return 0, err
			}
			if written == w.MaxResults {
				omitted += w.counts[sev] - n
				break
			}
			if written > 0 {
				if _, err := w.f.WriteString(","); err != nil {
					return 0, err
				}
			}
			if _, err := w.f.Write(line[:len(line)-1]); err != nil {
				return 0, err
			}
			written++
		}
	}
	return omitted, nil
}

// Close writes the tool with its rules and renames the file into place.
func (w *SARIFWriter) Close() (err error) {
	if w.f == nil {
		return nil
	}
	defer func() {
		if err != nil {
			_ = w.Abort()
		}
	}()
	omitted, err := w.writeResults()
	if err != nil {
		return err
	}
	zh := w.info.Lang == "zh"
	jw := &w.jw
	jw.reset()
	jw.b = append(jw.b, "],"...)
	jw.enter() // in the run object, which writeResults opened
	jw.key("tool")
	jw.beginObject()
	jw.key("driver")
	jw.beginObject()
	jw.kstr("name", "handaudit")
	jw.kstr("version", w.info.ToolVersion)
	jw.kstr("informationUri", "https://github.com/handaudit/handaudit")
	jw.key("rules")
	jw.beginArray()
	for _, c := range w.info.Checks {
		quote := c.RuleText
		if zh && c.RuleTextZH != "" {
			quote = c.RuleTextZH
		}
		writeSARIFRule(jw, c.ID, c.Title, c.Rule, quote, c.Severity, true)
	}
	for _, id := range w.extra {
		writeSARIFRule(jw, id, id, w.extraRule[id], "", checks.Warning, false)
	}
	jw.endArray()
	jw.endObject()
	jw.endObject()
	jw.key("invocations")
	jw.beginArray()
	jw.beginObject()
	jw.kbool("executionSuccessful", true)
	if !w.info.Started.IsZero() {
		jw.kstr("startTimeUtc", w.info.Started.UTC().Format("2006-01-02T15:04:05Z"))
	}
	if omitted > 0 {
		jw.key("toolExecutionNotifications")
		jw.beginArray()
		jw.beginObject()
		jw.kstr("level", "warning")
		jw.key("message")
		jw.beginObject()
		jw.kstr("text", fmt.Sprintf("%d findings beyond the limit of %d results are not in this log; findings.parquet has them all", omitted, w.MaxResults))
		jw.endObject()
		jw.endObject()
		jw.endArray()
	}
	jw.endObject()
	jw.endArray()
	if w.info.RunID != "" {
		jw.key("automationDetails")
		jw.beginObject()
		jw.kstr("id", "handaudit/"+w.info.RunID)
		jw.endObject()
	}
	if zh {
		jw.kstr("language", "zh-CN")
	} else {
		jw.kstr("language", "en-US")
	}
	jw.key("properties")
	jw.beginObject()
	for _, kv := range w.info.metadata() {
		jw.kstr(kv[0], kv[1])
	}
	jw.kint("handaudit.results_omitted", omitted)
	jw.endObject()
	jw.b = append(jw.b, "}]}\n"...)
	if _, err := w.f.Write(jw.b); err != nil {
		return err
	}
	w.removeSpools()
	return w.f.commit()
}

func (w *SARIFWriter) removeSpools() {
	for i, s := range w.spools {
		s.remove()
		w.spools[i] = nil
	}
}

func writeSARIFRule(jw *jsonWriter, id, title, rule, quote string, sev checks.Severity, known bool) {
	jw.beginObject()
	jw.kstr("id", id)
	jw.kstr("name", ruleName(id))
	jw.key("shortDescription")
	jw.beginObject()
	jw.kstr("text", title)
	jw.endObject()
	if rule != "" {
		jw.key("fullDescription")
		jw.beginObject()
		jw.kstr("text", rule)
		jw.endObject()
	}
	help := title
	md := "**" + markdownEscape(title) + "**"
	if rule != "" {
		help += "\n\n" + rule
		md += "\n\n" + markdownEscape(rule)
	}
	if quote != "" {
		help += ":\n\n" + quote
		md += ":\n\n> " + strings.ReplaceAll(markdownEscape(quote), "\n", "\n> ")
	}
	jw.key("help")
	jw.beginObject()
	jw.kstr("text", help)
	jw.kstr("markdown", md)
	jw.endObject()
	if known {
		jw.key("defaultConfiguration")
		jw.beginObject()
		jw.kstr("level", sarifLevel(sev))
		jw.endObject()
	}
	jw.key("properties")
	jw.beginObject()
	jw.key("tags")
	jw.beginArray()
	jw.str("poker")
	jw.str("hand-history")
	if cat, _, ok := strings.Cut(id, "."); ok {
		jw.str(cat)
	}
	jw.endArray()
	jw.kstr("precision", "very-high")
	jw.endObject()
	jw.endObject()
}

// ruleName turns "raise.under-minimum" into "RaiseUnderMinimum", the
// PascalCase name SARIF viewers show.
func ruleName(id string) string {
	var b strings.Builder
	up := true
	for _, r := range id {
		if r == '.' || r == '-' || r == '_' {
			up = true
			continue
		}
		if up && r >= 'a' && r <= 'z' {
			r -= 'a' - 'A'
		}
		up = false
		b.WriteRune(r)
	}
	return b.String()
}

func markdownEscape(s string) string {
	var b strings.Builder
	for _, r := range s {
		if strings.ContainsRune("\\`*_{}[]<>()#+!|", r) {
			b.WriteByte('\\')
		}
		b.WriteRune(r)
	}
	return b.String()
}

// Abort removes the temporary files.
func (w *SARIFWriter) Abort() error {
	w.removeSpools()
	return w.f.abort()
}
