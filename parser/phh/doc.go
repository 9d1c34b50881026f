// Package phh reads and writes PHH (Poker Hand History) hands. The format
// is specified at github.com/uoftcprg/phh-std and implemented by PokerKit
// (pokerkit/notation.py): a hand is a TOML document with the fields
// variant, antes, blinds_or_straddles, starting_stacks, actions, ... and
// a .phhs file holds many hands as tables [1], [2], ....
//
// Reading a hand has two steps. First its TOML is read into raw fields
// (phhFields: values as bytes, with their lines): walkFast reads the plain
// TOML that real PHH files use, straight from the input buffer, and
// finds where a .phhs hand ends; anything else (or anything wrong) goes
// to walk, which uses go-toml's parser, after phhChunker has cut the
// hand's text out of the input. Then build turns the raw fields into a
// hand.Hand. Only one hand's text is in memory at a time.
//
// Both steps have shortcuts for the usual forms (arrays written "[a, b]",
// numbers like 53.42, notations like "p1 cbr 300", which walkFast
// tokenizes as it reads them, keys in the previous hand's order), each
// standing in for the general code only where it gives the very same
// result (the tests named in their files check them). Hands come from the
// reader's hand.Pool, if it has one, and are filled in place: a run that
// gives its hands back allocates little more than the hand IDs.
//
// The reader's files come in that order, general grammar first:
// reader.go (the Reader), chunk.go (cutting the input into hands),
// toml.go (walk: a hand's TOML into raw fields), build.go (the raw
// fields into a hand.Hand), decimal.go and time.go. The fast paths come
// after, each in a file named for the general code it shortcuts, whose
// top comment names the differential tests that check it against that
// code: quick_toml.go (walkFast, for walk), quick_actions.go
// (actionsUsual, for tokenize), quick_tokenize.go (tokenizeCanonical,
// for tokenizeOne) and quick_decimal.go (phhQuickDecimal, for
// phhParseDecimal). write.go is the writer, the reader's inverse. The
// package registers itself with the parser as Format ("phh"); import
// parser/formats for every format.
package phh
