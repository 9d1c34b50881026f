package explain

import (
	"archive/zip"
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	_ "github.com/handaudit/handaudit/parser/formats" // every input format
)

// Source is the hand `audit explain` was asked about, read from its
// file: the hand, or, when that hand (or the whole file) could not be
// read, the parse error in its place.
type Source struct {
	File       string // the file as given
	Format     parser.Format
	Hand       *hand.Hand    // nil when ParseError is set
	ParseError *parser.Error // the hand or file could not be read
	// SourceLine is the text of the parse error's line, read back from
	// the file (not shortened), "" when it cannot be read.
	SourceLine string
	Notes      []string // about the file: other unreadable hands, a hand ID used twice
	// Prev and Next are the hands before and after Hand at its table in
	// the file, if any (the session checks judge the links).
	Prev, Next *hand.Hand
	// open reads the file again (nil: a Source not made by Load): the
	// hands before Hand are replayed to judge it as a run would
	// (Source.Explain).
	open   func() (io.ReadCloser, error)
	before int // hands read from the file before Hand
}

// HandNotFoundError says that no hand of a file matched --hand or --line.
type HandNotFoundError struct {
	File        string
	ID          string // the ID asked for, "" if none
	Line        int    // the line asked for, 0 if none
	Hands       int    // hands read from the file
	IDs         []string
	ParseErrors int // hands that could not be read
}

// maxListedIDs is how many hand IDs a HandNotFoundError lists.
const maxListedIDs = 5

func (e *HandNotFoundError) Error() string {
	var what string
	switch {
	case e.ID != "":
		what = "no hand with ID " + strconv.Quote(e.ID)
	case e.Line > 0:
		what = "no hand at line " + strconv.Itoa(e.Line)
	default:
		what = "no hand chosen (give --hand ID or --line N)"
	}
	s := what + " in " + e.File + ": the file has " + plural(e.Hands, "hand", "hands")
	if e.ParseErrors > 0 {
		s += " and " + plural(e.ParseErrors, "hand that could not be read", "hands that could not be read")
	}
	if len(e.IDs) > 0 {
		s += "; IDs: " + strings.Join(e.IDs, ", ")
		if e.Hands > len(e.IDs) {
			s += ", ..."
		}
	}
	return s
}

// Load reads the hand history at path (plain text, or gzip when the
// name ends in .gz; "logs.zip!night/file.txt" for a member of a zip
// archive, as findings name it) and returns the hand with ID id (a leading "#" is
// ignored), or the hand or unreadable hand that spans line when line > 0.
// With neither, the file must hold exactly one hand. A file whose format
// is not recognised is a Source with a file-level ParseError. When no
// hand matches the error is a *HandNotFoundError; other errors are I/O
// errors.
func Load(path, id string, line int) (*Source, error) {
	open := func() (io.ReadCloser, error) { return openInput(path) }
	rc, err := open()
	if err != nil {
		return nil, err
	}
	src, err := findHand(rc, path, id, line)
	rc.Close()
	if err != nil {
		return nil, err
	}
	src.open = open
	if pe := src.ParseError; pe != nil && pe.Line > 0 {
		if rc, err := open(); err == nil {
			src.SourceLine, _ = sourceLine(rc, pe.Line)
			rc.Close()
		}
	}
	return src, nil
}

