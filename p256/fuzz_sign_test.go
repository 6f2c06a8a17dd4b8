package p256

import (
	"bytes"
	"crypto"
	"crypto/ecdh"
	"testing"
)

// FuzzSignECDH compares, for fuzzed keys and digests, the deterministic
// signatures with crypto/ecdsa's (byte for byte) and the shared secrets
// with crypto/ecdh's.
func FuzzSignECDH(f *testing.F) {
	f.Add(bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32), []byte("digest"))
	f.Add(orderBytes[:], halfOrder[:], []byte{})
	f.Fuzz(func(t *testing.T, d1, d2, digest []byte) {
		a, err1 := NewPrivateKey(d1)
		sa, err2 := ecdh.P256().NewPrivateKey(d1)
		if (err1 == nil) != (err2 == nil) {
			t.Fatalf("NewPrivateKey(%x): %v, crypto/ecdh %v", d1, err1, err2)
		}
		if err1 != nil {
			return
		}
		if !bytes.Equal(a.PublicKey().Bytes(), sa.PublicKey().Bytes()) {
			t.Fatalf("public key of %x", d1)
		}
		h := crypto.SHA256.New()
		h.Write(digest)
		sum := h.Sum(nil)
		sk, _ := a.ToECDSA()
		got, err := a.Sign(nil, sum, crypto.SHA256)
		want, err2 := sk.Sign(nil, sum, crypto.SHA256)
		if err != nil || err2 != nil || !bytes.Equal(got, want) {
			t.Fatalf("Sign: %x, %v; crypto/ecdsa %x, %v", got, err, want, err2)
		}
		if !VerifyASN1(a.PublicKey(), digest, mustSign(t, a, digest)) {
			t.Fatal("own signature of a raw digest does not verify")
		}
		b, err := NewPrivateKey(d2)
		if err != nil {
			return
		}
		sb, _ := ecdh.P256().NewPrivateKey(d2)
		s1, err1 := a.ECDH(b.PublicKey())
		s2, err2 := sa.ECDH(sb.PublicKey())
		if err1 != nil || err2 != nil || !bytes.Equal(s1, s2) {
			t.Fatalf("ECDH: %x, %v; crypto/ecdh %x, %v", s1, err1, s2, err2)
		}
	})
}

func mustSign(t *testing.T, k *PrivateKey, digest []byte) []byte {
	t.Helper()
	sig, err := SignDeterministic(k, crypto.SHA256, digest)
	if err != nil {
		t.Fatal(err)
	}
	return sig
}
