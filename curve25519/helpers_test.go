package curve25519

import (
	"crypto/rand"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/xdhtest"
)

// bigL is ℓ as a math/big value.
var bigL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

// mustHex decodes s or fails the test.
var mustHex = xdhtest.Hex

// randScalarBytes returns a uniformly random canonical scalar encoding.
func randScalarBytes(t testing.TB) []byte {
	t.Helper()
	var wide [64]byte
	if _, err := rand.Read(wide[:]); err != nil {
		t.Fatal(err)
	}
	s, err := NewScalar().SetUniformBytes(wide[:])
	if err != nil {
		t.Fatal(err)
	}
	return s.Bytes()
}

func scalarFrom(t testing.TB, b []byte) *Scalar {
	t.Helper()
	s, err := NewScalar().SetCanonicalBytes(b)
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

// randPoint returns a random prime-order point k·B, decoded from its
// encoding (Z = 1, as the peers' copies in the interop module are).
func randPoint(t testing.TB) *Point {
	t.Helper()
	k := scalarFrom(t, randScalarBytes(t))
	enc := new(Point).ScalarBaseMult(k).Bytes()
	p, err := new(Point).SetBytes(enc)
	if err != nil {
		t.Fatalf("SetBytes(%x): %v", enc, err)
	}
	return p
}

func checkSame(t testing.TB, what string, got *Point, want ...[]byte) {
	t.Helper()
	g := got.Bytes()
	for i, w := range want {
		if string(g) != string(w) {
			t.Fatalf("%s: got %x, oracle %d wants %x", what, g, i, w)
		}
	}
}
