package gen

import (
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/ggpoker"
	"github.com/handaudit/handaudit/parser/ipoker"
	"github.com/handaudit/handaudit/parser/pacific"
	"github.com/handaudit/handaudit/parser/partypoker"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
	"github.com/handaudit/handaudit/parser/winamax"
)

// roomText is what a room's own export states (its text, or iPoker's
// XML), for the room formats gen writes (PHH is the other kind): the
// generator builds each hand as the format's reader gives it back, so what
// differs between rooms is a property here, not a test of the format's
// name (docs/gen.md has them side by side).
type roomText struct {
	site     string // the site the hands name (and the preset audit run judges them by)
	currency string // the currency its cash tables play in
	bit      uint8  // the format's bit in violation.formats
	// returnLines: uncalled bets come back on a line of their own, which
	// older exports leave out (PokerStars); otherwise the bettor's collect
	// includes the bet and the reader returns it (Winamax).
	returnLines bool
	// listsPots: the summary lists the main and side pots, each after its
	// share of the rake (PokerStars); otherwise only the collects say.
	listsPots bool
	// potsUnnamed: a collect does not say which pot it is from (GGPoker's
	// "collected $X from pot", whatever the pot): the reader gives Pot -1.
	potsUnnamed bool
	// mucksShown: at an all-in showdown the software mucks a beaten hand
	// and the summary shows it (PokerStars); Winamax tables every hand.
	mucksShown bool
	// deadSmallBlind is how the reader gives a small blind posted out of
	// position: PokerStars' "posts small blind" by another seat than the
	// small blind's (the engine takes it as dead), Winamax's "posts small
	// blind X out of position" (PostDead); PostBothBlind: the returning
	// player posts both blinds in one post, the big live and the small
	// dead (iPoker's big-blind post of the two, 888's "dead blind [$1 +
	// $2]").
	deadSmallBlind hand.PostKind
	// noDeadSmallBlind: no returning player posts a small blind out of
	// position (PartyPoker counts it live, which its text cannot show).
	noDeadSmallBlind bool
	// sessions: Config.Sessions writes table sessions in it (every room
	// format: each names the table, its button and the stacks each hand
	// starts with).
	sessions bool
	// tableHandIDs: a session's hand IDs are the room's TABLE-N-TIME,
	// the table's number, the hand's number at the table and its start in
	// Unix seconds (Winamax's "5281577-471-1382586707"); the session
	// checks read N as the hand's number. Otherwise an ID is a number the
	// room counts across its tables, after idPrefix.
	tableHandIDs bool
	// idPrefix is written before a hand's number in a session (GGPoker's
	// "HD" of a cash table's "HD23847510"): the session checks read no
	// number in such an ID, so no hand number is skipped there
	// (session.missing-hand has no evidence).
	idPrefix string
	// betsAndWins: the record states no pots, collects, returned bets or
	// rake, only each player's bet and win (after the rake): the reader
	// gives finishing stacks, and the rake they leave is the one the
	// record implies, as in PHH (iPoker).
	betsAndWins bool
	// showsInDeal: the cards a player shows are written in the deal, and
	// the reader tables every hand still in whose cards it knows, in the
	// order the rules call for, and mucks the others (iPoker).
	showsInDeal bool
	// silentReturns: uncalled bets go back with no line and the reader
	// returns none; the collects leave them out, save an uncalled blind,
	// paid back within the pot its owner collects. The record states no
	// total pot, pots or rake: the collects alone say what was paid
	// (888poker).
	silentReturns bool
	// totalsOnly: bets and raises are read as the street totals they make,
	// with no amount of their own (iPoker, 888poker).
	totalsOnly bool
	// noAllInMarks: the record marks no all-in (888poker).
	noAllInMarks bool
	// bareSums: every action's sum is the chips it moved, and the reader
	// marks no amount on posts as stated (iPoker).
	bareSums bool
	// stakes, if set, gives the stakes the reader derives from the record
	// (the game line's and the posts); nil: readerStakes' rooms' reading.
	stakes   func(st *hand.Stakes, t *table, acts []hand.Action)
	gameCode func(hand.Game) (string, error) // the reader's Game.Code
	// append is the writer; n is the hand's place in its file, from 1.
	append func(dst []byte, h *hand.Hand, n int) ([]byte, error)
	ext    string     // the files' extension
	games  []gameKind // the games it deals (nil: psGames)
	// otherGames are the names of the games past hold'em and Omaha
	// (otherGames in games.go) its writer writes too.
	otherGames []string
}

