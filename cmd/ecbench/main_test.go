package main

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/fieldarith/field25519"
	"github.com/curvekit/curvekit/fieldarith/field448"
	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/fieldarith/fieldp384"
	"github.com/curvekit/curvekit/fieldarith/scalarp256"
	"github.com/curvekit/curvekit/fieldarith/scalarp384"
	"github.com/curvekit/curvekit/p256"
	"github.com/curvekit/curvekit/p384"
)

// ecbench runs the command in-process.
func ecbench(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	var o, e bytes.Buffer
	code = run(args, &o, &e)
	return code, o.String(), e.String()
}

// withStandIns fills every empty curvekit slot with the algorithm's first
// peer for the duration of the test, so the curvekit code paths (table
// rows, +F lines, ratios) run before the primitives exist.
func withStandIns(t *testing.T) {
	saved := map[*Algorithm]Impl{}
	for _, a := range registry {
		if !a.Curvekit.Implemented() && len(a.Peers) > 0 {
			saved[a] = a.Curvekit
			a.Curvekit = Impl{Name: curvekitName, New: a.Peers[0].New}
		}
	}
	t.Cleanup(func() {
		for a, im := range saved {
			a.Curvekit = im
		}
	})
}

func TestRegistry(t *testing.T) {
	names := map[string]bool{}
	for _, a := range registry {
		names[a.Name] = true
		if (a.OpenSSL != "") != tables[a.Table].openssl {
			t.Errorf("%s: openssl name %q in table %d", a.Name, a.OpenSSL, a.Table)
		}
		if !a.Curvekit.Implemented() && len(a.Peers) == 0 {
			t.Errorf("%s: neither curvekit nor a peer implements it", a.Name)
		}
		for _, im := range a.Peers {
			if im.Name == "" || im.Name == curvekitName || im.New == nil {
				t.Errorf("%s: bad peer %+v", a.Name, im)
			}
		}
	}
	// Every algorithm the README lists must be registered.
	for _, n := range []string{"ed25519", "ecdhx25519", "ed25519-batch", "x25519-base", "scalarmult", "double-scalarmult",
		"ed448", "ecdhx448", "ecdsap256", "ecdhp256", "ecdsap384", "ecdhp384", "ed25519-blind", "ntor", "ace"} {
		if !names[n] {
			t.Errorf("algorithm %s not registered", n)
		}
	}
	if _, err := selectAlgorithms([]string{"eddsa"}); err != nil {
		t.Error(err)
	}
	if algs, _ := selectAlgorithms([]string{"ECDH"}); len(algs) != 4 {
		t.Errorf("ecdh selects %d algorithms, want 4", len(algs))
	}
}

// The default table, with every curvekit slot filled: one row per
// algorithm (per op for batches), every figure positive.
func TestEndToEndTable(t *testing.T) {
	withStandIns(t)
	code, out, errOut := ecbench(t, "-ms", "2")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, table, _ := strings.Cut(out, "CPUINFO:")
	_, table, _ = strings.Cut(table, "\n")
	rows := checkTableLayout(t, table)
	for _, a := range registry {
		if tables[a.Table].rowPerOp {
			for _, op := range a.Ops {
				l := strings.TrimSuffix(label(a), ")") + " " + op.Name + ")"
				if len(rows[l]) != 1 {
					t.Errorf("row %q: %v", l, rows[l])
				}
			}
		} else if len(rows[label(a)]) != len(a.Ops) {
			t.Errorf("row %q: %v", label(a), rows[label(a)])
		}
	}
	// A progress line per measurement, in openssl's words.
	for _, want := range []string{"Doing 253 bits sign Ed25519's for 0.002s: ", " 253 bits Ed25519 signs in ", "-bits ECDH ops in "} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
}

func TestEndToEndNotImplemented(t *testing.T) {
	code, out, errOut := ecbench(t, "-ms", "1")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	_, table, _ := strings.Cut(out, "CPUINFO:")
	_, table, _ = strings.Cut(table, "\n")
	checkTableLayout(t, table)
	for _, a := range registry {
		if a.Curvekit.Implemented() {
			continue
		}
		if !strings.Contains(out, label(a)+" curvekit: not yet implemented") {
			t.Errorf("no not-implemented row for %s:\n%s", a.Name, out)
		}
	}
}

