package curve25519

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// pippengerPaths runs f with Pippenger on the fe64 assembly (where it
// runs; elsewhere the Go fallback of the same calls), on the fe64 Go model
// and on field25519.
func pippengerPaths(t *testing.T, f func(t *testing.T)) {
	t.Helper()
	defer func(u bool, g fe64Group) { pippenger64UseAsm, pippenger64Group = u, g }(pippenger64UseAsm, pippenger64Group)
	for _, k := range []struct {
		name       string
		use, model bool
	}{{"asm", true, false}, {"gomodel", true, true}, {"field25519", false, false}} {
		pippenger64UseAsm, pippenger64Group = k.use, modelGroup(k.model)
		t.Run(k.name, f)
	}
}

// modelGroup is the fe64 Go model if model, else the assembly.
func modelGroup(model bool) fe64Group {
	if model {
		return fe64GroupGo
	}
	return fe64GroupAsm
}

// pippenger64Inputs returns n terms mixing random scalars with zero, one,
// −1 and short ones, and points mixing random decoded (Z = 1) and
// projective ones with the identity, mixed-order points, repeats and
// P, −P pairs.
func pippenger64Inputs(t testing.TB, rng *rand.Rand, n int) ([]*Scalar, []*Point) {
	scalars := make([]*Scalar, n)
	points := make([]*Point, n)
	minusOne := NewScalar().Subtract(NewScalar(), scalarFrom(t, bigToLE(big.NewInt(1))))
	for i := range points {
		switch rng.IntN(8) {
		case 0:
			scalars[i] = NewScalar()
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
			points[i] = new(Point).Negate(points[rng.IntN(i)])
		case k == 2:
			points[i] = NewIdentityPoint()
		case k == 3:
			points[i] = mixedOrderPoint(t, rng.IntN(8))
		case k == 4: // projective
			P := randPoint(t)
			points[i] = new(Point).Add(P, mixedOrderPoint(t, 0))
		default: // decoded, Z = 1
			P := randPoint(t)
			D, err := new(Point).SetBytes(P.Bytes())
			if err != nil {
				t.Fatal(err)
			}
			points[i] = D
		}
	}
	return scalars, points
}

// TestPippenger64 compares Pippenger on fe64 (assembly and Go model) with
// the field25519 Pippenger and with a naive sum, for many sizes and
// window widths.
func TestPippenger64(t *testing.T) {
	defer func(u bool, g fe64Group) { pippenger64UseAsm, pippenger64Group = u, g }(pippenger64UseAsm, pippenger64Group)
	rng := rand.New(rand.NewPCG(64, 19))
	sizes := []int{1, 2, 3, 5, 8, 17, 40}
	if !testing.Short() {
		sizes = append(sizes, 130, 600)
	}
	for _, n := range sizes {
		scalars, points := pippenger64Inputs(t, rng, n)
		want := naiveSum(scalars, points).Bytes()
		cs := []uint{2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}
		if n > 40 {
			cs = []uint{4, 7, 8, 11}
		}
		for _, c := range cs {
			for _, k := range []struct {
				name       string
				use, model bool
			}{{"field25519", false, false}, {"fe64", true, false}, {"fe64 Go model", true, true}} {
				pippenger64UseAsm, pippenger64Group = k.use, modelGroup(k.model)
				got := new(Point).varTimePippenger(scalars, points, c)
				checkSame(t, fmt.Sprintf("Pippenger %s n=%d c=%d", k.name, n, c), got, want)
			}
		}
	}
	// All zero scalars; all identity points; P and −P only.
	P := randPoint(t)
	for _, in := range []struct {
		s []*Scalar
		p []*Point
	}{
		{[]*Scalar{NewScalar(), NewScalar()}, []*Point{P, P}},
		{[]*Scalar{scalarFrom(t, randScalarBytes(t)), scalarFrom(t, randScalarBytes(t))}, []*Point{NewIdentityPoint(), NewIdentityPoint()}},
		{[]*Scalar{scalarFrom(t, bigToLE(big.NewInt(1))), scalarFrom(t, bigToLE(big.NewInt(1)))}, []*Point{P, new(Point).Negate(P)}},
	} {
		want := naiveSum(in.s, in.p).Bytes()
		for _, model := range []bool{false, true} {
			pippenger64UseAsm, pippenger64Group = true, modelGroup(model)
			for _, c := range []uint{2, 5, 8} {
				checkSame(t, "Pippenger fe64 special", new(Point).varTimePippenger(in.s, in.p, c), want)
			}
		}
	}
}

// TestPippenger64Hook checks that the flag picks the path.
func TestPippenger64Hook(t *testing.T) {
	defer func(u bool) { pippenger64UseAsm = u }(pippenger64UseAsm)
	sc := new(msmScratch)
	sc.load([]*Scalar{NewScalar()})
	sc.toAffine([]*Point{NewGeneratorPoint()})
	for _, on := range []bool{false, true} {
		pippenger64UseAsm = on
		if got := pippenger64Hook(new(Point), sc, make([]int16, 64), 4); got != on {
			t.Fatalf("pippenger64Hook with the flag %v ran: %v", on, got)
		}
	}
}

// TestPippenger64Dispatch runs the package's MSM tests on each path.
func TestPippenger64Dispatch(t *testing.T) {
	if pippenger64UseAsm != ladder64HasAsm {
		t.Fatalf("pippenger64UseAsm = %v where the fe64 assembly runs: %v", pippenger64UseAsm, ladder64HasAsm)
	}
	pippengerPaths(t, func(t *testing.T) {
		TestMultiScalarMult(t)
		TestVarTimeMultiScalarMultShapes(t)
		TestVarTimeMultiScalarMultSparse(t)
	})
}

// BenchmarkPippenger64 times VarTimeMultiScalarMult on the batch-equation
// shape (batchShapeInputs) with Pippenger on fe64 and on field25519,
// interleaved.
func BenchmarkPippenger64(b *testing.B) {
	defer func(u bool) { pippenger64UseAsm = u }(pippenger64UseAsm)
	for _, m := range []int{256, 1024} {
		b.Run(fmt.Sprintf("m=%d", m), func(b *testing.B) {
			scalars, points := batchShapeInputs(b, m)
			var v Point
			benchutil.Compare(b,
				benchutil.Contender{Name: "fe64", F: func() {
					pippenger64UseAsm = ladder64HasAsm
					v.VarTimeMultiScalarMult(scalars, points)
				}},
				benchutil.Contender{Name: "field25519", F: func() {
					pippenger64UseAsm = false
					v.VarTimeMultiScalarMult(scalars, points)
				}})
		})
	}
}
