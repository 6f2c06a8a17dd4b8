package curve25519_test

import (
	"bytes"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/curve25519"
)

func addPointSeeds(f *testing.F) {
	for _, h := range smallOrderHex {
		f.Add(mustHex(f, h))
	}
	for _, h := range nonCanonicalSmallOrderHex {
		f.Add(mustHex(f, h))
	}
	f.Add(curve25519.NewGeneratorPoint().Bytes())
	f.Add([]byte{1, 2, 3})
}

// FuzzSetBytes checks the lenient decoder against filippo and the
// re-encoding of what it accepts.
func FuzzSetBytes(f *testing.F) {
	addPointSeeds(f)
	f.Fuzz(func(t *testing.T, b []byte) {
		p, err := new(curve25519.Point).SetBytes(b)
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
		q, err := new(curve25519.Point).SetCanonicalBytes(p.Bytes())
		if err != nil || q.Equal(p) != 1 {
			t.Fatalf("%x: canonical re-encoding rejected", b)
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
		s, err := curve25519.NewScalar().SetCanonicalBytes(b)
		fs, ferr := new(fed.Scalar).SetCanonicalBytes(b)
		if (err == nil) != (ferr == nil) {
			t.Fatalf("%x: err %v, filippo %v", b, err, ferr)
		}
		if err == nil && !bytes.Equal(s.Bytes(), fs.Bytes()) {
			t.Fatalf("%x: %x vs filippo %x", b, s.Bytes(), fs.Bytes())
		}
		s, err = curve25519.NewScalar().SetUniformBytes(b)
		fs, ferr = new(fed.Scalar).SetUniformBytes(b)
		if (err == nil) != (ferr == nil) || (err == nil && !bytes.Equal(s.Bytes(), fs.Bytes())) {
			t.Fatalf("%x: SetUniformBytes disagrees with filippo", b)
		}
		s, err = curve25519.NewScalar().SetBytesWithClamping(b)
		fs, ferr = new(fed.Scalar).SetBytesWithClamping(b)
		if (err == nil) != (ferr == nil) || (err == nil && !bytes.Equal(s.Bytes(), fs.Bytes())) {
			t.Fatalf("%x: SetBytesWithClamping disagrees with filippo", b)
		}
	})
}
