package parser

import (
	"bytes"
	"fmt"
	"io"
	"slices"

	"github.com/handaudit/handaudit/hand"
)

// Format names an input format: the name its package registers under,
// and what a user passes to --format.
type Format string

// FormatUnknown is the Format of an input no registered format
// recognises.
const FormatUnknown Format = ""

// Confidences a format's Detect returns: how sure it is that an input is
// in the format. Detect takes the most confident.
const (
	// NotThisFormat: the input is not in the format.
	NotThisFormat = 0
	// SyntaxMatch: the input has the format's general syntax, which
	// another format's may share (a TOML document, an XML one).
	SyntaxMatch = 10
	// SignatureMatch: the input has a line only this format writes (a
	// room's hand header).
	SignatureMatch = 100
)

// Registration is what a format package gives Register: its name, how to
// recognise it, how to read it and, if it has one, how to write it.
type Registration struct {
	Name Format
	// Detect returns how sure the format is that an input whose text
	// starts with head is in it: NotThisFormat, SyntaxMatch,
	// SignatureMatch or a confidence between. head is UTF-8 (decoded by
	// Detect, see NewDecodedReader), a few KiB, and may end mid-line.
	Detect func(head []byte) int
	// Open returns a Reader of r, naming it file in positions, under lim
	// (normalized: no zero fields), taking hands from pool (nil: each
	// hand is allocated).
	Open func(r io.Reader, file string, lim Limits, pool *hand.Pool) Reader
	// Append, if the format has a writer, appends h as the n-th hand
	// (from 1) of a stream in the format to dst. A hand the format cannot
	// express is an error. NewWriter writes streams with it.
	Append func(dst []byte, h *hand.Hand, n int) ([]byte, error)
}

var (
	registry = map[Format]Registration{}
	names    []Format // registry's names, sorted: the order Detect asks in
)

// Register adds a format. Each format package calls it from its init
// function (it is not safe to call once reading has started). It panics
// if the registration has no name, no Detect or no Open, or if the name
// is taken: these are mistakes in the program, not in its input.
func Register(reg Registration) {
	switch {
	case reg.Name == FormatUnknown || reg.Detect == nil || reg.Open == nil:
		panic(fmt.Sprintf("parser: incomplete registration of format %q", reg.Name))
	case registry[reg.Name].Open != nil:
		panic(fmt.Sprintf("parser: format %q registered twice", reg.Name))
	}
	registry[reg.Name] = reg
	i, _ := slices.BinarySearch(names, reg.Name)
	names = slices.Insert(names, i, reg.Name)
}

// Formats returns the names of the registered formats, sorted.
func Formats() []Format { return slices.Clone(names) }

// Detect names the format of an input from its first bytes (a few KiB is
// plenty). It decodes them (see NewDecodedReader) and asks every
// registered format how sure it is (Registration.Detect), taking the
// most confident; of formats equally sure, the first by name, so that
// the answer never depends on the order formats registered in. It looks
// at content, never at the file name, so a renamed or extension-less log
// is still read. It returns FormatUnknown if no format recognises the
// input.
func Detect(head []byte) Format {
	text := decodeHead(head)
	best, bestConfidence := FormatUnknown, NotThisFormat
	for _, name := range names {
		if c := registry[name].Detect(text); c > bestConfidence {
			best, bestConfidence = name, c
		}
	}
	return best
}

// decodeHead turns the head of an input into UTF-8 (dropping a BOM,
// decoding UTF-16 and Windows-1252) so that sniffing sees plain text.
func decodeHead(b []byte) []byte {
	text, err := io.ReadAll(NewDecodedReader(bytes.NewReader(b)))
	if err != nil {
		return b
	}
	return text
}

// NewWriter returns a writer of a stream of hands in format f to w. It
// returns an error if f is unknown or has no writer.
func NewWriter(f Format, w io.Writer) (*HandWriter, error) {
	reg, ok := registry[f]
	switch {
	case !ok:
		return nil, fmt.Errorf("unknown format %q", f)
	case reg.Append == nil:
		return nil, fmt.Errorf("format %q has no writer", f)
	}
	return NewHandWriter(w, reg.Append), nil
}
