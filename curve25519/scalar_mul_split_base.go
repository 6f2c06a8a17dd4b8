package curve25519

import (
	"sync"

	"github.com/curvekit/curvekit/tables"
)

// precomputedWindow is the NAF width of a VarTimePrecomputedPoint: 16 odd
// multiples (1, 3, …, 31)·P. Wider would save few additions on the ~128-bit
// scalars it is meant for and cost more to build.
const precomputedWindow = 6

// base128Window is the NAF width of the table of odd multiples of [2^128]B.
// It is narrower than the basepoint's odd-multiples table (width 11): this
// table is computed at first use, and its ~128-bit scalar half gains less
// from a wider window.
const base128Window = 8

// VarTimePrecomputedPoint is a point together with a table of its odd
// multiples in affine form, for variable-time multiplications by scalars
// that are public: build it once for a point used many times (a public key
// verifying many signatures) and pass it to
// [Point.VarTimeSplitBaseMultPrecomputed]. The zero value is not usable; use
// [NewVarTimePrecomputedPoint] or [VarTimePrecomputedPoint.Set].
type VarTimePrecomputedPoint struct {
	odd   [1 << (precomputedWindow - 2)]affineCached // (2i+1)·P
	odd64 [1 << (precomputedWindow - 2)]affine64     // the same, halved on fe64 (where the fe64 loop runs)
}

// NewVarTimePrecomputedPoint returns the precomputed form of p. Building it
// costs about one field inversion and 15 point additions.
func NewVarTimePrecomputedPoint(p *Point) *VarTimePrecomputedPoint {
	return new(VarTimePrecomputedPoint).Set(p)
}

// Set sets t to the precomputed form of p, and returns t. It does not
// allocate.
func (t *VarTimePrecomputedPoint) Set(p *Point) *VarTimePrecomputedPoint {
	checkInitialized(p)
	var pts [len(t.odd)]Point
	affineOddMultiples(t.odd[:], pts[:], p)
	if ladder64HasAsm { // only the fe64 loop reads them
		affine64From(t.odd64[:], t.odd[:])
	}
	return t
}

// Negate sets t to the precomputed form of −P, where u is that of P, and
// returns t. It costs no inversion (the affine forms are negated entry by
// entry) and does not allocate.
func (t *VarTimePrecomputedPoint) Negate(u *VarTimePrecomputedPoint) *VarTimePrecomputedPoint {
	for i := range t.odd {
		t.odd[i] = u.odd[i]
		t.odd[i].condNeg(1)
	}
	if ladder64HasAsm {
		// −((y+x)/2, (y−x)/2, d·x·y) is ((y−x)/2, (y+x)/2, −d·x·y): no
		// conversion from field25519 again.
		for i := range t.odd64 {
			e := u.odd64[i]
			t.odd64[i] = affine64{e[1], e[0], e[2]}
			fe64NegCanonical(&t.odd64[i][2])
		}
	}
	return t
}

// affineOddMultiples sets dst[i] = (2i+1)·q in affine cached form, using pts
// (same length) as scratch: the multiples are computed in extended form and
// normalized together with one inversion (batchInvert).
func affineOddMultiples(dst []affineCached, pts []Point, q *Point) {
	var q2 Point
	var q2c projCached
	var r projP1xP1
	q2.Double(q)
	q2c.fromP3(&q2)
	pts[0].Set(q)
	for i := 1; i < len(pts); i++ {
		r.add(&pts[i-1], &q2c)
		pts[i].fromP1xP1(&r)
	}
	var zInv, scratch [1 << (base128Window - 2)]fieldElement // len(pts) ≤ 64
	toAffineCached(dst, pts, zInv[:len(pts)], scratch[:len(pts)])
}

// base128Table returns the odd multiples of [2^128]B, computed on first use
// from B by 128 doublings (independent of the generated basepoint tables).
var base128Table = sync.OnceValue(func() *[1 << (base128Window - 2)]affineCached {
	var pp projP2
	var r projP1xP1
	pp.fromP3(generator)
	for i := 0; i < 127; i++ {
		r.double(&pp)
		pp.fromP1xP1(&r)
	}
	r.double(&pp)
	var B128 Point
	B128.fromP1xP1(&r)
	t := new([1 << (base128Window - 2)]affineCached)
	var pts [len(t)]Point
	affineOddMultiples(t[:], pts[:], &B128)
	return t
})

// VarTimeSplitBaseMult sets v = b0·B + b1·[2^128]B + a·A + c·C, where B is
// the canonical generator, and returns v.
//
// It is the shape of the half-size-scalar signature check (Antipa et al.,
// Pornin 2020): a 253-bit multiple of B split into two 128-bit halves, and
// ~128-bit multiples of A and C. Every scalar may have any value; short
// ones cost less.
// B and [2^128]B use tables precomputed once per process; A and C get a
// per-call table of odd multiples (see [Point.VarTimeSplitBaseMultPrecomputed]
// to reuse A's).
//
// Execution time depends on the inputs: use it only on public values
// (signature verification). It does not allocate.
func (v *Point) VarTimeSplitBaseMult(b0, b1, a *Scalar, A *Point, c *Scalar, C *Point) *Point {
	checkInitialized(A, C)
	return v.varTimeSplit(b0, b1, a, nil, nil, A, nafWindow, c, C)
}

