package pokerstars

// Splitting the decoded text into lines, in a buffer readHand reads
// most lines from in place.

import (
	"bytes"
	"io"

	"github.com/handaudit/handaudit/parser"
)

// psLineReader splits decoded text into lines ending in LF, CRLF or a lone
// CR (old Mac exports), counting them from 1. A line's bytes are valid
// until the next call. Memory is bounded: a line longer than maxLine is
// returned cut, with long set, and the rest of it is dropped.
type psLineReader struct {
	r          io.Reader
	buf        []byte
	start, end int   // unread bytes are buf[start:end]
	cr         int   // where the next CR is, as far as known (see nextCR)
	err        error // sticky read error; io.EOF at the end
	line       int   // number of the line last returned
	dropping   bool  // inside an over-long line, dropping bytes to its end
	maxLine    int   // longest line kept (Limits.MaxLineBytes; 0: the default)

	// The held line, returned earlier, must stay readable after later
	// calls (see hold and holdAt): it is buf[heldAt:heldAt+heldLen], or
	// held if heldAt < 0. fill copies it to heldCopy before it moves the
	// buffer, so keeping a line costs a copy per fill, not per line.
	held            []byte
	heldAt, heldLen int
	heldCopy        []byte
}

// hold keeps b, a line returned by next or any other byte slice, readable
// as heldLine until the next hold or holdAt, whatever next does meanwhile.
func (l *psLineReader) hold(b []byte) { l.held, l.heldAt = b, -1 }

// holdAt is hold(buf[at:at+n]), for a line in the buffer: two numbers
// stored, not a slice with the garbage collector's write barrier, as the
// lines of a hand are kept one by one.
func (l *psLineReader) holdAt(at, n int) { l.heldAt, l.heldLen = at, n }

// heldLine returns the line held.
func (l *psLineReader) heldLine() []byte {
	if l.heldAt < 0 {
		return l.held
	}
	return l.buf[l.heldAt : l.heldAt+l.heldLen]
}

const psBufSize = 64 << 10

// next returns the next line without its terminator. At the end of input
// it returns io.EOF; any other error is the underlying reader's.
func (l *psLineReader) next() (line []byte, long bool, err error) {
	// Fast path: the line and its end are in the buffer, and it is not too
	// long: one search, no loop. The rest goes the general way below.
	if !l.dropping {
		cr := l.cr
		if cr < l.start || cr < l.end && l.buf[cr] != '\r' {
			cr = l.nextCR()
		}
		data := l.buf[l.start:l.end]
		n, skip := bytes.IndexByte(data[:cr-l.start], '\n'), 1
		if n < 0 && cr+1 < l.end {
			n = cr - l.start
			if l.buf[cr+1] == '\n' {
				skip = 2
			}
		}
		if n >= 0 && n <= l.limit() {
			l.start += n + skip
			l.line++
			return data[:n], false, nil
		}
	}
	for {
		data := l.buf[l.start:l.end]
		if n, skip, ok := psLineEnd(data, l.nextCR()-l.start, l.err != nil); ok {
			line = data[:n]
			l.start += n + skip
			if l.dropping {
				l.dropping = false
				continue
			}
			l.line++
			if n > l.limit() {
				// Too long, though it arrived whole.
				return line[:l.limit()], true, nil
			}
			return line, false, nil
		}
		if l.err != nil {
			if len(data) > 0 && !l.dropping {
				l.start = l.end
				l.line++
				return data, false, nil
			}
			l.start = l.end
			return nil, false, l.err
		}
		if l.dropping {
			l.start, l.end, l.cr = 0, 0, 0
		} else if len(data) > l.limit() {
			// No terminator within the limit: return the line cut short.
			l.start = l.end
			l.dropping = true
			l.line++
			return data[:l.limit()], true, nil
		}
		l.fill()
	}
}

// nextCR returns where in buf the next CR is, or end if there is none.
// It keeps the answer in cr (buf[start:cr] holds no CR; cr == end or
// buf[cr] is a CR): most input has no CR, and then one search per fill,
// not one per line, tells that no line holds one.
func (l *psLineReader) nextCR() int {
	if l.cr < l.start {
		l.cr = l.start
	}
	if l.cr < l.end && l.buf[l.cr] != '\r' {
		if k := bytes.IndexByte(l.buf[l.cr:l.end], '\r'); k >= 0 {
			l.cr += k
		} else {
			l.cr = l.end
		}
	}
	return l.cr
}

// limit is the longest line kept.
func (l *psLineReader) limit() int {
	if l.maxLine <= 0 {
		return parser.DefaultMaxLineBytes
	}
	return l.maxLine
}

// psLineEnd finds the end of the first line in data, whose first CR is at
// cr (len(data) if it has none): the line's length and the length of its
// terminator. A CR at the very end of data needs the next byte to tell CRLF
// from CR, so it counts only at EOF.
func psLineEnd(data []byte, cr int, atEOF bool) (n, skip int, ok bool) {
	if lf := bytes.IndexByte(data[:cr], '\n'); lf >= 0 {
		return lf, 1, true
	}
	if cr < len(data) {
		if cr+1 < len(data) {
			if data[cr+1] == '\n' {
				return cr, 2, true
			}
			return cr, 1, true
		}
		if atEOF {
			return cr, 1, true
		}
	}
	return 0, 0, false
}

// fill reads more input, first moving unread bytes to the front and growing
// the buffer when a line does not fit.
func (l *psLineReader) fill() {
	if l.buf == nil {
		l.buf = make([]byte, psBufSize)
	}
	if held := l.heldLine(); held != nil {
		l.heldCopy = append(l.heldCopy[:0], held...)
		l.held, l.heldAt = l.heldCopy, -1
	}
	if l.start > 0 {
		l.end = copy(l.buf, l.buf[l.start:l.end])
		l.cr = max(l.cr-l.start, 0)
		l.start = 0
	}
	if l.end == len(l.buf) {
		// Full of one unterminated line no longer than the limit: grow
		// up to one byte over it, enough to tell a line that is too long.
		size := min(2*len(l.buf), l.limit()+1)
		grown := make([]byte, size)
		copy(grown, l.buf[:l.end])
		l.buf = grown
	}
	for tries := 0; tries < 100; tries++ {
		n, err := l.r.Read(l.buf[l.end:])
		l.end += n
		if err != nil {
			l.err = err
			return
		}
		if n > 0 {
			return
		}
	}
	l.err = io.ErrNoProgress
}
