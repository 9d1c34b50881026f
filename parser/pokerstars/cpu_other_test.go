//go:build !unix

package pokerstars

import "time"

// psCPUTime is not available here.
func psCPUTime() (time.Duration, bool) { return 0, false }
