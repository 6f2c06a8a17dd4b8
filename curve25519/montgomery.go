package curve25519

import (
	"errors"
	"fmt"
)

// The birational maps between edwards25519 and Curve25519
// (v² = u³ + 486662·u² + u), RFC 7748, Section 4.1:
//
//	u = (1 + y) / (1 - y),   y = (u - 1) / (u + 1)
//
// They map the basepoint's y = 4/5 to u = 9.

// BytesMontgomery converts v to a point on the birationally-equivalent
// Curve25519 Montgomery curve, and returns its canonical 32-byte encoding
// according to RFC 7748.
//
// The exceptional points, where 1 - y = 0, follow the convention of
// filippo.io/edwards25519 and X25519: the identity (y = 1) maps to u = 0,
// the same u as the order-2 point (0, -1). Note that BytesMontgomery
// discards the sign of x, so v and -v map to the same u.
//
// BytesMontgomery is constant time. It is also how a fixed-base X25519 key
// generation turns an Edwards result into a Montgomery u.
func (v *Point) BytesMontgomery() []byte {
	// Outlined body so the buffer can stay on the caller's stack.
	var buf [32]byte
	return v.bytesMontgomery(&buf)
}

func (v *Point) bytesMontgomery(buf *[32]byte) []byte {
	checkInitialized(v)
	// u = (Z + Y) / (Z - Y); Invert(0) = 0 gives u = 0 for y = 1.
	var n, d fieldElement
	n.Add(&v.z, &v.y)
	d.Subtract(&v.z, &v.y)
	d.Invert(&d)
	n.Multiply(&n, &d)
	copy(buf[:], n.Bytes())
	return buf[:]
}

// SetMontgomery sets v to the edwards25519 point that corresponds to the
// Curve25519 point with coordinate u, choosing the x whose sign (low bit of
// the canonical encoding) is sign, and returns v. This is the Edwards
// point XEdDSA and key conversions need, and the inverse of
// BytesMontgomery except at the identity.
//
// The exceptional inputs have defined results:
//   - u must be canonical: 32 bytes, u < 2^255 - 19 and bit 255 clear,
//     otherwise SetMontgomery returns an error (unlike X25519, which masks
//     and reduces, SetMontgomery treats its input as a point encoding);
//   - u = -1 (p - 1) has no Edwards image (1 + u = 0): error;
//   - u on the quadratic twist (no point on Curve25519 has that u): error;
//   - u = 0 gives the order-2 point (0, -1) whatever the sign, as x = 0;
//   - small-order u values give the corresponding small-order points.
//
// sign must be 0 or 1. On error, SetMontgomery returns nil and the
// receiver is unchanged. It runs in time independent of u.
func (v *Point) SetMontgomery(u []byte, sign int) (*Point, error) {
	if len(u) != 32 {
		return nil, fmt.Errorf("curve25519: invalid Montgomery u length: %d", len(u))
	}
	if sign != 0 && sign != 1 {
		return nil, fmt.Errorf("curve25519: invalid sign %d: want 0 or 1", sign)
	}
	var uu fieldElement
	if _, err := uu.SetCanonicalBytes(u); err != nil { // u < p, bit 255 clear
		return nil, errors.New("curve25519: non-canonical Montgomery u")
	}
	// y = (u - 1) / (u + 1), defined unless u = -1.
	var num, den, y fieldElement
	num.Subtract(&uu, feOne)
	den.Add(&uu, feOne)
	ok := 1 ^ den.Equal(feZero)
	den.Invert(&den)
	y.Multiply(&num, &den)

	var x fieldElement
	ok &= recoverX(&x, &y, sign)
	if ok != 1 {
		return nil, errors.New("curve25519: u is not on Curve25519 or has no Edwards image")
	}
	v.x.Set(&x)
	v.y.Set(&y)
	v.z.One()
	v.t.Multiply(&x, &y)
	return v, nil
}

// recoverX sets x to the root of x² = (y² - 1) / (d·y² + 1) with the given
// sign (x = 0 regardless of sign when that is the only root), and returns
// 1 if the root exists (the point is on the curve) and 0 otherwise.
func recoverX(x, y *fieldElement, sign int) int {
	var yy, u, w, xNeg fieldElement
	yy.Square(y)
	u.Subtract(&yy, feOne)
	w.Multiply(&yy, feD).Add(&w, feOne)
	_, wasSquare := x.SqrtRatio(&u, &w)
	xNeg.Negate(x)
	x.Select(&xNeg, x, sign)
	return wasSquare
}
