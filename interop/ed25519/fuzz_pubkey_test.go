package ed25519_test

import (
	"bytes"
	"testing"

	filippo "filippo.io/edwards25519"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/ed25519test"
)

// FuzzPublicKeyDecoding checks the lenient public-key decoder and the
// Ed25519 → X25519 conversion against filippo's decoding and small-order
// test (the library's FuzzPublicKeyDecoding checks the strict decoder
// against the lenient one and the math/big canonical rule).
func FuzzPublicKeyDecoding(f *testing.F) {
	f.Add(ed25519test.Identity)
	f.Add(ed25519test.IdentityNegZero)
	f.Add(ed25519test.IdentityPPlus1)
	f.Add(ed25519test.Order8)
	f.Add(filippo.NewGeneratorPoint().Bytes())
	f.Add([]byte{0xff})
	f.Fuzz(func(t *testing.T, b []byte) {
		e, err := ed25519.NewExpandedPublicKey(b)
		_, ferr := new(filippo.Point).SetBytes(b)
		if (err == nil) != (ferr == nil) {
			t.Fatalf("NewExpandedPublicKey %v, filippo %v", err, ferr)
		}
		if err == nil && !bytes.Equal(e.PublicKey(), b) {
			t.Fatal("PublicKey() changed")
		}
		u, uerr := ed25519.PublicKeyToX25519(b)
		if uerr == nil {
			if err != nil || oracleSmallOrder(b) {
				t.Fatal("converted a key that is not a prime-order-part point")
			}
			// u maps back to ±A.
			back, berr := ed25519.PublicKeyFromX25519(u, int(b[31]>>7))
			var A filippo.Point
			A.SetBytes(b)
			if berr != nil || !bytes.Equal(back, A.Bytes()) {
				t.Fatalf("round trip %x: %x (%v)", b, back, berr)
			}
		} else if err == nil && !oracleSmallOrder(b) {
			t.Fatalf("refused to convert %x, a point with a prime-order part: %v", b, uerr)
		}
	})
}
