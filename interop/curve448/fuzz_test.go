package curve448_test

import (
	"bytes"
	"testing"

	"github.com/cloudflare/circl/ecc/goldilocks"
	"github.com/curvekit/curvekit/curve448"
)

// FuzzDecode checks the two decoders against each other and against circl:
// SetCanonicalBytes accepts exactly what goldilocks.FromBytes accepts (on 57
// bytes; circl v1.6.5 rejects bits 448–454, circl#635), with the same point,
// and re-encodes it unchanged; SetLenientBytes accepts exactly the inputs
// that SetCanonicalBytes accepts once bits 448–454 are cleared, and decodes
// them to the same point.
func FuzzDecode(f *testing.F) {
	f.Add(curve448.NewGeneratorPoint().Bytes())
	f.Add(curve448.NewIdentityPoint().Bytes())
	f.Add(make([]byte, 57))
	f.Fuzz(func(t *testing.T, b []byte) {
		var l, s curve448.Point
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
		var m curve448.Point
		_, merr := m.SetCanonicalBytes(masked)
		if (lerr == nil) != (merr == nil) {
			t.Fatalf("lenient %v, strict on the masked input %v", lerr, merr)
		}
		if lerr == nil && l.Equal(&m) != 1 {
			t.Fatal("lenient decoding differs from the masked strict one")
		}
	})
}
