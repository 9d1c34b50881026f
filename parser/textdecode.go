package parser

import (
	"encoding/binary"
	"errors"
	"io"
	"math/bits"
	"unicode/utf8"
)

// NewDecodedReader returns a reader of r's text as UTF-8, for any format
// reader to wrap its input in.
//
// It reads the encodings hand-history exports come in: UTF-8 with or
// without a byte-order mark (the mark is dropped), UTF-16 little- or
// big-endian with a byte-order mark, or without one when its first
// characters are plainly UTF-16 (every other byte zero, as ASCII text is
// in UTF-16), and Windows-1252. Other text without a mark is read as
// UTF-8; any byte that is not part of a valid UTF-8 sequence is
// read as Windows-1252, so a Windows-1252 file, or a UTF-8 file with a few
// Windows-1252 names pasted in, decodes without loss. Line endings are left
// as they are. It streams: memory use does not grow with the input.
//
// Its text is valid UTF-8, so decoding it again changes nothing but a
// second leading byte-order mark (or text that looks like UTF-16): a
// DecodedReader over another one knows this, and after its first bytes
// passes the text on without checking it again, read straight into the
// caller's buffer. Its Peek lets a caller look at the start of the text
// (to detect the format) without a bufio.Reader in between, which would
// hide it from a format reader's own NewDecodedReader.
func NewDecodedReader(r io.Reader) *DecodedReader {
	_, decoded := r.(*DecodedReader)
	return &DecodedReader{src: r, srcValid: decoded, in: make([]byte, 0, decodeChunk)}
}

const decodeChunk = 32 << 10

// directMin is the smallest Read that is served straight from the source
// when no decoding is needed: smaller reads go through the buffers.
const directMin = 4 << 10

type decodeMode uint8

const (
	modeSniff decodeMode = iota
	modeUTF8
	modeUTF16LE
	modeUTF16BE
)

// DecodedReader is the reader NewDecodedReader returns.
type DecodedReader struct {
	src      io.Reader
	srcValid bool // src is a DecodedReader: its text is valid UTF-8
	mode     decodeMode
	in       []byte // raw bytes read but not yet decoded (an incomplete sequence at most, between reads)
	out      []byte // decoded bytes not yet returned
	outPos   int
	srcErr   error // sticky error from src (io.EOF at the end)
}

func (d *DecodedReader) Read(p []byte) (int, error) {
	if len(p) == 0 {
		return 0, nil
	}
	if d.outPos == len(d.out) && len(d.in) == 0 && d.mode == modeUTF8 && d.srcErr == nil && len(p) >= directMin {
		if n := d.readDirect(p); n > 0 {
			return n, nil
		}
	}
	for d.outPos == len(d.out) {
		if d.srcErr != nil && len(d.in) == 0 {
			return 0, d.srcErr
		}
		d.out, d.outPos = d.out[:0], 0
		d.more()
	}
	n := copy(p, d.out[d.outPos:])
	d.outPos += n
	return n, nil
}

// readDirect reads UTF-8 from the source straight into p, saving the two
// copies through in and out, and returns how much it read. What is not
// valid UTF-8 as it stands (Windows-1252 bytes, or a sequence cut at the
// end of the read) is moved to in to be decoded, and 0 returned.
func (d *DecodedReader) readDirect(p []byte) int {
	n, err := d.src.Read(p)
	if err != nil {
		d.srcErr = err
	}
	if d.srcValid || validUTF8(p[:n]) {
		return n
	}
	d.in = append(d.in, p[:n]...)
	return 0
}

// more reads and decodes more input onto the end of out.
func (d *DecodedReader) more() {
	before := len(d.out)
	if err := d.fill(); err != nil && !errors.Is(err, io.EOF) {
		d.srcErr = err
	}
	d.decode()
	if d.srcErr != nil && len(d.in) != 0 && len(d.out) == before {
		// An incomplete sequence at the end of input: decode it as is.
		d.decodeTail()
	}
}

// Peek returns the next n bytes of text without reading them, as
// bufio.Reader's Peek does; fewer at the end of input, with the error that
// ended it (io.EOF).
func (d *DecodedReader) Peek(n int) ([]byte, error) {
	for len(d.out)-d.outPos < n && (d.srcErr == nil || len(d.in) != 0) {
		if d.outPos > 0 {
			d.out, d.outPos = d.out[:copy(d.out, d.out[d.outPos:])], 0
		}
		d.more()
	}
	if rest := d.out[d.outPos:]; len(rest) < n {
		return rest, d.srcErr
	}
	return d.out[d.outPos : d.outPos+n], nil
}

