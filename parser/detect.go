package parser

import (
	"bytes"
	"io"
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
		bytes.Contains(text, []byte("PokerStars Home Game Hand #")),
		bytes.Contains(text, []byte("PokerStars Home Game #")),
		bytes.Contains(text, []byte("PPPoker Hand #")): // PPPoker writes PokerStars text
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

// decodeHead turns the head of an input into UTF-8 (dropping a BOM,
// decoding UTF-16 and Windows-1252) so that sniffing sees plain text.
func decodeHead(b []byte) []byte {
	text, err := io.ReadAll(NewDecodedReader(bytes.NewReader(b)))
	if err != nil {
		return b
	}
	return text
}
