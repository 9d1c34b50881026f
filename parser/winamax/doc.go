// Package winamax reads and writes Winamax text hand histories ("Winamax
// Poker - CashGame - HandId: #5284693-1-1382600209 - Holdem no limit
// (0.05€/0.10€) - 2013/10/24 03:51:47 UTC"): cash games (real and play
// money, Go Fast), tournaments and Sit & Go (Expresso included), with or
// without bounties, in hold'em and Omaha (4 and 5 cards, high and hi/lo),
// and the 8-Game tables' seven-card stud, stud hi/lo, razz and 2-7 triple
// draw. It registers itself with the parser as Format ("winamax"); import
// parser/formats for every format.
//
// Winamax writes some things its own way, which the reader puts in the
// canonical form of a hand.Hand: no line returns an uncalled bet (the
// bettor's collect includes it: the reader returns it, by the record's own
// amounts, and takes it out of the collect and the summary's winnings), the
// "Total pot" is the pot after the rake with any uncalled bet in it (the
// hand's TotalPot is the pot contested, before the rake), a player who is
// away is listed in the seats with no line of his own (not dealt in), and
// a small blind posted "out of position" is dead. Times are put in UTC
// from the header's zone. The writer writes hold'em and Omaha.
//
// The files follow a hand as it is written: reader.go (the Reader: lines
// into hands, the limits), hand.go (the parser of one hand: state, line
// dispatch, the checks at its end), header.go (the header and table
// lines), seats.go (seat lines and seated names), actions.go (posts,
// bets, shows, collects, "Dealt to", stud's bring-in, the draws),
// streets.go (the section lines and the boards), cards.go, summary.go
// ("Total pot", "Board:", the summary's seat lines, and the canonical
// outcome) and amounts.go (amounts and the hand's scale). write.go is
// the writer, the reader's inverse. There are no fast paths: the general
// grammar meets the speed goal.
package winamax
