package main

import (
	"encoding/json"
	"fmt"
	"io"
	"math"
	"runtime"
	"strings"
	"time"

	"github.com/curvekit/curvekit"
)

// The seeds mode (-seeds) reproduces the three published comparisons
// curvekit was started for, each printed with the published figures beside
// this machine's and the speed-ups, which carry over between machines where
// absolute times do not. Every ratio is a speed-up: the slower one's time ÷
// the faster candidate's time, above 1 meaning the candidate named first is
// faster, the convention of ecbench's -compare column and the packages'
// Compare benchmarks.

// seedReport is everything the three tables print (and -json carries).
type seedReport struct {
	Version string  `json:"curvekit_version"`
	Date    string  `json:"date"`
	Command string  `json:"command"`
	CPU     string  `json:"cpu"`
	GHz     float64 `json:"ghz,omitempty"` // the clock cycles are counted at, rounded to 0.01 GHz
	// GHzSource is "calibrated" (in-process), "-ghz", or why there are no
	// cycle figures; Clock says how the clock was found.
	GHzSource string             `json:"ghz_source"`
	Clock     []string           `json:"clock"`
	Go        string             `json:"go_version"`
	Main      *seedRun           `json:"main"`            // this binary
	Bit32     *seedRun           `json:"bit32,omitempty"` // -tags curvekit32 build
	Why32     string             `json:"bit32_missing,omitempty"`
	Arch386   *seedRun           `json:"goarch386,omitempty"` // GOARCH=386 build
	Why386    string             `json:"goarch386_missing,omitempty"`
	OpenSSL   map[string]float64 `json:"openssl_p256_ns_per_op,omitempty"` // sign, verify, ecdh
	WhyOSSL   string             `json:"openssl_missing,omitempty"`
	// Conclusions are the three tables' verdicts, as printed.
	Conclusions []seedConclusion `json:"conclusions"`
	// Speedups are the tables' ratios, each the other's time ÷ the named
	// one's, keyed "<build>: <what>"; the published ones under "published: …".
	Speedups map[string]float64 `json:"speedups"`
}

// computeSpeedups fills rep.Speedups from the figures.
func computeSpeedups(rep *seedReport) {
	sp := map[string]float64{
		"published 64-bit: ace over ntor": float64(celatorNtor64) / celatorAce64,
		"published 32-bit: ace over ntor": float64(celatorNtor32) / celatorAce32,
	}
	put := func(k string, x float64) {
		if x > 0 {
			sp[k] = x
		}
	}
	runs := map[string]*seedRun{"main": rep.Main, "curvekit32": rep.Bit32, "386": rep.Arch386}
	for name, r := range runs {
		if r == nil {
			continue
		}
		put(name+": ace over ntor", speedup(fig(r, keyNtor), fig(r, keyAce)))
		for _, h := range hamburg[1:] {
			put(name+": "+h.key+" over "+h.p256, speedup(fig(r, h.p256), fig(r, h.key)))
		}
	}
	for _, h := range hamburg[1:] {
		sp["published: "+h.key+" over "+h.p256] = h.p256us / h.us
		op := h.p256[len("p256 "):]
		if ns := rep.OpenSSL[op]; ns > 0 {
			put("main: "+h.key+" over openssl "+h.p256, speedup(seedFigure{NsPerOp: ns, Status: "ok"}, fig(rep.Main, h.key)))
		}
	}
	for _, t := range tor9663 {
		sp["published: "+t.key+" tables over table-free"] = t.before / t.after
		put("main: "+t.key+" tables over table-free", speedup(fig(rep.Main, t.key+" table-free"), fig(rep.Main, t.key+" tables")))
	}
	rep.Speedups = sp
}

