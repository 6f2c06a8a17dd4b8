// Package benchutil holds what curvekit's benchmarks share: a CPU-time
// metric that stays steady on a shared, oversubscribed machine. It is
// imported by _test.go files only.
package benchutil

import (
	"runtime"
	"testing"
)

// Timer measures the CPU time of the benchmark's OS thread; see StartCPU.
type Timer struct {
	b     *testing.B
	start int64
}

// StartCPU locks the goroutine to its OS thread and starts measuring that
// thread's CPU time. Stop reports it per operation as "cpu-ns/op" beside the
// usual wall-clock ns/op: wall time also counts the time spent waiting for a
// core while other processes run, thread CPU time does not.
func StartCPU(b *testing.B) Timer {
	runtime.LockOSThread()
	return Timer{b, ThreadCPU()}
}

// Stop reports the CPU time per operation since StartCPU and unlocks the thread.
func (t Timer) Stop() {
	d := ThreadCPU() - t.start
	runtime.UnlockOSThread()
	t.b.ReportMetric(float64(d)/float64(t.b.N), "cpu-ns/op")
}

// RunCPU resets the timer, runs f b.N times and reports cpu-ns/op.
func RunCPU(b *testing.B, f func()) {
	b.ResetTimer()
	t := StartCPU(b)
	for i := 0; i < b.N; i++ {
		f()
	}
	t.Stop()
}
