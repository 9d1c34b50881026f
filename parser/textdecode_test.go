package parser

import (
	"bytes"
	"errors"
	"io"
	"math/rand/v2"
	"strings"
	"testing"
	"testing/iotest"
	"unicode/utf16"
	"unicode/utf8"
)

func TestDecodedReader(t *testing.T) {
	cases := []struct {
		name string
		in   []byte
		want string
	}{
		{"empty", nil, ""},
		{"ASCII", []byte("Seat 1: Ann ($1 in chips)\r\n"), "Seat 1: Ann ($1 in chips)\r\n"},
		{"UTF-8 BOM dropped", []byte("\xEF\xBB\xBFabc"), "abc"},
		{"only a BOM", []byte("\xEF\xBB\xBF"), ""},
		{"UTF-8 kept", []byte("Dü€r ₹10 ¥5 £3"), "Dü€r ₹10 ¥5 £3"},
		{"a later BOM is text", []byte("a\xEF\xBB\xBFb"), "a\uFEFFb"},
		{"Windows-1252", []byte{'D', 0xFC, 0x80, 'r', ' ', 0x93, 'q', 0x94, ' ', 0x9F}, "Dü€r “q” Ÿ"},
		{"1252 undefined bytes are C1 controls", []byte{0x81, 0x8D, 0x8F, 0x90, 0x9D}, "\u0081\u008D\u008F\u0090\u009D"},
		{"1252 mixed into UTF-8", []byte("é\xE9"), "éé"},
		{"cut UTF-8 sequence at the end", []byte("ab\xE2\x82"), "abâ‚"},
		{"lone BOM start", []byte{0xEF}, "ï"},
		{"two BOM bytes then EOF", []byte{0xEF, 0xBB}, "ï»"},
		{"UTF-16LE", utf16WithBOM("Ann ₹5\r\nDü", false), "Ann ₹5\r\nDü"},
		{"UTF-16BE", utf16WithBOM("Ann ₹5\nDü", true), "Ann ₹5\nDü"},
		{"UTF-16 surrogate pair", utf16WithBOM("a😀b", false), "a😀b"},
		{"UTF-16 lone high surrogate", []byte{0xFF, 0xFE, 0x3D, 0xD8, 'a', 0}, "\uFFFDa"},
		{"UTF-16 lone low surrogate", []byte{0xFE, 0xFF, 0xDE, 0x00, 0, 'a'}, "\uFFFDa"},
		{"UTF-16 high surrogate at the end", []byte{0xFF, 0xFE, 'a', 0, 0x3D, 0xD8}, "a\uFFFD"},
		{"UTF-16 odd byte at the end", []byte{0xFF, 0xFE, 'a', 0, 'b'}, "a\uFFFD"},
		{"UTF-16 BOM only", []byte{0xFF, 0xFE}, ""},
		{"UTF-16LE without a BOM", utf16WithBOM("Hand #1: Hold'em No Limit ($0.05/$0.10 USD)\r\nDü", false)[2:], "Hand #1: Hold'em No Limit ($0.05/$0.10 USD)\r\nDü"},
		{"UTF-16BE without a BOM", utf16WithBOM("[1]\nvariant = \"NT\"\nantes = [0, 0]\nblinds = [1, 2]\n", true)[2:], "[1]\nvariant = \"NT\"\nantes = [0, 0]\nblinds = [1, 2]\n"},
		{"short UTF-16LE without a BOM", utf16WithBOM("Seat 1:", false)[2:], "Seat 1:"},
		{"NUL bytes in UTF-8 are text", []byte("Seat 1: A\x00nn ($1 in chips) and a few more words here to sniff\n"), "Seat 1: A\x00nn ($1 in chips) and a few more words here to sniff\n"},
		{"too short to sniff", []byte("a\x00b\x00"), "a\x00b\x00"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			readers := map[string]func(io.Reader) io.Reader{
				"whole":       func(r io.Reader) io.Reader { return r },
				"one byte":    iotest.OneByteReader,
				"half":        iotest.HalfReader,
				"data+EOF":    iotest.DataErrReader,
				"tiny output": func(r io.Reader) io.Reader { return r },
			}
			for name, wrap := range readers {
				d := NewDecodedReader(wrap(bytes.NewReader(c.in)))
				var got []byte
				var err error
				if name == "tiny output" {
					got, err = decodeReadSmall(d)
				} else {
					got, err = io.ReadAll(d)
				}
				if err != nil {
					t.Fatalf("%s: %v", name, err)
				}
				if string(got) != c.want {
					t.Errorf("%s: got %q, want %q", name, got, c.want)
				}
			}
		})
	}
}

