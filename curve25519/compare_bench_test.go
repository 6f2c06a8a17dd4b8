package curve25519

import (
	"crypto/ecdh"
	"testing"

	fed "filippo.io/edwards25519"
	circl "github.com/cloudflare/circl/dh/x25519"
	"github.com/curvekit/curvekit/internal/benchutil"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
	voiscalar "github.com/oasisprotocol/curve25519-voi/curve/scalar"
	voix "github.com/oasisprotocol/curve25519-voi/primitives/x25519"
)

// BenchmarkCompare runs each operation of the target table with
// curvekit and its peers interleaved (benchutil.Compare): the
// speedup-<peer> metrics are the peer's median time over curvekit's (above
// 1: curvekit is faster). The separate benchmarks above time the same calls one
// implementation at a time.
func BenchmarkCompare(b *testing.B) {
	in := newBenchInputs(b)
	var v Point
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
	b.Run("IsTorsionFree", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { in.P.IsTorsionFree() }),
			c("multL", func() { in.P.isTorsionFreeMultL() }),
			c("voi", func() { in.vP.IsTorsionFree() }))
	})

	k, pk, priv, pub := x25519BenchKeys(b)
	var dst [32]byte
	csec, cpub := circl.Key(k), circl.Key(pk)
	var cout circl.Key
	b.Run("X25519KeyGen", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { xdh(&dst, k[:], Basepoint) }),
			c("ecdh", func() {
				p, _ := ecdh.X25519().NewPrivateKey(k[:])
				x25519Sink = p.PublicKey().Bytes()
			}),
			c("circl", func() { circl.KeyGen(&cout, &csec) }),
			c("voi", func() { voix.ScalarBaseMult(&dst, &k) }))
	})
	b.Run("X25519Shared", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { xdh(&dst, k[:], pk[:]) }),
			c("ecdh", func() { x25519Sink, _ = priv.ECDH(pub) }),
			c("circl", func() { circl.Shared(&cout, &csec, &cpub) }),
			//lint:ignore SA1019 voi's ScalarMult is the peer API benchmarked here.
			c("voi", func() { voix.ScalarMult(&dst, &k, &pk) }))
	})
}