// seedsPart is the hidden -seeds-part mode: measure tables 1 and 2 in this
// build and print them as JSON for the parent ecbench.
func seedsPart(w io.Writer, d time.Duration, rounds int, stderr io.Writer) error {
	ops := seedOps(false)
	pr := newCounter(stderr, len(ops)*rounds, d*time.Duration(len(ops)))
	run := seedRun{Backend: fieldBackend, Packages: newJSONBackend(fieldBackend).Packages, GOARCH: runtime.GOARCH, Figures: measureSeeds(ops, d, rounds, pr)}
	return json.NewEncoder(w).Encode(run)
}

// runSeeds measures everything and prints the three tables (or JSON).
func runSeeds(stdout, stderr io.Writer, env envInfo, d time.Duration, rounds int, jsonOut bool, command string) error {
	rep := &seedReport{Version: curvekit.Version, Date: time.Now().UTC().Format("2006-01-02 15:04 UTC"), Command: command, CPU: env.CPU,
		GHz: round(env.GHz, 2), GHzSource: env.GHzSource, Clock: env.clockLines(), Go: env.GoVersion}
	ops := seedOps(true)
	fmt.Fprintf(stderr, "seeds: measuring this build (%s backend), %s per operation\n", shortBackend(fieldBackend), secs(d))
	pr := newCounter(stderr, len(ops)*rounds, d*time.Duration(len(ops)))
	rep.Main = &seedRun{Backend: fieldBackend, Packages: newJSONBackend(fieldBackend).Packages, GOARCH: env.GOARCH, Figures: measureSeeds(ops, d, rounds, pr)}

	args := []string{"-seconds", secs(d), "-rounds", itoa(rounds)}
	root := moduleRoot()
	switch {
	case shortBackend(fieldBackend) == "32-bit":
		rep.Why32 = "this binary is the 32-bit build: see its own column"
	case root == "":
		rep.Why32 = "the curvekit source is not at hand (run ecbench from inside the module, go run ./cmd/ecbench -seeds)"
	default:
		fmt.Fprintln(stderr, "seeds: building and running the -tags curvekit32 variant")
		r, err := runVariant(root, nil, "curvekit32", args)
		if err != nil {
			rep.Why32 = err.Error()
		}
		rep.Bit32 = r
	}
	switch why := emulated386(); {
	case env.GOARCH == "386":
		// This binary is the 386 build: its figures are the 32-bit column.
	case why != "":
		rep.Why386 = why
	case root == "":
		rep.Why386 = "the curvekit source is not at hand"
	default:
		fmt.Fprintln(stderr, "seeds: building and running a GOARCH=386 variant")
		r, err := runVariant(root, []string{"GOARCH=386"}, "", args)
		if err != nil {
			rep.Why386 = err.Error()
		}
		rep.Arch386 = r
	}
	rep.OpenSSL, rep.WhyOSSL = opensslP256(d)
	env.recalibrate()
	rep.Clock = env.clockLines()

	if jsonOut {
		writeSeeds(io.Discard, rep) // fills rep.Conclusions
		computeSpeedups(rep)
		roundSeedReport(rep)
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		return enc.Encode(rep)
	}
	writeSeeds(stdout, rep)
	return nil
}

// opensslP256 runs this machine's openssl speed for P-256's sign, verify
// and ECDH, in ns per op.
func opensslP256(d time.Duration) (map[string]float64, string) {
	o, err := findOpenSSL()
	if err != nil {
		return nil, err.Error()
	}
	s := max(1, int(math.Round(d.Seconds())))
	rates, _, err := o.speed([]string{"ecdsap256", "ecdhp256"}, s, 1)
	if err != nil {
		return nil, err.Error()
	}
	out := map[string]float64{}
	for _, r := range rates {
		if r.Bits != 256 || r.Rate <= 0 {
			continue
		}
		switch {
		case r.Table == TableECDSA && r.Op == "sign":
			out["sign"] = 1e9 / r.Rate
		case r.Table == TableECDSA && r.Op == "verify":
			out["verify"] = 1e9 / r.Rate
		case r.Table == TableECDH:
			out["ecdh"] = 1e9 / r.Rate
		}
	}
	return out, ""
}

// shortBackend is "64-bit" or "32-bit" without the assembly note.
func shortBackend(b string) string {
	f, _, _ := strings.Cut(b, " ")
	return f
}

