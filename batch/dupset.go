package batch

import (
	"strconv"

	"github.com/handaudit/handaudit/checks"
	"github.com/handaudit/handaudit/hand"
)

// duplicateID is the check ID of the finding raised on a hand whose ID was
// already seen earlier in the run.
const duplicateID = "hand.duplicate-id"

// duplicateRule is the finding's rule: the duplicate breaks no poker rule
// but the integrity of the record.
const duplicateRule = checks.DuplicateIDRule

// handKey is the 64-bit key of a hand ID in its namespace: the site the
// record names, so that the same PokerStars hand seen in two exports
// collides. A record that names no site (a PHH dataset numbering its hands
// per session) only numbers hands within its input, so its namespace is the
// input. Hands without an ID have no key.
func handKey(h *hand.Hand, file int) (uint64, bool) {
	if h == nil || h.ID == "" {
		return 0, false
	}
	return mix64(fnvString(namespaceHash(h, file), h.ID)), true
}

// namespaceHash is the hash of a hand's namespace, that handKey goes on
// with the hand's ID.
func namespaceHash(h *hand.Hand, file int) uint64 {
	k := fnvOffset
	if h.Site != "" {
		k = fnvString(k, "site\x00")
		k = fnvString(k, h.Site)
	} else {
		k = fnvString(k, "input\x00")
		var digits [20]byte // the input's number, without allocating
		k = fnvBytes(k, strconv.AppendInt(digits[:0], int64(file), 10))
		k = fnvString(k, "\x00")
		k = fnvString(k, h.Format)
	}
	return fnvString(k, "\x00")
}

// handKeys is handKey remembering the last namespace's hash: the hands of
// a run nearly all name the same site (or come from the same input), and
// hashing the namespace byte by byte was half the work of a key.
type handKeys struct {
	set    bool
	site   string // the namespace hashed: a site, or
	file   int    // an input and format when the site is ""
	format string
	hash   uint64
}

// key is handKey(h, file).
func (ks *handKeys) key(h *hand.Hand, file int) (uint64, bool) {
	if h == nil || h.ID == "" {
		return 0, false
	}
	if !ks.set || h.Site != ks.site || (h.Site == "" && (file != ks.file || h.Format != ks.format)) {
		*ks = handKeys{set: true, site: h.Site, file: file, format: h.Format, hash: namespaceHash(h, file)}
	}
	return mix64(fnvString(ks.hash, h.ID)), true
}

const (
	fnvOffset uint64 = 14695981039346656037
	fnvPrime  uint64 = 1099511628211
)

func fnvString(h uint64, s string) uint64 {
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= fnvPrime
	}
	return h
}

func fnvBytes(h uint64, b []byte) uint64 {
	for _, c := range b {
		h ^= uint64(c)
		h *= fnvPrime
	}
	return h
}

// mix64 is the splitmix64 finaliser: FNV-1a's low bits are weak, and the
// set indexes by both the high and the low bits.
func mix64(x uint64) uint64 {
	x ^= x >> 30
	x *= 0xbf58476d1ce4e5b9
	x ^= x >> 27
	x *= 0x94d049bb133111eb
	x ^= x >> 31
	return x
}

// duplicateFinding is raised on the later of two hands with the same ID
// (checks.DuplicateIDFinding, which audit explain raises too).
func duplicateFinding(h *hand.Hand, file string, line int, firstFile string, firstLine int) checks.Finding {
	return checks.DuplicateIDFinding(h, file, line, firstFile, firstLine)
}
