package curve448

import "github.com/curvekit/curvekit/internal/msm"

// The hooks of the multi-scalar multiplications generated from
// internal/gen/curve's msm.tmpl (zz_generated_msm.go); the running sums are
// plain extended points, as in scalarmult.go's hooks.

// msmCosts is edwards448's operation-count model (msm.Costs), in units of
// an eighth of a doubling, measured (BenchmarkFormulaCosts, DESIGN.md):
// squarings cost about as much as multiplications on this field and the
// additions keep their sums loose, so a doubling (4M + 4S) is 8, the
// unified addition over a cached entry 8.7 and with its negation for a
// negative digit 9, a mixed addition 8 (8.5 averaged over the signs of
// Pippenger's digits), a conversion to cached form 2 (the multiplication
// by the small d and the copies). Hence a Straus addition 9, a table-less
// one 8.5, a table of 8 odd multiples 85 (a doubling, 7 additions, 8
// conversions), a bucket addition 8.5 and a bucket-sum addition 10.7.
// Short scalars are up to 224 bits, half the order (the half-size
// coefficients of a batch equation at this curve's security level).
// StrausFudge is 1.3, fitted to BenchmarkVarTimeMultiScalarMultCrossover
// (Straus measured 32–36 ns per unit at 32 to 250 terms, Pippenger 26: its
// 8 cached entries of 320 bytes per point outgrow the caches): the model
// then switches near 100 uniform scalars, where the two measured within 5%.
var msmCosts = msm.Costs{
	OrderBits: 446, ShortBits: 224,
	Double: 8, StrausAdd: 9, StrausBare: 8.5, Table: 85, NAFWindow: nafWindow,
	StrausFudge: 1.3,
	BucketAdd:   8.5, SumAdd: 10.7,
	MinWindow: 4, MaxWindow: 12,
}

// msmBaseTable returns the basepoint tables' 64 odd multiples of B (width-8
// NAF). They are always usable: a failed first-use check recomputes them.
func msmBaseTable() ([]affinePoint, uint, bool) {
	return basepointTables().odd[:], 8, true
}

// isGenerator reports whether p, in the Z = 1 form decoded points have, is
// the basepoint (public data: variable time).
func isGenerator(p *Point) bool {
	return p.z.Equal(feOne) == 1 && p.y.Equal(&generator.y) == 1 && p.x.Equal(&generator.x) == 1
}

// subAffine sets v = p − q for an affine q.
func (v *Point) subAffine(p *Point, q *affinePoint) *Point {
	e := *q
	e.condNegate(1)
	return v.addAffine(p, &e)
}

// doubleN sets v = 2^n·v (n ≥ 1).
func (v *Point) doubleN(n uint) {
	for i := uint(0); i < n; i++ {
		v.double(v)
	}
}

// addSparseCached adds ±c to the Straus sum (the sparse terms).
func (a *strausAcc) addSparseCached(c *cachedPoint, neg bool) {
	if neg {
		e := *c
		e.condNegate(1)
		a.p.addCached(&a.p, &e)
	} else {
		a.p.addCached(&a.p, c)
	}
}

// addSparseAffine adds ±c to the Straus sum for an affine c.
func (a *strausAcc) addSparseAffine(c *affinePoint, neg bool) {
	if neg {
		a.p.subAffine(&a.p, c)
	} else {
		a.p.addAffine(&a.p, c)
	}
}

// addCachedKeep is addCached (the sum is always extended here).
func (a *windowAcc) addCachedKeep(c *cachedPoint) { a.addCached(c) }
