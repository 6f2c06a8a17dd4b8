// Command cttest measures whether curvekit's secret-dependent operations run
// in time independent of their secrets, dudect-style (see package
// internal/cttest/dudect): Welch's t-test on the timings of a fixed secret
// against random secrets, interleaved in random order, uncropped and cropped
// at dudect's percentiles.
//
//	go run ./internal/cttest -list
//	go run ./internal/cttest -target x25519 -n 1000000
//	go run ./internal/cttest -target all -n 1000000
//	go run -tags curvekit32 ./internal/cttest -target x25519   # the 32-bit backend
//
// It prints, per target, the number of measurements, the calls per
// measurement, the median time of one call, |t| of the uncropped test and
// the largest |t| over all tests with the test and its sample count. dudect
// reads |t| > 4.5 as a probable leak; the exit status does not depend on it:
// this is a measurement, and the machine's load (printed) moves it.
//
// Targets whose code is unexported (the curve25519 table scans, the Go and
// AVX2 versions, and field25519's Fermat inversion) are measured by that
// package's TestCTTest, which cttest runs with `go test` and the same build
// tags (see dudect.Hosted).
package main

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"runtime"
	"runtime/debug"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/fieldarith/field25519"
	"github.com/curvekit/curvekit/internal/cttest/dudect"
	"github.com/curvekit/curvekit/p256"
	"github.com/curvekit/curvekit/p384"
)

// A target runs here (local) or in the test binary of pkg (hosted).
type target struct {
	local dudect.Spec
	pkg   string
	about string
}

var targets = map[string]target{}

func register(name, about string, spec dudect.Spec) {
	targets[name] = target{local: spec, about: about}
}

func hosted(name, pkg, about string) {
	targets[name] = target{pkg: pkg, about: about}
}

func main() {
	name := flag.String("target", "", "target to measure, or all (see -list)")
	n := flag.Int("n", 1000000, "measurements per target")
	batch := flag.Int("batch", 0, "calls per measurement (0: the target's default)")
	seed := flag.Uint64("seed", uint64(time.Now().UnixNano()), "seed of the class order and random secrets")
	list := flag.Bool("list", false, "list the targets")
	flag.Parse()
	names := make([]string, 0, len(targets))
	for k := range targets {
		names = append(names, k)
	}
	slices.Sort(names)
	if *list || *name == "" {
		for _, k := range names {
			fmt.Printf("%-22s %s\n", k, targets[k].about)
		}
		if !*list {
			os.Exit(2)
		}
		return
	}
	run := []string{*name}
	if *name == "all" {
		run = names
	}
	tags := buildTags()
	fmt.Printf("cttest: %s %s/%s, tags %q, field backend %s (assembly: %q), curve25519/curve448/p256/p384 assembly %q/%q/%q/%q\n",
		runtime.Version(), runtime.GOOS, runtime.GOARCH, tags, field25519.Backend, field25519.Assembly(),
		curve25519.Assembly(), curve448.Assembly(), p256.Assembly(), p384.Assembly())
	fmt.Printf("%-22s %9s %5s %10s %7s %7s  %s\n", "target", "n", "batch", "ns/call", "|t|all", "max|t|", "(test, samples)")
	failed := false
	for _, k := range run {
		tg, ok := targets[k]
		if !ok {
			fmt.Fprintf(os.Stderr, "cttest: unknown target %q (see -list)\n", k)
			os.Exit(2)
		}
		load := loadavg()
		start := time.Now()
		var r dudect.Result
		if tg.pkg == "" {
			b := tg.local.Batch
			if *batch > 0 {
				b = *batch
			}
			r = dudect.Measure(tg.local.Target(), *n, b, *seed)
		} else {
			var err error
			if r, err = runHosted(k, tg.pkg, tags, *n, *batch, *seed); err != nil {
				fmt.Fprintf(os.Stderr, "cttest: %s: %v\n", k, err)
				failed = true
				continue
			}
		}
		flagged := ""
		if r.MaxT > 4.5 {
			flagged = "  > 4.5"
		}
		fmt.Printf("%-22s %9d %5d %10.1f %7.2f %7.2f  (%s, %d)  %.0fs, load %s→%s%s\n", k, r.N, r.Batch, r.MedianNs,
			r.TAll, r.MaxT, r.MaxTTest, r.MaxTN, time.Since(start).Seconds(), load, loadavg(), flagged)
	}
	if failed {
		os.Exit(1)
	}
}

func runHosted(name, pkg, tags string, n, batch int, seed uint64) (dudect.Result, error) {
	args := []string{"test", "-v", "-count=1", "-timeout=0", "-run=^TestCTTest$"}
	if tags != "" {
		args = append(args, "-tags="+tags)
	}
	cmd := exec.Command("go", append(args, "github.com/curvekit/curvekit/"+pkg)...)
	cmd.Env = append(os.Environ(),
		dudect.EnvTarget+"="+name, dudect.EnvN+"="+strconv.Itoa(n),
		dudect.EnvBatch+"="+strconv.Itoa(batch), dudect.EnvSeed+"="+strconv.FormatUint(seed, 10))
	out, err := cmd.CombinedOutput()
	r, ok := dudect.ParseEmitted(out)
	if err != nil || !ok {
		return r, fmt.Errorf("go %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return r, nil
}

// buildTags returns the -tags this binary was built with, for the hosted
// targets' go test.
func buildTags() string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, s := range bi.Settings {
			if s.Key == "-tags" {
				return s.Value
			}
		}
	}
	return ""
}

func loadavg() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	return strings.Fields(string(b))[0]
}
