// Package parser holds what every input format shares: the Reader
// interface, the registry of formats (Register, Open, Detect), the Limits
// on a hand, the Error a bad hand becomes, the decoding of text
// (NewDecodedReader), the interning of names, the writer of a stream of
// hands and the amount helpers.
//
// Each format is a package of its own below this one, which registers
// itself from its init; import parser/formats for every format. A
// format's Reader is a streaming reader that returns hands one at a time
// from an io.Reader, keeping the file and line of every hand and action,
// in the manner of encoding/csv. A hand that cannot be read is returned
// as an *Error (with the file, line and a clear reason) and reading goes
// on with the next hand; only an I/O error from the underlying reader
// stops a Reader. No Reader panics on any input.
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

// Limits bound the memory one hand may take while it is read, so that a
// broken or hostile input (a gigabyte on one line, a hand that never ends)
// becomes a parse error instead of filling memory. A Reader never buffers
// more than about MaxHandBytes of one hand: a larger hand is reported as
// an *Error at its first line and skipped, and reading goes on with the
// next hand; a line longer than MaxLineBytes is reported at its line, and
// its hand is skipped, without the line ever being held whole (such a line
// is never taken for the start of a hand). Where the reads of the input
// fall never changes what is reported.
//
// MaxActions bounds the actions of one hand: replaying a hand keeps every
// seat's stack after every action, so a hand of a million actions, which
// fits in a few megabytes of text, would take gigabytes to audit.
type Limits struct {
	MaxHandBytes int // longest hand text accepted, in bytes (0: DefaultMaxHandBytes)
	MaxLineBytes int // longest line accepted, in bytes (0: DefaultMaxLineBytes)
	MaxActions   int // most actions in one hand (0: DefaultMaxActions)
}

// Default limits: real hands are a few kilobytes, with a few hundred
// actions at most, and real lines a few hundred bytes, so these are far
// above anything genuine.
const (
	DefaultMaxHandBytes = 16 << 20
	DefaultMaxLineBytes = 1 << 20
	DefaultMaxActions   = 50_000
)

// Normalized fills in defaults for zero or negative limits and keeps a
// line no longer than a hand.
func (l Limits) Normalized() Limits {
	if l.MaxHandBytes <= 0 {
		l.MaxHandBytes = DefaultMaxHandBytes
	}
	if l.MaxLineBytes <= 0 {
		l.MaxLineBytes = DefaultMaxLineBytes
	}
	if l.MaxActions <= 0 {
		l.MaxActions = DefaultMaxActions
	}
	l.MaxLineBytes = min(l.MaxLineBytes, l.MaxHandBytes)
	return l
}

// Open returns a Reader of format f over r, with the default Limits. It
// returns an error if f is unknown.
func Open(f Format, r io.Reader, file string) (Reader, error) {
	return OpenLimited(f, r, file, Limits{})
}

// OpenLimited is Open with limits on the size of a hand and of a line
// (zero fields take the defaults).
func OpenLimited(f Format, r io.Reader, file string, lim Limits) (Reader, error) {
	return OpenPooled(f, r, file, lim, nil)
}

// OpenPooled is OpenLimited with the hands it returns taken from pool, so
// that a caller that gives each hand back once done with it (hand.Pool.Put)
// does not allocate every hand again. A nil pool allocates every hand.
func OpenPooled(f Format, r io.Reader, file string, lim Limits, pool *hand.Pool) (Reader, error) {
	reg, ok := registry[f]
	if !ok {
		return nil, fmt.Errorf("unknown input format %q", f)
	}
	return reg.Open(r, file, lim.Normalized(), pool), nil
}
