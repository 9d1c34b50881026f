package pokerstars

// Fast path: headers that repeat. It shortcuts header (header.go) for the
// text before the date, which a file's hands nearly always repeat: what
// header reads from it (the game, the stakes, the tournament) is kept, by
// that text, and set again when a header repeats it.
// TestPokerStarsHeaderMemo (quick_header_test.go) checks it against
// header (noQuick).

import (
	"bytes"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// psHeaderMemos keeps what recent headers said before their dates (see
// psHeaderMemo), for the games and stakes a file's hands are played at:
// each header text hashes to a slot, which holds one memo. Memos are made
// as slots are first used, so a file of one table keeps one.
type psHeaderMemos struct {
	slots [psHeaderMemoSlots]uint16 // by hash: the slot's index in memos plus one; 0: none yet
	memos []psHeaderMemo
}

const (
	psHeaderMemoShift = 8 // log2(psHeaderMemoSlots)
	psHeaderMemoSlots = 1 << psHeaderMemoShift
)

// find returns the memo of the slot of the header whose text after its
// hand number's colon is afterColon: the one kept for that text, or
// another's to replace (keep), or an empty one. Only the slot depends on
// the hash: repeats checks the text itself.
func (ms *psHeaderMemos) find(afterColon []byte) *psHeaderMemo {
	// The text up to the first '-' (which usually ends the stakes) picks
	// the slot: its first and last 16 bytes, and its length. Headers
	// differ in their game near the start and their stakes near the end.
	n := bytes.IndexByte(afterColon, '-')
	if n < 0 {
		n = len(afterColon)
	}
	w0, w1 := parser.NameWords(afterColon[:n])
	v0, v1 := parser.NameWords(afterColon[max(n-16, 0):n])
	slot := &ms.slots[parser.NameHash(w0^v1, w1^v0, n)>>(64-psHeaderMemoShift)]
	if *slot == 0 {
		ms.memos = append(ms.memos, psHeaderMemo{})
		*slot = uint16(len(ms.memos))
	}
	return &ms.memos[*slot-1]
}

// psHeaderMemo is what the last header read said before its date: the
// game, stakes and tournament, which the next hand's header nearly
// always repeats word for word. A header whose text up to its date is
// the same is not read again.
//
// The text read before the date decides these alone: header's searches
// before the date find their targets in it, and a date starts with a
// digit, which no search there crosses into (see repeats).
type psHeaderMemo struct {
	text       []byte // from after the hand number's colon to the date; empty: none kept
	tournament string
	isTourn    bool
	game       hand.Game
	holeN      int
	currency   string
	isMoney    bool // psParser.currency
	scale      int
	stakes     hand.Stakes // with no Straddles: the header has none
}

// repeats reports whether afterColon, a header's text after its hand
// number's colon, starts with the text kept and then a date's first digit.
func (m *psHeaderMemo) repeats(afterColon []byte) bool {
	n := len(m.text)
	return n > 0 && len(afterColon) > n && afterColon[n]-'0' <= 9 && string(afterColon[:n]) == string(m.text)
}

// keep remembers what header read from text, the header's text before
// its date.
func (m *psHeaderMemo) keep(p *psParser, text []byte) {
	h := p.h
	m.text = append(m.text[:0], text...)
	m.tournament, m.isTourn = h.Tournament, p.isTourn
	m.game, m.holeN = h.Game, p.holeN
	m.currency, m.isMoney, m.scale = h.Currency, p.currency, p.scale
	m.stakes = h.Stakes
	m.stakes.Straddles = nil
}

// apply sets what header would read from the text kept.
func (m *psHeaderMemo) apply(p *psParser) {
	h := p.h
	h.Tournament, p.isTourn = m.tournament, m.isTourn
	h.Game, p.holeN = m.game, m.holeN
	h.Currency, p.currency, p.scale = m.currency, m.isMoney, m.scale
	straddles := h.Stakes.Straddles
	h.Stakes = m.stakes
	h.Stakes.Straddles = straddles
}
