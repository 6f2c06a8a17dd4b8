package p256

import "github.com/curvekit/curvekit/fieldarith/fieldp256"

// jacobianPoint is a point in Jacobian coordinates, x = X/Z², y = Y/Z³;
// Z = 0 is the identity. The formulas on it are incomplete: double is
// exception-free on P-256 (no point has order 2), and the additions, used
// only in variable time, branch on their exceptional cases.
type jacobianPoint struct {
	x, y, z fieldp256.Element
}

// fromProjective sets p to q with the same Z: X' = X·Z, Y' = Y·Z².
func (p *jacobianPoint) fromProjective(q *point) *jacobianPoint {
	var t fieldp256.Element
	t.Square(&q.z)
	p.x.Multiply(&q.x, &q.z)
	p.y.Multiply(&q.y, &t)
	p.z.Set(&q.z)
	return p
}

// toProjective sets p = (X·Z : Y : Z³) for Jacobian q. A Jacobian identity
// (Z = 0) becomes (0:1:0), in constant time.
func (p *point) fromJacobian(q *jacobianPoint) *point {
	var t, one fieldp256.Element
	t.Square(&q.z)
	p.x.Multiply(&q.x, &q.z)
	p.z.Multiply(&t, &q.z)
	one.One()
	p.y.Select(&one, &q.y, p.z.IsZero())
	return p
}

// double sets p = 2·a for a = −3 (4M + 4S): the dbl-2001-b quantities
// (δ = Z², α = 3(X − δ)(X + δ), X3 = α² − 8β, Y3 = α(4β − X3) − 8γ² with
// γ = Y², β = X·γ), but from Y' = 2Y: Z3 = Y'·Z, 4γ = Y'², 4β = X·4γ and
// 8γ² = (4γ)²/2 (Halve). That trades dbl-2001-b's (Y + Z)² − γ − δ and
// the doublings of β and γ² (3M + 5S, 15 additions) for one more
// multiplication and 10 additions and a halving: 12–13% faster in both
// builds, measured interleaved. The identity stays at Z = 0.
func (p *jacobianPoint) double(a *jacobianPoint) *jacobianPoint {
	var y2, g4, b4, b8, delta, alpha, t, s fieldp256.Element
	y2.Add(&a.y, &a.y)        // Y' = 2Y
	delta.Square(&a.z)        // δ = Z²
	t.Subtract(&a.x, &delta)  // X − δ
	s.Add(&a.x, &delta)       // X + δ
	alpha.Multiply(&t, &s)    //
	t.Add(&alpha, &alpha)     //
	alpha.Add(&alpha, &t)     // α = 3(X − δ)(X + δ)
	p.z.Multiply(&y2, &a.z)   // Z3 = 2Y·Z (a.z read before p.z is written)
	g4.Square(&y2)            // 4γ = 4Y²
	b4.Multiply(&a.x, &g4)    // 4β = 4X·Y²
	b8.Add(&b4, &b4)          // 8β
	p.x.Square(&alpha)        //
	p.x.Subtract(&p.x, &b8)   // X3 = α² − 8β
	b4.Subtract(&b4, &p.x)    // 4β − X3
	p.y.Multiply(&alpha, &b4) // α(4β − X3)
	g4.Square(&g4)            // 16γ²
	g4.Halve(&g4)             // 8γ²
	p.y.Subtract(&p.y, &g4)   // Y3 = α(4β − X3) − 8γ²
	return p
}

// addAffineUnchecked sets p = a + b with madd-2004-hmv (8M + 3S), in
// constant time, for a ≠ O and a ≠ ±b: for those inputs the result is
// garbage (Z3 = Z1·H = 0), and the callers either prove they cannot occur
// or select the result away. Against madd-2007-bl (7M + 4S) it trades a
// square for a multiplication and saves five additions (its 2s and 4s):
// 8–10% faster in both builds, measured interleaved. p may alias a.
func (p *jacobianPoint) addAffineUnchecked(a *jacobianPoint, b *affinePoint) *jacobianPoint {
	var z1z1, u2, s2, h, r, hh, hhh, v, t fieldp256.Element
	z1z1.Square(&a.z)        // Z1Z1 = Z1²
	u2.Multiply(&b.x, &z1z1) // U2 = X2·Z1Z1
	s2.Multiply(&b.y, &a.z)  //
	s2.Multiply(&s2, &z1z1)  // S2 = Y2·Z1·Z1Z1
	h.Subtract(&u2, &a.x)    // H = U2 − X1
	r.Subtract(&s2, &a.y)    // r = S2 − Y1
	hh.Square(&h)            // HH = H²
	hhh.Multiply(&h, &hh)    // HHH = H·HH
	v.Multiply(&a.x, &hh)    // V = X1·HH
	t.Multiply(&a.y, &hhh)   // Y1·HHH
	p.z.Multiply(&a.z, &h)   // Z3 = Z1·H (every read of a is done)
	p.x.Square(&r)           //
	p.x.Subtract(&p.x, &hhh) //
	p.x.Subtract(&p.x, &v)   //
	p.x.Subtract(&p.x, &v)   // X3 = r² − HHH − 2·V
	v.Subtract(&v, &p.x)     //
	p.y.Multiply(&r, &v)     //
	p.y.Subtract(&p.y, &t)   // Y3 = r·(V − X3) − Y1·HHH
	return p
}

