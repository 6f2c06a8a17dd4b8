package curve25519

// The hooks of the skeletons generated from internal/curvegen's window.tmpl
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
