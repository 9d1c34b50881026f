package pokerstars

// Fast paths: the header's date. psQuickTimeFields shortcuts
// psTimeFields (header.go) for the usual "2014/01/06 7:22:02", and
// psTimeCache shortcuts time.Date in a zone, for the times of one zone
// period. TestPokerStarsQuickTime (quick_test.go) checks the first
// against psTimeFields, TestPokerStarsTimeCache (fast_test.go) the
// second against time.Date.

import (
	"math"
	"time"
)

// psQuickTimeFields reads the usual "2014/01/06 7:22:02" (or 17:22:02)
// as psTimeFields does, checking each field where it must be, or reports
// false.
func psQuickTimeFields(b []byte) (f [6]int, end int, ok bool) {
	if len(b) < 18 || b[4] != '/' && b[4] != '-' || b[7] != '/' && b[7] != '-' || b[10] != ' ' {
		return f, 0, false
	}
	h := 12 // where the hour ends
	if b[12] != ':' {
		h = 13
	}
	if len(b) < h+6 || b[h] != ':' || b[h+3] != ':' || len(b) > h+6 && b[h+6]-'0' <= 9 {
		return f, 0, false
	}
	hour := psDigits2(b[11], b[12])
	if h == 12 {
		hour = psDigits2('0', b[11])
	}
	century, year := psDigits2(b[0], b[1]), psDigits2(b[2], b[3])
	f = [6]int{century*100 + year, psDigits2(b[5], b[6]), psDigits2(b[8], b[9]), hour,
		psDigits2(b[h+1], b[h+2]), psDigits2(b[h+4], b[h+5])}
	if century|year|f[1]|f[2]|f[3]|f[4]|f[5] < 0 { // psDigits2 is -1 for what is not digits
		return f, 0, false
	}
	return f, h + 6, true
}

// psDigits2 reads the two digits a and b as a number, or returns -1.
func psDigits2(a, b byte) int {
	if a-'0' > 9 || b-'0' > 9 {
		return -1
	}
	return int(a-'0')*10 + int(b-'0')
}

// psTimeCache converts local times to UTC without looking up the zone's
// rules each time: it keeps the zone period (offset, start, end) of the
// last time converted. A time whose local clock, read as UTC, and whose
// UTC time both fall in that period gets the same offset from time.Date,
// which looks the offset up at those two instants; any other time goes to
// time.Date. Hands of a file are minutes apart, and a period lasts months.
type psTimeCache struct {
	loc        *time.Location
	offset     int64 // seconds east of UTC
	start, end int64 // the period, in Unix seconds: [start, end)

	// The date (year, month, day) of the last time converted, and its
	// midnight read as UTC, in Unix seconds: a file's hands are mostly
	// of one day.
	date     [3]int
	midnight int64
}

// utc returns the time of fields f (year, month, day, hour, minute,
// second) in loc, in UTC, as time.Date(..., loc).UTC() does.
func (c *psTimeCache) utc(f [6]int, loc *time.Location) time.Time {
	// time.Date normalizes the clock by adding up its seconds: the local
	// time is midnight plus those.
	if [3]int(f[:3]) != c.date {
		c.date = [3]int(f[:3])
		c.midnight = time.Date(f[0], time.Month(f[1]), f[2], 0, 0, 0, 0, time.UTC).Unix()
	}
	local := c.midnight + int64(f[3])*3600 + int64(f[4])*60 + int64(f[5])
	if loc == c.loc && local >= c.start && local < c.end {
		if u := local - c.offset; u >= c.start && u < c.end {
			return time.Unix(u, 0).UTC()
		}
	}
	t := time.Date(f[0], time.Month(f[1]), f[2], f[3], f[4], f[5], 0, loc)
	_, off := t.Zone()
	start, end := t.ZoneBounds()
	c.loc, c.offset, c.start, c.end = loc, int64(off), math.MinInt64, math.MaxInt64
	if !start.IsZero() {
		c.start = start.Unix()
	}
	if !end.IsZero() {
		c.end = end.Unix()
	}
	return t.UTC()
}
