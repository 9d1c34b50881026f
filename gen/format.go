package gen

import (
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
	"github.com/handaudit/handaudit/parser/ggpoker"
	"github.com/handaudit/handaudit/parser/phh"
	"github.com/handaudit/handaudit/parser/pokerstars"
)

// formatTraits are what the generator needs to know of an output format:
// what its records state, so that the hands it makes are the hands its
// reader gives back, and how to write them.
type formatTraits struct {
	bits uint8  // the violations it can express (fPHH, fText, fPots)
	site string // the site its hands name
	// text: a room's text export (PokerStars, GGPoker). It states call
	// amounts, uncalled bets returned, the total pot, the rake and every
	// collect; it shows only the hero's hole cards; it posts the blinds
	// before the antes, and a returning player may post a dead small
	// blind. Otherwise (PHH) the record gives bet totals and finishing
	// stacks.
	text bool
	// listsPots: the summary lists the main and side pots and each collect
	// names its pot (PokerStars); otherwise collects do not say which pot
	// they are from (GGPoker).
	listsPots bool
	games     []gameKind
	gameCode  func(hand.Game) string // the reader's Game.Code
	ext       string                 // shard files' extension
	write     func(dst []byte, h *hand.Hand, table int) ([]byte, error)
}

// formats are the formats the generator writes.
var formats = map[parser.Format]*formatTraits{
	phh.Format: {bits: fPHH, site: "handaudit-gen", games: phhGames, gameCode: phhCode, ext: ".phhs",
		write: phh.AppendHand},
	pokerstars.Format: {bits: fText | fPots, site: "PokerStars", text: true, listsPots: true, games: psGames, gameCode: psGameCode, ext: ".txt",
		write: func(dst []byte, h *hand.Hand, _ int) ([]byte, error) { return pokerstars.AppendHand(dst, h) }},
	ggpoker.Format: {bits: fText, site: "GGPoker", text: true, games: ggGames, gameCode: ggGameCode, ext: ".txt",
		write: func(dst []byte, h *hand.Hand, _ int) ([]byte, error) { return ggpoker.AppendHand(dst, h) }},
}

// FormatNames lists the formats the generator writes, for usage texts.
func FormatNames() []string { return []string{"phh", "pokerstars", "ggpoker"} }

// ggGames are the games dealt in GGPoker text: its lobby's hold'em and
// Omaha (PLO 4 and 5; no fixed-limit Omaha).
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
func ggGameCode(g hand.Game) string {
	switch {
	case g.Variant == hand.Omaha && g.Structure == hand.PotLimit && g.HoleCards == 5:
		return "PLO-5"
	case g.Variant == hand.Omaha && g.Structure == hand.PotLimit && g.HoleCards == 6:
		return "PLO-6"
	case g.Variant == hand.OmahaHiLo:
		return "Omaha Hi/Lo Pot Limit"
	}
	return psGameCode(g) // "Hold'em No Limit", "Omaha Pot Limit", ...
}
