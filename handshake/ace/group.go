package ace

// This file is the only place that touches the group implementation, so the
// handshake can be moved onto another edwards25519 implementation by
// rewriting these few wrappers.

import (
	"crypto/subtle"
	"errors"

	group "github.com/curvekit/curvekit/curve25519"
)

type (
	point  = group.Point
	scalar = group.Scalar
)

var (
	errNonCanonical = errors.New("non-canonical or invalid point encoding")
	errSmallOrder   = errors.New("point of small order")
	errTorsion      = errors.New("point not in the prime-order subgroup")
)

// identityEncoding is the compressed encoding of the identity (0, 1).
var identityEncoding = [pointSize]byte{1}

var zeroScalar = group.NewScalar()

// decodePeerPoint parses a peer's 32-byte point and accepts it only if it is
// a canonical RFC 8032 encoding of a point of order ℓ. The identity, the
// other small-order points and points with a small-order component are
// rejected: with scalars reduced mod ℓ (not multiples of 8), a torsion
// component in a peer point would reveal our secret scalar mod 8 through
// AUTH. The input is public, so the checks may run in variable time.
func decodePeerPoint(dst *point, b []byte) error {
	if _, err := dst.SetCanonicalBytes(b); err != nil {
		return errNonCanonical
	}
	if dst.IsSmallOrder() == 1 {
		return errSmallOrder
	}
	if dst.IsTorsionFree() == 0 {
		return errTorsion
	}
	return nil
}

// doubleScalarMult sets v = a·P + c·Q in constant time (a and c are secret).
func doubleScalarMult(v *point, a *scalar, P *point, c *scalar, Q *point) *point {
	return v.DoubleScalarMult(a, P, c, Q)
}

// baseMult sets v = s·G in constant time.
func baseMult(v *point, s *scalar) *point { return v.ScalarBaseMult(s) }

// encodePoint writes the compressed encoding of p to dst.
func encodePoint(dst *[pointSize]byte, p *point) {
	copy(dst[:], p.Bytes())
}

// isIdentityEncoding reports, in constant time, whether enc encodes the identity.
func isIdentityEncoding(enc *[pointSize]byte) bool {
	return subtle.ConstantTimeCompare(enc[:], identityEncoding[:]) == 1
}
