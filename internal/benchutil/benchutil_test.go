package benchutil

import (
	"runtime"
	"slices"
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

func TestMedian(t *testing.T) {
	for _, c := range []struct {
		in   []float64
		want float64
	}{
		{nil, 0},
		{[]float64{3}, 3},
		{[]float64{5, 1, 4}, 4},
		{[]float64{9, 1, 7, 3}, 7},
	} {
		in := append([]float64(nil), c.in...)
		if got := Median(in); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.in, got, c.want)
		}
		if !slices.Equal(in, c.in) {
			t.Errorf("Median modified its input: %v", in)
		}
	}
}

// TestCompareMetrics checks Compare's bookkeeping, not timings: every
// contender runs once per round, and each ratio is the first contender's
// median over that contender's median.
func TestCompareMetrics(t *testing.T) {
	var calls [2]int
	work := func(k, n int) func() {
		return func() {
			calls[k]++
			x := 0
			for i := 0; i < n; i++ {
				x += i ^ (x >> 3)
			}
			sink = x
		}
	}
	var rounds int
	r := testing.Benchmark(func(b *testing.B) {
		calls = [2]int{}
		rounds = b.N
		Compare(b, Contender{"a", work(0, 20_000)}, Contender{"b", work(1, 40_000)})
	})
	if calls[0] != rounds || calls[1] != rounds {
		t.Errorf("calls = %v in %d rounds", calls, rounds)
	}
	a, b, x := r.Extra["cpu-ns-a"], r.Extra["cpu-ns-b"], r.Extra["speedup-b"]
	if a <= 0 || b <= 0 {
		t.Fatalf("missing medians: %v", r.Extra)
	}
	if d := x - b/a; d > 1e-9 || d < -1e-9 {
		t.Errorf("speedup-b = %v, want cpu-ns-b / cpu-ns-a = %v", x, b/a)
	}
	if _, ok := r.Extra["speedup-a"]; ok {
		t.Errorf("the first contender has a ratio to itself: %v", r.Extra)
	}
}

var sink int
