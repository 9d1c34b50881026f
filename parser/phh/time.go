package phh

import (
	"errors"
	"strings"
	"sync"
	"time"
	_ "time/tzdata" // time_zone names must resolve the same way on every machine

	"github.com/handaudit/handaudit/parser"
)

// startTime computes Hand.Start from year, month, day, time, time_zone and
// time_zone_abbreviation (phh-std, "Optional Fields").
//
//   - Without year, month and day there is no start time (zero).
//   - With a date but no time, Start is midnight UTC of that date: the
//     record gives the day only.
//   - With a time, it is read in time_zone (an IANA name), else in
//     time_zone_abbreviation (a table of common abbreviations), else in
//     UTC unless city, region and country are all given: the specification
//     then means the venue's local time, which cannot be known here, so
//     Start is left zero, as it is for an unknown abbreviation. A wrong
//     instant would be worse than none in an audit trail.
func (s *phhState) startTime() (time.Time, *parser.Error) {
	fs := &s.fields
	var ints [3]int
	const date = 1<<phhYear | 1<<phhMonth | 1<<phhDay
	if y, m, d := fs.valDec[phhYear], fs.valDec[phhMonth], fs.valDec[phhDay]; fs.decoded&date == date &&
		y.places|m.places|d.places == 0 && 1 <= y.mant && y.mant <= 9999 && 1 <= m.mant && m.mant <= 12 && 1 <= d.mant && d.mant <= 31 {
		// The usual date, read by the fast path and in range: what the
		// loop below finds, with nothing to check.
		ints = [3]int{int(y.mant), int(m.mant), int(d.mant)}
	} else {
		for i, f := range [...]phhField{phhYear, phhMonth, phhDay} {
			if !fs.has(f) {
				continue
			}
			t := fs.val[f]
			v, ok := s.int(f)
			lo, hi := 1, 9999
			switch f {
			case phhMonth:
				hi = 12
			case phhDay:
				hi = 31
			}
			if !ok || v < lo || v > hi {
				return time.Time{}, s.errAt(t.line, "%s (%s) must be between %d and %d", f, s.tb(t), lo, hi)
			}
			ints[i] = v
		}
		if !fs.has(phhYear) || !fs.has(phhMonth) || !fs.has(phhDay) {
			return time.Time{}, nil
		}
	}
	year, month, day := ints[0], time.Month(ints[1]), ints[2]
	// Hands of a file mostly share their day: its midnight is kept.
	if s.dayDate != [3]int{year, int(month), day} || s.dayStart.IsZero() {
		d := time.Date(year, month, day, 0, 0, 0, 0, time.UTC)
		if d.Day() != day {
			return time.Time{}, s.errAt(fs.val[phhDay].line, "day %d does not exist in %s %d", day, month, year)
		}
		s.dayDate, s.dayStart = [3]int{year, int(month), day}, d
	}
	if !fs.has(phhTime) {
		return s.dayStart, nil
	}
	t := fs.val[phhTime]
	hh, mm, ss, ns, ok := phhParseClock(string(s.tb(t)))
	if !ok {
		return time.Time{}, s.errAt(t.line, "time (%s) must be a local time HH:MM:SS", s.tb(t))
	}
	var loc *time.Location
	switch {
	case fs.has(phhTimeZone):
		tz := fs.val[phhTimeZone]
		name := s.tb(tz)
		if s.zone == nil || string(name) != s.zoneName {
			// Hands of a file nearly always share one zone: remembering
			// the last spares a lookup that allocates.
			l, err := phhLoadLocation(string(name))
			if err != nil {
				return time.Time{}, s.errAt(tz.line, "time_zone %q is not an IANA time zone", name)
			}
			s.zone, s.zoneName = l, string(name)
		}
		loc = s.zone
	case fs.has(phhTimeZoneAbbr):
		loc = phhZoneAbbreviation(string(s.tb(fs.val[phhTimeZoneAbbr])))
	case fs.has(phhCity) && fs.has(phhRegion) && fs.has(phhCountry):
		loc = nil
	default:
		loc = time.UTC
	}
	if loc == nil {
		return time.Time{}, nil
	}
	if loc == time.UTC {
		// The same instant and the same Time as time.Date gives (the
		// clock's fields are in range), without working out the date.
		return s.dayStart.Add(time.Duration(hh)*time.Hour + time.Duration(mm)*time.Minute +
			time.Duration(ss)*time.Second + time.Duration(ns)), nil
	}
	return time.Date(year, month, day, hh, mm, ss, ns, loc).UTC(), nil
}

