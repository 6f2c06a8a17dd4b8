package curve25519

import (
	"bytes"
	"testing"

	fed "filippo.io/edwards25519"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
)

func TestGeneratorEncoding(t *testing.T) {
	want := mustHex(t, "5866666666666666666666666666666666666666666666666666666666666666")
	if got := NewGeneratorPoint().Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("B = %x", got)
	}
	want = mustHex(t, "0100000000000000000000000000000000000000000000000000000000000000")
	if got := NewIdentityPoint().Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("identity = %x", got)
	}
}

func TestGroupOpsDifferential(t *testing.T) {
	for i := 0; i < 50; i++ {
		p, fp, vp := randPoint(t)
		q, fq, vq := randPoint(t)
		var vr voi.EdwardsPoint
		checkSame(t, "Add", new(Point).Add(p, q), new(fed.Point).Add(fp, fq).Bytes(), voiBytes(vr.Add(vp, vq)))
		checkSame(t, "Subtract", new(Point).Subtract(p, q), new(fed.Point).Subtract(fp, fq).Bytes(), voiBytes(vr.Sub(vp, vq)))
		checkSame(t, "Negate", new(Point).Negate(p), new(fed.Point).Negate(fp).Bytes(), voiBytes(vr.Neg(vp)))
		checkSame(t, "Double", new(Point).Double(p), new(fed.Point).Add(fp, fp).Bytes(), voiBytes(vr.Add(vp, vp)))
		checkSame(t, "MultByCofactor", new(Point).MultByCofactor(p), new(fed.Point).MultByCofactor(fp).Bytes(), voiBytes(vr.MulByCofactor(vp)))
		// Aliasing.
		a := new(Point).Set(p)
		checkSame(t, "Add alias", a.Add(a, a), new(fed.Point).Add(fp, fp).Bytes())
		if p.Equal(q) != 0 || p.Equal(new(Point).Set(p)) != 1 {
			t.Fatal("Equal")
		}
		// Equal on a different projective representative.
		var r Point
		r.Add(p, NewIdentityPoint())
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
		checkSame(t, "ScalarBaseMult", new(Point).ScalarBaseMult(s),
			new(fed.Point).ScalarBaseMult(fs).Bytes(), voiBytes(vr.MulBasepoint(voi.ED25519_BASEPOINT_TABLE, vs)))
		p, fp, vp := randPoint(t)
		checkSame(t, "ScalarMult", new(Point).ScalarMult(s, p),
			new(fed.Point).ScalarMult(fs, fp).Bytes(), voiBytes(vr.Mul(vp, vs)))
		// Fixed base vs variable base.
		checkSame(t, "ScalarBaseMult vs ScalarMult", new(Point).ScalarBaseMult(s), new(Point).ScalarMult(s, NewGeneratorPoint()).Bytes())
		// Aliasing q = v.
		a := new(Point).Set(p)
		checkSame(t, "ScalarMult alias", a.ScalarMult(s, a), new(fed.Point).ScalarMult(fs, fp).Bytes())
	}
}

func TestDoubleVariants(t *testing.T) {
	for i := 0; i < 20; i++ {
		p, _, _ := randPoint(t)
		if i%2 == 1 {
			p = mixedOrderPoint(t, i%8)
		}
		var pp projP2
		var r1, r2 projP1xP1
		var a, b Point
		pp.fromP3(p)
		a.fromP1xP1(r1.double(&pp))
		b.fromP1xP1(r2.doubleSquares(&pp))
		if a.Equal(&b) != 1 || a.Equal(new(Point).Add(p, p)) != 1 {
			t.Fatal("doubling variants disagree")
		}
	}
}