// fill reads more raw input into d.in, after whatever incomplete sequence is left there.
func (d *DecodedReader) fill() error {
	if d.srcErr != nil {
		return d.srcErr
	}
	for tries := 0; tries < 100; tries++ {
		if cap(d.in)-len(d.in) < 8 {
			grown := make([]byte, len(d.in), 2*cap(d.in)+8)
			copy(grown, d.in)
			d.in = grown
		}
		n, err := d.src.Read(d.in[len(d.in):cap(d.in)])
		d.in = d.in[:len(d.in)+n]
		if err != nil {
			d.srcErr = err
			return err
		}
		if n > 0 {
			return nil
		}
	}
	d.srcErr = io.ErrNoProgress
	return d.srcErr
}

// decode turns as much of d.in as can be decoded into d.out, leaving an
// incomplete trailing sequence in d.in.
func (d *DecodedReader) decode() {
	if d.mode == modeSniff {
		if !d.sniff() {
			return
		}
	}
	var used int
	switch d.mode {
	case modeUTF8:
		used = d.decodeUTF8(d.in, d.srcErr != nil)
	case modeUTF16LE, modeUTF16BE:
		used = d.decodeUTF16(d.in, d.srcErr != nil)
	}
	rest := copy(d.in, d.in[used:])
	d.in = d.in[:rest]
}

// sniff decides the encoding from a byte-order mark. It reports false when
// more bytes are needed to decide.
func (d *DecodedReader) sniff() bool {
	b := d.in
	switch {
	case len(b) >= 3 && b[0] == 0xEF && b[1] == 0xBB && b[2] == 0xBF:
		d.mode, d.in = modeUTF8, b[:copy(b, b[3:])]
	case len(b) >= 2 && b[0] == 0xFF && b[1] == 0xFE:
		d.mode, d.in = modeUTF16LE, b[:copy(b, b[2:])]
	case len(b) >= 2 && b[0] == 0xFE && b[1] == 0xFF:
		d.mode, d.in = modeUTF16BE, b[:copy(b, b[2:])]
	case len(b) < 3 && d.srcErr == nil && isBOMPrefix(b):
		return false
	case len(b) < UTF16SniffBytes && d.srcErr == nil:
		return false // too few bytes yet to tell UTF-16 without a mark
	default:
		d.mode = sniffUTF16(b)
	}
	return true
}

// UTF16SniffBytes is how much text without a byte-order mark is looked at
// to tell UTF-16 from UTF-8.
const UTF16SniffBytes = 64

// sniffUTF16 tells UTF-16 without a byte-order mark from the first bytes of
// a text: in UTF-16 the ASCII characters of a hand history's first line
// have a zero high byte, which UTF-8 and Windows-1252 text never has. It
// returns modeUTF8 unless nearly every code unit looks like UTF-16.
func sniffUTF16(b []byte) decodeMode {
	n := min(len(b), UTF16SniffBytes) &^ 1
	if n < 8 {
		return modeUTF8
	}
	le, be := 0, 0
	for i := 0; i < n; i += 2 {
		switch {
		case b[i] != 0 && b[i+1] == 0:
			le++
		case b[i] == 0 && b[i+1] != 0:
			be++
		}
	}
	switch units := n / 2; {
	case le*10 >= units*9:
		return modeUTF16LE
	case be*10 >= units*9:
		return modeUTF16BE
	}
	return modeUTF8
}

// LooksUTF16 reports whether the first bytes of an input (UTF16SniffBytes
// of them are enough) are UTF-16 text, with a byte-order mark or without
// one, as NewDecodedReader tells them: for a format reader that reads
// UTF-8 itself, and has its input decoded only when it is UTF-16.
func LooksUTF16(b []byte) bool {
	return len(b) >= 2 && (b[0] == 0xFF && b[1] == 0xFE || b[0] == 0xFE && b[1] == 0xFF) || sniffUTF16(b) != modeUTF8
}

// isBOMPrefix reports whether b could be the start of a byte-order mark.
func isBOMPrefix(b []byte) bool {
	bom8 := []byte{0xEF, 0xBB, 0xBF}
	switch {
	case len(b) == 0:
		return true
	case len(b) == 1:
		return b[0] == 0xEF || b[0] == 0xFF || b[0] == 0xFE
	case len(b) == 2:
		return b[0] == bom8[0] && b[1] == bom8[1]
	}
	return false
}

// decodeUTF8 copies valid UTF-8 from b to d.out and turns every other byte
// into its Windows-1252 character. It returns the bytes used: all of b but
// an incomplete sequence at its end, unless atEOF.
func (d *DecodedReader) decodeUTF8(b []byte, atEOF bool) int {
	if d.srcValid || validUTF8(b) {
		d.out = append(d.out, b...)
		return len(b)
	}
	i := 0
	for i < len(b) {
		// Copy the run of ASCII and valid sequences in one go.
		start := i
		for i < len(b) {
			c := b[i]
			if c < utf8.RuneSelf {
				i++
				continue
			}
			r, size := utf8.DecodeRune(b[i:])
			if r == utf8.RuneError && size == 1 {
				break
			}
			i += size
		}
		d.out = append(d.out, b[start:i]...)
		if i == len(b) {
			break
		}
		if !atEOF && !utf8.FullRune(b[i:]) && len(b)-i < utf8.UTFMax {
			return i // wait for the rest of the sequence
		}
		d.out = utf8.AppendRune(d.out, cp1252(b[i]))
		i++
	}
	return len(b)
}

