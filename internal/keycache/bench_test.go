package keycache

import "testing"

// BenchmarkGet times Get's hit path (the same 64-byte key every call: one
// findObject, one weak.Make, one map lookup, one constant-time comparison)
// and its miss path (a fresh copy of the key every call: an entry and a
// cleanup registered), with a trivial expansion so that the cache's own
// cost shows.
func BenchmarkGet(b *testing.B) {
	expand := func(k *[64]byte) error { k[0] = 1; return nil }
	priv := make([]byte, 64)
	b.Run("hit", func(b *testing.B) {
		var c Cache[[64]byte]
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			c.Get(priv, expand)
		}
	})
	b.Run("miss", func(b *testing.B) {
		var c Cache[[64]byte]
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			c.Get(append([]byte(nil), priv...), expand)
		}
	})
}
