package main

import (
	"strings"
	"testing"
)

func TestCPUInfo(t *testing.T) {
	const x86 = "processor\t: 0\nvendor_id\t: AuthenticAMD\nmodel name\t: AMD EPYC\ncpu MHz\t\t: 2096.009\n\nprocessor\t: 1\nmodel name\t: AMD EPYC\ncpu MHz\t\t: 2500.000\n"
	if model, mhz := cpuInfo(strings.NewReader(x86)); model != "AMD EPYC" || mhz != 2096.009 {
		t.Errorf("x86: %q %v", model, mhz)
	}
	const arm = "processor\t: 0\nBogoMIPS\t: 50.00\nFeatures\t: fp asimd\nCPU implementer\t: 0x41\n"
	if model, mhz := cpuInfo(strings.NewReader(arm)); model != "" || mhz != 0 {
		t.Errorf("arm: %q %v", model, mhz)
	}
	if e := detectEnv(3.5); e.GHz != 3.5 || e.GHzSource != "-ghz" {
		t.Errorf("-ghz 3.5: %+v", e)
	}
	if e := detectEnv(0); e.GHz != 0 {
		t.Errorf("-ghz 0: %+v", e)
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{{nil, 0}, {[]float64{3}, 3}, {[]float64{5, 1, 3}, 3}, {[]float64{4, 1, 3, 2}, 2.5}} {
		if got := median(tc.in); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
}

func TestSpread(t *testing.T) {
	r := Result{Rate: 100, RoundRates: []float64{90, 100, 120}}
	if s := r.Spread(); s != 0.15 {
		t.Errorf("spread %v, want 0.15", s)
	}
	if s := (Result{Rate: 100, RoundRates: []float64{100}}).Spread(); s != 0 {
		t.Errorf("one round: spread %v", s)
	}
	if got := (Result{Rate: 1e9, Goroutines: 2}).NsPerOp(); got != 2 {
		t.Errorf("ns/op with 2 goroutines: %v, want 2", got)
	}
}