// openInput opens a file, decompressing .gz, or a member of a zip
// archive named as findings name it: "logs.zip!night/file.txt".
func openInput(path string) (io.ReadCloser, error) {
	if archive, member, ok := archiveMember(path); ok {
		return openMember(archive, member)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	return gunzipByName(path, f)
}

// gunzipByName decompresses rc when name ends in .gz.
func gunzipByName(name string, rc io.ReadCloser) (io.ReadCloser, error) {
	if !strings.HasSuffix(strings.ToLower(name), ".gz") {
		return rc, nil
	}
	zr, err := gzip.NewReader(rc)
	if err != nil {
		rc.Close()
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return struct {
		io.Reader
		io.Closer
	}{zr, rc}, nil
}

// archiveMember splits "logs.zip!night/file.txt" into the archive and the
// member, when path names no file of its own and its part before a "!"
// is a .zip file (as audit run names the members it reads).
func archiveMember(path string) (archive, member string, ok bool) {
	if _, err := os.Stat(path); err == nil {
		return "", "", false
	}
	for i := strings.LastIndex(path, "!"); i > 0; i = strings.LastIndex(path[:i], "!") {
		archive, member = path[:i], path[i+1:]
		if strings.EqualFold(filepath.Ext(archive), ".zip") && member != "" {
			if st, err := os.Stat(archive); err == nil && st.Mode().IsRegular() {
				return archive, member, true
			}
		}
	}
	return "", "", false
}

// openMember opens a member of a zip archive.
func openMember(archive, member string) (io.ReadCloser, error) {
	zr, err := zip.OpenReader(archive)
	if err != nil {
		return nil, err
	}
	for _, f := range zr.File {
		if f.Name != member {
			continue
		}
		r, err := f.Open()
		if err != nil {
			zr.Close()
			return nil, fmt.Errorf("%s!%s: %w", archive, member, err)
		}
		return gunzipByName(member, struct {
			io.Reader
			io.Closer
		}{r, closers{r, zr}})
	}
	zr.Close()
	return nil, fmt.Errorf("%s: no member %s in the archive", archive, member)
}

// closers closes each in turn, returning the first error.
type closers []io.Closer

func (cs closers) Close() error {
	var first error
	for _, c := range cs {
		if err := c.Close(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// sourceLine returns line n (1-based) of r as the parsers number lines
// (after decoding the text to UTF-8).
func sourceLine(r io.Reader, n int) (string, error) {
	br := bufio.NewReader(parser.NewDecodedReader(r))
	for k := 1; ; k++ {
		s, err := br.ReadString('\n')
		if k == n {
			return strings.TrimRight(s, "\r\n"), nil
		}
		if err != nil {
			if err == io.EOF {
				return "", fmt.Errorf("line %d is past the end of the file", n)
			}
			return "", err
		}
	}
}

// findHand reads every hand of r and picks the one asked for.
func findHand(r io.Reader, file, id string, line int) (*Source, error) {
	br := bufio.NewReaderSize(parser.NewDecodedReader(r), 64*1024)
	head, _ := br.Peek(8192)
	format := parser.Detect(head)
	if format == parser.FormatUnknown {
		msg := "unrecognised input format (not PHH or PokerStars text)"
		if len(head) == 0 {
			msg = "empty input: no hands"
		}
		return &Source{File: file, ParseError: &parser.Error{File: file, Line: 1, HandIndex: -1, Msg: msg}}, nil
	}
	rd, err := parser.Open(format, br, file)
	if err != nil {
		return nil, err
	}
	want := strings.TrimPrefix(id, "#")
	var (
		found     *Source
		foundLine int // first line of the match, for the duplicate note
		dupes     int
		hands     int
		ids       []string
		errs      []*parser.Error
		pending   []*parser.Error // parse errors since the last hand read
		prevEnd   int             // last line of the last hand read
		only      *hand.Hand      // the first hand read
		lastAt    = map[checks.TableKey]*hand.Hand{}
	)
	tableOf := func(h *hand.Hand) checks.TableKey {
		return checks.TableKey{Site: h.Site, Tournament: h.Tournament, Table: h.Table}
	}
	pick := func(s *Source, at int) {
		if found == nil {
			found, foundLine = s, at
		} else {
			dupes++
		}
	}
	// A parse error spans the lines between the hands read around it.
	settleGap := func(nextStart int) {
		if line > 0 && id == "" && line > prevEnd && (nextStart == 0 || line < nextStart) && len(pending) > 0 {
			pe := pending[0]
			for _, p := range pending {
				if p.Line <= line {
					pe = p
				}
			}
			pick(&Source{File: file, Format: format, ParseError: pe}, pe.Line)
		}
		pending = pending[:0]
	}
	for {
		h, err := rd.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *parser.Error
			if !errors.As(err, &pe) {
				return nil, err
			}
			errs = append(errs, pe)
			pending = append(pending, pe)
			if id != "" && (pe.HandID == id || pe.HandID == want) {
				pick(&Source{File: file, Format: format, ParseError: pe}, pe.Line)
			}
			continue
		}
		settleGap(h.Pos.Line)
		hands++
		if hands == 1 {
			only = h
		}
		if len(ids) < maxListedIDs {
			ids = append(ids, h.ID)
		}
		if found != nil && found.Hand != nil && found.Next == nil && h.Table != "" && tableOf(h) == tableOf(found.Hand) {
			found.Next = h
		}
		before := found
		switch {
		case id != "" && (h.ID == id || h.ID == want):
			pick(&Source{File: file, Format: format, Hand: h}, h.Pos.Line)
		case id == "" && line > 0 && line >= h.Pos.Line && line <= max(h.End, h.Pos.Line):
			pick(&Source{File: file, Format: format, Hand: h}, h.Pos.Line)
		}
		if before == nil && found != nil && found.Hand == h {
			found.before = hands - 1
			if h.Table != "" {
				found.Prev = lastAt[tableOf(h)]
			}
		}
		if h.Table != "" && found == nil {
			lastAt[tableOf(h)] = h
		}
		prevEnd = max(h.End, h.Pos.Line)
	}
	settleGap(0)
	if id == "" && line == 0 {
		switch {
		case hands == 1:
			found, foundLine = &Source{File: file, Format: format, Hand: only}, only.Pos.Line
		case hands == 0 && len(errs) > 0:
			found = &Source{File: file, Format: format, ParseError: errs[0]}
		}
	}
	if found == nil {
		return nil, &HandNotFoundError{File: file, ID: id, Line: line, Hands: hands, IDs: ids, ParseErrors: len(errs)}
	}
	if dupes > 0 {
		found.Notes = append(found.Notes, fmt.Sprintf("%d more hands in the file match; this is the first, at line %d (use --line to pick another)", dupes, foundLine))
	}
	var other []string
	for _, pe := range errs {
		if pe != found.ParseError {
			other = append(other, strconv.Itoa(pe.Line))
		}
	}
	if len(other) > 0 {
		found.Notes = append(found.Notes, fmt.Sprintf("%s of this file could not be read (line %s)",
			plural(len(other), "other hand", "other hands"), strings.Join(other, ", ")))
	}
	return found, nil
}

// eachHand reads the file's hands again, in order, giving each to fn
// until it returns false; hands that cannot be read are passed over.
func (s *Source) eachHand(fn func(*hand.Hand) bool) error {
	rc, err := s.open()
	if err != nil {
		return err
	}
	defer rc.Close()
	br := bufio.NewReaderSize(parser.NewDecodedReader(rc), 64*1024)
	head, _ := br.Peek(8192)
	rd, err := parser.Open(parser.Detect(head), br, s.File)
	if err != nil {
		return err
	}
	for {
		h, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			var pe *parser.Error
			if !errors.As(err, &pe) {
				return err
			}
			continue
		}
		if !fn(h) {
			return nil
		}
	}
}

// parseErrorView is a hand (or file) that could not be read, with where
// to point on its line.
type parseErrorView struct {
	pe     *parser.Error
	format parser.Format
	text   string // the line as read back, or the error's shortened text
	col    int    // byte offset of the pointer in text, -1 for none
	width  int    // columns the pointer spans
}

func newParseErrorView(src *Source) *parseErrorView {
	pe := src.ParseError
	v := &parseErrorView{pe: pe, format: src.Format, text: src.SourceLine, col: -1}
	if v.text == "" {
		v.text = pe.Text
	}
	if v.text == "" {
		return v
	}
	// Point at the first quoted token of the message found on the line
	// ("action \"p7 cbr 300\": ..."), else at the line's first character.
	msg := pe.Msg
	for {
		i := strings.IndexByte(msg, '"')
		if i < 0 {
			break
		}
		j := strings.IndexByte(msg[i+1:], '"')
		if j < 0 {
			break
		}
		tok := msg[i+1 : i+1+j]
		msg = msg[i+1+j+1:]
		if tok == "" {
			continue
		}
		if k := strings.Index(v.text, tok); k >= 0 {
			v.col, v.width = k, displayWidth(tok)
			// Narrow the pointer to the field of the token the message
			// goes on to name ("action \"p7 cc\": player p7 is not in
			// the hand" points at p7).
			rest := strings.Fields(msg)
			for _, fd := range fieldsOf(tok) {
				if slices.Contains(rest, fd.text) {
					v.col, v.width = k+fd.off, displayWidth(fd.text)
					break
				}
			}
			return v
		}
	}
	v.col = len(v.text) - len(strings.TrimLeft(v.text, " \t"))
	v.width = 1
	return v
}

// tokenField is one space-separated field of a token and its byte offset.
type tokenField struct {
	off  int
	text string
}

// fieldsOf splits s at spaces, in order, keeping each field's offset.
func fieldsOf(s string) []tokenField {
	var out []tokenField
	start := -1
	for i := 0; i <= len(s); i++ {
		if i == len(s) || s[i] == ' ' {
			if start >= 0 {
				out = append(out, tokenField{start, s[start:i]})
				start = -1
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	return out
}

// field is the text the pointer is under, "" for none.
func (v *parseErrorView) field() string {
	if v.col < 0 || v.col >= len(v.text) {
		return ""
	}
	end := v.col
	for w := 0; end < len(v.text) && w < v.width; {
		r, n := utf8.DecodeRuneInString(v.text[end:])
		w += runeWidth(r)
		end += n
	}
	return strings.TrimSpace(v.text[v.col:end])
}

// pointer is the caret line under text: tabs kept so it lines up.
func (v *parseErrorView) pointer() string {
	if v.col < 0 || v.col > len(v.text) {
		return ""
	}
	var b strings.Builder
	for _, r := range v.text[:v.col] {
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteString(strings.Repeat(" ", runeWidth(r)))
		}
	}
	b.WriteString("^")
	if v.width > 1 {
		b.WriteString(strings.Repeat("~", v.width-1))
	}
	return b.String()
}

// parseErrorFinding is the parse.error finding of src.
func parseErrorFinding(src *Source) checks.Finding {
	return checks.ParseErrorFinding(src.ParseError)
}

// WriteParseErrorText explains a hand or file that could not be read:
// where (file:line, the line's text with a pointer under the fault) and why.
func WriteParseErrorText(w io.Writer, src *Source, o Options) error {
	out := &textOut{w: bufio.NewWriter(w), color: o.Color}
	if err := writeParseError(out, src, o); err != nil {
		return err
	}
	return out.w.Flush()
}

// writeParseError writes the parse error of src to out.
func writeParseError(out *textOut, src *Source, o Options) error {
	lang := o.Lang
	L := func(k string) string { return label(lang, k) }
	pe := src.ParseError
	v := newParseErrorView(src)
	loc := pe.File + ":" + strconv.Itoa(pe.Line)
	head := loc
	if src.Format != parser.FormatUnknown {
		head += " (" + string(src.Format) + ")"
	}
	out.title(L("parse_error"), head, styleBold+";"+styleRed)
	for _, n := range src.Notes {
		out.wrapped("  ", L("note")+": "+n, styleYellow)
	}
	what := L("parse_error_file")
	if pe.HandIndex >= 0 {
		what = L("parse_error_hand") + " (" + L("hand_in_file") + " " + strconv.Itoa(pe.HandIndex+1)
		if pe.HandID != "" {
			what += ", " + strconv.Quote(pe.HandID)
		}
		what += ")"
	}
	out.wrapped("  ", what+":", styleBold)
	out.wrapped("  ", pe.Msg, styleRed)
	if v.text != "" {
		out.source(strconv.Itoa(pe.Line), v.text, v.pointer())
	}
	f := parseErrorFinding(src)
	out.section("verdict", L("verdict"))
	// What to check: the field the pointer is under, where it is.
	where := loc
	switch {
	case v.col >= 0 && lang == "zh":
		where += " 第 " + strconv.Itoa(v.col+1) + " 列"
	case v.col >= 0:
		where += ", column " + strconv.Itoa(v.col+1)
	}
	field := v.field()
	if lang == "zh" {
		check := "请核对记录中 " + where + " 处"
		if field != "" {
			check += "的 " + strconv.Quote(field)
		}
		out.wrapped("  ", "["+f.CheckID+"] 输入无法读取,此手牌未经审计:"+pe.Msg+"。"+check+",与同一手牌的其他记录行(玩家、座位、金额)是否一致。", styleRed)
	} else {
		check := "Check the record at " + where
		if field != "" {
			check = "Check " + strconv.Quote(field) + " in the record at " + where
		}
		out.wrapped("  ", "["+f.CheckID+"] The input could not be read, so this hand was not audited: "+pe.Msg+". "+check+
			" against the hand's other lines (its players, seats and amounts); the rest of the file was read.", styleRed)
	}
	return nil
}
