package curve448_test

import (
	"bytes"
	"testing"

	circl "github.com/cloudflare/circl/dh/x448"
	"github.com/curvekit/curvekit/curve448"
)

// FuzzX448Base compares fixed-base key generation (the table path behind
// NewPrivateKey(…).PublicKey()) and X448(k, Basepoint) with circl's KeyGen.
func FuzzX448Base(f *testing.F) {
	f.Add(make([]byte, 56))
	f.Add(bytes.Repeat([]byte{0xff}, 56))
	f.Add(append([]byte{4}, make([]byte, 55)...))
	f.Fuzz(func(t *testing.T, k []byte) {
		priv, err := curve448.NewPrivateKey(k)
		if len(k) != 56 {
			if err == nil {
				t.Fatalf("NewPrivateKey accepted %d bytes", len(k))
			}
			return
		}
		if err != nil {
			t.Fatalf("NewPrivateKey(%x): %v", k, err)
		}
		var ck, cpub circl.Key
		copy(ck[:], k)
		circl.KeyGen(&cpub, &ck)
		if got := priv.PublicKey().Bytes(); !bytes.Equal(got, cpub[:]) {
			t.Fatalf("public key of %x: %x, circl %x", k, got, cpub)
		}
		got, err := curve448.X448(k, curve448.Basepoint)
		if err != nil || !bytes.Equal(got, cpub[:]) {
			t.Fatalf("X448(%x, Basepoint) = %x, %v; circl %x", k, got, err, cpub)
		}
	})
}
