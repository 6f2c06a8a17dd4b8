package curve25519

import (
	"math/bits"
	"sync"

	"github.com/curvekit/curvekit/internal/msm"
	"github.com/curvekit/curvekit/tables"
)

// tablesNAF is tables.VarTimeNAF, used on public constants.
var tablesNAF = tables.VarTimeNAF

// MultiScalarMult sets v = sum(scalars[i] * points[i]), and returns v.
//
// It is constant time: signed radix-16 digits and full-scan lookups in a
// table of 1…8 multiples per point (Straus), 252 shared doublings and
// 64·n additions. It panics if len(scalars) != len(points), as
// filippo.io/edwards25519 does (a programming error, not bad data).
func (v *Point) MultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	checkInitialized(points...)
	if len(scalars) != len(points) {
		panic("curve25519: called MultiScalarMult with different size inputs")
	}
	n := len(points)
	tabs := make([][8]projCached, n)
	digits := make([][64]int8, n)
	for i := range points {
		multiplesTable(&tabs[i], points[i])
		var buf [32]byte
		tables.SignedRadix(digits[i][:], scalars[i].bytes(&buf), 4)
	}

	var acc Point
	var e projCached
	var r projP1xP1
	var pp projP2
	acc.setIdentity()
	for k := 63; k >= 0; k-- {
		if k != 63 {
			pp.fromP3(&acc)
			r.double(&pp)
			pp.fromP1xP1(&r)
			r.double(&pp)
			pp.fromP1xP1(&r)
			r.double(&pp)
			pp.fromP1xP1(&r)
			r.double(&pp)
			acc.fromP1xP1(&r)
		}
		for i := range tabs {
			lookupCached(&e, &tabs[i], digits[i][k])
			r.add(&acc, &e)
			acc.fromP1xP1(&r)
		}
	}
	return v.Set(&acc)
}

// VarTimeMultiScalarMult sets v = sum(scalars[i] * points[i]), and returns
// v.
//
// Execution time depends on the inputs: use it only on public values
// (batch verification). It picks, by an operation count that knows each
// scalar's bit length and the weight of its non-adjacent form (so short or
// sparse scalars, such as the coefficients of batch verification, cost
// less), either Straus's method or Pippenger's bucket method with signed
// radix-2^c digits and mixed additions. In Straus's method a dense scalar's
// point gets a table of odd multiples walked by a width-5 NAF, and a sparse
// scalar's point no table at all: each nonzero digit of its plain NAF adds
// ±P, with a mixed addition when P has Z = 1 (as decoded points do). A point
// equal to the canonical generator uses the precomputed basepoint table. Its
// work buffers come from an internal pool, so in steady state it does not
// allocate, and it is safe for concurrent use. It panics if len(scalars) !=
// len(points), as filippo.io/edwards25519 does.
func (v *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	checkInitialized(points...)
	if len(scalars) != len(points) {
		panic("curve25519: called VarTimeMultiScalarMult with different size inputs")
	}
	sc := msmPool.Get().(*msmScratch)
	sc.load(scalars)
	if c := sc.window(); c == 0 {
		sc.straus(v, points)
	} else {
		sc.pippenger(v, points, c)
	}
	msmPool.Put(sc)
	return v
}

// varTimeStraus and varTimePippenger force one method (tests, benchmarks).
func (v *Point) varTimeStraus(scalars []*Scalar, points []*Point) *Point {
	sc := new(msmScratch)
	sc.load(scalars)
	return sc.straus(v, points)
}

func (v *Point) varTimePippenger(scalars []*Scalar, points []*Point, c uint) *Point {
	sc := new(msmScratch)
	sc.load(scalars)
	return sc.pippenger(v, points, c)
}

// msmPool recycles work buffers across VarTimeMultiScalarMult calls: the
// buffers grow to the largest n seen and are then reused.
var msmPool = sync.Pool{New: func() any { return new(msmScratch) }}

