package main

import (
	"os"
	"strings"
	"testing"
)

func openTestdata(t testing.TB, name string) *os.File {
	t.Helper()
	f, err := os.Open("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { f.Close() })
	return f
}

type rateKey struct {
	table Table
	bits  int
	op    string
}

// Figures typed from the reference files.
var (
	wantTableRates = map[rateKey]float64{
		{TableECDSA, 256, "sign"}:   40155.0,
		{TableECDSA, 256, "verify"}: 12912.7,
		{TableECDH, 256, "op"}:      17075.0,
		{TableECDH, 253, "op"}:      24198.7,
		{TableECDH, 448, "op"}:      3454.7,
		{TableEdDSA, 253, "sign"}:   20892.3,
		{TableEdDSA, 253, "verify"}: 7437.3,
		{TableEdDSA, 456, "sign"}:   4029.3,
		{TableEdDSA, 456, "verify"}: 3370.3,
	}
	wantMRRates = map[rateKey]float64{
		{TableECDSA, 256, "sign"}:   39508.417508,
		{TableECDSA, 256, "verify"}: 12998.662207,
		{TableECDH, 256, "op"}:      17055.183946,
		{TableECDH, 253, "op"}:      24277.000000,
		{TableECDH, 448, "op"}:      3418.729097,
		{TableEdDSA, 253, "sign"}:   21013.000000,
		{TableEdDSA, 253, "verify"}: 7480.602007,
		{TableEdDSA, 456, "sign"}:   4041.666667,
		{TableEdDSA, 456, "verify"}: 3416.387960,
	}
	// progress records: count and seconds
	wantTableRuns = map[rateKey][2]float64{
		{TableECDSA, 256, "sign"}:   {119662, 2.98},
		{TableECDSA, 256, "verify"}: {38609, 2.99},
		{TableECDH, 256, "op"}:      {51225, 3.00},
		{TableECDH, 253, "op"}:      {71870, 2.97},
		{TableECDH, 448, "op"}:      {10364, 3.00},
		{TableEdDSA, 253, "sign"}:   {62677, 3.00},
		{TableEdDSA, 253, "verify"}: {22312, 3.00},
		{TableEdDSA, 456, "sign"}:   {12088, 3.00},
		{TableEdDSA, 456, "verify"}: {10111, 3.00},
	}
	wantMRRuns = map[rateKey][2]float64{
		{TableECDSA, 256, "sign"}:   {117340, 2.97},
		{TableECDSA, 256, "verify"}: {38866, 2.99},
		{TableECDH, 256, "op"}:      {50995, 2.99},
		{TableECDH, 253, "op"}:      {72831, 3.00},
		{TableECDH, 448, "op"}:      {10222, 2.99},
		{TableEdDSA, 253, "sign"}:   {63039, 3.00},
		{TableEdDSA, 253, "verify"}: {22367, 2.99},
		{TableEdDSA, 456, "sign"}:   {12125, 3.00},
		{TableEdDSA, 456, "verify"}: {10215, 2.99},
	}
)

func TestParseOpenSSLReference(t *testing.T) {
	for _, tc := range []struct {
		file  string
		rates map[rateKey]float64
		runs  map[rateKey][2]float64
	}{
		{"openssl-speed-3.0.txt", wantTableRates, wantTableRuns},
		{"openssl-speed-3.0-mr.txt", wantMRRates, wantMRRuns},
	} {
		t.Run(tc.file, func(t *testing.T) {
			rates, runs, err := parseOpenSSL(openTestdata(t, tc.file))
			if err != nil {
				t.Fatal(err)
			}
			got := map[rateKey]float64{}
			for _, r := range rates {
				k := rateKey{r.Table, r.Bits, r.Op}
				if _, dup := got[k]; dup {
					t.Errorf("%v twice", k)
				}
				got[k] = r.Rate
				// Every figure belongs to exactly the registered algorithm.
				a := matchOpenSSL(registry, r.Table, r.Bits, r.Curve)
				if a == nil || a.OpenSSL == "" {
					t.Errorf("%+v matches no registered algorithm", r)
				} else if r.Index >= 0 && r.Index != a.OpenSSLIndex {
					t.Errorf("%s: openssl index %d, registry says %d", a.Name, r.Index, a.OpenSSLIndex)
				}
			}
			if len(got) != len(tc.rates) {
				t.Errorf("got %d figures, want %d: %v", len(got), len(tc.rates), got)
			}
			for k, want := range tc.rates {
				if got[k] != want {
					t.Errorf("%v: got %v, want %v", k, got[k], want)
				}
			}
			if len(runs) != len(tc.runs) {
				t.Errorf("got %d progress records, want %d", len(runs), len(tc.runs))
			}
			for _, r := range runs {
				want, ok := tc.runs[rateKey{r.Table, r.Bits, r.Op}]
				if !ok || float64(r.Count) != want[0] || r.Secs != want[1] {
					t.Errorf("progress %+v, want count and seconds %v", r, want)
				}
			}
		})
	}
}

func TestParseOpenSSLNames(t *testing.T) {
	// The human-readable table names the curves; EdDSA -mr lines too.
	rates, _, err := parseOpenSSL(openTestdata(t, "openssl-speed-3.0.txt"))
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]bool{}
	for _, r := range rates {
		names[r.Curve] = true
	}
	for _, n := range []string{"nistp256", "X25519", "X448", "Ed25519", "Ed448"} {
		if !names[n] {
			t.Errorf("curve %s not parsed", n)
		}
	}
}

func TestParseOpenSSLRejectsMalformed(t *testing.T) {
	for _, s := range []string{
		"+F4:3:256:39508.4",                        // too few fields
		"+F5:22:253:abc:0.1",                       // not a number
		"+F6:0:253:Ed25519:1:2:3",                  // too many fields
		"+F4:3:256:-1:2",                           // negative rate
		"+R5:117340:256",                           // too few fields
		"+R8:63039:253:3.00",                       // EdDSA without name
		"+F5:x:253:1:1",                            // bad index
		" 253 bits ecdh (X25519)   0.0000s  2.4.1", // bad figure
	} {
		if _, _, err := parseOpenSSL(strings.NewReader(s + "\n")); err == nil {
			t.Errorf("%q: no error", s)
		}
	}
	// Unrelated lines are skipped.
	rates, runs, err := parseOpenSSL(strings.NewReader("version: 3.0.19\n+H:16:64\nDoing md5 for 3s on 16 size blocks: 1 md5's in 3.00s\n"))
	if err != nil || len(rates) != 0 || len(runs) != 0 {
		t.Errorf("unrelated lines: %v %v %v", rates, runs, err)
	}
}

func FuzzParseOpenSSL(f *testing.F) {
	for _, name := range []string{"openssl-speed-3.0.txt", "openssl-speed-3.0-mr.txt"} {
		b, err := os.ReadFile("testdata/" + name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("+F6:0:253:Ed25519:21013.000000:7480.602007\n")
	f.Add("+R9:22367:253:Ed25519:2.99\n")
	f.Fuzz(func(t *testing.T, s string) {
		rates, runs, err := parseOpenSSL(strings.NewReader(s))
		if err != nil {
			return
		}
		for _, r := range rates {
			if !(r.Rate >= 0) || r.Op == "" {
				t.Errorf("bad figure accepted: %+v", r)
			}
		}
		for _, r := range runs {
			if !(r.Secs >= 0) || r.Op == "" {
				t.Errorf("bad progress record accepted: %+v", r)
			}
		}
	})
}
