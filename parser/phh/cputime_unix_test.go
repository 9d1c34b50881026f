//go:build unix

package phh

import (
	"syscall"
	"time"
)

// phhCPUTime is the process's user+system CPU time. Benchmarks report
// hands per CPU second besides hands per wall second: on a shared machine
// wall time includes waiting for the CPU, CPU time does not.
func phhCPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
