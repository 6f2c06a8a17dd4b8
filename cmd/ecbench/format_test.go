package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode/utf8"
)

// referenceResults turns the figures of a reference file into curvekit
// results for the registered algorithms.
func referenceResults(t *testing.T, file string) ([]*Algorithm, []Result) {
	t.Helper()
	rates, _, err := parseOpenSSL(openTestdata(t, file))
	if err != nil {
		t.Fatal(err)
	}
	var results []Result
	seen := map[*Algorithm]bool{}
	for _, r := range rates {
		a := matchOpenSSL(registry, r.Table, r.Bits, r.Curve)
		if a == nil {
			t.Fatalf("no algorithm for %+v", r)
		}
		seen[a] = true
		for _, op := range a.Ops {
			if op.Name == r.Op {
				results = append(results, Result{Alg: a, Op: op, Impl: curvekitName, Rate: r.Rate, Rounds: 1, Goroutines: 1})
			}
		}
	}
	// In registry order, as ecbench prints them.
	var ordered []*Algorithm
	for _, a := range registry {
		if seen[a] {
			ordered = append(ordered, a)
		}
	}
	return ordered, results
}

// The table printed from openssl's own figures is byte for byte openssl's table.
func TestTableMatchesOpenSSLLayout(t *testing.T) {
	algs, results := referenceResults(t, "openssl-speed-3.0.txt")
	var got bytes.Buffer
	writeTable(&got, algs, results, curvekitName)

	ref, err := os.ReadFile("testdata/openssl-speed-3.0.txt")
	if err != nil {
		t.Fatal(err)
	}
	// The tables are the lines after "CPUINFO:".
	_, tables, ok := strings.Cut(string(ref), "CPUINFO:")
	if !ok {
		t.Fatal("no CPUINFO line in the reference")
	}
	_, tables, _ = strings.Cut(tables, "\n")
	if got.String() != tables {
		t.Errorf("table differs from openssl's:\ngot:\n%s\nwant:\n%s", got.String(), tables)
	}
}

// The -mr lines printed from openssl's own figures are openssl's +F lines.
func TestMRMatchesOpenSSLLayout(t *testing.T) {
	algs, results := referenceResults(t, "openssl-speed-3.0-mr.txt")
	var got bytes.Buffer
	writeMR(&got, algs, results)

	ref, err := os.ReadFile("testdata/openssl-speed-3.0-mr.txt")
	if err != nil {
		t.Fatal(err)
	}
	var want strings.Builder
	for _, l := range strings.SplitAfter(string(ref), "\n") {
		if strings.HasPrefix(l, "+F") {
			want.WriteString(l)
		}
	}
	if got.String() != want.String() {
		t.Errorf("-mr lines differ from openssl's:\ngot:\n%s\nwant:\n%s", got.String(), want.String())
	}
}

// rowRe is a table row: label, then k columns "%8.4fs", then k columns "%8.1f".
var rowRe = regexp.MustCompile(`^( {0,3}\d+ bits [^()]+ \([^()]+\))((?: [ 0-9]{2}\d\.\d{4}s)+)((?: +\d+\.\d)+)$`)

