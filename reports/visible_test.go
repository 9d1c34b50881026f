package reports

import (
	"fmt"
	"strings"
	"testing"
	"unicode"
)

// TestVisible checks visible (its word-at-a-time test of printable ASCII
// and its quick range tests) against a rune-by-rune reference using the
// unicode tables alone, on every byte value in every position of strings
// of the lengths the word loop splits, on every character of the Basic
// Multilingual Plane, and on the format characters beyond it.
func TestVisible(t *testing.T) {
	ref := func(s string) string {
		var b strings.Builder
		for _, r := range strings.ToValidUTF8(s, "\uFFFD") {
			if unicode.IsControl(r) || unicode.In(r, unicode.Cf, unicode.Zl, unicode.Zp) {
				fmt.Fprintf(&b, "⟨U+%04X⟩", r)
			} else {
				b.WriteRune(r)
			}
		}
		return b.String()
	}
	var cases []string
	for c := 0; c < 256; c++ {
		for _, n := range []int{0, 1, 7, 8, 9, 15, 16, 17} {
			for _, at := range []int{0, n / 2, n} {
				b := []byte(strings.Repeat("a", n))
				b = append(b[:at], append([]byte{byte(c)}, b[at:]...)...)
				cases = append(cases, string(b))
			}
		}
	}
	for r := rune(0x80); r < 0x10000; r++ {
		cases = append(cases, "name"+string(r)+"tail")
	}
	for _, r := range []rune{0x110bd, 0x110cd, 0x13430, 0x1bca0, 0x1d173, 0xe0001, 0xe0020, 0xe007f, 0x1f600, 0x10ffff} {
		cases = append(cases, "x"+string(r))
	}
	cases = append(cases, "\u202Egnp.exe", "\uFEFFx", "\U000E0001tag", "\U0001D173x", "日本 ü", "", "plain ASCII name, long enough")
	for _, s := range cases {
		if got, want := visible(s), ref(s); got != want {
			t.Fatalf("visible(%q) = %q, want %q", s, got, want)
		}
		plain := !strings.ContainsFunc(s, func(r rune) bool { return r < 0x20 || r >= 0x7f })
		if got := plainASCII(s); got != plain {
			t.Fatalf("plainASCII(%q) = %v, want %v", s, got, plain)
		}
	}
}
