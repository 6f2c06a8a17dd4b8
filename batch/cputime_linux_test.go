//go:build linux

package batch

import (
	"syscall"
	"unsafe"
)

// threadCPUNanos returns the calling thread's CPU time
// (CLOCK_THREAD_CPUTIME_ID): unlike wall time it does not grow while other
// processes hold the shared cores.
func threadCPUNanos() int64 {
	var ts syscall.Timespec
	const clockThreadCPUTime = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTime, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}
