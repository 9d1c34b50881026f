package gen

import (
	"slices"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
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
	// mucksShown: at an all-in showdown the software mucks a beaten hand
	// and the summary shows it (PokerStars); Winamax tables every hand.
	mucksShown bool
	// deadSmallBlind is how the reader gives a small blind posted out of
	// position: PokerStars' "posts small blind" by another seat than the
	// small blind's (the engine takes it as dead), Winamax's "posts small
	// blind X out of position" (PostDead).
	deadSmallBlind hand.PostKind
	// sessions: Config.Sessions writes table sessions in it (PokerStars;
	// Winamax's have not been checked against the session checks yet).
	sessions bool
	gameCode func(hand.Game) (string, error)                // the reader's Game.Code
	append   func(dst []byte, h *hand.Hand) ([]byte, error) // the writer
}

// roomTexts are the room formats gen writes.
var roomTexts = map[parser.Format]*roomText{
	pokerstars.Format: {site: "PokerStars", currency: "USD", bit: fPS, returnLines: true, listsPots: true, mucksShown: true,
		deadSmallBlind: hand.PostSmallBlind, sessions: true, gameCode: psGameCode, append: pokerstars.AppendHand},
	winamax.Format: {site: "Winamax", currency: "EUR", bit: fWM, deadSmallBlind: hand.PostDead,
		gameCode: winamax.GameCode, append: winamax.AppendHand},
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
