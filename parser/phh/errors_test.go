package phh

import (
	"fmt"
	"strings"
	"testing"
)

// phhTemplate is a good hand; the error tests break one thing in it. The
// comment after each line is its offset from the hand's first line.
const phhTemplate = `variant = "NT"
ante_trimming_status = false
antes = [0, 0, 0]
blinds_or_straddles = [50, 100, 0]
min_bet = 100
starting_stacks = [1000, 1000, 1000]
actions = [
  "d dh p1 7s4s",
  "d dh p2 Js8h",
  "d dh p3 Td8c",
  "p3 cbr 300",
  "p1 f",
  "p2 f",
]
hand = "ID"
players = ["Ann", "Bob", "Cat"]
finishing_stacks = [950, 900, 1150]
`

// Offsets of the template's lines from its first line (variant = 0).
const (
	phhTVariant  = 0
	phhTAntes    = 2
	phhTBlinds   = 3
	phhTMinBet   = 4
	phhTStacks   = 5
	phhTActions  = 6
	phhTDealP1   = 7
	phhTDealP2   = 8
	phhTDealP3   = 9
	phhTRaise    = 10
	phhTFoldP1   = 11
	phhTClose    = 13
	phhTHand     = 14
	phhTFinished = 16
)

func phhHand(id string, edit func(string) string) string {
	h := strings.Replace(phhTemplate, `"ID"`, `"`+id+`"`, 1)
	if edit != nil {
		h = edit(h)
	}
	return h
}

func phhReplace(old, new string) func(string) string {
	return func(s string) string {
		if !strings.Contains(s, old) {
			panic("test template has no " + old)
		}
		return strings.Replace(s, old, new, 1)
	}
}

