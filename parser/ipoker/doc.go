// Package ipoker reads and writes the XML hand histories of the iPoker
// network (its many skins export the same format). It registers itself
// with the parser as Format ("ipoker"); import parser/formats for every
// format.
//
// An export is one or more <session> elements. A session's <general>
// header gives what all its games share: the game type and stakes
// (<gametype>Holdem NL €0.05/€0.10</gametype>), the table, the currency
// and, for Sit & Go, multi-table and shoot-out tournaments, the
// tournament. Each <game gamecode="..."> is one hand: its <general> gives
// the start time and the players (seat, name, chips, dealer, win, bet and,
// in some exports, rakeamount), then <round no="0"> holds the forced bets
// and each later round a street's cards and actions. An action's type is
// a number:
//
//	type  action                                      sum
//	 0    fold                                        0
//	 1    small blind                                 chips posted
//	 2    big blind (more than it: big live, small    chips posted
//	      dead, a returning player's post)
//	 3    call                                        chips added
//	 4    check                                       0
//	 5    bet (stud: completing the bring-in)         chips added
//	 6    raise (older exports)                       chips added
//	 7    all-in: a bet, raise or call                chips added
//	 8    sitting out: not dealt in                   0
//	 9    blind not posted: sitting out               0
//	15    ante                                        chips posted
//	16    stud bring-in                               chips posted
//	23    raise                                       the round's total after it
//
// The codes were found in the exports and in public parsers of them
// (fpdb's iPokerToFpdb, HHSmithy's IPokerFastParserImpl) and checked
// against the players' bet totals in the corpus. iPoker writes a round's
// actions out of order at times; their "no" gives the order.
//
// The record states no pots, collections or rake: each player's bet (the
// chips put in) and win (the chips taken back, returned bets included;
// exports of client version 20 on, or with <uncalled_bet_enabled>true,
// leave the returned bets out of the win, and the reader adds them back).
// The reader gives each seat's finishing stack (chips - bet + win), and
// the rake only where the players' rakeamount states it: otherwise what
// the bets and wins leave unaccounted is the rake the record implies,
// which the checks judge (pot.implied-rake, or the house rake rule). So a
// total pot or side pots that disagree with the bets cannot be written,
// and a bet not returned reads as rake kept, which an implausible rake or
// the house rake rule shows. Cards shown at the
// showdown are written in the deal: a player still in at a showdown whose
// cards the record shows is given a Show.
//
// The reader's files follow a game as it is written: reader.go (the
// Reader: the token stream, errors and resynchronising after bad XML, the
// limits), session.go (a session's header and game type), game.go (a
// game's elements as written), build.go (a game into a hand: the action
// table, seats, streets, the outcome) and amounts.go (amounts and
// currencies). write.go is the writer, the reader's inverse.
package ipoker
