// Package hand is the canonical record of one poker hand, independent of the
// format it was read from.
//
// A Hand says what the record claims happened: the game and stakes, who sat
// where with what stack, every action in order with its source position, and
// what the record claims as the outcome (pots, rake, collects, finishing
// stacks). It does not judge anything: the rules engine (package replay)
// recomputes the hand and the checks compare the two.
//
// Money is an Amount: an int64 count of the hand's smallest unit. Scale says
// how many of those units make one unit of the currency (100 for cents, 1 for
// tournament chips). Chip arithmetic is never done in floating point.
package hand

import (
	"time"

	"github.com/handaudit/handaudit/cards"
)

// Amount is a quantity of chips or money in the hand's smallest unit.
type Amount int64

// Pos is a position in a source file: the file name as given and a 1-based line.
type Pos struct {
	File string
	Line int
}

// Variant is the poker game played.
type Variant uint8

// Variants. The rules engine replays every one of them (package replay
// has a table of each game's streets); UnknownVariant is a game the reader
// did not recognise. New variants are added at the end: the values are
// stored in reports.
const (
	UnknownVariant Variant = iota
	Holdem                 // Texas hold'em
	ShortDeck              // short-deck (6+) hold'em
	Omaha                  // Omaha high; Game.HoleCards says 4, 5 or 6 cards
	OmahaHiLo              // Omaha high-low eight or better
	Stud                   // seven-card stud
	StudHiLo               // seven-card stud high-low eight or better
	Razz                   // seven-card razz
	Deuce7Single           // 2-7 single draw
	Deuce7Triple           // 2-7 triple draw
	Badugi                 // badugi
	FiveCardDraw           // five-card draw, high, one draw
	Courchevel             // Courchevel: five-card Omaha with the first flop card dealt before the pre-flop betting
	CourchevelHiLo         // Courchevel high-low eight or better
)

var variantNames = [...]string{
	UnknownVariant: "unknown", Holdem: "holdem", ShortDeck: "short-deck", Omaha: "omaha",
	OmahaHiLo: "omaha-hi-lo", Stud: "stud", StudHiLo: "stud-hi-lo", Razz: "razz",
	Deuce7Single: "2-7-single-draw", Deuce7Triple: "2-7-triple-draw", Badugi: "badugi",
	FiveCardDraw: "5-card-draw", Courchevel: "courchevel", CourchevelHiLo: "courchevel-hi-lo",
}

func (v Variant) String() string {
	if int(v) < len(variantNames) {
		return variantNames[v]
	}
	return "unknown"
}

// IsBoardGame reports whether the variant deals community cards (hold'em,
// short deck, Omaha, Courchevel).
func (v Variant) IsBoardGame() bool {
	return boardGames>>(v&63)&1 != 0
}

// boardGames is the set of the board games, bit v for variant v.
const boardGames = 1<<Holdem | 1<<ShortDeck | 1<<Omaha | 1<<OmahaHiLo | 1<<Courchevel | 1<<CourchevelHiLo

// IsStud reports whether the variant is a stud game (seven-card stud,
// stud high-low, razz): no button and no board; each player is dealt his
// own cards, some face up, street by street, and the bring-in opens.
func (v Variant) IsStud() bool { return v == Stud || v == StudHiLo || v == Razz }

// IsDraw reports whether the variant is a draw game (2-7 single and triple
// draw, badugi, five-card draw): players discard and are dealt
// replacements between the betting rounds.
func (v Variant) IsDraw() bool {
	return v == Deuce7Single || v == Deuce7Triple || v == Badugi || v == FiveCardDraw
}

// Structure is the betting structure.
type Structure uint8

// Betting structures.
const (
	UnknownStructure Structure = iota
	NoLimit
	PotLimit
	FixedLimit
)

var structureNames = [...]string{"unknown", "no-limit", "pot-limit", "fixed-limit"}

func (s Structure) String() string {
	if int(s) < len(structureNames) {
		return structureNames[s]
	}
	return "unknown"
}

// Game is what is played: variant, betting structure and hole-card count.
type Game struct {
	Variant   Variant
	Structure Structure
	HoleCards int    // hole cards per player: 2 hold'em, 4/5/6 Omaha, 5 Courchevel, 7 stud, 5 draw, 4 badugi
	Code      string // the source's own name for the game, e.g. PHH "NT" or "Hold'em No Limit"
}

