package gen

import (
	"slices"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/ggpoker"
	"github.com/handaudit/handaudit/parser/partypoker"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
	"github.com/handaudit/handaudit/parser/winamax"
)

// roomText is what a room's own text export states, for the room formats
// gen writes (PHH is the other kind): the generator builds each hand as
// the format's reader gives it back, so what differs between rooms is a
// property here, not a test of the format's name.
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
	// blind X out of position" (PostDead).
	deadSmallBlind hand.PostKind
	// noDeadSmallBlind: no returning player posts a small blind out of
	// position (PartyPoker counts it live, which its text cannot show).
	noDeadSmallBlind bool
	// sessions: Config.Sessions writes table sessions in it (PokerStars;
	// Winamax's have not been checked against the session checks yet).
	sessions bool
	gameCode func(hand.Game) (string, error)                // the reader's Game.Code
	append   func(dst []byte, h *hand.Hand) ([]byte, error) // the writer
	games    []gameKind                                     // the games it deals (nil: psGames)
}

// roomTexts are the room formats gen writes.
var roomTexts = map[parser.Format]*roomText{
	pokerstars.Format: {site: "PokerStars", currency: "USD", bit: fPS, returnLines: true, listsPots: true, mucksShown: true,
		deadSmallBlind: hand.PostSmallBlind, sessions: true, gameCode: psGameCode, append: pokerstars.AppendHand},
	winamax.Format: {site: "Winamax", currency: "EUR", bit: fWM, deadSmallBlind: hand.PostDead,
		gameCode: winamax.GameCode, append: winamax.AppendHand},
	// PartyPoker pays uncalled bets back in its wins lines (the reader
	// returns them) and lists no pots; gen writes the PokerStars-shaped
	// record in its shape (partyShape).
	partypoker.Format: {site: partypoker.Site, currency: "USD", bit: fPP, mucksShown: true, noDeadSmallBlind: true,
		gameCode: func(g hand.Game) (string, error) { return partypoker.GameCode(g), nil }, append: partypoker.AppendHand, games: ppGames},
	// GGPoker: collects do not say which pot they are from (the reader
	// gives Pot -1), no fixed-limit Omaha.
	ggpoker.Format: {site: "GGPoker", currency: "USD", bit: fGG, returnLines: true, potsUnnamed: true, deadSmallBlind: hand.PostSmallBlind,
		gameCode: ggGameCode, append: ggpoker.AppendHand, games: ggGames},
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

// Formats are the formats gen writes: PHH and the rooms' text formats, by
// name.
func Formats() []parser.Format {
	out := []parser.Format{phh.Format}
	for f := range roomTexts {
		out = append(out, f)
	}
	slices.Sort(out)
	return out
}
