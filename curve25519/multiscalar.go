package curve25519

import (
	"encoding/binary"
	"math/bits"
	"sync"

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
// scalar's bit length (so short scalars, such as the 128-bit coefficients
// of batch verification, cost less), either Straus's method with width-5
// NAFs and per-point tables of odd multiples, or Pippenger's bucket method
// with signed radix-2^c digits and mixed additions. A point equal to the
// canonical generator uses the precomputed basepoint table. Its work
// buffers come from an internal pool, so in steady state it does not
// allocate, and it is safe for concurrent use. It panics if len(scalars) !=
// len(points), as filippo.io/edwards25519 does.
func (v *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) *Point {
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

// scalarWords is a scalar < 2^256 as little-endian 64-bit words, with a
// zero fifth word so that windows may read past the top.
type scalarWords [5]uint64

// window returns the c ≤ 16 bits of x starting at bit pos.
func (x *scalarWords) window(pos, c uint) uint64 {
	i, off := pos/64, pos%64
	if i >= 4 {
		return 0
	}
	w := x[i] >> off
	if off+c > 64 {
		w |= x[i+1] << (64 - off)
	}
	return w & (1<<c - 1)
}

// msmScratch holds the buffers of one variable-time multi-scalar
// multiplication. Between calls it waits in msmPool holding public data
// only (scalars, digits, tables) and no pointer to the caller's values.
type msmScratch struct {
	words []scalarWords
	bytes [][32]byte
	nbits []uint16 // bit length of each scalar
	nFull int      // scalars longer than 128 bits
	// Straus.
	tabs [][1 << (nafWindow - 2)]projCached
	nafs [][257]int8
	// Pippenger.
	aff     []affineCached
	prefix  []fieldElement
	digits  []int16
	buckets []Point
}

// load reads the scalars into words and bit lengths.
func (sc *msmScratch) load(scalars []*Scalar) {
	n := len(scalars)
	if cap(sc.words) < n {
		sc.words = make([]scalarWords, n)
		sc.bytes = make([][32]byte, n)
		sc.nbits = make([]uint16, n)
	}
	sc.words, sc.bytes, sc.nbits = sc.words[:n], sc.bytes[:n], sc.nbits[:n]
	sc.nFull = 0
	for i, s := range scalars {
		b := &sc.bytes[i]
		s.bytes(b)
		w := &sc.words[i]
		nb := 0
		for j := 0; j < 4; j++ {
			w[j] = binary.LittleEndian.Uint64(b[8*j:])
			if w[j] != 0 {
				nb = 64*j + bits.Len64(w[j])
			}
		}
		w[4] = 0
		sc.nbits[i] = uint16(nb)
		if nb > 128 {
			sc.nFull++
		}
	}
}

// Operation-count model, in field multiplications (squarings count as
// one), read off the formulas: a doubling step costs 7; a Straus addition 8
// (out of the completed form, then add-2008-hwcd-3), its table of odd
// multiples 70; a Pippenger bucket addition 7 (mixed), a bucket-sum
// addition 9, and the first point into each bucket is copied, not added.
// Straus is scaled by 1.08, fitted to BenchmarkVarTimeMultiScalarMultCrossover
// and to the batch-equation shape (its tables outgrow the L1 cache): with it
// the model picks the faster method at every size measured (64 to 257
// terms), switching near 100 full-size scalars and near 130 terms of the
// batch shape (half of them 128-bit).
const (
	doublingsCost = 254 * 7
	strausFudge   = 1.08
)

func strausCost(nFull, nHalf int) float64 {
	return strausFudge * (float64(nFull)*(70+253.0/6*8) + float64(nHalf)*(70+128.0/6*8) + doublingsCost)
}

func pippengerCost(nFull, nHalf int, c uint) float64 {
	nd := float64((254 + c - 1) / c)
	ndHalf := float64((129 + c - 1) / c)
	nb := float64(uint(1) << (c - 1))
	return 7*(float64(nFull)*nd+float64(nHalf)*ndHalf) + nd*nb*(2*9-7) + doublingsCost
}

// window returns the Pippenger window width for the loaded scalars, or 0
// when Straus's method is cheaper.
func (sc *msmScratch) window() uint {
	nFull, nHalf := sc.nFull, len(sc.words)-sc.nFull
	best, bestC := strausCost(nFull, nHalf), uint(0)
	for c := uint(4); c <= 12; c++ {
		if cost := pippengerCost(nFull, nHalf, c); cost < best {
			best, bestC = cost, c
		}
	}
	return bestC
}

// isGenerator reports whether p, in the Z = 1 form decoded points have, is
// the canonical generator (public data: variable time).
func isGenerator(p *Point) bool {
	return p.z.Equal(feOne) == 1 && p.y.Equal(&generator.y) == 1 && p.x.Equal(&generator.x) == 1
}

// straus is Straus's method with width-5 NAFs over per-point tables of odd
// multiples, sharing one chain of doublings. The first point equal to the
// generator uses the basepoint table's wider NAF instead.
func (sc *msmScratch) straus(v *Point, points []*Point) *Point {
	n := len(points)
	if cap(sc.tabs) < n {
		sc.tabs = make([][1 << (nafWindow - 2)]projCached, n)
		sc.nafs = make([][257]int8, n)
	}
	bt := baseTables()
	var baseNAF [257]int8
	hasBase := false
	top := -1
	m := 0 // terms in tabs and nafs
	for i, p := range points {
		naf := &baseNAF
		if !hasBase && bt.ok && isGenerator(p) {
			hasBase = true
			tables.VarTimeNAF(naf[:], sc.bytes[i][:], uint(bt.oddWindow))
		} else {
			naf = &sc.nafs[m]
			oddMultiplesTable(sc.tabs[m][:], p)
			tables.VarTimeNAF(naf[:], sc.bytes[i][:], nafWindow)
			m++
		}
		for j := min(int(sc.nbits[i])+1, 256); j > top; j-- {
			if naf[j] != 0 {
				top = j
				break
			}
		}
	}
	tabs, nafs := sc.tabs[:m], sc.nafs[:m]

	var pp projP2
	var r projP1xP1
	var t Point
	pp.zero()
	for k := top; k >= 0; k-- {
		r.double(&pp)
		r.addNAFAffine(&t, bt.odd, baseNAF[k])
		for i := range nafs {
			r.addNAF(&t, tabs[i][:], nafs[i][k])
		}
		pp.fromP1xP1(&r)
	}
	return v.fromP2(&pp)
}

// radix sets out[k·stride] for k < nd to the signed radix-2^c digits of x:
// x = Σ d_k·2^(c·k), |d_k| ≤ 2^(c−1). nd·c must be ≥ 254 (x < 2^253 needs
// one more bit for the last carry).
func radix(out []int16, stride int, x *scalarWords, c uint, nd int) {
	carry := uint64(0)
	for k := 0; k < nd; k++ {
		w := x.window(uint(k)*c, c) + carry
		if k < nd-1 && w >= 1<<(c-1) {
			out[k*stride] = int16(int64(w) - 1<<c)
			carry = 1
		} else {
			out[k*stride] = int16(w)
			carry = 0
		}
	}
}

// toAffine sets sc.aff[i] to points[i] in affine cached form, inverting
// all Z ≠ 1 at once (Montgomery's trick: 3 multiplications per point and
// one inversion); decoded points already have Z = 1 and cost nothing here.
func (sc *msmScratch) toAffine(points []*Point) {
	n := len(points)
	if cap(sc.aff) < n {
		sc.aff = make([]affineCached, n)
		sc.prefix = make([]fieldElement, n)
	}
	aff, prefix := sc.aff[:n], sc.prefix[:n]
	var acc fieldElement
	acc.One()
	m := 0 // points with Z ≠ 1
	for i, p := range points {
		if p.z.Equal(feOne) == 1 {
			// T = x·y already.
			aff[i].YplusX.Add(&p.y, &p.x)
			aff[i].YminusX.Subtract(&p.y, &p.x)
			aff[i].T2d.Multiply(&p.t, feD2)
			continue
		}
		prefix[i].Set(&acc)
		acc.Multiply(&acc, &p.z)
		m++
	}
	if m == 0 {
		return
	}
	acc.Invert(&acc) // 1 / Π z over the points with Z ≠ 1
	var zInv, x, y fieldElement
	for i := n - 1; i >= 0; i-- {
		p := points[i]
		if p.z.Equal(feOne) == 1 {
			continue
		}
		zInv.Multiply(&acc, &prefix[i])
		acc.Multiply(&acc, &p.z)
		x.Multiply(&p.x, &zInv)
		y.Multiply(&p.y, &zInv)
		aff[i].fromAffine(&x, &y)
	}
}

// pippenger is Pippenger's bucket method: for each c-bit signed digit
// position, from the top, sort the points into 2^(c-1) buckets by digit
// (mixed additions), sum the buckets with a running sum (Σ k·bucket[k] in 2
// additions per bucket), and fold the result into the accumulator after c
// doublings.
func (sc *msmScratch) pippenger(v *Point, points []*Point, c uint) *Point {
	n := len(points)
	nd := int((254 + c - 1) / c)
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
		radix(digits[i:], n, &sc.words[i], c, nd)
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
