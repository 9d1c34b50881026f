package partypoker

// Splitting the decoded text into lines.

import (
	"bufio"
	"bytes"
	"errors"
	"io"
)

// lineReader splits decoded text into lines ending in LF, CRLF or a lone
// CR, counting them from 1. A line's bytes are valid until the next call.
// A line longer than max is returned cut, with long set, and the rest of
// it is dropped, so memory stays bounded.
type lineReader struct {
	r    *bufio.Reader
	max  int
	num  int    // number of the line last returned
	rest []byte // what followed a lone CR in the last slice read
	long []byte // a line longer than the buffer, gathered
}

func newLineReader(r io.Reader, max int) *lineReader {
	return &lineReader{r: bufio.NewReaderSize(r, 64<<10), max: max}
}

// next returns the next line without its terminator, or io.EOF (or the
// underlying reader's error) when there is none.
func (l *lineReader) next() (line []byte, long bool, err error) {
	if l.rest != nil {
		line, l.rest = l.rest, nil
	} else {
		line, long, err = l.read()
		if err != nil {
			return nil, false, err
		}
	}
	line = bytes.TrimSuffix(line, []byte{'\r'})
	// A lone CR ends a line too (old Mac exports).
	if i := bytes.IndexByte(line, '\r'); i >= 0 {
		line, l.rest = line[:i], line[i+1:]
	}
	l.num++
	return line, long, nil
}

// read reads up to the next LF (dropped), gathering a line longer than
// the buffer and cutting it at max.
func (l *lineReader) read() ([]byte, bool, error) {
	line, err := l.r.ReadSlice('\n')
	if err == nil {
		line = line[:len(line)-1]
		if len(line) > l.max {
			return line[:l.max], true, nil
		}
		return line, false, nil
	}
	if errors.Is(err, bufio.ErrBufferFull) {
		l.long = append(l.long[:0], line...)
		for {
			line, err = l.r.ReadSlice('\n')
			if err == nil {
				line = line[:len(line)-1]
			}
			if len(l.long) <= l.max {
				l.long = append(l.long, line...)
			}
			if !errors.Is(err, bufio.ErrBufferFull) {
				break
			}
		}
		if err != nil && err != io.EOF {
			return nil, false, err
		}
		if len(l.long) > l.max {
			return l.long[:l.max], true, nil
		}
		return l.long, false, nil
	}
	if len(line) > 0 {
		// The last line, with no terminator.
		if len(line) > l.max {
			return line[:l.max], true, nil
		}
		return line, false, nil
	}
	return nil, false, err
}
