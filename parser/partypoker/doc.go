// Package partypoker reads and writes PartyPoker's text hand histories
// ("***** Hand History for Game 13550642683 *****"): cash games and
// tournaments of Texas Hold'em, Omaha and Omaha Hi-Lo, no-limit,
// pot-limit and fixed-limit.
//
// The files, in reading order (the grammar in the order a hand is
// written):
//
//	reader.go   the Reader: detection, lines into hands, limits
//	lines.go    the line splitter
//	hand.go     the parser of one hand: state, line dispatch, the deal
//	header.go   the header, game, table, button and player-count lines
//	seats.go    seat lines, finding a seated name at a line's start
//	actions.go  posts, betting actions, shows, wins, table events
//	streets.go  the dealing lines, the hero's cards, cards in brackets
//	amounts.go  amounts and the hand's scale
//	outcome.go  the stakes, the uncalled bet, the rake stated or the winnings
//	            that imply it
//	newer.go    the newer export's own lines: its game line, "raises X to
//	            Y", "is all-In.", the "** Summary **"
//	write.go    the writer (of the older export)
//
// PartyPoker's record differs from PokerStars' in ways the reader turns
// into the canonical hand: amounts are the chips an action adds (so Bet
// and Raise "to" amounts are computed), no summary states the pot, rake
// or uncalled bet (see outcome.go), seats are listed in no order, and a
// seated player who is not dealt in is often not marked (see assemble).
// Times are converted to UTC from the zone the record names (EST, CEST,
// the German client's MESZ...); a zone not known keeps the record's wall
// time.
//
// The newer export (2019 on: "***** Hand History For Game
// 1770659766668adeb0h5qfm *****", amounts in parentheses, a "** Summary **"
// with each player's balance) is read too (newer.go); its summary's
// balances are the finishing stacks, its stated rake the rake, and a
// player's equity cash-out ("Cashed out balance ..., collected $23.01") a
// cash-out the room paid, not a pot he collected.
//
// Not read, each hand a parse error that says so: stud, short deck and
// Double Hold'em.
package partypoker
