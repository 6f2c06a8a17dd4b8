package main

import (
	"bytes"
	"crypto"
	"fmt"
	"io"
	"math/rand/v2"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/fieldarith/fieldp384"
	"github.com/curvekit/curvekit/fieldarith/scalarp256"
	"github.com/curvekit/curvekit/fieldarith/scalarp384"
	"github.com/curvekit/curvekit/internal/cttest/dudect"
	"github.com/curvekit/curvekit/p256"
	"github.com/curvekit/curvekit/p384"
)

// The short-Weierstrass curves' targets, one set per curve from the
// closures of a weierstrassCurve. The fixed secret is d = 1 (the element 1
// for the inversions); random secrets have their top bit cleared so that
// they are below p and n.

// weierstrassCurve is what the targets need of one curve's packages.
type weierstrassCurve[K any, P any] struct {
	name, title string
	size        int // bytes of a scalar
	comb        int // entries of a fixed-base comb row (the hosted scan)
	hash        crypto.Hash
	newKey      func(d []byte) (K, error)
	public      func(K) P
	signDet     func(K, crypto.Hash, []byte) ([]byte, error)
	signASN1    func(io.Reader, K, []byte) ([]byte, error)
	signP1363   func(io.Reader, K, []byte) ([]byte, error)
	ecdh        func(K, P) ([]byte, error)
	// fieldInvert and scalarInvert return a Run for the canonical
	// encoding b (in place of the element types' own).
	fieldInvert, scalarInvert func(b []byte) (func(), error)
}

func init() {
	registerWeierstrass(weierstrassCurve[*p256.PrivateKey, *p256.PublicKey]{
		name: "p256", title: "P-256", size: 32, comb: 32, hash: crypto.SHA256,
		newKey:       p256.NewPrivateKey,
		public:       (*p256.PrivateKey).PublicKey,
		signDet:      p256.SignDeterministic,
		signASN1:     p256.SignASN1,
		signP1363:    p256.SignP1363,
		ecdh:         (*p256.PrivateKey).ECDH,
		fieldInvert:  inverter[fieldp256.Element],
		scalarInvert: inverter[scalarp256.Element],
	})
	registerWeierstrass(weierstrassCurve[*p384.PrivateKey, *p384.PublicKey]{
		name: "p384", title: "P-384", size: 48, comb: 16, hash: crypto.SHA384,
		newKey:       p384.NewPrivateKey,
		public:       (*p384.PrivateKey).PublicKey,
		signDet:      p384.SignDeterministic,
		signASN1:     p384.SignASN1,
		signP1363:    p384.SignP1363,
		ecdh:         (*p384.PrivateKey).ECDH,
		fieldInvert:  inverter[fieldp384.Element],
		scalarInvert: inverter[scalarp384.Element],
	})
}

// element is a field element type of the fieldarith packages.
type element[E any] interface {
	*E
	SetCanonicalBytes([]byte) (*E, error)
	Invert(*E) *E
}

// inverter returns the measured call of an inversion of the element with
// the canonical encoding b.
func inverter[E any, P element[E]](b []byte) (func(), error) {
	var x, out E
	_, err := P(&x).SetCanonicalBytes(b)
	return func() { P(&out).Invert(&x) }, err
}

// secret sets b to the fixed secret 1 (c = 0) or a random one (c = 1).
func (w *weierstrassCurve[K, P]) secret(b []byte, c int, rng *rand.Rand) {
	clear(b)
	b[len(b)-1] = 1
	if c == 1 {
		randBytes(rng, b)
		b[0] &= 0x7f
		b[len(b)-1] |= 1 // never zero
	}
}

// keyTarget is a target whose secret is a private key: prepare makes the
// key of class c in slot i, run(key) is the measured call.
func (w *weierstrassCurve[K, P]) keyTarget(fixed []byte, run func(K) error) func() dudect.Target {
	return func() dudect.Target {
		keys := make([]K, slots)
		b := make([]byte, w.size)
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				w.secret(b, c, rng)
				if c == 0 && fixed != nil {
					copy(b, fixed)
				}
				var err error
				if keys[i], err = w.newKey(b); err != nil {
					panic(err)
				}
			},
			Run: func(i int) {
				if err := run(keys[i]); err != nil {
					panic(err)
				}
			},
		}
	}
}

// invertTarget measures an inversion of a secret element (fixed: 1, or
// the fixed bytes).
func (w *weierstrassCurve[K, P]) invertTarget(fixed []byte, inv func([]byte) (func(), error)) func() dudect.Target {
	return func() dudect.Target {
		runs := make([]func(), slots)
		b := make([]byte, w.size)
		return dudect.Target{Slots: slots,
			Prepare: func(i, c int, rng *rand.Rand) {
				w.secret(b, c, rng)
				if c == 0 && fixed != nil {
					copy(b, fixed)
				}
				var err error
				if runs[i], err = inv(b); err != nil {
					panic(err)
				}
			},
			Run: func(i int) { runs[i]() },
		}
	}
}

