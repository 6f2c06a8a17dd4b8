package field448

import (
	"runtime"
	"syscall"
	"testing"
	"unsafe"
)

// cpuTimer reports, besides the wall-clock ns/op, the CPU time the benchmark
// thread itself used per operation (cpu-ns/op). On a shared, overloaded
// machine wall time counts the time spent waiting for a CPU; thread CPU time
// does not, so it is the steadier figure to compare implementations with.
type cpuTimer struct {
	b     *testing.B
	start int64
}

func startCPU(b *testing.B) cpuTimer {
	runtime.LockOSThread()
	return cpuTimer{b, threadCPU()}
}

func (t cpuTimer) stop() {
	d := threadCPU() - t.start
	runtime.UnlockOSThread()
	t.b.ReportMetric(float64(d)/float64(t.b.N), "cpu-ns/op")
}

// threadCPU returns the calling thread's CPU time in nanoseconds, from
// clock_gettime(CLOCK_THREAD_CPUTIME_ID), which unlike getrusage is exact.
func threadCPU() int64 {
	var ts syscall.Timespec
	const clockThreadCPUTimeID = 3
	if _, _, e := syscall.Syscall(syscall.SYS_CLOCK_GETTIME, clockThreadCPUTimeID, uintptr(unsafe.Pointer(&ts)), 0); e != 0 {
		return 0
	}
	return ts.Nano()
}
