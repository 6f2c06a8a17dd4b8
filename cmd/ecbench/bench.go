package main

import (
	"errors"
	"math"
	"runtime"
	"time"
)

// errUnsupported is returned by Impl.New for an op the implementation does
// not offer; that implementation is then left out of that op's rows.
var errUnsupported = errors.New("operation not offered by this implementation")

// benchConfig says what to measure and how.
type benchConfig struct {
	d        time.Duration // per measurement (per implementation, over all rounds)
	multi    int           // goroutines per measurement
	rounds   int           // interleaved rounds when comparing
	compare  bool          // measure peers and/or openssl too, interleaved
	goPeers  bool          // with compare: the Go peers
	ossl     *openssl      // with compare: openssl, or nil
	progress progress
}

// slot is one implementation of one op, with its instances and samples.
type slot struct {
	op      Op
	impl    Impl
	inst    []OpFunc
	samples []sample
	err     error // the implementation failed: no figures
}

// bench measures the algorithms. Without compare it measures curvekit once
// per op for d, as openssl speed does. With compare it measures every
// implementation in rounds of d/rounds, interleaved (A B C, B C A, ...; and
// openssl once per round), and keeps the median of the rounds, so that drift
// of the machine's speed during the run cancels out of the ratios.
//
// An implementation that fails (set-up error, wrong result) is reported on
// the progress stream and gets a Result with Err instead of figures.
func bench(algs []*Algorithm, cfg benchConfig) ([]Result, error) {
	rounds := 1
	if cfg.compare {
		rounds = max(cfg.rounds, 1)
	}
	dRound := cfg.d / time.Duration(rounds)
	multi := max(cfg.multi, 1)
	var results []Result
	if c := cfg.progress.count; c != nil {
		// Every implementation of every op, every round, and openssl once
		// per round; corrected below for what turns out not to run.
		for _, a := range algs {
			for _, im := range implsOf(a, cfg) {
				if im.Implemented() {
					c.total += len(a.Ops) * rounds
				}
			}
			if cfg.compare && cfg.ossl != nil && a.OpenSSL != "" {
				c.total += len(a.Ops) * rounds
			}
		}
		c.planned = time.Duration(c.total) * dRound
	}
	uncount := func(n int) {
		if c := cfg.progress.count; c != nil {
			c.total -= n
			c.planned -= time.Duration(n) * dRound
		}
	}
	for _, a := range algs {
		impls := implsOf(a, cfg)
		perOp := make([][]*slot, len(a.Ops))
		for i, op := range a.Ops {
			for _, im := range impls {
				if !im.Implemented() {
					results = append(results, Result{Alg: a, Op: op, Impl: im.Name, NotImplemented: true})
					if i == 0 {
						cfg.progress.note("%s: curvekit: not yet implemented", a.Name)
					}
					continue
				}
				inst, err := newInstances(im, op, multi)
				if errors.Is(err, errUnsupported) {
					uncount(rounds)
					continue
				}
				if err == nil {
					err = warmUp(inst, cfg.d)
				}
				if err != nil {
					// A broken implementation loses its row, not the whole run.
					cfg.progress.note("ecbench: %s %s %s: %v", a.Name, op.Name, im.Name, err)
					results = append(results, Result{Alg: a, Op: op, Impl: im.Name, Err: err.Error()})
					uncount(rounds)
					continue
				}
				perOp[i] = append(perOp[i], &slot{op: op, impl: im, inst: inst})
			}
		}
		osslRates := map[string][]float64{}
		useOSSL := cfg.compare && cfg.ossl != nil && a.OpenSSL != ""
		for r := 0; r < rounds; r++ {
			for _, slots := range perOp {
				for k := range slots {
					s := slots[(k+r)%len(slots)]
					if s.err != nil {
						continue
					}
					runtime.GC() // garbage of the previous run is not this one's cost
					cfg.progress.start(a, s.op, s.impl.Name, dRound)
					smp, err := measure(s.inst, s.op.items(), dRound)
					if err != nil {
						s.err = err
						cfg.progress.note("\necbench: %s %s %s: %v", a.Name, s.op.Name, s.impl.Name, err)
						continue
					}
					cfg.progress.done(a, s.op, s.impl.Name, smp.calls*int64(s.op.items()), smp.elapsed)
					s.samples = append(s.samples, smp)
				}
			}
			if useOSSL {
				secs := max(1, int(math.Round(dRound.Seconds())))
				if c := cfg.progress.count; c != nil {
					c.step(a.Name+" (all ops) "+cfg.ossl.name(), time.Duration(len(a.Ops))*dRound)
					c.k += len(a.Ops) - 1
				}
				rates, runs, err := cfg.ossl.speed([]string{a.OpenSSL}, secs, multi)
				if err != nil {
					cfg.progress.note("ecbench: %v", err)
					useOSSL = false
					continue
				}
				quiet := cfg.progress
				quiet.count = nil // counted above, all ops at once
				for _, run := range runs {
					if m := matchOpenSSL([]*Algorithm{a}, run.Table, run.Bits, run.Curve); m != nil {
						op := Op{Name: run.Op}
						quiet.start(a, op, cfg.ossl.name(), time.Duration(secs)*time.Second)
						cfg.progress.done(a, op, cfg.ossl.name(), run.Count, time.Duration(run.Secs*float64(time.Second)))
					}
				}
				for _, rt := range rates {
					if matchOpenSSL([]*Algorithm{a}, rt.Table, rt.Bits, rt.Curve) != nil {
						osslRates[rt.Op] = append(osslRates[rt.Op], rt.Rate)
					}
				}
			}
		}
		for _, slots := range perOp {
			for _, s := range slots {
				if s.err != nil {
					results = append(results, Result{Alg: a, Op: s.op, Impl: s.impl.Name, Err: s.err.Error()})
					continue
				}
				res := Result{Alg: a, Op: s.op, Impl: s.impl.Name, Rounds: len(s.samples), Goroutines: multi}
				var rates []float64
				for _, smp := range s.samples {
					rates = append(rates, smp.rate)
					res.Calls += smp.calls
					res.Elapsed += smp.elapsed
				}
				res.Rate, res.RoundRates = median(rates), rates
				results = append(results, res)
			}
		}
		if cfg.ossl != nil && cfg.compare {
			for _, op := range a.Ops {
				if rs := osslRates[op.Name]; len(rs) > 0 {
					results = append(results, Result{Alg: a, Op: op, Impl: cfg.ossl.name(), Rate: median(rs), RoundRates: rs, Rounds: len(rs), Goroutines: multi})
				}
			}
		}
	}
	return sortResults(algs, results), nil
}

// implsOf is what bench measures of a: curvekit, and with -compare go or
// all its peers too.
func implsOf(a *Algorithm, cfg benchConfig) []Impl {
	if cfg.compare && cfg.goPeers {
		return a.Impls()
	}
	return a.Impls()[:1]
}

// sortResults orders results by algorithm, then op, then curvekit first,
// then the order implementations were measured in (openssl last).
func sortResults(algs []*Algorithm, rs []Result) []Result {
	var out []Result
	for _, a := range algs {
		for _, op := range a.Ops {
			for _, r := range rs {
				if r.Alg == a && r.Op.Name == op.Name && r.Impl == curvekitName {
					out = append(out, r)
				}
			}
			for _, r := range rs {
				if r.Alg == a && r.Op.Name == op.Name && r.Impl != curvekitName {
					out = append(out, r)
				}
			}
		}
	}
	return out
}
