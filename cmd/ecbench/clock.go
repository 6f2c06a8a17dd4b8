package main

import (
	"fmt"
	"io"
	"math"
	"runtime"
	"sort"
	"time"
)

// clockCalibration is the core clock as measured in-process: these VMs
// have no performance counters, and /proc/cpuinfo's "cpu MHz" is the
// nominal clock, not the one the core runs at.
type clockCalibration struct {
	GHz    float64   // median of Runs; 0: not calibrated (see Why)
	Spread float64   // half the interquartile range of the runs ÷ GHz
	Runs   []float64 // each run's GHz, in the order measured
	Adds   int64     // dependent adds per run
	Why    string    // when GHz is 0: why the clock could not be calibrated
}

// Plausibility limits of a calibration: a core between 0.3 and 6.5 GHz (no
// shipping core runs faster), and runs that agree within ±3% (half the
// interquartile range).
const (
	clockMinGHz    = 0.3
	clockMaxGHz    = 6.5
	clockMaxSpread = 0.03
	clockRuns      = 9
	clockRunTime   = time.Millisecond
	clockAttempts  = 8
	clockWarmUp    = 10 * time.Millisecond
)

// clockMethod says in one line how calibrateClock measures.
const clockMethod = "in-process: a chain of dependent register adds (one per cycle), median of 9 runs of ~1 ms"

// calibrateClock measures the clock the core runs at: addChain's dependent
// adds retire at one per cycle, so adds ÷ ns is the clock in GHz. The
// goroutine is locked to its thread for the runs, and clockWarmUp of adds
// first lets the core leave its idle clock. A run the scheduler interrupts
// reads slow, so on a busy machine the runs disagree: then the whole set is
// measured again, up to clockAttempts times, and the first set that agrees
// is kept.
// On architectures without addChain it returns only Why.
func calibrateClock() clockCalibration {
	if !haveAddChain {
		return clockCalibration{Why: "no calibration routine for " + runtime.GOARCH + " (the dependent-add chain is amd64 assembly)"}
	}
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	// Size the runs: about clockRunTime each, at least 2^16 adds.
	n := uint64(1 << 10)
	for {
		start := time.Now()
		sink += addChain(n, uint64(start.UnixNano())|1)
		if el := time.Since(start); el >= clockRunTime/4 || n >= 1<<30 {
			n = max(uint64(float64(n)*float64(clockRunTime)/float64(max(el, 1))), 1<<10)
			break
		}
		n *= 4
	}
	for start := time.Now(); time.Since(start) < clockWarmUp; {
		sink += addChain(n, uint64(start.UnixNano())|1)
	}
	var c clockCalibration
	for range clockAttempts {
		var runs []float64
		for range clockRuns {
			start := time.Now()
			sink += addChain(n, uint64(start.UnixNano())|1)
			el := time.Since(start)
			runs = append(runs, float64(n*addsPerIteration)/float64(max(el.Nanoseconds(), 1)))
		}
		if c = judgeClock(runs, int64(n*addsPerIteration)); c.GHz > 0 {
			break
		}
		runtime.Gosched()
	}
	runtime.KeepAlive(sink)
	return c
}

// sink keeps addChain's results alive.
var sink uint64

// judgeClock turns the runs' GHz into a calibration: their median, or no
// clock with the reason when it is implausible or the runs disagree.
func judgeClock(runs []float64, adds int64) clockCalibration {
	c := clockCalibration{Runs: runs, Adds: adds}
	if len(runs) == 0 {
		c.Why = "no calibration runs"
		return c
	}
	s := append([]float64(nil), runs...)
	sort.Float64s(s)
	med := median(s)
	q1, q3 := s[len(s)/4], s[(3*len(s))/4]
	spread := (q3 - q1) / 2 / med
	switch {
	case math.IsNaN(med) || med < clockMinGHz || med > clockMaxGHz:
		c.Why = fmt.Sprintf("calibration gave an implausible %.2f GHz (want %.1f–%.1f GHz)", med, clockMinGHz, clockMaxGHz)
	case spread > clockMaxSpread:
		c.Why = fmt.Sprintf("calibration runs disagree (%.2f GHz ±%.0f%%, a busy machine?)", med, 100*spread)
	default:
		c.GHz, c.Spread = med, spread
	}
	return c
}

// describe is the calibration in words, for the headers and footers.
func (c clockCalibration) describe() string {
	if c.GHz <= 0 {
		return "not calibrated: " + c.Why
	}
	return fmt.Sprintf("%.2f GHz ±%.1f%%, calibrated %s", c.GHz, 100*c.Spread, clockMethod)
}

// clockLines is the clock: what the cycle figures are counted at and how
// it was found, then the nominal clock for reference.
func (e envInfo) clockLines() []string {
	var s []string
	switch {
	case e.GHzSource == "calibrated":
		s = append(s, e.Clock.describe())
		if e.ClockAfter.GHz > 0 {
			s = append(s, fmt.Sprintf("(%.2f GHz when calibrated again after measuring)", e.ClockAfter.GHz))
		}
	case e.GHz > 0:
		s = append(s, fmt.Sprintf("%.2f GHz, set by %s (not measured)", e.GHz, e.GHzSource))
	default:
		s = append(s, e.GHzSource)
	}
	if e.NominalGHz > 0 {
		s = append(s, fmt.Sprintf("(/proc/cpuinfo's nominal %s GHz is not the clock the core runs at: not used)", fmtGHz(e.NominalGHz)))
	}
	return s
}

// cyclesLabel names the clock the cycle figures are counted at.
func (e envInfo) cyclesLabel() string {
	if e.GHzSource == "calibrated" {
		return "cycles at the calibrated clock"
	}
	return "cycles at the -ghz clock"
}

// recalibrate repeats the calibration after measuring, when the clock was
// calibrated before, so that the header can show how far it drifted.
func (e *envInfo) recalibrate() {
	if e.GHzSource == "calibrated" {
		e.ClockAfter = calibrateClock()
	}
}

// writeClock prints clock lines: "clock: " before the first, the rest
// indented under it.
func writeClock(w io.Writer, lines []string) {
	for i, l := range lines {
		if i == 0 {
			fmt.Fprintf(w, "clock: %s\n", l)
		} else {
			fmt.Fprintf(w, "       %s\n", l)
		}
	}
}
