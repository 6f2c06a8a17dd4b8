package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/tablefree"
)

// -svg to a path that cannot be written fails before anything is measured.
func TestSVGUnwritableFailsEarly(t *testing.T) {
	bad := filepath.Join(t.TempDir(), "no-such-dir", "chart.svg")
	for _, args := range [][]string{
		{"-compare", "go", "-svg", bad, "ed25519"},
		{"-svg", filepath.Join(t.TempDir(), "chart.svg"), "ed25519"}, // a chart of ratios needs -compare
	} {
		code, out, errOut := ecbench(t, args...)
		if code != 1 || out != "" || strings.Contains(errOut, "Doing") || !strings.Contains(errOut, "-svg") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// Flags after algorithm names are flags, not names.
func TestFlagsAfterNames(t *testing.T) {
	code, out, errOut := ecbench(t, "ed25519", "-ms", "1", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	n := 0
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var j jsonResult
		if err := dec.Decode(&j); err == io.EOF {
			break
		} else if err != nil {
			t.Fatalf("not JSON (flags after the name ignored?): %v\n%s", err, out)
		}
		if j.Algorithm != "ed25519" {
			t.Errorf("unselected algorithm %s", j.Algorithm)
		}
		n++
	}
	if n != 2 {
		t.Errorf("%d results, want sign and verify", n)
	}
	// Names and flags mixed, and "--" ending the flags.
	if code, out, _ := ecbench(t, "ed25519", "-list", "x25519-base"); code != 0 || !strings.Contains(out, "x25519-base") || strings.Contains(out, "ecdhx448") {
		t.Errorf("ed25519 -list x25519-base: exit %d\n%s", code, out)
	}
	if code, _, errOut := ecbench(t, "-list", "--", "-ms"); code != 1 || !strings.Contains(errOut, `unknown algorithm "-ms"`) {
		t.Errorf("-list -- -ms: exit %d, %s", code, errOut)
	}
	if code, _, errOut := ecbench(t, "ed25519", "-no-such-flag"); code != 2 || !strings.Contains(errOut, "no-such-flag") {
		t.Errorf("unknown flag after a name: exit %d, %s", code, errOut)
	}
}

// -json carries curvekit's speed-up over each peer, the table's column.
func TestJSONSpeedup(t *testing.T) {
	code, out, errOut := ecbench(t, "-ms", "2", "-rounds", "2", "-compare", "go", "-json", "ed25519", "ecdhx448")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	ck := map[string]float64{}
	var peers []jsonResult
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var j jsonResult
		if err := dec.Decode(&j); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		if j.Implementation == curvekitName {
			if j.CurvekitSpeedup != nil {
				t.Errorf("curvekit line with a speed-up over itself: %+v", j)
			}
			if j.OpsPerSec != nil {
				ck[j.Algorithm+" "+j.Op] = *j.OpsPerSec
			}
			continue
		}
		peers = append(peers, j)
	}
	with := 0
	for _, j := range peers {
		c, ok := ck[j.Algorithm+" "+j.Op]
		switch {
		case !ok || j.OpsPerSec == nil: // no curvekit figure for the row
			if j.CurvekitSpeedup != nil {
				t.Errorf("speed-up without curvekit figures: %+v", j)
			}
		case j.CurvekitSpeedup == nil:
			t.Errorf("no curvekit_speedup: %+v", j)
		default:
			with++
			if want := c / *j.OpsPerSec; math.Abs(*j.CurvekitSpeedup-want) > 1e-3*want { // both rounded
				t.Errorf("%s %s %s: curvekit_speedup %v, want %v", j.Algorithm, j.Op, j.Implementation, *j.CurvekitSpeedup, want)
			}
		}
	}
	if with != 7 { // ed25519 sign and verify × crypto/ed25519, voi, circl; ecdhx448 × circl
		t.Errorf("%d peer lines with a speed-up, want 7", with)
	}
}

// fakeRun is a result with the given round rates.
func fakeRun(a *Algorithm, op Op, impl string, rates ...float64) Result {
	return Result{Alg: a, Op: op, Impl: impl, Rate: median(rates), RoundRates: rates, Rounds: len(rates), Goroutines: 1}
}

func TestCompareNoiseAndOpenSSLGaps(t *testing.T) {
	ed, base := findAlg("ed25519"), findAlg("x25519-base")
	env := envInfo{CPU: "test CPU", GHz: 2.0959, GHzSource: "test", GOOS: "linux", GOARCH: "amd64", Backend: "64-bit"}
	quiet := []Result{
		fakeRun(ed, ed.Ops[0], curvekitName, 100, 101, 102),
		fakeRun(ed, ed.Ops[0], "voi", 50, 51, 52),
		fakeRun(base, base.Ops[0], curvekitName, 100, 101, 102),
	}
	noisy := append([]Result{fakeRun(ed, ed.Ops[1], curvekitName, 100, 150, 200)}, quiet...)
	ossl := &openssl{path: "/usr/bin/openssl", version: "3.0.0"}

	var b bytes.Buffer
	writeCompare(&b, []*Algorithm{ed, base}, quiet, env, 3, ossl, []string{"ed25519-batch"})
	out := b.String()
	if strings.Contains(out, "%!") || strings.Contains(out, "warning") {
		t.Errorf("quiet run marked noisy:\n%s", out)
	}
	for _, want := range []string{
		"openssl: no counterpart in openssl speed",
		"openssl speed has no counterpart for: x25519-base",
		"left out, openssl speed has no counterpart: ed25519-batch",
		"1.98×", // 101 ÷ 51
		"× 2.10 GHz",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	b.Reset()
	writeCompare(&b, []*Algorithm{ed, base}, noisy, env, 3, nil, nil)
	out = b.String()
	if !strings.Contains(out, "33.3%!") || !strings.Contains(out, "warning: rows marked ! varied by more than ±10%") {
		t.Errorf("noisy row not marked or no warning:\n%s", out)
	}
	if strings.Contains(out, "no counterpart") {
		t.Errorf("openssl gaps named without -compare openssl:\n%s", out)
	}
}

func TestGHzRounded(t *testing.T) {
	var b bytes.Buffer
	writeVersion(&b, envInfo{CPU: "x", GHz: 3.694321, GHzSource: "calibrated", Clock: clockCalibration{GHz: 3.694321, Spread: 0.003}, NominalGHz: 2.095983}, time.Second, 1)
	if !strings.Contains(b.String(), "clock: 3.69 GHz ±0.3%, calibrated in-process") || !strings.Contains(b.String(), "nominal 2.1 GHz") {
		t.Errorf("clock not rounded: %s", b.String())
	}
}

func TestCounter(t *testing.T) {
	var b bytes.Buffer
	now := time.Unix(0, 0)
	c := newCounter(&b, 4, 4*time.Second)
	c.now = func() time.Time { return now }
	for i := 0; i < 4; i++ {
		c.step("ed25519 sign curvekit", time.Second)
		now = now.Add(2 * time.Second) // twice as long as planned
	}
	want := "[1/4] ed25519 sign curvekit, ~4s left\n" +
		"[2/4] ed25519 sign curvekit, ~6s left\n" + // 3 s planned left × 2
		"[3/4] ed25519 sign curvekit, ~4s left\n" +
		"[4/4] ed25519 sign curvekit, ~2s left\n"
	if b.String() != want {
		t.Errorf("got\n%swant\n%s", b.String(), want)
	}
	if roundLeft(93*time.Second) != "1m35s" || roundLeft(10*time.Minute+20*time.Second) != "10m0s" {
		t.Errorf("roundLeft: %s, %s", roundLeft(93*time.Second), roundLeft(10*time.Minute+20*time.Second))
	}
}

// -compare runs print [k/N] progress, k running up to N.
func TestProgressCount(t *testing.T) {
	code, _, errOut := ecbench(t, "-ms", "1", "-rounds", "2", "-compare", "go", "ed25519")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	steps := regexp.MustCompile(`(?m)^\[(\d+)/(\d+)\] ed25519 (sign|verify) \S+, ~\S+ left$`).FindAllStringSubmatch(errOut, -1)
	// 2 ops × 4 implementations × 2 rounds.
	if len(steps) != 16 || steps[15][1] != "16" || steps[15][2] != "16" {
		t.Errorf("progress lines %v:\n%s", steps, errOut)
	}
}

// The chart: one bar per peer with curvekit's speed-up, in the order of the
// results (the table's), unimplemented rows left out and named.
func TestChartRatios(t *testing.T) {
	ed, x448 := findAlg("ed25519"), findAlg("ecdhx448")
	rs := []Result{
		fakeRun(ed, ed.Ops[0], curvekitName, 100, 100),
		fakeRun(ed, ed.Ops[0], "circl", 200, 200),
		fakeRun(ed, ed.Ops[0], "crypto/ed25519", 50, 50),
		fakeRun(ed, ed.Ops[0], "openssl 3.0.0", 25, 25),
		{Alg: x448, Op: x448.Ops[0], Impl: curvekitName, NotImplemented: true},
		fakeRun(x448, x448.Ops[0], "circl", 10, 10),
	}
	groups, omitted, _ := chartGroups(rs)
	if len(groups) != 1 || len(omitted) != 1 || omitted[0] != "ecdhx448" {
		t.Fatalf("groups %+v, omitted %v", groups, omitted)
	}
	var got []string
	for _, b := range groups[0].bars {
		got = append(got, b.impl+" "+fmtSpeedup(b.ratio))
	}
	if want := "circl 0.50×,crypto/ed25519 2.00×,openssl 3.0.0 4.00×"; strings.Join(got, ",") != want {
		t.Errorf("bars %q, want %q", strings.Join(got, ","), want)
	}
	svg := renderSVG(rs, "title", "$ ecbench -compare all (2026-12-01 00:00 UTC)")
	var doc struct {
		Texts []string `xml:"text"`
	}
	if err := xml.Unmarshal(svg, &doc); err != nil {
		t.Fatal(err)
	}
	all := strings.Join(doc.Texts, "|")
	for _, want := range []string{"|1×|", "|4×|", "|0.25×|", "log scale", "$ ecbench -compare all (2026-12-01 00:00 UTC)", "not shown", "ecdhx448"} {
		if !strings.Contains(all, want) {
			t.Errorf("chart lacks %q: %s", want, all)
		}
	}
	if strings.Contains(all, "ecdhx448 op:") {
		t.Errorf("unimplemented row drawn: %s", all)
	}
}

// -seeds-part measures the handshakes, and the Goldilocks rows fill in from
// the registry as soon as curvekit implementations are registered.
func TestSeedsPartFillsFromRegistry(t *testing.T) {
	parse := func() seedRun {
		t.Helper()
		code, out, errOut := ecbench(t, "-seeds-part", "-ms", "1", "-rounds", "1")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, errOut)
		}
		var r seedRun
		if err := json.Unmarshal([]byte(out), &r); err != nil {
			t.Fatalf("%v: %s", err, out)
		}
		return r
	}
	r := parse()
	for _, k := range []string{keyAce, keyNtor} {
		if f := r.Figures[k]; !f.ok() {
			t.Errorf("%s: %+v", k, f)
		}
	}
	for _, g := range goldilocksKeys {
		f := r.Figures[g.key]
		if a := findAlg(g.alg); a.Curvekit.Implemented() != f.ok() {
			t.Errorf("%s: %+v with curvekit implemented = %v", g.key, f, a.Curvekit.Implemented())
		}
	}
	withStandIns(t)
	r = parse()
	for _, g := range goldilocksKeys {
		if f := r.Figures[g.key]; !f.ok() {
			t.Errorf("%s with a registered implementation: %+v", g.key, f)
		}
	}
}

