package main

import (
	"math/rand/v2"

	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/ed448"
	"github.com/curvekit/curvekit/fieldarith/field448"
	"github.com/curvekit/curvekit/fieldarith/scalar448"
	"github.com/curvekit/curvekit/internal/cttest/dudect"
)

// The Curve448 family, with the same edge-value fixed secrets as the
// Curve25519 targets.

func init() {
	register("x448", "X448 ladder: secret scalar, fixed random u", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		u := make([]byte, 56)
		randBytes(rand.New(rand.NewPCG(1, 1)), u)
		u[0] |= 2 // not the basepoint 5, so the ladder runs
		k := make([][56]byte, slots)
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				k[i] = [56]byte{}
				if c == 1 {
					randBytes(rng, k[i][:])
				}
			},
			Run: func(i int) { curve448.X448(k[i][:], u) },
		}
	}})
	register("x448-base", "X448 fixed-base key generation (X448(k, Basepoint), the table path)", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		k := make([][56]byte, slots)
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				k[i] = [56]byte{}
				if c == 1 {
					randBytes(rng, k[i][:])
				}
			},
			Run: func(i int) { curve448.X448(k[i][:], curve448.Basepoint) },
		}
	}})
	register("ed448-sign", "Ed448 signing: secret seed (scalar and nonce prefix), fixed all-zero seed", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		// Both classes build their key in Prepare, so that they allocate
		// alike.
		keys := make([]ed448.PrivateKey, slots)
		msg := []byte("cttest message")
		seed := make([]byte, ed448.SeedSize)
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				clear(seed)
				if c == 1 {
					randBytes(rng, seed)
				}
				keys[i] = ed448.NewKeyFromSeed(seed)
			},
			Run: func(i int) { ed448.Sign(keys[i], msg, "") },
		}
	}})
	register("field448-invert", "GF(2^448−2^224−1) Invert: secret element, fixed 1", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		x := make([]field448.Element, slots)
		var out field448.Element
		var b [56]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				b = [56]byte{1}
				if c == 1 {
					randBytes(rng, b[:])
				}
				if _, err := x[i].SetBytes(b[:]); err != nil {
					panic(err)
				}
			},
			Run: func(i int) { out.Invert(&x[i]) },
		}
	}})
	register("scalar448-invert", "scalar field mod q (edwards448) Invert: secret scalar, fixed 1", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		x := make([]scalar448.Element, slots)
		var out scalar448.Element
		var b [114]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				b = [114]byte{1}
				if c == 1 {
					randBytes(rng, b[:])
				}
				if _, err := x[i].SetUniformBytes(b[:]); err != nil {
					panic(err)
				}
			},
			Run: func(i int) { out.Invert(&x[i]) },
		}
	}})
	for _, s := range []struct{ name, about string }{
		{"scan448-affine8", "curve448 lookupAffine, 8 entries of 192 bytes (scan as built): secret index, fixed 0"},
		{"scan448-cached8", "curve448 lookupCached, 8 entries of 320 bytes (scan as built)"},
		{"scan448-affine8-go", "curve448 Go word scan of 8 affine entries"},
		{"scan448-cached8-go", "curve448 Go word scan of 8 cached entries"},
		{"scan448-affine8-avx2", "curve448 AVX2 scan of 8 affine entries (amd64 with AVX2, not purego)"},
		{"scan448-cached8-avx2", "curve448 AVX2 scan of 8 cached entries"},
	} {
		hosted(s.name, "curve448", s.about)
	}
}
