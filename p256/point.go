package p256

import (
	"errors"
	"fmt"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
)

// point is an element of the P-256 group in projective coordinates
// (X:Y:Z), x = X/Z, y = Y/Z; the identity is (0:1:0). The group is kept
// unexported: the package's contract is the key and signature API, and the
// exported surface stays small until the shared curve layer settles what a
// curvekit point type looks like. Every operation here is constant time
// unless its name starts with varTime.
type point struct {
	x, y, z fieldp256.Element
}

// affinePoint is a point with Z = 1, as stored in precomputed tables. It
// cannot represent the identity.
type affinePoint struct {
	x, y fieldp256.Element
}

var curveB = mustElement("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b")

var generator = point{
	x: *mustElement("6b17d1f2e12c4247f8bce6e563a440f277037d812deb33a0f4a13945d898c296"),
	y: *mustElement("4fe342e2fe1a7f9b8ee7eb4a7c0f9e162bce33576b315ececbb6406837bf51f5"),
	z: *new(fieldp256.Element).One(),
}

func mustElement(h string) *fieldp256.Element {
	var b [32]byte
	for i := range b {
		b[i] = unhex(h[2*i])<<4 | unhex(h[2*i+1])
	}
	e, err := new(fieldp256.Element).SetCanonicalBytes(b[:])
	if err != nil {
		panic("p256: bad constant")
	}
	return e
}

func unhex(c byte) byte {
	if c <= '9' {
		return c - '0'
	}
	return c - 'a' + 10
}

// setIdentity sets p to (0:1:0).
func (p *point) setIdentity() *point {
	p.x.Zero()
	p.y.One()
	p.z.Zero()
	return p
}

func (p *point) set(q *point) *point {
	*p = *q
	return p
}

// isIdentity returns 1 if p is the identity (Z = 0), 0 otherwise.
func (p *point) isIdentity() int { return p.z.IsZero() }

// selectPoint sets p to a if cond == 1 and to b if cond == 0.
func (p *point) selectPoint(a, b *point, cond int) *point {
	p.x.Select(&a.x, &b.x, cond)
	p.y.Select(&a.y, &b.y, cond)
	p.z.Select(&a.z, &b.z, cond)
	return p
}

// Select is selectPoint under the name tables.Lookup expects.
func (p *point) Select(a, b *point, cond int) *point { return p.selectPoint(a, b, cond) }

// Select sets p to a if cond == 1 and to b if cond == 0.
func (p *affinePoint) Select(a, b *affinePoint, cond int) *affinePoint {
	p.x.Select(&a.x, &b.x, cond)
	p.y.Select(&a.y, &b.y, cond)
	return p
}

func (p *affinePoint) condNegate(cond int) *affinePoint {
	var ny fieldp256.Element
	ny.Negate(&p.y)
	p.y.Select(&ny, &p.y, cond)
	return p
}

// negate sets p = −q.
func (p *point) negate(q *point) *point {
	p.x.Set(&q.x)
	p.y.Negate(&q.y)
	p.z.Set(&q.z)
	return p
}

// equal returns 1 if p and q are the same group element: X1·Z2 = X2·Z1 and
// Y1·Z2 = Y2·Z1 (which also holds, and only, when both are the identity,
// since valid points have Y ≠ 0 or Z ≠ 0).
func (p *point) equal(q *point) int {
	var a, b, c, d fieldp256.Element
	a.Multiply(&p.x, &q.z)
	b.Multiply(&q.x, &p.z)
	c.Multiply(&p.y, &q.z)
	d.Multiply(&q.y, &p.z)
	return a.Equal(&b) & c.Equal(&d)
}

