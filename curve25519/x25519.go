// X25519 (RFC 7748, Section 5): the Diffie-Hellman function on the Montgomery
// form of Curve25519, with the API of golang.org/x/crypto/curve25519.

package curve25519

import (
	"crypto/subtle"
	"errors"
)

const (
	// ScalarSize is the size in bytes of the scalar input to X25519.
	ScalarSize = 32
	// PointSize is the size in bytes of the point (u-coordinate) input to
	// X25519 and of its output.
	PointSize = 32
)

// Basepoint is the canonical Curve25519 generator, u = 9, little-endian.
//
// It is a variable for compatibility with golang.org/x/crypto/curve25519.
// Modifying it does not change which inputs take the fixed-base path: that
// decision compares against a private copy of u = 9.
var Basepoint []byte

// x25519Base is the private copy of the basepoint encoding u = 9.
var x25519Base = [32]byte{9}

func init() { Basepoint = append([]byte(nil), x25519Base[:]...) }

var (
	x25519ErrScalarLen = errors.New("curve25519: bad scalar length: expected 32 bytes")
	x25519ErrPointLen  = errors.New("curve25519: bad point length: expected 32 bytes")
	x25519ErrLowOrder  = errors.New("curve25519: bad input point: low order point")
)

// X25519 returns the result of the scalar multiplication (scalar * point),
// according to RFC 7748, Section 5. scalar, point and the return value are
// slices of 32 bytes.
//
// The scalar is clamped as RFC 7748 specifies; the most significant bit of
// point is ignored and non-canonical u-coordinates (u ≥ 2^255−19) are
// reduced, as the RFC requires. X25519 returns an error if scalar or point is
// not 32 bytes long, or if the result is the all-zero value, which happens
// exactly when point has low order (so that the result does not depend on
// the scalar).
//
// scalar can be generated at random, for example with crypto/rand. When
// point holds the basepoint's bytes (u = 9, compared by value: any slice
// with those contents, not only Basepoint itself, which is all x/crypto
// promises) the result is computed with the precomputed edwards25519
// basepoint table and mapped to Montgomery form, about three times faster
// than the ladder used for other points. Both paths give the same result
// and run in constant time with respect to scalar.
func X25519(scalar, point []byte) ([]byte, error) {
	// The body is outlined so that dst can stay on the caller's stack when
	// the result does not escape.
	var dst [32]byte
	return x25519(&dst, scalar, point)
}

func x25519(dst *[32]byte, scalar, point []byte) ([]byte, error) {
	if len(scalar) != ScalarSize {
		return nil, x25519ErrScalarLen
	}
	if len(point) != PointSize {
		return nil, x25519ErrPointLen
	}
	// Whether point is the basepoint is public information: a plain
	// comparison is fine.
	if string(point) == string(x25519Base[:]) {
		x25519ScalarBaseMult(dst, scalar)
	} else {
		x25519ScalarMult(dst, scalar, point)
	}
	// The all-zero check must not leak anything but its own (public) result.
	var zero [32]byte
	if subtle.ConstantTimeCompare(dst[:], zero[:]) == 1 {
		return nil, x25519ErrLowOrder
	}
	return dst[:], nil
}

// ScalarMult sets dst to the product scalar * point.
//
// Deprecated: when provided a low-order point, ScalarMult sets dst to all
// zeroes, irrespective of the scalar. Use the X25519 function instead, which
// returns an error in that case.
func ScalarMult(dst, scalar, point *[32]byte) {
	var out [32]byte
	if string(point[:]) == string(x25519Base[:]) {
		x25519ScalarBaseMult(&out, scalar[:])
	} else {
		x25519ScalarMult(&out, scalar[:], point[:])
	}
	*dst = out
}

// ScalarBaseMult sets dst to the product scalar * base where base is the
// standard generator (u = 9).
//
// Deprecated: use X25519 with Basepoint instead, as copying into fixed size
// arrays can lead to unexpected bugs. (x/crypto's documentation only
// recommends this; the function is marked deprecated here so that the two
// array-based functions read alike.)
func ScalarBaseMult(dst, scalar *[32]byte) {
	var out [32]byte
	x25519ScalarBaseMult(&out, scalar[:])
	*dst = out
}

// x25519Clamp copies the 32-byte scalar into e and clamps it (RFC 7748,
// decodeScalar25519): clear the three low bits (cofactor 8), clear bit 255
// and set bit 254.
func x25519Clamp(e *[32]byte, scalar []byte) {
	copy(e[:], scalar)
	e[0] &= 248
	e[31] &= 127
	e[31] |= 64
}

// x25519ScalarMult sets dst to the u-coordinate of scalar·P where P is any
// point with u-coordinate point. len(scalar) = len(point) = 32.
func x25519ScalarMult(dst *[32]byte, scalar, point []byte) {
	var e [32]byte
	x25519Clamp(&e, scalar)

	// decodeUCoordinate: SetBytes masks bit 255 and reduces values ≥ p, as
	// RFC 7748 requires. The length was checked by the caller.
	var u fieldElement
	if _, err := u.SetBytes(point); err != nil {
		panic("curve25519: internal error: SetBytes rejected 32 bytes")
	}
	ladderMontgomery(dst, &e, &u)
}

