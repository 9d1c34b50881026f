package pacific

// Splitting the decoded text into lines.

import (
	"bufio"
	"errors"
	"io"
)

// lineReader splits text into lines ending in LF or CRLF, counting them
// from 1. A line's bytes are valid until the next call. Memory is bounded:
// a line longer than maxLine is returned cut to maxLine bytes with long
// set, and the rest of it is read and dropped, never held.
type lineReader struct {
	br      *bufio.Reader
	maxLine int
	line    int    // number of the line last returned
	joined  []byte // a line longer than the buffer, put together
}

func newLineReader(r io.Reader, maxLine int) lineReader {
	return lineReader{br: bufio.NewReaderSize(r, 64<<10), maxLine: maxLine}
}

// next returns the next line, without its line end, trailing blanks or a
// leading byte-order mark. At the end of input it returns io.EOF; any
// other error is the underlying reader's.
func (l *lineReader) next() (line []byte, long bool, err error) {
	b, err := l.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// Longer than the buffer: put it together up to the limit.
		l.joined = append(l.joined[:0], b...)
		for err == bufio.ErrBufferFull {
			b, err = l.br.ReadSlice('\n')
			if room := l.maxLine + 1 - len(l.joined); room > 0 {
				l.joined = append(l.joined, b[:min(room, len(b))]...)
			}
		}
		b = l.joined
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		err = nil
	}
	if err != nil {
		if !errors.Is(err, io.EOF) || len(b) == 0 {
			return nil, false, err
		}
	}
	l.line++
	if len(b) > 0 && b[len(b)-1] == '\n' {
		b = b[:len(b)-1]
	}
	if len(b) > l.maxLine {
		return b[:l.maxLine], true, nil
	}
	return trimLine(b), false, nil
}

// trimLine drops a line's trailing blanks and CR and its leading byte-order
// marks (files glued together keep theirs). Leading spaces stay: a player
// line whose name is empty starts with one.
func trimLine(b []byte) []byte {
	for len(b) > 0 && (b[len(b)-1] == ' ' || b[len(b)-1] == '\r' || b[len(b)-1] == '\t') {
		b = b[:len(b)-1]
	}
	for len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF {
		b = b[3:]
	}
	return b
}
