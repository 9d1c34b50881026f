package reports

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/handaudit/handaudit/checks"
)

// JUnitWriter writes junit.xml for CI test reports: a test suite per
// input file; in it a test case per hand with findings or a parse error,
// failing when a finding is at or above RunInfo.FailOn (a parse error is
// an error, counted once), skipped for an input in a format handaudit
// does not read, and one passing test case for the file's hands without
// findings.
//
// Suite and run totals head their elements, so test cases are spooled to
// temporary files and the document is assembled on Close.
type JUnitWriter struct {
	info  RunInfo
	dir   string
	out   *atomicFile
	suite *tempSpool // test cases of the current file
	body  *tempSpool // finished suites

	notAudited                         []NotAudited
	file                               string
	open                               bool
	sTests, sFail, sErr, sSkip, sClean int64
	tTests, tFail, tErr, tSkip         int64
	buf                                strings.Builder
}

// NewJUnit returns a writer for junit.xml.
func NewJUnit() *JUnitWriter { return &JUnitWriter{} }

// Open creates the output and spool files in dir.
func (w *JUnitWriter) Open(dir string, info RunInfo) (err error) {
	w.info = info.normalized()
	w.dir = dir
	if w.out, err = createAtomic(dir, "junit.xml", info.Digests); err != nil {
		return err
	}
	if w.suite, err = createSpool(dir, "junit.xml"); err != nil {
		_ = w.Abort()
		return err
	}
	if w.body, err = createSpool(dir, "junit.xml"); err != nil {
		_ = w.Abort()
		return err
	}
	return nil
}

