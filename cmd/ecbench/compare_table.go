package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/curvekit/curvekit"
)

// writeCompare prints the side-by-side table: for each algorithm and op, the
// curvekit row, then each other implementation with curvekit's speed-up
// over it, curvekit ops/s ÷ its ops/s (above 1: curvekit is faster). Rows
// whose ± exceeds 10% are marked, and a warning closes the table.
func writeCompare(w io.Writer, algs []*Algorithm, results []Result, env envInfo, rounds int, ossl *openssl, skippedOpenSSL []string) {
	const rowFmt = "%-18s %-9s %-22s %12s %7s %11s %15s %8s\n"
	noisy := false
	var noOpenSSL []string
	fmt.Fprintf(w, rowFmt, "algorithm", "op", "implementation", "ops/s", "±", "ns/op", "cycles/op", "speed-up")
	for _, a := range algs {
		if ossl != nil && a.OpenSSL == "" {
			noOpenSSL = append(noOpenSSL, a.Name)
		}
		for _, op := range a.Ops {
			var ck *Result
			var others []Result
			for i := range results {
				r := results[i]
				if r.Alg != a || r.Op.Name != op.Name {
					continue
				}
				if r.Impl == curvekitName {
					ck = &results[i]
				} else {
					others = append(others, r)
				}
			}
			if ck == nil && len(others) == 0 {
				continue
			}
			first := true
			name := func() (string, string) {
				if first {
					first = false
					return a.Name, op.Name
				}
				return "", ""
			}
			switch {
			case ck == nil || ck.NotImplemented:
				n, o := name()
				fmt.Fprintf(w, "%-18s %-9s %s\n", n, o, "curvekit: not yet implemented")
			case ck.Err != "":
				n, o := name()
				fmt.Fprintf(w, "%-18s %-9s curvekit: failed: %s\n", n, o, ck.Err)
			default:
				n, o := name()
				noisy = noisy || isNoisyResult(*ck)
				fmt.Fprintf(w, rowFmt, n, o, curvekitName, fmtRate(ck.Rate), fmtSpread(*ck), fmtNs(ck.NsPerOp()), fmtCycles(ck.Cycles(env.GHz)), "")
			}
			for _, r := range others {
				n, o := name()
				if r.Err != "" {
					fmt.Fprintf(w, "%-18s %-9s %s: failed: %s\n", n, o, r.Impl, r.Err)
					continue
				}
				ratio := "-"
				if s := speedupOver(ck, r); s > 0 {
					ratio = fmt.Sprintf("%.2f×", s)
				}
				noisy = noisy || isNoisyResult(r)
				fmt.Fprintf(w, rowFmt, n, o, r.Impl, fmtRate(r.Rate), fmtSpread(r), fmtNs(r.NsPerOp()), fmtCycles(r.Cycles(env.GHz)), ratio)
			}
			if ossl != nil && a.OpenSSL == "" {
				n, o := name()
				fmt.Fprintf(w, "%-18s %-9s openssl: no counterpart in openssl speed\n", n, o)
			}
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintf(w, "ops/s: median of %d interleaved rounds per implementation (batch rows: signatures/s);\n", rounds)
	fmt.Fprintln(w, "±: half the range of the rounds, relative to the median (the machine's drift during the run); ! above 10%;")
	fmt.Fprintln(w, "speed-up: curvekit ops/s ÷ that implementation's ops/s (above 1: curvekit is faster);")
	if env.GHz > 0 {
		fmt.Fprintf(w, "cycles/op: %s, ns/op × %.2f GHz;\n", env.cyclesLabel(), env.GHz)
		writeClock(w, env.clockLines())
	} else {
		fmt.Fprintf(w, "no cycles, ns only: %s.\n", env.GHzSource)
	}
	if ossl != nil {
		fmt.Fprintf(w, "openssl: %s speed -elapsed -mr (OpenSSL %s), once per round, at least 1s per op.\n", ossl.path, ossl.version)
	}
	lines := backendLines()
	fmt.Fprintf(w, "%s, %s/%s, %s, curvekit %s, %s\n", env.CPU, env.GOOS, env.GOARCH, env.GoVersion, curvekit.Version, lines[0])
	for _, l := range lines[1:] {
		fmt.Fprintf(w, "  %s\n", l)
	}
	if len(noOpenSSL) > 0 {
		fmt.Fprintf(w, "openssl speed has no counterpart for: %s (no openssl row there).\n", strings.Join(noOpenSSL, ", "))
	}
	if len(skippedOpenSSL) > 0 {
		fmt.Fprintf(w, "left out, openssl speed has no counterpart: %s (name them to measure them anyway).\n", strings.Join(skippedOpenSSL, ", "))
	}
	if noisy {
		fmt.Fprintln(w, "warning: rows marked ! varied by more than ±10% between rounds (a busy machine?): rerun them, with a larger -seconds, before relying on them.")
	}
}

// speedupOver is curvekit's speed-up over r (ck ops/s ÷ r's), 0 if either
// has no figures.
func speedupOver(ck *Result, r Result) float64 {
	if ck == nil || !ck.ok() || !r.ok() {
		return 0
	}
	return ck.Rate / r.Rate
}

func isNoisyResult(r Result) bool { return r.ok() && r.Spread() > noisySpread }

func fmtRate(x float64) string {
	if x <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.1f", x)
}

func fmtSpread(r Result) string {
	if len(r.RoundRates) < 2 {
		return "-"
	}
	s := fmt.Sprintf("%.1f%%", 100*r.Spread())
	if r.Spread() > noisySpread {
		s += "!"
	}
	return s
}

func fmtNs(x float64) string {
	if x <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f", x)
}

func fmtCycles(x float64) string {
	if x <= 0 {
		return "-"
	}
	return fmt.Sprintf("~%.0f", x)
}

// writeList prints the registry for -list.
func writeList(w io.Writer, algs []*Algorithm) {
	for _, a := range algs {
		ossl := "no openssl counterpart"
		if a.OpenSSL != "" {
			ossl = "openssl speed " + a.OpenSSL
		}
		fmt.Fprintf(w, "%-18s %d bits %s (%s); %s\n", a.Name, a.Bits, a.Family, a.Curve, ossl)
		for _, op := range a.Ops {
			fmt.Fprintf(w, "    op %-9s %s\n", op.Name, op.Desc)
		}
		for _, im := range a.Impls() {
			pkg := im.Pkg
			if !im.Implemented() {
				pkg = "not yet implemented"
			}
			fmt.Fprintf(w, "    impl %-18s %s\n", im.Name, pkg)
		}
	}
	fmt.Fprintln(w, strings.TrimSpace(`
Name algorithms on the command line to measure only those (ecdsa, ecdh and
eddsa select openssl's groups); no name measures all.`))
}
