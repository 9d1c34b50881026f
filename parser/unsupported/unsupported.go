// Package unsupported registers recognisers of the formats handaudit
// recognises but does not read yet (see parser.Recognition): an input in
// one of them is reported as what it is, "Bovada text", with its hands
// counted by their headers, instead of as a file in no known format. It
// reads nothing; a format whose reader lands leaves this list (its test
// fails while both are registered).
//
// A format whose reader is in the making is recognised here until
// then, and a reader, once registered, wins over its recogniser.
package unsupported

import "github.com/handaudit/handaudit/parser"

// Recognitions are the formats recognised here, with the text that starts
// each hand's record.
var Recognitions = []parser.Recognition{
	{Name: "Bovada text", Markers: []string{"Bovada Hand #"}},
	{Name: "Ignition text", Markers: []string{"Ignition Hand #"}},
	{Name: "Full Tilt text", Markers: []string{"Full Tilt Poker Game #"}},
	// PokerStars writes its hand histories in the client's language when
	// set so; the pokerstars reader reads the English text. In Russian:
	// "Раздача PokerStars №260693414028:  Холдем Безлимитный ($0.01/$0.02
	// USD) - 04.05.2026 21:35:18 EET [04.05.2026 14:35:18 ВВ]", every
	// line translated (docs/parsers.md).
	{Name: "PokerStars text in Russian", Markers: []string{"Раздача PokerStars №"}},
	// Merge Gaming (Carbon Poker...): <game id="53363692-2070"
	// starttime="..." numholecards="2" ...> per hand.
	{Name: "Merge XML", Markers: []string{`<game id="`}, Also: `numholecards="`},
}

func init() {
	for _, r := range Recognitions {
		parser.RegisterRecogniser(r)
	}
}
