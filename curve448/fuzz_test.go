package curve448

import (
	"bytes"
	"testing"

	"github.com/cloudflare/circl/ecc/goldilocks"
)

// FuzzDecode checks the two decoders against each other and against circl:
// SetLenientBytes accepts exactly what goldilocks.FromBytes accepts (on 57
// bytes), with the same point; SetCanonicalBytes accepts exactly the
// lenient inputs with bits 448–454 clear, and re-encodes them unchanged.
func FuzzDecode(f *testing.F) {
	f.Add(NewGeneratorPoint().Bytes())
	f.Add(NewIdentityPoint().Bytes())
	f.Add(make([]byte, 57))
	f.Fuzz(func(t *testing.T, b []byte) {
		var l, s Point
		_, lerr := l.SetLenientBytes(b)
		_, serr := s.SetCanonicalBytes(b)
		if len(b) != 57 {
			if lerr == nil || serr == nil {
				t.Fatal("wrong length accepted")
			}
			return
		}
		cp, cerr := goldilocks.FromBytes(b)
		if (lerr == nil) != (cerr == nil) {
			t.Fatalf("lenient %v, circl %v", lerr, cerr)
		}
		if (serr == nil) != (lerr == nil && b[56]&0x7f == 0) {
			t.Fatalf("strict %v, lenient %v", serr, lerr)
		}
		if lerr == nil && !bytes.Equal(l.Bytes(), circlBytes(cp)) {
			t.Fatal("decoded point differs from circl's")
		}
		if serr == nil && !bytes.Equal(s.Bytes(), b) {
			t.Fatal("canonical encoding does not round-trip")
		}
	})
}

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
		want := bigToLE(montDoubleU(montDoubleU(leToBig(u))), 56)
		if !bytes.Equal(P.BytesMontgomery(), want) {
			t.Fatal("φ(ψ(M)) ≠ [4]M")
		}
	})
}