// checkTableLayout checks every row of a table: columns of openssl's widths,
// seconds per op with an "s", as many rate columns as time columns, and each
// time column the inverse of its rate column.
func checkTableLayout(t *testing.T, out string) (rows map[string][]float64) {
	t.Helper()
	rows = map[string][]float64{}
	var own []int // column ends of our own table's header, nil in openssl's tables
	for _, line := range strings.Split(strings.TrimRight(out, "\n"), "\n") {
		if strings.HasPrefix(line, strings.Repeat(" ", 20)) {
			own = nil
			if strings.Contains(line, " µs") {
				own = columnEnds(line, ownHeaderRe)
			}
			continue
		}
		if strings.Contains(line, "not yet implemented") {
			continue
		}
		if own != nil {
			checkOwnRow(t, line, own, rows)
			continue
		}
		m := rowRe.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("row not in openssl's layout: %q", line)
			continue
		}
		times, figs := strings.Fields(m[2]), strings.Fields(m[3])
		if len(times) != len(figs) || len(m[2]) != 10*len(times) {
			t.Errorf("columns of %q: %q / %q", line, m[2], m[3])
			continue
		}
		// Rates are " %8.1f": 9 characters, more only for figures of 10^6 and up.
		for _, f := range regexp.MustCompile(` +[0-9.]+`).FindAllString(m[3], -1) {
			if len(f) < 9 || (len(f) > 9 && f[1] == ' ') {
				t.Errorf("%q: rate column %q is not %%8.1f", line, f)
			}
		}
		for i := range times {
			sec, _ := strconv.ParseFloat(strings.TrimSuffix(times[i], "s"), 64)
			rate, _ := strconv.ParseFloat(figs[i], 64)
			if rate <= 0 {
				t.Errorf("%q: non-positive rate", line)
			}
			// Both columns are rounded: seconds to 0.00005, the rate to 0.05.
			if sec < 1/(rate+0.05)-0.00005-1e-12 || sec > 1/(rate-0.05)+0.00005+1e-12 {
				t.Errorf("%q: %v s is not 1/%v", line, sec, rate)
			}
			rows[m[1]] = append(rows[m[1]], rate)
		}
	}
	return rows
}

// ownHeaderRe finds the column names of our own tables' headers.
var ownHeaderRe = regexp.MustCompile(`\S+ µs|\S+/s`)

// ownNumberRe finds the figures of a row of our own tables.
// A "-" between spaces is the placeholder of an op an algorithm does not
// have (tables with one header for the union of their ops).
var ownNumberRe = regexp.MustCompile(`\d+\.\d+|\B-\B`)

// columnEnds returns where (in runes) each match of re in line ends.
func columnEnds(line string, re *regexp.Regexp) []int {
	var ends []int
	for _, m := range re.FindAllStringIndex(line, -1) {
		ends = append(ends, utf8.RuneCountInString(line[:m[1]]))
	}
	return ends
}

// checkOwnRow checks a row of our own tables: its figures end exactly where
// the header's column names end (right-aligned), the label ends before the
// first column, no "0.0000s" columns, and each µs figure is 10^6 ÷ its rate.
func checkOwnRow(t *testing.T, line string, header []int, rows map[string][]float64) {
	t.Helper()
	if regexp.MustCompile(`\d\.\d{4}s`).MatchString(line) {
		t.Errorf("openssl's seconds column in our table: %q", line)
	}
	ends := columnEnds(line, ownNumberRe)
	nums := ownNumberRe.FindAllStringIndex(line, -1)
	if len(ends) != len(header) || len(header)%2 != 0 || len(nums) == 0 {
		t.Errorf("row %q has %d figures under %d columns", line, len(ends), len(header))
		return
	}
	for i := range ends {
		if ends[i] != header[i] {
			t.Errorf("row %q: figure %d ends at %d, its column name at %d", line, i, ends[i], header[i])
		}
	}
	lbl := strings.TrimRight(line[:nums[0][0]], " ")
	if !regexp.MustCompile(`^ {0,3}\d+ bits [^()]+ \([^()]+\)$`).MatchString(lbl) {
		t.Errorf("row %q: label %q", line, lbl)
	}
	k := len(header) / 2
	for i := 0; i < k; i++ {
		usText, rateText := line[nums[i][0]:nums[i][1]], line[nums[k+i][0]:nums[k+i][1]]
		if usText == "-" || rateText == "-" {
			if usText != rateText {
				t.Errorf("row %q: column %d has %q µs and %q per second", line, i, usText, rateText)
			}
			continue
		}
		us, _ := strconv.ParseFloat(usText, 64)
		rate, _ := strconv.ParseFloat(rateText, 64)
		if rate <= 0 || us < 1e6/(rate+0.05)-0.005-1e-9 || us > 1e6/(rate-0.05)+0.005+1e-9 {
			t.Errorf("row %q: %v µs is not 10^6/%v", line, us, rate)
		}
		rows[lbl] = append(rows[lbl], rate)
	}
}