func registerWeierstrass[K any, P any](w weierstrassCurve[K, P]) {
	n, t := w.name, w.title
	digest := make([]byte, w.hash.Size())
	randBytes(rand.New(rand.NewPCG(2, 2)), digest)
	// A random-looking fixed secret, for the targets whose fixed class
	// must not be the special value 1.
	looks := func(seed uint64) []byte {
		b := make([]byte, w.size)
		w.secret(b, 1, rand.New(rand.NewPCG(seed, seed)))
		return b
	}
	spec := func(f func() dudect.Target) dudect.Spec { return dudect.Spec{Batch: 1, Target: f} }

	register(n+"-sign", t+" deterministic ECDSA signing (SignDeterministic, RFC 6979 nonce): secret d, fixed d = 1",
		spec(w.keyTarget(nil, func(k K) error { _, err := w.signDet(k, w.hash, digest); return err })))
	register(n+"-sign-hedged", t+" SignASN1 with fresh random bytes from rand for both classes (so the nonce is random in both): secret d, fixed d = 1",
		spec(func() dudect.Target {
			extra := make([][128]byte, slots)
			var cur *[128]byte
			tg := w.keyTarget(nil, func(k K) error {
				_, err := w.signASN1(bytes.NewReader(cur[:]), k, digest)
				return err
			})()
			prep, run := tg.Prepare, tg.Run
			tg.Prepare = func(i, c int, rng *rand.Rand) {
				prep(i, c, rng)
				randBytes(rng, extra[i][:])
			}
			tg.Run = func(i int) { cur = &extra[i]; run(i) }
			return tg
		}))
	register(n+"-sign-p1363", t+" SignP1363 with the same rand bytes every call (so the nonce is fixed in the fixed class, as in "+n+"-sign) and fixed-length output: secret d, fixed d = 1",
		spec(w.keyTarget(nil, func(k K) error {
			var r [128]byte
			_, err := w.signP1363(bytes.NewReader(r[:]), k, digest)
			return err
		})))
	register(n+"-base", t+" NewPrivateKey (fixed-base d·G, affine conversion, encoding): secret d, fixed d a random-looking constant (not 1)",
		spec(func() dudect.Target {
			fixed := looks(4)
			ds := make([][]byte, slots)
			return dudect.Target{Slots: slots,
				Prepare: func(i, c int, rng *rand.Rand) {
					ds[i] = make([]byte, w.size)
					w.secret(ds[i], c, rng)
					if c == 0 {
						copy(ds[i], fixed)
					}
				},
				Run: func(i int) {
					if _, err := w.newKey(ds[i]); err != nil {
						panic(err)
					}
				},
			}
		}))
	register(n+"-ecdh", t+" ECDH: secret d, fixed d = 1, fixed random peer", spec(func() dudect.Target {
		peerKey, err := w.newKey(looks(3))
		if err != nil {
			panic(err)
		}
		peer := w.public(peerKey)
		return w.keyTarget(nil, func(k K) error { _, err := w.ecdh(k, peer); return err })()
	}))
	register("field"+n+"-invert", fmt.Sprintf("GF(%s) Invert: secret element, fixed 1", n), spec(w.invertTarget(nil, w.fieldInvert)))
	register("scalar"+n+"-invert", "scalar field mod n ("+t+") Invert: secret scalar, fixed 1", spec(w.invertTarget(nil, w.scalarInvert)))
	register("scalar"+n+"-invert-k", "scalar field mod n ("+t+") Invert: secret scalar, fixed a random-looking constant (as a deterministic nonce is)",
		spec(w.invertTarget(looks(5), w.scalarInvert)))
	for _, s := range []struct{ suffix, about string }{
		{fmt.Sprintf("-affine%d-go", w.comb), fmt.Sprintf("%s Go word scans of a %d-entry comb row: secret index, fixed 0", n, w.comb)},
		{"-affine8-go", n + " Go word scan of 8 affine entries (ECDH's window)"},
		{fmt.Sprintf("-affine%d-avx2", w.comb), fmt.Sprintf("%s AVX2 scan of a %d-entry comb row (amd64 with AVX2, not purego)", n, w.comb)},
		{"-affine8-avx2", n + " AVX2 scan of 8 affine entries"},
	} {
		hosted("scan"+n+s.suffix, n, s.about)
	}
}
