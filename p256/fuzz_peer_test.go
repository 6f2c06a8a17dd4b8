package p256

import (
	"bytes"
	"crypto/ecdh"
	"crypto/ecdsa"
	"testing"
)

// FuzzPeerKey feeds one fuzzed SEC 1 point to NewPublicKey and to
// crypto/ecdh's P256().NewPublicKey (uncompressed encodings only; the
// compressed form is FuzzNewPublicKey's), and when both accept it, compares
// ECDH with a fuzzed scalar and ECDSA verification of a fuzzed signature
// under that key with crypto/ecdh and crypto/ecdsa.
func FuzzPeerKey(f *testing.F) {
	g, _ := generator.bytes()
	f.Add(bytes.Repeat([]byte{5}, 32), g[:], []byte("digest"), []byte{0x30, 6, 2, 1, 1, 2, 1, 1})
	f.Add(bytes.Repeat([]byte{0xff}, 32), append([]byte{4}, make([]byte, 64)...), []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, d, peer, digest, sig []byte) {
		pub, err := NewPublicKey(peer)
		if len(peer) != 65 {
			return
		}
		spub, serr := ecdh.P256().NewPublicKey(peer)
		if (err == nil) != (serr == nil) {
			t.Fatalf("NewPublicKey(%x): %v; crypto/ecdh %v", peer, err, serr)
		}
		if err != nil {
			return
		}
		epub, err := pub.ToECDSA()
		if err != nil {
			t.Fatalf("ToECDSA: %v", err)
		}
		if got, want := VerifyASN1(pub, digest, sig), ecdsa.VerifyASN1(epub, digest, sig); got != want {
			t.Fatalf("VerifyASN1 under %x: %v, crypto/ecdsa %v", peer, got, want)
		}
		priv, err := NewPrivateKey(d)
		spriv, serr := ecdh.P256().NewPrivateKey(d)
		if (err == nil) != (serr == nil) {
			t.Fatalf("NewPrivateKey(%x): %v; crypto/ecdh %v", d, err, serr)
		}
		if err != nil {
			return
		}
		s1, err1 := priv.ECDH(pub)
		s2, err2 := spriv.ECDH(spub)
		if (err1 == nil) != (err2 == nil) || !bytes.Equal(s1, s2) {
			t.Fatalf("ECDH(%x, %x): %x, %v; crypto/ecdh %x, %v", d, peer, s1, err1, s2, err2)
		}
	})
}
