package curve25519

import "github.com/curvekit/curvekit/tables"

// tablesNAF is tables.VarTimeNAF, used on public constants.
var tablesNAF = tables.VarTimeNAF

// pippengerThreshold is the number of points from which
// VarTimeMultiScalarMult switches from Straus to Pippenger's bucket method,
// measured with BenchmarkVarTimeMultiScalarMultCrossover: Straus was ahead
// at 128 points, Pippenger (window 6) from about 192.
const pippengerThreshold = 160

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
// (batch verification). Below pippengerThreshold points it runs Straus's
// method with width-5 NAFs and per-point tables of odd multiples; from
// there on, Pippenger's bucket method with signed radix-2^c digits. It
// panics if len(scalars) != len(points), as filippo.io/edwards25519 does.
func (v *Point) VarTimeMultiScalarMult(scalars []*Scalar, points []*Point) *Point {
	if len(scalars) != len(points) {
		panic("curve25519: called VarTimeMultiScalarMult with different size inputs")
	}
	if len(points) >= pippengerThreshold {
		return v.varTimePippenger(scalars, points, pippengerWindow(len(points)))
	}
	return v.varTimeStraus(scalars, points)
}

// varTimeStraus is Straus's method with width-5 NAFs.
func (v *Point) varTimeStraus(scalars []*Scalar, points []*Point) *Point {
	n := len(points)
	tabs := make([][1 << (nafWindow - 2)]projCached, n)
	nafs := make([][257]int8, n)
	top := -1
	for i := range points {
		oddMultiplesTable(tabs[i][:], points[i])
		var buf [32]byte
		tables.VarTimeNAF(nafs[i][:], scalars[i].bytes(&buf), nafWindow)
		for j := 256; j > top; j-- {
			if nafs[i][j] != 0 {
				top = j
				break
			}
		}
	}

	var pp projP2
	var r projP1xP1
	var t Point
	pp.zero()
	for k := top; k >= 0; k-- {
		r.double(&pp)
		for i := range nafs {
			if d := nafs[i][k]; d > 0 {
				t.fromP1xP1(&r)
				r.add(&t, &tabs[i][d/2])
			} else if d < 0 {
				t.fromP1xP1(&r)
				r.sub(&t, &tabs[i][(-d)/2])
			}
		}
		pp.fromP1xP1(&r)
	}
	return v.fromP2(&pp)
}

// pippengerWindow returns the bucket window width c for n points, from the
// same benchmark (c = 6 best at 192–256 points, 7 at 512, 8 at 1024).
func pippengerWindow(n int) uint {
	switch {
	case n < 384:
		return 6
	case n < 768:
		return 7
	default:
		return 8
	}
}

// varTimePippenger is Pippenger's bucket method: for each c-bit signed
// digit position, from the top, sort the points into 2^(c-1) buckets by
// digit, sum the buckets with a running sum (Σ k·bucket[k] with 2 additions
// per bucket), and fold the result into the accumulator after c doublings.
func (v *Point) varTimePippenger(scalars []*Scalar, points []*Point, c uint) *Point {
	n := len(points)
	nd := (254 + int(c) - 1) / int(c) // digits for scalars < 2^253
	digits := make([]int8, n*nd)
	cached := make([]projCached, n)
	for i := range points {
		cached[i].fromP3(points[i])
		var buf [32]byte
		tables.SignedRadix(digits[i*nd:(i+1)*nd], scalars[i].bytes(&buf), c)
	}
	buckets := make([]Point, 1<<(c-1))
	var acc, sum, total Point
	var r projP1xP1
	var pp projP2
	var tc projCached
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
		for b := range buckets {
			buckets[b].setIdentity()
		}
		for i := 0; i < n; i++ {
			d := digits[i*nd+k]
			if d > 0 {
				r.add(&buckets[d-1], &cached[i])
				buckets[d-1].fromP1xP1(&r)
			} else if d < 0 {
				r.sub(&buckets[-d-1], &cached[i])
				buckets[-d-1].fromP1xP1(&r)
			}
		}
		// total = Σ (b+1)·bucket[b] via running sums from the top.
		sum.Set(&buckets[len(buckets)-1])
		total.Set(&sum)
		for b := len(buckets) - 2; b >= 0; b-- {
			tc.fromP3(&buckets[b])
			r.add(&sum, &tc)
			sum.fromP1xP1(&r)
			tc.fromP3(&sum)
			r.add(&total, &tc)
			total.fromP1xP1(&r)
		}
		tc.fromP3(&total)
		r.add(&acc, &tc)
		acc.fromP1xP1(&r)
	}
	return v.Set(&acc)
}
