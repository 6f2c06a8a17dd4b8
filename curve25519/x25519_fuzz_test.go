package curve25519

import (
	"bytes"
	"crypto/ecdh"
	"testing"
)

// FuzzX25519 feeds arbitrary byte strings to X25519: inputs of the wrong
// length must return an error (never panic), and 32-byte inputs must agree
// with crypto/ecdh, including on which inputs give the all-zero error.
func FuzzX25519(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32), append([]byte{9}, make([]byte, 31)...))
	f.Add(bytes.Repeat([]byte{0x42}, 32), bytes.Repeat([]byte{0xff}, 32))
	f.Add([]byte{1, 2, 3}, make([]byte, 33))
	f.Add(bytes.Repeat([]byte{7}, 32), []byte{})
	f.Fuzz(func(t *testing.T, scalar, point []byte) {
		got, err := X25519(scalar, point)
		if len(scalar) != ScalarSize || len(point) != PointSize {
			if err == nil {
				t.Fatalf("accepted lengths %d, %d", len(scalar), len(point))
			}
			return
		}
		priv, err2 := ecdh.X25519().NewPrivateKey(scalar)
		if err2 != nil {
			t.Fatal(err2)
		}
		pub, err2 := ecdh.X25519().NewPublicKey(point)
		if err2 != nil {
			t.Fatal(err2)
		}
		want, err2 := priv.ECDH(pub)
		if (err == nil) != (err2 == nil) || !bytes.Equal(got, want) {
			t.Fatalf("X25519(%x, %x) = %x, %v; crypto/ecdh %x, %v", scalar, point, got, err, want, err2)
		}
	})
}
