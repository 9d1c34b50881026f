package winamax

// Cards in brackets ("[Ah Kd 2c]"), on street, show, "Dealt to" and
// summary lines.

import (
	"bytes"

	"github.com/handaudit/handaudit/cards"
)

// bracketCards reads "[Ah Kd ...]" at the start of b, cards one space
// apart, and returns them (cut from the hand's card memory) and the bytes
// used. In stud and draw deals "X" is a card face down.
func (p *handParser) bracketCards(b []byte) ([]cards.Card, int, error) {
	if len(b) < 2 || b[0] != '[' {
		return nil, 0, errorf("expected cards in brackets")
	}
	end := bytes.IndexByte(b, ']')
	if end < 0 {
		return nil, 0, errorf("cannot read the cards in brackets")
	}
	in := b[1:end]
	if bytes.IndexByte(in, 'X') >= 0 {
		return p.cardsWithHidden(in, end)
	}
	if len(in)%3 != 2 {
		return nil, 0, errorf("cannot read the cards %q", in)
	}
	cs := p.h.NewCards((len(in) + 1) / 3)
	for k := range cs {
		i := 3 * k
		c, ok := card(in[i], in[i+1])
		if !ok || i+2 < len(in) && in[i+2] != ' ' {
			return nil, 0, errorf("cannot read the cards %q", in)
		}
		cs[k] = c
	}
	return cs, end + 1, nil
}

// cardsWithHidden reads cards one space apart of which some are "X".
func (p *handParser) cardsWithHidden(in []byte, end int) ([]cards.Card, int, error) {
	fields := bytes.Split(in, []byte{' '})
	cs := p.h.NewCards(len(fields))
	for k, f := range fields {
		switch {
		case len(f) == 1 && f[0] == 'X':
			cs[k] = cards.Unknown
		case len(f) == 2:
			c, ok := card(f[0], f[1])
			if !ok {
				return nil, 0, errorf("cannot read the cards %q", in)
			}
			cs[k] = c
		default:
			return nil, 0, errorf("cannot read the cards %q", in)
		}
	}
	return cs, end + 1, nil
}

// card reads a rank letter and a suit letter: "Ah", "Td", "9c".
func card(r, s byte) (cards.Card, bool) {
	rank := ranks[r]
	suit := suits[s]
	if rank == 0 || suit == 0 {
		return cards.Unknown, false
	}
	return cards.New(cards.Rank(rank-1), cards.Suit(suit-1)), true
}

// ranks and suits map the letters of a card to its rank and suit, plus
// one (0: not a card letter).
var ranks, suits = func() (r, s [256]uint8) {
	for i, c := range "23456789TJQKA" {
		r[c] = uint8(i) + 1
	}
	for i, c := range "cdhs" {
		s[c] = uint8(i) + 1
	}
	return
}()
