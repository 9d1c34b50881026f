package gen

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strconv"
	"sync"
	"time"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
	"github.com/handaudit/handaudit/replay"
)

// Table sessions (Config.Sessions): consecutive hands at one table, each
// starting with the stacks the last one left (the record's own count, as
// the session checks read it), the button moving on to the next player
// dealt in, players leaving when short and new ones joining, a player now
// and then sitting out and waiting for his big blind. A share of the hands
// (Config.Violations) carries one session fault, labelled at the hand that
// shows it: a stack changed between hands, the button that stayed, a
// player dealt in again without paying the big blind he missed, a hand
// number skipped (under a house that says they are consecutive), a hand
// ID given twice. The hands of a session are played in order by one
// goroutine; sessions are independent, so a corpus is the same whatever
// the number of workers.

// sessionFaults are the session checks gen injects.
var sessionFaults = []string{"session.stack-discontinuity", "session.button-movement", "session.missed-blind",
	"session.missing-hand", "session.conflicting-duplicate"}

// sessionCache keeps the sessions generated lately: Hand(i) for the hands
// of one session, asked in turn by one worker, plays it once.
type sessionCache struct {
	mu   sync.Mutex
	done map[int][]*Hand
}

const sessionCacheMax = 256

// sessionHand is Hand(i) in session mode.
func (g *Generator) sessionHand(i int) (*Hand, error) {
	k := g.cfg.Sessions
	s := i / k
	g.sessions.mu.Lock()
	hs, ok := g.sessions.done[s]
	g.sessions.mu.Unlock()
	if !ok {
		var err error
		if hs, err = g.session(s); err != nil {
			return nil, err
		}
		g.sessions.mu.Lock()
		if g.sessions.done == nil {
			g.sessions.done = map[int][]*Hand{}
		}
		if len(g.sessions.done) >= sessionCacheMax {
			// The oldest sessions are done with: workers go forward.
			oldest := s
			for k := range g.sessions.done {
				oldest = min(oldest, k)
			}
			delete(g.sessions.done, oldest)
		}
		g.sessions.done[s] = hs
		g.sessions.mu.Unlock()
	}
	return hs[i%k], nil
}

// sessionPlayer is a seat of a session's table between hands.
type sessionPlayer struct {
	seat       hand.Seat
	sittingOut bool
}

