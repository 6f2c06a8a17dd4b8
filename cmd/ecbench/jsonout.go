package main

import (
	"encoding/json"
	"io"
)

// jsonResult is one line of -json output (JSON Lines: one object per result).
type jsonResult struct {
	Algorithm      string    `json:"algorithm"`
	Op             string    `json:"op"`
	Bits           int       `json:"bits"`
	Implementation string    `json:"implementation"`
	Backend        string    `json:"backend,omitempty"`           // curvekit's field backend; empty for peers
	Status         string    `json:"status"`                      // "ok", "not yet implemented" or "failed: <error>"
	OpsPerSec      *float64  `json:"ops_per_sec"`                 // per second, summed over goroutines; null if not measured
	NsPerOp        *float64  `json:"ns_per_op"`                   // wall time of one op on one goroutine
	EstCyclesPerOp *float64  `json:"est_cycles_per_op"`           // estimated: ns_per_op × ghz; null if the clock is unknown
	RoundOpsPerSec []float64 `json:"round_ops_per_sec,omitempty"` // each round's rate; ops_per_sec is their median
	Spread         *float64  `json:"spread,omitempty"`            // half the range of the rounds ÷ the median
	// CurvekitSpeedup is, on a peer's or openssl's line, curvekit's ops/s ÷
	// this implementation's ops/s (above 1: curvekit is faster), the
	// speed-up column of -compare; absent where either has no figures.
	CurvekitSpeedup *float64 `json:"curvekit_speedup,omitempty"`
	GHz             float64  `json:"ghz,omitempty"`
	BatchSize       int      `json:"batch_size,omitempty"`
	Seconds         float64  `json:"seconds,omitempty"` // wall time measured, over all rounds
	Rounds          int      `json:"rounds,omitempty"`
	Goroutines      int      `json:"goroutines,omitempty"`
	GoVersion       string   `json:"go_version"`
	GOARCH          string   `json:"goarch"`
	CPU             string   `json:"cpu"`
}

func writeJSON(w io.Writer, results []Result, env envInfo) error {
	enc := json.NewEncoder(w)
	ck := map[[2]string]*Result{}
	for i, r := range results {
		if r.Impl == curvekitName {
			ck[[2]string{r.Alg.Name, r.Op.Name}] = &results[i]
		}
	}
	for _, r := range results {
		j := jsonResult{
			Algorithm:      r.Alg.Name,
			Op:             r.Op.Name,
			Bits:           r.Alg.Bits,
			Implementation: r.Impl,
			Status:         "ok",
			GoVersion:      env.GoVersion,
			GOARCH:         env.GOARCH,
			CPU:            env.CPU,
			GHz:            env.GHz,
			Rounds:         r.Rounds,
			Goroutines:     r.Goroutines,
			Seconds:        r.Elapsed.Seconds(),
		}
		if r.Op.Items > 1 {
			j.BatchSize = r.Op.Items
		}
		if r.Impl == curvekitName {
			j.Backend = env.Backend
		}
		switch {
		case r.NotImplemented:
			j.Status = "not yet implemented"
		case r.Err != "":
			j.Status = "failed: " + r.Err
		default:
			rate, ns := r.Rate, r.NsPerOp()
			j.OpsPerSec, j.NsPerOp = &rate, &ns
			j.RoundOpsPerSec = r.RoundRates
			if c := r.Cycles(env.GHz); c > 0 {
				j.EstCyclesPerOp = &c
			}
			if len(r.RoundRates) > 1 {
				sp := r.Spread()
				j.Spread = &sp
			}
			if r.Impl != curvekitName {
				if s := speedupOver(ck[[2]string{r.Alg.Name, r.Op.Name}], r); s > 0 {
					j.CurvekitSpeedup = &s
				}
			}
		}
		if err := enc.Encode(j); err != nil {
			return err
		}
	}
	return nil
}
