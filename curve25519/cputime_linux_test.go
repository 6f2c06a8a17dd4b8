//go:build linux

package curve25519

import (
	"syscall"
	"unsafe"
)

// threadCPU returns the CPU time consumed by the calling OS thread
// (CLOCK_THREAD_CPUTIME_ID), which unlike wall time does not grow when
// other processes compete for the shared cores.
func threadCPU() int64 {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0)
	return ts.Nano()
}
