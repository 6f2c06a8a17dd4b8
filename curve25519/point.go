package curve25519

import (
	"errors"
	"fmt"

	"github.com/curvekit/curvekit/fieldarith/field25519"
)

// Point is a point on the edwards25519 curve
//
//	-x^2 + y^2 = 1 + d·x^2·y^2,  d = -121665/121666 mod 2^255-19
//
// kept in extended twisted Edwards coordinates (X:Y:Z:T) with x = X/Z,
// y = Y/Z and x·y = T/Z (Hisil–Wong–Carter–Dawson 2008, "HWCD").
//
// As in filippo.io/edwards25519, the zero value is NOT a valid point: use
// NewIdentityPoint, NewGeneratorPoint, or one of the setters. Reading a zero
// Point (Equal, Bytes, Add, a multiplication, …) panics with "use of
// uninitialized Point"; a zero Point may be the receiver of a setter. Methods
// set the receiver, return it, and accept arguments that alias the receiver.
type Point struct {
	// Make Points uncomparable with ==, which is meaningless for
	// projective coordinates. Use Equal. First, not last: a trailing
	// zero-size field would pad the struct (bucket arrays, tables).
	_ incomparable

	x, y, z, t fieldElement
}

type incomparable [0]func()

// checkInitialized panics on a zero Point, as filippo.io/edwards25519 does:
// X = Y = 0 is no point in any representation (Z ≠ 0 would make it (0, 0),
// which is off the curve), so only a Point never set has it.
func checkInitialized(points ...*Point) {
	for _, p := range points {
		if p.x == (fieldElement{}) && p.y == (fieldElement{}) {
			panic("curve25519: use of uninitialized Point")
		}
	}
}

// checkInitializedTable panics on a zero PrecomputedPoint or
// VarTimePrecomputedPoint, seen in its first entry: y + x = y − x = 0 would
// be (0, 0), which is no point.
func checkInitializedTable(first *affineCached, name string) {
	if first.YplusX == (fieldElement{}) && first.YminusX == (fieldElement{}) {
		panic("curve25519: use of uninitialized " + name)
	}
}

// projP1xP1 is the "completed" form ((X:Z), (Y:T)) with x = X/Z and y = Y/T
// that the HWCD addition and doubling formulas produce before their final
// multiplications. Its coordinates only feed those multiplications, so they
// are kept in loose form (sums and differences not carried).
type projP1xP1 struct {
	X, Y, Z, T fieldLoose
}

// projP2 is the projective form (X:Y:Z), enough for doubling.
type projP2 struct {
	X, Y, Z fieldElement
}

// projCached is a point in the form (Y+X, Y-X, Z, 2d·T), the second operand
// of the HWCD addition formula.
type projCached struct {
	_                       [0]uint64 // 8-byte alignment for lookupScan
	YplusX, YminusX, Z, T2d fieldElement
}

// affineCached is an affine point in the form (y+x, y-x, 2d·x·y), the
// second operand of the mixed addition formula ("affine Niels").
type affineCached struct {
	_                    [0]uint64 // 8-byte alignment for lookupScan
	YplusX, YminusX, T2d fieldElement
}

// Set sets v = u, and returns v.
func (v *Point) Set(u *Point) *Point {
	*v = *u
	return v
}

// ExtendedCoordinates returns v in extended coordinates (X:Y:Z:T) where
// x = X/Z, y = Y/Z, and xy = T/Z. The returned values are fresh copies.
func (v *Point) ExtendedCoordinates() (X, Y, Z, T *field25519.Element) {
	// One array, filled out of line, so that this wrapper inlines and the
	// array stays on the caller's stack (TestAllocs).
	var e extCoords
	v.extendedCoordinates(&e)
	return &e.X, &e.Y, &e.Z, &e.T
}

// extCoords is the caller-provided storage of ExtendedCoordinates.
type extCoords struct{ X, Y, Z, T fieldElement }

//go:noinline
func (v *Point) extendedCoordinates(e *extCoords) {
	checkInitialized(v)
	e.X.Set(&v.x)
	e.Y.Set(&v.y)
	e.Z.Set(&v.z)
	e.T.Set(&v.t)
}

// SetExtendedCoordinates sets v = (X:Y:Z:T) in extended coordinates where
// x = X/Z, y = Y/Z, and xy = T/Z. If the coordinates are invalid or don't
// represent a valid point on the curve, SetExtendedCoordinates returns nil
// and an error and the receiver is unchanged.
func (v *Point) SetExtendedCoordinates(X, Y, Z, T *field25519.Element) (*Point, error) {
	if !isOnCurve(X, Y, Z, T) {
		return nil, errors.New("curve25519: invalid point coordinates")
	}
	v.x.Set(X)
	v.y.Set(Y)
	v.z.Set(Z)
	v.t.Set(T)
	return v, nil
}

