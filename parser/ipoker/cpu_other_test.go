//go:build !unix

package ipoker

import "time"

// cpuTime is not available here.
func cpuTime() (time.Duration, bool) { return 0, false }
