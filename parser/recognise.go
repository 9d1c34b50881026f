package parser

import (
	"bytes"
	"fmt"
	"io"
	"slices"
	"strings"
)

// A recogniser names a format handaudit recognises but does not read
// (yet): such an input is reported for what it is ("Bovada text") and its
// hands are counted by their headers, apart from parse errors, instead of
// being "not recognised". Recognisers register as formats do, from the
// init of a package (parser/unsupported), and are asked only about inputs
// no registered format reads: a reader always wins over a recogniser, so
// a format's recogniser can stay registered until its reader lands (and
// should then go: parser/unsupported's tests say when).

// Recognition is what a recogniser gives RegisterRecogniser.
type Recognition struct {
	// Name says what the format is, for people: "Bovada text".
	Name string
	// Markers are the texts that start each hand's record in the format
	// (a header line's start, an XML element's start): an input whose
	// head holds one is in the format, and the marker found first in the
	// head is counted through the input to count its hands.
	Markers []string
	// Also, if set, must be in the head too: a second signature, for a
	// marker another format might also write.
	Also string
}

var recognisers []Recognition // sorted by name

// RegisterRecogniser adds a recogniser. It panics on a registration with
// no name or no marker, or a name taken: mistakes in the program.
func RegisterRecogniser(r Recognition) {
	if r.Name == "" || len(r.Markers) == 0 || slices.Contains(r.Markers, "") {
		panic(fmt.Sprintf("parser: incomplete recogniser %q", r.Name))
	}
	i, found := slices.BinarySearchFunc(recognisers, r.Name, func(a Recognition, name string) int { return strings.Compare(a.Name, name) })
	if found {
		panic(fmt.Sprintf("parser: recogniser %q registered twice", r.Name))
	}
	recognisers = slices.Insert(recognisers, i, r)
}

// Recognisers returns the names of the registered recognisers, sorted.
func Recognisers() []string {
	names := make([]string, len(recognisers))
	for i, r := range recognisers {
		names[i] = r.Name
	}
	return names
}

// Recognise names the format of an input that no registered format reads,
// from its first bytes (decoded as Detect decodes them), and returns the
// marker that starts each of its hands; "" and nil when no recogniser
// knows the text. Of recognisers whose markers are in the head, the one
// whose marker comes first wins (the first hand's header decides), and of
// those equal, the first by name.
func Recognise(head []byte) (name string, marker []byte) {
	text := decodeHead(head)
	best := -1
	for _, r := range recognisers {
		if r.Also != "" && !bytes.Contains(text, []byte(r.Also)) {
			continue
		}
		for _, m := range r.Markers {
			if i := bytes.Index(text, []byte(m)); i >= 0 && (best < 0 || i < best) {
				best, name, marker = i, r.Name, []byte(m)
			}
		}
	}
	return name, marker
}

// CountHands counts the hands of an input in a format handaudit does not
// read: the occurrences of marker (from Recognise) in r, to its end. r
// yields the input's text as Detect saw it (a DecodedReader).
func CountHands(r io.Reader, marker []byte) (int64, error) {
	if len(marker) == 0 {
		return 0, nil
	}
	var n int64
	buf := make([]byte, 64<<10+len(marker))
	keep := 0 // bytes carried over from the last read: a marker may straddle two
	for {
		k, err := r.Read(buf[keep:])
		if k > 0 {
			window := buf[:keep+k]
			n += int64(bytes.Count(window, marker))
			keep = min(len(marker)-1, len(window))
			copy(buf, window[len(window)-keep:])
		}
		if err == io.EOF {
			return n, nil
		}
		if err != nil {
			return n, err
		}
	}
}
