package ed448

import (
	"bytes"
	"crypto"
	"testing"

	circled448 "github.com/cloudflare/circl/sign/ed448"
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

// TestSignMappedKey signs with a key held outside the Go heap (before the
// key cache checked for it, a fatal error in weak.Make) through Sign, SignPh,
// PrivateKey.Sign and MarshalPKCS8PrivateKey, compares with circl, and
// checks that a key modified in place signs with its new value and that a
// mismatched public half is still refused.
func TestSignMappedKey(t *testing.T) {
	seed := bytes.Repeat([]byte{0x42}, SeedSize)
	mapped := mappedKey(t, NewKeyFromSeed(seed))
	cpriv := circled448.NewKeyFromSeed(seed)
	msg := []byte("a key in mmap'd memory")
	for i := range 3 {
		if !bytes.Equal(Sign(mapped, msg, "c"), circled448.Sign(cpriv, msg, "c")) {
			t.Fatalf("Sign #%d with the mapped key differs from circl", i)
		}
		if !bytes.Equal(SignPh(mapped, msg, "c"), circled448.SignPh(cpriv, msg, "c")) {
			t.Fatalf("SignPh #%d with the mapped key differs from circl", i)
		}
		sig, err := mapped.Sign(nil, msg, SignerOptions{Context: "c"})
		if err != nil || !bytes.Equal(sig, circled448.Sign(cpriv, msg, "c")) {
			t.Fatalf("PrivateKey.Sign #%d with the mapped key: %v", i, err)
		}
	}
	if _, err := MarshalPKCS8PrivateKey(mapped); err != nil {
		t.Error("MarshalPKCS8PrivateKey of the mapped key:", err)
	}
	seed2 := bytes.Repeat([]byte{0x43}, SeedSize)
	copy(mapped, NewKeyFromSeed(seed2))
	if !bytes.Equal(Sign(mapped, msg, ""), circled448.Sign(circled448.NewKeyFromSeed(seed2), msg, "")) {
		t.Error("the mapped key modified in place signed with its old value")
	}
	mapped[SeedSize] ^= 1
	if _, err := mapped.Sign(nil, msg, crypto.Hash(0)); err == nil {
		t.Error("a mapped key with a mismatched public half signed")
	}
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
