package pokerstars

import (
	"errors"
	"flag"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/internal/testenv"
	"github.com/handaudit/handaudit/parser"
)

// psUpdateFlag: -update rewrites the golden file.
var psUpdateFlag = flag.Bool("update", false, "rewrite golden files")

// psUpdate reports whether -update was given.
func psUpdate() bool { return *psUpdateFlag }

// psCorpusDir returns the shared corpus folder dir (relative to the corpus
// root), skipping the test when it is absent, or failing under CI=true.
func psCorpusDir(t testing.TB, dir string) string {
	t.Helper()
	return testenv.CorpusDir(t, dir)
}

// psReadAll reads every hand and parse error of one input.
func psReadAll(t testing.TB, r io.Reader, name string) ([]*hand.Hand, []*parser.Error) {
	t.Helper()
	pr := NewReader(r, name)
	var hands []*hand.Hand
	var errs []*parser.Error
	for {
		h, err := pr.Next()
		if err == io.EOF {
			return hands, errs
		}
		var pe *parser.Error
		switch {
		case errors.As(err, &pe):
			errs = append(errs, pe)
		case err != nil:
			t.Fatalf("%s: I/O error: %v", name, err)
		default:
			hands = append(hands, h)
		}
		if len(hands)+len(errs) > 100000 {
			t.Fatalf("%s: reader does not stop", name)
		}
	}
}

// psCorpusErrors lists the expected parse errors: file, line, message start.
var psCorpusErrors = []struct {
	file string
	line int
	msg  string
}{
	// Fragments of hands with no header (test snippets of another parser).
	{"CashGame/BlindActionTests/Ante.txt", 1, "text outside a hand"},
	{"CashGame/BlindActionTests/Ignore.txt", 1, "text outside a hand"},
	{"CashGame/ShowDownActionTests/AllinFlop.txt", 1, "text outside a hand"},
	{"CashGame/ShowDownActionTests/Ignore.txt", 1, "text outside a hand"},
	{"CashGame/ShowDownActionTests/RunItTwice.txt", 1, "text outside a hand"},
	{"CashGame/ShowDownActionTests/Wins.txt", 1, "text outside a hand"},
	// Seat list says "Blahdi:42eblah", the actions say "Blahdieblah".
	{"CashGame/PlayerTests/WithSittingOut.txt", 8, `action by "Blahdieblah", who has no seat in this hand`},
	// Ends after the collect: no summary.
	{"CashGame/ValidHandTests/InValidHand_1.txt", 40, "hand ends without a *** SUMMARY ***"},
}

