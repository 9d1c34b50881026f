package checks_test

import (
	"strings"
	"testing"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// sess builds a session record: seats as "number:player:start:finish",
// a "*" after the player for sitting out.
func sess(id string, minute, button, bb int, tournament bool, seats ...string) *checks.SessionHand {
	s := &checks.SessionHand{Key: checks.TableKey{Site: "site", Table: "T"}, ID: id, Table: "T", File: "f", Line: minute,
		Start: time.Date(2024, 3, 1, 20, minute, 0, 0, time.UTC), Tournament: tournament,
		Currency: "USD", Scale: 100, Button: button, BigBlind: bb}
	for _, x := range seats {
		var n, start, finish int
		var name string
		parts := strings.Split(x, ":")
		name = parts[1]
		n, start, finish = atoi(parts[0]), atoi(parts[2]), atoi(parts[3])
		out := strings.HasSuffix(name, "*")
		name = strings.TrimSuffix(name, "*")
		s.Seats = append(s.Seats, checks.SessionSeat{Number: n, Player: name, Start: hand.Amount(start),
			Finish: hand.Amount(finish), HasFinish: true, SittingOut: out})
	}
	return s
}

func atoi(s string) int {
	n := 0
	for _, c := range s {
		n = n*10 + int(c-'0')
	}
	return n
}

func ids(fs []checks.Finding) string {
	var out []string
	for _, f := range fs {
		out = append(out, f.CheckID+"@"+f.HandID+"/"+f.Player)
	}
	return strings.Join(out, ",")
}

func TestSessionStacks(t *testing.T) {
	base := replay.Default()
	noTopUps := base
	noTopUps.Session.NoTopUps = true
	capped := base
	capped.Session.MaxBuyIn = replay.HouseAmount{Units: 150}
	cases := []struct {
		name   string
		rs     *replay.Ruleset
		tour   bool
		second []string
		want   string
	}{
		{"carried over", &base, false, []string{"2:Bob:900:900", "3:Cat:1100:1100", "4:Dan:1000:1000"}, ""},
		{"a decrease", &base, false, []string{"2:Bob:800:800", "3:Cat:1100:1100", "4:Dan:1000:1000"}, "session.stack-discontinuity@2/Bob"},
		{"a top-up", &base, false, []string{"2:Bob:2000:2000", "3:Cat:1100:1100", "4:Dan:1000:1000"}, ""},
		{"a top-up the house forbids", &noTopUps, false, []string{"2:Bob:2000:2000", "3:Cat:1100:1100", "4:Dan:1000:1000"}, "session.stack-discontinuity@2/Bob"},
		{"a top-up within the cap", &capped, false, []string{"2:Bob:15000:15000", "3:Cat:1100:1100", "4:Dan:1000:1000"}, ""},
		{"a top-up beyond the cap", &capped, false, []string{"2:Bob:15001:15001", "3:Cat:1100:1100", "4:Dan:1000:1000"}, "session.stack-discontinuity@2/Bob"},
		{"tournament chips appear", &base, true, []string{"2:Bob:950:950", "3:Cat:1100:1100", "4:Dan:1000:1000"}, "session.stack-discontinuity@2/Bob"},
		// Dan busted (finished with 0) and plays on with a fresh stack: a rebuy.
		{"tournament rebuy", &base, true, []string{"2:Bob:900:900", "3:Cat:1100:1100", "4:Dan:3000:3000"}, ""},
		// Two stacks moved: hands were played between (not in this export).
		{"hands between", &base, false, []string{"2:Bob:800:800", "3:Cat:1200:1200", "4:Dan:1000:1000"}, ""},
		// One player in the same seat: a fast-fold pool, no session.
		{"fast fold", &base, false, []string{"2:Bob:500:500", "5:Cat:1100:1100", "6:Dan:1000:1000"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ss := checks.NewSessions(checks.All())
			first := sess("1", 1, 2, 4, c.tour, "2:Bob:1000:900", "3:Cat:1000:1100", "4:Dan:1000:1000")
			if c.name == "tournament rebuy" {
				first = sess("1", 1, 2, 4, c.tour, "2:Bob:1000:900", "3:Cat:1000:1100", "4:Dan:1000:0")
			}
			if fs := ss.Add(first, c.rs); len(fs) > 0 {
				t.Fatalf("first hand: %s", ids(fs))
			}
			fs := ss.Add(sess("2", 2, 3, 2, c.tour, c.second...), c.rs)
			if got := ids(fs); got != c.want {
				t.Errorf("findings %q, want %q", got, c.want)
			}
			for _, f := range fs {
				if !f.HasExpected || !f.HasRecorded || f.Rule == "" || !strings.Contains(f.Message, "f:1") {
					t.Errorf("finding without evidence: %+v", f)
				}
			}
		})
	}
}

func TestSessionButton(t *testing.T) {
	either := replay.Default()
	dead, moving := either, either
	dead.Session.Button, moving.Session.Button = replay.ButtonDead, replay.ButtonMoving
	// Seats 1-5; the first hand: button 1, big blind 3. Seat 2 leaves.
	first := func() *checks.SessionHand {
		return sess("1", 1, 1, 3, false, "1:A:100:100", "2:B:100:100", "3:C:100:100", "4:D:100:100", "5:E:100:100")
	}
	deadMove := sess("2", 2, 2, 4, false, "1:A:100:100", "3:C:100:100", "4:D:100:100", "5:E:100:100")
	movingMove := sess("2", 2, 3, 5, false, "1:A:100:100", "3:C:100:100", "4:D:100:100", "5:E:100:100")
	stayed := sess("2", 2, 1, 4, false, "1:A:100:100", "3:C:100:100", "4:D:100:100", "5:E:100:100")
	skipped := sess("2", 2, 4, 5, false, "1:A:100:100", "3:C:100:100", "4:D:100:100", "5:E:100:100")
	cases := []struct {
		name string
		rs   *replay.Ruleset
		cur  *checks.SessionHand
		want string
	}{
		{"dead button, either", &either, deadMove, ""},
		{"moving button, either", &either, movingMove, ""},
		{"dead button, dead required", &dead, deadMove, ""},
		{"moving button, dead required", &dead, movingMove, "session.button-movement"},
		{"dead button, moving required", &moving, deadMove, "session.button-movement"},
		{"stayed", &either, stayed, "session.button-movement"},
		{"skipped seat 3", &either, skipped, "session.button-movement"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ss := checks.NewSessions(checks.All())
			ss.Add(first(), c.rs)
			fs := ss.Add(c.cur, c.rs)
			got := ""
			if len(fs) > 0 {
				got = fs[0].CheckID
				if c.rs.Session.Button != replay.ButtonEither && !strings.Contains(fs[0].Message, "the house requires") {
					t.Errorf("message does not say which rule the house requires: %s", fs[0].Message)
				}
			}
			if got != c.want || len(fs) > 1 {
				t.Errorf("findings %q, want %q", ids(fs), c.want)
			}
		})
	}
	// Heads-up, the button is placed (TDA 34), not judged.
	ss := checks.NewSessions(checks.All())
	ss.Add(sess("1", 1, 1, 2, false, "1:A:100:100", "2:B:100:100"), &either)
	if fs := ss.Add(sess("2", 2, 1, 2, false, "1:A:100:100", "2:B:100:100"), &either); len(fs) > 0 {
		t.Errorf("heads-up: %s", ids(fs))
	}
	// Nor is it coming out of heads-up: Winamax gave the button to the last
	// big blind and the big blind to the newcomer (10MultipleHands.txt).
	ss = checks.NewSessions(checks.All())
	ss.Add(sess("1", 1, 2, 1, false, "1:A:100:100", "2:B:100:100"), &either)
	if fs := ss.Add(sess("2", 2, 1, 3, false, "1:A:100:100", "2:B:100:100", "3:C:100:100"), &either); len(fs) > 0 {
		t.Errorf("out of heads-up: %s", ids(fs))
	}
}

