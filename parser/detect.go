package parser

import (
	"bytes"
)

// Detect names the format of an input from its first bytes (a few KiB is
// plenty). It looks at content, never at the file name, so a renamed or
// extension-less log is still read. It returns FormatUnknown if no format
// matches.
func Detect(head []byte) Format {
	text := decodeHead(head)
	switch {
	case bytes.Contains(text, []byte("PokerStars Hand #")),
		bytes.Contains(text, []byte("PokerStars Game #")),
		bytes.Contains(text, []byte("PokerStars Zoom Hand #")),
		bytes.Contains(text, []byte("PokerStars Home Game Hand #")):
		return FormatPokerStars
	}
	if looksLikePHH(text) {
		return FormatPHH
	}
	return FormatUnknown
}

// looksLikePHH reports whether text reads like a PHH TOML document: its
// first significant line is a comment, a key = value pair of a PHH field,
// or a [N] table header of a .phhs file.
func looksLikePHH(text []byte) bool {
	for _, line := range bytes.Split(text, []byte("\n")) {
		line = bytes.TrimSpace(line)
		if len(line) == 0 || line[0] == '#' {
			continue
		}
		if line[0] == '[' {
			return true
		}
		for _, key := range [][]byte{[]byte("variant"), []byte("antes"), []byte("actions"),
			[]byte("starting_stacks"), []byte("blinds_or_straddles"), []byte("ante_trimming_status")} {
			if bytes.HasPrefix(line, key) {
				rest := bytes.TrimSpace(line[len(key):])
				if len(rest) > 0 && rest[0] == '=' {
					return true
				}
			}
		}
		return false
	}
	return false
}

// decodeHead strips a UTF-8 BOM and turns UTF-16 (with BOM) into ASCII-ish
// bytes good enough for sniffing.
func decodeHead(b []byte) []byte {
	switch {
	case bytes.HasPrefix(b, []byte{0xEF, 0xBB, 0xBF}):
		return b[3:]
	case bytes.HasPrefix(b, []byte{0xFF, 0xFE}): // UTF-16 LE
		return squeeze16(b[2:], 0)
	case bytes.HasPrefix(b, []byte{0xFE, 0xFF}): // UTF-16 BE
		return squeeze16(b[2:], 1)
	}
	return b
}

// squeeze16 keeps the low byte of each 16-bit unit whose high byte is zero.
func squeeze16(b []byte, hi int) []byte {
	out := make([]byte, 0, len(b)/2)
	for i := 0; i+1 < len(b); i += 2 {
		if b[i+hi] == 0 {
			out = append(out, b[i+1-hi])
		}
	}
	return out
}
