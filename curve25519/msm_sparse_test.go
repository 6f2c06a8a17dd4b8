package curve25519

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// sparseScalar returns a random positive integer whose NAF has w nonzero
// digits ±1, at positions below 252 (so it is below ℓ).
func sparseScalar(t testing.TB, rng *rand.Rand, w int) *Scalar {
	t.Helper()
	v := new(big.Int)
	used := make(map[int]bool)
	for len(used) < w {
		e := rng.IntN(252)
		if used[e] || used[e-1] || used[e+1] {
			continue
		}
		used[e] = true
		d := new(big.Int).Lsh(big.NewInt(1), uint(e))
		if rng.IntN(2) == 0 {
			v.Add(v, d)
		} else {
			v.Sub(v, d)
		}
	}
	// Positive (a negative value mod ℓ would be dense), as batch
	// verification draws them.
	v.Abs(v)
	return scalarFrom(t, bigToLE(v))
}

// TestVarTimeMultiScalarMultSparse checks Straus's table-less path for
// sparse scalars, on decoded (Z = 1) and projective points, mixed with
// dense and short scalars and the generator, against filippo.io/edwards25519
// and, for each forced method, against the automatic choice.
func TestVarTimeMultiScalarMultSparse(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	ms := []int{1, 3, 12}
	if !testing.Short() {
		ms = append(ms, 60, 150)
	}
	for _, m := range ms {
		scalars, points := batchShapeInputs(t, m)
		for i := 1; i < len(scalars); i += 2 {
			// The short coefficients become sparse ones, as batch
			// verification draws them for small batches.
			scalars[i] = sparseScalar(t, rng, 1+rng.IntN(30))
		}
		// A sparse scalar on a projective point, and a zero one.
		scalars = append(scalars, sparseScalar(t, rng, 5), NewScalar())
		P := randPoint(t)
		points = append(points, mixedOrderPoint(t, 3).Add(mixedOrderPoint(t, 3), P), P)

		want := naiveSum(scalars, points).Bytes()
		checkSame(t, "VarTimeMultiScalarMult", new(Point).VarTimeMultiScalarMult(scalars, points), want)
		checkStrausPaths(t, "Straus", scalars, points, want)
		for _, c := range []uint{2, 5, 9} {
			checkSame(t, "Pippenger", new(Point).varTimePippenger(scalars, points, c), want)
		}
	}
}
