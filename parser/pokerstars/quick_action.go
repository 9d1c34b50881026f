package pokerstars

// Fast path: the usual action line, "NAME: verb [amount]", "NAME:
// shows [cards]", "NAME collected X from pot". quickAction shortcuts
// playerLine (actions.go): it reads the line, from the input's buffer or
// as given, or leaves it, unchanged, to playerLine. The tests of
// quick_test.go compare it with playerLine (noQuick):
// TestPokerStarsQuickSameHands, FuzzPokerStarsQuick,
// TestPokerStarsQuickActionAmounts, TestPokerStarsQuickSharedFirstByte,
// TestPokerStarsQuickCollectAmounts and TestPokerStarsQuickOver64Names;
// those of fused_test.go (TestPokerStarsQuickChunks,
// TestPokerStarsQuickActionEnds) the lines read from the buffer.

import (
	"bytes"
	"encoding/binary"
	"math/bits"

	"github.com/handaudit/handaudit/hand"
)

// psQuickFirst marks the bytes that may start a line quickAction reads
// straight from the input's buffer: not those of a header ('P'), a section
// ('*'), a line to trim or an empty line.
var psQuickFirst = func() (t [256]bool) {
	for c := range t {
		t[c] = c != 'P' && c != '*' && c != '\n' && psTrims[c]&1 == 0
	}
	return t
}()

