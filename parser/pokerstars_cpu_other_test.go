//go:build !unix

package parser

import "time"

// psCPUTime is not available here.
func psCPUTime() (time.Duration, bool) { return 0, false }
