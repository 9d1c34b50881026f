package phh

// Fast path: one notation written the usual way. tokenizeCanonical
// shortcuts tokenizeOne (build.go), in tokenize's loop, when actionsUsual
// (quick_actions.go) has not tokenized the array already.
// TestPHHTokenizeCanonical
// and FuzzPHHTokenize (shortcut_test.go) check it against tokenizeOne.

import "github.com/handaudit/handaudit/hand"

// tokenizeCanonical reads a notation written the usual way: words
// separated by single spaces, no comment, an actor in range and a good
// amount ("p3 cbr 300", "d dh p1 AsKd"). It fills *a as tokenizeOne would
// and reports true; for anything else (including every error) it reports
// false and leaves the notation to tokenizeOne, which also words the
// errors.
func (s *phhState) tokenizeCanonical(a *phhAct, t *phhTok, n int, places *int8) bool {
	text := s.tb(*t)
	if len(text) < 4 {
		return false
	}
	// arg is the span of text[i:], the last word.
	arg := func(i int) phhSpan {
		return phhSpan{off: t.sp.off + int32(i), n: int32(len(text) - i), arena: t.sp.arena}
	}
	if text[0] == 'd' {
		// "d db CARDS" or "d dh pN CARDS".
		if len(text) < 6 || text[1] != ' ' || text[2] != 'd' || text[4] != ' ' {
			return false
		}
		verb, player, i := phhDealBoard, hand.NoPlayer, 5
		switch text[3] {
		case 'b':
		case 'h':
			p, j, ok := phhCanonicalPlayer(text, 5, n)
			if !ok || j == len(text) || text[j] != ' ' {
				return false
			}
			verb, player, i = phhDealHole, p, j+1
		default:
			return false
		}
		if !phhCanonicalWord(text[i:]) {
			return false
		}
		a.set(verb, true, player, arg(i), phhDecimal{}, t.line, t.sp)
		return true
	}
	p, i, ok := phhCanonicalPlayer(text, 0, n)
	if !ok || text[i] != ' ' {
		return false
	}
	rest := text[i+1:]
	var verb phhVerb
	var amount phhDecimal
	hasArg := false
	switch {
	case len(rest) == 1:
		if rest[0] != 'f' {
			return false
		}
		verb = phhFold
	case len(rest) == 2:
		switch string(rest) {
		case "cc":
			verb = phhCheckCall
		case "pb":
			verb = phhPostBringIn
		case "sd":
			verb = phhDiscard
		case "sm":
			verb = phhShowMuck
		default:
			return false
		}
	case len(rest) > 4 && string(rest[:4]) == "cbr ":
		d, err := phhParseDecimal(rest[4:]) // refuses spaces and comments
		if err != nil || d.mant == 0 {
			return false
		}
		*places = max(*places, d.places)
		verb, amount, hasArg = phhBetTo, d, true
		i += 5
	case len(rest) > 3 && rest[0] == 's' && (rest[1] == 'd' || rest[1] == 'm') && rest[2] == ' ':
		if !phhCanonicalWord(rest[3:]) {
			return false
		}
		verb, hasArg = phhDiscard, true
		if rest[1] == 'm' {
			verb = phhShowMuck
		}
		i += 4
	default:
		return false
	}
	var sp phhSpan
	if hasArg {
		sp = arg(i)
	}
	a.set(verb, hasArg, p, sp, amount, t.line, t.sp)
	return true
}

// phhCanonicalPlayer reads an actor "pN" at text[i:] with N in 1..n, and
// returns its 0-based index and the offset after it, which is inside text.
func phhCanonicalPlayer(text []byte, i, n int) (int, int, bool) {
	if i+2 >= len(text) || text[i] != 'p' {
		return 0, 0, false
	}
	if d := text[i+1]; phhIsDigit(d) && text[i+2] == ' ' {
		// One digit: nearly every table.
		v := int(d - '0')
		return v - 1, i + 2, v >= 1 && v <= n
	}
	i++
	start, v := i, 0
	for ; i < len(text) && phhIsDigit(text[i]); i++ {
		if v <= n {
			v = v*10 + int(text[i]-'0')
		}
	}
	if i == start || i == len(text) || v < 1 || v > n {
		return 0, 0, false
	}
	return v - 1, i, true
}

// phhCanonicalWord reports whether w is one whole word: not empty, with
// no space and no comment.
func phhCanonicalWord(w []byte) bool {
	for _, c := range w {
		if phhNotWordByte[c] {
			return false
		}
	}
	return len(w) > 0
}

// phhNotWordByte marks the bytes that end a word of a notation: spaces
// and the start of a comment.
var phhNotWordByte = func() (t [256]bool) {
	for b := range t {
		t[b] = phhIsSpace(byte(b)) || b == '#'
	}
	return t
}()
