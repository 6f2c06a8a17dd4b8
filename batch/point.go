package batch

// A private copy of the extended twisted Edwards arithmetic, on
// field25519.Element, so the batch equation can run its own variable-time
// multi-scalar multiplication (msm.go) without per-call conversions through
// curve25519.Point. Formulas: Hisil–Wong–Carter–Dawson 2008 ("HWCD"), for
// a = −1: add-2008-hwcd-3 and dbl-2008-hwcd, in the split completed/cached
// form of ref10 and Go's crypto/internal/fips140/edwards25519.

import (
	"github.com/curvekit/curvekit/curve25519"
	fe "github.com/curvekit/curvekit/fieldarith/field25519"
)

// extPoint is (X:Y:Z:T) with x = X/Z, y = Y/Z, xy = T/Z.
type extPoint struct{ X, Y, Z, T fe.Element }

// projPoint is (X:Y:Z), enough to double.
type projPoint struct{ X, Y, Z fe.Element }

// completedPoint is ((X:Z), (Y:T)), the output of additions and doublings.
type completedPoint struct{ X, Y, Z, T fe.Element }

// cachedPoint is an addend prepared for add-2008-hwcd-3:
// (Y+X, Y−X, Z, 2d·T).
type cachedPoint struct{ YplusX, YminusX, Z, T2d fe.Element }

// affineCached is cachedPoint for a point with Z = 1 (every decoded point):
// adding it saves the Z1·Z2 multiplication (mixed addition, madd-2008-hwcd-3).
type affineCached struct{ YplusX, YminusX, T2d fe.Element }

// d2 is 2d, d = −121665/121666, computed once from its definition.
var d2 = func() fe.Element {
	var num, den, d fe.Element
	num.Mult32(new(fe.Element).One(), 121665)
	num.Negate(&num)
	den.Mult32(new(fe.Element).One(), 121666)
	d.Multiply(&num, den.Invert(&den))
	return *d.Add(&d, &d)
}()

func (v *extPoint) setIdentity() {
	v.X.Zero()
	v.Y.One()
	v.Z.One()
	v.T.Zero()
}

func (v *projPoint) setIdentity() {
	v.X.Zero()
	v.Y.One()
	v.Z.One()
}

// fromCurve sets v to p.
func (v *extPoint) fromCurve(p *curve25519.Point) {
	X, Y, Z, T := p.ExtendedCoordinates()
	v.X.Set(X)
	v.Y.Set(Y)
	v.Z.Set(Z)
	v.T.Set(T)
}

// fromCompleted: X3 = X·T, Y3 = Y·Z, Z3 = Z·T, T3 = X·Y.
func (v *extPoint) fromCompleted(p *completedPoint) {
	v.X.Multiply(&p.X, &p.T)
	v.Y.Multiply(&p.Y, &p.Z)
	v.Z.Multiply(&p.Z, &p.T)
	v.T.Multiply(&p.X, &p.Y)
}

func (v *projPoint) fromCompleted(p *completedPoint) {
	v.X.Multiply(&p.X, &p.T)
	v.Y.Multiply(&p.Y, &p.Z)
	v.Z.Multiply(&p.Z, &p.T)
}

func (v *projPoint) fromExt(p *extPoint) {
	v.X.Set(&p.X)
	v.Y.Set(&p.Y)
	v.Z.Set(&p.Z)
}

func (v *cachedPoint) fromExt(p *extPoint) {
	v.YplusX.Add(&p.Y, &p.X)
	v.YminusX.Subtract(&p.Y, &p.X)
	v.Z.Set(&p.Z)
	v.T2d.Multiply(&p.T, &d2)
}

// fromAffine sets v from p, which must have Z = 1.
func (v *affineCached) fromAffine(p *extPoint) {
	v.YplusX.Add(&p.Y, &p.X)
	v.YminusX.Subtract(&p.Y, &p.X)
	v.T2d.Multiply(&p.T, &d2)
}

// normalize scales v to Z = 1 (one inversion).
func (v *extPoint) normalize() {
	var zInv fe.Element
	zInv.Invert(&v.Z)
	v.X.Multiply(&v.X, &zInv)
	v.Y.Multiply(&v.Y, &zInv)
	v.Z.One()
	v.T.Multiply(&v.X, &v.Y)
}

