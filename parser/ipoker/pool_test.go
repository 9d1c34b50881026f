package ipoker

import (
	"bytes"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/readertest"
	"github.com/handaudit/handaudit/parser"
)

// TestPooled reads the same input with hands from a pool, each given back
// once compared, and without: the hands are the same.
func TestPooled(t *testing.T) {
	data := testSessions(t)
	data = append(append(data, '\n'), data...)
	want := readAll(t, data, "p.xml", false, 0, parser.Limits{}, nil)
	pool := new(hand.Pool)
	r := newReader(bytes.NewReader(data), "p.xml", parser.Limits{}, pool)
	var hands []*hand.Hand
	for _, res := range want {
		if res.Err != nil {
			t.Fatalf("input does not read: %v", res.Err)
		}
		hands = append(hands, res.H)
	}
	readertest.ComparePooled(t, r, pool, hands)
}
