package curve25519

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"testing"
)

// TestKeysMatchCryptoECDH compares the key types with crypto/ecdh's X25519
// on random keys: the same public keys, the same shared secrets, and both
// refusing a low-order peer.
func TestKeysMatchCryptoECDH(t *testing.T) {
	for i := range 50 {
		a, b := make([]byte, 32), make([]byte, 32)
		rand.Read(a)
		rand.Read(b)
		ka, err := NewPrivateKey(a)
		if err != nil {
			t.Fatal(err)
		}
		ea, err := ecdh.X25519().NewPrivateKey(a)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(ka.PublicKey().Bytes(), ea.PublicKey().Bytes()) {
			t.Fatalf("%x: public key %x, crypto/ecdh %x", a, ka.PublicKey().Bytes(), ea.PublicKey().Bytes())
		}
		if i%10 == 0 {
			b = make([]byte, 32) // u = 0: low order, refused by both
		}
		pb, err := NewPublicKey(b)
		if err != nil {
			t.Fatal(err)
		}
		epb, err := ecdh.X25519().NewPublicKey(b)
		if err != nil {
			t.Fatal(err)
		}
		got, err1 := ka.ECDH(pb)
		want, err2 := ea.ECDH(epb)
		if (err1 == nil) != (err2 == nil) || !bytes.Equal(got, want) {
			t.Fatalf("ECDH(%x, %x) = %x, %v; crypto/ecdh %x, %v", a, b, got, err1, want, err2)
		}
	}
}