// sessionHandID is the ID of a session's hand in the room's form: number
// is the number gen gives it among all the room's hands, table the
// session's table, seq the hand's number at it (from 1), start its start.
func (r *roomText) sessionHandID(number, table, seq uint64, start time.Time) string {
	if r.tableHandIDs {
		return strconv.FormatUint(table, 10) + "-" + strconv.FormatUint(seq, 10) + "-" + strconv.FormatInt(start.Unix(), 10)
	}
	return r.idPrefix + strconv.FormatUint(number, 10)
}

// textWriter is a writer of a text format, whose hands need not know their
// place in the file.
func textWriter(w func(dst []byte, h *hand.Hand) ([]byte, error)) func([]byte, *hand.Hand, int) ([]byte, error) {
	return func(dst []byte, h *hand.Hand, _ int) ([]byte, error) { return w(dst, h) }
}

// roomTexts are the room formats gen writes.
var roomTexts = map[parser.Format]*roomText{
	pokerstars.Format: {site: "PokerStars", currency: "USD", bit: fPS, returnLines: true, listsPots: true, mucksShown: true,
		deadSmallBlind: hand.PostSmallBlind, sessions: true, gameCode: psGameCode, append: textWriter(pokerstars.AppendHand), ext: ".txt"},
	winamax.Format: {site: "Winamax", currency: "EUR", bit: fWM, deadSmallBlind: hand.PostDead, sessions: true, tableHandIDs: true,
		gameCode: winamax.GameCode, append: textWriter(winamax.AppendHand), ext: ".txt"},
	// PartyPoker pays uncalled bets back in its wins lines (the reader
	// returns them) and lists no pots; gen writes the PokerStars-shaped
	// record in its shape (partyShape).
	partypoker.Format: {site: partypoker.Site, currency: "USD", bit: fPP, mucksShown: true, noDeadSmallBlind: true, sessions: true,
		gameCode: func(g hand.Game) (string, error) { return partypoker.GameCode(g), nil }, append: textWriter(partypoker.AppendHand),
		ext: ".txt", games: ppGames},
	// GGPoker: collects do not say which pot they are from (the reader
	// gives Pot -1), no fixed-limit Omaha.
	ggpoker.Format: {site: "GGPoker", currency: "USD", bit: fGG, returnLines: true, potsUnnamed: true, deadSmallBlind: hand.PostSmallBlind, sessions: true, idPrefix: "HD",
		gameCode: ggGameCode, append: textWriter(ggpoker.AppendHand), ext: ".txt", games: ggGames},
	// iPoker XML (the corpus: euro tables): each player's chips, bet and
	// win after the rake; every action's sum, the raises' as the round's
	// total; the cards shown written in the deal; a returning player posts
	// both blinds as one big-blind post. A session per hand, the file's
	// first with the XML declaration.
	ipoker.Format: {site: ipoker.Site, currency: "EUR", bit: fIP, betsAndWins: true, showsInDeal: true, totalsOnly: true, bareSums: true, sessions: true,
		deadSmallBlind: hand.PostBothBlind, stakes: ipokerStakes, gameCode: ipoker.GameCode, append: ipoker.AppendHand, ext: ".xml",
		otherGames: []string{"short-deck"}},
	// 888poker text (the corpus: dollar tables): collects after the rake,
	// which no line states, nor the total pot; uncalled bets returned
	// silently; the chips each action adds, no all-in marks; a returning
	// player posts "dead blind [$1 + $2]"; no five-card Omaha.
	pacific.Format: {site: "888poker", currency: "USD", bit: f888, potsUnnamed: true, mucksShown: true, silentReturns: true, sessions: true,
		totalsOnly: true, noAllInMarks: true, deadSmallBlind: hand.PostBothBlind, stakes: pacificStakes,
		gameCode: func(g hand.Game) (string, error) { return pacific.GameCode(g), nil }, append: textWriter(pacific.AppendHand),
		ext: ".txt", games: ppGames},
}

