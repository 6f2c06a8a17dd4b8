package curve25519_test

import (
	"crypto/ecdh"
	"crypto/rand"
	"fmt"
	"testing"

	fed "filippo.io/edwards25519"
	circl "github.com/cloudflare/circl/dh/x25519"
	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/benchutil"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
	voiscalar "github.com/oasisprotocol/curve25519-voi/curve/scalar"
	voix "github.com/oasisprotocol/curve25519-voi/primitives/x25519"
)

var x25519Sink []byte

// BenchmarkCompare runs each group and X25519 operation with
// curvekit and its peers interleaved (benchutil.Compare): the
// speedup-<peer> metrics are the peer's median time over curvekit's (above
// 1: curvekit is faster). curvekit's X25519 rows are the allocation-free
// drop-in ScalarBaseMult and ScalarMult. The library's own BenchmarkCompare
// sets the internal contenders (isTorsionFreeMultL, X25519's core) beside
// curvekit.
func BenchmarkCompare(b *testing.B) {
	in := newBenchInputs(b)
	var v curve25519.Point
	var fv fed.Point
	var vv voi.EdwardsPoint
	c := func(name string, f func()) benchutil.Contender { return benchutil.Contender{Name: name, F: f} }

	b.Run("ScalarBaseMult", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { v.ScalarBaseMult(in.s) }),
			c("filippo", func() { fv.ScalarBaseMult(in.fs) }),
			c("voi", func() { vv.MulBasepoint(voi.ED25519_BASEPOINT_TABLE, in.vs) }))
	})
	b.Run("ScalarMult", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { v.ScalarMult(in.s, in.P) }),
			c("filippo", func() { fv.ScalarMult(in.fs, in.fP) }),
			c("voi", func() { vv.Mul(in.vP, in.vs) }))
	})
	b.Run("VarTimeDoubleScalarBaseMult", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { v.VarTimeDoubleScalarBaseMult(in.s, in.P, in.c) }),
			c("filippo", func() { fv.VarTimeDoubleScalarBaseMult(in.fs, in.fP, in.fc) }),
			c("voi", func() { vv.DoubleScalarMulBasepointVartime(in.vs, in.vP, in.vc) }))
	})
	fs, fp := []*fed.Scalar{in.fs, in.fc}, []*fed.Point{in.fP, in.fQ}
	vs, vp := []*voiscalar.Scalar{in.vs, in.vc}, []*voi.EdwardsPoint{in.vP, in.vQ}
	b.Run("DoubleScalarMult", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { v.DoubleScalarMult(in.s, in.P, in.c, in.Q) }),
			c("filippo", func() { fv.MultiScalarMult(fs, fp) }),
			c("voi", func() { vv.MultiscalarMul(vs, vp) }))
	})
	b.Run("VarTimeDoubleScalarMult", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { v.VarTimeDoubleScalarMult(in.s, in.P, in.c, in.Q) }),
			c("filippo", func() { fv.VarTimeMultiScalarMult(fs, fp) }),
			c("voi", func() { vv.MultiscalarMulVartime(vs, vp) }))
	})
	for _, n := range []int{16, 64} {
		s, p, fs, fp, vs, vp := benchMultiInputs(b, n)
		b.Run(fmt.Sprintf("VarTimeMultiScalarMult/n=%d", n), func(b *testing.B) {
			benchutil.Compare(b,
				c("curvekit", func() { v.VarTimeMultiScalarMult(s, p) }),
				c("filippo", func() { fv.VarTimeMultiScalarMult(fs, fp) }),
				c("voi", func() { vv.MultiscalarMulVartime(vs, vp) }))
		})
	}
	b.Run("IsTorsionFree", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { in.P.IsTorsionFree() }),
			c("voi", func() { in.vP.IsTorsionFree() }))
	})

	k, pk, priv, pub := x25519BenchKeys(b)
	var dst [32]byte
	csec, cpub := circl.Key(k), circl.Key(pk)
	var cout circl.Key
	b.Run("X25519KeyGen", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { curve25519.ScalarBaseMult(&dst, &k) }),
			c("ecdh", func() {
				p, _ := ecdh.X25519().NewPrivateKey(k[:])
				x25519Sink = p.PublicKey().Bytes()
			}),
			c("circl", func() { circl.KeyGen(&cout, &csec) }),
			c("voi", func() { voix.ScalarBaseMult(&dst, &k) }))
	})
	b.Run("X25519Shared", func(b *testing.B) {
		benchutil.Compare(b,
			//lint:ignore SA1019 the drop-in's allocation-free form is what is compared.
			c("curvekit", func() { curve25519.ScalarMult(&dst, &k, &pk) }),
			c("ecdh", func() { x25519Sink, _ = priv.ECDH(pub) }),
			c("circl", func() { circl.Shared(&cout, &csec, &cpub) }),
			//lint:ignore SA1019 voi's ScalarMult is the peer API benchmarked here.
			c("voi", func() { voix.ScalarMult(&dst, &k, &pk) }))
	})
}