// quickAction reads the lines most of a hand is made of, faster than
// playerLine does: "NAME: verb [amount]" for the betting verbs and the
// blinds and antes, "NAME: shows [cards]" and "NAME collected X from pot",
// said by a seated player. It compares names in registers, and reads and
// stores the action in one go. It returns the line's length, or 0, having
// changed nothing, for any other line and for any line that playerLine
// might read in some other way (or reject): playerLine then reads it. What
// it checks and stores is what actionAt, post and event do.
//
// The line is at the start of text: all of it if whole, else up to the
// first LF (a line read straight from the input's buffer, whose end the
// reading finds: see readHand). Neither holds a CR.
//
// The usual line (one name with its first byte, of at most 16 bytes; the
// amounts in dollars and cents) is read with no calls, from offsets into
// text: the calls for the rest are on paths of their own, or last, so the
// compiler keeps the values in registers rather than saving them all on
// entry. Over 64 names (never in real hands) leave no byte that one name
// starts (see indexSeat): quickActionAny reads all their lines.
func (p *psParser) quickAction(text []byte, n int, whole bool) int {
	if cap(text) < 16 {
		return p.quickActionAny(text, n, whole, text[0])
	}
	// The line's first 16 bytes, for psStartsWith's compare: a line lies
	// in a larger buffer. Its first byte is taken from them, not loaded
	// again, so that the compiler loads the words whole.
	full := text[:16:16]
	w0, w1 := binary.LittleEndian.Uint64(full), binary.LittleEndian.Uint64(full[8:])
	set := p.byFirst[byte(w0)]
	if set == 0 {
		return 0
	}
	if set&(set-1) != 0 {
		return p.quickActionAny(text, n, whole, byte(w0)) // names that start alike
	}
	// One name starts with the line's first byte, as nearly always: it is
	// compared with the line in registers.
	sn := &p.names[bits.TrailingZeros64(set)]
	if l := len(sn.name); l > 16 {
		return p.quickActionAny(text, n, whole, byte(w0)) // a long name: compared as a string
	} else if len(text) <= l+1 || w0&psMask0[l] != sn.w0 || w1&psMask1[l] != sn.w1 {
		return 0
	}
	seat, at := sn.seat, len(sn.name) // at: where the verb starts, then the amount; len(text) > at+1
	if text[at] == ' ' {
		return p.quickCollect(seat, text, at+1, n, whole)
	}
	if text[at] != ':' || text[at+1] != ' ' {
		return 0
	}
	verb := at + 2 // where the verb starts in text
	if verb >= len(text) {
		return 0
	}
	var kind hand.ActionKind
	var post hand.PostKind
	at = 0 // where the amount starts in text (0: there is none)
	end := 0
	switch text[verb] {
	case 'f':
		if !psLineIs(text[verb:], "folds", whole) {
			return 0
		}
		kind, end = hand.Fold, verb+5
	case 'c':
		switch {
		case psLineIs(text[verb:], "checks", whole):
			kind, end = hand.Check, verb+6
		case verb+6 <= len(text) && string(text[verb:verb+6]) == "calls ":
			kind, at = hand.Call, verb+6
		default:
			return 0
		}
	case 'b':
		if verb+5 > len(text) || string(text[verb:verb+5]) != "bets " {
			return 0
		}
		kind, at = hand.Bet, verb+5
	case 'r':
		if verb+7 > len(text) || string(text[verb:verb+7]) != "raises " {
			return 0
		}
		kind, at = hand.Raise, verb+7
	case 'p':
		// "posts " first, then the rest: compares of over 16 bytes
		// are calls.
		if verb+6 > len(text) || string(text[verb:verb+6]) != "posts " {
			return 0
		}
		kind, at = hand.Post, verb+6
		switch {
		case at+12 <= len(text) && string(text[at:at+12]) == "small blind ":
			post, at = hand.PostSmallBlind, at+12
		case at+10 <= len(text) && string(text[at:at+10]) == "big blind ":
			post, at = hand.PostBigBlind, at+10
		case at+9 <= len(text) && string(text[at:at+9]) == "the ante ":
			post, at = hand.PostAnte, at+9
		case at+5 <= len(text) && string(text[at:at+5]) == "ante ":
			post, at = hand.PostAnte, at+5
		default:
			return 0
		}
	case 's':
		return p.quickShow(seat, text, verb, n, whole)
	default:
		return 0
	}
	if kind == hand.Post && p.state > psBetting || kind != hand.Post && p.state != psBetting {
		return 0 // playerLine gives the error
	}
	var amount, to hand.Amount
	allIn := false
	if at > 0 {
		// "raises X to Y" has two amounts: X, the raise, then Y, the total.
		for second := false; ; second = true {
			// The amount at text[at:]. Nearly all are "$D" to "$DDD" or
			// "$D.DD" to "$DDD.DD", then a space or the line's end: read
			// here, as psPlainAmount reads them. Any other is its.
			var v hand.Amount
			end = 0
			if i := at; p.scale == 2 && i+1 < len(text) && text[i] == '$' && text[i+1]-'0' <= 9 {
				v, i = hand.Amount(text[i+1]-'0'), i+2
				for k := 0; k < 2 && i < len(text) && text[i]-'0' <= 9; k++ {
					v, i = v*10+hand.Amount(text[i]-'0'), i+1
				}
				if i+2 < len(text) && text[i] == '.' && text[i+1]-'0' <= 9 && text[i+2]-'0' <= 9 {
					v, i = v*100+hand.Amount(text[i+1]-'0')*10+hand.Amount(text[i+2]-'0'), i+3
				} else {
					v *= 100
				}
				if i == len(text) || text[i] == ' ' || text[i] == '\n' {
					end = i
				}
			}
			if end == 0 {
				return p.quickActionAny(text, n, whole, byte(w0))
			}
			if kind != hand.Raise {
				amount = v
				if kind == hand.Bet {
					to = v
				}
				break
			}
			if second {
				to = v
				break
			}
			amount = v
			if end+4 > len(text) || string(text[end:end+4]) != " to " {
				return 0
			}
			at = end + 4
		}
		switch {
		case psLineEnds(text, end, whole):
		case psLineIs(text[end:], " and is all-in", whole):
			allIn = true
			end += 14
		default:
			return 0
		}
	}
	k := len(p.actions)
	if k == cap(p.actions) {
		return p.quickActionAny(text, n, whole, byte(w0)) // appends, growing the actions
	}
	p.postedBlind(post, amount, allIn) // no straddles here: inlined, no call
	// Every field set, one by one: zeroing the action first costs more.
	// The two with pointers are set together, which takes one write
	// barrier check.
	p.actions = p.actions[:k+1]
	a := &p.actions[k]
	a.Kind, a.Player, a.Amount, a.To, a.HasAmount, a.AllIn, a.PostKind = kind, seat, amount, to, at > 0, allIn, post
	a.Board, a.Pot, a.Pos.Line = 0, 0, n
	a.Cards, a.Pos.File = nil, p.r.file
	return end
}