// Stakes are the forced bets and bet sizes of the game.
type Stakes struct {
	Ante         Amount   // ante per player (0 if none)
	BigBlindAnte bool     // the big blind pays one ante for the table
	SmallBlind   Amount   // 0 if none
	BigBlind     Amount   // 0 if none
	Straddles    []Amount // straddles after the big blind, in order
	BringIn      Amount   // stud bring-in
	SmallBet     Amount   // fixed-limit bet on the early streets
	BigBet       Amount   // fixed-limit bet on the late streets
	MinBet       Amount   // smallest opening bet in no-limit / pot-limit (usually the big blind)
	Cap          Amount   // capped no-limit: most a player may put in during the hand (0 = none)
}

// Seat is one player at the table at the start of the hand.
type Seat struct {
	Number     int    // the table's seat number (1-based)
	Player     string // the player's name as recorded
	Stack      Amount // starting stack
	SittingOut bool   // seated but not dealt in
}

// ActionKind is the kind of one recorded action.
type ActionKind uint8

// Action kinds. Betting actions are Fold, Check, Call, Bet, Raise and BringIn.
const (
	Post           ActionKind = iota + 1 // a forced bet; PostKind says which
	DealHole                             // hole cards dealt (Cards may be Unknown)
	DealBoard                            // community cards dealt to Board
	Fold                                 //
	Check                                //
	Call                                 // Amount is the chips added, when recorded
	Bet                                  // To is the street total after the bet
	Raise                                // To is the street total after the raise
	BringIn                              // stud bring-in; Amount is the chips posted
	Discard                              // draw games: Cards discarded (none = stand pat)
	Show                                 // cards tabled at showdown
	Muck                                 // cards not tabled (Cards, if the record shows them)
	UncalledReturn                       // an uncalled bet returned; Amount
	Collect                              // chips collected from a pot; Amount, Pot, Board
)

var actionNames = [...]string{"", "post", "deal-hole", "deal-board", "fold", "check", "call",
	"bet", "raise", "bring-in", "discard", "show", "muck", "uncalled-return", "collect"}

func (k ActionKind) String() string {
	if int(k) < len(actionNames) && k != 0 {
		return actionNames[k]
	}
	return "unknown"
}

// IsBetting reports whether the action is a player's betting decision.
func (k ActionKind) IsBetting() bool {
	switch k {
	case Fold, Check, Call, Bet, Raise, BringIn:
		return true
	}
	return false
}

// PostKind says which forced bet a Post action is.
type PostKind uint8

// Forced bets.
const (
	PostSmallBlind PostKind = iota + 1
	PostBigBlind
	PostAnte
	PostStraddle
	PostDead      // a dead blind: goes to the pot, does not count toward the poster's bet
	PostBothBlind // "small & big blinds": BigBlind live plus SmallBlind dead
	// PostButtonBlind is the button's blind of short-deck (6+) hold'em
	// with a button blind ("Button Blind" in room logs): a live blind
	// posted by the button, the last to act pre-flop, which sets the bet
	// the others must call (as a big blind would).
	PostButtonBlind
)

var postNames = [...]string{"", "small-blind", "big-blind", "ante", "straddle", "dead", "small-and-big-blind", "button-blind"}

func (p PostKind) String() string {
	if int(p) < len(postNames) && p != 0 {
		return postNames[p]
	}
	return "unknown"
}

// NoPlayer is the Player of an action made by the dealer (deals) or by no one.
const NoPlayer = -1

// Action is one recorded event of the hand.
type Action struct {
	Kind   ActionKind
	Player int // index into Hand.Seats, or NoPlayer

	// Amounts as recorded. For Post, Call, BringIn, UncalledReturn and
	// Collect, Amount is the chips moved by this action. For Bet and Raise,
	// To is the player's total for the street after the action and Amount,
	// when the record gives it, the increment over the previous bet
	// ("raises 20 to 30": Amount 20, To 30).
	Amount    Amount
	To        Amount
	HasAmount bool // Amount was recorded (a PHH "cc" records no amount)
	AllIn     bool // the record says the player is all-in after this action
	PostKind  PostKind
	// Up says, for a DealHole whose record tells face-up from face-down
	// cards (UpRecorded), which were dealt face up: bit k for Cards[k]
	// (stud's up cards). Where the record does not say, the rules engine
	// takes them from the game (stud: the third to sixth cards are up).
	// A reader that fills pooled actions field by field sets both.
	Up         uint8
	UpRecorded bool

	Cards []cards.Card // dealt, shown, mucked or discarded cards
	Board int          // DealBoard / Collect: which board (0, or 1 when run twice); -1 for a Collect not tied to a board
	Pot   int          // Collect: 0 main pot, 1.. side pots, -1 the record does not say

	Pos Pos // where the action was read
}

