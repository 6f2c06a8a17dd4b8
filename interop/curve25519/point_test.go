package curve25519_test

import (
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/curve25519"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
)

func TestGroupOpsDifferential(t *testing.T) {
	for i := 0; i < 50; i++ {
		p, fp, vp := randPoint(t)
		q, fq, vq := randPoint(t)
		var vr voi.EdwardsPoint
		checkSame(t, "Add", new(curve25519.Point).Add(p, q), new(fed.Point).Add(fp, fq).Bytes(), voiBytes(vr.Add(vp, vq)))
		checkSame(t, "Subtract", new(curve25519.Point).Subtract(p, q), new(fed.Point).Subtract(fp, fq).Bytes(), voiBytes(vr.Sub(vp, vq)))
		checkSame(t, "Negate", new(curve25519.Point).Negate(p), new(fed.Point).Negate(fp).Bytes(), voiBytes(vr.Neg(vp)))
		checkSame(t, "Double", new(curve25519.Point).Double(p), new(fed.Point).Add(fp, fp).Bytes(), voiBytes(vr.Add(vp, vp)))
		checkSame(t, "MultByCofactor", new(curve25519.Point).MultByCofactor(p), new(fed.Point).MultByCofactor(fp).Bytes(), voiBytes(vr.MulByCofactor(vp)))
		// Aliasing.
		a := new(curve25519.Point).Set(p)
		checkSame(t, "Add alias", a.Add(a, a), new(fed.Point).Add(fp, fp).Bytes())
		if p.Equal(q) != 0 || p.Equal(new(curve25519.Point).Set(p)) != 1 {
			t.Fatal("Equal")
		}
		// Equal on a different projective representative.
		var r curve25519.Point
		r.Add(p, curve25519.NewIdentityPoint())
		if r.Equal(p) != 1 {
			t.Fatal("Equal across representations")
		}
	}
}

func TestScalarMultDifferential(t *testing.T) {
	for i := 0; i < 30; i++ {
		k := randScalarBytes(t)
		s := scalarFrom(t, k)
		fs := fedScalarFrom(t, k)
		vs := voiScalarFrom(t, k)
		var vr voi.EdwardsPoint
		checkSame(t, "ScalarBaseMult", new(curve25519.Point).ScalarBaseMult(s),
			new(fed.Point).ScalarBaseMult(fs).Bytes(), voiBytes(vr.MulBasepoint(voi.ED25519_BASEPOINT_TABLE, vs)))
		p, fp, vp := randPoint(t)
		checkSame(t, "ScalarMult", new(curve25519.Point).ScalarMult(s, p),
			new(fed.Point).ScalarMult(fs, fp).Bytes(), voiBytes(vr.Mul(vp, vs)))
		// Fixed base vs variable base.
		checkSame(t, "ScalarBaseMult vs ScalarMult", new(curve25519.Point).ScalarBaseMult(s), new(curve25519.Point).ScalarMult(s, curve25519.NewGeneratorPoint()).Bytes())
		// Aliasing q = v.
		a := new(curve25519.Point).Set(p)
		checkSame(t, "ScalarMult alias", a.ScalarMult(s, a), new(fed.Point).ScalarMult(fs, fp).Bytes())
	}
}
