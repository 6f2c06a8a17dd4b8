// Command ecbench measures curvekit's elliptic-curve primitives and prints
// the results in the layout of openssl speed; with -compare it measures
// them side by side with the system's openssl speed and with the Go
// libraries a user would otherwise pick.
//
// Usage:
//
//	ecbench [flags] [algorithm...]
//
// With no algorithm every registered one is measured, in registry order;
// named ones come out in the order named. ecbench -list shows
// them, each with its openssl counterpart, ops and implementations. Each
// algorithm registers itself from its own alg_*.go file (see registry.go).
//
// Progress lines go to stderr as openssl 3.0 prints them ("Doing 253 bits
// sign Ed25519's for 1s: 20892 253 bits Ed25519 signs in 1.00s"), results
// to stdout: the openssl-style table by default, -mr for openssl's
// machine-readable lines (+F4/+F5/+F6, and +FECB lines for what openssl
// has no line for), -json for one JSON object per result, -svg FILE (with
// -compare) for a chart of curvekit's speed-up over each implementation.
// Flags may follow the algorithm names.
//
// -seeds reproduces the three published comparisons curvekit was started
// for (Ace vs ntor, Goldilocks vs P-256, Tor #9663's basepoint tables) with
// the published figures beside this machine's; inside the source tree it
// also builds and runs its own -tags curvekit32 variant for the 32-bit
// columns. Each table ends in a conclusion judged on the ratios' ± ranges:
// holds, does not hold (naming the ratios that fail) or inconclusive. Every ratio ecbench prints is a speed-up: the other's time ÷
// this one's (curvekit ops/s ÷ the other's), above 1 meaning curvekit (or
// the one named first) is faster.
//
// Measurement: each implementation is warmed up, then its calls are counted
// over at least -seconds of wall time (-multi N: N goroutines, rates summed
// as openssl -multi sums its processes). Keys, messages and signatures are
// made before the timed loop. With -compare the implementations run in
// interleaved rounds (A B C, B C A, ...) of -seconds/-rounds each and the
// median round is reported, so drift of the machine cancels in the ratios.
// Cycles per operation are ns/op times the clock the core runs at, which
// ecbench calibrates in-process on amd64 (a chain of dependent register
// adds retires one per cycle; these VMs have no performance counters and
// /proc/cpuinfo gives only the nominal clock); -ghz sets the clock instead,
// and where the calibration is impossible or implausible only ns are shown.
package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/curvekit/curvekit"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// ghzFlag is -ghz: unset means "calibrate in-process".
type ghzFlag struct {
	v   float64
	set bool
}

func (g *ghzFlag) String() string {
	if g == nil || !g.set {
		return "calibrated in-process"
	}
	return strconv.FormatFloat(g.v, 'g', -1, 64)
}

func (g *ghzFlag) Set(s string) error {
	f, err := strconv.ParseFloat(s, 64)
	if err != nil || f < 0 || f > 100 {
		return fmt.Errorf("want a clock in GHz, like 2.5 (0: ns only)")
	}
	g.v, g.set = f, true
	return nil
}

// hidden flags are left out of the usage text.
var hidden = map[string]bool{"ms": true, "seeds-part": true}

