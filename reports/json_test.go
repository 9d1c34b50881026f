package reports

import (
	"math/rand/v2"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// appendJSONStringBytewise is appendJSONString as it was first written, a
// byte at a time: the word-at-a-time version must escape exactly as it does.
func appendJSONStringBytewise(dst []byte, s string) []byte {
	dst = append(dst, '"')
	start := 0
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			dst = append(dst, s[start:i]...)
			switch c {
			case '"', '\\':
				dst = append(dst, '\\', c)
			case '\n':
				dst = append(dst, '\\', 'n')
			case '\r':
				dst = append(dst, '\\', 'r')
			case '\t':
				dst = append(dst, '\\', 't')
			default:
				dst = append(dst, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			dst = append(dst, s[start:i]...)
			dst = append(dst, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			dst = append(dst, s[start:i]...)
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	dst = append(dst, s[start:]...)
	return append(dst, '"')
}

func TestAppendJSONStringWordAtATime(t *testing.T) {
	// Every byte value at every position of strings of up to 20 bytes
	// (so in and across the eight-byte words), amid plain text.
	plain := "abcdefghijklmnopqrst"
	for n := 1; n <= len(plain); n++ {
		for pos := 0; pos < n; pos++ {
			for c := 0; c < 256; c++ {
				s := plain[:pos] + string([]byte{byte(c)}) + plain[pos+1:n]
				if got, want := string(appendJSONString(nil, s)), string(appendJSONStringBytewise(nil, s)); got != want {
					t.Fatalf("appendJSONString(%q) = %s, want %s", s, got, want)
				}
			}
		}
	}
	// Random strings drawn from plain and special characters.
	alphabet := []string{"a", "Z", "0", " ", "~", "\x7f", "\x1f", "\x00", "\"", "\\", "<", ">", "&", "\n", "\t", "\r",
		"é", "中", "\u2028", "\u2029", "\xff", "\xe2\x80", "\U0001F600", "\xed\xa0\x80"}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20000 {
		var b []byte
		for range rng.IntN(40) {
			b = append(b, alphabet[rng.IntN(len(alphabet))]...)
		}
		s := string(b)
		if got, want := string(appendJSONString([]byte("x"), s)), string(appendJSONStringBytewise([]byte("x"), s)); got != want {
			t.Fatalf("appendJSONString(%q) = %s, want %s", s, got, want)
		}
	}
}

// TestJSONKeysArePlain checks the member names jsonWriter.key writes
// unescaped that do not appear as literals in the writers: the labels'
// keys and the metadata keys.
func TestJSONKeysArePlain(t *testing.T) {
	var names []string
	for _, l := range labels {
		for k := range l {
			names = append(names, k)
		}
	}
	info := testInfo()
	info.Started = time.Now()
	for _, kv := range info.metadata() {
		names = append(names, kv[0])
	}
	for _, k := range names {
		if k == "" || jsonPlainLen(k) != len(k) {
			t.Errorf("member name %q needs escaping: write it with textKey", k)
		}
	}
}

// TestJSONPlainNames checks the names that the hand views write without
// escaping (jsonWriter.endPlainStr, kname): every name of the enums, and
// the letters of cards.
func TestJSONPlainNames(t *testing.T) {
	var names []string
	for i := range 256 {
		names = append(names, hand.ActionKind(i).String(), hand.PostKind(i).String(), hand.Variant(i).String(),
			hand.Structure(i).String(), replay.Street(i).String())
	}
	var all []cards.Card
	for c := range 256 {
		all = append(all, cards.Card(c))
	}
	names = append(names, cardsString(all))
	for _, s := range names {
		if jsonPlainLen(s) != len(s) {
			t.Errorf("%q needs escaping: write it with str or endStr", s)
		}
	}
}
