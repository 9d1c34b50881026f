package partypoker

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/parser"
)

// dumpFlag: -dump DIR prints every hand and error read from the files
// under DIR (a tool for reading new samples; no test without it).
var dumpFlag = flag.String("dump", "", "print the hands read from the files under this folder")

func TestDump(t *testing.T) {
	if *dumpFlag == "" {
		t.Skip("no -dump folder")
	}
	filepath.Walk(*dumpFlag, func(path string, info os.FileInfo, err error) error {
		if err != nil || info.IsDir() {
			return err
		}
		f, err := os.Open(path)
		if err != nil {
			return err
		}
		defer f.Close()
		r := NewReader(f, path)
		for {
			h, err := r.Next()
			if err == io.EOF {
				break
			}
			var pe *parser.Error
			if errors.As(err, &pe) {
				fmt.Printf("ERROR %v\n", pe)
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			fmt.Print(dumpHand(h))
		}
		return nil
	})
}

// dumpHand is a hand in a few lines, for reading.
func dumpHand(h *hand.Hand) string {
	var b strings.Builder
	fmt.Fprintf(&b, "HAND %s:%d-%d %s site=%s id=%s table=%q start=%s cur=%q scale=%d trny=%s game=%+v stakes=%+v max=%d button=%d\n",
		h.Pos.File, h.Pos.Line, h.End, h.Format, h.Site, h.ID, h.Table, h.Start.Format("2006-01-02T15:04:05Z"), h.Currency, h.Scale,
		h.Tournament, h.Game, h.Stakes, h.MaxSeats, h.Button)
	for _, s := range h.Seats {
		fmt.Fprintf(&b, "  seat %d %q %d out=%v\n", s.Number, s.Player, s.Stack, s.SittingOut)
	}
	for _, a := range h.Actions {
		fmt.Fprintf(&b, "  %d %s %s amt=%d to=%d all=%v post=%s cards=%v pot=%d\n", a.Pos.Line, a.Kind, h.PlayerName(a.Player),
			a.Amount, a.To, a.AllIn, a.PostKind, a.Cards, a.Pot)
	}
	o := &h.Outcome
	fmt.Fprintf(&b, "  boards=%v total=%d/%v pots=%v rake=%d/%v stacks=%v/%v winnings=%v/%v fees=%v",
		h.Boards, o.TotalPot, o.HasTotalPot, o.Pots, o.Rake, o.HasRake, o.FinishingStacks, o.HasFinishingStacks,
		o.Winnings, o.HasWinnings, o.Fees)
	for _, co := range o.CashOuts {
		fmt.Fprintf(&b, " cashout=%s:%d:%d@%d", h.PlayerName(co.Player), co.Amount, co.Fee, co.Pos.Line)
	}
	b.WriteString("\n")
	if h.Start.Location() != time.UTC {
		fmt.Fprintf(&b, "  start not in UTC\n")
	}
	return b.String()
}
