package phh

import (
	"encoding/binary"
	"fmt"
	"math/bits"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/pelletier/go-toml/v2/unstable"
)

// The reader's shortcuts for the usual forms must agree with the general
// code they stand in for; these tests compare the two directly.

// TestPHHNotPlain8 checks the eight-bytes-at-once tests against the table:
// they must find the first byte that is not plain.
func TestPHHNotPlain8(t *testing.T) {
	// phhStringStop8 must find the first byte that ends or interrupts a
	// string quoted by q: q itself, a backslash in a "..." string, or a
	// byte that is not plain for another reason.
	stops := func(b []byte, q byte) int {
		for i, c := range b {
			if c == q || (c == '\\' && q == '"') || c < 0x20 || c >= 0x7F {
				return i
			}
		}
		return 8
	}
	checkStop := func(b []byte) {
		t.Helper()
		for _, q := range []byte{'"', '\''} {
			esc := phhOnes * uint64(q)
			if q == '"' {
				esc = phhOnes * '\\'
			}
			m := phhStringStop8(binary.LittleEndian.Uint64(b), phhOnes*uint64(q), esc)
			if got, want := bits.TrailingZeros64(m)/8, stops(b, q); got != want {
				t.Fatalf("phhStringStop8(%q, %c) says byte %d, want %d", b, q, got, want)
			}
		}
	}
	check := func(b []byte) {
		t.Helper()
		m := phhNotPlain8(binary.LittleEndian.Uint64(b))
		first := 8
		for i, c := range b {
			if !phhPlainStringByte[c] {
				first = i
				break
			}
		}
		if got := bits.TrailingZeros64(m) / 8; got != first {
			t.Fatalf("phhNotPlain8(%q) says byte %d, want %d", b, got, first)
		}
		checkStop(b)
	}
	b := make([]byte, 8)
	// Every byte value at every position, among plain bytes and among
	// the bytes next to the edges of the plain range.
	for _, fill := range []byte{'a', ' ', '~', '!', '#', '[', ']'} {
		for pos := range 8 {
			for v := range 256 {
				for i := range b {
					b[i] = fill
				}
				b[pos] = byte(v)
				check(b)
				// and a second odd byte after it
				for _, w := range []byte{0, 0x1F, 0x7F, 0x80, 0xFF, '"', '\\'} {
					if pos < 7 {
						b[7] = w
						check(b)
					}
				}
			}
		}
	}
	r := rand.New(rand.NewPCG(1, 2))
	for range 1_000_000 {
		binary.LittleEndian.PutUint64(b, r.Uint64())
		check(b)
		// Mostly plain words, where a wrong yes would hide.
		for i := range b {
			b[i] = byte(0x20 + r.IntN(0x60))
		}
		check(b)
	}
}

// phhCheckDecimal compares phhParseDecimal with its general path, and
// the fast path's phhQuickDecimal with both.
func phhCheckDecimal(t *testing.T, s string) {
	t.Helper()
	d, err := phhParseDecimal([]byte(s))
	d2, err2 := phhParseDecimalSlow([]byte(s))
	if d != d2 || err != err2 {
		t.Fatalf("phhParseDecimal(%q) = %v, %v; the general path says %v, %v", s, d, err, d2, err2)
	}
	if s == "" {
		return
	}
	q, end, frac, ok := phhQuickDecimal([]byte(s), 0)
	if !ok {
		return
	}
	text := []byte(s[:end])
	d, err = phhParseDecimalSlow(text)
	k, numEnd, isNum := phhScanNumber(text, 0)
	if err != nil || d != q || !isNum || numEnd != end || frac != (k == unstable.Float) {
		t.Fatalf("phhQuickDecimal(%q) = %v up to %d, fraction %v; phhParseDecimal(%q) = %v, %v; number %v %v up to %d",
			s, q, end, frac, text, d, err, isNum, k, numEnd)
	}
}

func TestPHHDecimalShortcuts(t *testing.T) {
	for _, s := range []string{"0", "00", "0.0", "0.00", "1.5", "1.50", "53.42", "007.5", "0.0001", "0.00001",
		"1.12345", "999999999999.9999", "1000000000000.5", "100000000000.0001", "99999999999999", "999999999999999",
		"1000000000000000", "1000000000000001", "1.", ".5", "1..5", "1.5.", "12_3.4", "1.2_3", "+1.5", "1e3", "1.5e1",
		"", "-", "1.0000", "10.1000", "999999999999.9999", "99999999999.9999", "999999999999999.5", "1.5x", "0x10", "0.5", "01.5", "123456789012.5", "1234567890123.5", "0.5", "5.05"} {
		phhCheckDecimal(t, s)
	}
}

// FuzzPHHDecimal checks that phhParseDecimal's shortcuts agree with the
// general path on any text.
func FuzzPHHDecimal(f *testing.F) {
	for _, s := range []string{"0", "53.42", "1.50", "300", "0.0001", "1e3", "1_000.5"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		phhCheckDecimal(t, s)
	})
}

// phhCheckTokenize compares the canonical tokenizer with the general one
// on one notation.
func phhCheckTokenize(t *testing.T, text string, n int) {
	t.Helper()
	s := &phhState{}
	s.lines.reset([]byte(text), 1)
	tok := phhTok{sp: phhSpan{n: int32(len(text))}, line: 1}
	var a phhAct
	var places int8
	if !s.tokenizeCanonical(&a, &tok, n, &places) {
		return
	}
	var places2 int8
	b, ok, perr := s.tokenizeOne(tok, n, &places2)
	if perr != nil || !ok || a != b || places != places2 {
		t.Fatalf("%q with %d players: canonical %+v (places %d); general %+v, %v, %v (places %d)",
			text, n, a, places, b, ok, perr, places2)
	}
}

