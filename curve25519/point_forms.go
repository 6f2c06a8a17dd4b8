package curve25519

// The point forms' identities, selections and negations, the one
// conversion that inverts, and the hooks of the generated skeletons. The
// formulas and the other conversions are generated from internal/gen/curve's
// plans (zz_generated_edwards_formulas.go).

func (v *projP2) zero() *projP2 {
	v.X.Zero()
	v.Y.One()
	v.Z.One()
	return v
}

func (v *projCached) zero() *projCached {
	v.YplusX.One()
	v.YminusX.One()
	v.Z.One()
	v.T2d.Zero()
	return v
}

// fromP3 normalizes p to affine form (one inversion).
func (v *affineCached) fromP3(p *Point) *affineCached {
	var zInv, x, y fieldElement
	zInv.Invert(&p.z)
	x.Multiply(&p.x, &zInv)
	y.Multiply(&p.y, &zInv)
	v.fromAffine(&x, &y)
	return v
}

func (v *affineCached) zero() *affineCached {
	v.YplusX.One()
	v.YminusX.One()
	v.T2d.Zero()
	return v
}

// Constant-time selection and conditional negation of cached points.

func (v *projCached) selectFrom(a, b *projCached, cond int) *projCached {
	v.YplusX.Select(&a.YplusX, &b.YplusX, cond)
	v.YminusX.Select(&a.YminusX, &b.YminusX, cond)
	v.Z.Select(&a.Z, &b.Z, cond)
	v.T2d.Select(&a.T2d, &b.T2d, cond)
	return v
}

// Select sets v to a if cond == 1 and to b if cond == 0.
func (v *projCached) Select(a, b *projCached, cond int) *projCached {
	return v.selectFrom(a, b, cond)
}

func (v *affineCached) selectFrom(a, b *affineCached, cond int) *affineCached {
	v.YplusX.Select(&a.YplusX, &b.YplusX, cond)
	v.YminusX.Select(&a.YminusX, &b.YminusX, cond)
	v.T2d.Select(&a.T2d, &b.T2d, cond)
	return v
}

// Select sets v to a if cond == 1 and to b if cond == 0.
func (v *affineCached) Select(a, b *affineCached, cond int) *affineCached {
	return v.selectFrom(a, b, cond)
}

// condNeg sets v = -v if cond == 1: swap Y+X and Y-X and negate 2d·T.
func (v *projCached) condNeg(cond int) *projCached {
	v.YplusX.Swap(&v.YminusX, cond)
	v.T2d.CondNegate(cond)
	return v
}

func (v *affineCached) condNeg(cond int) *affineCached {
	v.YplusX.Swap(&v.YminusX, cond)
	v.T2d.CondNegate(cond)
	return v
}

// The hooks of the skeletons generated from internal/gen/curve's window.tmpl
// and straus.tmpl (zz_generated_window.go, zz_generated_straus.go). The
// running sums keep the HWCD completed form and, between digits, the
// projective form: doublings need no T coordinate, so a sum that is only
// doubled next is converted to P2 (3M) instead of extended form (4M).

// double sets v = 2·p (Double without the initialization check).
func (v *Point) double(p *Point) *Point {
	var pp projP2
	var r projP1xP1
	pp.fromP3(p)
	r.double(&pp)
	return v.fromP1xP1(&r)
}

// addCached sets v = p + q.
func (v *Point) addCached(p *Point, q *projCached) *Point {
	var r projP1xP1
	r.add(p, q)
	return v.fromP1xP1(&r)
}

// windowAcc is ScalarMult's running sum: p before an addition, pp after it.
// The fields are in the stack order of the hand-written loop this replaced.
// Against that loop, interleaved in one process, ScalarMult was 0.9% slower
// with p first and 0–1% slower with this order (two sets of six runs): of
// the order of what stack layout alone moves.
type windowAcc struct {
	r  projP1xP1
	pp projP2
	p  Point
}

func (a *windowAcc) setIdentity() { a.p.setIdentity() }

func (a *windowAcc) addCached(c *projCached) {
	a.r.add(&a.p, c)
	a.pp.fromP1xP1(&a.r)
}

func (a *windowAcc) double4() {
	a.r.double(&a.pp)
	a.pp.fromP1xP1(&a.r)
	a.r.double(&a.pp)
	a.pp.fromP1xP1(&a.r)
	a.r.double(&a.pp)
	a.pp.fromP1xP1(&a.r)
	a.r.double(&a.pp)
	a.p.fromP1xP1(&a.r)
}

func (a *windowAcc) finish(v *Point) *Point { return v.fromP2(&a.pp) }

// strausAcc is the Straus loops' running sum: r within a digit, pp between
// digits, t the scratch of addNAF.
type strausAcc struct {
	pp projP2
	r  projP1xP1
	t  Point
}

func (a *strausAcc) setIdentity()                         { a.pp.zero() }
func (a *strausAcc) double()                              { a.r.double(&a.pp) }
func (a *strausAcc) addNAFCached(t []projCached, d int)   { a.r.addNAF(&a.t, t, d) }
func (a *strausAcc) addNAFAffine(t []affineCached, d int) { a.r.addNAFAffine(&a.t, t, d) }
func (a *strausAcc) endDigit()                            { a.pp.fromP1xP1(&a.r) }
func (a *strausAcc) finish(v *Point) *Point               { return v.fromP2(&a.pp) }

// The variable-time multiplications (double-scalar, Straus, split-base)
// walk width-w NAFs over tables of odd multiples (1, 3, 5, …)·P; these two
// steps add one digit's multiple to the running sum.

// addNAF sets r = t + d·P, where t is the point in r on entry, tbl holds the
// odd multiples of P in cached form, and d is an odd NAF digit or 0 (of
// either digit type: VarTimeNAF or, for the wider basepoint windows,
// VarTimeNAF16). t is scratch. Variable time: d is public.
func (r *projP1xP1) addNAF(t *Point, tbl []projCached, d int) {
	switch {
	case d > 0:
		t.fromP1xP1(r)
		r.add(t, &tbl[d/2])
	case d < 0:
		t.fromP1xP1(r)
		r.sub(t, &tbl[(-d)/2])
	}
}

// addNAFAffine is addNAF over a table of odd multiples in affine form.
func (r *projP1xP1) addNAFAffine(t *Point, tbl []affineCached, d int) {
	switch {
	case d > 0:
		t.fromP1xP1(r)
		r.addAffine(t, &tbl[d/2])
	case d < 0:
		t.fromP1xP1(r)
		r.subAffine(t, &tbl[(-d)/2])
	}
}
