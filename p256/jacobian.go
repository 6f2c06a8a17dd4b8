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
