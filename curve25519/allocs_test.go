package curve25519

import (
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/testenv"
)

func TestAllocs(t *testing.T) {
	if testenv.Race {
		t.Skip("the race detector allocates")
	}
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	s := scalarFrom(t, randScalarBytes(t))
	P := randPoint(t)
	Q := randPoint(t)
	var v Point
	v.Set(P)           // Bytes and IsTorsionFree read v, and map order is random
	BasepointTableOK() // decode the tables outside the measurement
	for name, f := range map[string]func(){
		"ScalarBaseMult":              func() { v.ScalarBaseMult(s) },
		"ScalarMult":                  func() { v.ScalarMult(s, P) },
		"Add":                         func() { v.Add(P, Q) },
		"Bytes":                       func() { _ = v.Bytes()[0] },
		"VarTimeDoubleScalarBaseMult": func() { v.VarTimeDoubleScalarBaseMult(s, P, s) },
		"DoubleScalarMult":            func() { v.DoubleScalarMult(s, P, s, Q) },
		"VarTimeDoubleScalarMult":     func() { v.VarTimeDoubleScalarMult(s, P, s, Q) },
		"IsTorsionFree":               func() { v.IsTorsionFree() },
		"SetBytes":                    func() { v.SetBytes(generatorBytes[:]) },
		"Scalar.Bytes":                func() { _ = s.Bytes()[0] },
		"ExtendedCoordinates": func() {
			X, _, _, T := P.ExtendedCoordinates()
			_ = X.IsZero() + T.IsZero()
		},
		"BytesMontgomery": func() { _ = P.BytesMontgomery()[0] },
	} {
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}

// TestAllocsVarTimeMultiScalarMult checks that VarTimeMultiScalarMult
// reuses its pooled buffers: no allocation per call once warm, on both the
// Straus and the Pippenger paths, and on Straus's generator and sparse
// terms (the batch-equation shape with sparse coefficients).
func TestAllocsVarTimeMultiScalarMult(t *testing.T) {
	if testenv.Race {
		t.Skip("the race detector allocates")
	}
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	for _, n := range []int{2, 17, 300} {
		scalars, points := randInputs(t, n)
		var v Point
		f := func() { v.VarTimeMultiScalarMult(scalars, points) }
		f() // grow the pooled buffers
		if a := testing.AllocsPerRun(5, f); a != 0 {
			t.Errorf("n = %d: %v allocations", n, a)
		}
	}
	rng := rand.New(rand.NewPCG(5, 6))
	scalars, points := batchShapeInputs(t, 8)
	for i := 1; i < len(scalars); i += 2 {
		scalars[i] = sparseScalar(t, rng, 20)
	}
	var v Point
	f := func() { v.VarTimeMultiScalarMult(scalars, points) }
	f()
	if a := testing.AllocsPerRun(5, f); a != 0 {
		t.Errorf("batch shape, sparse: %v allocations", a)
	}
}
