package main

import (
	"encoding/json"
	"io"

	"github.com/curvekit/curvekit"
)

// jsonResult is one line of -json output (JSON Lines: one object per
// result). Figures are rounded to what the measurement can tell: rates and
// times to 0.1, cycles to 1, ratios and spreads to 4 decimals, the clock
// to 0.01 GHz.
type jsonResult struct {
	Algorithm       string       `json:"algorithm"`
	Op              string       `json:"op"`
	Bits            int          `json:"bits"`
	Implementation  string       `json:"implementation"`
	CurvekitVersion string       `json:"curvekit_version"`
	Backend         *jsonBackend `json:"backend,omitempty"`           // curvekit's backend; absent for peers
	Status          string       `json:"status"`                      // "ok", "not yet implemented" or "failed: <error>"
	OpsPerSec       *float64     `json:"ops_per_sec"`                 // per second, summed over goroutines; null if not measured
	NsPerOp         *float64     `json:"ns_per_op"`                   // wall time of one op on one goroutine
	CyclesPerOp     *float64     `json:"cycles_per_op"`               // ns_per_op × ghz; null without a clock
	RoundOpsPerSec  []float64    `json:"round_ops_per_sec,omitempty"` // each round's rate; ops_per_sec is their median
	Spread          *float64     `json:"spread,omitempty"`            // half the range of the rounds ÷ the median
	// CurvekitSpeedup is, on a peer's or openssl's line, curvekit's ops/s ÷
	// this implementation's ops/s (above 1: curvekit is faster), the
	// speed-up column of -compare; absent where either has no figures.
	CurvekitSpeedup *float64 `json:"curvekit_speedup,omitempty"`
	// GHz is the clock cycles_per_op is counted at; GHzSource says where it
	// came from: "calibrated" (in-process), "-ghz", or why there is none.
	GHz        float64 `json:"ghz,omitempty"`
	GHzSource  string  `json:"ghz_source"`
	GHzAfter   float64 `json:"ghz_after,omitempty"`   // the calibration repeated after measuring, to show drift
	NominalGHz float64 `json:"nominal_ghz,omitempty"` // /proc/cpuinfo's "cpu MHz", for reference only
	BatchSize  int     `json:"batch_size,omitempty"`
	Seconds    float64 `json:"seconds,omitempty"` // wall time measured, over all rounds
	Rounds     int     `json:"rounds,omitempty"`
	Goroutines int     `json:"goroutines,omitempty"`
	GoVersion  string  `json:"go_version"`
	GOARCH     string  `json:"goarch"`
	CPU        string  `json:"cpu"`
}

// jsonBackend is curvekit's backend in -json: the limb size and, per
// package with assembly, what runs it and which fast paths a self-test
// switched off.
type jsonBackend struct {
	Limbs    string           `json:"limbs"` // "64-bit" or "32-bit"
	Packages []packageBackend `json:"packages,omitempty"`
}

func newJSONBackend(backend string) *jsonBackend {
	b := &jsonBackend{Limbs: shortBackend(backend)}
	for _, p := range backendPackages() {
		if p.Assembly != "" || len(p.Failures) > 0 {
			b.Packages = append(b.Packages, p)
		}
	}
	return b
}

// roundp is x rounded to the given decimals, as a pointer for the JSON.
func roundp(x float64, decimals int) *float64 {
	r := round(x, decimals)
	return &r
}

func writeJSON(w io.Writer, results []Result, env envInfo) error {
	enc := json.NewEncoder(w)
	ck := map[[2]string]*Result{}
	for i, r := range results {
		if r.Impl == curvekitName {
			ck[[2]string{r.Alg.Name, r.Op.Name}] = &results[i]
		}
	}
	backend := newJSONBackend(env.Backend)
	for _, r := range results {
		j := jsonResult{
			Algorithm:       r.Alg.Name,
			Op:              r.Op.Name,
			Bits:            r.Alg.Bits,
			Implementation:  r.Impl,
			CurvekitVersion: curvekit.Version,
			Status:          "ok",
			GoVersion:       env.GoVersion,
			GOARCH:          env.GOARCH,
			CPU:             env.CPU,
			GHz:             round(env.GHz, 2),
			GHzSource:       env.GHzSource,
			GHzAfter:        round(env.ClockAfter.GHz, 2),
			NominalGHz:      round(env.NominalGHz, 2),
			Rounds:          r.Rounds,
			Goroutines:      r.Goroutines,
			Seconds:         round(r.Elapsed.Seconds(), 3),
		}
		if r.Op.Items > 1 {
			j.BatchSize = r.Op.Items
		}
		if r.Impl == curvekitName {
			j.Backend = backend
		}
		switch {
		case r.NotImplemented:
			j.Status = "not yet implemented"
		case r.Err != "":
			j.Status = "failed: " + r.Err
		default:
			j.OpsPerSec, j.NsPerOp = roundp(r.Rate, 1), roundp(r.NsPerOp(), 1)
			for _, x := range r.RoundRates {
				j.RoundOpsPerSec = append(j.RoundOpsPerSec, round(x, 1))
			}
			if c := r.Cycles(env.GHz); c > 0 {
				j.CyclesPerOp = roundp(c, 0)
			}
			if len(r.RoundRates) > 1 {
				j.Spread = roundp(r.Spread(), 4)
			}
			if r.Impl != curvekitName {
				if s := speedupOver(ck[[2]string{r.Alg.Name, r.Op.Name}], r); s > 0 {
					j.CurvekitSpeedup = roundp(s, 4)
				}
			}
		}
		if err := enc.Encode(j); err != nil {
			return err
		}
	}
	return nil
}
