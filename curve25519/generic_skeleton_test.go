package curve25519

import (
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/tables"
)

// This file measures the cost of writing a scalar-multiplication skeleton
// once, generic over the curve's point type, against curve25519's concrete
// ScalarMult (internal/curvegen/DESIGN.md records the figures). The generic
// skeleton is the fixed-window loop of ScalarMult; the curve supplies its
// steps as methods of a zero-size type, called through the type parameter
// (the generics dictionary: not inlined).

// windowCurve is what the generic fixed-window skeleton needs of a curve:
// an accumulator A, a table T of the multiples 1·q … 2^(w−1)·q, and the
// steps on them.
type windowCurve[A, T any] interface {
	// StartDigit sets acc to d·q (a full-scan lookup).
	StartDigit(acc *A, t *T, d int8)
	// DoubleAdd sets acc to 2^w·acc + d·q.
	DoubleAdd(acc *A, t *T, d int8)
}

// genericWindowMult runs the skeleton over digits, most significant first.
func genericWindowMult[A, T any, C windowCurve[A, T]](c C, acc *A, t *T, digits []int8) {
	c.StartDigit(acc, t, digits[len(digits)-1])
	for i := len(digits) - 2; i >= 0; i-- {
		c.DoubleAdd(acc, t, digits[i])
	}
}

// edAcc is ScalarMult's accumulator between steps: the P2 form the
// doublings start from, and the P1xP1 and P3 scratch.
type edAcc struct {
	pp  projP2
	r   projP1xP1
	acc Point
	c   projCached
}

type edWindow struct{}

func (edWindow) StartDigit(a *edAcc, t *[8]projCached, d int8) {
	a.acc.setIdentity()
	lookupCached(&a.c, t, d)
	a.r.add(&a.acc, &a.c)
	a.pp.fromP1xP1(&a.r)
}

func (edWindow) DoubleAdd(a *edAcc, t *[8]projCached, d int8) {
	a.r.double(&a.pp)
	a.pp.fromP1xP1(&a.r)
	a.r.double(&a.pp)
	a.pp.fromP1xP1(&a.r)
	a.r.double(&a.pp)
	a.pp.fromP1xP1(&a.r)
	a.r.double(&a.pp)
	a.acc.fromP1xP1(&a.r)
	lookupCached(&a.c, t, d)
	a.r.add(&a.acc, &a.c)
	a.pp.fromP1xP1(&a.r)
}

// scalarMultGeneric is ScalarMult through the generic skeleton.
func (v *Point) scalarMultGeneric(x *Scalar, q *Point) *Point {
	var table [8]projCached
	multiplesTable(&table, q)
	var buf [32]byte
	var digits [64]int8
	tables.SignedRadix(digits[:], x.bytes(&buf), 4)
	var a edAcc
	genericWindowMult(edWindow{}, &a, &table, digits[:])
	return v.fromP2(&a.pp)
}

func TestGenericSkeletonMatches(t *testing.T) {
	for range 20 {
		P, _, _ := randPoint(t)
		s := scalarFrom(t, randScalarBytes(t))
		want := new(Point).ScalarMult(s, P)
		if got := new(Point).scalarMultGeneric(s, P); got.Equal(want) != 1 {
			t.Fatal("generic skeleton disagrees with ScalarMult")
		}
	}
}

// BenchmarkGenericSkeleton interleaves the concrete and the generic
// ScalarMult (x-concrete is generic over concrete, medians) and reports the
// allocations of each: the table and the accumulator, passed through the
// dictionary calls, move to the heap in the generic one.
func BenchmarkGenericSkeleton(b *testing.B) {
	P, _, _ := randPoint(b)
	s := scalarFrom(b, randScalarBytes(b))
	var v Point
	b.ReportMetric(testing.AllocsPerRun(10, func() { v.scalarMultGeneric(s, P) }), "allocs-generic")
	b.ReportMetric(testing.AllocsPerRun(10, func() { v.ScalarMult(s, P) }), "allocs-concrete")
	benchutil.Compare(b,
		benchutil.Contender{Name: "generic", F: func() { v.scalarMultGeneric(s, P) }},
		benchutil.Contender{Name: "concrete", F: func() { v.ScalarMult(s, P) }})
}