// ipokerStakes are the stakes the iPoker reader derives: the game type's
// blinds (fixed limit: its bets, the big blind the small bet, the small
// blind the first posted), the ante the game type names, which the writer
// takes from the hand.
func ipokerStakes(st *hand.Stakes, t *table, acts []hand.Action) {
	st.BigBlindAnte = false
	if t.game.Structure != hand.FixedLimit {
		st.MinBet = st.BigBlind
		return
	}
	st.MinBet, st.BigBlind, st.SmallBlind = 0, t.small, 0
	for _, a := range acts {
		if a.Kind == hand.Post && a.PostKind == hand.PostSmallBlind {
			st.SmallBlind = a.Amount
			break
		}
	}
	if st.SmallBlind == 0 {
		st.SmallBlind = st.BigBlind / 2
	}
}

// pacificStakes are the stakes the 888poker reader derives: the game
// line's blinds (fixed limit: the small bet the big blind, the big bet
// twice it), the largest ante posted.
func pacificStakes(st *hand.Stakes, t *table, acts []hand.Action) {
	st.Ante, st.BigBlindAnte = 0, false
	for _, a := range acts {
		if a.Kind == hand.Post && a.PostKind == hand.PostAnte {
			st.Ante = max(st.Ante, a.Amount)
		}
	}
	st.MinBet = st.BigBlind
	if t.game.Structure == hand.FixedLimit {
		st.SmallBet, st.BigBet = st.BigBlind, 2*st.BigBlind
	}
}

// ggGames are the games dealt in GGPoker text: its lobby's hold'em and
// Omaha (PLO 4 and 5, no fixed-limit Omaha).
var ggGames = []gameKind{
	{hand.Holdem, hand.NoLimit, 2, 40},
	{hand.Holdem, hand.PotLimit, 2, 5},
	{hand.Holdem, hand.FixedLimit, 2, 15},
	{hand.Omaha, hand.PotLimit, 4, 15},
	{hand.Omaha, hand.PotLimit, 5, 5},
	{hand.Omaha, hand.NoLimit, 4, 5},
	{hand.OmahaHiLo, hand.PotLimit, 4, 5},
}

// ggGameCode is the GGPoker reader's Game.Code for g.
func ggGameCode(g hand.Game) (string, error) {
	switch {
	case g.Variant == hand.Omaha && g.Structure == hand.PotLimit && g.HoleCards == 5:
		return "PLO-5", nil
	case g.Variant == hand.Omaha && g.Structure == hand.PotLimit && g.HoleCards == 6:
		return "PLO-6", nil
	case g.Variant == hand.OmahaHiLo:
		return "Omaha Hi/Lo Pot Limit", nil
	}
	return psGameCode(g) // "Hold'em No Limit", "Omaha Pot Limit", ...
}

// Formats are the formats gen writes: PHH and the rooms' formats, by
// name.
func Formats() []parser.Format {
	out := []parser.Format{phh.Format}
	for f := range roomTexts {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}

// SessionFormats are the formats gen writes table sessions in
// (Config.Sessions), by name.
func SessionFormats() []parser.Format {
	var out []parser.Format
	for f, room := range roomTexts {
		if room.sessions {
			out = append(out, f)
		}
	}
	slices.Sort(out)
	return out
}

// formatList writes formats as "a, b or c".
func formatList(fs []parser.Format) string {
	var b strings.Builder
	for i, f := range fs {
		switch {
		case i == 0:
		case i == len(fs)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(string(f))
	}
	return b.String()
}
