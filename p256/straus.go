package p256

// strausAcc is the running sum of the Straus loop generated from
// internal/curvegen's straus.tmpl (zz_generated_straus.go), in Jacobian
// coordinates; t and e hold a negated table entry. The additions branch on
// their exceptional cases: the loop only sees public values.
type strausAcc struct {
	acc, t jacobianPoint
	e      affinePoint
}

func (a *strausAcc) setIdentity()           { a.acc.z.Zero() }
func (a *strausAcc) double()                { a.acc.double(&a.acc) }
func (a *strausAcc) endDigit()              {}
func (a *strausAcc) finish(p *point) *point { return p.fromJacobian(&a.acc) }

// addNAFAffine adds d·P for an odd NAF digit d ≠ 0 and the affine odd
// multiples t of P.
func (a *strausAcc) addNAFAffine(t []affinePoint, d int) {
	if d > 0 {
		a.acc.varTimeAddAffine(&a.acc, &t[d/2])
		return
	}
	a.e.x = t[-d/2].x
	a.e.y.Negate(&t[-d/2].y)
	a.acc.varTimeAddAffine(&a.acc, &a.e)
}

// addNAFCached is addNAFAffine for Jacobian odd multiples.
func (a *strausAcc) addNAFCached(t []jacobianPoint, d int) {
	if d > 0 {
		a.acc.varTimeAdd(&a.acc, &t[d/2])
		return
	}
	a.t.x, a.t.z = t[-d/2].x, t[-d/2].z
	a.t.y.Negate(&t[-d/2].y)
	a.acc.varTimeAdd(&a.acc, &a.t)
}