// Table 3's operations run on both paths and leave the tables switched on.
func TestSeedsTableFree(t *testing.T) {
	if tablefree.Set == nil {
		t.Skip("the table-free switch exists only with -tags curvekit_tablefree")
	}
	var ops []seedOp
	for _, op := range seedOps(true) {
		if strings.HasSuffix(op.key, "tables") || strings.HasSuffix(op.key, "table-free") {
			ops = append(ops, op)
		}
	}
	if len(ops) != 2*len(tableOps) {
		t.Fatalf("%d table ops, want %d", len(ops), 2*len(tableOps))
	}
	figs := measureSeeds(ops, 2*time.Millisecond, 1, nil)
	for _, op := range ops {
		if f := figs[op.key]; !f.ok() {
			t.Errorf("%s: %+v", op.key, f)
		}
	}
	if !curve25519.BasepointTableOK() {
		t.Error("tables left switched off")
	}
}

// The seeds tables: figures in fixed columns, one conclusion per table,
// missing columns and primitives named.
func TestWriteSeedsLayout(t *testing.T) {
	figs := map[string]seedFigure{keyAce: {NsPerOp: 150e3, Spread: 0.02, Rounds: 3, Status: "ok"}, keyNtor: {NsPerOp: 200e3, Spread: 0.2, Rounds: 3, Status: "ok"}}
	for _, k := range tableOps {
		figs[k+" tables"] = seedFigure{NsPerOp: 10e3, Rounds: 3, Status: "ok"}
		figs[k+" table-free"] = seedFigure{NsPerOp: 30e3, Rounds: 3, Status: "ok"}
	}
	for _, g := range goldilocksKeys {
		figs[g.key] = seedFigure{Status: "not yet implemented"}
	}
	rep := &seedReport{Date: "2026-12-01 00:00 UTC", CPU: "test CPU", GHz: 2, Go: "go1.26",
		Main: &seedRun{Backend: "64-bit", Figures: figs}, Why32: "no source here", Why386: "emulation only",
		OpenSSL: map[string]float64{"sign": 20e3, "verify": 60e3, "ecdh": 50e3}}
	var b bytes.Buffer
	writeSeeds(&b, rep)
	out := b.String()
	if n := strings.Count(out, "\nConclusion"); n != 3 {
		t.Errorf("%d conclusions, want 3:\n%s", n, out)
	}
	for _, want := range []string{
		"Conclusion holds: Ace is faster than ntor here too (64-bit 1.33×",
		"32-bit (-tags curvekit32) backend: missing: no source here",
		"32-bit (GOARCH=386) backend: missing: emulation only",
		"not yet in curvekit: ed448 keygen",
		"Conclusion: not checked yet",
		"Conclusion holds: the tables make every one of these operations at least 1.5× faster here too",
		"20.0%!", "warning: rows marked !",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	// Figures end in the columns of the header (µs at 46, cycles at 58, ...).
	var cols []int
	for _, l := range strings.Split(out, "\n") {
		if strings.Contains(l, "cycles*") && !strings.Contains(l, ":") {
			cols = columnEnds(l, regexp.MustCompile(`µs|cycles\*?|±`))
			continue
		}
		if !strings.HasPrefix(l, "  ") || strings.Contains(l, "not yet implemented") {
			continue
		}
		const labelW = 37 // "  " + name, padded
		for _, e := range columnEnds(l[labelW:], regexp.MustCompile(`[0-9,.]+[×%!]*`)) {
			e += labelW
			found := false
			for _, c := range cols {
				found = found || e == c || e == c+1 // "!" of a noisy ±
			}
			if !found {
				t.Errorf("figure ending at %d, not under a column %v: %q", e, cols, l)
			}
		}
	}
}

// -seeds -json carries the tables' speed-ups beside the published ones.
func TestSeedsJSONSpeedups(t *testing.T) {
	figs := map[string]seedFigure{keyAce: {NsPerOp: 100, Status: "ok"}, keyNtor: {NsPerOp: 150, Status: "ok"},
		"ed25519 sign tables": {NsPerOp: 10, Status: "ok"}, "ed25519 sign table-free": {NsPerOp: 40, Status: "ok"}}
	rep := &seedReport{Main: &seedRun{Figures: figs}, Bit32: &seedRun{Figures: map[string]seedFigure{keyAce: {NsPerOp: 100, Status: "ok"}}}}
	computeSpeedups(rep)
	for k, want := range map[string]float64{
		"main: ace over ntor":                            1.5,
		"main: ed25519 sign tables over table-free":      4,
		"published 32-bit: ace over ntor":                5179069.0 / 2797303,
		"published: ed25519 sign tables over table-free": 62.16 / 23.84,
	} {
		if got := rep.Speedups[k]; math.Abs(got-want) > 1e-9 {
			t.Errorf("%s = %v, want %v", k, got, want)
		}
	}
	if _, ok := rep.Speedups["curvekit32: ace over ntor"]; ok {
		t.Error("a speed-up without the ntor figure")
	}
}

func TestLibraryOf(t *testing.T) {
	for name, want := range map[string]string{"ntor on voi": "voi", "Ace-shaped on filippo": "filippo", "filippo-ref": "filippo",
		"voi": "", "ed25519consensus": "", "crypto/ecdh": "", "ntor on crypto/ecdh": "crypto/ecdh"} {
		if got := libraryOf(name); got != want {
			t.Errorf("libraryOf(%q) = %q, want %q", name, got, want)
		}
	}
}

// -seeds end to end, outside the source tree: the three tables print with
// measured figures, and the 32-bit columns say why they are missing.
func TestEndToEndSeedsOutsideSource(t *testing.T) {
	if os.Getenv("CURVEKIT_QEMU_USER") != "" {
		// -seeds runs openssl speed as a child process.
		t.Skip("running a child process is broken under qemu-user")
	}
	t.Chdir(t.TempDir())
	code, out, errOut := ecbench(t, "-seeds", "-ms", "1", "-rounds", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{
		"1. Ace vs ntor", "2. Goldilocks vs P-256", "3. Basepoint tables",
		"speed-up of the tables",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("lacks %q:\n%s", want, out)
		}
	}
	missing := "32-bit (-tags curvekit32) backend: missing: the curvekit source is not at hand"
	measured := `(?m)^  Ace +- +401,129 +\d+\.\d\d +([0-9,]+|-) +-$` // one round: no ±; cycles "-" if the clock could not be calibrated
	if shortBackend(fieldBackend) == "32-bit" {
		missing = "64-bit backend: missing: this binary is the 32-bit build"
		measured = `(?m)^  Ace +- +2,797,303 +\d+\.\d\d +([0-9,]+|-) +-$`
	}
	if !strings.Contains(out, missing) {
		t.Errorf("lacks %q:\n%s", missing, out)
	}
	if n := strings.Count(out, "\nConclusion"); n != 3 {
		t.Errorf("%d conclusions, want 3:\n%s", n, out)
	}
	if !regexp.MustCompile(measured).MatchString(out) {
		t.Errorf("no measured Ace row:\n%s", out)
	}
	if !regexp.MustCompile(`(?m)^\[\d+/\d+\] ace handshake, ~\S+ left$`).MatchString(errOut) {
		t.Errorf("no progress lines:\n%s", errOut)
	}
}

// A bar whose error bar crosses 1× is marked, every bar carries both
// absolute times, and no grid line runs through a group's title.
func TestChartMarksAndTimes(t *testing.T) {
	ed := findAlg("ed25519")
	rs := []Result{
		fakeRun(ed, ed.Ops[0], curvekitName, 100e3, 100e3, 100e3), // 10 µs
		fakeRun(ed, ed.Ops[0], "voi", 95e3, 100e3, 105e3),         // 1.00×, ± crosses 1×
		fakeRun(ed, ed.Ops[0], "circl", 50e3, 50e3, 50e3),         // 2.00×, 20 µs
	}
	svg := string(renderSVG(rs, "title", "caption"))
	var doc struct {
		Texts []struct {
			Y    int    `xml:"y,attr"`
			Text string `xml:",chardata"`
		} `xml:"text"`
		Lines []struct {
			Y1 int `xml:"y1,attr"`
			Y2 int `xml:"y2,attr"`
		} `xml:"line"`
	}
	if err := xml.Unmarshal([]byte(svg), &doc); err != nil {
		t.Fatal(err)
	}
	var labels []string
	titleY := -1
	for _, tx := range doc.Texts {
		if strings.HasSuffix(tx.Text, "µs)") || strings.Contains(tx.Text, "no clear winner") {
			labels = append(labels, tx.Text)
		}
		if strings.HasPrefix(tx.Text, "ed25519 sign:") {
			titleY = tx.Y
		}
	}
	want := []string{"1.00×  (10.0 µs vs 10.0 µs)  ± spans 1×: no clear winner", "2.00×  (10.0 µs vs 20.0 µs)"}
	if strings.Join(labels, "|") != strings.Join(want, "|") {
		t.Errorf("bar labels %q, want %q", labels, want)
	}
	if strings.Count(svg, `stroke-dasharray`) != 1 {
		t.Errorf("want one dashed (straddling) bar:\n%s", svg)
	}
	if titleY < 0 {
		t.Fatal("no group title")
	}
	for _, l := range doc.Lines {
		if l.Y1 <= titleY && titleY-12 <= l.Y2 {
			t.Errorf("grid line %d–%d runs through the title at %d", l.Y1, l.Y2, titleY)
		}
	}
}
