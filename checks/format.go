package checks

import (
	"strconv"
	"strings"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// money formats an amount of the hand in its currency: "$2.50", "€1",
// "1,500" (chips), "12.00 CNY". Thousands are grouped so that large
// tournament amounts stay readable.
func money(h *hand.Hand, a hand.Amount) string {
	scale := h.Scale
	if scale <= 0 {
		scale = 1
	}
	s := group(a.Format(scale))
	switch h.Currency {
	case "":
		return s
	case "USD":
		return signed(s, "$")
	case "EUR":
		return signed(s, "€")
	case "GBP":
		return signed(s, "£")
	}
	return s + " " + h.Currency
}

// signed puts a currency symbol after a minus sign: "-$5".
func signed(s, sym string) string {
	if strings.HasPrefix(s, "-") {
		return "-" + sym + s[1:]
	}
	return sym + s
}

// group inserts thousands separators into the integer part of a formatted amount.
func group(s string) string {
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	intPart, frac := s, ""
	if i := strings.IndexByte(s, '.'); i >= 0 {
		intPart, frac = s[:i], s[i:]
	}
	if len(intPart) > 3 {
		var b strings.Builder
		lead := len(intPart) % 3
		if lead > 0 {
			b.WriteString(intPart[:lead])
		}
		for i := lead; i < len(intPart); i += 3 {
			if b.Len() > 0 {
				b.WriteByte(',')
			}
			b.WriteString(intPart[i : i+3])
		}
		intPart = b.String()
	}
	if neg {
		return "-" + intPart + frac
	}
	return intPart + frac
}

// onStreet is the street as it reads in a sentence: "preflop", "on the
// flop", "on fourth street", "before the draw", "after the first draw".
func onStreet(s replay.Street) string {
	switch s {
	case replay.Preflop:
		return "preflop"
	case replay.Showdown:
		return "at showdown"
	case replay.ThirdStreet, replay.FourthStreet, replay.FifthStreet, replay.SixthStreet, replay.SeventhStreet:
		name := s.String()
		return "on " + name[:len(name)-len("-street")] + " street"
	case replay.PreDraw:
		return "before the draw"
	case replay.FirstDraw, replay.SecondDraw, replay.ThirdDraw:
		name := s.String()
		return "after the " + name[:len(name)-len("-draw")] + " draw"
	}
	return "on the " + s.String()
}

// playerName names seat index i for a message: the recorded name, or
// "seat N" when the record has none.
func playerName(h *hand.Hand, i int) string {
	if i < 0 || i >= len(h.Seats) {
		return "no one"
	}
	if n := h.Seats[i].Player; n != "" {
		return n
	}
	return "seat " + strconv.Itoa(h.Seats[i].Number)
}
