package curve25519_test

import (
	"math/big"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/bigle"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
	voiscalar "github.com/oasisprotocol/curve25519-voi/curve/scalar"
)

// edgeScalars returns 0, 1, 2, ℓ-1, ℓ-2, (ℓ-1)/2, 2^k for k = 0..252, and a
// few all-ones patterns, all canonical.
func edgeScalars(t testing.TB) [][]byte {
	var out [][]byte
	add := func(v *big.Int) { out = append(out, bigToLE(new(big.Int).Mod(v, bigL))) }
	add(big.NewInt(0))
	add(big.NewInt(1))
	add(big.NewInt(2))
	add(big.NewInt(8))
	add(new(big.Int).Sub(bigL, big.NewInt(1)))
	add(new(big.Int).Sub(bigL, big.NewInt(2)))
	add(new(big.Int).Rsh(bigL, 1))
	add(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 252), big.NewInt(1)))
	for k := 0; k < 253; k += 7 {
		add(new(big.Int).Lsh(big.NewInt(1), uint(k)))
	}
	add(new(big.Int).Lsh(big.NewInt(1), 252))
	return out
}

// mulBig is the reference k·P by double-and-add over Add (no tables, no
// recoding), for the edge-scalar tests.
func mulBig(k *big.Int, p *curve25519.Point) *curve25519.Point {
	acc := curve25519.NewIdentityPoint()
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc.Add(acc, acc)
		if k.Bit(i) == 1 {
			acc.Add(acc, p)
		}
	}
	return acc
}

// mixedOrderPoint returns a random prime-order point plus the small-order
// point smallOrderHex[k].
func mixedOrderPoint(t testing.TB, k int) *curve25519.Point {
	p, _, _ := randPoint(t)
	s, err := new(curve25519.Point).SetBytes(mustHex(t, smallOrderHex[k]))
	if err != nil {
		t.Fatal(err)
	}
	return p.Add(p, s)
}

func TestEdgeScalars(t *testing.T) {
	P, fP, _ := randPoint(t)
	M := mixedOrderPoint(t, 3)
	fM, _ := new(fed.Point).SetBytes(M.Bytes())
	Q, fQ, _ := randPoint(t)
	for _, kb := range edgeScalars(t) {
		k := scalarFrom(t, kb)
		fk := fedScalarFrom(t, kb)
		K := bigle.Int(kb)
		want := mulBig(K, curve25519.NewGeneratorPoint())
		checkSame(t, "ScalarBaseMult edge", new(curve25519.Point).ScalarBaseMult(k), want.Bytes(), new(fed.Point).ScalarBaseMult(fk).Bytes())
		checkSame(t, "ScalarMult edge", new(curve25519.Point).ScalarMult(k, P), mulBig(K, P).Bytes(), new(fed.Point).ScalarMult(fk, fP).Bytes())
		checkSame(t, "ScalarMult mixed-order edge", new(curve25519.Point).ScalarMult(k, M), mulBig(K, M).Bytes(), new(fed.Point).ScalarMult(fk, fM).Bytes())
		checkSame(t, "VarTimeDoubleScalarBaseMult edge", new(curve25519.Point).VarTimeDoubleScalarBaseMult(k, P, k),
			new(fed.Point).VarTimeDoubleScalarBaseMult(fk, fP, fk).Bytes())
		checkSame(t, "DoubleScalarMult edge", new(curve25519.Point).DoubleScalarMult(k, P, k, Q),
			new(fed.Point).VarTimeMultiScalarMult([]*fed.Scalar{fk, fk}, []*fed.Point{fP, fQ}).Bytes())
		checkSame(t, "VarTimeDoubleScalarMult edge", new(curve25519.Point).VarTimeDoubleScalarMult(k, M, k, Q),
			new(fed.Point).VarTimeMultiScalarMult([]*fed.Scalar{fk, fk}, []*fed.Point{fM, fQ}).Bytes())
	}
	// ℓ itself is rejected as a scalar encoding, and ℓ·P via the wide
	// reduction is the identity.
	if _, err := curve25519.NewScalar().SetCanonicalBytes(bigToLE(bigL)); err == nil {
		t.Fatal("ℓ accepted")
	}
	if mulBig(bigL, P).Equal(curve25519.NewIdentityPoint()) != 1 {
		t.Fatal("ℓ·P ≠ identity")
	}
}