func TestSessionOrderAndSelection(t *testing.T) {
	rs := replay.Default()
	// A hand older than the table's last is not compared with it.
	ss := checks.NewSessions(checks.All())
	ss.Add(sess("2", 5, 1, 3, false, "1:A:100:100", "2:B:100:100", "3:C:100:100"), &rs)
	if fs := ss.Add(sess("1", 1, 1, 3, false, "1:A:50:50", "2:B:100:100", "3:C:100:100"), &rs); len(fs) > 0 {
		t.Errorf("out of order: %s", ids(fs))
	}
	// --skip session.stack-discontinuity: not reported.
	sel, err := checks.Select(nil, []string{"session.stack-discontinuity"})
	if err != nil {
		t.Fatal(err)
	}
	ss = checks.NewSessions(sel)
	ss.Add(sess("1", 1, 1, 3, false, "1:A:100:100", "2:B:100:100", "3:C:100:100"), &rs)
	if fs := ss.Add(sess("2", 2, 2, 1, false, "1:A:50:50", "2:B:100:100", "3:C:100:100"), &rs); len(fs) > 0 {
		t.Errorf("skipped check reported: %s", ids(fs))
	}
	// Two tables are judged apart.
	ss = checks.NewSessions(checks.All())
	a := sess("1", 1, 1, 3, false, "1:A:100:100", "2:B:100:100", "3:C:100:100")
	b := sess("2", 2, 2, 1, false, "1:A:50:50", "2:B:100:100", "3:C:100:100")
	b.Key.Table = "U"
	ss.Add(a, &rs)
	if fs := ss.Add(b, &rs); len(fs) > 0 {
		t.Errorf("another table compared: %s", ids(fs))
	}
}

func TestSessionMissingHandIDs(t *testing.T) {
	rs := replay.Default()
	rs.Session.ConsecutiveHandIDs = true
	ss := checks.NewSessions(checks.All())
	ss.Add(sess("5284693-1-1382600209", 1, 1, 3, false, "1:A:100:100", "2:B:100:100", "3:C:100:100"), &rs)
	if fs := ss.Add(sess("5284693-2-1382600250", 2, 2, 1, false, "1:A:100:100", "2:B:100:100", "3:C:100:100"), &rs); len(fs) > 0 {
		t.Errorf("consecutive Winamax numbers: %s", ids(fs))
	}
	fs := ss.Add(sess("5284693-5-1382600400", 3, 3, 2, false, "1:A:100:100", "2:B:100:100", "3:C:100:100"), &rs)
	if len(fs) != 1 || fs[0].CheckID != "session.missing-hand" || fs[0].Expected != 3 || fs[0].Recorded != 5 {
		t.Errorf("gap 2 -> 5: %+v", fs)
	}
	// Without the house option, IDs say nothing.
	rs.Session.ConsecutiveHandIDs = false
	ss = checks.NewSessions(checks.All())
	ss.Add(sess("10", 1, 1, 3, false, "1:A:100:100", "2:B:100:100", "3:C:100:100"), &rs)
	if fs := ss.Add(sess("20", 2, 2, 1, false, "1:A:100:100", "2:B:100:100", "3:C:100:100"), &rs); len(fs) > 0 {
		t.Errorf("IDs judged without the option: %s", ids(fs))
	}
}
