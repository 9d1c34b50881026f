package batch

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// A run holds a lock on its part of --out (a single run is part 0 of 1,
// each shard its own part) for as long as it writes there: a hidden lock
// file, .handaudit-lock-part-00003-of-00128, locked by the process (on
// Unix, flock: the system drops the lock when the process ends, however
// it ends). So a second run on the same part of --out refuses to start
// instead of writing beside the first, and a staging folder whose part is
// not locked belongs to a run that is dead: the next run that owns the
// folder removes it. Shards of one run, each its own part, share a folder.

const (
	lockPrefix  = ".handaudit-lock-"
	stagePrefix = ".handaudit-staging-"
)

// ErrOutLocked is returned when another live run writes to the same part
// of the output folder.
var ErrOutLocked = errors.New("another audit run is writing to this output folder")

// lockOut takes the lock of part in folder out, then removes what dead
// runs left there: staging folders of any part whose lock is free, and
// the temporary files of this part's manifest.
func lockOut(out, part string) (*outLock, error) {
	l, err := tryLock(filepath.Join(out, lockPrefix+part))
	if err != nil {
		return nil, err
	}
	if l == nil {
		holder := ""
		if b, err := os.ReadFile(filepath.Join(out, lockPrefix+part)); err == nil && len(b) > 0 {
			holder = " (" + strings.TrimSpace(string(b)) + ")"
		}
		return nil, fmt.Errorf("%w: %s, %s%s; wait for it to end, or give another --out", ErrOutLocked, out, part, holder)
	}
	l.note(fmt.Sprintf("pid %d", os.Getpid()))
	removeStale(out, part)
	return l, nil
}

// removeStale removes the staging folders of dead runs from out (those of
// part, which the caller holds, and those of any other part whose lock is
// free), and leftovers of this part's manifest written atomically.
func removeStale(out, part string) {
	ents, err := os.ReadDir(out)
	if err != nil {
		return
	}
	for _, e := range ents {
		name := e.Name()
		switch {
		case strings.HasPrefix(name, stagePrefix) && e.IsDir():
			p := stagePart(name)
			if p == "" {
				continue
			}
			if p == part {
				os.RemoveAll(filepath.Join(out, name))
				continue
			}
			if other, err := tryLock(filepath.Join(out, lockPrefix+p)); err == nil && other != nil {
				os.RemoveAll(filepath.Join(out, name))
				other.release()
			}
		case part == (Layout{}).part() && strings.HasPrefix(name, ".manifest.json.tmp-"),
			strings.HasPrefix(name, ".manifest-"+part+".json.tmp-"):
			os.Remove(filepath.Join(out, name))
		}
	}
}

// stagePart is the part a staging folder's name holds
// (.handaudit-staging-part-00003-of-00128-123456), or "".
func stagePart(name string) string {
	rest := strings.TrimPrefix(name, stagePrefix)
	const n = len("part-00000-of-00000")
	if len(rest) < n || !strings.HasPrefix(rest, "part-") {
		return ""
	}
	return rest[:n]
}