// varTimeAddAffine sets p = a + b, handling the identity and a = ±b by
// branches around addAffineUnchecked. Variable time.
func (p *jacobianPoint) varTimeAddAffine(a *jacobianPoint, b *affinePoint) *jacobianPoint {
	if a.z.IsZero() == 1 {
		p.x, p.y = b.x, b.y
		p.z.One()
		return p
	}
	ac := *a
	p.addAffineUnchecked(&ac, b)
	if p.z.IsZero() == 0 {
		return p
	}
	// Z3 = Z1·H = 0: the x-coordinates match, a = ±b. Compare the
	// y-coordinates, Y1 against Y2·Z1³.
	var z3, s2 fieldp256.Element
	z3.Square(&ac.z)
	z3.Multiply(&z3, &ac.z)
	s2.Multiply(&b.y, &z3)
	if s2.Equal(&ac.y) == 1 {
		return p.double(&ac)
	}
	p.x.Zero()
	p.y.One()
	p.z.Zero()
	return p
}

// selectPoint sets p to a if cond == 1 and to b if cond == 0.
func (p *jacobianPoint) selectPoint(a, b *jacobianPoint, cond int) *jacobianPoint {
	p.x.Select(&a.x, &b.x, cond)
	p.y.Select(&a.y, &b.y, cond)
	p.z.Select(&a.z, &b.z, cond)
	return p
}

// addUnchecked sets p = a + b with add-2007-bl (11M + 5S), in constant
// time, for a, b ≠ O and a ≠ ±b: for those inputs the result is garbage
// (Z3 = 0), and the callers either prove they cannot occur or select the
// result away.
func (p *jacobianPoint) addUnchecked(a, b *jacobianPoint) *jacobianPoint {
	var z1z1, z2z2, u1, u2, s1, s2, h, i, j, r, v, t fieldp256.Element
	z1z1.Square(&a.z)        // Z1Z1 = Z1²
	z2z2.Square(&b.z)        // Z2Z2 = Z2²
	u1.Multiply(&a.x, &z2z2) // U1 = X1·Z2Z2
	u2.Multiply(&b.x, &z1z1) // U2 = X2·Z1Z1
	s1.Multiply(&a.y, &b.z)  //
	s1.Multiply(&s1, &z2z2)  // S1 = Y1·Z2·Z2Z2
	s2.Multiply(&b.y, &a.z)  //
	s2.Multiply(&s2, &z1z1)  // S2 = Y2·Z1·Z1Z1
	h.Subtract(&u2, &u1)     // H = U2 − U1
	r.Subtract(&s2, &s1)     //
	r.Add(&r, &r)            // r = 2·(S2 − S1)
	i.Add(&h, &h)            //
	i.Square(&i)             // I = (2·H)²
	j.Multiply(&h, &i)       // J = H·I
	v.Multiply(&u1, &i)      // V = U1·I
	t.Add(&a.z, &b.z)        //
	t.Square(&t)             //
	t.Subtract(&t, &z1z1)    //
	t.Subtract(&t, &z2z2)    //
	p.z.Multiply(&t, &h)     // Z3 = ((Z1 + Z2)² − Z1Z1 − Z2Z2)·H
	p.x.Square(&r)           //
	p.x.Subtract(&p.x, &j)   //
	p.x.Subtract(&p.x, &v)   //
	p.x.Subtract(&p.x, &v)   // X3 = r² − J − 2·V
	v.Subtract(&v, &p.x)     //
	s1.Multiply(&s1, &j)     //
	s1.Add(&s1, &s1)         // 2·S1·J
	p.y.Multiply(&r, &v)     //
	p.y.Subtract(&p.y, &s1)  // Y3 = r·(V − X3) − 2·S1·J
	return p
}

// varTimeAdd sets p = a + b, handling the identity and a = ±b by branches
// around addUnchecked. Variable time.
func (p *jacobianPoint) varTimeAdd(a, b *jacobianPoint) *jacobianPoint {
	if a.z.IsZero() == 1 {
		*p = *b
		return p
	}
	if b.z.IsZero() == 1 {
		*p = *a
		return p
	}
	ac, bc := *a, *b
	p.addUnchecked(&ac, &bc)
	if p.z.IsZero() == 0 {
		return p
	}
	// Z3 = 2·Z1·Z2·H = 0: the x-coordinates match, a = ±b. Compare the
	// y-coordinates, Y1·Z2³ against Y2·Z1³.
	var z1, z2, s1, s2 fieldp256.Element
	z1.Square(&ac.z)
	z1.Multiply(&z1, &ac.z)
	z2.Square(&bc.z)
	z2.Multiply(&z2, &bc.z)
	s1.Multiply(&ac.y, &z2)
	s2.Multiply(&bc.y, &z1)
	if s1.Equal(&s2) == 1 {
		return p.double(&ac)
	}
	p.x.Zero()
	p.y.One()
	p.z.Zero()
	return p
}
