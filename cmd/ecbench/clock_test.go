package main

import (
	"bytes"
	"strings"
	"testing"
	"time"
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

// Without a calibrated clock the header and -compare say why and print no
// cycles; -json rounds the clock.
func TestNoClockAndRoundedClock(t *testing.T) {
	env := envInfo{CPU: "x", GOOS: "linux", GOARCH: "amd64", Backend: "64-bit", NominalGHz: 2.5999980000000003}
	env.Clock = judgeClock([]float64{3.6, 0.2, 1.3, 0.9, 0.8, 3.4, 0.7, 3.6, 0.7}, 1000)
	env.GHzSource = env.Clock.describe() + "; ns only"
	var b bytes.Buffer
	writeVersion(&b, env, time.Second, 1)
	if !strings.Contains(b.String(), "clock: not calibrated: calibration runs disagree") {
		t.Errorf("header: %s", b.String())
	}
	ed := findAlg("ed25519")
	rs := []Result{fakeRun(ed, ed.Ops[0], curvekitName, 100, 100), fakeRun(ed, ed.Ops[0], "voi", 50, 50)}
	b.Reset()
	writeCompare(&b, []*Algorithm{ed}, rs, env, 2, nil, nil)
	if !strings.Contains(b.String(), "no cycles, ns only: not calibrated") || strings.Contains(b.String(), "~") {
		t.Errorf("compare: %s", b.String())
	}
	b.Reset()
	env.GHz, env.GHzSource = 2.5999980000000003, "-ghz"
	if err := writeJSON(&b, rs, env); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), `"ghz":2.6,`) || !strings.Contains(b.String(), `"nominal_ghz":2.6`) || strings.Contains(b.String(), "2.59999") {
		t.Errorf("clock not rounded: %s", b.String())
	}
}
