package reports

import "unicode/utf8"

const hexDigits = "0123456789abcdef"

// appendJSONString appends s as a JSON string. Besides what JSON requires
// it escapes <, > and & (so that the text can sit inside an HTML <script>
// block without "</script>" or "<!--" ending it) and U+2028/U+2029, and
// replaces invalid UTF-8 with U+FFFD.
func appendJSONString(dst []byte, s string) []byte {
	dst = append(dst, '"')
	dst = appendJSONText(dst, s)
	return append(dst, '"')
}

// appendJSONText appends the inside of appendJSONString's string. Most
// text needs no escaping: it is found a word at a time and copied whole
// (the report's hand views are megabytes of it).
func appendJSONText(dst []byte, s string) []byte {
	for {
		i := jsonPlainLen(s)
		dst = append(dst, s[:i]...)
		if i == len(s) {
			return dst
		}
		s = s[i:]
		if c := s[0]; c < utf8.RuneSelf {
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
			s = s[1:]
			continue
		}
		r, size := utf8.DecodeRuneInString(s)
		switch {
		case r == utf8.RuneError && size == 1:
			dst = append(dst, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			dst = append(dst, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
		default:
			dst = append(dst, s[:size]...)
		}
		s = s[size:]
	}
}

// jsonPlain[c] is whether the byte c stands for itself in
// appendJSONString's output: printable ASCII but for " \ < > &.
var jsonPlain = func() (t [256]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\' && c != '<' && c != '>' && c != '&'
	}
	return t
}()

// jsonPlainLen is the length of the longest prefix of s whose bytes are
// all jsonPlain.
func jsonPlainLen[T string | []byte](s T) int {
	i := 0
	switch {
	case len(s) >= 8:
		for ; len(s)-i >= 8; i += 8 {
			if jsonSpecialWord(word(s[i:])) {
				break
			}
		}
		// The last bytes, as the last eight (which overlap the loop's).
		if i == len(s) || len(s)-i < 8 && !jsonSpecialWord(word(s[len(s)-8:])) {
			return len(s)
		}
	case len(s) >= 4:
		// The first four and the last four, which may overlap, as a word.
		if !jsonSpecialWord(uint64(word4(s))<<32 | uint64(word4(s[len(s)-4:]))) {
			return len(s)
		}
	}
	for ; i < len(s) && jsonPlain[s[i]]; i++ {
	}
	return i
}

// word4 is the first four bytes of s, little-endian (one load).
func word4[T string | []byte](s T) uint32 {
	_ = s[3]
	return uint32(s[0]) | uint32(s[1])<<8 | uint32(s[2])<<16 | uint32(s[3])<<24
}

// jsonSpecialWord reports whether any of the eight bytes of x is not
// jsonPlain. It tests them all at once: v has a zero byte (or, for
// v-0x20*ones, one below 0x20) where subtracting borrows into a byte's high
// bit, and x has " or & where x|4 has & (0x22, 0x26), < or > where x|2
// has > (0x3c, 0x3e), and \ where x has it.
func jsonSpecialWord(x uint64) bool {
	const ones, high = 0x0101010101010101, 0x8080808080808080
	qa, lg, bs := (x|0x04*ones)^'&'*ones, (x|0x02*ones)^'>'*ones, x^'\\'*ones
	special := x | (x-0x20*ones)&^x | // non-ASCII, control characters
		(qa-ones)&^qa | (lg-ones)&^lg | (bs-ones)&^bs
	return special&high != 0
}
