//go:build unix

package testenv

import (
	"syscall"
	"time"
)

// CPUTime returns the process's user and system CPU time so far. The
// benchmarks report rates per CPU-second besides those per wall second:
// on a shared machine wall time counts waiting for the CPU, CPU time does
// not.
func CPUTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
