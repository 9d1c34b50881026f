// Package pacific reads and writes 888poker text hand histories (Pacific
// Poker; Cassava in older exports; 888.ro, 888poker.ca-on and skins such
// as LuckyAcePoker.com write the same text). It registers itself with the
// parser as Format ("888poker"); import parser/formats for every format.
//
// The reader's files follow a hand as it is written: reader.go (the
// Reader: lines into hands, detection, the limits), lines.go, hand.go (the
// parser of one hand, which dispatches each line), then header.go,
// seats.go, actions.go, streets.go, summary.go, cards.go and amounts.go.
// write.go is the writer, the reader's inverse.
//
// What the format does not say, and how the reader takes it: the time has
// no zone (kept as the record's wall time, as UTC); there are no all-in
// marks, no uncalled-bet returns (returned silently), no total pot and no
// rake (the collects are after rake), and a collect does not name its pot.
// A tournament's or a play-money game's amounts are whole chips unless one
// of the hand's amounts has a fraction (scale 1, else 100); a cash game's
// are cents.
package pacific
