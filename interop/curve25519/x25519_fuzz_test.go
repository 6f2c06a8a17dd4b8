package curve25519_test

import (
	"bytes"
	"crypto/ecdh"
	"testing"

	circl "github.com/cloudflare/circl/dh/x25519"
	"github.com/curvekit/curvekit/curve25519"
)

// FuzzX25519 feeds arbitrary byte strings to X25519: inputs of the wrong
// length must return an error (never panic), and 32-byte inputs must agree
// with crypto/ecdh, including on which inputs give the all-zero error, and
// with circl (whose Shared reports the all-zero output as false).
func FuzzX25519(f *testing.F) {
	f.Add(make([]byte, 32), make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32), append([]byte{9}, make([]byte, 31)...))
	f.Add(bytes.Repeat([]byte{0x42}, 32), bytes.Repeat([]byte{0xff}, 32))
	f.Add([]byte{1, 2, 3}, make([]byte, 33))
	f.Add(bytes.Repeat([]byte{7}, 32), []byte{})
	f.Fuzz(func(t *testing.T, scalar, point []byte) {
		got, err := curve25519.X25519(scalar, point)
		if len(scalar) != curve25519.ScalarSize || len(point) != curve25519.PointSize {
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
		var cs, ck, cp circl.Key
		copy(ck[:], scalar)
		copy(cp[:], point)
		if ok := circl.Shared(&cs, &ck, &cp); ok != (err == nil) || (ok && !bytes.Equal(got, cs[:])) {
			t.Fatalf("X25519(%x, %x) = %x, %v; circl %x, %v", scalar, point, got, err, cs, ok)
		}
	})
}

// FuzzX25519Base checks fixed-base key generation — X25519 with Basepoint,
// which takes the table path, and ScalarBaseMult — against crypto/ecdh's
// PublicKey and circl's KeyGen.
func FuzzX25519Base(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add(append([]byte{8}, make([]byte, 31)...))
	f.Add([]byte{1})
	f.Fuzz(func(t *testing.T, scalar []byte) {
		got, err := curve25519.X25519(scalar, curve25519.Basepoint)
		if len(scalar) != curve25519.ScalarSize {
			if err == nil {
				t.Fatalf("accepted a %d-byte scalar", len(scalar))
			}
			return
		}
		if err != nil {
			t.Fatal(err) // a clamped scalar times the basepoint is never zero
		}
		priv, err := ecdh.X25519().NewPrivateKey(scalar)
		if err != nil {
			t.Fatal(err)
		}
		if want := priv.PublicKey().Bytes(); !bytes.Equal(got, want) {
			t.Fatalf("X25519(%x, 9) = %x; crypto/ecdh %x", scalar, got, want)
		}
		var cp, ck circl.Key
		copy(ck[:], scalar)
		circl.KeyGen(&cp, &ck)
		if !bytes.Equal(got, cp[:]) {
			t.Fatalf("X25519(%x, 9) = %x; circl %x", scalar, got, cp)
		}
		var dst, in [32]byte
		copy(in[:], scalar)
		curve25519.ScalarBaseMult(&dst, &in)
		if !bytes.Equal(dst[:], got) {
			t.Fatalf("ScalarBaseMult(%x) = %x; X25519 %x", scalar, dst, got)
		}
	})
}