// A seed table row: what, then published µs and cycles, then ours.
const seedRowFmt = "%-36s %9s %11s %9s %11s %7s\n"

func writeSeedHeader(w io.Writer, title, published string) {
	fmt.Fprintln(w, title)
	writeSeedColumns(w, published)
}

func writeSeedColumns(w io.Writer, published string) {
	fmt.Fprintf(w, "%-36s %-21s %s\n", "", " "+published, "  this machine")
	fmt.Fprintf(w, seedRowFmt, "", "µs", "cycles", "µs", "cycles*", "±")
}

// cell formats a time in ns as µs; cyc as cycles at ghz.
func usCell(ns float64) string {
	if ns <= 0 {
		return "-"
	}
	return fmt.Sprintf("%.2f", ns/1e3)
}

func cycCell(ns, ghz float64) string {
	if ns <= 0 || ghz <= 0 {
		return "-"
	}
	return groupThousands(ns * ghz)
}

func spreadCell(f seedFigure) string {
	if !f.ok() {
		return ""
	}
	if f.Rounds < 2 {
		return "-"
	}
	s := fmt.Sprintf("%.1f%%", 100*f.Spread)
	if f.Spread > noisySpread {
		s += "!"
	}
	return s
}

func speedCell(x float64) string {
	if x <= 0 || math.IsInf(x, 0) || math.IsNaN(x) {
		return "-"
	}
	return fmt.Sprintf("%.2f×", x)
}

// fig returns a run's figure (the zero figure, status "", if absent).
func fig(r *seedRun, key string) seedFigure {
	if r == nil {
		return seedFigure{}
	}
	return r.Figures[key]
}

// ourRow prints a measured row, or why it is missing.
func ourRow(w io.Writer, name string, pubNs, pubCyc float64, f seedFigure, ghz float64) {
	if !f.ok() {
		st := f.Status
		if st == "" {
			st = "not measured"
		}
		fmt.Fprintf(w, "%-36s %9s %11s   %s\n", "  "+name, usCell(pubNs), cycOrDash(pubCyc), st)
		return
	}
	fmt.Fprintf(w, seedRowFmt, "  "+name, usCell(pubNs), cycOrDash(pubCyc), usCell(f.NsPerOp), cycCell(f.NsPerOp, ghz), spreadCell(f))
}

func cycOrDash(c float64) string {
	if c <= 0 {
		return "-"
	}
	return groupThousands(c)
}

func ratioRow(w io.Writer, name string, pub, ours float64) {
	fmt.Fprintf(w, seedRowFmt, "  "+name, speedCell(pub), "", speedCell(ours), "", "")
}

// speedup is slow's time ÷ fast's time, 0 when either is missing.
func speedup(slow, fast seedFigure) float64 {
	if !slow.ok() || !fast.ok() {
		return 0
	}
	return slow.NsPerOp / fast.NsPerOp
}

// The published figures.
const (
	celatorAce64, celatorNtor64 = 401129, 472772
	celatorAce32, celatorNtor32 = 2797303, 5179069
)

var hamburg = []struct {
	key    string
	name   string
	us     float64 // Goldilocks on the Cortex-A9, µs
	p256   string  // the P-256 counterpart's key
	p256us float64 // OpenSSL 1.0.1's P-256 on the same core, µs (from ops/s)
}{
	{"ed448 keygen", "Ed448/X448 keygen", 1454.5, "", 0},
	{"x448 ecdh", "X448 ECDH", 3610.4, "p256 ecdh", 1e6 / 226.0},
	{"ed448 sign", "Ed448 sign", 1519.6, "p256 sign", 1e6 / 839.6},
	{"ed448 verify", "Ed448 verify", 3715.9, "p256 verify", 1e6 / 190.8},
}