// BenchmarkX25519KeyGen times one fixed-base multiplication (public key from
// a private key) for curvekit (the drop-in ScalarBaseMult) and the peers:
// crypto/ecdh NewPrivateKey + PublicKey().Bytes(), circl KeyGen, voi
// ScalarBaseMult.
func BenchmarkX25519KeyGen(b *testing.B) {
	k, _, _, _ := x25519BenchKeys(b)
	b.Run("curvekit", func(b *testing.B) {
		var dst [32]byte
		benchutil.RunCPU(b, func() { curve25519.ScalarBaseMult(&dst, &k) })
	})
	b.Run("ecdh", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			priv, err := ecdh.X25519().NewPrivateKey(k[:])
			if err != nil {
				b.Fatal(err)
			}
			x25519Sink = priv.PublicKey().Bytes()
		})
	})
	b.Run("circl", func(b *testing.B) {
		var pub circl.Key
		sec := circl.Key(k)
		benchutil.RunCPU(b, func() { circl.KeyGen(&pub, &sec) })
	})
	b.Run("voi", func(b *testing.B) {
		var dst [32]byte
		benchutil.RunCPU(b, func() { voix.ScalarBaseMult(&dst, &k) })
	})
}

// BenchmarkX25519Shared times one variable-base ladder with both keys parsed
// outside the loop: curvekit's drop-in ScalarMult, crypto/ecdh
// priv.ECDH(pub), circl Shared, voi ScalarMult.
func BenchmarkX25519Shared(b *testing.B) {
	k, pk, priv, pub := x25519BenchKeys(b)
	b.Run("curvekit", func(b *testing.B) {
		var dst [32]byte
		//lint:ignore SA1019 the drop-in's allocation-free form is what is benchmarked.
		benchutil.RunCPU(b, func() { curve25519.ScalarMult(&dst, &k, &pk) })
	})
	b.Run("ecdh", func(b *testing.B) {
		var err error
		benchutil.RunCPU(b, func() {
			if x25519Sink, err = priv.ECDH(pub); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("circl", func(b *testing.B) {
		var shared circl.Key
		sec, pub := circl.Key(k), circl.Key(pk)
		benchutil.RunCPU(b, func() {
			if !circl.Shared(&shared, &sec, &pub) {
				b.Fatal("circl: low order")
			}
		})
	})
	b.Run("voi", func(b *testing.B) {
		var dst [32]byte
		//lint:ignore SA1019 voi's ScalarMult is the peer API benchmarked here.
		benchutil.RunCPU(b, func() { voix.ScalarMult(&dst, &k, &pk) })
	})
}

// BenchmarkX25519SharedCompare times the variable-base ladder interleaved
// (benchutil.Compare, medians of thread CPU time): curvekit's dispatch (the
// fe64 assembly where the CPU has BMI2 and ADX) and circl's Shared. The
// library's benchmark of the same name sets curvekit's field25519 ladder
// beside its dispatch.
func BenchmarkX25519SharedCompare(b *testing.B) {
	k, pk, _, _ := x25519BenchKeys(b)
	var dst [32]byte
	var shared circl.Key
	sec, pub := circl.Key(k), circl.Key(pk)
	benchutil.Compare(b,
		//lint:ignore SA1019 the drop-in's allocation-free form is what is compared.
		benchutil.Contender{Name: "curvekit", F: func() { curve25519.ScalarMult(&dst, &k, &pk) }},
		benchutil.Contender{Name: "circl", F: func() {
			if !circl.Shared(&shared, &sec, &pub) {
				b.Fatal("circl: low order")
			}
		}})
}

// BenchmarkX25519KeyGenCompare times the fixed-base multiplication
// interleaved (benchutil.Compare): curvekit's dispatch (the fe64 comb where
// the CPU has BMI2, ADX and AVX2) and voi's ScalarBaseMult. The field25519
// comb's figure comes from the same benchmark with -tags purego.
func BenchmarkX25519KeyGenCompare(b *testing.B) {
	var k [32]byte
	if _, err := rand.Read(k[:]); err != nil {
		b.Fatal(err)
	}
	var dst [32]byte
	benchutil.Compare(b,
		benchutil.Contender{Name: "curvekit", F: func() { curve25519.ScalarBaseMult(&dst, &k) }},
		benchutil.Contender{Name: "voi", F: func() { voix.ScalarBaseMult(&dst, &k) }})
}

// x25519BenchKeys returns a random scalar k and point pk (bit 255 clear),
// and the same two as crypto/ecdh keys.
func x25519BenchKeys(b *testing.B) (k, pk [32]byte, priv *ecdh.PrivateKey, pub *ecdh.PublicKey) {
	if _, err := rand.Read(k[:]); err != nil {
		b.Fatal(err)
	}
	if _, err := rand.Read(pk[:]); err != nil {
		b.Fatal(err)
	}
	pk[31] &= 127
	var err error
	if priv, err = ecdh.X25519().NewPrivateKey(k[:]); err != nil {
		b.Fatal(err)
	}
	if pub, err = ecdh.X25519().NewPublicKey(pk[:]); err != nil {
		b.Fatal(err)
	}
	return k, pk, priv, pub
}