func TestDoubleScalarDifferential(t *testing.T) {
	for i := 0; i < 20; i++ {
		ab, cb := randScalarBytes(t), randScalarBytes(t)
		a, c := scalarFrom(t, ab), scalarFrom(t, cb)
		fa, fc := fedScalarFrom(t, ab), fedScalarFrom(t, cb)
		va, vc := voiScalarFrom(t, ab), voiScalarFrom(t, cb)
		P, fP, vP := randPoint(t)
		Q, fQ, vQ := randPoint(t)
		var vr voi.EdwardsPoint
		checkSame(t, "VarTimeDoubleScalarBaseMult", new(curve25519.Point).VarTimeDoubleScalarBaseMult(a, P, c),
			new(fed.Point).VarTimeDoubleScalarBaseMult(fa, fP, fc).Bytes(),
			voiBytes(vr.DoubleScalarMulBasepointVartime(va, vP, vc)))
		two := new(fed.Point).VarTimeMultiScalarMult([]*fed.Scalar{fa, fc}, []*fed.Point{fP, fQ}).Bytes()
		vtwo := voiBytes(vr.MultiscalarMulVartime([]*voiscalar.Scalar{va, vc}, []*voi.EdwardsPoint{vP, vQ}))
		checkSame(t, "DoubleScalarMult", new(curve25519.Point).DoubleScalarMult(a, P, c, Q), two, vtwo)
		checkSame(t, "VarTimeDoubleScalarMult", new(curve25519.Point).VarTimeDoubleScalarMult(a, P, c, Q), two, vtwo)
		// Aliasing of the receiver with an input point.
		pa := new(curve25519.Point).Set(P)
		checkSame(t, "DoubleScalarMult alias", pa.DoubleScalarMult(a, pa, c, Q), two)
		pa.Set(P)
		checkSame(t, "VarTimeDoubleScalarMult alias", pa.VarTimeDoubleScalarMult(a, pa, c, Q), two)
		pa.Set(P)
		checkSame(t, "VarTimeDoubleScalarBaseMult alias", pa.VarTimeDoubleScalarBaseMult(a, pa, c),
			new(fed.Point).VarTimeDoubleScalarBaseMult(fa, fP, fc).Bytes())
	}
}

func randInputs(t testing.TB, n int) ([]*curve25519.Scalar, []*curve25519.Point) {
	scalars := make([]*curve25519.Scalar, n)
	points := make([]*curve25519.Point, n)
	for i := range points {
		scalars[i] = scalarFrom(t, randScalarBytes(t))
		if i%5 == 4 {
			points[i] = mixedOrderPoint(t, i%8)
		} else {
			points[i], _, _ = randPoint(t)
		}
	}
	return scalars, points
}

// batchShapeInputs returns the shape of a batch-verification equation: the
// generator with a full scalar, then pairs of a decoded point (Z = 1) with
// a 128-bit scalar and a point with Z ≠ 1 with a full scalar; every 7th
// scalar is zero.
func batchShapeInputs(t testing.TB, m int) ([]*curve25519.Scalar, []*curve25519.Point) {
	scalars := []*curve25519.Scalar{scalarFrom(t, randScalarBytes(t))}
	points := []*curve25519.Point{curve25519.NewGeneratorPoint()}
	for j := 0; j < m; j++ {
		short := randScalarBytes(t)
		clear(short[16:])
		P, _, _ := randPoint(t)
		dec, err := new(curve25519.Point).SetBytes(P.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		scalars = append(scalars, scalarFrom(t, short), scalarFrom(t, randScalarBytes(t)))
		points = append(points, dec, mixedOrderPoint(t, j%8).Add(mixedOrderPoint(t, j%8), P))
		if j%7 == 3 {
			scalars[len(scalars)-1] = curve25519.NewScalar()
		}
	}
	return scalars, points
}