// msmScratch holds the buffers of one variable-time multi-scalar
// multiplication. Between calls it waits in msmPool holding public data
// only (scalars, digits, tables) and no pointer to the caller's values.
type msmScratch struct {
	words []tables.Words
	bytes [][32]byte
	terms []msm.Term // what the cost model knows of each scalar
	// Straus.
	tabs      [][1 << (nafWindow - 2)]projCached
	nafs      [][257]int8
	sparseAff []affineCached // ±P of the sparse terms with Z = 1
	sparsePrj []projCached   // ±P of the other sparse terms
	sparseDig []sparseDigit  // their NAF digits, sorted by position
	// Pippenger.
	aff     []affineCached
	zInv    []fieldElement // the Z ≠ 1 of the points, then their inverses
	prefix  []fieldElement // batchInvert's scratch
	digits  []int16
	buckets []Point
}

// sparseDigit is one nonzero NAF digit of a sparse Straus term: add or
// subtract entry idx of sparseAff (or of sparsePrj if proj).
type sparseDigit struct {
	idx       int32
	neg, proj bool
}

// load reads the scalars into words and the cost model's terms.
func (sc *msmScratch) load(scalars []*Scalar) {
	n := len(scalars)
	if cap(sc.words) < n {
		sc.words = make([]tables.Words, n)
		sc.bytes = make([][32]byte, n)
		sc.terms = make([]msm.Term, n)
	}
	sc.words, sc.bytes, sc.terms = sc.words[:n], sc.bytes[:n], sc.terms[:n]
	for i, s := range scalars {
		b := &sc.bytes[i]
		s.bytes(b)
		sc.words[i].SetBytes(b[:])
		sc.terms[i] = msm.NewTerm(&sc.words[i])
	}
}

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
// shape (half of them 128-bit).
var msmCosts = msm.Costs{
	OrderBits: 253, ShortBits: 128,
	Double: 7, StrausAdd: 8, StrausBare: 7, Table: 70, NAFWindow: nafWindow,
	StrausFudge: 1.08,
	BucketAdd:   7, SumAdd: 9,
	MinWindow: 4, MaxWindow: 12,
}

// window returns the Pippenger window width for the loaded scalars, or 0
// when Straus's method is cheaper.
func (sc *msmScratch) window() uint { return msmCosts.Window(sc.terms) }

// isGenerator reports whether p, in the Z = 1 form decoded points have, is
// the canonical generator (public data: variable time).
func isGenerator(p *Point) bool {
	return p.z.Equal(feOne) == 1 && p.y.Equal(&generator.y) == 1 && p.x.Equal(&generator.x) == 1
}

