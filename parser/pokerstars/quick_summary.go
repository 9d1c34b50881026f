package pokerstars

// Fast paths: the usual summary lines. quickTotalPot shortcuts totalPot
// and quickSummarySeat shortcuts summarySeat (summary.go).
// TestPokerStarsQuickSummary (quick_summary_test.go) checks them against
// the general code (noQuick), with TestPokerStarsQuickSameHands and
// FuzzPokerStarsQuick.

import (
	"bytes"
	"encoding/binary"

	"github.com/handaudit/handaudit/hand"
)

// quickTotalPot reads the usual Total pot line, "Total pot X[ Main pot
// Y.[ Side pot-N Z.]...] | Rake R" with plain amounts (psPlainAmount), read
// whole, as totalPot reads it, and reports whether it did. It changes
// nothing if not: totalPot reads every other line, and every error.
func (p *psParser) quickTotalPot(line []byte, n int) bool {
	if len(line) < 10 || string(line[:10]) != "Total pot " || p.sawTotal {
		return false
	}
	total, k, ok := psPlainAmount(line[10:], p.scale)
	if !ok {
		return false
	}
	b := line[10+k:]
	pots := len(p.pots)
	if len(b) >= 10 && string(b[:10]) == " Main pot " {
		b = b[10:]
		for {
			v, k, ok := psPlainAmount(b, p.scale)
			if !ok || k >= len(b) || b[k] != '.' {
				p.pots = p.pots[:pots]
				return false
			}
			p.pots = append(p.pots, v)
			b = b[k+1:]
			// " Side pot-N ", N the pots so far, up to 9.
			if len(b) < 12 || string(b[:10]) != " Side pot-" || b[10]-'0' > 9 || int(b[10]-'0') != len(p.pots) || b[11] != ' ' {
				break
			}
			b = b[12:]
		}
	}
	if len(b) < 9 || string(b[:8]) != " | Rake " {
		p.pots = p.pots[:pots]
		return false
	}
	rake, k, ok := psPlainAmount(b[8:], p.scale)
	if !ok || 8+k != len(b) {
		p.pots = p.pots[:pots]
		return false
	}
	o := &p.h.Outcome
	o.TotalPot, o.HasTotalPot, o.Pos = total, true, hand.Pos{File: p.r.file, Line: n}
	o.Rake, o.HasRake = rake, true
	p.sawTotal = true
	return true
}

// quickSummarySeat reads the usual summary seat line, "Seat N: NAME
// [(button)] [(small blind)] ... outcome", as summarySeat does.
//
// The usual line is read here with no calls: a seat number of one or two
// digits, a name of at most 16 bytes with no '#', compared in registers,
// and an outcome that is one of the folds, written out below (they hold
// no '#', so no header can be glued into the line), or "collected (X)".
// Every other line, and every error, goes to summarySeat, unchanged.
func (p *psParser) quickSummarySeat(line []byte, n int) error {
	if len(line) < 9 || cap(line) < 25 || p.noQuick || len(p.names) > 64 {
		return p.summarySeat(line, n)
	}
	// "Seat D: " or "Seat DD: ".
	number, colon := int(line[5]-'0'), 6
	if number > 9 {
		return p.summarySeat(line, n)
	}
	if d := line[6] - '0'; d <= 9 {
		number, colon = number*10+int(d), 7
	}
	if line[colon] != ':' || line[colon+1] != ' ' || number >= len(p.byNumber) {
		return p.summarySeat(line, n)
	}
	seat := int(p.byNumber[number]) - 1
	if seat < 0 || seat >= len(p.seats) || p.seats[seat].Number != number {
		return p.summarySeat(line, n)
	}
	sn := &p.names[seat]
	// The name, in registers (as psStartsWith), with no '#' (as hasHash).
	const ones, high = 0x0101010101010101, 0x8080808080808080
	full := line[colon+2 : colon+2+16 : colon+2+16]
	l := len(sn.name)
	x0, x1 := sn.w0^(ones*'#'), sn.w1^(ones*'#')
	if l > 16 || colon+2+l > len(line) || ((x0-ones)&^x0|(x1-ones)&^x1)&high != 0 ||
		binary.LittleEndian.Uint64(full)&psMask0[l] != sn.w0 || binary.LittleEndian.Uint64(full[8:])&psMask1[l] != sn.w1 {
		return p.summarySeat(line, n)
	}
	rest := line[colon+2+l:]
	rest = psSkipPositions(rest)
	if len(rest) < 8 || rest[0] != ' ' {
		return p.summarySeat(line, n)
	}
	rest = rest[1:]
	switch {
	case string(rest[:7]) == "folded ":
		// The usual folds, whole.
		switch r := rest[7:]; len(r) {
		case 11:
			if string(r) == "before Flop" || string(r) == "on the Flop" || string(r) == "on the Turn" {
				return nil
			}
		case 12:
			if string(r) == "on the River" {
				return nil
			}
		case 24:
			if string(r[:11]) == "before Flop" && string(r[11:]) == " (didn't bet)" {
				return nil
			}
		}
	case len(rest) >= 11 && string(rest[:11]) == "collected (":
		// As summarySeat reads it: read whole, only the name (checked
		// above) could hold a header.
		whole, err := p.summaryWinnings(seat, rest)
		if err != nil {
			return err
		}
		if whole {
			return nil
		}
		if bytes.IndexByte(rest, '#') >= 0 && psFindGluedHeader(line) > 0 {
			return psErrorf("summary line runs into a hand header")
		}
		return nil
	case len(rest) >= 8 && string(rest[:8]) == "showed [" || string(rest[:6]) == "mucked":
		// As summarySeat reads them, with the same calls.
		kind := hand.Show
		if rest[0] == 'm' {
			kind = hand.Muck
		}
		if tail := rest[6:]; len(tail) > 0 {
			if tail[0] != ' ' || len(tail) < 2 || tail[1] != '[' {
				return p.summarySeat(line, n)
			}
			cs, err := p.bracketCards(tail[1:], false)
			if err != nil {
				return err
			}
			p.summaryCards(seat, kind, cs, n)
		}
		if _, err := p.summaryWinnings(seat, rest); err != nil {
			return err
		}
		if bytes.IndexByte(rest, '#') >= 0 && psFindGluedHeader(line) > 0 {
			return psErrorf("summary line runs into a hand header")
		}
		return nil
	}
	return p.summarySeat(line, n)
}
