package replay

import (
	"github.com/handaudit/handaudit/cards"
	"github.com/handaudit/handaudit/hand"
)

// Street is a betting round, named as the game names it: Preflop to River
// in board games, ThirdStreet to SeventhStreet in stud, PreDraw to
// ThirdDraw in draw games (games.go).
type Street uint8

// Streets of the board games, in order. Showdown is after the last betting
// round of any game.
const (
	Preflop Street = iota
	Flop
	Turn
	River
	Showdown
)

var streetNames = [...]string{"preflop", "flop", "turn", "river", "showdown",
	"third-street", "fourth-street", "fifth-street", "sixth-street", "seventh-street",
	"predraw", "first-draw", "second-draw", "third-draw"}

func (s Street) String() string {
	if int(s) < len(streetNames) {
		return streetNames[s]
	}
	return "unknown"
}

// Status is a player's state in the hand.
type Status uint8

// Player states.
const (
	Active     Status = iota // in the hand, with chips behind
	Folded                   // folded
	AllIn                    // in the hand with no chips behind
	SittingOut               // not dealt in
)

var statusNames = [...]string{"active", "folded", "all-in", "sitting-out"}

func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "unknown"
}

// Window is the legal betting window of one betting action, as the rules
// stood just before it: what the acting player could legally do.
type Window struct {
	ToAct      int         // seat index the rules say is next to act (-1 if none)
	ToCall     hand.Amount // chips the actor must add to call (capped by the actor's stack)
	CurrentBet hand.Amount // the street's highest total so far
	// MinRaiseTo is the smallest legal bet or raise total for the actor
	// (TDA 43); 0 when the actor may not bet or raise at all.
	MinRaiseTo hand.Amount
	// MaxRaiseTo is the largest legal bet or raise total: the actor's whole
	// stack in no-limit, the pot-limit maximum (TDA 54), or the fixed size in
	// limit, each capped by what the actor has.
	MaxRaiseTo hand.Amount
	// PotLimitMax is the pot-limit maximum ignoring the actor's stack (pot-limit only).
	PotLimitMax hand.Amount
	// FullRaise is the size of a full raise increment now: the largest
	// full bet or raise increment of the street (at least the big blind).
	FullRaise hand.Amount
	// Open reports whether betting is open to the actor: false when the
	// actor has already acted and only short all-ins have come since (TDA 47).
	Open       bool
	OpenReason string // why betting is or is not open, in plain words with amounts
	RaiseCount int    // bets and raises so far on the street (a full bet counts; short all-ins may not)
	Cap        int    // fixed-limit cap in force for this street (0 = none)
	FixedSize  hand.Amount
}

// Step is the engine's view of one recorded action. Trace.Steps has one Step
// per hand.Action, at the same index.
//
// The one-byte fields are together, in one word: a step is written for
// every action (and its memory cleared), so its size is paid per action.
type Step struct {
	Index  int // index into Hand.Actions
	Player int // seat index, or hand.NoPlayer
	Kind   hand.ActionKind
	Street Street

	StatusBefore Status // the player's status just before the action
	Betting      bool   // a betting action; Window is set
	AllIn        bool   // the player is all-in after the action
	FullRaise    bool   // a bet or raise that was a full raise (reopens betting)
	HasExpected  bool   // Expected is set (see Expected)
	// Up says, for a deal of stud cards, which were dealt face up: bit k
	// for the action's k-th card, as the record says or else as the game
	// deals them.
	Up     uint8
	Window Window

	Added hand.Amount // chips the player put in with this action, as applied
	To    hand.Amount // the player's street total after the action

	PotBefore hand.Amount // all chips in the middle before the action (incl. current street)
	PotAfter  hand.Amount
	Stacks    []hand.Amount // every seat's stack after the action, indexed like Hand.Seats

	Note string // what the engine did, in plain words, when worth saying

	// Expected is, for a Post, the forced bet the rules require of this
	// player (the stakes, capped by the stack, in the ruleset's big-blind-ante
	// order), for a stud bring-in the bring-in (capped by the stack), and
	// for a call recorded short of what was owed when no other player left
	// in the hand can match the whole bet, what they can match (a call of
	// all that could be won); HasExpected is false when the stakes do not
	// say, and for every other call.
	Expected hand.Amount
}

// Totals returns a copy of t without its slices (Steps, Committed,
// Returns, Pots, Awards, Shown, FinishingStacks, Boards, Undecided) and
// without pooled memory: what is read of a clean hand after its checks
// (Supported, Unsupported, InternalError, TotalPot, Rake, Button,
// ShowdownFirst, ShowdownReason, UndecidedAmount, ExpectedRake, Terse,
// Hand and Rules). TracePool.Release and a --state store keep this of a
// clean hand.
func (t *Trace) Totals() Trace {
	c := *t
	c.keepTotals()
	c.pooled = false
	return c
}

// keepTotals drops, in place, what Totals leaves out but the pooled flag:
// TracePool.Release keeps a released trace's totals without copying the
// whole trace twice.
func (t *Trace) keepTotals() {
	t.Steps, t.Committed, t.Returns, t.Pots, t.Awards = nil, nil, nil, nil, nil
	t.Shown, t.FinishingStacks, t.Boards, t.Undecided = nil, nil, nil, nil
	t.mem = nil
}

