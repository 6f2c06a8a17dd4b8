package ace

// This file is the only place that touches the group implementation, so the
// handshake can be moved onto another edwards25519 implementation by
// rewriting these few wrappers.

import (
	"crypto/subtle"
	"errors"

	group "github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/fieldarith/field25519"
)

type (
	point   = group.Point
	scalar  = group.Scalar
	element = field25519.Element
)

var (
	errNonCanonical = errors.New("coordinate not canonical (≥ p or bit 255 set)")
	errNotOnCurve   = errors.New("not a point of edwards25519")
	errSmallOrder   = errors.New("point of small order")
	errTorsion      = errors.New("point not in the prime-order subgroup")
)

// identityEncoding is the encoding of the identity (0, 1): x = 0, y = 1.
var identityEncoding = [pointSize]byte{fieldSize: 1}

var (
	zeroScalar = group.NewScalar()
	feOne      = new(element).One()
	identity   = group.NewIdentityPoint()
	// invEight is 8⁻¹ mod ℓ, the factor of the scalars that multiply
	// cofactor-cleared points.
	invEight = func() *scalar {
		var b [32]byte
		b[0] = 8
		s, err := group.NewScalar().SetCanonicalBytes(b[:])
		if err != nil {
			panic("ace: 8 is not a canonical scalar")
		}
		return s.Invert(s)
	}()
)

// decodePoint parses an encoding x ‖ y and accepts it only if both
// coordinates are canonical field encodings, (x, y) is on the curve, and x ≠
// 0: on the curve x = 0 only at the identity (0, 1), which IsTorsionFree
// accepts, and at (0, -1), of order 2. No square root is needed: unlike a
// compressed point, x is given. The input is public, so the checks may run
// in variable time; dst is written only on success.
func decodePoint(dst *point, b []byte) error {
	if len(b) != pointSize {
		return errNonCanonical // unreachable: callers check the lengths
	}
	var x, y, t element
	if _, err := x.SetCanonicalBytes(b[:fieldSize]); err != nil {
		return errNonCanonical
	}
	if _, err := y.SetCanonicalBytes(b[fieldSize:]); err != nil {
		return errNonCanonical
	}
	t.Multiply(&x, &y)
	var p point
	if _, err := p.SetExtendedCoordinates(&x, &y, feOne, &t); err != nil {
		return errNotOnCurve
	}
	if x.IsZero() == 1 {
		return errSmallOrder
	}
	dst.Set(&p)
	return nil
}

// decodePrimeOrder is decodePoint that also rejects every point outside the
// prime-order subgroup (IsTorsionFree): together the checks accept exactly
// the points of order ℓ. It decodes onion keys, and peer points under
// RejectTorsion.
func decodePrimeOrder(dst *point, b []byte) error {
	var p point
	if err := decodePoint(&p, b); err != nil {
		return err
	}
	if p.IsTorsionFree() == 0 {
		return errTorsion
	}
	dst.Set(&p)
	return nil
}

// decodePeerPoint decodes a peer's ephemeral point P under check. Under
// ClearCofactor it sets dst = 8·P, which the handshake multiplies by its
// scalar times 8⁻¹ (secret.scalarFor), so that the product is the
// same as with P when P has order ℓ: a torsion component of P vanishes in
// 8·P and cannot make AUTH depend on a secret scalar mod 8, and a point of
// small order gives 8·P = identity and is rejected. Under RejectTorsion P
// must have order ℓ, and dst = P.
func decodePeerPoint(dst *point, b []byte, check SubgroupCheck) error {
	if check == RejectTorsion {
		return decodePrimeOrder(dst, b)
	}
	var p point
	if err := decodePoint(&p, b); err != nil {
		return err
	}
	dst.MultByCofactor(&p)
	if dst.Equal(identity) == 1 {
		return errSmallOrder
	}
	return nil
}

// doubleScalarMult sets v = a·P + c·Q in constant time (a and c are secret).
func doubleScalarMult(v *point, a *scalar, P *point, c *scalar, Q *point) *point {
	return v.DoubleScalarMult(a, P, c, Q)
}

// baseMult sets v = s·G in constant time.
func baseMult(v *point, s *scalar) *point { return v.ScalarBaseMult(s) }

// maxBatch is the most points encodePoints takes at once (the handshake
// needs two).
const maxBatch = 4

// encodePoints writes the encoding x ‖ y of pts[i] to out[i], normalizing
// all the points with one field inversion (field25519.BatchInvert: 3
// multiplications per extra point instead of an inversion each). It is
// constant time: the points may be secret (the shared point). Z is never
// zero on the extended twisted Edwards curve (complete formulas).
func encodePoints(out []*[pointSize]byte, pts ...*point) {
	n := len(pts)
	if n != len(out) || n > maxBatch {
		panic("ace: encodePoints: bad batch") // internal misuse, not input-dependent
	}
	var X, Y, Z, scratch [maxBatch]element
	for i, p := range pts {
		pX, pY, pZ, _ := p.ExtendedCoordinates()
		X[i].Set(pX)
		Y[i].Set(pY)
		Z[i].Set(pZ)
	}
	field25519.BatchInvert(Z[:n], Z[:n], scratch[:n])
	var x, y element
	for i := range pts {
		x.Multiply(&X[i], &Z[i])
		y.Multiply(&Y[i], &Z[i])
		copy(out[i][:fieldSize], x.Bytes())
		copy(out[i][fieldSize:], y.Bytes())
	}
}

// isIdentityEncoding reports, in constant time, whether enc encodes the identity.
func isIdentityEncoding(enc *[pointSize]byte) bool {
	return subtle.ConstantTimeCompare(enc[:], identityEncoding[:]) == 1
}
