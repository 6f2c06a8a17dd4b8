package curve448

import (
	"fmt"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchmarkFormulaCosts times the point formulas the MSM cost model counts
// (msmCosts), interleaved with one field multiplication: the speedup-<op>
// metrics are each formula's cost in multiplications.
func BenchmarkFormulaCosts(b *testing.B) {
	P := new(Point).ScalarMult(randScalar(b), generator)
	Q := new(Point).ScalarMult(randScalar(b), generator)
	var c cachedPoint
	c.fromP(Q)
	var a affinePoint
	a.fromZ1(new(Point).ScalarBaseMult(randScalar(b)))
	var v Point
	var e fieldElement
	c8 := func(name string, f func()) benchutil.Contender { return benchutil.Contender{Name: name, F: f} }
	benchutil.Compare(b,
		c8("mul", func() { e.Multiply(&P.x, &Q.y) }),
		c8("double", func() { v.double(P) }),
		c8("addCached", func() { v.addCached(P, &c) }),
		c8("addAffine", func() { v.addAffine(P, &a) }),
		c8("subAffine", func() { v.subAffine(P, &a) }),
		c8("fromP", func() { c.fromP(P) }))
}

// BenchmarkVarTimeMultiScalarMultCrossover times Straus and Pippenger
// interleaved on uniform scalars and computed points (the check of
// msmCosts.StrausFudge): speedup-pippenger-c above 1 means Straus is faster.
func BenchmarkVarTimeMultiScalarMultCrossover(b *testing.B) {
	for _, n := range []int{32, 64, 100, 150, 250} {
		scalars := make([]*Scalar, n)
		points := make([]*Point, n)
		for i := range points {
			scalars[i] = randScalar(b)
			points[i] = new(Point).ScalarMult(randScalar(b), generator)
		}
		sc := new(msmScratch)
		sc.load(scalars)
		model := sc.window()
		b.Run(fmt.Sprintf("n=%d/model-c=%d", n, model), func(b *testing.B) {
			var v Point
			cs := []benchutil.Contender{{Name: "straus", F: func() { v.varTimeStraus(scalars, points) }}}
			for _, c := range []uint{5, 6, 7, 8} {
				cs = append(cs, benchutil.Contender{Name: fmt.Sprintf("pippenger-%d", c), F: func() { v.varTimePippenger(scalars, points, c) }})
			}
			benchutil.Compare(b, cs...)
		})
	}
}

func BenchmarkMultiScalarMult(b *testing.B) {
	for _, n := range []int{2, 16, 64, 256} {
		scalars := make([]*Scalar, n)
		points := make([]*Point, n)
		for i := range points {
			scalars[i] = randScalar(b)
			points[i] = new(Point).ScalarMult(randScalar(b), generator)
		}
		var v Point
		b.Run(fmt.Sprintf("VarTime/n=%d", n), func(b *testing.B) {
			benchutil.RunCPU(b, func() { v.VarTimeMultiScalarMult(scalars, points) })
		})
		if n <= 64 {
			b.Run(fmt.Sprintf("ConstantTime/n=%d", n), func(b *testing.B) {
				benchutil.RunCPU(b, func() { v.MultiScalarMult(scalars, points) })
			})
		}
	}
}
