//go:build amd64 && !purego && !curvekit_purego

package p256

import (
	crand "crypto/rand"
	"crypto/sha256"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchmarkAVX2Scans times the operations the table scans serve with the
// AVX2 scans and with the Go word scans, interleaved in one process
// (haveAVX2 is switched before each call and restored at the end; no test
// runs concurrently with a benchmark): the "speedup-go" metric is the Go
// scans' time over the AVX2 scans'.
func BenchmarkAVX2Scans(b *testing.B) {
	if !haveAVX2 {
		b.Skip()
	}
	defer func() { haveAVX2 = true }()
	priv, _ := GenerateKey(crand.Reader)
	peer, _ := GenerateKey(crand.Reader)
	d := priv.Bytes()
	digest := sha256.Sum256([]byte("benchmark"))
	c := func(name string, on bool, f func()) benchutil.Contender {
		return benchutil.Contender{Name: name, F: func() { haveAVX2 = on; f() }}
	}
	kg := func() { q, _ := NewPrivateKey(d); benchSink = q.PublicKey().Bytes() }
	sg := func() { benchSink, _ = SignASN1(crand.Reader, priv, digest[:]) }
	dh := func() { benchSink, _ = priv.ECDH(peer.PublicKey()) }
	b.Run("KeyGen", func(b *testing.B) { benchutil.Compare(b, c("avx2", true, kg), c("go", false, kg)) })
	b.Run("SignASN1", func(b *testing.B) { benchutil.Compare(b, c("avx2", true, sg), c("go", false, sg)) })
	b.Run("ECDH", func(b *testing.B) { benchutil.Compare(b, c("avx2", true, dh), c("go", false, dh)) })
}
