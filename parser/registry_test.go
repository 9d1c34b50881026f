package parser

import (
	"bytes"
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
)

// fakeFormat registers a format named name that claims an input holding
// marker with the given confidence, reads nothing and writes each hand
// as its number.
func fakeFormat(name Format, marker string, confidence int, writes bool) Registration {
	reg := Registration{
		Name: name,
		Detect: func(head []byte) int {
			if bytes.Contains(head, []byte(marker)) {
				return confidence
			}
			return NotThisFormat
		},
		Open: func(io.Reader, string, Limits, *hand.Pool) Reader { return nil },
	}
	if writes {
		reg.Append = func(dst []byte, h *hand.Hand, n int) ([]byte, error) {
			return append(dst, h.ID+"\n"...), nil
		}
	}
	return reg
}

// TestRegistry checks detection by confidence, ties broken by name
// whatever the order of registration, and the errors of Register, Open
// and NewWriter.
func TestRegistry(t *testing.T) {
	// Registered out of name order: a tie must still go to "zz-fake-a".
	Register(fakeFormat("zz-fake-c", "FAKE-TIE", SyntaxMatch, false))
	Register(fakeFormat("zz-fake-b", "FAKE-SURE", SignatureMatch, true))
	Register(fakeFormat("zz-fake-a", "FAKE-", SyntaxMatch, false))

	names := Formats()
	if !slices.IsSorted(names) {
		t.Errorf("Formats() = %v, not sorted", names)
	}
	for _, f := range []Format{"zz-fake-a", "zz-fake-b", "zz-fake-c"} {
		if !slices.Contains(names, f) {
			t.Errorf("Formats() = %v, without %q", names, f)
		}
	}
	for _, tc := range []struct {
		head string
		want Format
	}{
		{"FAKE-TIE: a and c both match", "zz-fake-a"},
		{"FAKE-SURE: b's signature beats a's syntax", "zz-fake-b"},
		{"\xff\xfeF\x00A\x00K\x00E\x00-\x00S\x00U\x00R\x00E\x00", "zz-fake-b"}, // decoded once for every format
		{"nothing here", FormatUnknown},
	} {
		if got := Detect([]byte(tc.head)); got != tc.want {
			t.Errorf("Detect(%q) = %q, want %q", tc.head, got, tc.want)
		}
	}

	for _, reg := range []Registration{
		fakeFormat("zz-fake-a", "x", 1, false),                        // taken
		fakeFormat("", "x", 1, false),                                 // no name
		{Name: "zz-fake-d", Open: fakeFormat("", "x", 1, false).Open}, // no Detect
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Register(%q) did not panic", reg.Name)
				}
			}()
			Register(reg)
		}()
	}

	if _, err := Open("zz-no-such-format", strings.NewReader(""), "f"); err == nil {
		t.Error("Open of an unknown format: no error")
	}
	if _, err := NewWriter("zz-fake-a", io.Discard); err == nil {
		t.Error("NewWriter of a format without a writer: no error")
	}
	if _, err := NewWriter("zz-no-such-format", io.Discard); err == nil {
		t.Error("NewWriter of an unknown format: no error")
	}
	var buf bytes.Buffer
	w, err := NewWriter("zz-fake-b", &buf)
	if err != nil {
		t.Fatal(err)
	}
	for _, id := range []string{"1", "2"} {
		if err := w.Write(&hand.Hand{ID: id}); err != nil {
			t.Fatal(err)
		}
	}
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, want := buf.String(), "1\n\n2\n"; got != want {
		t.Errorf("written %q, want %q (hands a blank line apart)", got, want)
	}
}