// xmlEscape escapes s for XML text or, with attr, an attribute value, and
// drops characters XML 1.0 cannot carry.
func xmlEscape(s string, attr bool) string {
	var b strings.Builder
	for _, r := range s {
		switch {
		case r == '&':
			b.WriteString("&amp;")
		case r == '<':
			b.WriteString("&lt;")
		case r == '>':
			b.WriteString("&gt;")
		case r == '"' && attr:
			b.WriteString("&quot;")
		case r == '\'' && attr:
			b.WriteString("&apos;")
		case (r == '\n' || r == '\r' || r == '\t') && attr:
			fmt.Fprintf(&b, "&#%d;", r)
		case r == utf8.RuneError, r < 0x20 && r != '\n' && r != '\r' && r != '\t', r == 0xFFFE, r == 0xFFFF:
			b.WriteRune('\uFFFD')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

// finishSuite moves the current file's test cases into the body.
func (w *JUnitWriter) finishSuite() error {
	if !w.open {
		return nil
	}
	w.open = false
	tests := w.sTests
	if w.sClean > 0 {
		tests++
	}
	name := w.file
	if name == "" {
		name = "(unknown file)"
	}
	fmt.Fprintf(w.body, "<testsuite name=\"%s\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"0\">\n",
		xmlEscape(name, true), tests, w.sFail, w.sErr, w.sSkip)
	w.body.WriteString("<properties>")
	for _, kv := range w.info.metadata() {
		fmt.Fprintf(w.body, "<property name=\"%s\" value=\"%s\"/>", kv[0], xmlEscape(kv[1], true))
	}
	w.body.WriteString("</properties>\n")
	if err := w.suite.copyTo(w.body); err != nil {
		return err
	}
	if w.sClean > 0 {
		fmt.Fprintf(w.body, "<testcase name=\"hands without findings: %s\" classname=\"%s\" file=\"%s\" time=\"0\"/>\n",
			strconv.FormatInt(w.sClean, 10), xmlEscape(name, true), xmlEscape(name, true))
	}
	_, err := w.body.WriteString("</testsuite>\n")
	w.tTests += tests
	w.tFail += w.sFail
	w.tErr += w.sErr
	w.tSkip += w.sSkip
	w.sTests, w.sFail, w.sErr, w.sSkip, w.sClean = 0, 0, 0, 0, 0
	return err
}

// WriteHand adds the hand to its file's suite.
func (w *JUnitWriter) WriteHand(r *HandResult) error {
	if w.out == nil {
		return fmt.Errorf("reports: junit writer not open")
	}
	file := r.File
	if file == "" && r.Hand != nil {
		file = r.Hand.Pos.File
	}
	file = text(file)
	if !w.open || file != w.file {
		if err := w.finishSuite(); err != nil {
			return err
		}
		w.file, w.open = file, true
	}
	status := r.status()
	if status == StatusClean {
		w.sClean++
		return nil
	}
	line := r.Line
	id := ""
	if h := r.Hand; h != nil {
		id = text(h.ID)
		if line == 0 {
			line = h.Pos.Line
		}
	}
	name := "hand " + id
	if id == "" {
		name = "hand"
	}
	if line > 0 {
		name += " (line " + strconv.Itoa(line) + ")"
	}
	b := &w.buf
	b.Reset()
	fmt.Fprintf(b, "<testcase name=\"%s\" classname=\"%s\" file=\"%s\"", xmlEscape(name, true), xmlEscape(file, true), xmlEscape(file, true))
	if line > 0 {
		fmt.Fprintf(b, " line=\"%d\"", line)
	}
	b.WriteString(" time=\"0\">\n")
	w.sTests++
	// A hand that could not be read is an <error>, once: the finding that
	// reports it (parse.error, or internal.error for an input a bug
	// stopped) is that error, not also a <failure>. Without such a finding
	// (parse.error left out by --skip or --only) the hand is <skipped>.
	unread := false
	switch status {
	case StatusParseError:
		for i := range r.Findings {
			unread = unread || r.Findings[i].CheckID == parseErrorCheck || r.Findings[i].CheckID == internalErrorCheck
		}
		msg := r.Error
		if msg == "" {
			msg = "the hand could not be read"
		}
		if unread {
			w.sErr++
			fmt.Fprintf(b, "<error type=\"parse-error\" message=\"%s\">%s</error>\n", xmlEscape(msg, true), xmlEscape(msg, false))
		} else {
			w.sSkip++
			fmt.Fprintf(b, "<skipped message=\"%s\"/>\n", xmlEscape("not read (parse.error is not among the checks run): "+msg, true))
		}
	}
	var failing, other []*checks.Finding
	for i := range r.Findings {
		f := &r.Findings[i]
		if unread && (f.CheckID == parseErrorCheck || f.CheckID == internalErrorCheck) {
			continue // the <error> above
		}
		if f.Severity >= w.info.FailOn {
			failing = append(failing, f)
		} else {
			other = append(other, f)
		}
	}
	if len(failing) > 0 {
		w.sFail++
		msg := failing[0].Message
		if len(failing) > 1 {
			msg += fmt.Sprintf(" (+%d more)", len(failing)-1)
		}
		fmt.Fprintf(b, "<failure type=\"%s\" message=\"%s\">", xmlEscape(failing[0].CheckID, true), xmlEscape(msg, true))
		for _, f := range failing {
			b.WriteString(xmlEscape(junitFindingText(f), false))
		}
		b.WriteString("</failure>\n")
	}
	if len(other) > 0 {
		b.WriteString("<system-out>")
		for _, f := range other {
			b.WriteString(xmlEscape(junitFindingText(f), false))
		}
		b.WriteString("</system-out>\n")
	}
	b.WriteString("</testcase>\n")
	_, err := w.suite.WriteString(b.String())
	return err
}

// SetNotAudited keeps the inputs in formats handaudit does not read: each
// becomes a suite of its own with one skipped test case, so that CI shows
// hands that were not audited. (Folder entries that are not inputs, such
// as a FIFO, are in the log, the summary and the HTML report.)
func (w *JUnitWriter) SetNotAudited(list []NotAudited) { w.notAudited = list }

// writeUnsupported writes the suites of the unsupported inputs.
func (w *JUnitWriter) writeUnsupported() {
	for _, na := range w.notAudited {
		if !na.Unsupported {
			continue
		}
		name := text(na.Name)
		format := na.Format
		if format == "" {
			format = "a format not recognised"
		}
		msg := fmt.Sprintf("%s: not read by handaudit; %d hands (counted by their headers) not audited", format, na.Hands)
		fmt.Fprintf(w.body, "<testsuite name=\"%s\" tests=\"1\" failures=\"0\" errors=\"0\" skipped=\"1\" time=\"0\">\n", xmlEscape(name, true))
		fmt.Fprintf(w.body, "<testcase name=\"%s\" classname=\"%s\" file=\"%s\" time=\"0\">\n<skipped message=\"%s\"/>\n</testcase>\n</testsuite>\n",
			xmlEscape("hands in "+format, true), xmlEscape(name, true), xmlEscape(name, true), xmlEscape(msg, true))
		w.tTests++
		w.tSkip++
	}
}

// junitFindingText is one finding as a line of a failure body.
func junitFindingText(f *checks.Finding) string {
	var b strings.Builder
	fmt.Fprintf(&b, "[%s] %s: %s", f.Severity, f.CheckID, f.Message)
	if f.Rule != "" {
		b.WriteString(" — " + f.Rule)
	}
	if f.ActionIndex >= 0 {
		fmt.Fprintf(&b, " (action %d", f.ActionIndex)
		if f.Line > 0 {
			fmt.Fprintf(&b, ", line %d", f.Line)
		}
		b.WriteString(")")
	}
	b.WriteString("\n")
	return b.String()
}

// Close assembles junit.xml and renames it into place.
func (w *JUnitWriter) Close() (err error) {
	if w.out == nil {
		return nil
	}
	defer func() {
		if err != nil {
			_ = w.Abort()
		}
	}()
	if err := w.finishSuite(); err != nil {
		return err
	}
	w.writeUnsupported()
	fmt.Fprintf(w.out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"handaudit\" tests=\"%d\" failures=\"%d\" errors=\"%d\" skipped=\"%d\" time=\"0\">\n",
		w.tTests, w.tFail, w.tErr, w.tSkip)
	if err := w.body.copyTo(w.out); err != nil {
		return err
	}
	if _, err := w.out.WriteString("</testsuites>\n"); err != nil {
		return err
	}
	w.suite.remove()
	w.body.remove()
	w.suite, w.body = nil, nil
	return w.out.commit()
}

// Abort removes the temporary files.
func (w *JUnitWriter) Abort() error {
	w.suite.remove()
	w.body.remove()
	w.suite, w.body = nil, nil
	return w.out.abort()
}