// phhParseClock reads a TOML local time: HH:MM:SS with an optional
// fraction of a second.
func phhParseClock(s string) (hh, mm, ss, ns int, ok bool) {
	if len(s) < 8 || s[2] != ':' || s[5] != ':' {
		return 0, 0, 0, 0, false
	}
	num := func(p string) int {
		if len(p) != 2 || !phhIsDigit(p[0]) || !phhIsDigit(p[1]) {
			return -1
		}
		return int(p[0]-'0')*10 + int(p[1]-'0')
	}
	hh, mm, ss = num(s[0:2]), num(s[3:5]), num(s[6:8])
	if hh < 0 || hh > 23 || mm < 0 || mm > 59 || ss < 0 || ss > 60 {
		return 0, 0, 0, 0, false
	}
	if ss == 60 {
		ss = 59 // a leap second; time.Date would roll into the next minute
	}
	if rest := s[8:]; rest != "" {
		if rest[0] != '.' || len(rest) == 1 {
			return 0, 0, 0, 0, false
		}
		scale := 100_000_000
		for _, c := range rest[1:] {
			if c < '0' || c > '9' {
				return 0, 0, 0, 0, false
			}
			ns += int(c-'0') * scale
			scale /= 10
		}
	}
	return hh, mm, ss, ns, true
}

// errPHHLocalZone refuses "" and "Local", which time.LoadLocation takes as
// this machine's zone rather than the record's.
var errPHHLocalZone = errors.New("not an IANA time zone")

var phhLocations sync.Map // IANA name -> *time.Location, or error

// phhLoadLocation is time.LoadLocation with a cache: loading a zone reads
// and parses zoneinfo data, far too slow to do for every hand.
func phhLoadLocation(name string) (*time.Location, error) {
	if v, ok := phhLocations.Load(name); ok {
		if l, ok := v.(*time.Location); ok {
			return l, nil
		}
		return nil, v.(error)
	}
	if name == "" || name == "Local" {
		return nil, errPHHLocalZone
	}
	l, err := time.LoadLocation(name)
	if err != nil {
		phhLocations.Store(name, err)
		return nil, err
	}
	phhLocations.Store(name, l)
	return l, nil
}

// phhZoneAbbreviation resolves common time zone abbreviations; nil if
// unknown. Generic names (ET, PT, ...) follow daylight saving time through
// their IANA zone; specific ones (EST, EDT, ...) are fixed offsets.
func phhZoneAbbreviation(abbr string) *time.Location {
	zone := func(name string) *time.Location {
		l, err := phhLoadLocation(name)
		if err != nil {
			return nil
		}
		return l
	}
	fixed := func(hours int) *time.Location { return time.FixedZone(abbr, hours*3600) }
	switch strings.ToUpper(abbr) {
	case "UTC", "GMT", "Z", "UT":
		return time.UTC
	case "ET":
		return zone("America/New_York")
	case "CT":
		return zone("America/Chicago")
	case "MT":
		return zone("America/Denver")
	case "PT":
		return zone("America/Los_Angeles")
	case "EDT":
		return fixed(-4)
	case "EST", "CDT":
		return fixed(-5)
	case "CST":
		return fixed(-6)
	case "MST":
		return fixed(-7)
	case "MDT":
		return fixed(-6)
	case "PST":
		return fixed(-8)
	case "PDT":
		return fixed(-7)
	case "WET":
		return fixed(0)
	case "BST", "WEST", "CET":
		return fixed(1)
	case "CEST", "EET":
		return fixed(2)
	case "EEST", "MSK":
		return fixed(3)
	case "HKT", "SGT", "AWST":
		return fixed(8)
	case "JST", "KST":
		return fixed(9)
	case "AEST":
		return fixed(10)
	case "AEDT":
		return fixed(11)
	}
	return nil
}
