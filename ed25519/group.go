package ed25519

// This file is the package's only link to the prime-order group
// (github.com/curvekit/curvekit/curve25519). Everything else uses the
// aliases and the thin helpers below, so the group can be swapped in one
// place.

import "github.com/curvekit/curvekit/curve25519"

type (
	point  = curve25519.Point
	scalar = curve25519.Scalar
)

var (
	newIdentityPoint  = curve25519.NewIdentityPoint
	newGeneratorPoint = curve25519.NewGeneratorPoint
	newScalar         = curve25519.NewScalar
)

// setCanonicalBytes decodes x strictly (RFC 8032 §5.1.3): y < p, and no
// x = 0 with the sign bit set.
func setCanonicalBytes(v *point, x []byte) (*point, error) {
	return v.SetCanonicalBytes(x)
}

// isSmallOrder reports whether [8]v is the identity.
func isSmallOrder(v *point) bool {
	return v.IsSmallOrder() == 1
}

// setMontgomery sets v to the Edwards point with Montgomery u-coordinate u
// (canonical: u < p, bit 255 clear) whose x has the given sign; see
// curve25519.Point.SetMontgomery for the exceptional inputs.
func setMontgomery(v *point, u []byte, sign int) (*point, error) {
	return v.SetMontgomery(u, sign)
}