// -compare go -json: an object for every op of every implementation, every
// figure positive; curvekit's empty slots say so without figures.
func TestEndToEndCompareGoJSON(t *testing.T) {
	code, out, errOut := ecbench(t, "-ms", "3", "-rounds", "2", "-compare", "go", "-json")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := map[[3]string]jsonResult{}
	dec := json.NewDecoder(strings.NewReader(out))
	for {
		var j jsonResult
		if err := dec.Decode(&j); err == io.EOF {
			break
		} else if err != nil {
			t.Fatal(err)
		}
		got[[3]string{j.Algorithm, j.Op, j.Implementation}] = j
	}
	for _, a := range registry {
		for _, op := range a.Ops {
			for _, im := range a.Impls() {
				j, ok := got[[3]string{a.Name, op.Name, im.Name}]
				switch {
				case !ok:
					t.Errorf("%s %s %s: no result", a.Name, op.Name, im.Name)
				case !im.Implemented():
					if j.Status != "not yet implemented" || j.OpsPerSec != nil {
						t.Errorf("%s %s %s: %+v", a.Name, op.Name, im.Name, j)
					}
				case j.OpsPerSec == nil || *j.OpsPerSec <= 0 || *j.NsPerOp <= 0 || j.Rounds != 2:
					t.Errorf("%s %s %s: %+v", a.Name, op.Name, im.Name, j)
				}
			}
		}
	}
}

// The comparison table with stand-ins: ratios printed, peers present.
func TestEndToEndCompareGoTable(t *testing.T) {
	withStandIns(t)
	code, out, errOut := ecbench(t, "-ms", "2", "-rounds", "1", "-compare", "go", "-ghz", "2", "ed25519", "ecdhx25519")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"crypto/ed25519", "voi", "circl", "crypto/ecdh", "cycles/op", "cycles at the -ghz clock, ns/op × 2.00 GHz"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "ed448") || strings.Contains(out, "not yet implemented") {
		t.Errorf("unselected or empty rows:\n%s", out)
	}
	// Every peer row has a ratio.
	n := 0
	for _, l := range strings.Split(out, "\n") {
		f := strings.Fields(l)
		if len(f) >= 5 && (strings.Contains(l, "voi") || strings.Contains(l, "circl")) {
			n++
			if r := f[len(f)-1]; r == "-" || r == "" {
				t.Errorf("no ratio in %q", l)
			}
		}
	}
	if n != 6 { // ecdhx25519 op, ed25519 sign and verify: voi and circl each
		t.Errorf("%d voi/circl rows, want 6:\n%s", n, out)
	}
}

func TestEndToEndMR(t *testing.T) {
	withStandIns(t)
	code, out, errOut := ecbench(t, "-ms", "2", "-mr")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	got := parseMR(t, out)
	for _, a := range registry {
		for _, op := range a.Ops {
			if got[[3]string{a.Name, op.Name, curvekitName}] <= 0 {
				t.Errorf("%s %s: no positive figure", a.Name, op.Name)
			}
		}
	}
	// Progress as +DTP and +R lines; openssl's own +R5..+R9 for its algorithms.
	for _, want := range []string{"+DTP:253:sign:Ed25519:0.002\n", "+R8:", "+R7:", "+RECB:"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q", want)
		}
	}
	if strings.Contains(errOut, "Doing") {
		t.Error("-mr printed human progress lines")
	}
}

// fakeOpenSSL puts an "openssl" on PATH that answers "openssl speed" with
// the reference -mr output.
func fakeOpenSSL(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("needs /bin/sh")
	}
	if os.Getenv("CURVEKIT_QEMU_USER") != "" {
		// .ci/go_linux_386_exec runs 386 tests under qemu-user, whose
		// waitid emulation crashes the Go runtime when a child exits.
		t.Skip("running a child process is broken under qemu-user")
	}
	if runtime.GOOS == "js" || runtime.GOOS == "wasip1" {
		t.Skip("no child processes on " + runtime.GOOS)
	}
	ref, err := filepath.Abs("testdata/openssl-speed-3.0-mr.txt")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	script := `#!/bin/sh
PATH=/usr/bin:/bin
case "$1" in
version) echo "OpenSSL 3.0.19 27 Jan 2026 (Library: OpenSSL 3.0.19 27 Jan 2026)" ;;
speed) grep '^+F' '` + ref + `'; grep '^+[DR]' '` + ref + `' >&2 ;;
*) exit 1 ;;
esac
`
	if err := os.WriteFile(filepath.Join(dir, "openssl"), []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("PATH", dir)
}