// straus is Straus's method sharing one chain of doublings: dense scalars
// walk width-5 NAFs over per-point tables of odd multiples, sparse ones
// (by strausTermCost) add ±P for each nonzero digit of their plain NAF.
// The first point equal to the generator uses the basepoint table's wider
// NAF instead.
func (sc *msmScratch) straus(v *Point, points []*Point) *Point {
	n := len(points)
	if cap(sc.tabs) < n {
		sc.tabs = make([][1 << (nafWindow - 2)]projCached, n)
		sc.nafs = make([][257]int8, n)
	}
	bt := baseTables()
	var baseNAF [257]int16
	hasBase, baseIdx := false, -1
	top := -1
	m := 0 // terms in tabs and nafs
	// Sparse terms: their points now, their digits below.
	var count [257]int32 // digits per position (then start offsets)
	nAff, nPrj, nDig := 0, 0, 0
	for i, p := range points {
		if !hasBase && bt.ok && isGenerator(p) {
			hasBase, baseIdx = true, i
			tables.VarTimeNAF16(baseNAF[:], sc.bytes[i][:], uint(bt.oddWindow))
			top = max(top, nafTop(&baseNAF, int(sc.terms[i].Bits)))
			continue
		}
		if _, sparse := msmCosts.StrausTerm(sc.terms[i]); sparse {
			if p.z.Equal(feOne) == 1 {
				nAff++
			} else {
				nPrj++
			}
			nDig += int(sc.terms[i].NAFWeight)
			continue
		}
		naf := &sc.nafs[m]
		oddMultiplesTable(sc.tabs[m][:], p)
		tables.VarTimeNAF(naf[:], sc.bytes[i][:], nafWindow)
		top = max(top, nafTop(naf, int(sc.terms[i].Bits)))
		m++
	}
	tabs, nafs := sc.tabs[:m], sc.nafs[:m]

	if nDig > 0 {
		if cap(sc.sparseAff) < nAff {
			sc.sparseAff = make([]affineCached, nAff)
		}
		if cap(sc.sparsePrj) < nPrj {
			sc.sparsePrj = make([]projCached, nPrj)
		}
		if cap(sc.sparseDig) < nDig {
			sc.sparseDig = make([]sparseDigit, nDig)
		}
		// Counting sort of the digits by position, in two passes over
		// the sparse terms' NAF masks.
		for pass := 0; pass < 2; pass++ {
			if pass == 1 {
				start := int32(0)
				for k := range count {
					count[k], start = start, start+count[k]
				}
			}
			ia, ip := int32(0), int32(0)
			for i, p := range points {
				if i == baseIdx {
					continue
				}
				if _, sparse := msmCosts.StrausTerm(sc.terms[i]); !sparse {
					continue
				}
				proj := p.z.Equal(feOne) != 1
				idx := ia
				if proj {
					idx = ip
					ip++
				} else {
					ia++
				}
				if pass == 1 {
					if proj {
						sc.sparsePrj[idx].fromP3(p)
					} else {
						a := &sc.sparseAff[idx]
						a.YplusX.Add(&p.y, &p.x)
						a.YminusX.Subtract(&p.y, &p.x)
						a.T2d.Multiply(&p.t, feD2) // T = x·y as Z = 1
					}
				}
				// Scalars are below ℓ < 2^253: their NAFs end below
				// position 256, within count.
				pos, neg := sc.words[i].NAFMasks()
				for j := 0; j < 4; j++ {
					for mask := pos[j] | neg[j]; mask != 0; mask &= mask - 1 {
						b := bits.TrailingZeros64(mask)
						k := 64*j + b
						if pass == 0 {
							count[k]++
							top = max(top, k)
							continue
						}
						sc.sparseDig[count[k]] = sparseDigit{idx: idx, neg: neg[j]>>b&1 == 1, proj: proj}
						count[k]++
					}
				}
			}
		}
		// count[k] is now the end of position k's run; its start is
		// count[k-1] (0 for k = 0).
	}
	sparseAff, sparsePrj, dig := sc.sparseAff, sc.sparsePrj, sc.sparseDig[:nDig]

	var pp projP2
	var r projP1xP1
	var t Point
	pp.zero()
	for k := top; k >= 0; k-- {
		r.double(&pp)
		r.addNAFAffine(&t, bt.odd, int(baseNAF[k]))
		for i := range nafs {
			r.addNAF(&t, tabs[i][:], int(nafs[i][k]))
		}
		if nDig > 0 {
			lo := int32(0)
			if k > 0 {
				lo = count[k-1]
			}
			for _, d := range dig[lo:count[k]] {
				t.fromP1xP1(&r)
				switch {
				case d.proj && d.neg:
					r.sub(&t, &sparsePrj[d.idx])
				case d.proj:
					r.add(&t, &sparsePrj[d.idx])
				case d.neg:
					r.subAffine(&t, &sparseAff[d.idx])
				default:
					r.addAffine(&t, &sparseAff[d.idx])
				}
			}
		}
		pp.fromP1xP1(&r)
	}
	return v.fromP2(&pp)
}

// nafTop returns the position of the highest nonzero digit of a NAF whose
// scalar has nb bits, or −1.
func nafTop[T int8 | int16](naf *[257]T, nb int) int {
	for j := min(nb+1, 256); j >= 0; j-- {
		if naf[j] != 0 {
			return j
		}
	}
	return -1
}

