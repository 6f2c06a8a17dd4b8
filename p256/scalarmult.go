package p256

import (
	"sync"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/tables"
)

// scalarMult sets p = k·q for any 256-bit big-endian k (reduced mod n or
// not: k ≥ n gives (k mod n)·q, as the group has order n). Constant time in
// k and q: signed radix-16 digits, a table of 1·q … 8·q scanned in full for
// every digit, four Jacobian doublings (dbl-2001-b) and one addition per
// digit.
//
// All additions but the last use the incomplete Jacobian add-2007-bl,
// which is safe here by construction: before the addition of digit i ≥ 1
// the accumulator holds 16·a·q, where a, the value of the digits above i,
// satisfies 0 ≤ 16·a < 2^253 < n (a ≥ 0 since the top digit is never
// negative), and the entry is d·q with 1 ≤ |d| ≤ 8; 16·a ≡ ±d (mod n) would
// need 16·a = |d|, which only a = 0 comes near, or 16·a = n − |d|, far
// above 2^253. The case a = 0 (the accumulator is the identity) is
// replaced by the entry with a constant-time select, and a zero digit
// (entry the identity) by the accumulator. The last addition, where an
// unreduced k can wrap around n, uses the complete formula.
func (p *point) scalarMult(k *[32]byte, q *point) *point {
	var ptable [8]point
	ptable[0] = *q
	for i := 1; i < 8; i++ {
		ptable[i].add(&ptable[i-1], q)
	}
	var table [8]jacobianPoint
	for i := range table {
		table[i].fromProjective(&ptable[i])
	}
	// 65 digits: 64 for the 256 bits and one for the final carry.
	var digits [65]int8
	tables.SignedRadixBigEndian(digits[:], k[:], 4)

	var acc, t, sum, id jacobianPoint
	var ny fieldp256.Element
	// The identity the lookups give for digit 0: (1:1:0).
	id.x.One()
	id.y.One()
	lookupJacobian8(&acc, &id, &table, int(digits[64])) // the top digit is ≥ 0
	for i := 63; i >= 1; i-- {
		acc.double(&acc)
		acc.double(&acc)
		acc.double(&acc)
		acc.double(&acc)
		abs, neg := tables.AbsNeg(digits[i])
		lookupJacobian8(&t, &id, &table, abs)
		ny.Negate(&t.y)
		t.y.Select(&ny, &t.y, neg)
		sum.addUnchecked(&acc, &t)
		sum.selectPoint(&t, &sum, acc.z.IsZero())
		acc.selectPoint(&acc, &sum, tables.EqMask(abs, 0))
	}
	acc.double(&acc)
	acc.double(&acc)
	acc.double(&acc)
	acc.double(&acc)
	var pacc, pt point
	pacc.fromJacobian(&acc)
	abs, neg := tables.AbsNeg(digits[0])
	pt.setIdentity()
	lookupPoint(&pt, ptable[:], abs)
	pt.condNegate(neg)
	pacc.add(&pacc, &pt)
	return p.set(&pacc)
}

// The fixed-base table: signed radix-2^6 digits, one position per digit,
// baseEntries multiples per position.
const (
	baseWindow    = 6
	basePositions = 43 // ⌈257/6⌉: 256 bits and the final carry
	baseEntries   = 1 << (baseWindow - 1)
)

// baseTable[j][k-1] = k·2^(6j)·G in affine coordinates, built at first use
// from the generator alone.
var baseTable = sync.OnceValue(buildBaseTable)

func buildBaseTable() *[basePositions][baseEntries]affinePoint {
	var proj [basePositions][baseEntries]point
	base := generator
	for j := range proj {
		proj[j][0] = base
		for k := 1; k < baseEntries; k++ {
			proj[j][k].add(&proj[j][k-1], &base)
		}
		// base = 2^6·base = 32·base·2 = 2·proj[j][31].
		base.double(&proj[j][baseEntries-1])
	}
	pts := make([]point, 0, basePositions*baseEntries)
	for j := range proj {
		pts = append(pts, proj[j][:]...)
	}
	aff := toAffineBatch(pts)
	t := new([basePositions][baseEntries]affinePoint)
	for j := range t {
		copy(t[j][:], aff[j*baseEntries:(j+1)*baseEntries])
	}
	return t
}