func TestEndToEndCompareOpenSSL(t *testing.T) {
	fakeOpenSSL(t)
	withStandIns(t)
	code, out, errOut := ecbench(t, "-ms", "2", "-rounds", "2", "-compare", "all", "-json", "ed25519", "ecdhx25519", "ed25519-batch")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// openssl's figures are the reference's (the median of identical rounds).
	want := map[[2]string]float64{{"ed25519", "sign"}: 21013, {"ed25519", "verify"}: 7480.6 /* 7480.602007, rounded to 0.1 in -json */, {"ecdhx25519", "op"}: 24277}
	got := map[[2]string]float64{}
	impls := map[string]bool{}
	dec := json.NewDecoder(strings.NewReader(out))
	for dec.More() {
		var j jsonResult
		if err := dec.Decode(&j); err != nil {
			t.Fatal(err)
		}
		impls[j.Implementation] = true
		if j.Implementation == "openssl 3.0.19" {
			got[[2]string{j.Algorithm, j.Op}] = *j.OpsPerSec
		}
	}
	if len(got) != len(want) {
		t.Errorf("openssl results %v, want %v", got, want)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("%v: openssl %v, want %v", k, got[k], w)
		}
	}
	for _, im := range []string{curvekitName, "crypto/ed25519", "voi", "ed25519consensus"} {
		if !impls[im] {
			t.Errorf("no results of %s", im)
		}
	}
	if !strings.Contains(errOut, "Ed25519[openssl 3.0.19] signs in 3.00s") {
		t.Errorf("no progress line for openssl's runs:\n%s", errOut)
	}
}

func TestEndToEndNoOpenSSL(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	code, _, errOut := ecbench(t, "-ms", "1", "-compare", "openssl", "ed25519")
	if code != 1 || !strings.Contains(errOut, "openssl command is not on PATH") {
		t.Errorf("exit %d, stderr %q", code, errOut)
	}
	// -compare all carries on with the Go peers.
	code, out, errOut := ecbench(t, "-ms", "1", "-compare", "all", "ecdhx25519")
	if code != 0 || !strings.Contains(errOut, "not on PATH") || !strings.Contains(out, "crypto/ecdh") {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}

func TestEndToEndSVG(t *testing.T) {
	withStandIns(t)
	file := filepath.Join(t.TempDir(), "chart.svg")
	code, _, errOut := ecbench(t, "-ms", "1", "-rounds", "2", "-compare", "go", "-svg", file, "ed25519", "scalarmult")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	// Well-formed XML; a rect and a name for every bar: curvekit's
	// speed-up over each peer, so no curvekit bar.
	var doc struct {
		Rects []struct{} `xml:"rect"`
		Texts []string   `xml:"text"`
	}
	if err := xml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var names []string
	caption, dated := false, false
	for _, s := range doc.Texts {
		switch s {
		case curvekitName, "crypto/ed25519", "voi", "circl", "filippo":
			names = append(names, s)
		}
		if strings.HasPrefix(s, "$ ecbench -ms 1 -rounds 2 -compare go -svg ") {
			caption = true
		}
		if regexp.MustCompile(`^20\d\d-\d\d-\d\d \d\d:\d\d UTC; error bars`).MatchString(s) {
			dated = true
		}
	}
	// ed25519: sign and verify × 3 peers; scalarmult: 2 ops × filippo.
	if len(doc.Rects) != 1+6+2 {
		t.Errorf("%d rects, want background + 8 bars", len(doc.Rects))
	}
	// The fixed order of implementations, in every group.
	want := "crypto/ed25519 voi circl crypto/ed25519 voi circl filippo filippo"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("bar labels %q, want %q", got, want)
	}
	if !caption || !dated {
		t.Errorf("no caption with the command and date in %q", doc.Texts)
	}
}

