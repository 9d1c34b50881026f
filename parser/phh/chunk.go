package phh

import (
	"bytes"
	"io"
	"strconv"

	"github.com/handaudit/handaudit/parser"
)

// phhChunker cuts a PHH input into hands without parsing TOML: a .phh file
// is one hand; a .phhs file is a sequence of top-level tables [1], [2], ...
// and each table (with any [1.sub] tables of its own) is one hand.
//
// It reads the input in blocks and keeps only the current hand in memory,
// so a .phhs file of millions of hands streams. To find table headers it
// tracks just enough TOML lexing (strings, comments, bracket depth) to tell
// a "[2]" header line from a line inside a multi-line array or string.
type phhChunker struct {
	r   io.Reader
	buf []byte
	// buf[start:end] is read but not yet handed out; scan is where header
	// scanning of the current hand goes on (start <= scan <= end).
	start, scan, end int
	eof              bool
	rerr             error // a read error other than io.EOF, final
	empty            int   // consecutive reads that returned nothing

	line     int // line number of buf[start]
	scanLine int // line number of buf[scan]

	mode     phhMode
	began    bool // BOM and mode handled
	lex      phhLex
	name     []byte // first key of the current hand's table header (multi mode)
	nameSeen bool
	tooLarge bool // the current hand outgrew maxHand or has a line over maxLine, and is being skipped

	maxHand, maxLine int  // Limits
	preLine          int  // the first hand's first line, when detectMode dropped its start (0: it did not)
	preLong          int  // the line over maxLine that detectMode dropped (0: none)
	searched         int  // bytes after scan known to hold no newline
	skipping         bool // dropping the rest of a line longer than maxLine
	longLine         int  // the current hand's first line over maxLine (0: none)
	lineLen          int  // single mode: bytes of the last, unterminated line so far

	// gen counts the calls to more, which move or add to what is buffered;
	// linesNL is the offset in buf of the last newline of buf[:end] as it
	// was at generation linesGen (phhState.completeLines).
	gen, linesGen, linesNL int
	linesOK                bool
}

type phhMode uint8

const (
	phhModeUnknown phhMode = iota
	phhModeSingle          // .phh: the whole input is one hand
	phhModeMulti           // .phhs: one hand per top-level table
)

const phhReadBlock = 64 << 10

// phhLex is the lexical state carried from one line to the next.
type phhLex struct {
	depth int  // open [ and { outside strings
	ml    byte // 0, or '"' / '\'' inside a multi-line string
}

// phhChunk is one hand's text.
type phhChunk struct {
	data     []byte // valid until the next call to next
	line     int    // line number of data[0]
	tooLarge bool   // the hand was too large and was skipped; data is nil
	longLine int    // the hand was skipped for this line, longer than the limit (0: none)
}

// prepare handles the start of the input: a UTF-8 byte order mark is
// skipped, UTF-16 is decoded, and the mode is chosen. It returns io.EOF
// for an input with no hand, or a read error.
func (c *phhChunker) prepare() error {
	if !c.began {
		c.began = true
		c.line, c.scanLine = 1, 1
		if err := c.fill(parser.UTF16SniffBytes); err != nil {
			return err
		}
		b := c.buf[c.start:c.end]
		switch {
		case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
			c.start += 3
			c.scan = c.start
		case parser.LooksUTF16(b):
			// TOML is UTF-8, but a UTF-16 export is still readable:
			// decode it (NewDecodedReader drops the mark, or tells
			// UTF-16 without one the same way) and start over.
			read := append([]byte(nil), b...)
			c.r = parser.NewDecodedReader(io.MultiReader(bytes.NewReader(read), c.r))
			c.start, c.scan, c.end, c.eof = 0, 0, 0, false
			if err := c.fill(parser.UTF16SniffBytes); err != nil {
				return err
			}
		}
	}
	if c.mode == phhModeUnknown {
		m, err := c.detectMode()
		if err != nil {
			return err
		}
		c.mode = m
	}
	return nil
}

