package curve25519

import "github.com/curvekit/curvekit/tables"

// ScalarBaseMult sets v = x·B, where B is the canonical generator, and
// returns v. It is constant time.
//
// It uses the precomputed fixed-base table from package tables (signed
// radix-32 digits, 51 positions of 16 affine entries, no doublings). If the
// table failed its first-use cross-verification (see BasepointTableOK) it
// falls back to the table-free ScalarMult.
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	bt := baseTables()
	if !bt.ok { // public: fixed for the life of the process
		return v.ScalarMult(x, generator)
	}
	return v.scalarBaseMultTable(bt, x)
}

func (v *Point) scalarBaseMultTable(bt *basepointTables, x *Scalar) *Point {
	var buf [32]byte
	k := x.bytes(&buf)
	var digitBuf [maxFixedDigits]int8
	digits := digitBuf[:bt.digits]
	tables.SignedRadix(digits, k, uint(bt.window))

	n := bt.perPosition
	s := bt.spacing
	var e affineCached
	var r projP1xP1
	var pp projP2
	// The first addition is to the identity: start from the looked-up
	// entry instead (1M instead of 7M).
	lookupAffine(&e, bt.fixed[:n], digits[s-1])
	v.fromAffineCached(&e)
	for round := s - 1; round >= 0; round-- {
		if round != s-1 {
			pp.fromP3(v)
			for i := 0; i < bt.window-1; i++ {
				r.double(&pp)
				pp.fromP1xP1(&r)
			}
			r.double(&pp)
			v.fromP1xP1(&r)
		}
		j0 := 0
		if round == s-1 {
			j0 = 1
		}
		for j := j0; j < bt.positions; j++ {
			lookupAffine(&e, bt.fixed[j*n:(j+1)*n], digits[j*s+round])
			r.addAffine(v, &e)
			v.fromP1xP1(&r)
		}
	}
	return v
}