// add sets p = a + b with the complete projective addition for a = −3
// curves, Renes–Costello–Batina 2016, Algorithm 4. It is correct for every
// pair of inputs, the identity and a = ±b included.
func (p *point) add(a, b *point) *point {
	var t0, t1, t2, t3, t4, x3, y3, z3 fieldp256.Element
	t0.Multiply(&a.x, &b.x)  // t0 = X1·X2
	t1.Multiply(&a.y, &b.y)  // t1 = Y1·Y2
	t2.Multiply(&a.z, &b.z)  // t2 = Z1·Z2
	t3.Add(&a.x, &a.y)       // t3 = X1+Y1
	t4.Add(&b.x, &b.y)       // t4 = X2+Y2
	t3.Multiply(&t3, &t4)    // t3 = (X1+Y1)(X2+Y2)
	t4.Add(&t0, &t1)         // t4 = t0+t1
	t3.Subtract(&t3, &t4)    // t3 = X1Y2+X2Y1
	t4.Add(&a.y, &a.z)       // t4 = Y1+Z1
	x3.Add(&b.y, &b.z)       // X3 = Y2+Z2
	t4.Multiply(&t4, &x3)    // t4 = (Y1+Z1)(Y2+Z2)
	x3.Add(&t1, &t2)         // X3 = t1+t2
	t4.Subtract(&t4, &x3)    // t4 = Y1Z2+Y2Z1
	x3.Add(&a.x, &a.z)       // X3 = X1+Z1
	y3.Add(&b.x, &b.z)       // Y3 = X2+Z2
	x3.Multiply(&x3, &y3)    // X3 = (X1+Z1)(X2+Z2)
	y3.Add(&t0, &t2)         // Y3 = t0+t2
	y3.Subtract(&x3, &y3)    // Y3 = X1Z2+X2Z1
	z3.Multiply(curveB, &t2) // Z3 = b·t2
	x3.Subtract(&y3, &z3)    // X3 = Y3−Z3
	z3.Add(&x3, &x3)         // Z3 = 2·X3
	x3.Add(&x3, &z3)         // X3 = 3·X3
	z3.Subtract(&t1, &x3)    // Z3 = t1−X3
	x3.Add(&t1, &x3)         // X3 = t1+X3
	y3.Multiply(curveB, &y3) // Y3 = b·Y3
	t1.Add(&t2, &t2)         // t1 = 2·t2
	t2.Add(&t1, &t2)         // t2 = 3·t2
	y3.Subtract(&y3, &t2)    // Y3 = Y3−t2
	y3.Subtract(&y3, &t0)    // Y3 = Y3−t0
	t1.Add(&y3, &y3)         // t1 = 2·Y3
	y3.Add(&t1, &y3)         // Y3 = 3·Y3
	t1.Add(&t0, &t0)         // t1 = 2·t0
	t0.Add(&t1, &t0)         // t0 = 3·t0
	t0.Subtract(&t0, &t2)    // t0 = t0−t2
	t1.Multiply(&t4, &y3)    // t1 = t4·Y3
	t2.Multiply(&t0, &y3)    // t2 = t0·Y3
	y3.Multiply(&x3, &z3)    // Y3 = X3·Z3
	y3.Add(&y3, &t2)         // Y3 = Y3+t2
	x3.Multiply(&x3, &t3)    // X3 = X3·t3
	x3.Subtract(&x3, &t1)    // X3 = X3−t1
	z3.Multiply(&t4, &z3)    // Z3 = t4·Z3
	t1.Multiply(&t3, &t0)    // t1 = t3·t0
	z3.Add(&z3, &t1)         // Z3 = Z3+t1
	p.x, p.y, p.z = x3, y3, z3
	return p
}