// toAffine sets sc.aff[i] to points[i] in affine cached form, inverting
// all Z ≠ 1 at once (batchInvert: 3 multiplications per point and one
// inversion); decoded points already have Z = 1 and cost nothing here.
func (sc *msmScratch) toAffine(points []*Point) {
	n := len(points)
	if cap(sc.aff) < n {
		sc.aff = make([]affineCached, n)
		sc.zInv = make([]fieldElement, n)
		sc.prefix = make([]fieldElement, n)
	}
	aff, zInv := sc.aff[:n], sc.zInv[:0]
	for i, p := range points {
		if p.z.Equal(feOne) == 1 {
			// T = x·y already.
			aff[i].YplusX.Add(&p.y, &p.x)
			aff[i].YminusX.Subtract(&p.y, &p.x)
			aff[i].T2d.Multiply(&p.t, feD2)
			continue
		}
		zInv = append(zInv, p.z)
	}
	if len(zInv) == 0 {
		return
	}
	batchInvert(zInv, zInv, sc.prefix[:len(zInv)])
	var x, y fieldElement
	m := 0
	for i, p := range points {
		if p.z.Equal(feOne) == 1 {
			continue
		}
		x.Multiply(&p.x, &zInv[m])
		y.Multiply(&p.y, &zInv[m])
		aff[i].fromAffine(&x, &y)
		m++
	}
}

// pippenger is Pippenger's bucket method: for each c-bit signed digit
// position, from the top, sort the points into 2^(c-1) buckets by digit
// (mixed additions), sum the buckets with a running sum (Σ k·bucket[k] in 2
// additions per bucket), and fold the result into the accumulator after c
// doublings.
func (sc *msmScratch) pippenger(v *Point, points []*Point, c uint) *Point {
	n := len(points)
	nd := msm.Digits(msmCosts.OrderBits, c)
	sc.toAffine(points)
	if cap(sc.digits) < n*nd {
		sc.digits = make([]int16, n*nd)
	}
	digits, aff := sc.digits[:n*nd], sc.aff[:n]
	nb := 1 << (c - 1)
	if cap(sc.buckets) < nb {
		sc.buckets = make([]Point, nb)
	}
	buckets := sc.buckets[:nb]
	// digits[k·n + i] is scalar i's k-th digit: each window scans a run.
	for i := range sc.words {
		sc.words[i].VarTimeRadix(digits[i:], n, c, nd)
	}
	var acc, sum, total Point
	var r projP1xP1
	var pp projP2
	var tc projCached
	var filled [1 << 11]bool // nb ≤ 2^11 for c ≤ 12
	acc.setIdentity()
	for k := nd - 1; k >= 0; k-- {
		if k != nd-1 {
			pp.fromP3(&acc)
			for i := uint(0); i < c-1; i++ {
				r.double(&pp)
				pp.fromP1xP1(&r)
			}
			r.double(&pp)
			acc.fromP1xP1(&r)
		}
		// A bucket's first point is copied in, not added to the identity:
		// that saves one addition per bucket and row.
		clear(filled[:nb])
		for i, d := range digits[k*n : k*n+n] {
			switch {
			case d > 0 && filled[d-1]:
				r.addAffine(&buckets[d-1], &aff[i])
				buckets[d-1].fromP1xP1(&r)
			case d > 0:
				buckets[d-1].Set(points[i])
				filled[d-1] = true
			case d < 0 && filled[-d-1]:
				r.subAffine(&buckets[-d-1], &aff[i])
				buckets[-d-1].fromP1xP1(&r)
			case d < 0:
				buckets[-d-1].Negate(points[i])
				filled[-d-1] = true
			}
		}
		// total = Σ (b+1)·bucket[b] via running sums from the top,
		// skipping the empty buckets (and the sums before the first full
		// one).
		sumSet, totalSet := false, false
		for b := nb - 1; b >= 0; b-- {
			if filled[b] {
				if sumSet {
					tc.fromP3(&buckets[b])
					r.add(&sum, &tc)
					sum.fromP1xP1(&r)
				} else {
					sum.Set(&buckets[b])
					sumSet = true
				}
			}
			if !sumSet {
				continue
			}
			if totalSet {
				tc.fromP3(&sum)
				r.add(&total, &tc)
				total.fromP1xP1(&r)
			} else {
				total.Set(&sum)
				totalSet = true
			}
		}
		if totalSet {
			tc.fromP3(&total)
			r.add(&acc, &tc)
			acc.fromP1xP1(&r)
		}
	}
	return v.Set(&acc)
}
