// X25519 (RFC 7748, Section 5): the Diffie-Hellman function on the Montgomery
// form of Curve25519, with the API of golang.org/x/crypto/curve25519.

package curve25519

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
	return xdh(&dst, scalar, point)
}

// nilArrayPanic is the panic of the array-based functions on a nil pointer.
const nilArrayPanic = "curve25519: nil array pointer"

// ScalarMult sets dst to the product scalar * point.
//
// Deprecated: when provided a low-order point, ScalarMult sets dst to all
// zeroes, irrespective of the scalar. Use the X25519 function instead, which
// returns an error in that case.
//
// ScalarMult panics if dst, scalar or point is nil (x/crypto dereferences
// nil there): it has no error to return.
func ScalarMult(dst, scalar, point *[32]byte) {
	if dst == nil || scalar == nil || point == nil {
		panic(nilArrayPanic)
	}
	var out [32]byte
	if string(point[:]) == string(basepointBytes[:]) {
		scalarBaseMult(&out, scalar[:])
	} else {
		scalarMultLadder(&out, scalar[:], point[:])
	}
	*dst = out
}

// ScalarBaseMult sets dst to the product scalar * base where base is the
// standard generator (u = 9).
//
// New code should call X25519 with Basepoint instead, as copying into fixed
// size arrays can lead to unexpected bugs. Like x/crypto's, the function
// carries no Deprecated marker, so swapping the import leaves linters quiet.
//
// ScalarBaseMult panics if dst or scalar is nil, as ScalarMult does.
func ScalarBaseMult(dst, scalar *[32]byte) {
	if dst == nil || scalar == nil {
		panic(nilArrayPanic)
	}
	var out [32]byte
	scalarBaseMult(&out, scalar[:])
	*dst = out
}