// quickActionAny is quickAction for any line: its rarer cases (see
// quickAction), read in the general way. first is text[0], as the caller
// has it: quickAction's, taken from its words, lets the compiler load
// them whole where this is inlined (a load of text[0] here would be
// shared with them and split them into bytes).
func (p *psParser) quickActionAny(text []byte, n int, whole bool, first byte) int {
	set, ok := p.namesFrom(first)
	if !ok || set == 0 {
		return 0
	}
	var sn *psSeatName
	if set&(set-1) == 0 {
		// One name starts with the line's first byte, as nearly always.
		sn = &p.names[bits.TrailingZeros64(set)]
		if len(text) <= len(sn.name)+1 || !psStartsWith(text, sn) {
			return 0
		}
	} else {
		for set != 0 {
			// The names are tried in playerLine's order; one that does
			// not start the line is skipped by both. A name holds no LF.
			if c := p.nextName(&set); len(text) > len(c.name)+1 && psStartsWith(text, c) {
				sn = c
				break
			}
		}
		if sn == nil {
			return 0
		}
	}
	at := len(sn.name) // where the verb starts, then the amount
	if text[at] == ' ' {
		return p.quickCollect(sn.seat, text, at+1, n, whole)
	}
	if text[at] != ':' || text[at+1] != ' ' {
		return 0
	}
	verb := at + 2 // where rest starts in text
	rest := text[verb:]
	if len(rest) == 0 {
		return 0
	}
	var kind hand.ActionKind
	var post hand.PostKind
	at = 0 // where the amount starts in rest (0: there is none)
	end := 0
	switch rest[0] {
	case 'f':
		if !psLineIs(rest, "folds", whole) {
			return 0
		}
		kind, end = hand.Fold, 5
	case 'c':
		switch {
		case psLineIs(rest, "checks", whole):
			kind, end = hand.Check, 6
		case psHas(rest, "calls "):
			kind, at = hand.Call, 6
		default:
			return 0
		}
	case 'b':
		if !psHas(rest, "bets ") {
			return 0
		}
		kind, at = hand.Bet, 5
	case 'r':
		if !psHas(rest, "raises ") {
			return 0
		}
		kind, at = hand.Raise, 7
	case 'p':
		kind = hand.Post
		switch {
		case len(rest) >= 18 && string(rest[:18]) == "posts small blind ":
			post, at = hand.PostSmallBlind, 18
		case len(rest) >= 16 && string(rest[:16]) == "posts big blind ":
			post, at = hand.PostBigBlind, 16
		case len(rest) >= 15 && string(rest[:15]) == "posts the ante ":
			post, at = hand.PostAnte, 15
		case len(rest) >= 11 && string(rest[:11]) == "posts ante ":
			post, at = hand.PostAnte, 11
		default:
			return 0
		}
	case 's':
		return p.quickShow(sn.seat, text, verb, n, whole)
	default:
		return 0
	}
	if kind == hand.Post && p.state > psBetting || kind != hand.Post && p.state != psBetting {
		return 0 // playerLine gives the error
	}
	var by, v hand.Amount
	allIn := false
	if at > 0 {
		var k int
		if v, k, ok = psPlainAmount(rest[at:], p.scale); !ok {
			return 0
		}
		end = at + k
		if kind == hand.Raise { // "raises X to Y": X is the raise, Y the total
			if !psHas(rest[end:], " to ") {
				return 0
			}
			by = v
			if v, k, ok = psPlainAmount(rest[end+4:], p.scale); !ok {
				return 0
			}
			end += 4 + k
		}
		switch {
		case psLineEnds(rest, end, whole):
		case psLineIs(rest[end:], " and is all-in", whole):
			allIn = true
			end += 14
		default:
			return 0
		}
	}
	// Written in place, not built and copied.
	p.actions = append(p.actions, hand.Action{})
	a := &p.actions[len(p.actions)-1]
	a.Kind, a.Player, a.Pos = kind, sn.seat, hand.Pos{File: p.r.file, Line: n}
	if at > 0 {
		a.HasAmount, a.AllIn = true, allIn
		switch kind {
		case hand.Call:
			a.Amount = v
		case hand.Bet:
			a.Amount, a.To = v, v
		case hand.Raise:
			a.Amount, a.To = by, v
		case hand.Post:
			a.Amount, a.PostKind = v, post
			p.posted(post, v, allIn)
		}
	}
	return verb + end
}

