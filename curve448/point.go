package curve448

import (
	"errors"
	"fmt"
)

// Point is a point on the edwards448 curve of RFC 7748 and RFC 8032
// (Ed448-Goldilocks),
//
//	x² + y² = 1 + d·x²·y²,  d = −39081 mod p,  p = 2^448 − 2^224 − 1,
//
// kept in extended coordinates (X:Y:Z:T) with x = X/Z, y = Y/Z and
// x·y = T/Z. The group has order 4·q; every point of it, including the
// 4-torsion, is represented exactly (see the package documentation).
//
// The zero value is NOT a valid point, and methods panic on it (and on a nil
// *Point argument) with "use of uninitialized Point", except the decoders,
// which return an error for a nil receiver: use NewIdentityPoint, NewGeneratorPoint or one of the
// setters. Methods set the receiver, return it, and accept arguments that
// alias the receiver.
type Point struct {
	_ incomparable // == on projective coordinates is meaningless: use Equal

	x, y, z, t fieldElement
}

type incomparable [0]func()

// cachedPoint is (X+Y, X, Y, Z, d·T): the second operand of additions
// repeated with the same point.
type cachedPoint struct {
	XplusY, X, Y, Z, Td fieldElement
}

// affinePoint is (x, y, d·x·y), Z = 1: a table entry for mixed additions.
type affinePoint struct {
	x, y, dxy fieldElement
}

// generator is the basepoint B of RFC 8032, Section 5.2.
var generator = func() *Point {
	var x, y fieldElement
	x.SetCanonicalBytes([]byte{
		0x5e, 0xc0, 0x0c, 0xc7, 0x2b, 0xa8, 0x26, 0x26, 0x8e, 0x93, 0x00, 0x8b, 0xe1, 0x80,
		0x3b, 0x43, 0x11, 0x65, 0xb6, 0x2a, 0xf7, 0x1a, 0xae, 0x12, 0x64, 0xa4, 0xd3, 0xa3,
		0x24, 0xe3, 0x6d, 0xea, 0x67, 0x17, 0x0f, 0x47, 0x70, 0x65, 0x14, 0x9e, 0xda, 0x36,
		0xbf, 0x22, 0xa6, 0x15, 0x1d, 0x22, 0xed, 0x0d, 0xed, 0x6b, 0xc6, 0x70, 0x19, 0x4f,
	})
	y.SetCanonicalBytes([]byte{
		0x14, 0xfa, 0x30, 0xf2, 0x5b, 0x79, 0x08, 0x98, 0xad, 0xc8, 0xd7, 0x4e, 0x2c, 0x13,
		0xbd, 0xfd, 0xc4, 0x39, 0x7c, 0xe6, 0x1c, 0xff, 0xd3, 0x3a, 0xd7, 0xc2, 0xa0, 0x05,
		0x1e, 0x9c, 0x78, 0x87, 0x40, 0x98, 0xa3, 0x6c, 0x73, 0x73, 0xea, 0x4b, 0x62, 0xc7,
		0xc9, 0x56, 0x37, 0x20, 0x76, 0x88, 0x24, 0xbc, 0xb6, 0x6e, 0x71, 0x46, 0x3f, 0x69,
	})
	p := new(Point)
	p.x.Set(&x)
	p.y.Set(&y)
	p.z.One()
	p.t.Multiply(&x, &y)
	return p
}()

func checkInitialized(points ...*Point) {
	for _, p := range points {
		// Z is never 0 for a valid point (the addition law is complete),
		// so this branch depends on no secret.
		if p == nil || p.z.IsZero() == 1 {
			panic("curve448: use of uninitialized Point")
		}
	}
}

// Set sets v = u and returns v.
func (v *Point) Set(u *Point) *Point {
	checkInitialized(u)
	*v = *u
	return v
}

// Select sets v = a if cond == 1 and v = b if cond == 0, in constant time,
// and returns v.
func (v *Point) Select(a, b *Point, cond int) *Point {
	checkInitialized(a, b)
	v.x.Select(&a.x, &b.x, cond)
	v.y.Select(&a.y, &b.y, cond)
	v.z.Select(&a.z, &b.z, cond)
	v.t.Select(&a.t, &b.t, cond)
	return v
}

// SetCanonicalBytes sets v to the point encoded by x and returns v. It is
// the STRICT decoder of RFC 8032, Section 5.2.3: x must be 57 bytes, y below
// p, bits 448–454 zero, x² = (y² − 1)/(d·y² − 1) a square, and the sign bit
// clear when x = 0. Exactly the outputs of Bytes are accepted. On error it
// returns nil and v is unchanged.
func (v *Point) SetCanonicalBytes(x []byte) (*Point, error) {
	if v == nil {
		return nil, errors.New("curve448: nil Point")
	}
	if len(x) != 57 {
		return nil, fmt.Errorf("curve448: invalid point encoding length: %d", len(x))
	}
	if x[56]&0x7f != 0 {
		return nil, errors.New("curve448: non-canonical point encoding")
	}
	if !v.decode(x) {
		return nil, errors.New("curve448: invalid point encoding")
	}
	return v, nil
}

