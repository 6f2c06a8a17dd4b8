package curve25519

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
