package curve25519

import (
	"bytes"
	"testing"

	fed "filippo.io/edwards25519"
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

// FuzzSetBytes checks the lenient decoder against filippo and the
// re-encoding of what it accepts.
func FuzzSetBytes(f *testing.F) {
	addPointSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := new(Point).SetBytes(b)
		fp, ferr := new(fed.Point).SetBytes(b)
		if (err == nil) != (ferr == nil) {
			t.Fatalf("%x: err %v, filippo err %v", b, err, ferr)
		}
		if err != nil {
			return
		}
		if !bytes.Equal(p.Bytes(), fp.Bytes()) {
			t.Fatalf("%x: %x vs filippo %x", b, p.Bytes(), fp.Bytes())
		}
		q, err := new(Point).SetCanonicalBytes(p.Bytes())
		if err != nil || q.Equal(p) != 1 {
			t.Fatalf("%x: canonical re-encoding rejected", b)
		}
	})
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

// FuzzScalarSetCanonicalBytes checks the scalar decoders against filippo.
func FuzzScalarSetCanonicalBytes(f *testing.F) {
	f.Add(make([]byte, 32))
	f.Add(bigToLE(bigL))
	f.Add(bigToLE(new(bigInt).Sub(bigL, bigOne)))
	f.Add(make([]byte, 64))
	f.Add([]byte{1})
	f.Fuzz(func(t *testing.T, b []byte) {
		s, err := NewScalar().SetCanonicalBytes(b)
		fs, ferr := new(fed.Scalar).SetCanonicalBytes(b)
		if (err == nil) != (ferr == nil) {
			t.Fatalf("%x: err %v, filippo %v", b, err, ferr)
		}
		if err == nil && !bytes.Equal(s.Bytes(), fs.Bytes()) {
			t.Fatalf("%x: %x vs filippo %x", b, s.Bytes(), fs.Bytes())
		}
		s, err = NewScalar().SetUniformBytes(b)
		fs, ferr = new(fed.Scalar).SetUniformBytes(b)
		if (err == nil) != (ferr == nil) || (err == nil && !bytes.Equal(s.Bytes(), fs.Bytes())) {
			t.Fatalf("%x: SetUniformBytes disagrees with filippo", b)
		}
		s, err = NewScalar().SetBytesWithClamping(b)
		fs, ferr = new(fed.Scalar).SetBytesWithClamping(b)
		if (err == nil) != (ferr == nil) || (err == nil && !bytes.Equal(s.Bytes(), fs.Bytes())) {
			t.Fatalf("%x: SetBytesWithClamping disagrees with filippo", b)
		}
	})
}
