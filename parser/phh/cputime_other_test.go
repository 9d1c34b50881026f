//go:build !unix

package phh

import "time"

// phhCPUTime is not measured on this system: benchmarks then report
// hands per wall second only.
func phhCPUTime() time.Duration { return 0 }