// TestPHHErrors breaks one hand of a .phhs file in each way the reader
// must report, and checks the error's line, hand index and message, and
// that the hands before and after are still read. The same broken hand is
// also read as a single .phh file.
func TestPHHErrors(t *testing.T) {
	tests := []struct {
		name string
		edit func(string) string
		line int    // offset from the hand's first line; -1: the hand's start
		msg  string // substring of the message
	}{
		{"malformed TOML", phhReplace("min_bet = 100", "min_bet = = 100"), phhTMinBet, "malformed TOML"},
		{"unclosed array", phhReplace("]\nhand", "\nhand"), phhTHand, "malformed TOML"},
		{"unclosed string", phhReplace(`"p1 f",`, `"p1 f,`), phhTFoldP1, "malformed TOML"},
		{"missing required field", phhReplace("min_bet = 100", "# no min bet"), -1, "missing required field min_bet for variant NT"},
		{"missing stacks", phhReplace("starting_stacks = [1000, 1000, 1000]", ""), -1, "missing required field starting_stacks"},
		{"unknown variant", phhReplace(`"NT"`, `"XT"`), phhTVariant, `unknown variant "XT"`},
		{"variant type", phhReplace(`"NT"`, `5`), phhTVariant, "field variant must be a string, not an integer"},
		{"field twice", phhReplace("players =", "min_bet = 200\nplayers ="), phhTHand + 1, fmt.Sprintf("field min_bet defined twice (first at line %%d)")},
		{"invalid card", phhReplace("Js8h", "Js8x"), phhTDealP2, `invalid card "8x"`},
		{"invalid card length", phhReplace("Js8h", "Js8"), phhTDealP2, "not two-character cards"},
		// A control byte as a rank, written as a TOML escape: once read as a card of value 128.
		{"control byte as rank", phhReplace("Js8h", `Js\u0012h`), phhTDealP2, `invalid card "\x12h"`},
		// A card dealt twice is read as recorded: the checks report it
		// (cards.duplicate), as they do for PokerStars.
		{"duplicated card", phhReplace("Td8c", "Td7s"), -2, ""},
		{"card twice in one deal", phhReplace("Td8c", "TdTd"), -2, ""},
		{"short deck card", func(s string) string {
			return phhReplace(`"NT"`, `"NS"`)(phhReplace("d dh p1 7s4s", "d dh p1 7s5s")(s))
		}, phhTDealP1, "card 5s is not in the short deck"},
		{"negative stack", phhReplace("[1000, 1000, 1000]", "[1000, -5, 1000]"), phhTStacks, "starting_stacks[1] (-5) is negative"},
		{"zero stack", phhReplace("[1000, 1000, 1000]", "[1000, 0, 1000]"), phhTStacks, "starting_stacks[1] (0) must be positive"},
		{"non-numeric stack", phhReplace("[1000, 1000, 1000]", `[1000, "lots", 1000]`), phhTStacks, "starting_stacks[1] must be a number, not a string"},
		{"unknown stack", phhReplace("[1000, 1000, 1000]", "[1000, inf, 1000]"), phhTStacks, "is infinite"},
		{"too precise", phhReplace("p3 cbr 300", "p3 cbr 300.00001"), phhTRaise, "more than 4 decimal places"},
		{"bad amount", phhReplace("p3 cbr 300", "p3 cbr 3x0"), phhTRaise, "is not a number"},
		{"missing amount", phhReplace("p3 cbr 300", "p3 cbr"), phhTRaise, `want "pN cbr AMOUNT"`},
		{"unknown action", phhReplace(`"p1 f"`, `"p1 xx"`), phhTFoldP1, `unknown action "xx"`},
		{"unknown dealer action", phhReplace(`"p1 f"`, `"d dx p1"`), phhTFoldP1, `unknown dealer action "dx"`},
		{"unknown actor", phhReplace(`"p1 f"`, `"q1 f"`), phhTFoldP1, `unknown actor "q1"`},
		{"player not seated", phhReplace("p3 cbr 300", "p7 cbr 300"), phhTRaise, "player p7 is not in the hand (players are p1..p3)"},
		{"player zero", phhReplace(`"p1 f"`, `"p0 f"`), phhTFoldP1, "player p0 is not in the hand"},
		{"bring-in in hold'em", phhReplace(`"p1 f"`, `"p1 pb"`), phhTFoldP1, "variant NT has no bring-in"},
		{"antes length", phhReplace("antes = [0, 0, 0]", "antes = [0, 0]"), phhTAntes, "antes has 2 entries but starting_stacks has 3 players"},
		{"players length", phhReplace(`["Ann", "Bob", "Cat"]`, `["Ann", "Bob", "Cat", "Dan"]`), phhTHand + 1, "players has 4 entries"},
		{"finishing length", phhReplace("[950, 900, 1150]", "[950, 900]"), phhTFinished, "finishing_stacks has 2 entries"},
		{"one player", func(s string) string {
			s = phhReplace("[1000, 1000, 1000]", "[1000]")(s)
			s = phhReplace("[0, 0, 0]", "[0]")(s)
			return phhReplace("[50, 100, 0]", "[50]")(s)
		}, phhTStacks, "a hand needs at least 2"},
		{"seat twice", phhReplace("players =", "seats = [1, 1, 2]\nplayers ="), phhTHand + 1, "seat 1 is given to both p1 and p2"},
		{"bad month", phhReplace("players =", "year = 2024\nmonth = 13\nday = 1\nplayers ="), phhTHand + 2, "month (13) must be between 1 and 12"},
		{"bad day", phhReplace("players =", "year = 2023\nmonth = 2\nday = 29\nplayers ="), phhTHand + 3, "day 29 does not exist in February 2023"},
		{"bad time zone", phhReplace("players =", "year = 2024\nmonth = 1\nday = 1\ntime = 10:00:00\ntime_zone = \"Mars/Olympus\"\nplayers ="), phhTHand + 5, `time_zone "Mars/Olympus" is not an IANA time zone`},
		{"show dash without cards", phhReplace(`"p1 f"`, `"p1 sm -"`), -2, ""}, // valid: p1 was dealt 7s4s
	}
	for _, tt := range tests {
		for _, multi := range []bool{true, false} {
			name := tt.name + map[bool]string{true: " phhs", false: " phh"}[multi]
			t.Run(name, func(t *testing.T) {
				bad := phhHand("broken", tt.edit)
				var text string
				start := 1 // line of the broken hand's first field
				if multi {
					before := "# three hands, the second broken\n[1]\n" + phhHand("before", nil) + "\n[2]\n"
					start = strings.Count(before, "\n") + 1
					text = before + bad + "\n[3]\n" + phhHand("after", nil)
				} else {
					text = bad
				}
				res := phhReadString(t, text, "broken.phhs")
				if tt.line == -2 { // a valid hand
					if len(res.errs) != 0 {
						t.Fatalf("unexpected errors %v", res.errs)
					}
					return
				}
				wantHands := 0
				if multi {
					wantHands = 2
				}
				if len(res.errs) != 1 || len(res.hands) != wantHands {
					t.Fatalf("%d hands, errors %v; want %d hands and one error", len(res.hands), res.errs, wantHands)
				}
				e := res.errs[0]
				wantLine := start + tt.line
				if tt.line == -1 {
					wantLine = start - 1 // the [2] header
					if !multi {
						wantLine = 1
					}
				}
				msg := tt.msg
				if strings.Contains(msg, "%d") {
					msg = fmt.Sprintf(msg, start+phhTMinBet)
				}
				wantIndex := 0
				if multi {
					wantIndex = 1
				}
				if e.Line != wantLine || e.HandIndex != wantIndex || e.File != "broken.phhs" || !strings.Contains(e.Msg, msg) {
					t.Errorf("error %q at line %d, hand %d, file %q;\nwant %q at line %d, hand %d", e.Msg, e.Line, e.HandIndex, e.File, msg, wantLine, wantIndex)
				}
				// Errors found while reading the TOML may come before the
				// hand field; later ones know the hand's ID.
				early := strings.HasPrefix(tt.msg, "malformed") || tt.name == "variant type" || tt.name == "non-numeric stack"
				if e.HandID != "broken" && !early {
					t.Errorf("HandID %q, want broken", e.HandID)
				}
				if e.Text == "" || !strings.Contains(text, strings.TrimSuffix(e.Text, "...")) {
					t.Errorf("Text %q is not a line of the input", e.Text)
				}
				if multi {
					if res.hands[0].ID != "before" || res.hands[1].ID != "after" || res.hands[1].Index != 2 {
						t.Errorf("hands %q (index %d), %q (index %d)", res.hands[0].ID, res.hands[0].Index, res.hands[1].ID, res.hands[1].Index)
					}
				}
			})
		}
	}
}

