package curve25519

// Conversions between the point forms and the HWCD 2008 formulas for
// a = -1 twisted Edwards curves ("Twisted Edwards Curves Revisited",
// https://eprint.iacr.org/2008/522, and the EFD pages add-2008-hwcd-3,
// madd-2008-hwcd-3 and dbl-2008-hwcd).
//
// A sum or difference that only feeds a multiplication is kept in loose
// form (fieldLoose: no carry, see field25519.Loose), and a doubling that
// feeds one is folded into it as a loose X+X.

func (v *projP2) fromP1xP1(p *projP1xP1) *projP2 {
	v.X.MultiplyLoose(&p.X, &p.T)
	v.Y.MultiplyLoose(&p.Y, &p.Z)
	v.Z.MultiplyLoose(&p.Z, &p.T)
	return v
}

func (v *projP2) fromP3(p *Point) *projP2 {
	v.X.Set(&p.x)
	v.Y.Set(&p.y)
	v.Z.Set(&p.z)
	return v
}

func (v *projP2) zero() *projP2 {
	v.X.Zero()
	v.Y.One()
	v.Z.One()
	return v
}

// fromP1xP1 sets v from the completed form: X3 = X·T, Y3 = Y·Z, Z3 = Z·T,
// T3 = X·Y (4M).
func (v *Point) fromP1xP1(p *projP1xP1) *Point {
	v.x.MultiplyLoose(&p.X, &p.T)
	v.y.MultiplyLoose(&p.Y, &p.Z)
	v.z.MultiplyLoose(&p.Z, &p.T)
	v.t.MultiplyLoose(&p.X, &p.Y)
	return v
}

func (v *Point) fromP2(p *projP2) *Point {
	v.x.Multiply(&p.X, &p.Z)
	v.y.Multiply(&p.Y, &p.Z)
	v.z.Square(&p.Z)
	v.t.Multiply(&p.X, &p.Y)
	return v
}

// fromAffineCached sets v from an affine-cached entry without inverting:
// with x2 = (y+x)-(y-x) = 2x and y2 = 2y, (X:Y:Z:T) = (2·x2 : 2·y2 : 4 : x2·y2).
func (v *Point) fromAffineCached(a *affineCached) *Point {
	var x2, y2 fieldElement
	x2.Subtract(&a.YplusX, &a.YminusX)
	y2.Add(&a.YplusX, &a.YminusX)
	v.t.Multiply(&x2, &y2)
	v.x.Add(&x2, &x2)
	v.y.Add(&y2, &y2)
	v.z.Add(feOne, feOne)
	v.z.Add(&v.z, &v.z)
	return v
}