// decodeUTF16 decodes UTF-16 code units from b into UTF-8 in d.out. An
// unpaired surrogate becomes U+FFFD. It returns the bytes used.
func (d *DecodedReader) decodeUTF16(b []byte, atEOF bool) int {
	unit := func(i int) rune {
		if d.mode == modeUTF16LE {
			return rune(b[i]) | rune(b[i+1])<<8
		}
		return rune(b[i])<<8 | rune(b[i+1])
	}
	i := 0
	for i+1 < len(b) {
		u := unit(i)
		switch {
		case u < 0xD800 || u > 0xDFFF:
			if u < utf8.RuneSelf {
				d.out = append(d.out, byte(u))
			} else {
				d.out = utf8.AppendRune(d.out, u)
			}
			i += 2
		case u <= 0xDBFF: // high surrogate: needs a low one next
			if i+3 >= len(b) {
				if !atEOF {
					return i
				}
				d.out = utf8.AppendRune(d.out, utf8.RuneError)
				i += 2
				continue
			}
			lo := unit(i + 2)
			if lo >= 0xDC00 && lo <= 0xDFFF {
				d.out = utf8.AppendRune(d.out, 0x10000+(u-0xD800)<<10+(lo-0xDC00))
				i += 4
			} else {
				d.out = utf8.AppendRune(d.out, utf8.RuneError)
				i += 2
			}
		default: // a lone low surrogate
			d.out = utf8.AppendRune(d.out, utf8.RuneError)
			i += 2
		}
	}
	if i < len(b) && atEOF { // an odd byte at the end
		d.out = utf8.AppendRune(d.out, utf8.RuneError)
		i = len(b)
	}
	return i
}

// decodeTail decodes what is left in d.in at the end of input.
func (d *DecodedReader) decodeTail() {
	switch d.mode {
	case modeUTF16LE, modeUTF16BE:
		d.decodeUTF16(d.in, true)
	default:
		d.decodeUTF8(d.in, true)
	}
	d.in = d.in[:0]
}

// cp1252High holds the characters of Windows-1252 bytes 0x80-0x9F; the
// other bytes are the same as in Latin-1. The five undefined bytes map to
// the C1 controls, as browsers do.
var cp1252High = [32]rune{
	0x20AC, 0x0081, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021,
	0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, 0x008D, 0x017D, 0x008F,
	0x0090, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	0x02DC, 0x2122, 0x0161, 0x203A, 0x0153, 0x009D, 0x017E, 0x0178,
}

// cp1252 returns the character of one Windows-1252 byte.
func cp1252(b byte) rune {
	if b >= 0x80 && b < 0xA0 {
		return cp1252High[b-0x80]
	}
	return rune(b)
}

// validUTF8 is utf8.Valid, faster on hand histories: ASCII with a few
// other characters, in names. From each of those utf8.Valid steps byte by
// byte back to its loop over 32 bytes of ASCII; this skips ASCII 64 bytes
// at a time, finds the next other byte a word at a time, and checks the
// two-byte characters of names itself.
func validUTF8(p []byte) bool {
	const high = 0x8080808080808080 // the top bit of each byte
	le := binary.LittleEndian
	i := 0
	for {
		for ; i <= len(p)-64; i += 64 {
			b := p[i:]
			b = b[:64:64]
			if (le.Uint64(b[0:8])|le.Uint64(b[8:16])|le.Uint64(b[16:24])|le.Uint64(b[24:32])|
				le.Uint64(b[32:40])|le.Uint64(b[40:48])|le.Uint64(b[48:56])|le.Uint64(b[56:64]))&high != 0 {
				break
			}
		}
		// The next byte that is not ASCII, if any.
		for ; i+8 <= len(p); i += 8 {
			if w := le.Uint64(p[i:i+8]) & high; w != 0 {
				i += bits.TrailingZeros64(w) / 8
				break
			}
		}
		for i < len(p) && p[i] < utf8.RuneSelf {
			i++
		}
		if i == len(p) {
			return true
		}
		// Two bytes, as the accented letters of names are, are checked
		// here: a lead byte of 0xC2-0xDF, then a continuation byte.
		if c := p[i]; c >= 0xC2 && c <= 0xDF && i+1 < len(p) && p[i+1]&0xC0 == 0x80 {
			i += 2
			continue
		}
		r, size := utf8.DecodeRune(p[i:])
		if r == utf8.RuneError && size == 1 {
			return false
		}
		i += size
	}
}
