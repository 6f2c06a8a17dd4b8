package ed25519

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"testing"

	"github.com/curvekit/curvekit/internal/keycache/mmaptest"
)

// TestSignMappedKey signs with a key held outside the Go heap (before the
// key cache checked for it: "fatal error: getWeakHandle on invalid
// pointer", which recover cannot catch) through every signing entry point,
// and compares the signatures with crypto/ed25519's and with those of the
// same key in the Go heap. It also checks that a mismatched public half is
// still refused there, and that a key modified in place signs with its new
// value.
func TestSignMappedKey(t *testing.T) {
	seed := bytes.Repeat([]byte{0x42}, SeedSize)
	heap := NewKeyFromSeed(seed)
	std := stded25519.NewKeyFromSeed(seed)
	mapped := PrivateKey(mmaptest.Copy(t, heap))
	msg := []byte("a key in mmap'd memory")
	for i := range 3 { // more than once: nothing may be cached wrongly
		if got := Sign(mapped, msg); !bytes.Equal(got, stded25519.Sign(std, msg)) {
			t.Fatalf("Sign #%d with the mapped key differs from crypto/ed25519", i)
		}
		for _, opts := range []crypto.SignerOpts{crypto.Hash(0), &Options{Context: "v1"}, &stded25519.Options{Context: "v1"}} {
			got, err := mapped.Sign(nil, msg, opts)
			want, _ := std.Sign(nil, msg, stdEquivalentInternal(opts))
			if err != nil || !bytes.Equal(got, want) {
				t.Fatalf("PrivateKey.Sign(%T) with the mapped key: %v", opts, err)
			}
		}
	}
	if _, err := ExpandPrivateKey(mapped); err != nil {
		t.Error("ExpandPrivateKey of the mapped key:", err)
	}
	if _, err := MarshalPKCS8PrivateKey(mapped); err != nil {
		t.Error("MarshalPKCS8PrivateKey of the mapped key:", err)
	}

	// Modified in place: a new seed and its public half.
	seed2 := bytes.Repeat([]byte{0x43}, SeedSize)
	copy(mapped, NewKeyFromSeed(seed2))
	if !bytes.Equal(Sign(mapped, msg), stded25519.Sign(stded25519.NewKeyFromSeed(seed2), msg)) {
		t.Error("the mapped key modified in place signed with its old value")
	}
	// A public half that does not match: refused, as for a heap key.
	mapped[SeedSize] ^= 1
	if _, err := mapped.Sign(nil, msg, crypto.Hash(0)); err == nil {
		t.Error("a mapped key with a mismatched public half signed")
	}
}

func stdEquivalentInternal(o crypto.SignerOpts) crypto.SignerOpts {
	if v, ok := o.(*Options); ok {
		return &stded25519.Options{Hash: v.Hash, Context: v.Context}
	}
	return o
}

// BenchmarkSignKeyMemory times Sign on the key cache's three paths: a key
// reused across calls, a fresh copy of it on every call, and a key in
// mmap'd memory (mmaptest.BenchSign). DESIGN notes: the package
// documentation and internal/keycache.
func BenchmarkSignKeyMemory(b *testing.B) {
	mmaptest.BenchSign(b, NewKeyFromSeed(benchSeed), func(key []byte) { Sign(key, benchMsg) })
}