// addAffine sets p = a + b for an affine b, Renes–Costello–Batina 2016,
// Algorithm 5 (mixed addition, a = −3). It is complete for every a,
// including the identity and a = ±b; b cannot be the identity (callers
// that may add "nothing" select the result away).
func (p *point) addAffine(a *point, b *affinePoint) *point {
	var t0, t1, t2, t3, t4, x3, y3, z3 fieldp256.Element
	t0.Multiply(&a.x, &b.x)   // t0 = X1·X2
	t1.Multiply(&a.y, &b.y)   // t1 = Y1·Y2
	t3.Add(&b.x, &b.y)        // t3 = X2+Y2
	t4.Add(&a.x, &a.y)        // t4 = X1+Y1
	t3.Multiply(&t3, &t4)     // t3 = (X2+Y2)(X1+Y1)
	t4.Add(&t0, &t1)          // t4 = t0+t1
	t3.Subtract(&t3, &t4)     // t3 = X1Y2+X2Y1
	t4.Multiply(&b.y, &a.z)   // t4 = Y2·Z1
	t4.Add(&t4, &a.y)         // t4 = Y2Z1+Y1
	y3.Multiply(&b.x, &a.z)   // Y3 = X2·Z1
	y3.Add(&y3, &a.x)         // Y3 = X2Z1+X1
	z3.Multiply(curveB, &a.z) // Z3 = b·Z1
	x3.Subtract(&y3, &z3)     // X3 = Y3−Z3
	z3.Add(&x3, &x3)          // Z3 = 2·X3
	x3.Add(&x3, &z3)          // X3 = 3·X3
	z3.Subtract(&t1, &x3)     // Z3 = t1−X3
	x3.Add(&t1, &x3)          // X3 = t1+X3
	y3.Multiply(curveB, &y3)  // Y3 = b·Y3
	t1.Add(&a.z, &a.z)        // t1 = 2·Z1
	t2.Add(&t1, &a.z)         // t2 = 3·Z1
	y3.Subtract(&y3, &t2)     // Y3 = Y3−t2
	y3.Subtract(&y3, &t0)     // Y3 = Y3−t0
	t1.Add(&y3, &y3)          // t1 = 2·Y3
	y3.Add(&t1, &y3)          // Y3 = 3·Y3
	t1.Add(&t0, &t0)          // t1 = 2·t0
	t0.Add(&t1, &t0)          // t0 = 3·t0
	t0.Subtract(&t0, &t2)     // t0 = t0−t2
	t1.Multiply(&t4, &y3)     // t1 = t4·Y3
	t2.Multiply(&t0, &y3)     // t2 = t0·Y3
	y3.Multiply(&x3, &z3)     // Y3 = X3·Z3
	y3.Add(&y3, &t2)          // Y3 = Y3+t2
	x3.Multiply(&x3, &t3)     // X3 = X3·t3
	x3.Subtract(&x3, &t1)     // X3 = X3−t1
	z3.Multiply(&t4, &z3)     // Z3 = t4·Z3
	t1.Multiply(&t3, &t0)     // t1 = t3·t0
	z3.Add(&z3, &t1)          // Z3 = Z3+t1
	p.x, p.y, p.z = x3, y3, z3
	return p
}

// double sets p = 2·a, Renes–Costello–Batina 2016, Algorithm 6 (a = −3),
// complete: the identity and points of order 2 (none on P-256) included.
func (p *point) double(a *point) *point {
	var t0, t1, t2, t3, x3, y3, z3 fieldp256.Element
	t0.Square(&a.x)          // t0 = X²
	t1.Square(&a.y)          // t1 = Y²
	t2.Square(&a.z)          // t2 = Z²
	t3.Multiply(&a.x, &a.y)  // t3 = X·Y
	t3.Add(&t3, &t3)         // t3 = 2XY
	z3.Multiply(&a.x, &a.z)  // Z3 = X·Z
	z3.Add(&z3, &z3)         // Z3 = 2XZ
	y3.Multiply(curveB, &t2) // Y3 = b·t2
	y3.Subtract(&y3, &z3)    // Y3 = Y3−Z3
	x3.Add(&y3, &y3)         // X3 = 2·Y3
	y3.Add(&x3, &y3)         // Y3 = 3·Y3
	x3.Subtract(&t1, &y3)    // X3 = t1−Y3
	y3.Add(&t1, &y3)         // Y3 = t1+Y3
	y3.Multiply(&x3, &y3)    // Y3 = X3·Y3
	x3.Multiply(&x3, &t3)    // X3 = X3·t3
	t3.Add(&t2, &t2)         // t3 = 2·t2
	t2.Add(&t2, &t3)         // t2 = 3·t2
	z3.Multiply(curveB, &z3) // Z3 = b·Z3
	z3.Subtract(&z3, &t2)    // Z3 = Z3−t2
	z3.Subtract(&z3, &t0)    // Z3 = Z3−t0
	t3.Add(&z3, &z3)         // t3 = 2·Z3
	z3.Add(&z3, &t3)         // Z3 = 3·Z3
	t3.Add(&t0, &t0)         // t3 = 2·t0
	t0.Add(&t3, &t0)         // t0 = 3·t0
	t0.Subtract(&t0, &t2)    // t0 = t0−t2
	t0.Multiply(&t0, &z3)    // t0 = t0·Z3
	y3.Add(&y3, &t0)         // Y3 = Y3+t0
	t0.Multiply(&a.y, &a.z)  // t0 = Y·Z
	t0.Add(&t0, &t0)         // t0 = 2YZ
	z3.Multiply(&t0, &z3)    // Z3 = t0·Z3
	x3.Subtract(&x3, &z3)    // X3 = X3−Z3
	z3.Multiply(&t0, &t1)    // Z3 = t0·t1
	z3.Add(&z3, &z3)         // Z3 = 2·Z3
	z3.Add(&z3, &z3)         // Z3 = 4·Z3
	p.x, p.y, p.z = x3, y3, z3
	return p
}

