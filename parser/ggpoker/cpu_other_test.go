//go:build !unix

package ggpoker

import "time"

// cpuTime is not available here.
func cpuTime() (time.Duration, bool) { return 0, false }
