package parser

import "time"

// ParseDateTime reads "2006/01/02 15:04:05", the date and time GGPoker and
// Winamax write at the head of a hand, as a wall time in UTC: the caller
// applies the zone written after it, if any. ok is false unless b is
// exactly that, every field in range (a day past the month's end rolls
// over into the next, as time.Date does).
func ParseDateTime(b []byte) (t time.Time, ok bool) {
	if len(b) != 19 || b[4] != '/' || b[7] != '/' || b[10] != ' ' || b[13] != ':' || b[16] != ':' {
		return time.Time{}, false
	}
	num := func(s []byte) int {
		v := 0
		for _, c := range s {
			if c < '0' || c > '9' {
				return -1
			}
			v = v*10 + int(c-'0')
		}
		return v
	}
	y, mo, d, hh, mm, ss := num(b[:4]), num(b[5:7]), num(b[8:10]), num(b[11:13]), num(b[14:16]), num(b[17:19])
	if y < 0 || mo < 1 || mo > 12 || d < 1 || d > 31 || hh < 0 || hh > 23 || mm < 0 || mm > 59 || ss < 0 || ss > 60 {
		return time.Time{}, false
	}
	return time.Date(y, time.Month(mo), d, hh, mm, ss, 0, time.UTC), true
}
