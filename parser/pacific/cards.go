package pacific

// Cards in brackets: "[ Jc, Kc, 3c ]". The suits are always English
// (c d h s); some localized exports write the ranks in their language:
// Dutch H (heer, king), V (vrouw, queen), B (boer, jack); Swedish Kn
// (knekt, jack), D (dam, queen), E (ess, ace); and "10" for a ten. None of
// these letters is an English rank, so they are read whatever the locale.

import (
	"errors"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

var errCards = errors.New("cannot read the cards")

// bracketCards reads "[ c1, c2, ... ]" (all of b) into cards cut from h's
// card memory.
func bracketCards(h *hand.Hand, b []byte) ([]cards.Card, error) {
	if len(b) < 4 || b[0] != '[' || b[1] != ' ' || b[len(b)-1] != ']' || b[len(b)-2] != ' ' {
		return nil, errCards
	}
	b = b[2 : len(b)-2]
	n := 1
	for _, c := range b {
		if c == ',' {
			n++
		}
	}
	out := h.NewCards(n)
	for i := range out {
		c, k, ok := parseCard(b)
		if !ok {
			return nil, errCards
		}
		out[i] = c
		b = b[k:]
		if i < len(out)-1 {
			if len(b) < 2 || b[0] != ',' || b[1] != ' ' {
				return nil, errCards
			}
			b = b[2:]
		}
	}
	if len(b) != 0 {
		return nil, errCards
	}
	return out, nil
}

// parseCard reads one card at the start of b: its rank (English or
// localized) then its suit. It returns the card and the bytes read.
func parseCard(b []byte) (cards.Card, int, bool) {
	if len(b) < 2 {
		return cards.Unknown, 0, false
	}
	var r cards.Rank
	n := 1
	switch c := b[0]; c {
	case '2', '3', '4', '5', '6', '7', '8', '9':
		r = cards.Rank(c - '2')
	case 'T':
		r = cards.Ten
	case 'J', 'B':
		r = cards.Jack
	case 'Q', 'V', 'D':
		r = cards.Queen
	case 'K', 'H':
		r = cards.King
		if c == 'K' && b[1] == 'n' {
			r, n = cards.Jack, 2
		}
	case 'A', 'E':
		r = cards.Ace
	case '1':
		if b[1] != '0' {
			return cards.Unknown, 0, false
		}
		r, n = cards.Ten, 2
	default:
		return cards.Unknown, 0, false
	}
	if len(b) <= n {
		return cards.Unknown, 0, false
	}
	var s cards.Suit
	switch b[n] {
	case 'c':
		s = cards.Clubs
	case 'd':
		s = cards.Diamonds
	case 'h':
		s = cards.Hearts
	case 's':
		s = cards.Spades
	default:
		return cards.Unknown, 0, false
	}
	return cards.New(r, s), n + 1, true
}

// appendCards writes cards as 888 does: "[ Jc, Kc, 3c ]".
func appendCards(b []byte, cs []cards.Card) []byte {
	b = append(b, "[ "...)
	for i, c := range cs {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, c.String()...)
	}
	return append(b, " ]"...)
}
