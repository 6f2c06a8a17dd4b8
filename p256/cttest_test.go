package p256

import (
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/cttest/dudect"
)

// TestCTTest hosts internal/cttest's measurements of the unexported table
// scans (go run ./internal/cttest -target scanp256-…); it skips in
// ordinary test runs. The secret is the index: the fixed class always
// selects 0 (the first entry), the random class a uniform index 0…n.
func TestCTTest(t *testing.T) {
	ran, err := dudect.Hosted(cttestTargets())
	if err != nil {
		t.Fatal(err)
	}
	if !ran {
		t.Skip("run by go run ./internal/cttest")
	}
}

func cttestTargets() map[string]dudect.Spec {
	const slots = 4096
	idx := make([]int, slots)
	prep := func(n int) func(i, c int, rng *rand.Rand) {
		return func(i, c int, rng *rand.Rand) {
			idx[i] = 0
			if c == 1 {
				idx[i] = rng.IntN(n + 1)
			}
		}
	}
	var dst affinePoint
	tab := baseTable()
	row8 := (*[8]affinePoint)(tab[5][:8])
	s32 := func(f func(*affinePoint, *[32]affinePoint, int)) dudect.Spec {
		return dudect.Spec{Batch: 16, Target: func() dudect.Target {
			return dudect.Target{Slots: slots, Prepare: prep(32), Run: func(i int) { f(&dst, &tab[3], idx[i]) }}
		}}
	}
	s8 := func(f func(*affinePoint, *[8]affinePoint, int)) dudect.Spec {
		return dudect.Spec{Batch: 16, Target: func() dudect.Target {
			return dudect.Target{Slots: slots, Prepare: prep(8), Run: func(i int) { f(&dst, row8, idx[i]) }}
		}}
	}
	m := map[string]dudect.Spec{
		"scanp256-affine32-go": s32(lookupAffine32Go),
		"scanp256-affine8-go":  s8(lookupAffine8Go),
	}
	if haveAVX2 {
		m["scanp256-affine32-avx2"] = s32(lookupAffine32AVX2)
		m["scanp256-affine8-avx2"] = s8(lookupAffine8AVX2)
	}
	return m
}
