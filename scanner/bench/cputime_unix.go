//go:build unix

package bench

import (
	"syscall"
	"time"
)

// CPUTime is the process's user plus system time so far. On a shared
// machine it says more about the engine's cost than wall time does.
func CPUTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