// ladderMontgomery runs the Montgomery ladder of RFC 7748, Section 5, on the
// clamped scalar e and the u-coordinate x1, and writes the encoded result to
// dst. It runs in constant time: 251 identical steps, with the branch on each
// scalar bit replaced by a masked conditional swap, between doublings for the
// clamped bits (see ladderProjective).
func ladderMontgomery(dst *[32]byte, e *[32]byte, x1 *fieldElement) {
	var x2, z2 fieldElement
	ladderProjective(&x2, &z2, e, x1)
	// x2 / z2; Invert(0) = 0 gives the all-zero output for the point at
	// infinity, which the caller turns into an error.
	z2.Invert(&z2)
	x2.Multiply(&x2, &z2)
	copy(dst[:], x2.Bytes())
}

// ladderProjective runs the ladder of ladderMontgomery and leaves the result
// as the fraction x2/z2 (z2 = 0 for the point at infinity), so that callers
// with several results can share one inversion. e must be clamped
// (x25519Clamp): bit 254 set and bits 0–2 clear, which are public. The
// ladder therefore starts at (P, 2P), the state after bit 254, and ends
// with three doublings of x2 alone instead of full steps on zero bits (the
// sum x3 is not needed any more): 251 steps and four doublings instead of
// 255 steps. The states are projectively those of the RFC's 255 steps, so
// the result is the same fraction (for u = 0 the RFC's x3 becomes (0 : 0)
// after one step while here it is (0 : 1), and both give the all-zero
// output, as the Wycheproof tests check).
func ladderProjective(x2, z2 *fieldElement, e *[32]byte, x1 *fieldElement) {
	// (x2 : z2) starts at P, (x3 : z3) at 2P; the invariant is
	// (x3 : z3) − (x2 : z2) = P.
	var x3, z3 fieldElement
	x2.Set(x1)
	z2.One()
	xDouble(&x3, &z3, x2, z2)

	// Sums and differences that only feed a multiplication stay loose (not
	// carried, see field25519.Loose). Few temporaries keep the working set
	// small (statement orders tried on field25519 were all within noise of
	// each other).
	var aa, bb fieldElement
	var a, b, c, d fieldLoose
	swap := 0
	for t := 253; t >= 3; t-- {
		kt := int(e[t>>3]>>(t&7)) & 1
		// Swap only when the bit differs from the previous one: the pair
		// stays swapped across equal bits, and one swap after the loop
		// settles the last one.
		swap ^= kt
		x2.Swap(&x3, swap)
		z2.Swap(&z3, swap)
		swap = kt

		// One combined doubling and differential addition, RFC 7748 §5,
		// with the RFC's names for the intermediate values.
		a.Add(x2, z2)            // A = x2 + z2
		b.Subtract(x2, z2)       // B = x2 - z2
		c.Add(&x3, &z3)          // C = x3 + z3
		d.Subtract(&x3, &z3)     // D = x3 - z3
		z3.MultiplyLoose(&d, &a) // DA = D * A
		x3.MultiplyLoose(&c, &b) // CB = C * B
		c.Add(&z3, &x3)          // DA + CB
		d.Subtract(&z3, &x3)     // DA - CB
		x3.SquareLoose(&c)       // x3 = (DA + CB)^2
		z3.SquareLoose(&d)
		z3.Multiply(&z3, x1)  // z3 = x1 * (DA - CB)^2
		aa.SquareLoose(&a)    // AA = A^2
		bb.SquareLoose(&b)    // BB = B^2
		x2.Multiply(&aa, &bb) // x2 = AA * BB
		b.Subtract(&aa, &bb)  // E = AA - BB
		// z2 = E * (AA + a24 * E), a24 = (486662 - 2) / 4 = 121665.
		z2.Mult32Loose(&b, 121665)
		a.Add(z2, &aa)
		z2.MultiplyLoose(&a, &b)
	}
	x2.Swap(&x3, swap)
	z2.Swap(&z3, swap)
	for range 3 {
		xDouble(x2, z2, x2, z2)
	}
}

// xDouble sets (x : z) to the double of (x1 : z1), the doubling half of a
// ladder step. The outputs may alias the inputs.
func xDouble(x, z, x1, z1 *fieldElement) {
	var a, b fieldLoose
	var aa, bb fieldElement
	a.Add(x1, z1)
	b.Subtract(x1, z1)
	aa.SquareLoose(&a)
	bb.SquareLoose(&b)
	x.Multiply(&aa, &bb)
	b.Subtract(&aa, &bb)
	z.Mult32Loose(&b, 121665)
	a.Add(z, &aa)
	z.MultiplyLoose(&a, &b)
}
