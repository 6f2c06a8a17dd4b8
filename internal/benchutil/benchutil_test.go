package benchutil

import (
	"runtime"
	"testing"
)

func TestThreadCPUAdvances(t *testing.T) {
	// The clock is per OS thread: stay on one, or the two readings may come
	// from different threads.
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0 := ThreadCPU()
	x := 0
	for i := 0; i < 50_000_000; i++ {
		x += i ^ (x >> 3)
	}
	if x == 42 {
		t.Log(x)
	}
	if ThreadCPU() <= t0 {
		t.Errorf("thread CPU time did not advance over a busy loop: %d → %d", t0, ThreadCPU())
	}
}

func BenchmarkRunCPU(b *testing.B) {
	x := 0
	RunCPU(b, func() { x++ })
}
