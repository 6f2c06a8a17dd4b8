package batch

import (
	"github.com/curvekit/curvekit/curve25519"
	fe "github.com/curvekit/curvekit/fieldarith/field25519"
)

// Point decoding straight into extPoint, so the fast path does not go
// through curve25519.Point (whose coordinate accessor allocates when it is
// not inlined). It follows RFC 8032 §5.1.3 and, in its lenient mode, the
// same rules as curve25519.Point.SetBytes; TestDecodeAgreement and the
// corpus check it against curve25519.

// d is the curve constant −121665/121666.
var d = func() fe.Element {
	var num, den, d fe.Element
	num.Mult32(new(fe.Element).One(), 121665)
	num.Negate(&num)
	den.Mult32(new(fe.Element).One(), 121666)
	return *d.Multiply(&num, den.Invert(&den))
}()

var feOne = new(fe.Element).One()

// setBytes decodes b into v and reports whether it is a point encoding.
// With strict false it is lenient as curve25519.Point.SetBytes (y ≥ p
// accepted and reduced; x = 0 with the sign bit set accepted); with strict
// true it is curve25519.Point.SetCanonicalBytes (both rejected).
func (v *extPoint) setBytes(b *[32]byte, strict bool) bool {
	var y fe.Element
	if strict {
		yb := *b
		yb[31] &= 0x7f
		if _, err := y.SetCanonicalBytes(yb[:]); err != nil {
			return false // y ≥ p
		}
	} else if _, err := y.SetBytes(b[:]); err != nil {
		return false
	}
	// x² = (y² − 1) / (d·y² + 1).
	var yy, u, w, x fe.Element
	yy.Square(&y)
	u.Subtract(&yy, feOne)
	w.Multiply(&yy, &d)
	w.Add(&w, feOne)
	if _, wasSquare := x.SqrtRatio(&u, &w); wasSquare != 1 {
		return false
	}
	sign := int(b[31] >> 7)
	if strict && sign == 1 && x.IsZero() == 1 {
		return false // x = 0 with the sign bit set
	}
	var negX fe.Element
	negX.Negate(&x)
	x.Select(&negX, &x, sign^x.IsNegative())
	v.X.Set(&x)
	v.Y.Set(&y)
	v.Z.One()
	v.T.Multiply(&x, &y)
	return true
}

// negate sets v = −v.
func (v *extPoint) negate() {
	v.X.Negate(&v.X)
	v.T.Negate(&v.T)
}

// isTorsionFree reports whether v is in the prime-order subgroup, with
// curve25519's test.
func (v *extPoint) isTorsionFree() bool {
	var p curve25519.Point
	if _, err := p.SetExtendedCoordinates(&v.X, &v.Y, &v.Z, &v.T); err != nil {
		panic("batch: internal error: decoded point not on the curve")
	}
	return p.IsTorsionFree() == 1
}