// readSmall reads with a one-byte buffer.
func decodeReadSmall(r io.Reader) ([]byte, error) {
	var out []byte
	p := make([]byte, 1)
	for {
		n, err := r.Read(p)
		out = append(out, p[:n]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
}

func TestDecodedReaderLarge(t *testing.T) {
	// Many chunks, with multi-byte characters across chunk edges.
	text := strings.Repeat("Çé:ñ posts €0.05 ₹ 😀\n", 20000)
	for _, enc := range []struct {
		name string
		in   []byte
	}{
		{"UTF-8", []byte(text)},
		{"UTF-16LE", utf16WithBOM(text, false)},
		{"UTF-16BE", utf16WithBOM(text, true)},
	} {
		got, err := io.ReadAll(NewDecodedReader(iotest.HalfReader(bytes.NewReader(enc.in))))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != text {
			t.Errorf("%s: %d bytes decoded, want %d equal bytes", enc.name, len(got), len(text))
		}
	}
}

func TestDecodedReaderError(t *testing.T) {
	boom := errors.New("boom")
	d := NewDecodedReader(io.MultiReader(strings.NewReader("abc"), iotest.ErrReader(boom)))
	got, err := io.ReadAll(d)
	if !errors.Is(err, boom) || string(got) != "abc" {
		t.Fatalf("got %q, %v; want \"abc\" and the error", got, err)
	}
	if _, err := d.Read(make([]byte, 4)); !errors.Is(err, boom) {
		t.Fatalf("error not sticky: %v", err)
	}
}

// hiddenReader hides a reader's type, so that NewDecodedReader cannot tell
// it is a DecodedReader.
type hiddenReader struct{ io.Reader }

// decodeInputs are texts for the tests of decoding twice and of Peek:
// every encoding, marks, invalid bytes, NULs, and large ones.
func decodeInputs() [][]byte {
	ins := [][]byte{
		nil, []byte("abc"), []byte("\xEF\xBB\xBF\xEF\xBB\xBFtwo marks"), []byte("\xEF\xBB\xBF\xEF\xBB\xBF\xEF\xBB\xBFthree"),
		[]byte("D\xFC\x80r \x93q\x94"), []byte("ab\xE2\x82"), utf16WithBOM("Ann ₹5\r\nDü", false), utf16WithBOM("Ann ₹5\nDü", true),
		utf16WithBOM(string(utf16WithBOM("nested UTF-16 text, long enough to sniff without a mark", false)[2:])+"x", false),
		[]byte(strings.Repeat("Çé:ñ posts €0.05 ₹ 😀\n", 5000)),
		append([]byte(strings.Repeat("plain ascii line\n", 4000)), 0xE9, 0xFF, '\n'),
	}
	rng := rand.New(rand.NewPCG(5, 6))
	for range 300 {
		b := make([]byte, rng.IntN(9000))
		for i := range b {
			switch rng.IntN(6) {
			case 0:
				b[i] = byte(rng.IntN(256))
			case 1:
				b[i] = 0
			default:
				b[i] = byte('a' + rng.IntN(26))
			}
		}
		if rng.IntN(3) == 0 {
			b = append([]byte("\xEF\xBB\xBF"), b...)
		}
		ins = append(ins, b)
	}
	return ins
}

// TestDecodedReaderTwice checks that a DecodedReader over another one,
// which passes the text on without decoding it again, reads what decoding
// it again reads, whatever the sizes of the reads.
func TestDecodedReaderTwice(t *testing.T) {
	reads := map[string]func(io.Reader) ([]byte, error){
		"ReadAll":   io.ReadAll,
		"one byte":  decodeReadSmall,
		"64K reads": func(r io.Reader) ([]byte, error) { return decodeReadSize(r, 64<<10) },
		"5K reads":  func(r io.Reader) ([]byte, error) { return decodeReadSize(r, 5000) },
	}
	for i, in := range decodeInputs() {
		for _, src := range []func(io.Reader) io.Reader{
			func(r io.Reader) io.Reader { return r },
			iotest.HalfReader,
			iotest.OneByteReader,
		} {
			want, err := io.ReadAll(NewDecodedReader(hiddenReader{NewDecodedReader(src(bytes.NewReader(in)))}))
			if err != nil {
				t.Fatal(err)
			}
			for name, read := range reads {
				got, err := read(NewDecodedReader(NewDecodedReader(src(bytes.NewReader(in)))))
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(got, want) {
					t.Fatalf("input %d, %s: decoded twice %d bytes, passed on %d bytes that differ", i, name, len(want), len(got))
				}
			}
		}
	}
}

// decodeReadSize reads with a buffer of size bytes.
func decodeReadSize(r io.Reader, size int) ([]byte, error) {
	var out []byte
	p := make([]byte, size)
	for {
		n, err := r.Read(p)
		out = append(out, p[:n]...)
		if err == io.EOF {
			return out, nil
		}
		if err != nil {
			return out, err
		}
	}
}

// TestDecodedReaderPeek checks Peek against reading: it shows the next
// bytes without taking them, fewer at the end with io.EOF.
func TestDecodedReaderPeek(t *testing.T) {
	for i, in := range decodeInputs() {
		want, err := io.ReadAll(NewDecodedReader(bytes.NewReader(in)))
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range []int{0, 1, 3, 64, 8192, 100000} {
			d := NewDecodedReader(iotest.HalfReader(bytes.NewReader(in)))
			head, err := d.Peek(n)
			switch {
			case len(want) >= n && (err != nil || !bytes.Equal(head, want[:n])):
				t.Fatalf("input %d: Peek(%d) = %d bytes, %v; want the first %d bytes", i, n, len(head), err, n)
			case len(want) < n && (err != io.EOF || !bytes.Equal(head, want)):
				t.Fatalf("input %d: Peek(%d) = %d bytes, %v; want all %d bytes and io.EOF", i, n, len(head), err, len(want))
			}
			again, _ := d.Peek(n)
			if !bytes.Equal(again, head) {
				t.Fatalf("input %d: a second Peek(%d) differs", i, n)
			}
			got, err := decodeReadSize(d, 7000)
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("input %d: after Peek(%d), read %d bytes (%v); want the %d bytes of the text", i, n, len(got), err, len(want))
			}
		}
	}
	boom := errors.New("boom")
	d := NewDecodedReader(io.MultiReader(strings.NewReader("abc"), iotest.ErrReader(boom)))
	if head, err := d.Peek(10); string(head) != "abc" || !errors.Is(err, boom) {
		t.Fatalf("Peek before an error = %q, %v; want \"abc\" and the error", head, err)
	}
}

// TestValidUTF8 checks validUTF8 against utf8.Valid on text with
// every byte in every position around the word and block boundaries, and
// on random text mostly ASCII.
func TestValidUTF8(t *testing.T) {
	check := func(b []byte) {
		t.Helper()
		if got, want := validUTF8(b), utf8.Valid(b); got != want {
			t.Fatalf("validUTF8(%q) = %v, want %v", b, got, want)
		}
	}
	base := []byte(strings.Repeat("Seat 1: Zoé ($1 in chips)\n", 4))
	for pos := range 70 {
		for c := range 256 {
			b := append([]byte(nil), base...)
			b[pos] = byte(c)
			check(b)
			check(b[:pos+1])
		}
	}
	for a := 0x80; a < 0x100; a++ {
		for c := range 256 {
			for _, pad := range []int{0, 7, 63, 70} {
				b := append([]byte(strings.Repeat("x", pad)), byte(a), byte(c), 'y')
				check(b)
				check(b[:len(b)-1])
			}
		}
	}
	rng := rand.New(rand.NewPCG(11, 12))
	pieces := []string{"a", "é", "€", "😀", "\xff", "\xc3", "\xe2\x82", "\xed\xa0\x80", "\xc0\xaf", " ", "\n"}
	for range 20000 {
		var b []byte
		for range rng.IntN(100) {
			if rng.IntN(8) == 0 {
				b = append(b, pieces[rng.IntN(len(pieces))]...)
			} else {
				b = append(b, byte('a'+rng.IntN(26)))
			}
		}
		check(b)
	}
}

// utf16WithBOM encodes s as UTF-16 with a byte-order mark.
func utf16WithBOM(s string, bigEndian bool) []byte {
	units := utf16.Encode([]rune(s))
	out := make([]byte, 0, 2+2*len(units))
	put := func(u uint16) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	put(0xFEFF)
	for _, u := range units {
		put(u)
	}
	return out
}