// affine returns the affine coordinates of p, and 0 as ok if p is the
// identity (then x and y are 0). The inversion is constant time.
func (p *point) affine() (x, y fieldp256.Element, ok int) {
	var zinv fieldp256.Element
	zinv.Invert(&p.z)
	x.Multiply(&p.x, &zinv)
	y.Multiply(&p.y, &zinv)
	return x, y, 1 - p.isIdentity()
}

// rhs returns x³ − 3x + b.
func rhs(x *fieldp256.Element) *fieldp256.Element {
	var x3, threeX fieldp256.Element
	x3.Square(x)
	x3.Multiply(&x3, x)
	threeX.Add(x, x)
	threeX.Add(&threeX, x)
	x3.Subtract(&x3, &threeX)
	return x3.Add(&x3, curveB)
}

var (
	errInfinity   = errors.New("p256: point at infinity")
	errOffCurve   = errors.New("p256: point not on the curve")
	errEncoding   = errors.New("p256: invalid SEC 1 point encoding")
	errCoordinate = errors.New("p256: point coordinate not below p")
	errNotASquare = errors.New("p256: compressed point has no valid y")
)

// setBytes decodes an uncompressed (0x04‖x‖y, 65 bytes) or compressed
// (0x02/0x03‖x, 33 bytes) SEC 1 encoding. It rejects the identity (the
// one-byte 0x00 encoding), coordinates ≥ p, points off the curve and every
// other length or prefix. Public input: the errors may be told apart.
func (p *point) setBytes(b []byte) (*point, error) {
	switch {
	case len(b) == 1 && b[0] == 0:
		return nil, errInfinity
	case len(b) == 65 && b[0] == 4:
		x, err := new(fieldp256.Element).SetCanonicalBytes(b[1:33])
		if err != nil {
			return nil, errCoordinate
		}
		y, err := new(fieldp256.Element).SetCanonicalBytes(b[33:])
		if err != nil {
			return nil, errCoordinate
		}
		var y2 fieldp256.Element
		y2.Square(y)
		if y2.Equal(rhs(x)) != 1 {
			return nil, errOffCurve
		}
		p.x, p.y = *x, *y
		p.z.One()
		return p, nil
	case len(b) == 33 && (b[0] == 2 || b[0] == 3):
		x, err := new(fieldp256.Element).SetCanonicalBytes(b[1:])
		if err != nil {
			return nil, errCoordinate
		}
		var y fieldp256.Element
		if _, ok := y.Sqrt(rhs(x)); ok != 1 {
			return nil, errNotASquare
		}
		// Pick the root whose parity matches the prefix. y = 0 would need
		// x³ − 3x + b = 0, which has no solution in GF(p) for P-256.
		odd := int(y.Bytes()[31] & 1)
		var ny fieldp256.Element
		ny.Negate(&y)
		y.Select(&ny, &y, odd^int(b[0]&1))
		p.x, p.y = *x, y
		p.z.One()
		return p, nil
	case len(b) == 65 || len(b) == 33:
		return nil, errEncoding
	default:
		return nil, fmt.Errorf("p256: invalid SEC 1 point length: %d bytes, want 33 or 65", len(b))
	}
}

// bytes returns the 65-byte uncompressed SEC 1 encoding of p, or an error
// if p is the identity.
func (p *point) bytes() ([65]byte, error) {
	var out [65]byte
	x, y, ok := p.affine()
	if ok != 1 {
		return out, errInfinity
	}
	out[0] = 4
	copy(out[1:33], x.Bytes())
	copy(out[33:], y.Bytes())
	return out, nil
}