func TestFlags(t *testing.T) {
	want := field25519.Backend + "\n"
	var asm []string
	for _, f := range [][2]string{{"GF(2^255-19)", field25519.Assembly()}, {"GF(2^448-2^224-1)", field448.Assembly()}, {"P-256 mod p", fieldp256.Assembly()}, {"P-256 mod n", scalarp256.Assembly()}, {"P-384 mod p", fieldp384.Assembly()}, {"P-384 mod n", scalarp384.Assembly()}} {
		if f[1] != "" {
			asm = append(asm, f[0]+" "+f[1])
		}
	}
	for _, c := range [][2]string{{"curve25519", curve25519.Assembly()}, {"curve448", curve448.Assembly()}, {"p256", p256.Assembly()}, {"p384", p384.Assembly()}} {
		if c[1] != "" {
			asm = append(asm, c[0]+" "+c[1])
		}
	}
	if len(asm) > 0 {
		want = field25519.Backend + " (assembly: " + strings.Join(asm, "; ") + ")\n"
	}
	if code, out, _ := ecbench(t, "-backend"); code != 0 || out != want || !(strings.HasPrefix(out, "64-bit") || strings.HasPrefix(out, "32-bit")) {
		t.Errorf("-backend: %d %q, want %q", code, out, want)
	}
	code, out, _ := ecbench(t, "-list")
	if code != 0 {
		t.Errorf("-list: exit %d", code)
	}
	for _, a := range registry {
		if !strings.Contains(out, a.Name) {
			t.Errorf("-list lacks %s", a.Name)
		}
		for _, im := range a.Peers {
			if !strings.Contains(out, im.Pkg) {
				t.Errorf("-list lacks %s", im.Pkg)
			}
		}
	}
	if code, _, errOut := ecbench(t, "-h"); code != 0 || strings.Contains(errOut, "-ms") || !strings.Contains(errOut, "-compare") {
		t.Errorf("-h: exit %d, usage %q", code, errOut)
	}
	for _, args := range [][]string{{"nosuchalg"}, {"-compare", "rust"}, {"-mr", "-json"}, {"-seconds", "0"}, {"-multi", "0"}, {"-ghz", "x"}} {
		if code, _, errOut := ecbench(t, args...); code == 0 || errOut == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}

func TestMulti(t *testing.T) {
	code, out, errOut := ecbench(t, "-ms", "2", "-multi", "2", "-compare", "go", "-json", "scalarmult")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var j jsonResult
	if err := json.NewDecoder(strings.NewReader(out[strings.Index(out, `{"algorithm":"scalarmult","op":"fixed","bits":253,"implementation":"filippo"`):])).Decode(&j); err != nil {
		t.Fatal(err)
	}
	if j.Goroutines != 2 || j.OpsPerSec == nil || *j.OpsPerSec <= 0 {
		t.Errorf("%+v", j)
	}
}

// A failing implementation loses its row, says why, and the exit status
// is 1; the other rows are still measured.
func TestEndToEndFailure(t *testing.T) {
	withStandIns(t)
	a, _ := selectAlgorithms([]string{"ed25519"})
	alg := a[0]
	saved := alg.Peers
	t.Cleanup(func() { alg.Peers = saved })
	calls := 0
	alg.Peers = append([]Impl{
		{Name: "broken-setup", New: func(Op) (OpFunc, error) { return nil, errWrongResult }},
		{Name: "broken-run", New: func(Op) (OpFunc, error) {
			return func() error {
				if calls++; calls > 2 {
					return errWrongResult
				}
				return nil
			}, nil
		}},
	}, saved...)
	code, out, errOut := ecbench(t, "-ms", "2", "-rounds", "1", "-compare", "go", "ed25519")
	if code != 1 {
		t.Errorf("exit %d", code)
	}
	for _, want := range []string{"broken-setup: failed: setting up sign: " + errWrongResult.Error(), "broken-run: failed: ", "crypto/ed25519 "} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(errOut, "measurements failed") {
		t.Errorf("stderr: %s", errOut)
	}
}
