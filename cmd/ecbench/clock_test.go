package main

import (
	"strings"
	"testing"
)

func TestJudgeClock(t *testing.T) {
	for _, tc := range []struct {
		runs []float64
		ghz  float64 // 0: rejected
		why  string
	}{
		{[]float64{3.69, 3.70, 3.68, 3.69, 3.70, 3.69, 3.55, 3.69, 3.70}, 3.69, ""},
		// Two runs interrupted by the scheduler: the median stands.
		{[]float64{3.69, 0.3, 3.68, 3.69, 3.70, 0.6, 3.69, 3.69, 3.70}, 3.69, ""},
		{[]float64{3.6, 0.2, 1.3, 0.9, 0.8, 3.4, 0.7, 3.6, 0.7}, 0, "disagree"},
		{[]float64{20, 20, 20}, 0, "implausible"},
		{[]float64{0.01, 0.01, 0.01}, 0, "implausible"},
		{nil, 0, "no calibration runs"},
	} {
		c := judgeClock(tc.runs, 1000)
		if c.GHz != tc.ghz || !strings.Contains(c.Why, tc.why) {
			t.Errorf("judgeClock(%v) = %v GHz, %q; want %v GHz, %q", tc.runs, c.GHz, c.Why, tc.ghz, tc.why)
		}
		if d := c.describe(); (c.GHz > 0) != !strings.HasPrefix(d, "not calibrated") {
			t.Errorf("describe() = %q for %v GHz", d, c.GHz)
		}
	}
}

// TestCalibrateClock checks that the calibration either gives a plausible
// clock or says why not; on amd64 the add chain must have run.
func TestCalibrateClock(t *testing.T) {
	c := calibrateClock()
	if c.GHz == 0 && c.Why == "" {
		t.Fatal("no clock and no reason")
	}
	if c.GHz != 0 && (c.GHz < clockMinGHz || c.GHz > clockMaxGHz) {
		t.Errorf("implausible clock accepted: %v", c.GHz)
	}
	if haveAddChain && (len(c.Runs) != clockRuns || c.Adds <= 0) {
		t.Errorf("%d runs of %d adds", len(c.Runs), c.Adds)
	}
	if !haveAddChain && !strings.Contains(c.Why, "no calibration routine") {
		t.Errorf("without addChain: %q", c.Why)
	}
}

// TestAddChain checks the assembly's arithmetic: 64·n adds of y.
func TestAddChain(t *testing.T) {
	if !haveAddChain {
		t.Skip("no addChain on this GOARCH")
	}
	if got := addChain(3, 5); got != 3*addsPerIteration*5 {
		t.Errorf("addChain(3, 5) = %d, want %d", got, 3*addsPerIteration*5)
	}
}