// TestPHHErrorsTables checks .phhs table structure errors.
func TestPHHErrorsTables(t *testing.T) {
	tests := []struct {
		name  string
		text  string
		hands int
		line  int
		msg   string
	}{
		{"hand table twice", "[1]\n" + phhHand("a", nil) + "[2]\n" + phhHand("b", nil) + "[1]\n" + phhHand("c", nil), 2, 37, "hand table [1] defined twice"},
		{"named table twice", "[x]\n" + phhHand("a", nil) + "[y]\n" + phhHand("b", nil) + "[x]\n" + phhHand("c", nil), 2, 37, "hand table [x] defined twice (first at line 1)"},
		{"unknown sub-table", "[1]\n" + phhHand("a", nil) + "[1.extra]\nx = 1\n", 0, 19, "unknown table [1.extra]"},
		{"user sub-table", "[1]\n" + phhHand("a", nil) + "[1._extra]\nx = {a = 1}\n[2]\n" + phhHand("b", nil), 2, 0, ""},
		{"array of tables", "[[1]]\n" + phhHand("a", nil), 0, 1, "array of tables [[1]] is not PHH"},
		{"table in a .phh", phhHand("a", nil) + "[1]\nx = 1\n", 0, 18, "unexpected table [1] after the hand's fields"},
		{"user table in a .phh", phhHand("a", nil) + "[_mine]\nvariant = 1\n", 1, 0, ""},
		{"unknown and user fields", phhHand("a", phhReplace("players =", "_x = [[1], {a = 2}]\nvenue = \"Club\"\nsomething = 3\nplayers =")), 1, 0, ""},
		{"unknown field twice", phhHand("a", phhReplace("players =", "something = 3\nsomething = 4\nplayers =")), 0, 17, `key "something" defined twice`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res := phhReadString(t, tt.text, "t.phhs")
			if len(res.hands) != tt.hands {
				t.Errorf("%d hands, want %d (errors %v)", len(res.hands), tt.hands, res.errs)
			}
			if tt.msg == "" {
				if len(res.errs) != 0 {
					t.Errorf("errors %v", res.errs)
				}
				return
			}
			if len(res.errs) != 1 {
				t.Fatalf("errors %v, want one", res.errs)
			}
			if e := res.errs[0]; e.Line != tt.line || !strings.Contains(e.Msg, tt.msg) {
				t.Errorf("error %q at line %d; want %q at line %d", e.Msg, e.Line, tt.msg, tt.line)
			}
		})
	}
}
