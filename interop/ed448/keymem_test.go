package ed448_test

import (
	"bytes"
	"crypto"
	"testing"

	circled448 "github.com/cloudflare/circl/sign/ed448"
	"github.com/curvekit/curvekit/ed448"
	"github.com/curvekit/curvekit/internal/keycache/mmaptest"
)

// mappedKey returns a copy of priv in anonymous mmap'd memory, outside the
// Go heap, skipping where the platform cannot map memory.
func mappedKey(tb testing.TB, priv []byte) ed448.PrivateKey {
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
	return ed448.PrivateKey(m)
}

// TestSignMappedKey signs with a key held outside the Go heap (before the
// key cache checked for it, a fatal error in weak.Make) through Sign, SignPh,
// PrivateKey.Sign and MarshalPKCS8PrivateKey, compares with circl, and
// checks that a key modified in place signs with its new value and that a
// mismatched public half is still refused.
func TestSignMappedKey(t *testing.T) {
	seed := bytes.Repeat([]byte{0x42}, ed448.SeedSize)
	mapped := mappedKey(t, ed448.NewKeyFromSeed(seed))
	cpriv := circled448.NewKeyFromSeed(seed)
	msg := []byte("a key in mmap'd memory")
	for i := range 3 {
		if !bytes.Equal(ed448.Sign(mapped, msg, "c"), circled448.Sign(cpriv, msg, "c")) {
			t.Fatalf("Sign #%d with the mapped key differs from circl", i)
		}
		if !bytes.Equal(ed448.SignPh(mapped, msg, "c"), circled448.SignPh(cpriv, msg, "c")) {
			t.Fatalf("SignPh #%d with the mapped key differs from circl", i)
		}
		sig, err := mapped.Sign(nil, msg, ed448.SignerOptions{Context: "c"})
		if err != nil || !bytes.Equal(sig, circled448.Sign(cpriv, msg, "c")) {
			t.Fatalf("PrivateKey.Sign #%d with the mapped key: %v", i, err)
		}
	}
	if _, err := ed448.MarshalPKCS8PrivateKey(mapped); err != nil {
		t.Error("MarshalPKCS8PrivateKey of the mapped key:", err)
	}
	seed2 := bytes.Repeat([]byte{0x43}, ed448.SeedSize)
	copy(mapped, ed448.NewKeyFromSeed(seed2))
	if !bytes.Equal(ed448.Sign(mapped, msg, ""), circled448.Sign(circled448.NewKeyFromSeed(seed2), msg, "")) {
		t.Error("the mapped key modified in place signed with its old value")
	}
	mapped[ed448.SeedSize] ^= 1
	if _, err := mapped.Sign(nil, msg, crypto.Hash(0)); err == nil {
		t.Error("a mapped key with a mismatched public half signed")
	}
}
