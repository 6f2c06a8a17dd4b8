package curve448

import (
	"testing"

	"github.com/curvekit/curvekit/internal/cttest/dudect"
)

// TestCTTest hosts internal/cttest's measurements of the unexported table
// scans (go run ./internal/cttest -target scan448-…); it skips in ordinary
// test runs. The secret is the index: the fixed class always selects 0
// (the identity), the random class a uniform index 0…8.
func TestCTTest(t *testing.T) {
	dudect.HostedTest(t, func() map[string]dudect.Spec { return cttestTargets(t) })
}

func cttestTargets(t *testing.T) map[string]dudect.Spec {
	var dstA affinePoint
	var dstC cachedPoint
	comb := &basepointTables().comb[7]
	P := new(Point).ScalarBaseMult(randScalar(t))
	var cached [8]cachedPoint
	var m Point
	m.Set(P)
	cached[0].fromP(P)
	for i := 1; i < 8; i++ {
		m.Add(&m, P)
		cached[i].fromP(&m)
	}
	aff := func(f func(*affinePoint, *[8]affinePoint, int)) dudect.Spec {
		return dudect.IndexSpec(8, false, func(idx int) { f(&dstA, comb, idx) })
	}
	cach := func(f func(*cachedPoint, *[8]cachedPoint, int)) dudect.Spec {
		return dudect.IndexSpec(8, false, func(idx int) { f(&dstC, &cached, idx) })
	}
	m2 := map[string]dudect.Spec{
		"scan448-affine8": aff(lookupAffine),
		"scan448-cached8": cach(lookupCached),
	}
	if wordScan {
		m2["scan448-affine8-go"] = aff(lookupAffineGo)
		m2["scan448-cached8-go"] = cach(lookupCachedGo)
		if haveAVX2 {
			m2["scan448-affine8-avx2"] = aff(lookupAffineAVX2)
			m2["scan448-cached8-avx2"] = cach(lookupCachedAVX2)
		}
	}
	return m2
}
