package pokerstars

import (
	"bytes"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/parser"
)

// TestPokerStarsHeaderMemo reads streams of hands whose headers repeat
// one another's text before the date, or nearly (a game, stakes,
// tournament level or date changed, a byte changed anywhere), in random
// order, with the header memos and without (noQuick): the hands and
// errors must be the same. The tables' names change too, as do the
// days of the dates.
func TestPokerStarsHeaderMemo(t *testing.T) {
	body := psBase[strings.IndexByte(psBase, '\n'):]
	heads := []string{
		"  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 ET",
		"  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/03 0:00:00 ET",
		"  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 CET [2025/08/02 5:24:53 ET]",
		"  Hold'em No Limit ($0.05/$0.10 USD) - x 2025/08/02 11:24:53 ET",
		"  Hold'em No Limit ($0.05/$0.10 USD) - - 2025/08/02 11:24:53 ET",
		"  Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 - ET",
		"  Hold'em No Limit ($0.05/$0.10 USD) - ",
		"  Hold'em No Limit ($0.05/$0.10 USD) - 2",
		"  Hold'em No Limit ($0.05/$0.10) - 2025/08/02 11:24:53 ET",
		"  Hold'em No Limit ($0.05/$0.10 EUR) - 2025/08/02 11:24:53 ET",
		"  Hold'em No Limit (€0.05/€0.10 EUR) - 2025/08/02 11:24:53 ET",
		"  Hold'em No Limit ($0.05/$0.125 USD) - 2025/08/02 11:24:53 ET",
		"  Hold'em No Limit ($1/$2 - $40 Cap - USD) - 2025/08/02 11:24:53 ET",
		"  Hold'em Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 ET",
		"  Hold'em Pot Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 ET",
		"  Omaha Pot Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 ET",
		"  Hold'em No Limit (5/10) - 2025/08/02 11:24:53 ET",
		"  Hold'em No Limit (5.5/10) - 2025/08/02 11:24:53 ET",
		"  HORSE (Hold'em Limit, $0.05/$0.10 USD) - 2025/08/02 11:24:53 ET",
		"  Tournament #123, $1+$0.10 USD Hold'em No Limit - Level I (5/10) - 2025/08/02 11:24:53 ET",
		"  Tournament #123, $1+$0.10 USD Hold'em No Limit - Level II (10/20) - 2025/08/02 11:24:53 ET",
		"  Tournament #124, $1+$0.10 USD Hold'em No Limit - Level I (5/10) - 2025/08/02 11:24:53 ET",
		"  Tournament #123, $1+$0.10 USD Hold'em No Limit - Match Round I, Level I (5/10) - 2025/08/02 11:24:53 ET",
		"  {Club} Hold'em No Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 ET",
		"  Razz Limit ($0.05/$0.10 USD) - 2025/08/02 11:24:53 ET",
	}
	rng := rand.New(rand.NewPCG(13, 14))
	read := 0 // hands read whole, so that the test compares hands, not only errors
	for round := range 200 {
		var sb strings.Builder
		for i := range 30 {
			head := heads[rng.IntN(len(heads))]
			if rng.IntN(4) == 0 {
				// A byte changed, dropped or doubled anywhere.
				b := []byte(head)
				k := rng.IntN(len(b))
				switch rng.IntN(3) {
				case 0:
					b[k] = "0123456789 -()$/.,#x"[rng.IntN(20)]
				case 1:
					b = append(b[:k], b[k+1:]...)
				default:
					b = append(b[:k+1], b[k:]...)
				}
				head = string(b)
			}
			sb.WriteString("PokerStars Hand #" + strings.Repeat("1", 1+i%3) + ":" + head)
			sb.WriteString(strings.Replace(body, "'Juno'", "'Juno "+string(rune('A'+rng.IntN(3)))+"'", 1))
			sb.WriteString("\n\n")
		}
		data := []byte(sb.String())
		if d := psQuickDiff(t, "memo", data, parser.Limits{}); d != "" {
			t.Fatalf("round %d: %s", round, d)
		}
		for _, res := range psNextAll(t, NewReader(bytes.NewReader(data), "memo"), "memo") {
			if res.H != nil {
				read++
			}
		}
	}
	if read < 1000 {
		t.Fatalf("only %d hands of 6000 read whole", read)
	}
}
