package curve448

import (
	"sync"

	"github.com/curvekit/curvekit/internal/ct"
	"github.com/curvekit/curvekit/tables"
)

func (c *cachedPoint) setIdentity() {
	c.XplusY.One()
	c.X.Zero()
	c.Y.One()
	c.Z.One()
	c.Td.Zero()
}

func (a *affinePoint) setIdentity() {
	a.x.Zero()
	a.y.One()
	a.dxy.Zero()
}

// VarTimeDoubleScalarBaseMult sets v = a·A + b·B and returns v. It branches
// on a and b and must only see public values (signature verification):
// width-5 NAF over 8 odd multiples of A and width-8 NAF over the 64 odd
// multiples of B of the basepoint tables (the Straus loop generated from
// internal/gen/curve's straus.tmpl).
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	checkInitialized(A)
	return v.varTimeDoubleBase(a, A, b, basepointTables().odd[:], 8)
}

// VarTimeSplitBaseMult sets v = b0·B + b1·[2^224]B + a·A + c·C and returns
// v: the shape of half-size signature verification, where every scalar is
// below about 2^224 and the doublings stop there. It branches on its inputs
// and must only see public values. Straus over width-8 NAFs for B and
// [2^224]B (the generated tables of 64 odd multiples) and width-5
// NAFs for A and C; the loop starts at the highest nonzero digit of the four.
func (v *Point) VarTimeSplitBaseMult(b0, b1, a *Scalar, A *Point, c *Scalar, C *Point) *Point {
	checkInitialized(A, C)
	return v.varTimeSplitBase(basepointTables(), b0, b1, a, A, c, C)
}

// varTimeSplitBase is VarTimeSplitBaseMult with the tables t, so that the
// first-use check of the tables (basetable.go) runs this very code.
func (v *Point) varTimeSplitBase(t *baseTables, b0, b1, a *Scalar, A *Point, c *Scalar, C *Point) *Point {
	var tA, tC [8]cachedPoint
	oddMultiplesTable(tA[:], A)
	oddMultiplesTable(tC[:], C)
	var n0, n1, nA, nC [449]int8
	var buf [56]byte
	tables.VarTimeNAF(n0[:], b0.bytes(&buf), 8)
	tables.VarTimeNAF(n1[:], b1.bytes(&buf), 8)
	tables.VarTimeNAF(nA[:], a.bytes(&buf), 5)
	tables.VarTimeNAF(nC[:], c.bytes(&buf), 5)
	return v.varTimeStrausAACC(&n0, t.odd[:], &n1, t.oddHigh[:], &nA, tA[:], &nC, tC[:])
}

// orderBytes is q, little-endian.
var orderBytes = []byte{
	0xf3, 0x44, 0x58, 0xab, 0x92, 0xc2, 0x78, 0x23, 0x55, 0x8f, 0xc5, 0x8d, 0x72, 0xc2,
	0x6c, 0x21, 0x90, 0x36, 0xd6, 0xae, 0x49, 0xdb, 0x4e, 0xc4, 0xe9, 0x23, 0xca, 0x7c,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f,
}

// orderNAF is the width-5 NAF of q, computed once: the fixed addition chain
// of IsTorsionFree.
var orderNAF = sync.OnceValue(func() *[449]int8 {
	var d [449]int8
	tables.VarTimeNAF(d[:], orderBytes, 5)
	return &d
})

// IsTorsionFree returns 1 if v is in the prime-order subgroup (q·v is the
// identity) and 0 otherwise. It is constant time in v: the sequence of
// operations depends only on q.
func (v *Point) IsTorsionFree() int {
	checkInitialized(v)
	var table [8]cachedPoint
	oddMultiplesTable(table[:], v)
	var p Point
	p.varTimeStrausC(orderNAF(), table[:]) // branches on q's digits only
	return p.x.IsZero() & p.y.Equal(&p.z)
}

// The hooks of the generated skeletons (internal/gen/curve's window.tmpl and
// straus.tmpl): the running sums are plain extended points.

// windowAcc is ScalarMult's running sum.
type windowAcc struct{ p Point }

func (a *windowAcc) setIdentity()             { a.p.setIdentity() }
func (a *windowAcc) addCached(c *cachedPoint) { a.p.addCached(&a.p, c) }
func (a *windowAcc) double4()                 { a.p.double(&a.p).double(&a.p).double(&a.p).double(&a.p) }
func (a *windowAcc) finish(v *Point) *Point   { *v = a.p; return v }

// lookupCachedDigit sets dst = d·q from the table of 1·q … 8·q, reading
// every entry.
func lookupCachedDigit(dst *cachedPoint, t *[8]cachedPoint, d int8) {
	abs, neg := ct.AbsNeg(d)
	lookupCached(dst, t, abs)
	dst.condNegate(neg)
}

// strausAcc is the Straus loops' running sum.
type strausAcc struct{ p Point }

func (a *strausAcc) setIdentity()           { a.p.setIdentity() }
func (a *strausAcc) double()                { a.p.double(&a.p) }
func (a *strausAcc) endDigit()              {}
func (a *strausAcc) finish(v *Point) *Point { *v = a.p; return v }

// addNAFCached adds d·P for a NAF digit d and the odd multiples t of P
// (nothing for d = 0). Variable time: d is public.
func (a *strausAcc) addNAFCached(t []cachedPoint, d int) {
	if d > 0 {
		a.p.addCached(&a.p, &t[d/2])
	} else if d < 0 {
		c := t[-d/2]
		c.condNegate(1)
		a.p.addCached(&a.p, &c)
	}
}

// addNAFAffine is addNAFCached for a table of affine points.
func (a *strausAcc) addNAFAffine(t []affinePoint, d int) {
	if d > 0 {
		a.p.addAffine(&a.p, &t[d/2])
	} else if d < 0 {
		e := t[-d/2]
		e.condNegate(1)
		a.p.addAffine(&a.p, &e)
	}
}
