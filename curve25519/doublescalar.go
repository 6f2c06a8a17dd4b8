package curve25519

import "github.com/curvekit/curvekit/tables"

// nafWindow is the NAF width used for variable points: 8 odd multiples
// (1, 3, …, 15)·P in cached form.
const nafWindow = 5

// VarTimeDoubleScalarBaseMult sets v = a·A + b·B, where B is the canonical
// generator, and returns v.
//
// Execution time depends on the inputs: use it only on public values
// (signature verification). It interleaves a width-5 NAF of a over a table
// of odd multiples of A with a width-11 NAF of b over the precomputed table
// of 512 odd multiples of B.
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	checkInitialized(A)
	bt := baseTables()
	if !bt.ok {
		return v.VarTimeDoubleScalarMult(a, A, b, generator)
	}
	return v.varTimeDoubleBaseTable(bt, a, A, b)
}

func (v *Point) varTimeDoubleBaseTable(bt *basepointTables, a *Scalar, A *Point, b *Scalar) *Point {
	return v.varTimeDoubleBase(a, A, b, bt.odd, uint(bt.oddWindow))
}

// VarTimeDoubleScalarMult sets v = a·P + c·Q, and returns v.
//
// Execution time depends on the inputs: use it only on public values. It
// interleaves the width-5 NAFs of a and c (Straus–Shamir), sharing one
// chain of 253 doublings.
func (v *Point) VarTimeDoubleScalarMult(a *Scalar, P *Point, c *Scalar, Q *Point) *Point {
	checkInitialized(P, Q)
	var tP, tQ [1 << (nafWindow - 2)]projCached
	oddMultiplesTable(tP[:], P)
	oddMultiplesTable(tQ[:], Q)
	var bufA, bufC [32]byte
	var nafA, nafC [257]int8
	tables.VarTimeNAF(nafA[:], a.bytes(&bufA), nafWindow)
	tables.VarTimeNAF(nafC[:], c.bytes(&bufC), nafWindow)
	return v.varTimeStrausCC(&nafA, tP[:], &nafC, tQ[:])
}

// DoubleScalarMult sets v = a·P + c·Q, and returns v. It is constant time
// in the scalars and the points: signed radix-16 digits of both scalars,
// full-scan lookups in two tables of 1…8 multiples, 252 shared doublings
// and 128 additions whatever the inputs.
func (v *Point) DoubleScalarMult(a *Scalar, P *Point, c *Scalar, Q *Point) *Point {
	checkInitialized(P, Q)
	var tP, tQ [8]projCached
	multiplesTable(&tP, P)
	multiplesTable(&tQ, Q)

	var bufA, bufC [32]byte
	var dA, dC [64]int8
	tables.SignedRadix(dA[:], a.bytes(&bufA), 4)
	tables.SignedRadix(dC[:], c.bytes(&bufC), 4)

	var acc Point
	var e projCached
	var r projP1xP1
	var pp projP2
	acc.setIdentity()
	for i := 63; i >= 0; i-- {
		if i != 63 {
			// pp holds the sum so far: doublings need no T coordinate,
			// so the previous window ended with a 3M conversion to P2
			// rather than 4M to extended coordinates.
			r.double(&pp)
			pp.fromP1xP1(&r)
			r.double(&pp)
			pp.fromP1xP1(&r)
			r.double(&pp)
			pp.fromP1xP1(&r)
			r.double(&pp)
			acc.fromP1xP1(&r)
		}
		lookupCached(&e, &tP, dA[i])
		r.add(&acc, &e)
		acc.fromP1xP1(&r)
		lookupCached(&e, &tQ, dC[i])
		r.add(&acc, &e)
		pp.fromP1xP1(&r)
	}
	return v.fromP2(&pp)
}
