package ed448

import (
	"testing"

	"github.com/curvekit/curvekit/internal/keycache/mmaptest"
)

// mappedKey returns a copy of priv in anonymous mmap'd memory, outside the
// Go heap, skipping where the platform cannot map memory.
func mappedKey(tb testing.TB, priv []byte) PrivateKey {
	tb.Helper()
	m, unmap, err := mmaptest.Map(len(priv))
	if err != nil {
		tb.Skip("no anonymous mmap here:", err)
	}
	tb.Cleanup(func() {
		if err := unmap(); err != nil {
			tb.Error(err)
		}
	})
	copy(m, priv)
	return PrivateKey(m)
}

// BenchmarkSignKeyMemory times Sign with a reused key slice (a cache hit),
// a fresh copy of the key per call (a miss) and a key in mmap'd memory
// (never cached); see ed25519's benchmark of the same name.
func BenchmarkSignKeyMemory(b *testing.B) {
	priv := NewKeyFromSeed(benchSeed)
	b.Run("reused", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			Sign(priv, benchMsg, "")
		}
	})
	b.Run("fresh", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			Sign(append(PrivateKey(nil), priv...), benchMsg, "")
		}
	})
	b.Run("mmap", func(b *testing.B) {
		mapped := mappedKey(b, priv)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			Sign(mapped, benchMsg, "")
		}
	})
}
