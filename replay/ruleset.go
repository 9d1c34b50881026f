package replay

// OddChipRule is where an odd chip of a split pot goes.
type OddChipRule uint8

// Odd chip rules.
const (
	// OddChipLeftOfButton gives odd chips to the first winner left of the button (TDA 20-A).
	OddChipLeftOfButton OddChipRule = iota
	// OddChipSplitEvenly splits as evenly as the smallest chip allows,
	// leftover units going round from the first winner left of the button.
	OddChipSplitEvenly
)

// BBAnteOrder is what a short big blind pays first when the big blind also pays the ante.
type BBAnteOrder uint8

// Big-blind ante orders.
const (
	BigBlindFirst BBAnteOrder = iota // TDA 2024 RP-11
	AnteFirst
)

// Ruleset is the set of rules a hand is replayed under: a named preset of
// the TDA rules plus the house options in which real rooms differ.
type Ruleset struct {
	Name    string // preset name: "tda-2024", "tda-2019"
	Version string // citation version, e.g. "TDA 2024"
	House   string // the house's name for its overrides (LoadHouse), "" if none

	OddChip OddChipRule
	// SmallestChip is the smallest chip in play, in the hand's minor units,
	// into which odd chips are broken (TDA 20). 0 means the hand's smallest unit.
	SmallestChip int64

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

	// Rake rule, for checking the claimed rake: percent in basis points
	// (500 = 5%), a cap in minor units per currency unit-scaled hand (0 = none),
	// and no flop, no drop.
	RakeBasisPoints int64
	RakeCap         int64
	NoFlopNoDrop    bool
	HasRakeRule     bool
}