var tor9663 = []struct {
	key           string
	before, after float64 // µs on the i5-4250U
}{
	{"ntor client part 1", 77.59, 24.01},
	{"ed25519 keygen", 60.96, 22.22},
	{"ed25519 sign", 62.16, 23.84},
	{"ed25519 verify", 161.53, 77.68},
	{"ed25519 blind", 139.10, 70.78},
}

// tor9663GHz is the i5-4250U's base clock, for the published cycle estimate.
const tor9663GHz = 1.3

// why64 is why a 32-bit build has no 64-bit column.
const why64 = "this binary is the 32-bit build (-tags curvekit32 or a 32-bit GOARCH); run ecbench -seeds without them"

// noisySpread is the ± above which a row is marked noisy.
const noisySpread = 0.10

// writeSeeds prints the three tables.
func writeSeeds(w io.Writer, rep *seedReport) {
	rep.Conclusions = nil
	fmt.Fprintf(w, "curvekit %s ecbench -seeds, %s: %s, %s\n", rep.Version, rep.Date, rep.CPU, rep.Go)
	switch {
	case rep.GHz > 0 && rep.GHzSource == "calibrated":
		fmt.Fprintf(w, "cycles*: this machine's cycles at the calibrated clock, µs × %.2f GHz\n", rep.GHz)
	case rep.GHz > 0:
		fmt.Fprintf(w, "cycles*: this machine's cycles at the -ghz clock, µs × %.2f GHz (not measured)\n", rep.GHz)
	default:
		fmt.Fprintln(w, "cycles*: none, µs only")
	}
	writeClock(w, rep.Clock)
	fmt.Fprintln(w, "speed-up: the other's time ÷ this one's (above 1: the one named first is faster); ±: spread of the rounds, ! above 10%")
	fmt.Fprintln(w)
	noisy := writeSeedAce(w, rep)
	fmt.Fprintln(w)
	noisy = writeSeedGoldilocks(w, rep) || noisy
	fmt.Fprintln(w)
	noisy = writeSeedTables(w, rep) || noisy
	if noisy {
		fmt.Fprintln(w)
		fmt.Fprintln(w, "warning: rows marked ! varied by more than ±10% between rounds (a busy machine?): rerun, with a larger -seconds, before relying on them.")
	}
}

func isNoisy(fs ...seedFigure) bool {
	for _, f := range fs {
		if f.ok() && f.Spread > noisySpread {
			return true
		}
	}
	return false
}

func writeSeedAce(w io.Writer, rep *seedReport) bool {
	writeSeedHeader(w, "1. Ace vs ntor: whole handshake, both sides, ephemeral keys precomputed and passed in", "celator")
	type col struct {
		label     string
		run       *seedRun
		why       string
		ace, ntor float64 // published cycles
	}
	cols := []col{{"64-bit", rep.Main, "", celatorAce64, celatorNtor64}}
	if shortBackend(rep.Main.Backend) == "32-bit" {
		cols = []col{{"64-bit", nil, why64, celatorAce64, celatorNtor64}, {"32-bit", rep.Main, "", celatorAce32, celatorNtor32}}
	} else {
		cols = append(cols, col{"32-bit (-tags curvekit32)", rep.Bit32, rep.Why32, celatorAce32, celatorNtor32})
	}
	if rep.Arch386 != nil || rep.Why386 != "" {
		cols = append(cols, col{"32-bit (GOARCH=386)", rep.Arch386, rep.Why386, celatorAce32, celatorNtor32})
	}
	noisy := false
	var checks []seedCheck
	for _, c := range cols {
		if c.run == nil {
			fmt.Fprintf(w, "%s backend: missing: %s\n", c.label, c.why)
			continue
		}
		fmt.Fprintf(w, "%s backend\n", c.label)
		fa, fn := fig(c.run, keyAce), fig(c.run, keyNtor)
		ourRow(w, "Ace", 0, c.ace, fa, rep.GHz)
		ourRow(w, "ntor", 0, c.ntor, fn, rep.GHz)
		s := speedup(fn, fa)
		ratioRow(w, "Ace speed-up over ntor", float64(c.ntor)/float64(c.ace), s)
		noisy = noisy || isNoisy(fa, fn)
		if ch, ok := newSeedCheck(c.label, fn, fa); ok {
			checks = append(checks, ch)
		}
	}
	v := judgeSeedChecks(checks, 1)
	line := "Conclusion: not checked here (no handshake could be measured)."
	if v.word != verdictNotChecked {
		line = v.sentence("Ace is faster than ntor", "Ace is not faster than ntor", "published 1.18× on 64-bit, 1.85× on 32-bit")
	}
	rep.conclude(w, "ace vs ntor", v.word, line)
	return noisy
}