// session plays session s: Config.Sessions hands at one table.
func (g *Generator) session(s int) ([]*Hand, error) {
	n := g.cfg.Sessions
	rng := rand.New(rand.NewPCG(g.cfg.Seed^0x5e5510, uint64(s)))
	t0 := newTable(rng, g.cfg.Format, g.games, needs{minPlayers: 4})
	for t0.stud() || t0.draw() {
		t0 = newTable(rng, g.cfg.Format, g.games, needs{minPlayers: 4})
	}
	unit := t0.bb
	name := "Session " + strconv.Itoa(s+1)
	start := epoch.Add(time.Duration(s) * 3 * time.Hour)
	var players []sessionPlayer
	seen := map[string]bool{} // the names seated in the session so far
	for i := range t0.seats {
		t0.seats[i].SittingOut = false
		players = append(players, sessionPlayer{seat: t0.seats[i]})
		seen[t0.seats[i].Player] = true
	}
	button := t0.seats[t0.button].Number
	var (
		out      = make([]*Hand, 0, n)
		id0      = (g.cfg.Seed%9000+1000)*100_000_000 + uint64(s)*1000 // room for n hands and the skipped numbers
		id       = id0
		lastID   string // the last hand's ID, in the room's form
		missedBy = ""   // the player who sat out his big blind, dealt in again next hand
		// lastPlayers: the players of the last hand (a stack fault is on
		// one of them)
		lastPlayers map[string]bool
		lastBB      int  // the big blind's seat number in the last hand
		lastDup     bool // the last hand repeated the ID before it
		missLinked  bool // the hand missedBy sat out follows the one before
	)
	for k := 0; k < n; k++ {
		fault := ""
		if k > 0 && missedBy == "" && g.cfg.Violations > 0 && rng.Float64() < g.cfg.Violations {
			fault = sessionFaults[rng.IntN(len(sessionFaults))]
			if fault == "session.missing-hand" && !g.handGaps() {
				fault = "session.stack-discontinuity" // no hand numbers per table: no evidence of a gap
			}
		}
		var label *Label
		// The button moves to the next player dealt in, but when it stays.
		dealt := func() []int {
			var in []int
			for i := range players {
				if !players[i].sittingOut {
					in = append(in, players[i].seat.Number)
				}
			}
			return in
		}
		// A player who sat out his big blind comes back at once.
		var comeBack, returning string
		if missedBy != "" {
			for i := range players {
				if players[i].seat.Player == missedBy {
					players[i].sittingOut = false
				}
			}
			returning, missedBy = missedBy, ""
		}
		if k > 0 {
			if fault == "session.button-movement" && len(dealt()) >= 3 && slices.Contains(dealt(), button) {
				label = &Label{CheckID: fault, ActionIndex: -1, What: "the button stayed on seat " + strconv.Itoa(button)}
			} else {
				button = nextSeat(dealt(), button)
			}
		}
		// A player sits out on his big blind (and waits for it, or comes
		// back at once without paying it: the fault).
		if returning == "" && k > 0 && k < n-1 && (fault == "session.missed-blind" || rng.IntN(25) == 0) && len(dealt()) >= 4 {
			in := dealt()
			bbSeat := nextSeat(in, nextSeat(in, button))
			for i := range players {
				if players[i].seat.Number == bbSeat {
					players[i].sittingOut = true
					if fault == "session.missed-blind" {
						comeBack = players[i].seat.Player
					}
				}
			}
		}
		if fault == "session.missed-blind" {
			fault = "" // labelled on the next hand
		}
		// Waiting for the big blind: back when it reaches him, that is when
		// his seat is the first after the small blind.
		if in := dealt(); len(in) >= 3 {
			sb := nextSeat(in, button)
			for i := range players {
				if p := &players[i]; p.sittingOut && p.seat.Player != comeBack && nextSeat(append(in, p.seat.Number), sb) == p.seat.Number {
					p.sittingOut = false
				}
			}
		}
		t := sessionTable(t0, players, button)
		if comeBack != "" && !betweenSeats(lastBB, t.seats[t.bbSeat].Number, seatOf(players, comeBack)) {
			// The big blind did not pass him (he had just paid it, or a
			// new player took it): he owes nothing, and waits.
			comeBack = ""
		}
		if returning != "" && t.seats[t.bbSeat].Player != returning {
			// Back at once, not on his big blind, and posting nothing.
			label = &Label{CheckID: "session.missed-blind", ActionIndex: -1, What: returning + " dealt in again without paying the big blind he missed"}
		}
		if fault == "session.stack-discontinuity" && k > 0 {
			j := rng.IntN(len(t.seats))
			if t.dealt[j] && t.seats[j].Stack > 4*unit && lastPlayers[t.seats[j].Player] {
				cut := 1 + hand.Amount(rng.Int64N(int64(t.seats[j].Stack/4)))
				t.seats[j].Stack -= cut
				label = &Label{CheckID: fault, ActionIndex: -1,
					What: fmt.Sprintf("%s's stack lost %d between hands", t.seats[j].Player, cut)}
			}
		}
		hid := id + 1
		switch {
		case fault == "session.missing-hand" && label == nil:
			hid = id + 2
			label = &Label{CheckID: fault, ActionIndex: -1, What: "hand number " + strconv.FormatUint(id+1, 10) + " skipped"}
		case fault == "session.conflicting-duplicate" && label == nil && !lastDup:
			hid = id
			label = &Label{CheckID: fault, ActionIndex: -1, What: "the last hand's ID given to this one"}
		}
		lastDup = hid == id
		if hid > id {
			id = hid
		}
		h, err := g.sessionPlay(s*n+k, rng, t)
		if err != nil {
			return nil, fmt.Errorf("gen: session %d hand %d: %w", s, k, err)
		}
		h.Table, h.Start = name, start.Add(time.Duration(k)*time.Minute)
		if h.ID = lastID; !lastDup {
			table := (g.cfg.Seed%9000+1000)*1_000_000 + uint64(s)
			h.ID = roomTexts[g.cfg.Format].sessionHandID(hid, table, hid-id0, h.Start)
		}
		lastID = h.ID
		// A fault between two hands shows only where the hands are seen
		// to follow each other: two players in the same seats in both (the
		// rest of the table may have changed). Where they are not, the
		// fault cannot be told from a new sitting: no label. A missed big
		// blind needs the hand he sat out linked too.
		link := k > 0 && sameSeats(out[k-1].Hand, h) >= 2
		if label != nil && label.CheckID != "session.conflicting-duplicate" &&
			(!link || label.CheckID == "session.missed-blind" && !missLinked) {
			label = nil
		}
		if label != nil {
			label.HandID = h.ID
		}
		out = append(out, &Hand{Hand: h, Label: label})
		if comeBack != "" {
			missedBy, missLinked = comeBack, link
		}

		lastBB = t.seats[t.bbSeat].Number
		lastPlayers = map[string]bool{}
		for _, st := range h.Seats {
			lastPlayers[st.Player] = true
		}
		// The next hand's stacks: what this one left each player, by the
		// record. Short players leave; now and then one joins.
		var sh checks.SessionHand
		sh.Fill(h, replay.Replay(h, g.rules))
		kept := players[:0]
		for i := range players {
			j := slices.IndexFunc(sh.Seats, func(x checks.SessionSeat) bool { return x.Player == players[i].seat.Player })
			st := sh.Seats[j].Finish
			if st >= 2*unit || players[i].sittingOut {
				players[i].seat.Stack = st
				kept = append(kept, players[i])
			}
		}
		players = kept
		if len(players) < t0.maxSeats && (len(players) < 4 || rng.IntN(8) == 0) {
			players = append(players, newSessionPlayer(rng, players, t0, unit, seen))
		}
		for len(players) < 4 {
			players = append(players, newSessionPlayer(rng, players, t0, unit, seen))
		}
	}
	return out, nil
}