// VarTimeSplitBaseMultPrecomputed is [Point.VarTimeSplitBaseMult] with A
// given in precomputed form, which saves building its table on every call.
// It does not allocate.
func (v *Point) VarTimeSplitBaseMultPrecomputed(b0, b1, a *Scalar, A *VarTimePrecomputedPoint, c *Scalar, C *Point) *Point {
	checkInitialized(C)
	checkInitializedTable(&A.odd[0], "VarTimePrecomputedPoint")
	return v.varTimeSplit(b0, b1, a, A.odd[:], A.odd64[:], nil, precomputedWindow, c, C)
}

// varTimeSplit sets up the four terms (A's table is aAff, for a NAF of
// width aw, or if aAff is nil the width-5 table of A made here) and runs Straus's method (varTimeStrausEAEC, generated from
// internal/gen/curve's straus.tmpl): one shared chain of doublings from the
// highest nonzero digit, one mixed or cached addition per nonzero digit.
// (Recoding a scalar s > ℓ/2 as −(ℓ − s) would be shorter, but is wrong for
// points with a small-order component, which callers may pass.)
func (v *Point) varTimeSplit(b0, b1, a *Scalar, aAff []affineCached, aAff64 []affine64, A *Point, aw uint, c *Scalar, C *Point) *Point {
	bt := baseTables()
	return v.varTimeSplitWith(bt, splitPathFor(bt), b0, b1, a, aAff, aAff64, A, aw, c, C)
}

// splitPath is the code varTimeSplitWith runs.
type splitPath int

const (
	// splitTableFree: field25519, B's odd multiples made per call (the
	// fallback when the basepoint tables failed, BasepointTableOK).
	splitTableFree splitPath = iota
	// splitTable: field25519 with the verified tables.
	splitTable
	// splitFe64: the fe64 loop (varTimeStrausEAEC64, scalar_mul_straus_fe64.go) over
	// the tables' checked fe64 forms, A and C as points, on the assembly.
	splitFe64
	// splitFe64Go: the same loop on the fe64 Go model (the tests, and the
	// tables' check where the assembly does not run).
	splitFe64Go
)

// fe64 reports whether the path is the fe64 loop, and on which arithmetic.
func (p splitPath) fe64() (fe64Group, bool) {
	switch p {
	case splitFe64:
		return fe64GroupAsm, true
	case splitFe64Go:
		return fe64GroupGo, true
	}
	return 0, false
}

// splitPathFor is the path the package takes with tables bt: the fe64
// loop where it runs (ladder64HasAsm), the tables have their checked fe64
// forms and A comes as a point (aPoint); else the field25519 loop, with
// the tables if they passed their check. All of it is public.
func splitPathFor(bt *basepointTables) splitPath {
	switch {
	case !bt.ok:
		return splitTableFree
	case ladder64HasAsm && bt.odd64 != nil && bt.base128x64 != nil:
		return splitFe64
	}
	return splitTable
}

// varTimeSplitWith is varTimeSplit with the basepoint tables bt on the
// given path (splitFe64 and splitFe64Go need bt's fe64 forms and A as a point, aAff nil;
// splitTable bt's verified field25519 tables, whether or not bt is marked
// ok yet).
func (v *Point) varTimeSplitWith(bt *basepointTables, path splitPath, b0, b1, a *Scalar, aAff []affineCached, aAff64 []affine64, A *Point, aw uint, c *Scalar, C *Point) *Point {
	bw := uint(nafWindow) // B's NAF width: its table's, or the fallback's
	if path != splitTableFree {
		bw = uint(bt.oddWindow)
	}
	var buf [32]byte
	var n0, n1, nA [257]int16
	var nC [257]int8
	tables.VarTimeNAF16(n0[:], b0.bytes(&buf), bw)
	tables.VarTimeNAF16(n1[:], b1.bytes(&buf), base128Window)
	tables.VarTimeNAF16(nA[:], a.bytes(&buf), aw)
	tables.VarTimeNAF(nC[:], c.bytes(&buf), nafWindow)
	if g, ok := path.fe64(); ok {
		var qA, qC [1 << (nafWindow - 2)]cached64
		oddMultiples64(g, qC[:], C)
		if aAff != nil {
			return v.varTimeStrausEAEC64(g, &n0, bt.odd64, nil, &n1, bt.base128x64, &nA, aAff64, nil, &nC, qC[:])
		}
		oddMultiples64(g, qA[:], A)
		return v.varTimeStrausEAEC64(g, &n0, bt.odd64, nil, &n1, bt.base128x64, &nA, nil, qA[:], &nC, qC[:])
	}
	var tA, tB, tC [1 << (nafWindow - 2)]projCached
	var aCac, bCac []projCached
	var bAff []affineCached
	if aAff == nil {
		oddMultiplesTable(tA[:], A)
		aCac = tA[:]
	}
	if path != splitTableFree {
		bAff = bt.odd
	} else {
		// Table-free fallback (see BasepointTableOK).
		oddMultiplesTable(tB[:], generator)
		bCac = tB[:]
	}
	oddMultiplesTable(tC[:], C)
	return v.varTimeStrausEAEC(&n0, bAff, bCac, &n1, base128Table()[:], &nA, aAff, aCac, &nC, tC[:])
}