// next returns the next hand's text, io.EOF at the end, or a read error.
// prepare must have succeeded.
func (c *phhChunker) next() (phhChunk, error) {
	if c.mode == phhModeSingle {
		return c.nextSingle()
	}
	return c.nextMulti()
}

// detectMode looks at the first significant character: a table header
// means a .phhs file, anything else a single hand. At the end of input with
// only blank and comment lines it returns io.EOF.
//
// The blank and comment lines it skips belong to the first hand, so they
// stay in the buffer, unless they outgrow a limit (a line longer than
// maxLine, more than maxHand of them): then they are dropped as they are
// read, and the first hand is reported as the chunker reports any hand over
// a limit (pre* fields), so memory stays bounded. A line's length counts
// all of it, blanks and comment, as the chunker counts a hand's lines, so
// that the report is the same wherever the reads fall.
func (c *phhChunker) detectMode() (phhMode, error) {
	off := c.start
	line := c.line
	commentStart := -1 // offset from c.start of the comment being skipped
	lineLen := 0       // bytes of the current line before off
	for {
		if off == c.end {
			if c.eof {
				c.start, c.scan = c.end, c.end
				return 0, io.EOF
			}
			long := lineLen > c.maxLine
			if long || off-c.start > c.maxHand {
				if c.preLine == 0 {
					c.preLine = c.line
				}
				if long && c.preLong == 0 {
					c.preLong = line
				}
				if commentStart >= 0 {
					commentStart = 0
				}
				c.start, c.scan, c.line = off, off, line
			}
			rel := off - c.start
			if err := c.more(); err != nil && err != io.EOF {
				return 0, err
			}
			off = c.start + rel
			continue
		}
		if commentStart >= 0 {
			nl := bytes.IndexByte(c.buf[off:c.end], '\n')
			if nl < 0 {
				lineLen += c.end - off
				off = c.end
				continue
			}
			if lineLen+nl > c.maxLine && c.preLong == 0 {
				c.preLong = line
				if c.preLine == 0 {
					c.preLine = c.line
				}
			}
			off += nl + 1
			line++
			lineLen = 0
			commentStart = -1
			continue
		}
		switch c.buf[off] {
		case '\n':
			if lineLen > c.maxLine && c.preLong == 0 {
				c.preLong = line
				if c.preLine == 0 {
					c.preLine = c.line
				}
			}
			off++
			line++
			lineLen = 0
		case ' ', '\t', '\r':
			off++
			lineLen++
		case '#':
			commentStart = off - c.start
		case '[':
			return phhModeMulti, nil
		default:
			return phhModeSingle, nil
		}
	}
}

// takePre starts the first hand with what detectMode dropped: its first
// line, and the limit it broke. It returns the hand's first line.
func (c *phhChunker) takePre() int {
	startLine := c.line
	if c.preLine > 0 {
		startLine = c.preLine
		if c.preLong > 0 {
			c.longLine = c.preLong
		}
		c.tooLarge = true
		c.preLine, c.preLong = 0, 0
	}
	return startLine
}

// nextSingle returns the whole input as one hand. A hand over maxHand or
// with a line over maxLine is dropped as it is read (and reported), so
// memory stays bounded whatever the input.
func (c *phhChunker) nextSingle() (phhChunk, error) {
	if c.start == c.end && c.eof {
		return phhChunk{}, io.EOF
	}
	c.scan, c.scanLine, c.lineLen = c.start, c.line, 0
	c.tooLarge, c.longLine = false, 0
	startLine := c.takePre()
	for {
		c.countLines()
		if c.lineLen > c.maxLine && c.longLine == 0 {
			c.longLine = c.scanLine
			c.tooLarge = true
		}
		if c.end-c.start > c.maxHand {
			c.tooLarge = true
		}
		if c.tooLarge {
			c.start, c.scan = c.end, c.end // drop what we have; keep reading to the end
		}
		if c.eof {
			break
		}
		if err := c.more(); err != nil && err != io.EOF {
			return phhChunk{}, err
		}
	}
	ch := phhChunk{data: c.buf[c.start:c.end], line: startLine, tooLarge: c.tooLarge, longLine: c.longLine}
	if ch.tooLarge {
		ch.data = nil
	}
	c.start, c.scan = c.end, c.end
	c.line = c.scanLine
	return ch, nil
}

