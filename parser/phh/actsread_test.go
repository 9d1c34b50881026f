package phh

import (
	"testing"

	"github.com/handaudit/handaudit/hand"
)

// TestPHHUsualSummaryNotCarried reads, with and without the fast path, a
// hand whose actions array actionsUsual gives up on only after it has
// noted a cbr amount with decimals and board cards, then a hand of whole
// amounts: what actionsUsual noted of the first hand (it keeps its
// summary in the reader's state as it goes) must not reach the second,
// whose scale and board would then differ from the full parser's.
func TestPHHUsualSummaryNotCarried(t *testing.T) {
	text := `[1]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
min_bet = 2
starting_stacks = [100, 100]
actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 cbr 4.25', 'p1 cc', 'd db 2c3d4h', 'p2 cbr 1e1', 'p1 f']

[2]
variant = 'NT'
antes = [0, 0]
blinds_or_straddles = [1, 2]
actions = ['d dh p1 AsKs', 'd dh p2 QhQd', 'p2 cbr 4', 'p1 cc', 'd db 5c6d', 'p2 f']
min_bet = 2
starting_stacks = [100, 100]
`
	phhCompareReads(t, text)
	res := phhReadString(t, text, "u.phhs")
	var second *hand.Hand
	for _, h := range res.hands {
		if h.Index == 1 {
			second = h
		}
	}
	if second == nil {
		t.Fatalf("hand [2] not read:%s", res)
	}
	if second.Scale != 1 || len(second.Boards) != 1 || len(second.Boards[0]) != 2 {
		t.Errorf("hand [2]: scale %d, boards %v; want scale 1 and one board of 2 cards", second.Scale, second.Boards)
	}
}
