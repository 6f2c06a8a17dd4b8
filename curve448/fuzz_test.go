package curve448

import (
	"bytes"
	"testing"

	"github.com/cloudflare/circl/ecc/goldilocks"
	"github.com/curvekit/curvekit/internal/bigle"
)

// FuzzDecode checks the two decoders against each other and against circl:
// SetCanonicalBytes accepts exactly what goldilocks.FromBytes accepts (on 57
// bytes; circl v1.6.5 rejects bits 448–454, circl#635), with the same point,
// and re-encodes it unchanged; SetLenientBytes accepts exactly the inputs
// that SetCanonicalBytes accepts once bits 448–454 are cleared, and decodes
// them to the same point.
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
		if (serr == nil) != (cerr == nil) {
			t.Fatalf("strict %v, circl %v", serr, cerr)
		}
		if serr == nil && !bytes.Equal(s.Bytes(), circlBytes(cp)) {
			t.Fatal("decoded point differs from circl's")
		}
		if serr == nil && !bytes.Equal(s.Bytes(), b) {
			t.Fatal("canonical encoding does not round-trip")
		}
		masked := bytes.Clone(b)
		masked[56] &= 0x80
		var m Point
		_, merr := m.SetCanonicalBytes(masked)
		if (lerr == nil) != (merr == nil) {
			t.Fatalf("lenient %v, strict on the masked input %v", lerr, merr)
		}
		if lerr == nil && l.Equal(&m) != 1 {
			t.Fatal("lenient decoding differs from the masked strict one")
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
		want := bigToLE(montDoubleU(montDoubleU(bigle.Int(u))), 56)
		if !bytes.Equal(P.BytesMontgomery(), want) {
			t.Fatal("φ(ψ(M)) ≠ [4]M")
		}
	})
}
