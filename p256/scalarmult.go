package p256

import (
	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/internal/ct"
	"github.com/curvekit/curvekit/tables"
)

// scalarMult sets p = k·q for any 256-bit big-endian k (reduced mod n or
// not: k ≥ n gives (k mod n)·q, as the group has order n). Constant time in
// k and q: signed radix-16 digits, a table of 1·q … 8·q (Jacobian doublings
// and additions) made affine with one batch inversion (of values that
// depend on q only) and scanned in
// full for every digit, four Jacobian doublings and one mixed addition per
// digit.
//
// All additions but the last are addAffineDigit (the incomplete Jacobian
// madd-2004-hmv, the entry's conditional negation and the two selects
// below in one step, one assembly routine on amd64 with BMI2 and ADX),
// which is safe here by construction: before the addition of digit i ≥ 1
// the accumulator holds 16·a·q, where a, the value of the digits above i,
// satisfies 0 ≤ 16·a < 2^253 < n (a ≥ 0 since the top digit is never
// negative), and the entry is d·q with 1 ≤ |d| ≤ 8; 16·a ≡ ±d (mod n) would
// need 16·a = |d|, which only a = 0 comes near, or 16·a = n − |d|, far
// above 2^253. The case a = 0 (the accumulator is the identity) is
// replaced by the entry with a constant-time select, and a zero digit
// (whose lookup gives the first entry) by the accumulator. The last
// addition, where an unreduced k can wrap around n, uses the complete
// mixed formula. For q = O the table's inverses are 0 (garbage entries);
// the result is then replaced by O, again with a select.
func (p *point) scalarMult(k *[32]byte, q *point) *point {
	jacobianCheck() // the point assembly's first-use self-test
	// The multiples in Jacobian coordinates: the even ones by doubling, the
	// odd ones as (k−1)·q + q with the unchecked addition, exception-free
	// as (k−1)·q = ±q would need (k − 1 ∓ 1)·q = O, impossible for
	// 2 ≤ k ≤ 7 and q of prime order n, and for q = O every entry has
	// Z = 0.
	var jt [8]jacobianPoint
	jt[0].fromProjective(q)
	for i := 1; i < 8; i += 2 {
		jt[i].double(&jt[i/2]) // (i+1)·q = 2·((i+1)/2)·q
		if i+1 < 8 {
			jt[i+1].addUnchecked(&jt[i], &jt[0])
		}
	}
	var zs, scratch [8]fieldp256.Element
	for i := range jt {
		zs[i] = jt[i].z
	}
	fieldp256.BatchInvert(zs[:], zs[:], scratch[:])
	var table [8]affinePoint
	var zi2 fieldp256.Element
	for i := range table {
		zi2.Square(&zs[i])
		table[i].x.Multiply(&jt[i].x, &zi2)
		zi2.Multiply(&zi2, &zs[i])
		table[i].y.Multiply(&jt[i].y, &zi2)
	}
	// 65 digits: 64 for the 256 bits and one for the final carry.
	var digits [65]int8
	tables.SignedRadixBigEndian(digits[:], k[:], 4)

	var acc jacobianPoint
	var e affinePoint
	var zero fieldp256.Element
	// The top digit (never negative): the entry, or the identity (Z = 0).
	abs := int(digits[64])
	lookupAffine8(&e, &table, abs)
	acc.x, acc.y = e.x, e.y
	acc.z.One()
	acc.z.Select(&zero, &acc.z, ct.EqMask(abs, 0))
	for i := 63; i >= 1; i-- {
		acc.doubleN(4)
		abs, neg := ct.AbsNeg(digits[i])
		lookupAffine8(&e, &table, abs)
		acc.addAffineDigit(&e, neg, ct.EqMask(abs, 0))
	}
	acc.doubleN(4)
	var pacc, psum, id point
	pacc.fromJacobian(&acc)
	abs, neg := ct.AbsNeg(digits[0])
	lookupAffine8(&e, &table, abs)
	e.condNegate(neg)
	psum.addAffine(&pacc, &e)
	pacc.selectPoint(&pacc, &psum, ct.EqMask(abs, 0))
	id.setIdentity()
	pacc.selectPoint(&id, &pacc, q.z.IsZero())
	return p.set(&pacc)
}

