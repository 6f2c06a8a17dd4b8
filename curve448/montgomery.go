package curve448

import "errors"

// BytesMontgomery returns the 56-byte u-coordinate of φ(v), where φ is the
// 4-isogeny from edwards448 to curve448 of RFC 7748, Section 4.2:
// u = y²/x². curve448 and edwards448 are 4-isogenous, not birationally
// equivalent, so this map is a group homomorphism with a kernel, not a
// change of coordinates. It sends the basepoint B to the X448 basepoint
// u = 5, hence X448(k, 5) = ScalarBaseMult(k mod q).BytesMontgomery() for
// every scalar k (the clamped k's factor 4 included). The four points of
// order dividing 4 (x·y = 0) map to u = 0.
func (v *Point) BytesMontgomery() []byte {
	checkInitialized(v)
	var u fieldElement
	return v.montgomeryU(&u).Bytes()
}

// montgomeryU sets u to the u-coordinate of φ(v) and returns u.
func (v *Point) montgomeryU(u *fieldElement) *fieldElement {
	u.Invert(&v.x)
	u.Multiply(u, &v.y)
	return u.Square(u)
}

// montgomeryA is the coefficient A of curve448, v² = u³ + A·u² + u.
const montgomeryA = 156326

// SetMontgomery sets v = ψ(M) and returns v, where M = (u, ±w) is the
// curve448 point with the 56-byte little-endian u-coordinate u, w is the
// non-negative (even) square root of u³ + A·u² + u, the sign of M's
// v-coordinate is negative when vSign is 1, and ψ is RFC 7748's 4-isogeny
// from curve448 to edwards448 (Section 4.2),
//
//	x = 4v(u² − 1) / (u⁴ − 2u² + 4v² + 1),
//	y = −(u⁵ − 2u³ − 4uv² + u) / (u⁵ − 2u²v² − 2u³ − 2v² + u).
//
// ψ is the dual of the map of BytesMontgomery: φ(ψ(M)) = [4]M and ψ(φ(P)) =
// [4]P, so SetMontgomery of the X448 basepoint u = 5 gives ±4·B. u = 0 (the
// point of order 2) maps to the identity. It returns an error, and leaves v
// unchanged, for u of the wrong length, u ≥ p, and u on the quadratic twist
// (u³ + A·u² + u not a square). Constant time in u except for the outcome.
func (v *Point) SetMontgomery(u []byte, vSign int) (*Point, error) {
	if v == nil {
		return nil, errors.New("curve448: nil Point")
	}
	var uu fieldElement
	if _, err := uu.SetCanonicalBytes(u); err != nil {
		return nil, errors.New("curve448: invalid or non-canonical Montgomery u-coordinate")
	}
	var u2, w, vv fieldElement
	u2.Square(&uu)
	w.Mult32(&uu, montgomeryA).Add(&w, &u2).Add(&w, feOne).Multiply(&w, &uu) // u³ + A·u² + u
	if _, wasSquare := vv.SqrtRatio(&w, feOne); wasSquare == 0 {
		return nil, errors.New("curve448: Montgomery u-coordinate on the twist")
	}
	vv.CondNegate(vSign & 1)

	var v2, u4, xn, xd, yn, yd, t fieldElement
	v2.Square(&vv)
	u4.Square(&u2)
	// x = 4v(u² − 1) / ((u² − 1)² + 4v²)
	t.Subtract(&u2, feOne)
	xn.Multiply(&vv, &t).Mult32(&xn, 4)
	xd.Square(&t)
	t.Mult32(&v2, 4)
	xd.Add(&xd, &t)
	// y = −u·(u⁴ − 2u² − 4v² + 1) / (u⁵ − 2u²v² − 2u³ − 2v² + u)
	yn.Add(&u2, &u2)
	yn.Subtract(&u4, &yn).Subtract(&yn, &t).Add(&yn, feOne).Multiply(&yn, &uu).Negate(&yn)
	var a, b fieldElement
	a.Add(&u2, &u2)
	a.Subtract(&u4, &a).Add(&a, feOne).Multiply(&a, &uu) // u⁵ − 2u³ + u
	b.Multiply(&u2, &v2).Add(&b, &v2)
	b.Add(&b, &b) // 2u²v² + 2v²
	yd.Subtract(&a, &b)
	// u = 0: the formulas give 0/0 for y; ψ((0, 0)) is the identity.
	isZero := uu.IsZero()
	xn.Select(new(fieldElement).Zero(), &xn, isZero)
	xd.Select(feOne, &xd, isZero)
	yn.Select(feOne, &yn, isZero)
	yd.Select(feOne, &yd, isZero)

	// One inversion for both denominators: (X : Y : Z) = (xn·yd : yn·xd : xd·yd).
	v.x.Multiply(&xn, &yd)
	v.y.Multiply(&yn, &xd)
	v.z.Multiply(&xd, &yd)
	v.t.Multiply(&xn, &yn)
	return v, nil
}
