package p256

import "github.com/curvekit/curvekit/fieldarith/fieldp256"

// doubleN sets p = 2^n·p. Runs of doublings are done in Jacobian
// coordinates (x = X/Z², y = Y/Z³) with dbl-2001-b for a = −3 (3M + 5S,
// against 10M + 3S for the complete projective doubling): that formula's
// only exceptional inputs are points of order 2, of which P-256 has none.
// The conversions cost 2M + 1S each way. n is public.
//
// The identity (0:Y:0) maps to the degenerate (0:0:0), which the doubling
// keeps at Z = 0; the result's Y is reset to 1 when Z = 0, in constant time,
// so the identity comes back as a valid projective point.
func (p *point) doubleN(n int) *point {
	if n == 0 {
		return p
	}
	var x, y, z, t fieldp256.Element
	// Projective to Jacobian, same Z: X' = X·Z, Y' = Y·Z².
	x.Multiply(&p.x, &p.z)
	t.Square(&p.z)
	y.Multiply(&p.y, &t)
	z.Set(&p.z)
	var delta, gamma, beta, alpha, s fieldp256.Element
	for range n {
		delta.Square(&z)          // delta = Z1²
		gamma.Square(&y)          // gamma = Y1²
		beta.Multiply(&x, &gamma) // beta = X1·gamma
		t.Subtract(&x, &delta)    // X1 − delta
		s.Add(&x, &delta)         // X1 + delta
		alpha.Multiply(&t, &s)    // (X1 − delta)(X1 + delta)
		t.Add(&alpha, &alpha)     //
		alpha.Add(&alpha, &t)     // alpha = 3·(X1 − delta)(X1 + delta)
		z.Add(&y, &z)             // Y1 + Z1
		z.Square(&z)              // (Y1 + Z1)²
		z.Subtract(&z, &gamma)    //
		z.Subtract(&z, &delta)    // Z3 = (Y1 + Z1)² − gamma − delta
		beta.Add(&beta, &beta)    // 2·beta
		beta.Add(&beta, &beta)    // 4·beta
		x.Square(&alpha)          // alpha²
		t.Add(&beta, &beta)       // 8·beta
		x.Subtract(&x, &t)        // X3 = alpha² − 8·beta
		beta.Subtract(&beta, &x)  // 4·beta − X3
		y.Multiply(&alpha, &beta) // alpha·(4·beta − X3)
		gamma.Square(&gamma)      // gamma²
		gamma.Add(&gamma, &gamma) // 2·gamma²
		gamma.Add(&gamma, &gamma) // 4·gamma²
		gamma.Add(&gamma, &gamma) // 8·gamma²
		y.Subtract(&y, &gamma)    // Y3 = alpha·(4·beta − X3) − 8·gamma²
	}
	// Jacobian to projective: (X·Z : Y : Z³).
	p.x.Multiply(&x, &z)
	t.Square(&z)
	p.z.Multiply(&t, &z)
	var one fieldp256.Element
	one.One()
	p.y.Select(&one, &y, p.z.IsZero())
	return p
}

// lookupAffine sets *dst to entries[index-1] for 1 ≤ index ≤ len(entries)
// and leaves it unchanged for index 0, reading every entry. It is
// tables.Lookup written out for one entry type: the generic version calls
// Select through the type parameter's dictionary, never inlined, once per
// entry (the tables package documents that hot loops use concrete copies).
//
// shared-candidate: concrete full-scan lookup (curve25519 has its own).
func lookupAffine(dst *affinePoint, entries []affinePoint, index int) {
	for i := range entries {
		c := eqMask(i+1, index)
		dst.x.Select(&entries[i].x, &dst.x, c)
		dst.y.Select(&entries[i].y, &dst.y, c)
	}
}

// lookupPoint is lookupAffine for projective entries.
func lookupPoint(dst *point, entries []point, index int) {
	for i := range entries {
		c := eqMask(i+1, index)
		dst.x.Select(&entries[i].x, &dst.x, c)
		dst.y.Select(&entries[i].y, &dst.y, c)
		dst.z.Select(&entries[i].z, &dst.z, c)
	}
}

// eqMask is tables.EqMask, here so that it inlines into the scans.
func eqMask(a, b int) int {
	x := uint32(a ^ b)
	return int((x - 1) >> 31)
}
