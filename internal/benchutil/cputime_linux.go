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

// ProcessCPU returns the CPU time of all the process's threads in
// nanoseconds (clock_gettime(CLOCK_PROCESS_CPUTIME_ID)), or 0 if the clock
// cannot be read: the work a parallel computation did, whatever the load.
func ProcessCPU() int64 {
	const clockProcessCPUTimeID = 2
	var ts syscall.Timespec
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockProcessCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
