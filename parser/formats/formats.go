// Package formats registers every input format handaudit reads. Import it
// for its side effect:
//
//	import _ "github.com/handaudit/handaudit/parser/formats"
//
// Adding a format is a new package under parser/ plus one line here.
package formats

import (
	_ "github.com/handaudit/handaudit/parser/ggpoker"    // GGPoker text
	_ "github.com/handaudit/handaudit/parser/ipoker"     // iPoker XML
	_ "github.com/handaudit/handaudit/parser/pacific"    // 888poker (Pacific) text
	_ "github.com/handaudit/handaudit/parser/partypoker" // PartyPoker text
	_ "github.com/handaudit/handaudit/parser/phh"        // PHH (Poker Hand History), .phh and .phhs
	_ "github.com/handaudit/handaudit/parser/pokerstars" // PokerStars text, and PPPoker's
	_ "github.com/handaudit/handaudit/parser/winamax"    // Winamax text

	// Formats recognised but not read yet: named, their hands counted.
	_ "github.com/handaudit/handaudit/parser/unsupported"
)
