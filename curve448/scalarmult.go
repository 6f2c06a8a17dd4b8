package curve448

import (
	"sync"

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

// baseTables are the basepoint tables, computed at first use:
//
//   - comb[j][k−1] = k·256^j·B for 0 ≤ j < 56, 1 ≤ k ≤ 8 (ScalarBaseMult);
//   - odd[i] = (2i+1)·B for 0 ≤ i < 64 (VarTimeDoubleScalarBaseMult).
//   - oddHigh[i] = (2i+1)·[2^224]B (VarTimeSplitBaseMult).
type baseTables struct {
	comb    [56][8]affinePoint
	odd     [64]affinePoint
	oddHigh [64]affinePoint
}

var basepointTables = sync.OnceValue(buildBaseTables)

func buildBaseTables() *baseTables {
	t := new(baseTables)
	var pts [56*8 + 2*64]Point
	var base Point
	base.Set(generator)
	for j := 0; j < 56; j++ {
		var c cachedPoint
		c.fromP(&base)
		pts[8*j].Set(&base)
		for k := 1; k < 8; k++ {
			pts[8*j+k].addCached(&pts[8*j+k-1], &c)
		}
		// 256^(j+1)·B = 2·(8·16^(2j)·B) four more times.
		base.double(&pts[8*j+7]).double(&base).double(&base).double(&base).double(&base)
	}
	high := new(Point).Set(generator)
	for i := 0; i < 224; i++ {
		high.double(high)
	}
	for k, P := range []*Point{generator, high} {
		odd := pts[56*8+64*k : 56*8+64*(k+1)]
		var twoP cachedPoint
		twoP.fromP(new(Point).double(P))
		odd[0].Set(P)
		for i := 1; i < len(odd); i++ {
			odd[i].addCached(&odd[i-1], &twoP)
		}
	}
	var aff [56*8 + 2*64]affinePoint
	toAffine(aff[:], pts[:])
	for j := range t.comb {
		copy(t.comb[j][:], aff[8*j:8*j+8])
	}
	copy(t.odd[:], aff[56*8:])
	copy(t.oddHigh[:], aff[56*8+64:])
	return t
}

// toAffine sets dst[i] to the affine form of src[i] with one field inversion
// (field448.BatchInvert, Montgomery's trick). src holds public points: the
// tables.
func toAffine(dst []affinePoint, src []Point) {
	zInv := make([]fieldElement, len(src))
	for i := range src {
		zInv[i].Set(&src[i].z)
	}
	batchInvert(zInv, zInv, nil)
	for i := range src {
		dst[i].x.Multiply(&src[i].x, &zInv[i])
		dst[i].y.Multiply(&src[i].y, &zInv[i])
		mulD(&dst[i].dxy, dst[i].dxy.Multiply(&dst[i].x, &dst[i].y))
	}
}

// ScalarBaseMult sets v = x·B and returns v, in constant time: a two-round
// signed radix-16 comb over a table of 56 × 8 affine multiples k·256^j·B
// (computed once per process, at first use), with 112 full-scan lookups,
// 112 mixed additions and 4 doublings.
//
// shared-candidate: the two-round comb skeleton, and computing its table at
// first use (curve25519 decodes generated tables instead; this one should
// become generated data for tables/internal/gen).
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	t := basepointTables()
	var digits [112]int8
	tables.SignedRadix(digits[:], x.s.Bytes(), 4)

	var acc Point
	acc.setIdentity()
	var sel affinePoint
	for round := 1; round >= 0; round-- {
		if round == 0 {
			acc.double(&acc).double(&acc).double(&acc).double(&acc)
		}
		for j := 0; j < 56; j++ {
			abs, neg := tables.AbsNeg(digits[2*j+round])
			lookupAffine(&sel, &t.comb[j], abs)
			sel.condNegate(neg)
			acc.addAffine(&acc, &sel)
		}
	}
	*v = acc
	return v
}

// VarTimeDoubleScalarBaseMult sets v = a·A + b·B and returns v. It branches
// on a and b and must only see public values (signature verification):
// width-5 NAF over 8 odd multiples of A and width-8 NAF over the 64 odd
// multiples of B of the basepoint tables (the Straus loop generated from
// internal/curvegen's straus.tmpl).
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	checkInitialized(A)
	return v.varTimeDoubleBase(a, A, b, basepointTables().odd[:], 8)
}

// VarTimeSplitBaseMult sets v = b0·B + b1·[2^224]B + a·A + c·C and returns
// v: the shape of half-size signature verification, where every scalar is
// below about 2^224 and the doublings stop there. It branches on its inputs
// and must only see public values. Straus over width-8 NAFs for B and
// [2^224]B (tables of 64 odd multiples, computed at first use) and width-5
// NAFs for A and C; the loop starts at the highest nonzero digit of the four.
func (v *Point) VarTimeSplitBaseMult(b0, b1, a *Scalar, A *Point, c *Scalar, C *Point) *Point {
	checkInitialized(A, C)
	t := basepointTables()
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

// The hooks of the generated skeletons (internal/curvegen's window.tmpl and
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
	abs, neg := tables.AbsNeg(d)
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