// addAffine sets v = p + q (madd-2008-hwcd-3: add-2008-hwcd-3 with Z2 = 1).
func (v *completedPoint) addAffine(p *extPoint, q *affineCached) {
	var PP, MM, TT2d, ZZ2 fe.Element
	PP.Add(&p.Y, &p.X)
	MM.Subtract(&p.Y, &p.X)
	PP.Multiply(&PP, &q.YplusX)
	MM.Multiply(&MM, &q.YminusX)
	TT2d.Multiply(&p.T, &q.T2d)
	ZZ2.Add(&p.Z, &p.Z)
	v.X.Subtract(&PP, &MM)
	v.Y.Add(&PP, &MM)
	v.Z.Add(&ZZ2, &TT2d)
	v.T.Subtract(&ZZ2, &TT2d)
}

// subAffine sets v = p − q for q with Z = 1.
func (v *completedPoint) subAffine(p *extPoint, q *affineCached) {
	var PP, MM, TT2d, ZZ2 fe.Element
	PP.Add(&p.Y, &p.X)
	MM.Subtract(&p.Y, &p.X)
	PP.Multiply(&PP, &q.YminusX)
	MM.Multiply(&MM, &q.YplusX)
	TT2d.Multiply(&p.T, &q.T2d)
	ZZ2.Add(&p.Z, &p.Z)
	v.X.Subtract(&PP, &MM)
	v.Y.Add(&PP, &MM)
	v.Z.Subtract(&ZZ2, &TT2d)
	v.T.Add(&ZZ2, &TT2d)
}

// add sets v = p + q (add-2008-hwcd-3).
func (v *completedPoint) add(p *extPoint, q *cachedPoint) {
	var PP, MM, TT2d, ZZ2 fe.Element
	PP.Add(&p.Y, &p.X)
	MM.Subtract(&p.Y, &p.X)
	PP.Multiply(&PP, &q.YplusX)  // A = (Y1+X1)(Y2+X2)
	MM.Multiply(&MM, &q.YminusX) // B = (Y1−X1)(Y2−X2)
	TT2d.Multiply(&p.T, &q.T2d)  // C = 2d·T1·T2
	ZZ2.Multiply(&p.Z, &q.Z)
	ZZ2.Add(&ZZ2, &ZZ2) // D = 2·Z1·Z2
	v.X.Subtract(&PP, &MM)
	v.Y.Add(&PP, &MM)
	v.Z.Add(&ZZ2, &TT2d)
	v.T.Subtract(&ZZ2, &TT2d)
}

// sub sets v = p − q: add-2008-hwcd-3 with −q = (Y−X, Y+X, Z, −2d·T).
func (v *completedPoint) sub(p *extPoint, q *cachedPoint) {
	var PP, MM, TT2d, ZZ2 fe.Element
	PP.Add(&p.Y, &p.X)
	MM.Subtract(&p.Y, &p.X)
	PP.Multiply(&PP, &q.YminusX)
	MM.Multiply(&MM, &q.YplusX)
	TT2d.Multiply(&p.T, &q.T2d)
	ZZ2.Multiply(&p.Z, &q.Z)
	ZZ2.Add(&ZZ2, &ZZ2)
	v.X.Subtract(&PP, &MM)
	v.Y.Add(&PP, &MM)
	v.Z.Subtract(&ZZ2, &TT2d)
	v.T.Add(&ZZ2, &TT2d)
}

// double sets v = 2p (dbl-2008-hwcd).
func (v *completedPoint) double(p *projPoint) {
	var XX, YY, ZZ2, XplusYsq fe.Element
	XX.Square(&p.X)
	YY.Square(&p.Y)
	ZZ2.Square(&p.Z)
	ZZ2.Add(&ZZ2, &ZZ2)
	XplusYsq.Add(&p.X, &p.Y)
	XplusYsq.Square(&XplusYsq)
	v.Y.Add(&YY, &XX)
	v.Z.Subtract(&YY, &XX)
	v.X.Subtract(&XplusYsq, &v.Y)
	v.T.Subtract(&ZZ2, &v.Z)
}

// addExt sets v = p + q for two extended points.
func (v *extPoint) addExt(p, q *extPoint) {
	var c cachedPoint
	var r completedPoint
	c.fromExt(q)
	r.add(p, &c)
	v.fromCompleted(&r)
}

// subExt sets v = p − q for two extended points.
func (v *extPoint) subExt(p, q *extPoint) {
	var c cachedPoint
	var r completedPoint
	c.fromExt(q)
	r.sub(p, &c)
	v.fromCompleted(&r)
}

// isSmallOrder reports whether [8]v is the identity.
func (v *extPoint) isSmallOrder() bool {
	var pp projPoint
	var r completedPoint
	pp.fromExt(v)
	for i := 0; i < 3; i++ {
		r.double(&pp)
		pp.fromCompleted(&r)
	}
	// The identity is (0 : Z : Z).
	return pp.X.IsZero() == 1 && pp.Y.Equal(&pp.Z) == 1
}