func (v *projCached) fromP3(p *Point) *projCached {
	v.YplusX.Add(&p.y, &p.x)
	v.YminusX.Subtract(&p.y, &p.x)
	v.Z.Set(&p.z)
	v.T2d.Multiply(&p.t, feD2)
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

// fromAffine sets v from affine coordinates (x, y).
func (v *affineCached) fromAffine(x, y *fieldElement) *affineCached {
	v.YplusX.Add(y, x)
	v.YminusX.Subtract(y, x)
	v.T2d.Multiply(x, y)
	v.T2d.Multiply(&v.T2d, feD2)
	return v
}

func (v *affineCached) zero() *affineCached {
	v.YplusX.One()
	v.YminusX.One()
	v.T2d.Zero()
	return v
}

// add sets v = p + q (add-2008-hwcd-3; 4M here with 2d·T2 precomputed in
// q, and the other 4M in the conversion out of the completed form):
//
//	A = (Y1-X1)·(Y2-X2), B = (Y1+X1)·(Y2+X2), C = T1·2d·T2, D = 2·Z1·Z2
//	E = B-A, F = D-C, G = D+C, H = B+A
//	X3 = E·F, Y3 = G·H, Z3 = F·G, T3 = E·H
//
// so in the completed form (X:Z) = (E:G) and (Y:T) = (H:F).
func (v *projP1xP1) add(p *Point, q *projCached) *projP1xP1 {
	var YplusX, YminusX, Z2 fieldLoose
	var PP, MM, TT2d, ZZ2 fieldElement
	YplusX.Add(&p.y, &p.x)
	YminusX.Subtract(&p.y, &p.x)
	Z2.Add(&p.z, &p.z)
	PP.MultiplyLooseTight(&YplusX, &q.YplusX)   // B
	MM.MultiplyLooseTight(&YminusX, &q.YminusX) // A
	TT2d.Multiply(&p.t, &q.T2d)                 // C
	ZZ2.MultiplyLooseTight(&Z2, &q.Z)           // D = 2·Z1·Z2
	v.X.Subtract(&PP, &MM)                      // E
	v.Y.Add(&PP, &MM)                           // H
	v.Z.Add(&ZZ2, &TT2d)                        // G
	v.T.Subtract(&ZZ2, &TT2d)                   // F
	return v
}

// sub sets v = p - q: the same formula with -q = (Y-X, Y+X, Z, -2d·T).
func (v *projP1xP1) sub(p *Point, q *projCached) *projP1xP1 {
	var YplusX, YminusX, Z2 fieldLoose
	var PP, MM, TT2d, ZZ2 fieldElement
	YplusX.Add(&p.y, &p.x)
	YminusX.Subtract(&p.y, &p.x)
	Z2.Add(&p.z, &p.z)
	PP.MultiplyLooseTight(&YplusX, &q.YminusX) // B
	MM.MultiplyLooseTight(&YminusX, &q.YplusX) // A
	TT2d.Multiply(&p.t, &q.T2d)                // -C
	ZZ2.MultiplyLooseTight(&Z2, &q.Z)          // D = 2·Z1·Z2
	v.X.Subtract(&PP, &MM)                     // E
	v.Y.Add(&PP, &MM)                          // H
	v.Z.Subtract(&ZZ2, &TT2d)                  // G = D + C
	v.T.Add(&ZZ2, &TT2d)                       // F = D - C
	return v
}

// addAffine sets v = p + q for an affine q (madd-2008-hwcd-3, Z2 = 1:
// D = 2·Z1, 3M here).
func (v *projP1xP1) addAffine(p *Point, q *affineCached) *projP1xP1 {
	var YplusX, YminusX fieldLoose
	var PP, MM, TT2d, Z2 fieldElement
	YplusX.Add(&p.y, &p.x)
	YminusX.Subtract(&p.y, &p.x)
	PP.MultiplyLooseTight(&YplusX, &q.YplusX)   // B
	MM.MultiplyLooseTight(&YminusX, &q.YminusX) // A
	TT2d.Multiply(&p.t, &q.T2d)                 // C
	Z2.Add(&p.z, &p.z)                          // D
	v.X.Subtract(&PP, &MM)                      // E
	v.Y.Add(&PP, &MM)                           // H
	v.Z.Add(&Z2, &TT2d)                         // G
	v.T.Subtract(&Z2, &TT2d)                    // F
	return v
}

// subAffine sets v = p - q for an affine q.
func (v *projP1xP1) subAffine(p *Point, q *affineCached) *projP1xP1 {
	var YplusX, YminusX fieldLoose
	var PP, MM, TT2d, Z2 fieldElement
	YplusX.Add(&p.y, &p.x)
	YminusX.Subtract(&p.y, &p.x)
	PP.MultiplyLooseTight(&YplusX, &q.YminusX) // B
	MM.MultiplyLooseTight(&YminusX, &q.YplusX) // A
	TT2d.Multiply(&p.t, &q.T2d)                // -C
	Z2.Add(&p.z, &p.z)                         // D
	v.X.Subtract(&PP, &MM)                     // E
	v.Y.Add(&PP, &MM)                          // H
	v.Z.Subtract(&Z2, &TT2d)                   // G
	v.T.Add(&Z2, &TT2d)                        // F
	return v
}

// double sets v = 2·p (dbl-2008-hwcd with a = -1, computing E = 2·X·Y
// directly instead of (X+Y)² - A - B: 1M + 3S instead of 4S, which is no
// slower even where squaring is cheap and saves two subtractions):
//
//	A = X², B = Y², C = 2·Z², E = 2·X·Y, G = B - A
//	x3 = E/G,  y3 = (A+B)/(C-G)
//
// E and G are tight values written straight into their loose slots through
// Loose.Tight, which saves two copies per doubling (about 1.5 % of a double
// scalar multiplication).
func (v *projP1xP1) double(p *projP2) *projP1xP1 {
	var A, B, C fieldElement
	var X2 fieldLoose
	A.Square(&p.X)
	B.Square(&p.Y)
	C.Square(&p.Z)
	C.Add(&C, &C)
	X2.Add(&p.X, &p.X)
	v.X.Tight().MultiplyLooseTight(&X2, &p.Y) // E = 2·X·Y
	G := v.Z.Tight().Subtract(&B, &A)         // G (carried: C - G needs it tight)
	v.Y.Add(&A, &B)                           // A + B
	v.T.Subtract(&C, G)                       // C - G
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

// Select sets v to a if cond == 1 and to b if cond == 0 (for tables.Lookup).
func (v *projCached) Select(a, b *projCached, cond int) *projCached {
	return v.selectFrom(a, b, cond)
}

func (v *affineCached) selectFrom(a, b *affineCached, cond int) *affineCached {
	v.YplusX.Select(&a.YplusX, &b.YplusX, cond)
	v.YminusX.Select(&a.YminusX, &b.YminusX, cond)
	v.T2d.Select(&a.T2d, &b.T2d, cond)
	return v
}

// Select sets v to a if cond == 1 and to b if cond == 0 (for tables.Lookup).
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