func TestHeaderFollowsOpenSSL(t *testing.T) {
	for _, tc := range []struct {
		ops  []string
		want string
	}{
		{[]string{"sign", "verify"}, "sign    verify    sign/s verify/s"},
		{[]string{"op"}, "op      op/s"},
		{[]string{"keygen"}, "keygen  keygen/s"},
	} {
		a := &Algorithm{Table: TableEdDSA}
		for _, o := range tc.ops {
			a.Ops = append(a.Ops, Op{Name: o})
		}
		if got, want := header(a), strings.Repeat(" ", 30)+tc.want; got != want {
			t.Errorf("header(%v) = %q, want %q", tc.ops, got, want)
		}
	}
}

// fakeResults gives every op of every registered algorithm a made-up rate
// for every implementation (large and small ones, to test column widths).
func fakeResults(algs []*Algorithm) []Result {
	var rs []Result
	rate := 0.5
	for _, a := range algs {
		for _, op := range a.Ops {
			for _, im := range a.Impls() {
				rate *= 3.7
				if rate > 5e7 {
					rate = 0.9
				}
				rs = append(rs, Result{Alg: a, Op: op, Impl: im.Name, Rate: rate, Calls: 100, Elapsed: time.Second, Rounds: 3, Goroutines: 1})
			}
		}
	}
	return rs
}

func TestTableLayoutAllAlgorithms(t *testing.T) {
	results := fakeResults(registry)
	var b bytes.Buffer
	writeTable(&b, registry, results, curvekitName)
	rows := checkTableLayout(t, b.String())
	// One row per algorithm, batch tables one row per op.
	want := 0
	for _, a := range registry {
		if tables[a.Table].rowPerOp {
			want += len(a.Ops)
		} else {
			want++
		}
	}
	if len(rows) != want {
		t.Errorf("%d rows, want %d:\n%s", len(rows), want, b.String())
	}
	for _, r := range results {
		if r.Impl != curvekitName {
			continue
		}
		found := false
		for _, rates := range rows {
			for _, x := range rates {
				if x == r.Rate || strconv.FormatFloat(x, 'f', 1, 64) == strconv.FormatFloat(r.Rate, 'f', 1, 64) {
					found = true
				}
			}
		}
		if !found {
			t.Errorf("%s %s: rate %.1f not in the table", r.Alg.Name, r.Op.Name, r.Rate)
		}
	}
}

