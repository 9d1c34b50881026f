package checks

import "fmt"

// checkSummaryNames reports each summary line that names another player
// than the seat list does (hand.Outcome.Misnamed): the record contradicts
// itself, whether or not the hand was replayed.
func checkSummaryNames(c *Context) {
	h := c.H
	for _, m := range h.Outcome.Misnamed {
		f := c.atOutcome(checkSummaryName)
		if m.Pos.Line > 0 {
			f.Line = m.Pos.Line
		}
		c.setPlayer(&f, m.Player)
		f.Message = fmt.Sprintf("The summary's line for seat %d names %q, but the seat list puts %s in that seat.",
			f.Seat, m.Name, playerName(h, m.Player))
		c.emit(checkSummaryName, f)
	}
}
