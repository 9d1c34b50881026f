package replay

import (
	"embed"
	"maps"
	"strings"
	"sync/atomic"

	"github.com/handaudit/handaudit/hand"
)

// presetFiles are the rooms' presets: house files shipped with the tool.
//
//go:embed presets/*.toml
var presetFiles embed.FS

// rooms maps the room a record names (hand.Hand.Site, matched at its start
// and ignoring case, or failing that the format of a room's own export) to
// the preset of that room's conventions. Adding a room is a house file in
// presets/ and a line here.
var rooms = []struct {
	site   string   // as records name the room: "PokerStars" (also "PokerStars Zoom", ...)
	also   []string // other names records give the room
	format string   // the room's own export format, for a record that names no site
	preset string   // presets/<preset>.toml
}{
	{site: "PokerStars", format: "pokerstars", preset: "pokerstars"},
	// 888poker's exports name it 888poker, 888.ro, 888poker.ca-on, and
	// Cassava in older ones.
	{site: "888", also: []string{"Cassava"}, format: "888poker", preset: "888poker"},
	{site: "Winamax", format: "winamax", preset: "winamax"},
	{site: "PartyPoker", format: "partypoker", preset: "partypoker"},
	{site: "iPoker", format: "ipoker", preset: "ipoker"},
	{site: "GGPoker", format: "ggpoker", preset: "ggpoker"},
}

// roomPresetFiles maps each room preset's name to its file.
var roomPresetFiles = func() map[string]string {
	m := make(map[string]string, len(rooms))
	for _, r := range rooms {
		m[r.preset] = "presets/" + r.preset + ".toml"
	}
	return m
}()

// Rulebook gives the ruleset each hand is judged under: one ruleset for
// every hand when the run names its rules (--rules or --house), else each
// room's preset for the hands whose record names the room, and the default
// for the rest. The rulesets are resolved once, when the rulebook is made;
// For only compares the hand's site with the few rooms known.
type Rulebook struct {
	def   *Ruleset
	rooms []roomRules
	// bySite remembers each site's ruleset once found: a run meets a few
	// sites, and the rooms' prefix compare would be a loop a hand. Copied
	// on write, so that the workers read it without a lock.
	bySite atomic.Pointer[map[string]*Ruleset]
}

type roomRules struct {
	site, format string
	also         []string
	rules        *Ruleset
}

// FixedRules is a rulebook that judges every hand under rs.
func FixedRules(rs *Ruleset) *Rulebook { return &Rulebook{def: rs} }

// RoomRules is a rulebook that judges a hand whose record names a room
// under that room's preset, and every other hand under def.
func RoomRules(def *Ruleset) (*Rulebook, error) {
	b := &Rulebook{def: def}
	for _, r := range rooms {
		rs, err := Preset(r.preset)
		if err != nil {
			return nil, err
		}
		b.rooms = append(b.rooms, roomRules{site: r.site, also: r.also, format: r.format, rules: &rs})
	}
	return b, nil
}

// For returns the ruleset hand h is judged under.
func (b *Rulebook) For(h *hand.Hand) *Ruleset {
	if len(b.rooms) == 0 || h == nil {
		return b.def
	}
	if h.Site == "" {
		return b.find(h) // by the format: a string compare a room
	}
	m := b.bySite.Load()
	if m != nil {
		if rs, ok := (*m)[h.Site]; ok {
			return rs
		}
	}
	rs := b.find(h)
	next := make(map[string]*Ruleset, 1)
	if m != nil {
		if len(*m) >= 64 {
			return rs // a run naming many sites: no more remembering
		}
		maps.Copy(next, *m)
	}
	next[h.Site] = rs
	b.bySite.Store(&next)
	return rs
}

// find is For without the memory.
func (b *Rulebook) find(h *hand.Hand) *Ruleset {
	for i := range b.rooms {
		r := &b.rooms[i]
		if names(h.Site, r.site) || h.Site == "" && h.Format == r.format {
			return r.rules
		}
		for _, also := range r.also {
			if names(h.Site, also) {
				return r.rules
			}
		}
	}
	return b.def
}

// names reports whether a record's site names the room: it is the room's
// name or starts with it, whatever the case. (For remembers each site's
// answer, so this runs once a site, not once a hand.)
func names(site, room string) bool {
	return room != "" && len(site) >= len(room) && strings.EqualFold(site[:len(room)], room)
}

// Default is the ruleset of a hand that names no known room.
func (b *Rulebook) Default() *Ruleset { return b.def }

// All lists every ruleset the rulebook may judge a hand under, the default
// first, then each room's in the rooms' order: what a run's manifest
// records.
func (b *Rulebook) All() []*Ruleset {
	out := []*Ruleset{b.def}
	for i := range b.rooms {
		out = append(out, b.rooms[i].rules)
	}
	return out
}

// Sites is the room the i-th ruleset of All is chosen for ("" for the
// default).
func (b *Rulebook) Sites() []string {
	out := []string{""}
	for i := range b.rooms {
		out = append(out, b.rooms[i].site)
	}
	return out
}