func TestPokerStarsCorpus(t *testing.T) {
	dir := psCorpusDir(t, "rooms/PokerStars")
	var files []string
	err := filepath.Walk(dir, func(path string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		if !info.IsDir() && strings.HasSuffix(path, ".txt") {
			files = append(files, path)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Strings(files)
	if len(files) < 80 {
		t.Fatalf("found %d files in %s, want the ~90 of the corpus", len(files), dir)
	}
	wantErrs := map[string][]int{}
	for _, e := range psCorpusErrors {
		wantErrs[e.file] = append(wantErrs[e.file], e.line)
	}
	var golden strings.Builder
	total, totalErrs := 0, 0
	for _, path := range files {
		rel, _ := filepath.Rel(dir, path)
		rel = filepath.ToSlash(rel)
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		hands, errs := psReadAll(t, f, rel)
		f.Close()
		// Every hand header, counted apart from the reader, is a hand or
		// a parse error of a hand (not one of text outside any hand).
		text, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		headers := len(psHeaderPattern.FindAll(text, -1))
		inHands := len(hands)
		for _, e := range errs {
			if e.HandIndex >= 0 {
				inHands++
			}
		}
		if inHands != headers {
			t.Errorf("%s: %d hand headers, but %d hands and parse errors of hands", rel, headers, inHands)
		}
		total += len(hands)
		totalErrs += len(errs)
		wantHands := psCorpusHands[rel]
		if len(hands) != wantHands {
			t.Errorf("%s: %d hands, want %d", rel, len(hands), wantHands)
		}
		var gotLines []int
		for _, e := range errs {
			gotLines = append(gotLines, e.Line)
			golden.WriteString("error " + e.Error() + "\n")
		}
		if !psEqualInts(gotLines, wantErrs[rel]) {
			t.Errorf("%s: parse errors at lines %v, want %v: %v", rel, gotLines, wantErrs[rel], errs)
		}
		for _, h := range hands {
			golden.WriteString(psDump(h))
		}
	}
	for _, e := range psCorpusErrors {
		found := false
		for _, g := range strings.Split(golden.String(), "\n") {
			if strings.HasPrefix(g, "error "+e.file+":") && strings.Contains(g, ": "+e.msg) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s:%d: want a parse error %q", e.file, e.line, e.msg)
		}
	}
	t.Logf("%d files: %d hands, %d parse errors", len(files), total, totalErrs)
	psGolden(t, "testdata/corpus.golden", golden.String())
}

// psHeaderPattern finds PokerStars hand headers in text, wherever they
// are on a line (hands glued together): the site, a kind and a hand number
// with its colon. It is the corpus test's count, apart from the reader's
// own recognition of headers.
var psHeaderPattern = regexp.MustCompile(`(?i)(PokerStars|PPPoker) (Zoom |Home Game )?(Hand|Game) #[0-9]+:`)

// psCorpusHands is the number of hands read from each corpus file.
var psCorpusHands = map[string]int{
	"CashGame/BlindActionTests/Ante.txt":                             0,
	"CashGame/BlindActionTests/Ignore.txt":                           0,
	"CashGame/ExtraHands/DateIssue1.txt":                             1,
	"CashGame/ExtraHands/DateIssue2.txt":                             1,
	"CashGame/ExtraHands/MucksHand.txt":                              1,
	"CashGame/ExtraHands/PlayerNameWithSlashesAndSquareBrackets.txt": 1,
	"CashGame/ExtraHands/PlayerWithColon.txt":                        1,
	"CashGame/ExtraHands/ShowsDownSingleCard.txt":                    1,
	"CashGame/ExtraHands/SidePot.txt":                                1,
	"CashGame/ExtraHands/TableNameWithDash.txt":                      1,
	"CashGame/ExtraHands/UncontestedWinnerFlash.txt":                 1,
	"CashGame/ExtraHands/UtcTimestampFormat.txt":                     1,
	"CashGame/ExtraHands/ZoomHand.txt":                               1,
	"CashGame/GameTypeTests/CapNoLimitHoldem.txt":                    1,
	"CashGame/GameTypeTests/FixedLimitHoldem.txt":                    1,
	"CashGame/GameTypeTests/NoLimitHoldem.txt":                       1,
	"CashGame/GameTypeTests/NoLimitOmahaHiLo.txt":                    1,
	"CashGame/GameTypeTests/PotLimitFiveCardOmaha.txt":               1,
	"CashGame/GameTypeTests/PotLimitHoldem.txt":                      1,
	"CashGame/GameTypeTests/PotLimitOmaha.txt":                       1,
	"CashGame/GameTypeTests/PotLimitOmahaHiLo.txt":                   1,
	"CashGame/GeneralHands/Disconnect.txt":                           1,
	"CashGame/GeneralHands/GeneralHand.txt":                          1,
	"CashGame/GeneralHands/HeroName.txt":                             1,
	"CashGame/GeneralHands/SidePot.txt":                              1,
	"CashGame/GeneralHands/ZoomHand.txt":                             1,
	"CashGame/HandActionTests/3BetHand.txt":                          1,
	"CashGame/HandActionTests/AllInHandWithShowdown.txt":             1,
	"CashGame/HandActionTests/BasicHand.txt":                         1,
	"CashGame/HandActionTests/BigBlindOptionRaisesOption.txt":        1,
	"CashGame/HandActionTests/CashOut.txt":                           1,
	"CashGame/HandActionTests/FoldedPreflop.txt":                     1,
	"CashGame/HandActionTests/LeavesTableMidHand.txt":                1,
	"CashGame/HandActionTests/NeedsRaiseAdjusting.txt":               1,
	"CashGame/HandActionTests/OmahaHiLo.txt":                         1,
	"CashGame/HandActionTests/StrangePlayerNames.txt":                1,
	"CashGame/HandActionTests/UncalledBet.txt":                       1,
	"CashGame/Limits/AnteTable.txt":                                  1,
	"CashGame/Limits/EuroTable.txt":                                  1,
	"CashGame/Limits/GbpTable.txt":                                   1,
	"CashGame/Limits/Limit1.txt":                                     1,
	"CashGame/Limits/Limit2.txt":                                     1,
	"CashGame/Limits/Limit3.txt":                                     1,
	"CashGame/Limits/Limit4.txt":                                     1,
	"CashGame/Limits/Limit5.txt":                                     1,
	"CashGame/Limits/Limit6.txt":                                     1,
	"CashGame/Limits/YuanTable.txt":                                  1,
	"CashGame/MultipleHandsTests/10MultipleHands.txt":                10,
	"CashGame/MultipleHandsTests/NoNewLinesMultipleHands.txt":        58,
	"CashGame/PPPoker/PPPokerHand.txt":                               1,
	"CashGame/PPPoker/ShowdownHand.txt":                              1,
	"CashGame/PlayerTests/FiveCardOmaha.txt":                         1,
	"CashGame/PlayerTests/MucksHandKnownHolecards.txt":               1,
	"CashGame/PlayerTests/NoHoleCards.txt":                           1,
	"CashGame/PlayerTests/OmahaHiLoShowdown.txt":                     1,
	"CashGame/PlayerTests/OmahaShowdown.txt":                         1,
	"CashGame/PlayerTests/RunItTwice.txt":                            1,
	"CashGame/PlayerTests/ShowWithoutShowdown.txt":                   1,
	"CashGame/PlayerTests/WithShowdown.txt":                          1,
	"CashGame/PlayerTests/WithSittingOut.txt":                        0,
	"CashGame/RunItTwiceTests/RunItTwice1.txt":                       1,
	"CashGame/RunItTwiceTests/RunItTwice2.txt":                       1,
	"CashGame/Seats/4 Max.txt":                                       0,
	"CashGame/Seats/6 Max.txt":                                       1,
	"CashGame/Seats/Full Ring (10 Handed).txt":                       1,
	"CashGame/Seats/Full Ring (9 Handed).txt":                        1,
	"CashGame/Seats/HeadsUp.txt":                                     1,
	"CashGame/ShowDownActionTests/AllinFlop.txt":                     0,
	"CashGame/ShowDownActionTests/Ignore.txt":                        0,
	"CashGame/ShowDownActionTests/RunItTwice.txt":                    0,
	"CashGame/ShowDownActionTests/Wins.txt":                          0,
	"CashGame/StreetTests/Flop.txt":                                  1,
	"CashGame/StreetTests/Preflop.txt":                               1,
	"CashGame/StreetTests/River.txt":                                 1,
	"CashGame/StreetTests/Turn.txt":                                  1,
	"CashGame/Tables/Table1.txt":                                     1,
	"CashGame/Tables/Table2.txt":                                     1,
	"CashGame/Tables/Table3.txt":                                     1,
	"CashGame/Tables/Table4.txt":                                     1,
	"CashGame/Tables/Table5.txt":                                     1,
	"CashGame/Tables/Table6.txt":                                     1,
	"CashGame/ValidHandTests/CancelledHand.txt":                      1, // read, marked cancelled
	"CashGame/ValidHandTests/InValidHand_1.txt":                      0,
	"CashGame/ValidHandTests/ValidHand_1.txt":                        1,
	"MultiTableTournament/Buyins/Buyin1.txt":                         1,
	"MultiTableTournament/GameTypeTests/NoLimitHoldem.txt":           1,
	"MultiTableTournament/Limits/Limit1.txt":                         1,
	"MultiTableTournament/Limits/Limit2.txt":                         1,
}

func psEqualInts(a, b []int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// psGolden compares got with the golden file, or rewrites it under -update.
func psGolden(t *testing.T, path, got string) {
	t.Helper()
	if psUpdate() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -run %s -update to create it)", err, t.Name())
	}
	if string(want) == got {
		return
	}
	wl, gl := strings.Split(string(want), "\n"), strings.Split(got, "\n")
	for i := 0; i < len(wl) || i < len(gl); i++ {
		var w, g string
		if i < len(wl) {
			w = wl[i]
		}
		if i < len(gl) {
			g = gl[i]
		}
		if w != g {
			t.Fatalf("%s differs from the parse at line %d:\n got: %s\nwant: %s\n(run with -update if the change is intended)", path, i+1, g, w)
		}
	}
}