// SetLenientBytes is SetCanonicalBytes except that it ignores bits 448–454
// of x, as github.com/cloudflare/circl/ecc/goldilocks and its Ed448 did
// before circl v1.6.5 (circl#635; RFC 8032 requires rejecting them).
// Everything else is checked as in SetCanonicalBytes. Nothing in this module
// uses it any more (ed448's default policy follows circl v1.6.5, which
// rejects those bits); new code should use SetCanonicalBytes.
func (v *Point) SetLenientBytes(x []byte) (*Point, error) {
	if v == nil {
		return nil, errors.New("curve448: nil Point")
	}
	if len(x) != 57 {
		return nil, fmt.Errorf("curve448: invalid point encoding length: %d", len(x))
	}
	if !v.decode(x) {
		return nil, errors.New("curve448: invalid point encoding")
	}
	return v, nil
}

// decode sets v from x[:56] (y) and bit 455 (the sign of x), writing v only
// on success. Its work does not depend on the input but for the outcome.
func (v *Point) decode(x []byte) bool {
	var y fieldElement
	if _, err := y.SetCanonicalBytes(x[:56]); err != nil {
		return false
	}
	sign := int(x[56] >> 7)
	var u, w, xx fieldElement
	u.Square(&y)
	mulD(&w, &u)
	u.Subtract(&u, feOne) // y² − 1
	w.Subtract(&w, feOne) // d·y² − 1, never 0 as d is not a square
	_, wasSquare := xx.SqrtRatio(&u, &w)
	if wasSquare == 0 {
		return false
	}
	if xx.IsZero()&sign == 1 {
		return false
	}
	xx.CondNegate(sign)
	v.x.Set(&xx)
	v.y.Set(&y)
	v.z.One()
	v.t.Multiply(&xx, &y)
	return true
}

// Add sets v = p + q and returns v.
func (v *Point) Add(p, q *Point) *Point {
	checkInitialized(p, q)
	var c cachedPoint
	c.fromP(q)
	return v.addCached(p, &c)
}

// Subtract sets v = p − q and returns v.
func (v *Point) Subtract(p, q *Point) *Point {
	checkInitialized(p, q)
	var c cachedPoint
	c.fromP(q)
	c.condNegate(1)
	return v.addCached(p, &c)
}

// MultByCofactor sets v = 4·p and returns v.
func (v *Point) MultByCofactor(p *Point) *Point {
	checkInitialized(p)
	return v.double(p).double(v)
}

// condNegate sets c = −c if cond == 1: (x, y) → (−x, y).
func (c *cachedPoint) condNegate(cond int) {
	c.XplusY.Select(new(fieldElement).Subtract(&c.Y, &c.X), &c.XplusY, cond)
	c.X.CondNegate(cond)
	c.Td.CondNegate(cond)
}

// Select sets c = a if cond == 1 and c = b if cond == 0 (lookupAffineSelect, lookupCachedSelect).
func (c *cachedPoint) Select(a, b *cachedPoint, cond int) *cachedPoint {
	c.XplusY.Select(&a.XplusY, &b.XplusY, cond)
	c.X.Select(&a.X, &b.X, cond)
	c.Y.Select(&a.Y, &b.Y, cond)
	c.Z.Select(&a.Z, &b.Z, cond)
	c.Td.Select(&a.Td, &b.Td, cond)
	return c
}

// Select sets a = b if cond == 1 and a = c if cond == 0 (lookupAffineSelect, lookupCachedSelect).
func (a *affinePoint) Select(b, c *affinePoint, cond int) *affinePoint {
	a.x.Select(&b.x, &c.x, cond)
	a.y.Select(&b.y, &c.y, cond)
	a.dxy.Select(&b.dxy, &c.dxy, cond)
	return a
}

// condNegate sets a = −a if cond == 1.
func (a *affinePoint) condNegate(cond int) {
	a.x.CondNegate(cond)
	a.dxy.CondNegate(cond)
}

// IsSmallOrder returns 1 if v is one of the four points of order dividing
// the cofactor 4 — (0, 1), (0, −1), (±1, 0), exactly the points with
// x·y = 0 — and 0 otherwise.
func (v *Point) IsSmallOrder() int {
	checkInitialized(v)
	return v.x.IsZero() | v.y.IsZero()
}
