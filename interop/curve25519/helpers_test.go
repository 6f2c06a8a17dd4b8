package curve25519_test

import (
	"crypto/rand"
	"encoding/hex"
	"math/big"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/curve25519"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
	voiscalar "github.com/oasisprotocol/curve25519-voi/curve/scalar"
)

// bigL is ℓ as a math/big value.
var bigL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

func mustHex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// randScalarBytes returns a uniformly random canonical scalar encoding.
func randScalarBytes(t testing.TB) []byte {
	t.Helper()
	var wide [64]byte
	if _, err := rand.Read(wide[:]); err != nil {
		t.Fatal(err)
	}
	s, err := new(fed.Scalar).SetUniformBytes(wide[:])
	if err != nil {
		t.Fatal(err)
	}
	return s.Bytes()
}

func scalarFrom(t testing.TB, b []byte) *curve25519.Scalar {
	t.Helper()
	s, err := curve25519.NewScalar().SetCanonicalBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func fedScalarFrom(t testing.TB, b []byte) *fed.Scalar {
	t.Helper()
	s, err := new(fed.Scalar).SetCanonicalBytes(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func voiScalarFrom(t testing.TB, b []byte) *voiscalar.Scalar {
	t.Helper()
	s, err := voiscalar.NewFromBits(b)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// bigToScalarBytes encodes 0 ≤ v < 2^256 as 32 little-endian bytes.
func bigToLE(v *big.Int) []byte {
	b := v.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

// randPoint returns a random prime-order point k·B, its scalar, and the
// filippo and voi copies.
func randPoint(t testing.TB) (*curve25519.Point, *fed.Point, *voi.EdwardsPoint) {
	t.Helper()
	k := randScalarBytes(t)
	fp := new(fed.Point).ScalarBaseMult(fedScalarFrom(t, k))
	return pointsFromBytes(t, fp.Bytes())
}

// pointsFromBytes decodes a valid encoding with ours, filippo and voi.
func pointsFromBytes(t testing.TB, enc []byte) (*curve25519.Point, *fed.Point, *voi.EdwardsPoint) {
	t.Helper()
	p, err := new(curve25519.Point).SetBytes(enc)
	if err != nil {
		t.Fatalf("SetBytes(%x): %v", enc, err)
	}
	fp, err := new(fed.Point).SetBytes(enc)
	if err != nil {
		t.Fatalf("filippo SetBytes(%x): %v", enc, err)
	}
	var c voi.CompressedEdwardsY
	if _, err := c.SetBytes(enc); err != nil {
		t.Fatal(err)
	}
	var vp voi.EdwardsPoint
	if _, err := vp.SetCompressedY(&c); err != nil {
		t.Fatalf("voi decode(%x): %v", enc, err)
	}
	return p, fp, &vp
}

func voiBytes(p *voi.EdwardsPoint) []byte {
	var c voi.CompressedEdwardsY
	c.SetEdwardsPoint(p)
	return c[:]
}

func checkSame(t testing.TB, what string, got *curve25519.Point, want ...[]byte) {
	t.Helper()
	g := got.Bytes()
	for i, w := range want {
		if string(g) != string(w) {
			t.Fatalf("%s: got %x, oracle %d wants %x", what, g, i, w)
		}
	}
}