func TestTableNotImplemented(t *testing.T) {
	a := registry[0]
	var b bytes.Buffer
	writeTable(&b, []*Algorithm{a}, []Result{{Alg: a, Op: a.Ops[0], Impl: curvekitName, NotImplemented: true}}, curvekitName)
	lines := strings.Split(strings.TrimSpace(b.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(strings.TrimSpace(lines[1]), strings.TrimSpace(label(a))) ||
		!strings.Contains(lines[1], "curvekit: not yet implemented") || regexp.MustCompile(`\d+\.\d`).MatchString(lines[1]) {
		t.Errorf("not-implemented row: %q", b.String())
	}
}

// parseMR reads what writeMR prints: +F4/+F5/+F6 with parseOpenSSL and the
// +FECB extension here.
func parseMR(t *testing.T, out string) map[[3]string]float64 {
	t.Helper()
	got := map[[3]string]float64{}
	sc := bufio.NewScanner(strings.NewReader(out))
	for sc.Scan() {
		l := sc.Text()
		switch {
		case strings.HasPrefix(l, "+FECB:"):
			f := strings.Split(l, ":")
			if len(f) != 7 {
				t.Fatalf("%q: %d fields", l, len(f))
			}
			rate, err1 := strconv.ParseFloat(f[5], 64)
			inv, err2 := strconv.ParseFloat(f[6], 64)
			bits, err3 := strconv.Atoi(f[3])
			if err1 != nil || err2 != nil || err3 != nil || rate <= 0 || bits <= 0 {
				t.Fatalf("%q: bad figures", l)
			}
			if d := inv - 1/rate; d > 1e-6 || d < -1e-6 {
				t.Errorf("%q: s/op is not 1/(ops/s)", l)
			}
			got[[3]string{f[1], f[2], f[4]}] = rate
		case strings.HasPrefix(l, "+F"):
			rates, _, err := parseOpenSSL(strings.NewReader(l))
			if err != nil || len(rates) == 0 {
				t.Fatalf("%q: %v", l, err)
			}
			for _, r := range rates {
				a := matchOpenSSL(registry, r.Table, r.Bits, r.Curve)
				if a == nil {
					t.Fatalf("%q: no algorithm", l)
				}
				got[[3]string{a.Name, r.Op, curvekitName}] = r.Rate
			}
		default:
			t.Errorf("unexpected -mr line %q", l)
		}
	}
	return got
}

func TestMRRoundTrip(t *testing.T) {
	results := fakeResults(registry)
	var b bytes.Buffer
	writeMR(&b, registry, results)
	got := parseMR(t, b.String())
	if len(got) != len(results) {
		t.Errorf("%d results parsed back, want %d", len(got), len(results))
	}
	for _, r := range results {
		x, ok := got[[3]string{r.Alg.Name, r.Op.Name, r.Impl}]
		if !ok || fmt.Sprintf("%f", x) != fmt.Sprintf("%f", r.Rate) {
			t.Errorf("%s %s %s: got %v, want %v", r.Alg.Name, r.Op.Name, r.Impl, x, r.Rate)
		}
	}
}

func TestJSONRoundTrip(t *testing.T) {
	results := fakeResults(registry)
	a := registry[0]
	results = append(results, Result{Alg: a, Op: a.Ops[0], Impl: curvekitName, NotImplemented: true})
	env := envInfo{CPU: "Test CPU", GHz: 2, GoVersion: "go1.x", GOARCH: "amd64", Backend: "64-bit"}
	var b bytes.Buffer
	if err := writeJSON(&b, results, env); err != nil {
		t.Fatal(err)
	}
	dec := json.NewDecoder(&b)
	dec.DisallowUnknownFields()
	for i, r := range results {
		var j jsonResult
		if err := dec.Decode(&j); err != nil {
			t.Fatalf("object %d: %v", i, err)
		}
		if j.Algorithm != r.Alg.Name || j.Op != r.Op.Name || j.Implementation != r.Impl || j.Bits != r.Alg.Bits ||
			j.CPU != "Test CPU" || j.GOARCH != "amd64" || j.GoVersion != "go1.x" {
			t.Errorf("object %d: %+v for %s %s %s", i, j, r.Alg.Name, r.Op.Name, r.Impl)
		}
		if (j.Backend != nil && j.Backend.Limbs == "64-bit") != (r.Impl == curvekitName) {
			t.Errorf("object %d: backend %+v for %s", i, j.Backend, r.Impl)
		}
		if j.CurvekitVersion == "" {
			t.Errorf("object %d: no curvekit_version", i)
		}
		if r.NotImplemented {
			if j.Status != "not yet implemented" || j.OpsPerSec != nil || j.NsPerOp != nil || j.CyclesPerOp != nil {
				t.Errorf("not-implemented object has figures: %+v", j)
			}
			continue
		}
		if j.Status != "ok" || j.OpsPerSec == nil || math.Abs(*j.OpsPerSec-r.Rate) > 0.05 || j.NsPerOp == nil || j.CyclesPerOp == nil {
			t.Fatalf("object %d: %+v", i, j)
		}
		// Rounded: ns to 0.1, cycles to 1.
		if ns := 1e9 / r.Rate; math.Abs(*j.NsPerOp-ns) > 0.05 || math.Abs(*j.CyclesPerOp-2*ns) > 0.5 {
			t.Errorf("object %d: ns/op %v cycles %v, want %v and %v", i, *j.NsPerOp, *j.CyclesPerOp, ns, 2*ns)
		}
	}
	if dec.More() {
		t.Error("extra JSON objects")
	}
}
