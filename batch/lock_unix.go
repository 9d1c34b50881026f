//go:build unix

package batch

import (
	"errors"
	"os"
	"syscall"
)

// outLock is a lock file held by this process.
type outLock struct{ f *os.File }

// tryLock locks the file name (creating it), or returns nil if another
// process holds it.
func tryLock(name string) (*outLock, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		f.Close()
		if errors.Is(err, syscall.EWOULDBLOCK) {
			return nil, nil
		}
		return nil, err
	}
	return &outLock{f: f}, nil
}

// note writes who holds the lock into the file, for the message of a run
// that finds it held.
func (l *outLock) note(s string) {
	if l.f.Truncate(0) == nil {
		l.f.WriteAt([]byte(s+"\n"), 0)
	}
}

// release unlocks (closing the file drops the lock).
func (l *outLock) release() {
	if l != nil && l.f != nil {
		l.f.Close()
		l.f = nil
	}
}