func TestPHHTokenizeCanonical(t *testing.T) {
	texts := []string{"p1 f", "p2 cc", "p3 pb", "p1 cbr 300", "p1 cbr 3.50", "p1 cbr 0", "p1 cbr x",
		"p1 sd", "p1 sd AsKd", "p1 sm", "p1 sm -", "p1 sm AsKd", "p1 sm AsKd x", "d db AsKdQh", "d dh p2 AsKd",
		"d dh p9 AsKd", "d dh p0 AsKd", "d dh p01 AsKd", "p01 f", "p10 f", "p1  f", " p1 f", "p1 f ", "p1 f # x",
		"p1 f#", "d db", "d db ", "d dh p1", "d dh p1 ", "d dx AsKd", "d db As\tKd", "p1 cbr 1e3", "p1 cbr 1_000",
		"p1x f", "px f", "p f", "p1 ff", "p1 cb", "p1 smx", "p1 sdAs", "d db AsKd\v", "p99999999999999999999 f",
		"p1 cbr 3 4", "p1 cbr 3#", "p1 sm  AsKd", "p1 sd #", "p12 f", "p1", "p1 ", "p10", "d dh p1x AsKd", "d dh p12 AsKd", "p1 cbr  3"}
	for _, text := range texts {
		for n := 1; n <= 10; n++ {
			phhCheckTokenize(t, text, n)
		}
	}
}

// FuzzPHHTokenize checks that the canonical tokenizer agrees with the
// general one whenever it accepts a notation.
func FuzzPHHTokenize(f *testing.F) {
	for _, s := range []string{"p1 f", "p2 cc", "p1 cbr 3.50", "p1 sm AsKd", "d db AsKdQh", "d dh p2 AsKd", "p1 sd"} {
		f.Add(s, 6)
	}
	f.Fuzz(func(t *testing.T, text string, n int) {
		if n < 0 || n > 1000 {
			return
		}
		phhCheckTokenize(t, text, n)
	})
}

// TestPHHFieldTable checks that every field name has its own slot in the
// perfect hash, and that the lookup refuses other keys.
func TestPHHFieldTable(t *testing.T) {
	for f := range phhNumFields {
		name := phhFieldInfo[f].name
		if len(name) > phhLongestField {
			t.Fatalf("%s is longer than phhLongestField", name)
		}
		if got, ok := phhFieldByName([]byte(name)); !ok || got != f {
			t.Fatalf("phhFieldByName(%q) = %v, %v", name, got, ok)
		}
		for _, other := range []string{name + "s", name[1:], name[:len(name)-1], "x" + name[1:], "_" + name, ""} {
			if got, ok := phhFieldByName([]byte(other)); ok && phhFieldInfo[got].name != other {
				t.Fatalf("phhFieldByName(%q) = %v", other, got)
			}
		}
	}
}

// TestPHHStartTimeShortcut checks that a start time in UTC worked out
// from the day's midnight is the very Time that time.Date gives.
func TestPHHStartTimeShortcut(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for range 100_000 {
		y, m, d := 1+r.IntN(9999), time.Month(1+r.IntN(12)), 1+r.IntN(28)
		hh, mm, ss, ns := r.IntN(24), r.IntN(60), r.IntN(60), r.IntN(1_000_000_000)
		if r.IntN(2) == 0 {
			ns = 0
		}
		s := &phhState{file: "t"}
		text := fmt.Sprintf("year = %d\nmonth = %d\nday = %d\ntime = %02d:%02d:%02d.%09d\n", y, m, d, hh, mm, ss, ns)
		s.mode = phhModeSingle
		if _, _, _, res := s.walkFast([]byte(text), 1, false); res != phhFastOK {
			t.Fatalf("%q not read", text)
		}
		for range 2 { // the second time from the kept midnight
			got, perr := s.startTime()
			want := time.Date(y, m, d, hh, mm, ss, ns, time.UTC).UTC()
			if perr != nil || got != want {
				t.Fatalf("%q: start %#v (%v), want %#v", text, got, perr, want)
			}
		}
	}
}

// TestPHHQuickDecimalWords checks that reading numbers eight bytes at a
// time gives what reading them a digit at a time gives, wherever they end
// and whatever follows them.
func TestPHHQuickDecimalWords(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	const alphabet = "0123456789.._, ]#e/:\x00\x7f\xff"
	buf := make([]byte, 40)
	for range 2_000_000 {
		n := 1 + r.IntN(24)
		for i := range n {
			if r.IntN(4) > 0 {
				buf[i] = byte('0' + r.IntN(10))
			} else {
				buf[i] = alphabet[r.IntN(len(alphabet))]
			}
		}
		for i := n; i < len(buf); i++ {
			buf[i] = alphabet[r.IntN(len(alphabet))]
		}
		for _, data := range [][]byte{buf[:n], buf} { // cut short, and followed by more
			d, end, frac, ok := phhQuickDecimal(data, 0)
			d2, end2, frac2, ok2 := phhQuickDecimalLoop(data, 0)
			if ok != ok2 || ok && (d != d2 || end != end2 || frac != frac2) {
				t.Fatalf("%q: %v %d %v %v; digit by digit %v %d %v %v", data, d, end, frac, ok, d2, end2, frac2, ok2)
			}
		}
	}
	for x := range uint64(256) {
		for pos := range 8 {
			var b [8]byte
			for i := range b {
				b[i] = '5'
			}
			b[pos] = byte(x)
			want := 0
			for want < 8 && phhIsDigit(b[want]) {
				want++
			}
			if got := phhDigits8(binary.LittleEndian.Uint64(b[:])); got != want {
				t.Fatalf("phhDigits8(%q) = %d, want %d", b, got, want)
			}
		}
	}
}