// Outcome is what the record claims the result was. A field the record does
// not state is left zero with its Has flag false; checks compare only what
// is claimed.
type Outcome struct {
	TotalPot    Amount
	HasTotalPot bool
	// Pots: the main pot then each side pot, as recorded (empty if not stated).
	Pots    []Amount
	Rake    Amount
	HasRake bool
	// Fees taken from the pot besides rake (jackpot, STP, ...), by name.
	Fees []Fee
	// FinishingStacks is each seat's stack after the hand, indexed like Seats.
	FinishingStacks    []Amount
	HasFinishingStacks bool
	// Winnings is each seat's amount won (PHH "winnings"), indexed like Seats.
	Winnings    []Amount
	HasWinnings bool
	// CashOuts: players who cashed out their share of the hand (PokerStars
	// "cashed out the hand for $X | Cash Out Fee $Y"). The pot they win is
	// not pushed to them, so no Collect is recorded for it.
	CashOuts []CashOut
	// Misnamed: summary lines that name a seat's player otherwise than
	// the seat list does (PokerStars "Seat 5: Player6 (didn't bet)" for
	// Player5's seat), in order. The record contradicts itself about who
	// sat there; the line's outcome is read as the seat's.
	Misnamed []Misnamed
	Pos      Pos // where the summary was read (for findings about it)
}

// Misnamed is a summary line that names Name for the seat of Player
// (an index into Hand.Seats).
type Misnamed struct {
	Player int
	Name   string
	Pos    Pos
}

// CashOut is one player's cash-out of a hand: the room pays Amount, of
// which Fee is its charge, instead of pushing the pot.
type CashOut struct {
	Player int // index into Hand.Seats
	Amount Amount
	Fee    Amount
	// ApartFromPot: the room settled the cash-out apart from the pot,
	// which was still pushed and collected as recorded (GGPoker's EV
	// cash-out: it pays Amount to a player who cashed out and lost, and
	// charges Fee to one who cashed out and won).
	ApartFromPot bool
	Pos          Pos
}

// Fee is an amount taken from the pot besides the rake.
type Fee struct {
	Name   string
	Amount Amount
}

// Hand is the record of one hand.
type Hand struct {
	Format   string // source format: "phh", "pokerstars", ...
	Site     string // room or site, if known
	ID       string // hand ID as recorded; may be empty
	Table    string
	Start    time.Time // UTC; zero if not recorded
	Currency string    // ISO code or "" (chips)
	Scale    int64     // minor units per currency unit (100 for cents; 1 for chips)

	Tournament string // tournament ID, if a tournament hand
	Game       Game
	Stakes     Stakes
	MaxSeats   int // table size, 0 if unknown
	Button     int // seat number of the button, 0 if unknown

	// Seats in table (clockwise) order. Action.Player indexes this slice.
	Seats   []Seat
	Actions []Action
	// Boards: the community cards of each board as recorded (two when run twice).
	Boards [][]cards.Card
	// PotAdded is money the room put into the pot, no player's (GGPoker's
	// "Cash Drop to Pot"): it goes to the main pot.
	PotAdded Amount
	// AnteTrimming: PHH ante_trimming_status (antes above a player's stack are trimmed).
	AnteTrimming bool
	// Cancelled: the record says the hand was cancelled before it was
	// played out (PokerStars "Hand cancelled"): there is nothing to judge.
	Cancelled bool
	Outcome   Outcome

	Pos   Pos // where the hand starts
	Index int // 0-based index of the hand in its file
	End   int // last line of the hand in the file

	cardMem []cards.Card // what NewCards cuts from; kept by Reset
}

// SeatIndex returns the index in Seats of the player named name, or -1.
func (h *Hand) SeatIndex(name string) int {
	for i := range h.Seats {
		if h.Seats[i].Player == name {
			return i
		}
	}
	return -1
}

// ButtonIndex returns the index in Seats of the button, or -1 if unknown.
func (h *Hand) ButtonIndex() int {
	for i := range h.Seats {
		if h.Seats[i].Number == h.Button {
			return i
		}
	}
	return -1
}

// PlayerName returns the name at seat index i, or "" for NoPlayer or out of range.
func (h *Hand) PlayerName(i int) string {
	if i < 0 || i >= len(h.Seats) {
		return ""
	}
	return h.Seats[i].Player
}