// countLines counts the lines of buf[scan:end] into scanLine, notes the
// first one longer than maxLine, keeps in lineLen the length of the last,
// unfinished line so far, and moves scan to end.
func (c *phhChunker) countLines() {
	b := c.buf[c.scan:c.end]
	for {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			c.lineLen += len(b)
			break
		}
		if c.lineLen+i > c.maxLine && c.longLine == 0 {
			c.longLine, c.tooLarge = c.scanLine, true
		}
		c.lineLen = 0
		c.scanLine++
		b = b[i+1:]
	}
	c.scan = c.end
}

// phhLongLine returns the number of the first line of data (whose first
// line is line) longer than max bytes, or 0 if there is none.
func phhLongLine(data []byte, line, max int) int {
	for len(data) > max {
		nl := bytes.IndexByte(data, '\n')
		if nl < 0 || nl > max {
			return line
		}
		data = data[nl+1:]
		line++
	}
	return 0
}

// nextMulti returns the text from the current position up to (not
// including) the next top-level table header that starts another hand.
func (c *phhChunker) nextMulti() (phhChunk, error) {
	if c.start == c.end && c.eof {
		return phhChunk{}, io.EOF
	}
	c.lex = phhLex{}
	c.nameSeen = false
	c.tooLarge, c.longLine, c.skipping, c.searched = false, 0, false, 0
	c.scan, c.scanLine = c.start, c.line
	startLine := c.takePre()
	for {
		if c.skipping {
			// Inside a line too long to keep: drop it up to its end.
			nl := bytes.IndexByte(c.buf[c.scan:c.end], '\n')
			if nl < 0 {
				c.start, c.end = c.scan, c.scan
				if c.eof {
					return c.cut(startLine), nil
				}
				if err := c.more(); err != nil && err != io.EOF {
					return phhChunk{}, err
				}
				continue
			}
			c.scan += nl + 1
			c.scanLine++
			c.start, c.line = c.scan, c.scanLine
			c.skipping = false
			c.lex = phhLex{} // what the dropped line opened or closed is unknown
			if c.scan == c.end && c.eof {
				return c.cut(startLine), nil
			}
			continue
		}
		nl := bytes.IndexByte(c.buf[c.scan+c.searched:c.end], '\n')
		if nl >= 0 {
			nl += c.searched
		}
		if nl < 0 && !c.eof {
			c.searched = c.end - c.scan
			if c.searched > c.maxLine {
				// Too long a line: report it and skip its hand, without
				// ever holding the line whole.
				c.tooLarge, c.skipping = true, true
				if c.longLine == 0 {
					c.longLine = c.scanLine
				}
				c.start, c.line = c.scan, c.scanLine
				c.end, c.searched = c.scan, 0
				continue
			}
			if c.scan-c.start > c.maxHand {
				// Too large (counting whole lines only: the line being
				// read may be the next hand's header): forget the text
				// scanned so far, but keep the lexical state so that the
				// next header is still found.
				c.tooLarge = true
				c.line = c.scanLine
				c.start = c.scan
			}
			if err := c.more(); err != nil && err != io.EOF {
				return phhChunk{}, err
			}
			continue
		}
		lineEnd := c.end
		next := c.end
		if nl >= 0 {
			lineEnd = c.scan + nl
			next = lineEnd + 1
		}
		c.searched = 0
		line := c.buf[c.scan:lineEnd]
		if len(line) > c.maxLine {
			// A long line read whole at the end of input.
			c.tooLarge = true
			if c.longLine == 0 {
				c.longLine = c.scanLine
			}
			c.lex = phhLex{}
			c.scan = next
			if nl >= 0 {
				c.scanLine++
			}
			c.start, c.line = c.scan, c.scanLine
			if c.scan == c.end && c.eof {
				return c.cut(startLine), nil
			}
			continue
		}
		var current []byte
		if c.nameSeen {
			current = c.name
		}
		if name, ok := phhHeaderName(line, c.lex, current); ok {
			switch {
			case !c.nameSeen:
				c.name = append(c.name[:0], name...)
				c.nameSeen = true
				c.lex = phhLex{}
			case !bytes.Equal(name, c.name):
				return c.cut(startLine), nil
			default:
				c.lex = phhLex{} // a [1.sub] table of the same hand
			}
		} else {
			c.lex = phhScanLine(line, c.lex)
		}
		c.scan = next
		if nl >= 0 {
			c.scanLine++
		}
		if c.scan == c.end && c.eof {
			return c.cut(startLine), nil
		}
	}
}

