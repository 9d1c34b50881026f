package replay

// OddChipRule is where the odd chips of a split pot go (TDA 20-A: "the odd
// chip(s) go to the first seat left of the button"). Rooms read the rule
// two ways when a split leaves two or more odd chips among three or more
// winners: every odd chip to the first winner left of the button, or one
// each to the winners clockwise from the button. With one odd chip, or two
// winners, both readings give the same split.
type OddChipRule uint8

// Odd chip rules.
const (
	// OddChipLeftOfButton is TDA 20-A as written: either reading is
	// accepted. The replay's awards give the odd chips one each, clockwise
	// from the first winner left of the button; the checks accept a record
	// that gives them all to that first winner instead.
	OddChipLeftOfButton OddChipRule = iota
	// OddChipSplitEvenly splits as evenly as the hand's smallest unit
	// allows, ignoring the smallest chip, the leftover units going one each
	// clockwise from the first winner left of the button.
	OddChipSplitEvenly
	// OddChipAllToFirst: the house requires every odd chip to go to the
	// first winner left of the button.
	OddChipAllToFirst
	// OddChipOneEach: the house requires one odd chip each, clockwise from
	// the first winner left of the button.
	OddChipOneEach
)

// BBAnteOrder is what a short big blind pays first when the big blind also pays the ante.
type BBAnteOrder uint8

// Big-blind ante orders.
const (
	BigBlindFirst BBAnteOrder = iota // TDA 2024 RP-11
	AnteFirst
)

// Ruleset is the set of rules a hand is replayed under: a named preset of
// the TDA rules plus the house options in which real rooms differ. A room
// preset (PokerStars, ...) is a house file shipped with the tool, applied
// over a TDA preset (see Preset).
type Ruleset struct {
	Name    string // preset name: "tda-2024", "tda-2019", or a room preset such as "pokerstars"
	Version string // citation version of the TDA rules underneath, e.g. "TDA 2024"
	House   string // the house's name for its overrides (LoadHouse), "" if none

	OddChip OddChipRule
	// SmallestChip is the smallest chip in play, in the currency's or the
	// chips' own unit ("0.25" dollars, 25 chips), into which odd chips are
	// broken (TDA 20). Zero means the hand's smallest unit (see
	// SmallestUnit).
	SmallestChip HouseAmount

	// LimitCap is the number of bets and raises allowed per street in fixed
	// limit (TDA 48); 0 means uncapped.
	LimitCap int
	// HeadsUpUncapped lifts the cap when a round starts with two players.
	HeadsUpUncapped bool

	BBAnte BBAnteOrder

	// StraddlesAllowed: the house permits straddles (TDA rules are silent:
	// straddles are a cash-game house option).
	StraddlesAllowed bool
	// StraddleMinRaise: when true the minimum raise after a straddle is the
	// straddle amount (the straddle counts as a full raise).
	StraddleMinRaise bool
	DeadButton       bool
	RunItTwice       bool
	// UncalledInCollect: the room pays an uncalled bet back within the
	// pot its owner collects, with no line of its own (888poker does so
	// for an uncalled blind), which is then no uncalled bet left
	// unreturned.
	UncalledInCollect bool
	// UncalledNeverSilent: the room's records always pay an uncalled bet
	// back where it can be seen (PartyPoker's wins lines pay it with the
	// pot, which the reader turns into a return), so one the record does
	// not pay back was kept, never returned without a line as older
	// PokerStars exports return it.
	UncalledNeverSilent bool
	// ShowOrderUnrecorded: the room's records do not write the hands shown
	// in the order they were tabled (Winamax lists the winner's last), so
	// the order of their show lines is no evidence of the tabling order.
	ShowOrderUnrecorded bool
	// LiveExtraSmallBlind: a small blind posted out of position (a second
	// one, or after the big blind: a returning player's) counts toward the
	// poster's call, as PartyPoker counts it; by default it is dead money.
	LiveExtraSmallBlind bool
	// UnmatchedAnteSidePot: the chips a player put in that no one matched
	// (an ante over a short all-in one) must stay in a side pot he alone
	// contests, as the replay keeps them. By default a record that returns
	// them to him as uncalled instead (PokerStars does) is accepted too:
	// the same chips reach the same player.
	UnmatchedAnteSidePot bool
	// CallFullBet: a call facing a bet that no other player left in the
	// hand can match in full (its bettor has folded since) must still be
	// of the whole bet, the rest then coming back uncalled, as the rules
	// read. By default a call of what the others can match, all that could
	// be won, is accepted too: rooms record it either way.
	CallFullBet bool

	// Rake rule, for checking the claimed rake: percent in basis points
	// (500 = 5%), a cap in the currency's or the chips' own unit (zero =
	// none), and no flop, no drop.
	RakeBasisPoints int64
	RakeCap         HouseAmount
	NoFlopNoDrop    bool
	HasRakeRule     bool

	// Session: the house's options for the checks across the hands of a
	// table (checks.Sessions). The zero value accepts every legitimate
	// reading.
	Session SessionRules
}

// SessionRules are the house's options for the session checks.
type SessionRules struct {
	// Button: the button rule the house requires (ButtonEither: the dead
	// button of TDA 32 or the moving button, whichever the record follows).
	Button ButtonRule
	// NoTopUps: a cash-game player may not add chips between hands.
	NoTopUps bool
	// MaxBuyIn, if set, is the most a cash-game stack may be topped up to,
	// in the currency's unit.
	MaxBuyIn HouseAmount
	// ConsecutiveHandIDs: the room numbers each table's hands one by one
	// (Winamax's TABLE-N-TIME IDs do), so a gap is a missing hand.
	ConsecutiveHandIDs bool
}

// ButtonRule is how the button moves between hands.
type ButtonRule uint8

const (
	ButtonEither ButtonRule = iota // the dead button or the moving button
	ButtonDead                     // TDA 32: the big blind moves one player on; the button may be dead
	ButtonMoving                   // the button moves to the next player dealt in
)

func (b ButtonRule) String() string {
	switch b {
	case ButtonDead:
		return "dead"
	case ButtonMoving:
		return "moving"
	}
	return "either"
}

// Room reports whether the ruleset is a room's preset (Name names a room's
// house file, not a TDA version).
func (rs *Ruleset) Room() bool {
	_, ok := roomPresetFiles[rs.Name]
	return ok
}

// CiteVersion is the version findings cite: the TDA version, and the room
// preset when the rules are a room's ("TDA 2024 (pokerstars preset)").
func (rs *Ruleset) CiteVersion() string {
	if rs.Room() {
		return rs.Version + " (" + rs.Name + " preset)"
	}
	return rs.Version
}
