//go:build linux

package ntor

import (
	"syscall"
	"unsafe"
)

// benchThreadCPU returns the CPU time of the calling OS thread in ns
// (clock_gettime(CLOCK_THREAD_CPUTIME_ID)). Unlike wall time it does not grow
// while other processes hold the shared cores.
func benchThreadCPU() int64 {
	const clockThreadCPUTimeID = 3
	var ts syscall.Timespec
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}
