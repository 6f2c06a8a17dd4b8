package curve448

import (
	"bytes"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
)

// FuzzSetMontgomery checks that SetMontgomery never panics and that what it
// returns is a curve point with φ(ψ(M)) = [4]M (math/big x-only doubling).
func FuzzSetMontgomery(f *testing.F) {
	five := make([]byte, 56)
	five[0] = 5
	f.Add(five, 0)
	f.Add(make([]byte, 56), 1)
	f.Fuzz(func(t *testing.T, u []byte, sign int) {
		P, err := new(Point).SetMontgomery(u, sign&1)
		if err != nil {
			return
		}
		if _, err := new(Point).SetCanonicalBytes(P.Bytes()); err != nil {
			t.Fatal("ψ(M) does not re-decode")
		}
		want := bigToLE(montDoubleU(montDoubleU(bigle.Int(u))), 56)
		if !bytes.Equal(P.BytesMontgomery(), want) {
			t.Fatal("φ(ψ(M)) ≠ [4]M")
		}
	})
}
