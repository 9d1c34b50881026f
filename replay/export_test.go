package replay

import "github.com/handaudit/handaudit/hand"

// StripPool returns a copy of tr without its pooled memory, for comparing a
// trace from a TracePool with one from Replay.
func StripPool(tr *Trace) Trace {
	c := *tr
	c.mem, c.pooled = nil, false
	return c
}

// Pooled reports whether tr carries a TracePool's memory.
func Pooled(tr *Trace) bool { return tr.mem != nil }

// SetTestHookReplay installs (or, with nil, removes) the replay test hook.
func SetTestHookReplay(f func(*hand.Hand)) { testHookReplay = f }
