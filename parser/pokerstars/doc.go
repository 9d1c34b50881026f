// Package pokerstars reads and writes PokerStars text hand histories, and
// the rooms that write the same text (PPPoker). It registers itself with
// the parser as Format ("pokerstars"); import parser/formats for every
// format.
//
// The reader's files follow a hand as it is written, general grammar
// first: reader.go (the Reader: lines into hands, the limits), lines.go,
// hand.go (the parser of one hand, which dispatches each line), then
// header.go, seats.go, actions.go, streets.go, studdraw.go (the stud and
// draw games' deals, bring-ins and draws), cards.go, summary.go and
// amounts.go. The fast paths come after, each in a file named for the
// general code it shortcuts, whose top comment names the differential
// tests that check it against that code: quick_header.go, quick_time.go,
// quick_seat.go, quick_action.go, quick_marker.go, quick_summary.go and
// quick_amount.go. Every fast path reads a line only where it gives the
// very result the general code gives, and leaves it, unchanged,
// otherwise; a test reader with noQuick set reads every line the general
// way. write.go is the writer, the reader's inverse.
package pokerstars
