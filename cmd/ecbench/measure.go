package main

import (
	"fmt"
	"sort"
	"sync"
	"time"
)

// Result is the measurement of one operation of one implementation.
type Result struct {
	Alg  *Algorithm
	Op   Op
	Impl string // implementation name; "openssl" for the system's openssl speed

	NotImplemented bool   // curvekit's slot is empty: no figures
	Err            string // the implementation failed: no figures

	Rate       float64       // items per second: the median over rounds, summed over goroutines
	RoundRates []float64     // the rate of each round, in the order measured
	Calls      int64         // calls counted over all rounds and goroutines
	Elapsed    time.Duration // wall time measured, summed over rounds
	Rounds     int
	Goroutines int
}

// ok reports whether the result has figures.
func (r Result) ok() bool { return !r.NotImplemented && r.Err == "" && r.Rate > 0 }

// Spread is half the range of the round rates relative to the median (0.05
// means ±5%): how much the machine drifted while this was measured.
func (r Result) Spread() float64 {
	if len(r.RoundRates) < 2 || r.Rate <= 0 {
		return 0
	}
	lo, hi := r.RoundRates[0], r.RoundRates[0]
	for _, x := range r.RoundRates {
		lo, hi = min(lo, x), max(hi, x)
	}
	return (hi - lo) / 2 / r.Rate
}

// NsPerOp is the wall time of one item on one goroutine, in nanoseconds.
func (r Result) NsPerOp() float64 {
	if r.Rate <= 0 {
		return 0
	}
	return 1e9 * float64(max(r.Goroutines, 1)) / r.Rate
}

// Cycles is ns per item times ghz: cycles at that clock (0 without one).
func (r Result) Cycles(ghz float64) float64 {
	if ghz <= 0 {
		return 0
	}
	return r.NsPerOp() * ghz
}

// sample is one timed run.
type sample struct {
	calls   int64
	elapsed time.Duration
	rate    float64 // items per second, summed over goroutines
}

// runFor calls fn until at least d of wall time has passed. It reads the
// clock once per chunk of calls, sized so that clock reads cost nothing
// measurable and the overshoot past d stays small.
func runFor(fn OpFunc, d time.Duration) (calls int64, elapsed time.Duration, err error) {
	start := time.Now()
	chunk := int64(1)
	for {
		for i := int64(0); i < chunk; i++ {
			if err := fn(); err != nil {
				return calls, time.Since(start), err
			}
		}
		calls += chunk
		elapsed = time.Since(start)
		if elapsed >= d {
			return calls, elapsed, nil
		}
		per := elapsed / time.Duration(calls)
		if per <= 0 {
			per = 1
		}
		target := min(d/50, 10*time.Millisecond)
		if rest := d - elapsed; target > rest {
			target = rest
		}
		chunk = max(1, int64(target/per))
	}
}

// measure runs every instance on its own goroutine for d, started together,
// and sums their rates as openssl speed -multi sums its processes.
func measure(instances []OpFunc, items int, d time.Duration) (sample, error) {
	type out struct {
		calls int64
		el    time.Duration
		err   error
	}
	outs := make([]out, len(instances))
	var start, done sync.WaitGroup
	start.Add(1)
	for i, fn := range instances {
		done.Add(1)
		go func() {
			defer done.Done()
			start.Wait()
			c, el, err := runFor(fn, d)
			outs[i] = out{c, el, err}
		}()
	}
	start.Done()
	done.Wait()
	var s sample
	for _, o := range outs {
		if o.err != nil {
			return s, o.err
		}
		s.calls += o.calls
		s.elapsed = max(s.elapsed, o.el)
		s.rate += float64(o.calls) * float64(items) / o.el.Seconds()
	}
	return s, nil
}

// warmUp fills caches, builds lazily computed tables and lets the clock
// settle before measuring: a tenth of d, at most 100ms, at least one call.
func warmUp(instances []OpFunc, d time.Duration) error {
	w := min(d/10, 100*time.Millisecond)
	_, err := measure(instances, 1, w)
	return err
}

// newInstances prepares one instance of op per goroutine.
func newInstances(im Impl, op Op, n int) ([]OpFunc, error) {
	fns := make([]OpFunc, n)
	for i := range fns {
		fn, err := im.New(op)
		if err != nil {
			return nil, fmt.Errorf("setting up %s: %w", op.Name, err)
		}
		fns[i] = fn
	}
	return fns, nil
}

// median of the rates of the samples (the mean of the middle two for an even count).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	m := len(s) / 2
	if len(s)%2 == 1 {
		return s[m]
	}
	return (s[m-1] + s[m]) / 2
}
