//go:build linux

package benchutil

import (
	"syscall"
	"unsafe"
)

// ThreadCPU returns the calling OS thread's CPU time in nanoseconds
// (clock_gettime(CLOCK_THREAD_CPUTIME_ID)), or 0 if the clock cannot be read.
func ThreadCPU() int64 {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