// isOnCurve reports whether Z ≠ 0, X·Y = Z·T and the curve equation
// (-X² + Y²)·Z² = Z⁴ + d·X²·Y² hold.
func isOnCurve(X, Y, Z, T *fieldElement) bool {
	var lhs, rhs fieldElement
	XX := new(fieldElement).Square(X)
	YY := new(fieldElement).Square(Y)
	ZZ := new(fieldElement).Square(Z)
	ZZZZ := new(fieldElement).Square(ZZ)
	lhs.Subtract(YY, XX).Multiply(&lhs, ZZ)
	rhs.Multiply(feD, XX).Multiply(&rhs, YY).Add(&rhs, ZZZZ)
	if lhs.Equal(&rhs) != 1 {
		return false
	}
	lhs.Multiply(X, Y)
	rhs.Multiply(Z, T)
	return lhs.Equal(&rhs) == 1 && Z.Equal(feZero) == 0
}

// SetBytes sets v = x, where x is a 32-byte encoding of v, and returns v.
// If x does not represent a valid point, SetBytes returns nil and an error
// and the receiver is unchanged.
//
// SetBytes is the LENIENT decoder, exactly as filippo.io/edwards25519 and
// crypto/ed25519: it accepts the non-canonical encodings of valid points,
// that is y ≥ p (reduced mod p) and x = 0 with the sign bit set. Use
// SetCanonicalBytes for the strict rules of RFC 8032, Section 5.1.3.
func (v *Point) SetBytes(x []byte) (*Point, error) {
	if len(x) != 32 {
		return nil, fmt.Errorf("curve25519: invalid point encoding length: %d", len(x))
	}
	if _, ok := v.decode(x, false); !ok {
		return nil, errors.New("curve25519: invalid point encoding")
	}
	return v, nil
}

// SetCanonicalBytes sets v = x, where x is the canonical 32-byte encoding
// of v, and returns v. It is the STRICT decoder of RFC 8032, Section 5.1.3:
// besides invalid points it rejects the non-canonical encodings that
// SetBytes accepts, namely y ≥ p and x = 0 with the sign bit set. On error
// it returns nil and the receiver is unchanged.
//
// For every x accepted by SetCanonicalBytes, v.Bytes() equals x.
func (v *Point) SetCanonicalBytes(x []byte) (*Point, error) {
	if len(x) != 32 {
		return nil, fmt.Errorf("curve25519: invalid point encoding length: %d", len(x))
	}
	if _, ok := v.decode(x, true); !ok {
		return nil, errors.New("curve25519: invalid or non-canonical point encoding")
	}
	return v, nil
}

// decode implements both decoders; v is only written on success. The work
// done does not depend on the input, except for the final accept/reject.
func (v *Point) decode(x []byte, strict bool) (*Point, bool) {
	// y is x with bit 255 cleared, reduced mod p.
	var y fieldElement
	if _, err := y.SetBytes(x); err != nil {
		return nil, false
	}
	// Canonical iff re-encoding y gives back the low 255 bits.
	yEnc := y.Bytes()
	canonical := 1
	for i := 0; i < 31; i++ {
		canonical &= eqByte(yEnc[i], x[i])
	}
	canonical &= eqByte(yEnc[31], x[31]&0x7f)

	// -x² + y² = 1 + d·x²·y²  ⇒  x² = (y² - 1) / (d·y² + 1); the
	// denominator is never zero since -1/d is not a square.
	sign := int(x[31] >> 7)
	var xx fieldElement
	wasSquare := recoverX(&xx, &y, sign)

	ok := wasSquare
	if strict {
		// RFC 8032, Section 5.1.3, step 1 and 4: reject y ≥ p, and x = 0
		// with the sign bit set.
		ok &= canonical
		ok &= 1 ^ (xx.Equal(feZero) & sign)
	}
	if ok != 1 {
		return nil, false
	}
	v.x.Set(&xx)
	v.y.Set(&y)
	v.z.One()
	v.t.Multiply(&xx, &y)
	return v, true
}

// eqByte returns 1 if a == b and 0 otherwise, in constant time.
func eqByte(a, b byte) int {
	x := uint32(a ^ b)
	return int((x - 1) >> 31)
}

// Select sets v to a if cond == 1 and to b if cond == 0, in constant time.
func (v *Point) Select(a, b *Point, cond int) *Point {
	v.x.Select(&a.x, &b.x, cond)
	v.y.Select(&a.y, &b.y, cond)
	v.z.Select(&a.z, &b.z, cond)
	v.t.Select(&a.t, &b.t, cond)
	return v
}

// Add sets v = p + q, and returns v.
func (v *Point) Add(p, q *Point) *Point {
	checkInitialized(p, q)
	var qc projCached
	var r projP1xP1
	qc.fromP3(q)
	r.add(p, &qc)
	return v.fromP1xP1(&r)
}

// Subtract sets v = p - q, and returns v.
func (v *Point) Subtract(p, q *Point) *Point {
	checkInitialized(p, q)
	var qc projCached
	var r projP1xP1
	qc.fromP3(q)
	r.sub(p, &qc)
	return v.fromP1xP1(&r)
}

// MultByCofactor sets v = 8·p, and returns v.
func (v *Point) MultByCofactor(p *Point) *Point {
	checkInitialized(p)
	var pp projP2
	var r projP1xP1
	pp.fromP3(p)
	r.double(&pp)
	pp.fromP1xP1(&r)
	r.double(&pp)
	pp.fromP1xP1(&r)
	r.double(&pp)
	return v.fromP1xP1(&r)
}
