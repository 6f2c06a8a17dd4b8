package curve25519

import (
	"crypto/ecdh"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchmarkCompare runs, interleaved (benchutil.Compare), the operations
// whose contenders are internal or in the standard library: the subgroup
// test against a plain multiplication by ℓ, and X25519's core against
// crypto/ecdh. The speedup-<other> metrics are the other's median time over
// curvekit's (above 1: curvekit is faster). The peers' rows (filippo, voi,
// circl) are in the interop module's BenchmarkCompare.
func BenchmarkCompare(b *testing.B) {
	in := newBenchInputs(b)
	c := func(name string, f func()) benchutil.Contender { return benchutil.Contender{Name: name, F: f} }
	b.Run("IsTorsionFree", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { in.P.IsTorsionFree() }),
			c("multL", func() { in.P.isTorsionFreeMultL() }))
	})

	k, pk, priv, pub := x25519BenchKeys(b)
	var dst [32]byte
	b.Run("X25519KeyGen", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { xdh(&dst, k[:], Basepoint) }),
			c("ecdh", func() {
				p, _ := ecdh.X25519().NewPrivateKey(k[:])
				x25519Sink = p.PublicKey().Bytes()
			}))
	})
	b.Run("X25519Shared", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { xdh(&dst, k[:], pk[:]) }),
			c("ecdh", func() { x25519Sink, _ = priv.ECDH(pub) }))
	})
}
