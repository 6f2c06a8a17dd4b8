package p384

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	crand "crypto/rand"
	"crypto/sha512"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

var benchSink []byte

// BenchmarkCompare times each operation with curvekit and the standard
// library interleaved (benchutil.Compare); x-<peer> is curvekit's median
// time over the peer's (below 1: curvekit is faster).
func BenchmarkCompare(b *testing.B) {
	c := func(name string, f func()) benchutil.Contender { return benchutil.Contender{Name: name, F: f} }
	priv, _ := GenerateKey(crand.Reader)
	peer, _ := GenerateKey(crand.Reader)
	sk, _ := priv.ToECDSA()
	ek, _ := priv.ToECDH()
	epeer, _ := peer.PublicKey().ToECDH()
	d := priv.Bytes()
	digest := sha512.Sum384([]byte("benchmark"))
	sig, _ := SignASN1(crand.Reader, priv, digest[:])
	pub := priv.PublicKey()
	var p point
	k := [48]byte(d)

	b.Run("KeyGen", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { q, _ := NewPrivateKey(d); benchSink = q.PublicKey().Bytes() }),
			c("ecdh", func() { q, _ := ecdh.P384().NewPrivateKey(d); benchSink = q.PublicKey().Bytes() }))
	})
	b.Run("ECDH", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { benchSink, _ = priv.ECDH(peer.PublicKey()) }),
			c("ecdh", func() { benchSink, _ = ek.ECDH(epeer) }))
	})
	b.Run("SignASN1", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { benchSink, _ = SignASN1(crand.Reader, priv, digest[:]) }),
			c("ecdsa", func() { benchSink, _ = ecdsa.SignASN1(crand.Reader, sk, digest[:]) }))
	})
	b.Run("SignDeterministic", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { benchSink, _ = priv.Sign(nil, digest[:], crypto.SHA384) }),
			c("ecdsa", func() { benchSink, _ = sk.Sign(nil, digest[:], crypto.SHA384) }))
	})
	b.Run("VerifyASN1", func(b *testing.B) {
		benchutil.Compare(b,
			c("curvekit", func() { VerifyASN1(pub, digest[:], sig) }),
			c("ecdsa", func() { ecdsa.VerifyASN1(&sk.PublicKey, digest[:], sig) }))
	})
	// The group operations alone, for the DESIGN.md breakdown.
	b.Run("Group", func(b *testing.B) {
		benchutil.Compare(b,
			c("scalarBaseMult", func() { p.scalarBaseMult(&k) }),
			c("scalarMult", func() { p.scalarMult(&k, &pub.p) }),
			c("varTimeDouble", func() { p.varTimeDoubleScalarBaseMult(&k, &k, &pub.p) }),
			c("affine", func() { p.affine() }))
	})
}
