package curve25519

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// pippengerWith is varTimePippenger on the given path (a scratch of its
// own carries it).
func pippengerWith(path msm64Path, v *Point, scalars []*Scalar, points []*Point, c uint) *Point {
	sc := new(msmScratch)
	sc.fast.path = path
	sc.load(scalars)
	return sc.pippenger(v, points, c)
}

// msm64PathNames are the paths the tests compare.
var msm64PathNames = map[msm64Path]string{p64Field25519: "field25519", p64Dispatch: "fe64", p64GoModel: "fe64 Go model"}

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
			for path, name := range msm64PathNames {
				got := pippengerWith(path, new(Point), scalars, points, c)
				checkSame(t, fmt.Sprintf("Pippenger %s n=%d c=%d", name, n, c), got, want)
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
		for _, path := range []msm64Path{p64Dispatch, p64GoModel} {
			for _, c := range []uint{2, 5, 8} {
				checkSame(t, "Pippenger fe64 special", pippengerWith(path, new(Point), in.s, in.p, c), want)
			}
		}
	}
}

// TestPippenger64Hook checks that the scratch's path picks the code: the
// field25519 buckets, the fe64 Go model, or the assembly exactly where
// msm64On.
func TestPippenger64Hook(t *testing.T) {
	for path, want := range map[msm64Path]bool{
		p64Field25519: false,
		p64GoModel:    true,
		p64Dispatch:   msm64On(baseTables()),
	} {
		sc := new(msmScratch)
		sc.fast.path = path
		sc.load([]*Scalar{NewScalar()})
		sc.toAffine([]*Point{NewGeneratorPoint()})
		if got := pippenger64Hook(new(Point), sc, make([]int16, 64), 4); got != want {
			t.Fatalf("pippenger64Hook on %s ran: %v, want %v", msm64PathNames[path], got, want)
		}
	}
	if msm64On(baseTables()) != ladder64HasAsm {
		t.Fatal("the fe64 Pippenger is off where the fe64 assembly runs")
	}
}

// BenchmarkPippenger64 times Pippenger on the batch-equation shape
// (batchShapeInputs, the window VarTimeMultiScalarMult picks) on fe64 and
// on field25519, interleaved.
func BenchmarkPippenger64(b *testing.B) {
	for _, m := range []int{256, 1024} {
		b.Run(fmt.Sprintf("m=%d", m), func(b *testing.B) {
			scalars, points := batchShapeInputs(b, m)
			sc := new(msmScratch)
			sc.load(scalars)
			c := sc.window()
			var v Point
			benchutil.Compare(b,
				benchutil.Contender{Name: "fe64", F: func() { pippengerWith(p64Dispatch, &v, scalars, points, c) }},
				benchutil.Contender{Name: "field25519", F: func() { pippengerWith(p64Field25519, &v, scalars, points, c) }})
		})
	}
}
