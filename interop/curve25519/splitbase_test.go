package curve25519_test

import (
	"crypto/rand"
	"math/big"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/bigle"
)

// shortScalarBytes returns a random canonical scalar below 2^bits.
func shortScalarBytes(t testing.TB, bits int) []byte {
	t.Helper()
	b := make([]byte, 32)
	if _, err := rand.Read(b[:(bits+7)/8]); err != nil {
		t.Fatal(err)
	}
	if bits%8 != 0 {
		b[bits/8] &= 1<<(bits%8) - 1
	}
	return b
}

// splitWant is b0·B + b1·2^128·B + a·A + c·C computed with filippo's
// multi-scalar multiplication, with 2^128·B from its ScalarBaseMult.
func splitWant(t testing.TB, sc [4][]byte, A, C *curve25519.Point) []byte {
	t.Helper()
	var two128 [32]byte
	two128[16] = 1
	B128 := new(fed.Point).ScalarBaseMult(fedScalarFrom(t, two128[:]))
	fA, err := new(fed.Point).SetBytes(A.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	fC, err := new(fed.Point).SetBytes(C.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	// A and C may have a small-order component that Bytes/SetBytes keeps
	// (the encoding is of the exact point), so the oracle sees the same points.
	s := make([]*fed.Scalar, 4)
	for i := range sc {
		s[i] = fedScalarFrom(t, sc[i])
	}
	return new(fed.Point).VarTimeMultiScalarMult(s, []*fed.Point{fed.NewGeneratorPoint(), B128, fA, fC}).Bytes()
}

// checkSplit runs both entry points on sc, A, C against the oracle, also
// with the receiver aliasing C.
func checkSplit(t *testing.T, what string, sc [4][]byte, A, C *curve25519.Point) {
	t.Helper()
	want := splitWant(t, sc, A, C)
	b0, b1, a, c := scalarFrom(t, sc[0]), scalarFrom(t, sc[1]), scalarFrom(t, sc[2]), scalarFrom(t, sc[3])
	checkSame(t, what+": VarTimeSplitBaseMult", new(curve25519.Point).VarTimeSplitBaseMult(b0, b1, a, A, c, C), want)
	pre := curve25519.NewVarTimePrecomputedPoint(A)
	checkSame(t, what+": VarTimeSplitBaseMultPrecomputed", new(curve25519.Point).VarTimeSplitBaseMultPrecomputed(b0, b1, a, pre, c, C), want)
	v := new(curve25519.Point).Set(C)
	checkSame(t, what+": alias", v.VarTimeSplitBaseMultPrecomputed(b0, b1, a, pre, c, v), want)
}

func TestVarTimeSplitBaseMult(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 8
	}
	for i := 0; i < n; i++ {
		A, _, _ := randPoint(t)
		C := mixedOrderPoint(t, i%8)
		if i%3 == 0 {
			A, C = C, A
		}
		// The half-size shape: 128-bit halves, ~128-bit a and c, with a
		// sometimes negated (above ℓ/2).
		sc := [4][]byte{shortScalarBytes(t, 128), shortScalarBytes(t, 125), shortScalarBytes(t, 128), shortScalarBytes(t, 127)}
		if i%2 == 1 {
			neg := new(big.Int).Sub(bigL, bigle.Int(sc[2]))
			sc[2] = bigToLE(neg)
		}
		checkSplit(t, "half-size shape", sc, A, C)
		// Full-size scalars everywhere.
		checkSplit(t, "full size", [4][]byte{randScalarBytes(t), randScalarBytes(t), randScalarBytes(t), randScalarBytes(t)}, A, C)
	}
}

func TestVarTimeSplitBaseMultEdgeScalars(t *testing.T) {
	A, _, _ := randPoint(t)
	C := mixedOrderPoint(t, 5)
	edges := edgeScalars(t)
	for pos := 0; pos < 4; pos++ {
		for j, e := range edges {
			if testing.Short() && j%4 != 0 {
				continue
			}
			sc := [4][]byte{shortScalarBytes(t, 128), shortScalarBytes(t, 128), shortScalarBytes(t, 128), shortScalarBytes(t, 128)}
			sc[pos] = e
			checkSplit(t, "edge", sc, A, C)
		}
	}
	// All zero: the identity.
	z := make([]byte, 32)
	checkSplit(t, "zero", [4][]byte{z, z, z, z}, A, C)
	if new(curve25519.Point).VarTimeSplitBaseMult(curve25519.NewScalar(), curve25519.NewScalar(), curve25519.NewScalar(), A, curve25519.NewScalar(), C).Equal(curve25519.NewIdentityPoint()) != 1 {
		t.Fatal("zero scalars: not the identity")
	}
}
