package main

import (
	"bytes"
	"crypto"
	"math/rand/v2"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/fieldarith/scalarp256"
	"github.com/curvekit/curvekit/internal/cttest/dudect"
	"github.com/curvekit/curvekit/p256"
)

// P-256. The fixed secret is d = 1 (the element 1 for the inversions);
// random secrets have their top bit cleared so that they are below p and n.

func p256Secret(b *[32]byte, c int, rng *rand.Rand) {
	*b = [32]byte{31: 1}
	if c == 1 {
		randBytes(rng, b[:])
		b[0] &= 0x7f
		b[31] |= 1 // never zero
	}
}

func init() {
	register("p256-sign", "P-256 deterministic ECDSA signing (SignDeterministic, RFC 6979 nonce): secret d, fixed d = 1", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		keys := make([]*p256.PrivateKey, slots)
		digest := make([]byte, 32)
		randBytes(rand.New(rand.NewPCG(2, 2)), digest)
		var b [32]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				p256Secret(&b, c, rng)
				var err error
				if keys[i], err = p256.NewPrivateKey(b[:]); err != nil {
					panic(err)
				}
			},
			Run: func(i int) {
				if _, err := p256.SignDeterministic(keys[i], crypto.SHA256, digest); err != nil {
					panic(err)
				}
			},
		}
	}})
	register("p256-sign-hedged", "P-256 SignASN1 with fresh random bytes from rand for both classes (so the nonce is random in both): secret d, fixed d = 1", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		keys := make([]*p256.PrivateKey, slots)
		extra := make([][32]byte, slots)
		digest := make([]byte, 32)
		randBytes(rand.New(rand.NewPCG(2, 2)), digest)
		var b [32]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				p256Secret(&b, c, rng)
				randBytes(rng, extra[i][:])
				var err error
				if keys[i], err = p256.NewPrivateKey(b[:]); err != nil {
					panic(err)
				}
			},
			Run: func(i int) {
				if _, err := p256.SignASN1(bytes.NewReader(extra[i][:]), keys[i], digest); err != nil {
					panic(err)
				}
			},
		}
	}})
	register("p256-base", "P-256 NewPrivateKey (fixed-base d·G, affine conversion, encoding): secret d, fixed d a random-looking constant (not 1)", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		d := make([][32]byte, slots)
		var fixed [32]byte
		p256Secret(&fixed, 1, rand.New(rand.NewPCG(4, 4)))
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				p256Secret(&d[i], c, rng)
				if c == 0 {
					d[i] = fixed
				}
			},
			Run: func(i int) {
				if _, err := p256.NewPrivateKey(d[i][:]); err != nil {
					panic(err)
				}
			},
		}
	}})
	register("scalarp256-invert-k", "scalar field mod n (P-256) Invert: secret scalar, fixed a random-looking constant (as a deterministic nonce is)", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		x := make([]scalarp256.Element, slots)
		var out scalarp256.Element
		var b, fixed [32]byte
		p256Secret(&fixed, 1, rand.New(rand.NewPCG(5, 5)))
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				p256Secret(&b, c, rng)
				if c == 0 {
					b = fixed
				}
				if _, err := x[i].SetCanonicalBytes(b[:]); err != nil {
					panic(err)
				}
			},
			Run: func(i int) { out.Invert(&x[i]) },
		}
	}})
	register("p256-sign-p1363", "P-256 SignP1363 with the same 32 rand bytes every call (so the nonce is fixed in the fixed class, as in p256-sign) and fixed-length output: secret d, fixed d = 1", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		keys := make([]*p256.PrivateKey, slots)
		digest := make([]byte, 32)
		randBytes(rand.New(rand.NewPCG(2, 2)), digest)
		var extra [32]byte
		var b [32]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				p256Secret(&b, c, rng)
				var err error
				if keys[i], err = p256.NewPrivateKey(b[:]); err != nil {
					panic(err)
				}
			},
			Run: func(i int) {
				if _, err := p256.SignP1363(bytes.NewReader(extra[:]), keys[i], digest); err != nil {
					panic(err)
				}
			},
		}
	}})
	register("p256-ecdh", "P-256 ECDH: secret d, fixed d = 1, fixed random peer", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		keys := make([]*p256.PrivateKey, slots)
		var b [32]byte
		p256Secret(&b, 1, rand.New(rand.NewPCG(3, 3)))
		peerKey, err := p256.NewPrivateKey(b[:])
		if err != nil {
			panic(err)
		}
		peer := peerKey.PublicKey()
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				p256Secret(&b, c, rng)
				var err error
				if keys[i], err = p256.NewPrivateKey(b[:]); err != nil {
					panic(err)
				}
			},
			Run: func(i int) {
				if _, err := keys[i].ECDH(peer); err != nil {
					panic(err)
				}
			},
		}
	}})
	register("fieldp256-invert", "GF(p256) Invert: secret element, fixed 1", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		x := make([]fieldp256.Element, slots)
		var out fieldp256.Element
		var b [32]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				p256Secret(&b, c, rng)
				if _, err := x[i].SetCanonicalBytes(b[:]); err != nil {
					panic(err)
				}
			},
			Run: func(i int) { out.Invert(&x[i]) },
		}
	}})
	register("scalarp256-invert", "scalar field mod n (P-256) Invert: secret scalar, fixed 1", dudect.Spec{Batch: 1, Target: func() dudect.Target {
		x := make([]scalarp256.Element, slots)
		var out scalarp256.Element
		var b [32]byte
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				p256Secret(&b, c, rng)
				if _, err := x[i].SetCanonicalBytes(b[:]); err != nil {
					panic(err)
				}
			},
			Run: func(i int) { out.Invert(&x[i]) },
		}
	}})
	for _, s := range []struct{ name, about string }{
		{"scanp256-affine32-go", "p256 Go word scans of a 32-entry comb row: secret index, fixed 0"},
		{"scanp256-affine8-go", "p256 Go word scan of 8 affine entries (ECDH's window)"},
		{"scanp256-affine32-avx2", "p256 AVX2 scan of a 32-entry comb row (amd64 with AVX2, not purego)"},
		{"scanp256-affine8-avx2", "p256 AVX2 scan of 8 affine entries"},
	} {
		hosted(s.name, "p256", s.about)
	}
}