// handGaps reports whether a skipped hand number is evidence of a missing
// hand: the house says the room numbers hands per table, and the room's IDs
// carry a number the session checks read.
func (g *Generator) handGaps() bool {
	return g.rules.Session.ConsecutiveHandIDs && roomTexts[g.cfg.Format].idPrefix == ""
}

// newSessionPlayer seats a new player on a free seat.
func newSessionPlayer(rng *rand.Rand, players []sessionPlayer, t0 *table, unit hand.Amount, names map[string]bool) sessionPlayer {
	taken := map[int]bool{}
	for _, p := range players {
		taken[p.seat.Number] = true
	}
	var free []int
	for n := 1; n <= t0.maxSeats; n++ {
		if !taken[n] {
			free = append(free, n)
		}
	}
	name := ""
	for name == "" || names[name] {
		name = pickNames(rng, 1)[0]
	}
	names[name] = true // a name is one player's for the session
	return sessionPlayer{seat: hand.Seat{Number: free[rng.IntN(len(free))], Player: name,
		Stack: hand.Amount(40+rng.Int64N(160))*unit + hand.Amount(rng.Int64N(int64(unit)))}}
}

// sameSeats counts the players in the same seats in a and b.
func sameSeats(a, b *hand.Hand) int {
	n := 0
	for _, x := range b.Seats {
		for _, y := range a.Seats {
			if x.Number == y.Number && x.Player == y.Player {
				n++
			}
		}
	}
	return n
}

// betweenSeats reports whether seat x is strictly between seats from and
// to, going round the table clockwise (from's next seat first).
func betweenSeats(from, to, x int) bool {
	switch {
	case from < to:
		return from < x && x < to
	case from > to:
		return x > from || x < to
	}
	return false
}

func seatOf(players []sessionPlayer, name string) int {
	for _, p := range players {
		if p.seat.Player == name {
			return p.seat.Number
		}
	}
	return 0
}

// nextSeat is the first of seats (seat numbers) after seat number from,
// going round the table.
func nextSeat(seats []int, from int) int {
	best, first := 0, 0
	for _, s := range seats {
		if first == 0 || s < first {
			first = s
		}
		if s > from && (best == 0 || s < best) {
			best = s
		}
	}
	if best == 0 {
		return first
	}
	return best
}

// sessionTable is the table of one hand of a session: t0's game and
// stakes, the players in seat order with their stacks, the button on
// seat number button and the blinds after it among the players dealt in.
func sessionTable(t0 *table, players []sessionPlayer, button int) *table {
	t := *t0
	ps := slices.Clone(players)
	slices.SortFunc(ps, func(a, b sessionPlayer) int { return a.seat.Number - b.seat.Number })
	t.seats = make([]hand.Seat, len(ps))
	t.dealt = make([]bool, len(ps))
	var in []int // seat indices dealt in
	for i, p := range ps {
		t.seats[i] = p.seat
		t.seats[i].SittingOut = p.sittingOut
		t.dealt[i] = !p.sittingOut
		if t.dealt[i] {
			in = append(in, i)
		}
	}
	// The button is on a player dealt in (session moves it so), or at the
	// first hand on the table's own.
	b := slices.IndexFunc(in, func(i int) bool { return t.seats[i].Number == button })
	if b < 0 {
		b = 0
	}
	n := len(in)
	t.button = in[b]
	if n == 2 {
		t.sbSeat, t.bbSeat = in[b], in[(b+1)%n]
	} else {
		t.sbSeat, t.bbSeat = in[(b+1)%n], in[(b+2)%n]
	}
	t.inOrder = nil
	for k := 1; k <= n; k++ {
		t.inOrder = append(t.inOrder, in[(b+k)%n])
	}
	t.deadSB = -1
	for i := range t.seats {
		t.seats[i].Stack = max(t.seats[i].Stack, 1)
	}
	return &t
}

// sessionPlay plays one hand of a session on table t.
func (g *Generator) sessionPlay(idx int, rng *rand.Rand, t *table) (*hand.Hand, error) {
	p := &play{g: g, f: g.cfg.Format, room: roomTexts[g.cfg.Format], idx: idx, rng: rng, ag: normalAgent, injectAt: -1, style: stylePlain}
	p.t = t
	p.n = len(t.seats)
	if err := p.run(); err != nil {
		return nil, err
	}
	return p.h, nil
}
