// Package parser reads hand histories into hand.Hand values.
//
// Each input format has one file here and one Reader: a streaming reader
// that returns hands one at a time from an io.Reader, keeping the file and
// line of every hand and action, in the manner of encoding/csv. A hand that
// cannot be read is returned as an *Error (with the file, line and a clear
// reason) and reading goes on with the next hand; only an I/O error from the
// underlying reader stops a Reader. No Reader panics on any input.
package parser

import (
	"errors"
	"fmt"
	"io"

	"github.com/handaudit/handaudit/hand"
)

// Reader reads hands from one input.
//
// Next returns the next hand. At the end of input it returns (nil, io.EOF).
// If one hand is malformed it returns (nil, *Error) and the next call goes on
// with the following hand. Any other error is an I/O error and is final.
type Reader interface {
	Next() (*hand.Hand, error)
}

// Error is a hand or file that could not be read. It becomes a parse.error finding.
type Error struct {
	File      string
	Line      int    // 1-based line of the problem (0 if unknown)
	HandIndex int    // 0-based index of the hand within the file (-1 if not in a hand)
	HandID    string // hand ID if it was read before the problem
	Text      string // the offending line, shortened, if useful
	Msg       string // what is wrong, in plain words
}

func (e *Error) Error() string {
	s := fmt.Sprintf("%s:%d: %s", e.File, e.Line, e.Msg)
	if e.Text != "" {
		s += fmt.Sprintf(" (line: %q)", e.Text)
	}
	return s
}

// IsParseError reports whether err is (or wraps) a *Error, that is a bad hand
// after which reading can go on.
func IsParseError(err error) bool {
	var pe *Error
	return errors.As(err, &pe)
}

// Format names an input format.
type Format string

// Known formats.
const (
	FormatUnknown    Format = ""
	FormatPHH        Format = "phh"
	FormatPokerStars Format = "pokerstars"
)

// Opener builds a Reader for one format over r; file is the name used in positions.
type Opener func(r io.Reader, file string) Reader

var openers = map[Format]Opener{}

// register adds a format's Opener; each format file calls it from init.
func register(f Format, o Opener) { openers[f] = o }

// Open returns a Reader of format f over r. It returns an error if f is unknown.
func Open(f Format, r io.Reader, file string) (Reader, error) {
	o, ok := openers[f]
	if !ok {
		return nil, fmt.Errorf("unknown input format %q", f)
	}
	return o(r, file), nil
}
