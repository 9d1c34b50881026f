//go:build !unix

package testenv

import "time"

// CPUTime is not available here: benchmarks report wall-clock rates only.
func CPUTime() (time.Duration, bool) { return 0, false }
