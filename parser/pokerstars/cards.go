package pokerstars

// Cards in brackets ("[Ah Kd 2c]"), on street, shown and summary lines.

import (
	"bytes"

	"github.com/handaudit/handaudit/cards"
)

// bracketCards reads "[Ah Kd ...]" at the start of b. With whole, nothing
// may follow the closing bracket.
func (p *psParser) bracketCards(b []byte, whole bool) ([]cards.Card, error) {
	if len(b) < 2 || b[0] != '[' {
		return nil, psErrorf("expected cards in brackets")
	}
	// Fast path: cards one space apart up to the bracket, as PokerStars
	// writes them: the bracket is looked for where it may be, after each
	// card, and then the cards are read. Anything else goes the general
	// way, which reads these the same.
	if n := psCardsEnd(b); n > 0 && (!whole || 3*n+1 == len(b)) && !p.noQuick {
		cs := p.h.NewCards(n)
		// A rank or suit letter maps to its part of the card (see
		// psCard); any other byte to 0xFF, whose top bit stays in bad.
		var bad uint8
		for k := range cs {
			r, s := psRank4[b[3*k+1]]-1, psSuit[b[3*k+2]]-1
			cs[k] = cards.Card(r + s)
			bad |= r | s
		}
		if bad < 0x80 {
			return cs, nil // no card letter is a ']': it is the first one
		}
	}
	end := bytes.IndexByte(b, ']')
	if end < 0 || whole && end != len(b)-1 {
		return nil, psErrorf("cannot read the cards in brackets")
	}
	in := b[1:end]
	cs := p.h.NewCards((len(in) + 1) / 3)
	// Fast path: cards one space apart, as PokerStars writes them.
	if len(in)%3 == 2 {
		ok := true
		for k := range cs {
			i := 3 * k
			c, good := psCard(in[i], in[i+1])
			cs[k] = c
			ok = ok && good && (i+2 == len(in) || in[i+2] == ' ')
		}
		if ok {
			return cs, nil
		}
	}
	cs = cs[:0]
	for i := 0; i < len(in); {
		if in[i] == ' ' {
			i++
			continue
		}
		if i+1 >= len(in) {
			return nil, psErrorf("cannot read card %q", in[i:])
		}
		c, ok := psCard(in[i], in[i+1])
		if !ok && in[i] == 'X' && in[i+1] == 'X' {
			// A card not shown, as Hold'em Manager's exports write it.
			c, ok = cards.Unknown, true
		}
		if !ok || (i+2 < len(in) && in[i+2] != ' ') {
			return nil, psErrorf("cannot read card %q", in[i:min(i+3, len(in))])
		}
		cs = append(cs, c)
		i += 2
	}
	if len(cs) == 0 {
		return nil, psErrorf("no cards in brackets")
	}
	return cs, nil
}

// psCardsEnd returns how many cards b holds if it is "[" and cards of
// two bytes one space apart, up to a "]", or 0.
func psCardsEnd(b []byte) int {
	for i := 3; i < len(b); i += 3 {
		switch b[i] {
		case ']':
			return i / 3
		case ' ':
		default:
			return 0
		}
	}
	return 0
}

// psCard reads a two-letter card such as "Ah" or "Td".
func psCard(r, s byte) (cards.Card, bool) {
	rank, suit := psRank4[r], psSuit[s]
	if rank == 0 || suit == 0 {
		return cards.Unknown, false
	}
	return cards.Card(rank - 1 + suit - 1), true
}

// psRank4 maps a rank letter to its card index (rank*4, see cards.New)
// plus one, and psSuit a suit letter to its suit plus one (0: neither).
var psRank4, psSuit = func() (rt, st [256]uint8) {
	for i, c := range "23456789TJQKA" {
		rt[c] = uint8(cards.New(cards.Rank(i), 0)) + 1
	}
	for _, s := range [...]struct {
		c    byte
		suit cards.Suit
	}{{'c', cards.Clubs}, {'d', cards.Diamonds}, {'h', cards.Hearts}, {'s', cards.Spades}} {
		st[s.c] = uint8(s.suit) + 1
	}
	return rt, st
}()

// shownIs returns the length of "[cards]" at the start of b if they are
// cs, none missing, written as PokerStars writes them, or 0.
func (p *psParser) shownIs(cs []cards.Card, b []byte) int {
	n := 3*len(cs) + 1
	if len(cs) == 0 || len(b) < n || b[0] != '[' || b[n-1] != ']' || p.noQuick {
		return 0
	}
	// Each card and the space after it (the bracket after the last)
	// compared as one word.
	for k, c := range cs {
		i := 3*k + 1
		want := psCardText[c]
		if k == len(cs)-1 {
			want += (']' - ' ') << 16
		}
		if uint32(b[i])|uint32(b[i+1])<<8|uint32(b[i+2])<<16 != want {
			return 0
		}
	}
	return n
}

// psCardText holds each card's two letters and a space after them, as
// the three low bytes of a little-endian word, as psCard reads them
// (0: no card).
var psCardText = func() (t [256]uint32) {
	for _, r := range []byte("23456789TJQKA") {
		for _, s := range []byte("cdhs") {
			c, _ := psCard(r, s)
			t[c] = uint32(r) | uint32(s)<<8 | ' '<<16
		}
	}
	return t
}()
