package mmaptest

import "testing"

// Copy returns a copy of b in fresh anonymous mmap'd memory (as a key in
// memguard-style locked memory or in a buffer from C), unmapped when tb's
// test ends. It skips tb where this platform cannot map memory.
func Copy(tb testing.TB, b []byte) []byte {
	tb.Helper()
	m, unmap, err := Map(len(b))
	if err != nil {
		tb.Skip("no anonymous mmap here:", err)
	}
	tb.Cleanup(func() {
		if err := unmap(); err != nil {
			tb.Error(err)
		}
	})
	copy(m, b)
	return m
}

// BenchSign runs sign in three sub-benchmarks of b, for the paths of a
// signer's key cache: key reused across calls ("reused", a hit: one
// constant-time comparison of the key), a fresh heap copy of key on every
// call ("fresh", a miss: the seed expanded and checked, an entry and a
// cleanup registered) and key in mmap'd memory ("mmap", never cached:
// expanded and checked on every call).
func BenchSign(b *testing.B, key []byte, sign func(key []byte)) {
	b.Run("reused", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sign(key)
		}
	})
	b.Run("fresh", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			sign(append([]byte(nil), key...))
		}
	})
	b.Run("mmap", func(b *testing.B) {
		mapped := Copy(b, key)
		b.ReportAllocs()
		for b.Loop() {
			sign(mapped)
		}
	})
}
