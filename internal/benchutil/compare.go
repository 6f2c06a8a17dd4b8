package benchutil

import (
	"runtime"
	"slices"
	"testing"
)

// Contender is one implementation of the operation a Compare benchmark
// times. F runs the operation once.
type Contender struct {
	Name string
	F    func()
}

// Compare times the contenders interleaved: each of the b.N rounds runs
// every contender once, in an order that alternates between rounds, and
// times each call with the thread CPU clock. It reports the median time of
// each contender as "cpu-ns-<name>" and, for every contender after the
// first, the first one's speed-up over it, its median ÷ the first one's
// median, as "speedup-<name>" (above 1: the first contender is faster; the
// convention of ecbench's speed-up column).
//
// Load from other processes on a shared machine then hits all contenders
// alike, and the medians ignore the rounds a preemption or a slow phase
// spoiled, so the ratio is steadier than one taken from separate
// benchmarks. The cost of reading the clock is measured and subtracted. The
// ns/op that the testing package prints is the time of one whole round.
func Compare(b *testing.B, cs ...Contender) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	overhead := clockOverhead()
	times := make([][]float64, len(cs))
	for i := range times {
		times[i] = make([]float64, 0, b.N)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for n := range cs {
			j := n
			if i%2 == 1 {
				j = len(cs) - 1 - n
			}
			t0 := ThreadCPU()
			cs[j].F()
			times[j] = append(times[j], float64(ThreadCPU()-t0))
		}
	}
	b.StopTimer()
	med := make([]float64, len(cs))
	for j, c := range cs {
		med[j] = max(Median(times[j])-overhead, 1)
		b.ReportMetric(med[j], "cpu-ns-"+c.Name)
	}
	for j := 1; j < len(cs); j++ {
		b.ReportMetric(med[j]/med[0], "speedup-"+cs[j].Name)
	}
}

// clockOverhead returns the median cost of one pair of ThreadCPU readings
// around nothing, in nanoseconds.
func clockOverhead() float64 {
	t := make([]float64, 101)
	for i := range t {
		t0 := ThreadCPU()
		t[i] = float64(ThreadCPU() - t0)
	}
	return Median(t)
}

// Median returns the median of v (the upper one for an even length), or 0
// for an empty v. It does not modify v.
func Median(v []float64) float64 {
	if len(v) == 0 {
		return 0
	}
	s := slices.Clone(v)
	slices.Sort(s)
	return s[len(s)/2]
}