// scalarBaseMult sets p = k·G for any 256-bit big-endian k, in constant
// time: 42 mixed additions of full-scan table entries, no doublings.
//
// The first 41 additions use the incomplete Jacobian madd-2007-bl, which
// is safe here by construction: before position j the accumulator holds
// a·G with a = Σ_{i<j} d_i·2^(6i), |a| < 2^(6j), and the entry is d·2^(6j)·G
// with 1 ≤ |d| ≤ 32; for j ≤ 41 both are below n/2 in absolute value, so
// a·G = ±d·2^(6j)·G would need a = ±d·2^(6j), which |a| < 2^(6j) rules
// out. The one remaining exceptional case, a = 0 (every earlier digit
// zero), is replaced by the entry itself with a constant-time select. The
// last position, where the multiple may wrap around n, uses the complete
// formula.
//
// shared-candidate: fixed-base skeleton (the tables.FixedBase walk with
// Spacing 1; curve25519 has its own).
func (p *point) scalarBaseMult(k *[32]byte) *point {
	tab := baseTable()
	var digits [basePositions]int8
	tables.SignedRadixBigEndian(digits[:], k[:], baseWindow)

	var acc, sum, ej jacobianPoint
	var e affinePoint
	// Position 0: the entry itself, or the identity (Z = 0) for digit 0.
	abs, neg := tables.AbsNeg(digits[0])
	lookupAffine32(&e, &tab[0], abs)
	e.condNegate(neg)
	acc.x, acc.y = e.x, e.y
	acc.z.One()
	var zero fieldp256.Element
	acc.z.Select(&zero, &acc.z, tables.EqMask(abs, 0))
	const last = basePositions - 1
	for j := 1; j < last; j++ {
		abs, neg := tables.AbsNeg(digits[j])
		// Digit 0 gives the first entry; the sum is then discarded.
		lookupAffine32(&e, &tab[j], abs)
		e.condNegate(neg)
		sum.addAffineUnchecked(&acc, &e)
		ej.x, ej.y = e.x, e.y
		ej.z.One()
		sum.selectPoint(&ej, &sum, acc.z.IsZero())
		acc.selectPoint(&acc, &sum, tables.EqMask(abs, 0))
	}
	var pacc, psum point
	pacc.fromJacobian(&acc)
	abs, neg = tables.AbsNeg(digits[last])
	lookupAffine32(&e, &tab[last], abs)
	e.condNegate(neg)
	psum.addAffine(&pacc, &e)
	pacc.selectPoint(&pacc, &psum, tables.EqMask(abs, 0))
	return p.set(&pacc)
}

// toAffineBatch converts points to affine with one inversion
// (fieldp256.BatchInvert). No input may be the identity. Used on public
// tables only, built once.
func toAffineBatch(pts []point) []affinePoint {
	zs := make([]fieldp256.Element, len(pts))
	for i := range pts {
		zs[i] = pts[i].z
	}
	fieldp256.BatchInvert(zs, zs, nil)
	out := make([]affinePoint, len(pts))
	for i := range pts {
		out[i].x.Multiply(&pts[i].x, &zs[i])
		out[i].y.Multiply(&pts[i].y, &zs[i])
	}
	return out
}

// The verification tables: width-8 NAF digits for the generator (64 odd
// multiples, affine, built at first use) and width-5 digits for the
// per-signature point (8 odd multiples, projective).
const (
	vtBaseWindow  = 8
	vtPointWindow = 5
)

var vtBaseTable = sync.OnceValue(func() []affinePoint {
	const n = 1 << (vtBaseWindow - 2)
	pts := make([]point, n)
	var g2 point
	g2.double(&generator)
	pts[0] = generator
	for i := 1; i < n; i++ {
		pts[i].add(&pts[i-1], &g2)
	}
	return toAffineBatch(pts)
})

// varTimeDoubleScalarBaseMult sets p = u1·G + u2·q for 256-bit big-endian
// u1, u2 with an interleaved wNAF (Straus) in Jacobian coordinates:
// dbl-2001-b doublings, mixed additions of the affine G multiples and
// full additions of q's, each branching on its exceptional cases. Variable
// time: for public values only (ECDSA verification). The loop is
// varTimeStrausAC, generated from internal/curvegen's straus.tmpl (the
// Edwards curves' double-scalar loops come from it too); its steps are
// strausAcc's.
func (p *point) varTimeDoubleScalarBaseMult(u1, u2 *[32]byte, q *point) *point {
	gt := vtBaseTable()
	var qt [1 << (vtPointWindow - 2)]jacobianPoint
	var q2 jacobianPoint
	qt[0].fromProjective(q)
	q2.double(&qt[0])
	for i := 1; i < len(qt); i++ {
		qt[i].varTimeAdd(&qt[i-1], &q2)
	}
	var n1, n2 [257]int8
	tables.VarTimeNAFBigEndian(n1[:], u1[:], vtBaseWindow)
	tables.VarTimeNAFBigEndian(n2[:], u2[:], vtPointWindow)
	return p.varTimeStrausAC(&n1, gt, &n2, qt[:])
}
