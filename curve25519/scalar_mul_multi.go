package curve25519

import (
	"github.com/curvekit/curvekit/internal/msm"
	"github.com/curvekit/curvekit/tables"
)

// The hooks of the multi-scalar multiplications generated from
// internal/gen/curve's msm.tmpl (zz_generated_msm.go), besides the Point and
// accumulator hooks in point_forms.go.

// tablesNAF is tables.VarTimeNAF, used on public constants.
var tablesNAF = tables.VarTimeNAF

// msmCosts is edwards25519's operation-count model (msm.Costs), in field
// multiplications (squarings count as one), read off the formulas: a
// doubling step costs 7; a Straus addition 8 (out of the completed form,
// then add-2008-hwcd-3) or 7 when mixed, its table of odd multiples 70; a
// Pippenger bucket addition 7 (mixed), a bucket-sum addition 9. A scalar
// of b bits costs a Straus term with a table 70 + 8·b/6 (a width-5 NAF has
// a nonzero digit every 6 bits on average), and one without a table 7 per
// nonzero digit of its plain NAF: sparse scalars (the coefficients batch
// verification draws for small batches) take the second. Straus is scaled
// by 1.08, fitted to BenchmarkVarTimeMultiScalarMultCrossover and to the
// batch-equation shape (its tables outgrow the L1 cache): with it the
// model picks the faster method at every size measured (64 to 257 terms),
// switching near 100 full-size scalars and near 130 terms of the batch
// shape (half of them 128-bit). Where both methods run on fe64 (msm64On)
// the same model holds: each gets about as much faster
// (BenchmarkStraus64Crossover).
var msmCosts = msm.Costs{
	OrderBits: 253, ShortBits: 128,
	Double: 7, StrausAdd: 8, StrausBare: 7, Table: 70, NAFWindow: nafWindow,
	StrausFudge: 1.08,
	BucketAdd:   7, SumAdd: 9,
	MinWindow: 4, MaxWindow: 12,
}

// msmBaseTable returns the basepoint table of odd multiples, its NAF width,
// and whether it may be used (it passed its first-use check).
func msmBaseTable() ([]affineCached, uint, bool) {
	bt := baseTables()
	return bt.odd, uint(bt.oddWindow), bt.ok
}

// isGenerator reports whether p, in the Z = 1 form decoded points have, is
// the canonical generator (public data: variable time).
func isGenerator(p *Point) bool {
	return p.z.Equal(feOne) == 1 && p.y.Equal(&generator.y) == 1 && p.x.Equal(&generator.x) == 1
}

// fromZ1 sets v to the affine cached form of p, whose Z is 1 (so that
// T = x·y already).
func (v *affineCached) fromZ1(p *Point) *affineCached {
	v.YplusX.Add(&p.y, &p.x)
	v.YminusX.Subtract(&p.y, &p.x)
	v.T2d.Multiply(&p.t, feD2)
	return v
}

// doubleN sets v = 2^n·v (n ≥ 1), through P2 between the doublings.
func (v *Point) doubleN(n uint) {
	var pp projP2
	var r projP1xP1
	pp.fromP3(v)
	for i := uint(1); i < n; i++ {
		r.double(&pp)
		pp.fromP1xP1(&r)
	}
	r.double(&pp)
	v.fromP1xP1(&r)
}

// addSparseCached adds ±c to the Straus sum (the sparse terms).
func (a *strausAcc) addSparseCached(c *projCached, neg bool) {
	a.t.fromP1xP1(&a.r)
	if neg {
		a.r.sub(&a.t, c)
	} else {
		a.r.add(&a.t, c)
	}
}

// addSparseAffine adds ±c to the Straus sum for an affine c.
func (a *strausAcc) addSparseAffine(c *affineCached, neg bool) {
	a.t.fromP1xP1(&a.r)
	if neg {
		a.r.subAffine(&a.t, c)
	} else {
		a.r.addAffine(&a.t, c)
	}
}

// addCachedKeep is addCached leaving the sum in extended form (p), as the
// next addCached reads it.
func (a *windowAcc) addCachedKeep(c *projCached) {
	a.r.add(&a.p, c)
	a.p.fromP1xP1(&a.r)
}
