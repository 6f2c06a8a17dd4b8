package main

import (
	"crypto"
	"math/rand/v2"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/fieldarith/field25519"
	"github.com/curvekit/curvekit/fieldarith/scalar25519"
	"github.com/curvekit/curvekit/internal/cttest/dudect"
	"github.com/curvekit/curvekit/tables"
)

// The Curve25519 family. Each fixed secret is an edge value (all-zero
// scalar bytes, the element 1, digit 0) where a variable-time implementation
// would most likely take a shortcut.

const slots = 4096

func randBytes(rng *rand.Rand, b []byte) {
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
}

func init() {
	register("x25519", "X25519 ladder: secret scalar, fixed random u", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		var u [32]byte
		randBytes(rand.New(rand.NewPCG(1, 1)), u[:])
		u[0] |= 2 // not the basepoint 9, so the ladder runs
		k := make([][32]byte, slots)
		var out [32]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				k[i] = [32]byte{}
				if c == 1 {
					randBytes(rng, k[i][:])
				}
			},
			//lint:ignore SA1019 ScalarMult is kept for x/crypto compatibility and must stay constant time.
			Run: func(i int) { curve25519.ScalarMult(&out, &k[i], &u) },
		}
	}})
	register("x25519-multi", "X25519Multi, two ladders and the shared inversion: secret scalars, fixed random u", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		u := make([]byte, 32)
		randBytes(rand.New(rand.NewPCG(2, 2)), u)
		u[0] |= 2 // not the basepoint 9, so the ladders run
		k := make([][2][32]byte, slots)
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				k[i] = [2][32]byte{}
				if c == 1 {
					randBytes(rng, k[i][0][:])
					randBytes(rng, k[i][1][:])
				}
			},
			Run: func(i int) {
				if _, err := curve25519.X25519Multi([][]byte{k[i][0][:], k[i][1][:]}, [][]byte{u, u}); err != nil {
					panic(err)
				}
			},
		}
	}})
	register("x25519-base", "X25519 fixed-base key generation (table path)", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		k := make([][32]byte, slots)
		var out [32]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				k[i] = [32]byte{}
				if c == 1 {
					randBytes(rng, k[i][:])
				}
			},
			Run: func(i int) { curve25519.ScalarBaseMult(&out, &k[i]) },
		}
	}})
	register("ed25519-sign", "Ed25519 signing with an expanded key: secret scalar and nonce prefix", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		// The fixed key is the expansion of the all-zero seed. Both classes
		// expand their seed in Prepare and get their own key object, so
		// that they allocate alike and are laid out alike in memory.
		keys := make([]*ed25519.ExpandedPrivateKey, slots)
		msg := []byte("cttest message")
		seed := make([]byte, 32)
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				clear(seed)
				if c == 1 {
					randBytes(rng, seed)
				}
				e, err := ed25519.ExpandPrivateKey(ed25519.NewKeyFromSeed(seed))
				if err != nil {
					panic(err)
				}
				if keys[i], err = ed25519.NewExpandedPrivateKey(e.Bytes()); err != nil {
					panic(err)
				}
			},
			Run: func(i int) { keys[i].Sign(nil, msg, crypto.Hash(0)) },
		}
	}})
	register("field25519-invert", "GF(2^255−19) Invert (safegcd): secret element, fixed 1", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		x := make([]field25519.Element, slots)
		var out field25519.Element
		var b [32]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				b = [32]byte{1}
				if c == 1 {
					randBytes(rng, b[:])
				}
				x[i].SetBytes(b[:])
			},
			Run: func(i int) { out.Invert(&x[i]) },
		}
	}})
	register("scalar25519-invert", "scalar field mod ℓ Invert: secret scalar, fixed 1", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		x := make([]scalar25519.Element, slots)
		var out scalar25519.Element
		var b [64]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				b = [64]byte{1}
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
	register("signedradix-w5", "tables.SignedRadix, radix 2^5 (the basepoint table's, generic loop), 51 digits", dudect.Spec{Batch: 8, Target: func() dudect.Target {
		k := make([][32]byte, slots)
		var digits [51]int8
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				k[i] = [32]byte{}
				if c == 1 {
					randBytes(rng, k[i][:])
					k[i][31] &= 0x0f
				}
			},
			Run: func(i int) { tables.SignedRadix(digits[:], k[i][:], 5) },
		}
	}})
	register("signedradix", "tables.SignedRadix, radix 2^4 (nibble loop), of a 255-bit secret scalar", dudect.Spec{Batch: 8, Target: func() dudect.Target {
		k := make([][32]byte, slots)
		var digits [64]int8
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				k[i] = [32]byte{}
				if c == 1 {
					randBytes(rng, k[i][:])
					k[i][31] &= 0x7f
				}
			},
			Run: func(i int) { tables.SignedRadix(digits[:], k[i][:], 4) },
		}
	}})

	for _, s := range []struct{ name, about string }{
		{"scan-affine8-go", "curve25519 Go word scan of 8 affine entries: secret index, fixed 0"},
		{"scan-affine16-go", "curve25519 Go word scan of 16 affine entries"},
		{"scan-cached8-go", "curve25519 Go word scan of 8 projective entries"},
		{"scan-affine8-avx2", "curve25519 AVX2 scan of 8 affine entries (amd64 with AVX2, not purego)"},
		{"scan-affine16-avx2", "curve25519 AVX2 scan of 16 affine entries"},
		{"scan-cached8-avx2", "curve25519 AVX2 scan of 8 projective entries"},
		{"lookup-affine", "curve25519 lookupAffine, 16 entries, signed digit (scan as built, and conditional negation)"},
		{"lookup-cached", "curve25519 lookupCached, 8 entries, signed digit"},
		{"comb64-lookup", "curve25519 fe64 comb lookup: AVX2 scan of 16 entries of 96 bytes and the masked sign, signed digit (BMI2/ADX/AVX2 only)"},
		{"fe64-madd", "curve25519 fe64MaddAsm, the fe64 comb's mixed addition: secret table entry, fixed identity entry (BMI2/ADX/AVX2 only)"},
	} {
		hosted(s.name, "curve25519", s.about)
	}
	hosted("field25519-fermat", "fieldarith/field25519", "GF(2^255−19) Fermat inversion (invertFermat): secret element, fixed 1")
}
