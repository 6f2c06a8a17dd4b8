package main

import (
	"bytes"
	"strings"
	"testing"
)

// fixedFig is a measured figure with a ± from three rounds.
func fixedFig(ns, spread float64) seedFigure {
	return seedFigure{NsPerOp: ns, Spread: spread, Rounds: 3, Status: "ok"}
}

// seedConclusions runs writeSeeds on fixed figures and returns its three
// conclusion lines.
func seedConclusions(t *testing.T, rep *seedReport) []string {
	t.Helper()
	var b bytes.Buffer
	writeSeeds(&b, rep)
	var out []string
	for _, l := range strings.Split(b.String(), "\n") {
		if strings.HasPrefix(l, "Conclusion") {
			out = append(out, l)
		}
	}
	if len(out) != 3 {
		t.Fatalf("%d conclusions, want 3:\n%s", len(out), b.String())
	}
	return out
}

// baseSeedFigures has every figure, each conclusion holding clearly.
func baseSeedFigures() map[string]seedFigure {
	f := map[string]seedFigure{keyAce: fixedFig(100e3, 0.01), keyNtor: fixedFig(150e3, 0.01)}
	for _, k := range tableOps {
		f[k+" tables"] = fixedFig(10e3, 0.01)
		f[k+" table-free"] = fixedFig(40e3, 0.01)
	}
	// Goldilocks at least as fast at ECDH and verify, slower to sign.
	f["ed448 keygen"] = fixedFig(30e3, 0.01)
	f["x448 ecdh"] = fixedFig(50e3, 0.01)
	f["p256 ecdh"] = fixedFig(100e3, 0.01)
	f["ed448 verify"] = fixedFig(50e3, 0.01)
	f["p256 verify"] = fixedFig(100e3, 0.01)
	f["ed448 sign"] = fixedFig(40e3, 0.01)
	f["p256 sign"] = fixedFig(10e3, 0.01)
	return f
}

func TestSeedConclusions(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(main, b32 map[string]seedFigure)
		words  [3]string   // each table's verdict, as -json carries it
		want   [3][]string // words each conclusion must contain
		absent [3][]string // words it must not contain
	}{{
		name:  "all hold",
		words: [3]string{verdictHolds, verdictHolds, verdictHolds},
		want: [3][]string{
			{"Conclusion holds:", "64-bit 1.50×", "32-bit (-tags curvekit32) 1.50×"},
			{"Conclusion holds:", "64-bit X448 ECDH 2.00×", "32-bit Ed448 verify 2.00×"},
			{"Conclusion holds:", "verify 4.00×", "ntor client part 1 4.00×"},
		},
		// Signing is published slower: never among the conclusion's ratios.
		absent: [3][]string{nil, {"sign"}, nil},
	}, {
		name:  "fail and straddle",
		words: [3]string{verdictFails, verdictFails, verdictFails},
		change: func(main, b32 map[string]seedFigure) {
			// 32-bit: Ace slower than ntor beyond the ±.
			b32[keyAce] = fixedFig(200e3, 0.01)
			// 64-bit: 1.02× with ±5% on each side: straddles 1×.
			main[keyAce] = fixedFig(100e3, 0.05)
			main[keyNtor] = fixedFig(102e3, 0.05)
			// 64-bit X448 ECDH slower; the rest still at least as fast.
			main["x448 ecdh"] = fixedFig(300e3, 0.01)
			// Table 3: verify 1.34× with a small ±: below 1.5×.
			main["ed25519 verify table-free"] = fixedFig(13.4e3, 0.01)
		},
		want: [3][]string{
			{"Conclusion does not hold:", "32-bit (-tags curvekit32) 0.75×", "Inconclusive", "64-bit 1.02× (0.93–1.12×)"},
			{"Conclusion does not hold:", "64-bit X448 ECDH 0.33×"},
			{"Conclusion does not hold:", "verify 1.34×", "below 1.5×"},
		},
		absent: [3][]string{nil, {"32-bit", "Ed448 verify", "sign"}, {"keygen", "blind", "ntor client"}},
	}, {
		name:  "only straddling",
		words: [3]string{verdictInconclusive, verdictHolds, verdictInconclusive},
		change: func(main, b32 map[string]seedFigure) {
			// 0.97× with ±10% rounds: the ± range covers 1×.
			b32[keyAce] = fixedFig(150e3/0.97, 0.10)
			// verify 1.52× with ±4%: straddles 1.5×.
			main["ed25519 verify table-free"] = fixedFig(15.2e3, 0.04)
		},
		want: [3][]string{
			{"Conclusion inconclusive:", "32-bit (-tags curvekit32) 0.97×", "across 1×", "it holds for 64-bit 1.50×"},
			{"Conclusion holds:"},
			{"Conclusion inconclusive:", "verify 1.52× (1.45–1.60×)", "across 1.5×"},
		},
		absent: [3][]string{{"holds:"}, nil, {"keygen 4.00× ("}},
	}} {
		t.Run(tc.name, func(t *testing.T) {
			main, b32 := baseSeedFigures(), baseSeedFigures()
			if tc.change != nil {
				tc.change(main, b32)
			}
			rep := &seedReport{Date: "2026-12-01 00:00 UTC", CPU: "test CPU", GHz: 2, GHzSource: "calibrated", Go: "go1.26",
				Main: &seedRun{Backend: "64-bit", Figures: main}, Bit32: &seedRun{Backend: "32-bit", Figures: b32}, Why386: "emulation only",
				WhyOSSL: "no openssl"}
			got := seedConclusions(t, rep)
			t.Log(strings.Join(got, "\n"))
			for i, c := range rep.Conclusions {
				if c.Verdict != tc.words[i] || c.Sentence != got[i] {
					t.Errorf("conclusion %d in -json: %+v, want verdict %q and the printed line", i+1, c, tc.words[i])
				}
			}
			if len(rep.Conclusions) != 3 {
				t.Errorf("%d conclusions recorded, want 3", len(rep.Conclusions))
			}
			for i := range got {
				for _, w := range tc.want[i] {
					if !strings.Contains(got[i], w) {
						t.Errorf("conclusion %d lacks %q: %s", i+1, w, got[i])
					}
				}
				for _, w := range tc.absent[i] {
					if strings.Contains(got[i], w) {
						t.Errorf("conclusion %d has %q: %s", i+1, w, got[i])
					}
				}
			}
		})
	}
}

func TestJudgeSeedChecks(t *testing.T) {
	c := func(name string, r, lo, hi float64) seedCheck {
		return seedCheck{name: name, ratio: r, lo: lo, hi: hi, rounds: minSeedRounds}
	}
	for _, tc := range []struct {
		checks []seedCheck
		want   string
	}{
		{nil, verdictNotChecked},
		{[]seedCheck{c("a", 1.2, 1.1, 1.3)}, verdictHolds},
		{[]seedCheck{c("a", 1.2, 1.1, 1.3), c("b", 1.0, 0.9, 1.1)}, verdictInconclusive},
		{[]seedCheck{c("a", 0.8, 0.7, 0.9), c("b", 1.0, 0.9, 1.1)}, verdictFails},
		// Too few rounds to judge by: clear as the ratio looks.
		{[]seedCheck{{name: "a", ratio: 3, lo: 3, hi: 3, rounds: 1}}, verdictInconclusive},
		{[]seedCheck{{name: "a", ratio: 0.5, lo: 0.45, hi: 0.55, rounds: 2}}, verdictInconclusive},
	} {
		if v := judgeSeedChecks(tc.checks, 1); v.word != tc.want {
			t.Errorf("%v: %q, want %q", tc.checks, v.word, tc.want)
		}
	}
}