// The fixed-base table: signed radix-2^6 digits, one position per digit,
// baseEntries multiples per position.
const (
	baseWindow    = 6
	basePositions = 43 // ⌈257/6⌉: 256 bits and the final carry
	baseEntries   = 1 << (baseWindow - 1)
)

// scalarBaseMultTable sets p = k·G for any 256-bit big-endian k with the
// table tab (scalarBaseMult), in constant time: 42 mixed additions of
// full-scan table entries, no doublings.
//
// The first 41 additions are addAffineDigit (the incomplete Jacobian
// madd-2004-hmv with the negation and the selects below), which
// is safe here by construction: before position j the accumulator holds
// a·G with a = Σ_{i<j} d_i·2^(6i), |a| < 2^(6j), and the entry is d·2^(6j)·G
// with 1 ≤ |d| ≤ 32; for j ≤ 41 both are below n/2 in absolute value, so
// a·G = ±d·2^(6j)·G would need a = ±d·2^(6j), which |a| < 2^(6j) rules
// out. The one remaining exceptional case, a = 0 (every earlier digit
// zero), is replaced by the entry itself with a constant-time select. The
// last position, where the multiple may wrap around n, uses the complete
// formula. Not generated from internal/curvegen's comb.tmpl, which the
// Edwards curves' combs use: see its DESIGN.md.
func (p *point) scalarBaseMultTable(tab *[basePositions][baseEntries]affinePoint, k *[32]byte) *point {
	jacobianCheck() // the point assembly's first-use self-test
	var digits [basePositions]int8
	tables.SignedRadixBigEndian(digits[:], k[:], baseWindow)

	var acc jacobianPoint
	var e affinePoint
	// Position 0: the entry itself, or the identity (Z = 0) for digit 0.
	abs, neg := ct.AbsNeg(digits[0])
	lookupAffine32(&e, &tab[0], abs)
	e.condNegate(neg)
	acc.x, acc.y = e.x, e.y
	acc.z.One()
	var zero fieldp256.Element
	acc.z.Select(&zero, &acc.z, ct.EqMask(abs, 0))
	const last = basePositions - 1
	for j := 1; j < last; j++ {
		abs, neg := ct.AbsNeg(digits[j])
		// Digit 0 gives the first entry; the sum is then discarded.
		lookupAffine32(&e, &tab[j], abs)
		acc.addAffineDigit(&e, neg, ct.EqMask(abs, 0))
	}
	var pacc, psum point
	pacc.fromJacobian(&acc)
	abs, neg = ct.AbsNeg(digits[last])
	lookupAffine32(&e, &tab[last], abs)
	e.condNegate(neg)
	psum.addAffine(&pacc, &e)
	pacc.selectPoint(&pacc, &psum, ct.EqMask(abs, 0))
	return p.set(&pacc)
}

// The verification tables: width-8 NAF digits for the generator (64 odd
// multiples, affine: vtBaseTable) and width-5 digits for the
// per-signature point (8 odd multiples, Jacobian, built per call).
const (
	vtBaseWindow  = 8
	vtPointWindow = 5
)

// varTimeDoubleBaseTable sets p = u1·G + u2·q for 256-bit big-endian
// u1, u2 with the odd multiples gt of G (varTimeDoubleScalarBaseMult),
// by an interleaved wNAF (Straus) in Jacobian coordinates: the a = −3
// doublings of jacobian.go, mixed additions of the affine G multiples and
// full additions of q's, each branching on its exceptional cases. Variable
// time: for public values only (ECDSA verification). The loop is
// varTimeStrausAC, generated from internal/curvegen's straus.tmpl (the
// Edwards curves' double-scalar loops come from it too); its steps are
// strausAcc's.
func (p *point) varTimeDoubleBaseTable(gt []affinePoint, u1, u2 *[32]byte, q *point) *point {
	jacobianCheck() // the point assembly's first-use self-test
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