// psLineEnds reports whether the line at the start of text (see
// quickAction) ends at i.
func psLineEnds(text []byte, i int, whole bool) bool {
	if i < len(text) {
		return text[i] == '\n'
	}
	return whole && i == len(text)
}

// psLineIs reports whether the line at the start of text (see
// quickAction) is s.
func psLineIs(text []byte, s string, whole bool) bool {
	return len(text) >= len(s) && string(text[:len(s)]) == s && psLineEnds(text, len(s), whole)
}

// quickCollect reads "collected X from pot" (or from the main pot, a side
// pot, side pot N), text[at:] after "NAME ", for quickAction, as event does.
func (p *psParser) quickCollect(seat int, text []byte, at, n int, whole bool) int {
	rest := text[at:]
	if len(rest) < 10 || string(rest[:10]) != "collected " || p.state < psBetting && p.cancel == 0 {
		return 0
	}
	v, k, ok := psPlainAmount(rest[10:], p.scale)
	if !ok {
		return 0
	}
	pot, end := 0, 10+k
	switch from := rest[end:]; {
	case psLineIs(from, " from pot", whole):
		end += 9
	case psLineIs(from, " from main pot", whole):
		end += 14
	case psLineIs(from, " from side pot", whole):
		pot, end = 1, end+14
	case len(from) >= 16 && string(from[:15]) == " from side pot-" && from[15] >= '1' && from[15] <= '9' && psLineEnds(from, 16, whole):
		pot, end = int(from[15]-'0'), end+16
	default:
		return 0 // event reads the rest
	}
	p.actions = append(p.actions, hand.Action{Kind: hand.Collect, Player: seat, Amount: v, HasAmount: true,
		Board: p.showdown, Pot: pot, Pos: hand.Pos{File: p.r.file, Line: n}})
	return at + end
}

// quickShow reads "shows [cards]" with an optional "(description)" after
// them, text[at:] after "NAME: ", for quickAction, as actionAt does.
func (p *psParser) quickShow(seat int, text []byte, at, n int, whole bool) int {
	rest := text[at:]
	if len(rest) < 6 || string(rest[:6]) != "shows " || p.state < psBetting {
		return 0
	}
	tail := rest[6:]
	k := psCardsEnd(tail) // the cards end at tail[3k]
	if k == 0 {
		return 0
	}
	after := tail[3*k+1:]
	if !whole {
		e := bytes.IndexByte(after, '\n')
		if e < 0 {
			return 0
		}
		after = after[:e]
	}
	if len(after) > 0 && !(len(after) > 2 && after[0] == ' ' && after[1] == '(' && after[len(after)-1] == ')') {
		return 0
	}
	// k cards need all of tail[:3k]: when they are read, the first ']'
	// is the one at 3k, and what follows is after.
	cs, err := p.bracketCards(tail, false)
	if err != nil || len(cs) != k {
		return 0
	}
	if i := len(p.actions); i < cap(p.actions) {
		// Every field set, one by one (see quickAction).
		p.actions = p.actions[:i+1]
		a := &p.actions[i]
		a.Kind, a.Player, a.Amount, a.To, a.HasAmount, a.AllIn, a.PostKind = hand.Show, seat, 0, 0, false, false, 0
		a.Board, a.Pot, a.Pos.Line = p.showdown, 0, n
		a.Cards, a.Pos.File = cs, p.r.file
	} else {
		p.actions = append(p.actions, hand.Action{Kind: hand.Show, Player: seat, Cards: cs, Board: p.showdown,
			Pos: hand.Pos{File: p.r.file, Line: n}})
	}
	return at + 6 + 3*k + 1 + len(after)
}
