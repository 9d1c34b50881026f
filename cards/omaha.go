package cards

// Omaha hands play exactly two hole cards with exactly three board cards.
// The evaluators below try every such pair and triple: at most 15 pairs
// (six hole cards) times 10 triples (five board cards), each a 5-card table
// lookup from precomputed partial keys.

// omahaShapeOK reports whether hole and board have Omaha sizes: 4 to 6 hole
// cards, 3 to 5 board cards.
func omahaShapeOK(hole, board []Card) bool {
	return len(hole) >= 4 && len(hole) <= 6 && len(board) >= 3 && len(board) <= 5
}

// partial is the summed key and rank mask of a pair or triple of cards.
type partial struct {
	key   uint64
	ranks uint16
}

// omahaPartials returns the keys of every hole pair and board triple.
func omahaPartials(hole, board []Card, pairs *[15]partial, triples *[10]partial) (np, nt int) {
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			pairs[np] = partial{cardKey[hole[i]] + cardKey[hole[j]], 1<<hole[i].Rank() | 1<<hole[j].Rank()}
			np++
		}
	}
	for i := 0; i < len(board); i++ {
		for j := i + 1; j < len(board); j++ {
			for k := j + 1; k < len(board); k++ {
				triples[nt] = partial{cardKey[board[i]] + cardKey[board[j]] + cardKey[board[k]],
					1<<board[i].Rank() | 1<<board[j].Rank() | 1<<board[k].Rank()}
				nt++
			}
		}
	}
	return np, nt
}

// evalFive returns the value of five known, distinct cards from their
// summed key and rank mask. Five cards make a flush only when all five
// share a suit, and then their rank mask is the flush's.
func evalFive(p, t partial) HandRank {
	k := keyBase + p.key + t.key
	if k&flushBits != 0 {
		return flushTab[p.ranks|t.ranks]
	}
	return lookup56(uint32(k))
}

// EvalOmaha returns the value of the best Omaha high hand: exactly two of
// the 4, 5 or 6 hole cards with exactly three of the 3 to 5 board cards. It
// returns NoHand for other sizes, Unknown cards or a repeated card.
func EvalOmaha(hole, board []Card) HandRank {
	if !omahaShapeOK(hole, board) || !knownDistinct(hole, board) {
		return NoHand
	}
	var pairs [15]partial
	var triples [10]partial
	np, nt := omahaPartials(hole, board, &pairs, &triples)
	best := NoHand
	for _, p := range pairs[:np] {
		for _, t := range triples[:nt] {
			best = max(best, evalFive(p, t))
		}
	}
	return best
}

// BestOmahaFive returns the two hole cards and three board cards that make
// the best Omaha high hand, ordered as BestFive orders them. Among equal
// choices the earliest hole pair, then the earliest board triple, wins. It
// returns nil when EvalOmaha would return NoHand.
func BestOmahaFive(hole, board []Card) []Card {
	v := EvalOmaha(hole, board)
	if v == NoHand {
		return nil
	}
	for i := 0; i < len(hole); i++ {
		for j := i + 1; j < len(hole); j++ {
			for a := 0; a < len(board); a++ {
				for b := a + 1; b < len(board); b++ {
					for c := b + 1; c < len(board); c++ {
						five := []Card{hole[i], hole[j], board[a], board[b], board[c]}
						if evalKnown(five) == v {
							return orderBySignificance(v, five)
						}
					}
				}
			}
		}
	}
	return nil
}
