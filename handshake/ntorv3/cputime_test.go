package ntorv3

import (
	"runtime"
	"testing"
)

// benchRunCPU runs f b.N times on a locked OS thread and reports, beside the
// usual wall-clock sec/op, the thread's CPU time per operation as
// "cpu-ns/op": on a shared, oversubscribed machine that is the steadier
// figure (it leaves out time spent waiting for a core, and also work done on
// other threads, such as concurrent GC).
func benchRunCPU(b *testing.B, f func()) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	b.ResetTimer()
	t0 := benchThreadCPU()
	for i := 0; i < b.N; i++ {
		f()
	}
	b.ReportMetric(float64(benchThreadCPU()-t0)/float64(b.N), "cpu-ns/op")
}