func writeSeedGoldilocks(w io.Writer, rep *seedReport) bool {
	writeSeedHeader(w, "2. Goldilocks vs P-256 (published: one core of a 1 GHz Cortex-A9, 32-bit code, OpenSSL 1.0.1's P-256)", "Hamburg")
	type col struct {
		label string
		run   *seedRun
		why   string
	}
	var cols []col
	if shortBackend(rep.Main.Backend) == "32-bit" {
		cols = []col{{"32-bit", rep.Main, ""}, {"64-bit", nil, why64}}
	} else {
		cols = []col{{"32-bit", rep.Bit32, rep.Why32}, {"64-bit", rep.Main, ""}}
	}
	noisy := false
	var missing []string
	var checks []seedCheck
	var signs []string
	for _, c := range cols {
		if c.run == nil {
			fmt.Fprintf(w, "%s backend: missing: %s\n", c.label, c.why)
			continue
		}
		fmt.Fprintf(w, "%s backend\n", c.label)
		for _, h := range hamburg {
			f := fig(c.run, h.key)
			ourRow(w, h.name, h.us*1e3, h.us*1e3, f, rep.GHz)
			noisy = noisy || isNoisy(f)
			if !f.ok() && !contains(missing, h.key) {
				missing = append(missing, h.key)
			}
		}
		for _, h := range hamburg[1:] {
			f := fig(c.run, h.p256)
			name := "P-256 " + strings.TrimPrefix(strings.TrimPrefix(h.name, "Ed448 "), "X448 ")
			ourRow(w, name, h.p256us*1e3, h.p256us*1e3, f, rep.GHz)
			noisy = noisy || isNoisy(f)
			if !f.ok() && !contains(missing, h.p256) {
				missing = append(missing, h.p256)
			}
		}
		for _, h := range hamburg[1:] {
			slow, fast := fig(c.run, h.p256), fig(c.run, h.key)
			ratioRow(w, h.name+" speed-up over P-256", h.p256us/h.us, speedup(slow, fast))
			ch, ok := newSeedCheck(c.label+" "+h.name, slow, fast)
			switch {
			case !ok:
			case h.key == "ed448 sign":
				// Published slower: not part of the conclusion.
				signs = append(signs, ch.text(false))
			default:
				checks = append(checks, ch)
			}
		}
	}
	if rep.OpenSSL != nil {
		fmt.Fprintln(w, "this machine's openssl speed (its own build)")
		for _, h := range hamburg[1:] {
			op := h.p256[len("p256 "):]
			name := "P-256 " + strings.TrimPrefix(strings.TrimPrefix(h.name, "Ed448 "), "X448 ")
			ourRow(w, name, h.p256us*1e3, h.p256us*1e3, seedFigure{NsPerOp: rep.OpenSSL[op], Status: "ok"}, rep.GHz)
		}
		for _, h := range hamburg[1:] {
			op := h.p256[len("p256 "):]
			ours := speedup(seedFigure{NsPerOp: rep.OpenSSL[op], Status: "ok"}, fig(rep.Main, h.key))
			ratioRow(w, shortBackend(rep.Main.Backend)+" "+h.name+" over openssl", h.p256us/h.us, ours)
		}
	} else {
		fmt.Fprintf(w, "this machine's openssl speed P-256: missing: %s\n", rep.WhyOSSL)
	}
	if len(missing) > 0 {
		fmt.Fprintf(w, "not yet in curvekit: %s (the curve448/ed448 and p256 packages; these rows fill in once alg_x448.go, alg_ed448.go and alg_p256.go register them)\n", strings.Join(missing, ", "))
	}
	v := judgeSeedChecks(checks, 1)
	line := "Conclusion: not checked yet — curvekit has no Ed448/X448 or no P-256 to compare (published: Goldilocks faster at ECDH 1.23× and verify 1.41×, slower to sign 0.78×)."
	if v.word != verdictNotChecked {
		line = v.sentence("Goldilocks is at least as fast as P-256 at ECDH and verification",
			"Goldilocks is slower than P-256", "published: ECDH 1.23×, verify 1.41×")
	}
	rep.conclude(w, "goldilocks vs p-256", v.word, line)
	if len(signs) > 0 {
		fmt.Fprintf(w, "(signing, published slower, 0.78×, and not part of the conclusion: %s)\n", strings.Join(signs, ", "))
	}
	return noisy
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

func writeSeedTables(w io.Writer, rep *seedReport) bool {
	fmt.Fprintln(w, "3. Basepoint tables vs the table-free path (published: Tor #9663 on an i5-4250U, cycles at its 1.3 GHz base clock)")
	writeSeedColumns(w, "Tor #9663")
	noisy := false
	var checks []seedCheck
	for _, t := range tor9663 {
		free, tab := fig(rep.Main, t.key+" table-free"), fig(rep.Main, t.key+" tables")
		fmt.Fprintln(w, t.key)
		ourRow(w, "table-free", t.before*1e3, t.before*1e3*tor9663GHz, free, rep.GHz)
		ourRow(w, "tables", t.after*1e3, t.after*1e3*tor9663GHz, tab, rep.GHz)
		ratioRow(w, "speed-up of the tables", t.before/t.after, speedup(free, tab))
		noisy = noisy || isNoisy(free, tab)
		if ch, ok := newSeedCheck(strings.TrimPrefix(t.key, "ed25519 "), free, tab); ok {
			checks = append(checks, ch)
		}
	}
	fmt.Fprintln(w, "(verify: curvekit verifies through the [2^128]B split, whose table of [2^128]B stays in use on the table-free path; only B's own tables are switched off)")
	v := judgeSeedChecks(checks, 1.5)
	line := "Conclusion: not checked (this build cannot switch off its tables)."
	if v.word != verdictNotChecked {
		line = v.sentence("the tables make every one of these operations at least 1.5× faster",
			"the tables make these operations less than 1.5× faster", "Tor: 1.97–3.23×")
	}
	rep.conclude(w, "basepoint tables", v.word, line)
	return noisy
}

// round rounds x to the given number of decimals, for JSON.
func round(x float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(x*p) / p
}

// roundSeedReport rounds the report's figures for -json: times to 0.1 ns,
// spreads and speed-ups to 4 decimals.
func roundSeedReport(rep *seedReport) {
	for _, r := range []*seedRun{rep.Main, rep.Bit32, rep.Arch386} {
		if r == nil {
			continue
		}
		for k, f := range r.Figures {
			f.NsPerOp, f.Spread = round(f.NsPerOp, 1), round(f.Spread, 4)
			r.Figures[k] = f
		}
	}
	for k, x := range rep.OpenSSL {
		rep.OpenSSL[k] = round(x, 1)
	}
	for k, x := range rep.Speedups {
		rep.Speedups[k] = round(x, 4)
	}
}

// seedConclusion is one table's verdict in -seeds -json.
type seedConclusion struct {
	Table    string `json:"table"`
	Verdict  string `json:"verdict"` // "holds", "does not hold", "inconclusive" or "not checked"
	Sentence string `json:"sentence"`
}

// conclude prints a table's conclusion line and records it for -json.
func (rep *seedReport) conclude(w io.Writer, table, verdict, line string) {
	fmt.Fprintln(w, line)
	rep.Conclusions = append(rep.Conclusions, seedConclusion{table, verdict, line})
}
