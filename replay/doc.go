// Package replay is the rules engine: it replays a recorded hand through
// the Poker TDA rules and says, for every action, what the rules allowed,
// and at the end what the pots and awards must be.
//
// Replay is a phased state machine in the manner of PokerKit: forced bets
// are posted, cards dealt (or drawn), betting rounds played, hands shown
// down, and chips pushed. One machine replays every game: a per-game table
// (games.go) says, round by round, what the dealing before it does (hole
// cards and which are face up, board cards, a draw), the fixed-limit bet
// size and who opens the betting, and how hands are valued at the
// showdown. Stud adds its phases in stud.go (the up cards, the bring-in
// by the lowest up card, the completion, the best hand showing opening the
// later streets, the open pair on fourth street), the draw games theirs in
// draw.go (draws in turn from the button, discards and replacements). It
// follows the record: when the record breaks a rule (an
// under-minimum raise, a player acting out of turn), the engine notes it in
// the Step, applies what the record says happened and goes on, so that one
// violation is flagged once by the checks and does not cascade. The Trace
// is the evidence the checks compare with the record.
//
// Replay allocates a new Trace for every hand. A pipeline that knows when
// it is done with a trace can use a TracePool instead, which reuses the
// traces' memory (see TracePool for the lifetime rule).
//
// Semantics worth knowing:
//
//   - A Call without an amount (PHH "cc") is resolved by the engine: the
//     chips owed, capped by the stack; with nothing owed it is a check and
//     the Step's Kind says Check.
//   - Betting reopens for a player who already acted only if a full raise
//     came since, or the short all-ins since add up to a full raise
//     (fixed limit: half a full bet).
//   - Out of turn: Window.ToAct is who the rules say must act. After an
//     action out of turn the skipped player keeps the turn (the action
//     backs up to him), so a record that goes back to him is not flagged
//     twice.
//   - Uncalled chips go back to the bettor when the betting round closes.
//   - Pots are built from the players' contribution levels, antes
//     included; levels with the same eligible players are one pot (chips
//     of folded players stay in the pots they reached). A player all-in for
//     part of his ante contests a main pot of what he matched of each ante.
//     Dead blinds and the big blind's ante (posted for the whole table) are
//     dead money in the main pot, which every live player contests, not a
//     level of their own.
//   - The claimed rake comes out of the pots before the awards: split as
//     the record states its pots when it does (PokerStars rakes the main
//     pot first at the room's percentage, then the side pots); else, when
//     the collects do not say which pot they are from (GGPoker rakes every
//     pot), as the collects show it was taken, if that adds up to the
//     stated rake; otherwise from the main pot first. Money the room put
//     in the pot (hand.Hand.PotAdded, a cash drop) is in the main pot.
//   - A contested pot is won by cards speak among the contenders whose
//     hands are tabled: shown in the record, or, for a player who neither
//     showed nor mucked, known from the deal. A player who mucked, or whose
//     cards are unknown, has no claim by cards speak. When no contender's
//     hand is known the award follows the record's collects (Award.FromRecord)
//     or the pot stays undecided (Trace.Undecided).
//   - Odd chips are broken into the smallest chip in play: the house's, or
//     the smallest unit the hand put in play (SmallestUnit), never one
//     read from the awards. Where they go: see OddChipRule (both readings
//     of TDA 20-A are accepted by default). Run-it-twice pots are split by board, the
//     odd chip to the first run; hi/lo halves give the odd chip to the high
//     side, and a player who wins both halves with the same hand splits the
//     pot as evenly as possible. In stud and razz the odd chip goes to the
//     winner with the high card by suit in his five-card hand (TDA 20-B).
//   - Stud: a bring-in or an opening bet by another player than the up
//     cards name is noted (Window.ToAct names the rules' opener) and the
//     betting goes on from the record's opener; an opening bet below the
//     completion is taken as the bring-in it stands for. With an open pair
//     on fourth street of stud high, the small bet and the big bet are both
//     accepted until the big bet is made. When an up card of a player in
//     the hand is not recorded, the record's first to act is followed.
//   - A fixed-limit raise short of the fixed size that puts every other
//     player all-in is taken as full (PHH records the raise PokerKit caps at
//     the players' effective stacks).
//   - Draws: the first discard after a betting round begins a draw; a
//     draw's step names in Window.ToAct who the rules have draw next (-1:
//     no draw is due). Discarded cards may be dealt again once the stub
//     runs out.
package replay