// Pot is one main or side pot as the rules build it (TDA 21).
type Pot struct {
	Amount   hand.Amount
	Level    hand.Amount // contribution level that closes this pot: what each eligible player put in, antes included (dead blinds and the big blind's ante are not a level: they are in the main pot)
	Eligible []int       // seat indices that can win it (not folded), table order
	// Rake is the part of the claimed rake (and fees) taken from this pot
	// before it is awarded: the record's own split when it states the pots,
	// else from the main pot first.
	Rake hand.Amount
}

// Half says which half of a split hi/lo pot an award is for.
type Half int8

// Halves. Whole is a pot not split hi/lo.
const (
	Whole Half = iota
	High
	Low
)

// Award is chips the rules give one player from one pot (and one board).
type Award struct {
	Pot     int // index into Trace.Pots
	Board   int // board index (0, or 1 when run twice)
	Half    Half
	Player  int
	Amount  hand.Amount
	OddChip hand.Amount // of Amount, the odd chips given to this player (TDA 20)
	Reason  string      // why: "best hand: flush, Ace high", "uncontested", "odd chip: first seat left of the button"
	// FromRecord: the engine could not decide this pot by the cards (no
	// contender's hand was tabled or known), so the award follows the
	// record's collects and is not independent evidence.
	FromRecord bool
	// Rule is the citation key (Cite) of the rule that decided the award:
	// "cards-speak", "uncontested-showdown", "side-pots", "odd-chips", ...
	Rule string
}

// ShownHand is one player's hand at showdown, as the engine evaluated it.
type ShownHand struct {
	Player int
	Cards  []cards.Card
	Board  int
	High   cards.HandRank
	Best   []cards.Card // best five cards for the high hand
	Low    cards.LowRank
	HasLow bool
	Desc   string
}

// Return is an uncalled bet given back to its bettor.
type Return struct {
	Player int
	Amount hand.Amount
	Step   int // index of the step after which it was returned
}

// Trace is the engine's replay of one hand: a Step per action, and the
// outcome the rules require. Checks compare it with the hand's record.
type Trace struct {
	Hand  *hand.Hand
	Rules *Ruleset
	Steps []Step

	// Supported is false when the engine could not replay the hand
	// (unsupported variant, no stacks); Unsupported says why. Steps and the
	// outcome are then empty.
	Supported   bool
	Unsupported string
	// InternalError is set when the engine itself failed on this hand (a
	// bug in handaudit, recovered): the pipeline reports it as an
	// internal.error finding rather than as a hand it does not replay.
	InternalError string

	Committed []hand.Amount // each seat's total chips put in, after returns
	Returns   []Return
	TotalPot  hand.Amount // all chips in the pots after returns (before rake)
	Pots      []Pot
	Awards    []Award
	// Rake is the rake taken: as the record states it (with its fees), or,
	// for a record that states none, the rake its payouts imply.
	Rake hand.Amount
	// ImpliedRake is, for a record that states no rake but has payouts
	// (PHH: its winnings and finishing stacks are after rake), the pot
	// less what the payouts give the players (HasImpliedRake). Negative:
	// the payouts give more than the pot.
	ImpliedRake    hand.Amount
	HasImpliedRake bool

	// Showdown: who had to table first (TDA 17-A) and why; -1 if no showdown.
	ShowdownFirst  int
	ShowdownReason string
	Shown          []ShownHand

	FinishingStacks []hand.Amount // each seat's stack after the hand, by the rules

	// Button is the seat index the engine took as the button (recorded, or
	// inferred from the blinds when the record has none); -1 if unknown.
	Button int
	// Boards are the community cards the showdown used, one per run; a
	// second run is completed with the first board's shared cards.
	Boards [][]cards.Card
	// Undecided lists pots (indices into Pots) the engine could not award:
	// no contender's hand is known and the record's collects do not settle
	// it. Their chips are in no finishing stack.
	Undecided []int
	// UndecidedAmount is the chips of those pots (or runs of them) left
	// unawarded.
	UndecidedAmount hand.Amount
	// ChipUnit is the chip odd amounts were broken into when pots were
	// split (TDA 20): the house's smallest chip, or the hand's smallest
	// unit, in minor units.
	ChipUnit hand.Amount
	// ExpectedRake is the rake the ruleset's rake rule gives for this hand
	// (HasExpectedRake false when the ruleset has no rake rule).
	ExpectedRake    hand.Amount
	HasExpectedRake bool

	// Terse: the trace was made by TracePool.ReplayTerse, for the checks,
	// without what they do not read: notes and reasons are empty or fixed
	// phrases; shown hands have no description or best five cards; the
	// window of a fold or a check has only ToAct (the rest is zero); and
	// one step only has its Stacks, the last that is a seated player's
	// forced bet or betting action (the others' are nil). Everything else
	// is as Replay makes it.
	Terse bool

	mem    *traceMem // the memory a TracePool reuses; nil for a trace from Replay, or once released
	pooled bool      // the trace is a TracePool's (Put takes it back)
}