// run is the whole command, callable from tests.
func run(args []string, stdout, stderr io.Writer) (code int) {
	fs := flag.NewFlagSet("ecbench", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seconds := fs.Float64("seconds", 1, "measure each operation of each implementation for `N` seconds, fractions allowed (openssl speed uses 10)")
	ms := fs.Int("ms", 0, "measure for N milliseconds instead of -seconds (for tests)")
	multi := fs.Int("multi", 1, "run `N` goroutines per measurement and sum their rates, as openssl speed -multi")
	mr := fs.Bool("mr", false, "print openssl 3.0's machine-readable lines (+DTP/+R on stderr, +F on stdout)")
	jsonOut := fs.Bool("json", false, "print one JSON object per result (JSON Lines) instead of the table")
	list := fs.Bool("list", false, "list the algorithms, their ops and implementations, and exit")
	backend := fs.Bool("backend", false, "print which field backend this binary uses (64-bit or 32-bit) and exit")
	var ghz ghzFlag
	fs.Var(&ghz, "ghz", "count cycles at this clock in `GHz` instead of the calibrated one; 0: ns only")
	compare := fs.String("compare", "", "also measure `openssl|go|all`: openssl speed, the Go peers, or both")
	rounds := fs.Int("rounds", 3, "with -compare or -seeds: `N` interleaved rounds per measurement; the median is reported")
	svg := fs.String("svg", "", "with -compare: write a chart of curvekit's speed-up over each implementation per operation to `FILE`")
	seeds := fs.Bool("seeds", false, "reproduce the three published comparisons curvekit was started for (Ace vs ntor, Goldilocks vs P-256, Tor #9663's basepoint tables)")
	seedsPartFlag := fs.Bool("seeds-part", false, "print this build's -seeds figures as JSON (for ecbench -seeds itself)")
	fs.Usage = func() {
		fmt.Fprintf(stderr, "usage: ecbench [flags] [algorithm...]\n\nMeasures curvekit's primitives in the layout of openssl speed.\n\nflags:\n")
		fs.VisitAll(func(f *flag.Flag) {
			if hidden[f.Name] {
				return
			}
			name, usage := flag.UnquoteUsage(f)
			if name != "" {
				name = " " + name
			}
			if d := f.DefValue; d != "" && d != "false" && d != "0" {
				usage += " (default " + d + ")"
			}
			fmt.Fprintf(stderr, "  -%s%s\n    \t%s\n", f.Name, name, usage)
		})
		fmt.Fprintf(stderr, "\nalgorithms: %s\n", strings.Join(algNames(), " "))
	}
	names, err := parseInterspersed(fs, args)
	if err != nil {
		if err == flag.ErrHelp {
			return 0
		}
		return 2
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(stderr, "ecbench: "+format+"\n", a...)
		return 1
	}
	if *svg != "" && *compare == "" {
		return fail("-svg charts curvekit's speed-up over the other implementations: add -compare go, openssl or all")
	}
	if *svg != "" {
		// Fail now, not after minutes of measuring.
		if err := checkWritable(*svg); err != nil {
			return fail("-svg: %v", err)
		}
	}

	if *backend {
		fmt.Fprintf(stdout, "%s\n", fieldBackend)
		return 0
	}
	algs, err := selectAlgorithms(names)
	if err != nil {
		return fail("%v", err)
	}
	if *list {
		writeList(stdout, algs)
		return 0
	}
	if *mr && *jsonOut {
		return fail("-mr and -json exclude each other")
	}
	if *multi < 1 || *rounds < 1 {
		return fail("-multi and -rounds must be at least 1")
	}
	d := time.Duration(*seconds * float64(time.Second))
	if *ms > 0 {
		d = time.Duration(*ms) * time.Millisecond
	}
	if d <= 0 {
		return fail("-seconds must be positive")
	}
	g := -1.0
	if ghz.set {
		g = ghz.v
	}
	env := detectEnv(g)
	if *seedsPartFlag {
		if err := seedsPart(stdout, d, *rounds, stderr); err != nil {
			return fail("%v", err)
		}
		return 0
	}
	if *seeds {
		if code, ok := reexecTableFree(args, stdout, stderr); ok {
			return code
		}
		if err := runSeeds(stdout, stderr, env, d, *rounds, *jsonOut, "ecbench "+strings.Join(args, " ")); err != nil {
			return fail("%v", err)
		}
		return 0
	}

	cfg := benchConfig{d: d, multi: *multi, rounds: *rounds, progress: progress{w: stderr, mr: *mr}}
	if !*mr {
		cfg.progress.count = newCounter(stderr, 0, 0)
	}
	switch *compare {
	case "":
	case "go":
		cfg.compare, cfg.goPeers = true, true
	case "openssl", "all":
		cfg.compare, cfg.goPeers = true, *compare == "all"
		o, err := findOpenSSL()
		if err != nil {
			if *compare == "openssl" {
				return fail("-compare openssl: %v", err)
			}
			fmt.Fprintf(stderr, "ecbench: -compare all: %v; comparing with the Go peers only\n", err)
		} else {
			cfg.ossl = o
		}
	default:
		return fail("-compare takes openssl, go or all, not %q", *compare)
	}
	var skippedOpenSSL []string
	if *compare == "openssl" && len(names) == 0 {
		// Only what openssl speed can be compared with.
		var withOpenSSL []*Algorithm
		for _, a := range algs {
			if a.OpenSSL != "" {
				withOpenSSL = append(withOpenSSL, a)
			} else {
				skippedOpenSSL = append(skippedOpenSSL, a.Name)
			}
		}
		algs = withOpenSSL
	}

	start := time.Now()
	results, err := bench(algs, cfg)
	if err != nil {
		return fail("%v", err)
	}
	if !*mr && !*jsonOut {
		fmt.Fprintf(stderr, "measured in %.1fs\n", time.Since(start).Seconds())
	}
	env.recalibrate()

	switch {
	case *jsonOut:
		if err := writeJSON(stdout, results, env); err != nil {
			return fail("%v", err)
		}
	case *mr:
		writeMR(stdout, algs, results)
	case cfg.compare:
		writeCompare(stdout, algs, results, env, *rounds, cfg.ossl, skippedOpenSSL)
	default:
		writeVersion(stdout, env, d, *multi)
		writeTable(stdout, algs, results, curvekitName)
	}
	failed := 0
	for _, r := range results {
		if r.Err != "" {
			failed++
		}
	}
	defer func() {
		if failed > 0 && code == 0 {
			fmt.Fprintf(stderr, "ecbench: %d measurements failed (see above)\n", failed)
			code = 1
		}
	}()
	if *svg != "" {
		title := "curvekit " + curvekit.Version + " ecbench: " + env.CPU + ", " + env.GoVersion + " " + env.GOOS + "/" + env.GOARCH
		caption := "$ ecbench " + strings.Join(args, " ") + "\n" + start.UTC().Format("2006-01-02 15:04 UTC") +
			"; error bars: the ± of curvekit and of the other implementation, compounded"
		if err := os.WriteFile(*svg, renderSVG(results, title, caption), 0o644); err != nil {
			return fail("%v", err)
		}
	}
	return 0
}

// writeVersion prints the lines openssl speed prints above its tables,
// the backend one package per line, and the clock the cycle figures of
// -compare and -seeds are counted at.
func writeVersion(w io.Writer, env envInfo, d time.Duration, multi int) {
	fmt.Fprintf(w, "version: curvekit %s ecbench, %s\n", curvekit.Version, env.GoVersion)
	lines := backendLines()
	fmt.Fprintf(w, "built on: %s/%s, %s\n", env.GOOS, env.GOARCH, lines[0])
	for _, l := range lines[1:] {
		fmt.Fprintf(w, "          %s\n", l)
	}
	fmt.Fprintf(w, "options: -seconds %s -multi %d\n", secs(d), multi)
	writeClock(w, env.clockLines())
	fmt.Fprintf(w, "CPUINFO: %s\n", env.CPU)
}

// parseInterspersed parses flags before, between and after the positional
// arguments (algorithm names), which the flag package alone stops at, and
// returns the names. Everything after "--" is a name.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var names []string
	for {
		i := slices.Index(args, "--")
		if err := fs.Parse(args); err != nil {
			return names, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return names, nil
		}
		if i >= 0 && len(rest) == len(args)-i-1 {
			// The flag package stopped at "--": the rest are names.
			return append(names, rest...), nil
		}
		names = append(names, rest[0])
		args = rest[1:]
	}
}

// checkWritable reports whether path can be created or overwritten, by
// opening it for writing; a file it creates is removed again.
func checkWritable(path string) error {
	_, statErr := os.Stat(path)
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	f.Close()
	if os.IsNotExist(statErr) {
		os.Remove(path)
	}
	return nil
}

// fmtGHz rounds a clock for printing: 2.096 → "2.1".
func fmtGHz(g float64) string { return strconv.FormatFloat(g, 'f', 1, 64) }

func algNames() []string {
	var s []string
	for _, a := range registry {
		s = append(s, a.Name)
	}
	return s
}