// cut hands out buf[start:scan] as one hand and moves past it.
func (c *phhChunker) cut(startLine int) phhChunk {
	ch := phhChunk{data: c.buf[c.start:c.scan], line: startLine, longLine: c.longLine,
		tooLarge: c.tooLarge || c.scan-c.start > c.maxHand}
	if ch.tooLarge {
		ch.data = nil // a hand over a limit is reported without its text, however it was read
	}
	c.start = c.scan
	c.line = c.scanLine
	return ch
}

// fill reads until at least n bytes are buffered or the input ends.
func (c *phhChunker) fill(n int) error {
	for c.end-c.start < n && !c.eof {
		if err := c.more(); err != nil && err != io.EOF {
			return err
		}
	}
	return nil
}

// more reads one more block, first moving the unconsumed text to the front
// of the buffer (or growing it). It returns io.EOF at the end of input.
func (c *phhChunker) more() error {
	c.gen++
	if c.rerr != nil {
		return c.rerr
	}
	if c.eof {
		return io.EOF
	}
	if len(c.buf)-c.end < phhReadBlock {
		live := c.end - c.start
		if c.start > 0 && live+phhReadBlock <= len(c.buf) {
			copy(c.buf, c.buf[c.start:c.end])
		} else {
			// Double, but never far past what one hand may hold.
			nb := make([]byte, max(min(2*len(c.buf), c.maxHand+2*phhReadBlock), live+2*phhReadBlock))
			copy(nb, c.buf[c.start:c.end])
			c.buf = nb
		}
		c.scan -= c.start
		c.start, c.end = 0, live
	}
	n, err := c.r.Read(c.buf[c.end:])
	c.end += n
	switch {
	case err == io.EOF:
		c.eof = true
		return io.EOF
	case err != nil:
		c.rerr = err
		c.eof = true
		return err
	case n == 0:
		// A Reader may return 0, nil now and then, but not forever.
		c.empty++
		if c.empty >= 100 {
			c.rerr = io.ErrNoProgress
			c.eof = true
			return c.rerr
		}
		return nil
	}
	c.empty = 0
	return nil
}

