//go:build !unix

package batch

import (
	"errors"
	"os"
)

// outLock is a lock file created by this process. Without flock, the
// file's existence is the lock: a run that was killed leaves it, and it
// must then be removed by hand (the message of the next run names it).
type outLock struct {
	f    *os.File
	name string
}

// tryLock creates the lock file name, or returns nil if it exists.
func tryLock(name string) (*outLock, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &outLock{f: f, name: name}, nil
}

func (l *outLock) note(s string) { l.f.WriteString(s + "; if no run is alive, remove this file\n") }

// release removes the lock file.
func (l *outLock) release() {
	if l != nil && l.f != nil {
		l.f.Close()
		os.Remove(l.name)
		l.f = nil
	}
}
