package curve25519

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

// combLookup sets e = d·(position j's unit) from bt's comb, reading every
// entry of the position (comb.tmpl's lookup).
func combLookup(e *affineCached, bt *basepointTables, j int, d int8) {
	n := bt.perPosition
	lookupAffine(e, bt.fixed[j*n:(j+1)*n], d)
}

// combAcc is the comb's running sum (comb.tmpl): additions go through the
// completed form r and settle back to p, the doublings between rounds go
// through P2 (3M each), only the last returning to extended form.
type combAcc struct {
	r  projP1xP1
	pp projP2
	p  Point
}

func (a *combAcc) start(e *affineCached) { a.p.fromAffineCached(e) }

func (a *combAcc) addAffine(e *affineCached) { a.r.addAffine(&a.p, e) }
func (a *combAcc) settle()                   { a.p.fromP1xP1(&a.r) }

func (a *combAcc) doubles(n int) {
	a.pp.fromP3(&a.p)
	for i := 0; i < n-1; i++ {
		a.r.double(&a.pp)
		a.pp.fromP1xP1(&a.r)
	}
	a.r.double(&a.pp)
	a.p.fromP1xP1(&a.r)
}

func (a *combAcc) finish(v *Point) *Point { *v = a.p; return v }
