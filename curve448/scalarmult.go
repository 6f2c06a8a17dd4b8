package curve448

import (
	"sync"

	"github.com/curvekit/curvekit/tables"
)

// ScalarMult sets v = x·p and returns v, in constant time: signed radix-16
// digits of x (tables.SignedRadix), a table of p, 2p, …, 8p scanned in full
// for every digit, 444 doublings and 112 additions.
//
// shared-candidate: the fixed-window skeleton (table of 1..8·P, digits from
// the top, four doublings, full-scan lookup, conditional negation) is
// curve25519's ScalarMult over another point type.
func (v *Point) ScalarMult(x *Scalar, p *Point) *Point {
	checkInitialized(p)
	var table [8]cachedPoint
	var multiple Point
	multiple.Set(p)
	table[0].fromP(p)
	for i := 1; i < 8; i++ {
		multiple.addCached(&multiple, &table[0])
		table[i].fromP(&multiple)
	}
	var digits [112]int8
	tables.SignedRadix(digits[:], x.Bytes(), 4) // x < q < 2^446: top digit ≤ 4

	var acc Point
	acc.setIdentity()
	var sel cachedPoint
	for i := len(digits) - 1; i >= 0; i-- {
		if i != len(digits)-1 {
			acc.double(&acc).double(&acc).double(&acc).double(&acc)
		}
		abs, neg := tables.AbsNeg(digits[i])
		lookupCached(&sel, &table, abs)
		sel.condNegate(neg)
		acc.addCached(&acc, &sel)
	}
	return v.Set(&acc)
}

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
// multiples of B of the basepoint tables.
//
// shared-candidate: the Straus double-scalar loop over two NAFs (curve25519
// has it privately for edwards25519).
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	checkInitialized(A)
	t := basepointTables()
	var tableA [8]cachedPoint
	oddMultiples(&tableA, A)

	var aNAF, bNAF [449]int8
	tables.VarTimeNAF(aNAF[:], a.Bytes(), 5)
	tables.VarTimeNAF(bNAF[:], b.Bytes(), 8)

	var acc Point
	acc.setIdentity()
	i := len(aNAF) - 1
	for i >= 0 && aNAF[i] == 0 && bNAF[i] == 0 {
		i--
	}
	for ; i >= 0; i-- {
		acc.double(&acc)
		if d := aNAF[i]; d > 0 {
			acc.addCached(&acc, &tableA[d/2])
		} else if d < 0 {
			c := tableA[-d/2]
			c.condNegate(1)
			acc.addCached(&acc, &c)
		}
		if d := bNAF[i]; d > 0 {
			acc.addAffine(&acc, &t.odd[d/2])
		} else if d < 0 {
			e := t.odd[-d/2]
			e.condNegate(1)
			acc.addAffine(&acc, &e)
		}
	}
	*v = acc
	return v
}

// VarTimeSplitBaseMult sets v = b0·B + b1·[2^224]B + a·A + c·C and returns
// v: the shape of half-size signature verification, where every scalar is
// below about 2^224 and the doublings stop there. It branches on its inputs
// and must only see public values. Straus over width-8 NAFs for B and
// [2^224]B (tables of 64 odd multiples, computed at first use) and width-5
// NAFs for A and C; the loop starts at the highest nonzero digit of the four.
//
// shared-candidate: curve25519's VarTimeSplitBaseMult with 2^128.
func (v *Point) VarTimeSplitBaseMult(b0, b1, a *Scalar, A *Point, c *Scalar, C *Point) *Point {
	checkInitialized(A, C)
	t := basepointTables()
	var tableA, tableC [8]cachedPoint
	oddMultiples(&tableA, A)
	oddMultiples(&tableC, C)
	var n0, n1, nA, nC [449]int8
	tables.VarTimeNAF(n0[:], b0.Bytes(), 8)
	tables.VarTimeNAF(n1[:], b1.Bytes(), 8)
	tables.VarTimeNAF(nA[:], a.Bytes(), 5)
	tables.VarTimeNAF(nC[:], c.Bytes(), 5)
	var acc Point
	acc.setIdentity()
	i := len(n0) - 1
	for i >= 0 && n0[i] == 0 && n1[i] == 0 && nA[i] == 0 && nC[i] == 0 {
		i--
	}
	for ; i >= 0; i-- {
		acc.double(&acc)
		acc.varTimeAddAffine(&t.odd, n0[i])
		acc.varTimeAddAffine(&t.oddHigh, n1[i])
		acc.varTimeAddCached(&tableA, nA[i])
		acc.varTimeAddCached(&tableC, nC[i])
	}
	*v = acc
	return v
}

// varTimeAddAffine adds d·P for a NAF digit d and a table of odd multiples
// of P (nothing for d = 0).
func (v *Point) varTimeAddAffine(t *[64]affinePoint, d int8) {
	if d > 0 {
		v.addAffine(v, &t[d/2])
	} else if d < 0 {
		e := t[-d/2]
		e.condNegate(1)
		v.addAffine(v, &e)
	}
}

// varTimeAddCached is varTimeAddAffine for a table of 8 cached points.
func (v *Point) varTimeAddCached(t *[8]cachedPoint, d int8) {
	if d > 0 {
		v.addCached(v, &t[d/2])
	} else if d < 0 {
		c := t[-d/2]
		c.condNegate(1)
		v.addCached(v, &c)
	}
}

// oddMultiples sets t[i] = (2i+1)·p.
//
// shared-candidate: the odd-multiples table builder.
func oddMultiples(t *[8]cachedPoint, p *Point) {
	var twoP cachedPoint
	var cur Point
	twoP.fromP(cur.double(p))
	cur.Set(p)
	t[0].fromP(&cur)
	for i := 1; i < len(t); i++ {
		cur.addCached(&cur, &twoP)
		t[i].fromP(&cur)
	}
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
	oddMultiples(&table, v)
	naf := orderNAF()
	var acc Point
	acc.setIdentity()
	for i := len(naf) - 1; i >= 0; i-- {
		acc.double(&acc)
		if d := naf[i]; d > 0 { // branches on q's digits only
			acc.addCached(&acc, &table[d/2])
		} else if d < 0 {
			c := table[-d/2]
			c.condNegate(1)
			acc.addCached(&acc, &c)
		}
	}
	return acc.x.IsZero() & acc.y.Equal(&acc.z)
}