// phhHeaderName reports whether line is a top-level table header, given
// the lexical state before it, and returns the first part of its key
// ("[1]" and "[1.extra]" both give "1").
//
// Inside an unclosed array, a line "[N]" where N is the current hand's
// number plus one is taken as the next hand's header all the same: PHH
// arrays never nest, so this is a hand whose array was left open, and
// resynchronizing keeps one broken hand from swallowing the rest of a
// .phhs file. (Inside a multi-line string nothing is a header.)
func phhHeaderName(line []byte, lx phhLex, current []byte) ([]byte, bool) {
	t := bytes.TrimLeft(line, " \t")
	if len(t) == 0 || t[0] != '[' || lx.ml != 0 {
		return nil, false
	}
	if lx.depth > 0 {
		t = bytes.TrimRight(t, " \t\r")
		if len(t) < 3 || t[len(t)-1] != ']' {
			return nil, false
		}
		name := t[1 : len(t)-1]
		if !phhIsNext(current, name) {
			return nil, false
		}
		return name, true
	}
	t = t[1:]
	if len(t) > 0 && t[0] == '[' {
		t = t[1:] // [[array table]]: not valid PHH, but it starts a new table
	}
	t = bytes.TrimLeft(t, " \t")
	if len(t) == 0 {
		return nil, false
	}
	var name []byte
	switch t[0] {
	case '"', '\'':
		q := t[0]
		i := 1
		for i < len(t) && t[i] != q {
			if q == '"' && t[i] == '\\' {
				i++
			}
			i++
		}
		if i >= len(t) {
			return nil, false
		}
		name = t[1:i]
		t = t[i+1:]
	default:
		i := 0
		for i < len(t) && isPHHBareKeyChar(t[i]) {
			i++
		}
		if i == 0 {
			return nil, false
		}
		name = t[:i]
		t = t[i:]
	}
	t = bytes.TrimLeft(t, " \t")
	if len(t) == 0 || (t[0] != ']' && t[0] != '.') {
		return nil, false
	}
	return name, true
}

// phhIsNext reports whether next is the decimal number one more than cur.
func phhIsNext(cur, next []byte) bool {
	if len(cur) == 0 || len(cur) > 18 || len(next) == 0 || next[0] == '0' {
		return false
	}
	n := 0
	for _, c := range cur {
		if !phhIsDigit(c) {
			return false
		}
		n = n*10 + int(c-'0')
	}
	var buf [20]byte
	return string(strconv.AppendInt(buf[:0], int64(n+1), 10)) == string(next)
}

func isPHHBareKeyChar(c byte) bool {
	return ('a' <= c && c <= 'z') || ('A' <= c && c <= 'Z') || ('0' <= c && c <= '9') || c == '_' || c == '-'
}

// phhLexSpecial marks the bytes phhScanLine must look at outside strings.
var phhLexSpecial = [256]bool{'#': true, '"': true, '\'': true, '[': true, ']': true, '{': true, '}': true}

// phhScanLine returns the lexical state after line, given the state before.
func phhScanLine(line []byte, lx phhLex) phhLex {
	i := 0
	for i < len(line) {
		if lx.ml != 0 {
			// Inside a multi-line string: look for the closing triple quote.
			j := phhFindQuote(line, i, lx.ml)
			if j < 0 {
				return lx
			}
			if j+2 < len(line) && line[j+1] == lx.ml && line[j+2] == lx.ml {
				i = j + 3
				for i < len(line) && line[i] == lx.ml { // up to two more quotes belong to the content
					i++
				}
				lx.ml = 0
			} else {
				i = j + 1
			}
			continue
		}
		c := line[i]
		if !phhLexSpecial[c] {
			i++
			continue
		}
		switch c {
		case '#':
			return lx
		case '"', '\'':
			if i+2 < len(line) && line[i+1] == c && line[i+2] == c {
				lx.ml = c
				i += 3
				continue
			}
			j := phhFindQuote(line, i+1, c)
			if j < 0 {
				return lx // unterminated: the TOML parser will say so
			}
			i = j + 1
		case '[', '{':
			lx.depth++
			i++
		default: // ']', '}'
			if lx.depth > 0 {
				lx.depth--
			}
			i++
		}
	}
	return lx
}

// phhFindQuote returns the index of the first quote q at or after from
// that is not escaped by a backslash (escapes exist in "..." strings
// only), or -1.
func phhFindQuote(line []byte, from int, q byte) int {
	for from < len(line) {
		j := bytes.IndexByte(line[from:], q)
		if j < 0 {
			return -1
		}
		j += from
		if q == '"' {
			bs := 0
			for k := j - 1; k >= from && line[k] == '\\'; k-- {
				bs++
			}
			if bs%2 == 1 {
				from = j + 1
				continue
			}
		}
		return j
	}
	return -1
}
