package curve25519

import (
	"bytes"
	"testing"
)

func addPointSeeds(f *testing.F) {
	for _, h := range smallOrderHex {
		f.Add(mustHex(f, h))
	}
	for _, h := range nonCanonicalSmallOrderHex {
		f.Add(mustHex(f, h))
	}
	f.Add(NewGeneratorPoint().Bytes())
	f.Add([]byte{1, 2, 3})
}

// FuzzSetCanonicalBytes checks that the strict decoder accepts exactly the
// lenient decoder's inputs that are their own canonical encoding.
func FuzzSetCanonicalBytes(f *testing.F) {
	addPointSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		s, serr := new(Point).SetCanonicalBytes(b)
		p, err := new(Point).SetBytes(b)
		want := err == nil && bytes.Equal(p.Bytes(), b)
		if (serr == nil) != want {
			t.Fatalf("%x: strict err %v, expected accept = %v", b, serr, want)
		}
		if serr == nil && !bytes.Equal(s.Bytes(), b) {
			t.Fatalf("%x: round trip %x", b, s.Bytes())
		}
	})
}

// FuzzSetMontgomery checks that accepted u values map back to themselves
// with the requested sign, and that errors leave the receiver alone.
func FuzzSetMontgomery(f *testing.F) {
	nine := make([]byte, 32)
	nine[0] = 9
	f.Add(nine, 0)
	f.Add(make([]byte, 32), 1)
	f.Add(bigToLE(new(bigInt).Sub(bigP, bigOne)), 0)
	f.Add([]byte{9}, 0)
	f.Fuzz(func(t *testing.T, u []byte, sign int) {
		g := NewGeneratorPoint()
		p, err := g.SetMontgomery(u, sign)
		if err != nil {
			if p != nil || g.Equal(NewGeneratorPoint()) != 1 {
				t.Fatal("error path modified the receiver or returned a point")
			}
			return
		}
		if !bytes.Equal(p.BytesMontgomery(), u) {
			t.Fatalf("%x: maps back to %x", u, p.BytesMontgomery())
		}
		if p.x.Equal(feZero) == 0 && int(p.Bytes()[31]>>7) != sign {
			t.Fatalf("%x: wrong sign", u)
		}
	})
}
