// Package ggpoker reads and writes GGPoker text hand histories ("Poker
// Hand #RC2345481320: Hold'em No Limit ($0.05/$0.1) - 2018/03/30
// 03:44:33"): cash games (Rush & Cash included), tournaments, hold'em,
// short deck, Omaha with 4, 5 or 6 cards, straddles, run it twice or three
// times, and GGPoker's EV cash-outs and all-in insurance. It registers
// itself with the parser as Format ("ggpoker"); import parser/formats for
// every format.
//
// The text is PokerStars-like but has conventions of its own: every
// player's "Dealt to NAME" line is written, without cards when they are
// hidden; the button posts a "button blind" in short deck; a straddle
// states the player's total; cash-outs are settled by the room apart from
// the pot ("Chooses to EV Cashout", "Pays Cashout Risk ($X)", "Receives
// Cashout ($X)", and the older all-in insurance's "get an all-in
// insurance (...)", "pay premium of all-in insurance ($X)"), as
// hand.CashOut with ApartFromPot; the room may put money in the pot
// ("Cash Drop to Pot : total $X", hand.Hand.PotAdded); collects do not say
// which pot they are from; the summary names the room's fees ("Total pot
// $X | Rake $Y | Jackpot $Z | Bingo $0 | Fortune $0 | Tax $0").
//
// The files follow a hand as it is written: reader.go (the Reader: lines
// into hands, the limits), hand.go (the parser of one hand, which
// dispatches each line, and the end-of-hand checks), header.go (header
// and table lines), seats.go, actions.go (players' and dealer's lines),
// streets.go (section lines, the deal, the boards, cards), summary.go and
// amounts.go. write.go is the writer, the reader's inverse. There are no
// fast paths: the general grammar meets the speed goal.
package ggpoker
