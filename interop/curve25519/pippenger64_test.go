package curve25519_test

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
)

// pippenger64Inputs returns n terms mixing random scalars with zero, one,
// −1 and short ones, and points mixing random decoded (Z = 1) and
// projective ones with the identity, mixed-order points, repeats and
// P, −P pairs.
func pippenger64Inputs(t testing.TB, rng *rand.Rand, n int) ([]*curve25519.Scalar, []*curve25519.Point) {
	scalars := make([]*curve25519.Scalar, n)
	points := make([]*curve25519.Point, n)
	minusOne := curve25519.NewScalar().Subtract(curve25519.NewScalar(), scalarFrom(t, bigToLE(big.NewInt(1))))
	for i := range points {
		switch rng.IntN(8) {
		case 0:
			scalars[i] = curve25519.NewScalar()
		case 1:
			scalars[i] = scalarFrom(t, bigToLE(big.NewInt(1)))
		case 2:
			scalars[i] = minusOne
		case 3:
			b := make([]byte, 32)
			b[0] = byte(rng.IntN(256))
			scalars[i] = scalarFrom(t, b)
		default:
			scalars[i] = scalarFrom(t, randScalarBytes(t))
		}
		switch k := rng.IntN(10); {
		case i > 0 && k == 0: // a repeat
			points[i] = points[rng.IntN(i)]
		case i > 0 && k == 1: // the negation of an earlier point
			points[i] = new(curve25519.Point).Negate(points[rng.IntN(i)])
		case k == 2:
			points[i] = curve25519.NewIdentityPoint()
		case k == 3:
			points[i] = mixedOrderPoint(t, rng.IntN(8))
		case k == 4: // projective
			P, _, _ := randPoint(t)
			points[i] = new(curve25519.Point).Add(P, mixedOrderPoint(t, 0))
		default: // decoded, Z = 1
			P, _, _ := randPoint(t)
			D, err := new(curve25519.Point).SetBytes(P.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			points[i] = D
		}
	}
	return scalars, points
}
