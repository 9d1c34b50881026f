package phh

// Fast path: the actions array written the usual way ("p1 cbr 300",
// "d dh p2 AsKd"). actionsUsual shortcuts tokenize (build.go): walkFast
// (quick_toml.go) calls it to read and tokenize the notations as it
// reads the array. phhCompareReads (TestPHHUsualShortcutsAgree,
// TestPHHUsualStream, TestPHHUsualShortDeck in usual_test.go,
// TestPHHUsualSummaryNotCarried in actsread_test.go) reads the hands
// with it and with the general code (noFast), and
// TestPHHUsualSameFieldsAsWalk compares its tokens with tokenize's.

import (
	"encoding/binary"
	"slices"

	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// actionsUsual reads the actions array when it is written the usual way:
// stringsUsual's form with every notation in one of tokenizeCanonical's
// forms ("p3 cbr 300", "d dh p1 AsKd") whose players have one digit,
// cards are good two-character cards, none twice in one notation ("-"
// for "sm -"), and amount is of phhQuickDecimal's forms. It tokenizes
// the notations as it goes, into s.acts, instead of listing them in
// fs.arr: fs.decoded's bit phhActions says so, and tokenize checks the
// players against the player count, which may come later in the hand. It
// reads the cards too, into s.cardBuf in the order of the notations, and
// notes what build needs to know of them all (s.actsRead). For any other
// form it returns false, and the array is read as any other (the general
// code also words the errors).
func (s *phhState) actionsUsual(f *phhFast) bool {
	data, pos, line := f.data, f.pos+1, f.line // after '['
	acts := s.acts[:0]
	s.cardBuf = s.cardBuf[:0]
	// The summary is kept in s.actsRead as it goes (only top, updated by
	// every notation, in a register): the loop has more to keep in
	// registers than there are. It means nothing unless this succeeds.
	s.actsRead = phhActsSummary{}
	top := 0
	if phhByteAt(data, pos) == ']' {
		f.pos = pos + 1
		s.acts = acts
		s.fields.decoded |= 1 << phhActions
		return true
	}
	// Each notation is read here, in the loop, which keeps what it works
	// with in registers: the first eight bytes as one word, then the
	// cards or the amount, up to the closing quote. Notations without
	// cards are written out where they are recognized; those with cards
	// go on to the loop that reads them. The loop returns from its end,
	// at the array's ']'.
notations:
	for {
		q, start := phhByteAt(data, pos), pos+1
		if q != '\'' && q != '"' || start+8 > len(data) {
			break
		}
		k := len(acts)
		if k == cap(acts) {
			acts = slices.Grow(acts, 1)
		}
		acts = acts[:k+1]
		a := &acts[k]
		w := binary.LittleEndian.Uint64(data[start:])
		qq := uint64(q)
		end := 0 // the closing quote
		verb, player, arg := phhVerb(0), hand.NoPlayer, 0
		switch {
		case w&0xFF_00FF == phhPlayerWord:
			d := byte(w>>8) - '1'
			if d > 8 {
				break notations
			}
			player = int(d)
			top = max(top, player+1)
			switch rest := w >> 24; {
			case rest&0xFFFF == phhFoldWord|qq<<8:
				end = start + 4
				a.set(phhFold, false, player, phhSpan{}, phhDecimal{}, line, phhSpan{off: int32(start), n: 4})
			case rest&0xFF_FFFF == phhCheckWord|qq<<16:
				end = start + 5
				a.set(phhCheckCall, false, player, phhSpan{}, phhDecimal{}, line, phhSpan{off: int32(start), n: 5})
			case rest&0xFFFF_FFFF == phhBetWord:
				amount, e, _, ok := phhQuickDecimal(data, start+7)
				if !ok || amount.mant == 0 || phhByteAt(data, e) != q {
					break notations
				}
				end = e
				s.actsRead.places = max(s.actsRead.places, amount.places)
				a.set(phhBetTo, true, player, phhSpan{off: int32(start + 7), n: int32(end - start - 7)}, amount,
					line, phhSpan{off: int32(start), n: int32(end - start)})
			case rest&0xFF_FFFF == phhBringInWord|qq<<16:
				end = start + 5
				a.set(phhPostBringIn, false, player, phhSpan{}, phhDecimal{}, line, phhSpan{off: int32(start), n: 5})
			case rest&0xFFFF == phhDiscardWord || rest&0xFFFF == phhShowWord:
				verb = phhDiscard
				if rest&0xFFFF == phhShowWord {
					verb = phhShowMuck
				}
				switch byte(rest >> 16) {
				case q:
					end = start + 5
					a.set(verb, false, player, phhSpan{}, phhDecimal{}, line, phhSpan{off: int32(start), n: 5})
				case ' ':
					arg = start + 6
					if verb == phhShowMuck && phhByteAt(data, arg) == '-' && phhByteAt(data, arg+1) == q {
						end = arg + 1 // "sm -": the cards dealt
						a.set(verb, true, player, phhSpan{off: int32(arg), n: 1}, phhDecimal{}, line, phhSpan{off: int32(start), n: 7})
						verb = 0
					}
				default:
					break notations
				}
			default:
				break notations
			}
		case w&0xFF_FFFF_FFFF == phhDealBoardWord:
			verb, arg = phhDealBoard, start+5
		case w&^(0xFF<<48) == phhDealHoleWord:
			d := byte(w>>48) - '1'
			if d > 8 {
				break notations
			}
			verb, player, arg = phhDealHole, int(d), start+8
			top = max(top, player+1) // a player dealt cards is checked like one who acts
		default:
			break notations
		}
		if arg > 0 && verb != 0 {
			// Cards as cards reads them; for anything else (no card, a bad
			// one, one twice), the general code reads the notation and
			// words the error.
			// The notation is written first, its lengths once the cards
			// are read: fewer values live across the loop that reads them
			// leaves it fewer to reload on every card.
			a.set(verb, true, player, phhSpan{off: int32(arg)}, phhDecimal{}, line, phhSpan{off: int32(start)})
			var known cards.Set // the known cards, none twice
			buf := s.cardBuf
			if cap(buf)-len(buf) < phhMostUsualCards {
				buf = slices.Grow(buf, 4*phhMostUsualCards)
			}
			// Into the room buf has, without calls: more cards than that
			// stop the loop before the quote, for the general code.
			nb := len(buf)
			room := buf[:nb+phhMostUsualCards]
			for end = arg; end+1 < len(data) && nb < len(room); end += 2 {
				c := cards.Unknown
				if rank, suit := phhRanks[data[end]], phhSuits[data[end+1]]; rank|suit >= 0 {
					c = cards.New(cards.Rank(rank), cards.Suit(suit))
					bit := cards.Set(1) << (c & 63) // c < 52: the mask spares a check
					if known&bit != 0 {
						break notations
					}
					known |= bit
				} else if data[end] != '?' || data[end+1] != '?' {
					break
				}
				room[nb] = c
				nb++
			}
			s.cardBuf = buf[:nb]
			if end == arg || end >= len(data) || data[end] != q {
				break notations
			}
			if a.verb == phhDealBoard {
				s.actsRead.board += (end - arg) / 2
			}
			a.arg.n, a.text.n, a.known = int32(end-arg), int32(end-start), known
		}
		// Then ", " and the next notation (its two bytes compared as one
		// word), or the end of the array.
		switch {
		case end+3 <= len(data) && binary.LittleEndian.Uint16(data[end+1:end+3]) == ','|' '<<8:
			pos = end + 3
		case phhByteAt(data, end+1) == ']':
			f.pos = end + 2
			s.acts = acts
			s.actsRead.top = top
			s.fields.decoded |= 1 << phhActions
			return true
		default:
			break notations
		}
	}
	s.acts = acts // keeps the memory even on failure
	return false
}

// phhMostUsualCards is the most cards actionsUsual reads in one notation
// (a stud or draw hand has seven or five).
const phhMostUsualCards = 16

// phhActsSummary is what actionsUsual notes of the notations it read, so
// that build need not go over them again to learn it.
type phhActsSummary struct {
	top    int  // the highest player acting, plus one (0: none)
	places int8 // the most decimal places of a cbr amount
	board  int  // how many board cards are dealt
}

// The usual starts of notations, as binary.LittleEndian.Uint64 reads
// them, with a 0 where the player's digit is.
var (
	phhDealBoardWord = phhWord("d db ")
	phhDealHoleWord  = phhWord("d dh p\x00 ")
	phhPlayerWord    = phhWord("p\x00 ")
	phhFoldWord      = phhWord("f")
	phhCheckWord     = phhWord("cc")
	phhBringInWord   = phhWord("pb")
	phhBetWord       = phhWord("cbr ")
	phhDiscardWord   = phhWord("sd")
	phhShowWord      = phhWord("sm")
)

// phhWord packs s, up to 8 bytes, as binary.LittleEndian.Uint64 reads it.
func phhWord(s string) uint64 {
	var b [8]byte
	copy(b[:], s)
	return binary.LittleEndian.Uint64(b[:])
}

// phhByteAt returns data[i], or 0 past the end (0 is no byte the fast
// path looks for).
func phhByteAt(data []byte, i int) byte {
	if uint(i) < uint(len(data)) {
		return data[i]
	}
	return 0
}
