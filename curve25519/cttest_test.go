package curve25519

import (
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/cttest/dudect"
)

// TestCTTest hosts internal/cttest's measurements of the unexported table
// scans (go run ./internal/cttest -target scan-…); it skips in ordinary
// test runs. The secret is the index: the fixed class always selects 0 (the
// identity, ORed in separately by the Go scans), the random class a uniform
// index 0…n (or a signed digit −n…n for the lookups).
func TestCTTest(t *testing.T) {
	dudect.HostedTest(t, func() map[string]dudect.Spec { return cttestTargets(t) })
}

func cttestTargets(t *testing.T) map[string]dudect.Spec {
	var dstA affineCached
	var dstC projCached
	aff := func(n int) []affineCached { return baseTables().fixed[16 : 16+n] }
	P := randPoint(t)
	var cached [8]projCached
	multiplesTable(&cached, P)
	e16 := aff(16)
	scan8 := func(f func(*affineCached, *[8]affineCached, int)) dudect.Spec {
		e := (*[8]affineCached)(aff(8))
		return dudect.IndexSpec(8, false, func(idx int) { f(&dstA, e, idx) })
	}
	scan16 := func(f func(*affineCached, *[16]affineCached, int)) dudect.Spec {
		e := (*[16]affineCached)(e16)
		return dudect.IndexSpec(16, false, func(idx int) { f(&dstA, e, idx) })
	}
	scanC := func(f func(*projCached, *[8]projCached, int)) dudect.Spec {
		return dudect.IndexSpec(8, false, func(idx int) { f(&dstC, &cached, idx) })
	}
	m := map[string]dudect.Spec{
		"scan-affine8-go":  scan8(scanAffine8Go),
		"scan-affine16-go": scan16(scanAffine16Go),
		"scan-cached8-go":  scanC(scanCached8Go),
		"lookup-affine":    dudect.IndexSpec(16, true, func(d int) { lookupAffine(&dstA, e16, int8(d)) }),
		"lookup-cached":    dudect.IndexSpec(8, true, func(d int) { lookupCached(&dstC, &cached, int8(d)) }),
	}
	if comb64HasAsm {
		// The fe64 comb's lookup (AVX2 scan of 16 entries of 96 bytes and
		// the masked sign) and its mixed addition: secret digit or entry,
		// fixed digit 0 or the identity entry.
		var e comb64Entry
		bt := baseTables()
		m["comb64-lookup"] = dudect.IndexSpec(16, true, func(d int) { comb64Lookup(&e, bt, 1, int8(d), true) })
		m["fe64-madd"] = dudect.Spec{Batch: 16, Target: func() dudect.Target {
			// Each slot holds its own copy of the entry (the identity's in
			// the fixed class, a random table entry's in the other), so
			// that both classes read their operands from alike memory.
			const slots = 4096
			acc := pointToFe64(P)
			q := make([]comb64Entry, slots)
			return dudect.Target{Slots: slots,
				Prepare: func(i, c int, rng *rand.Rand) {
					q[i] = comb64Identity
					if c == 1 {
						q[i] = bt.fixed64[rng.IntN(len(bt.fixed64))]
					}
				},
				Run: func(i int) {
					p := acc
					fe64MaddAsm(&p, &q[i])
				}}
		}}
	}
	if haveAVX2 {
		m["scan-affine8-avx2"] = scan8(scanAffine8AVX2)
		m["scan-affine16-avx2"] = scan16(scanAffine16AVX2)
		m["scan-cached8-avx2"] = scanC(scanCached8AVX2)
	}
	return m
}
