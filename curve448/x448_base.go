package curve448

// scalarBaseMult sets dst to the u-coordinate of scalar·B, B the basepoint
// u = 5. len(scalar) = 56. X448 sends every point whose bytes equal the
// basepoint's here (zz_generated_ladder.go).
//
// It runs on the edwards448 side: the clamped scalar, reduced mod q, times
// the Edwards basepoint through the comb table (ScalarBaseMult), then the
// 4-isogeny of RFC 7748 §4.2 (BytesMontgomery), which maps the Edwards
// basepoint to u = 5 and is a homomorphism, so no compensation of the scalar
// is needed. The clamped scalar is a multiple of 4 below 2^448, so it is
// exactly the Montgomery scalar; reducing it mod q does not change the result
// because u = 5 has order q. Every step is constant time.
func scalarBaseMult(dst *[56]byte, scalar []byte) {
	var wide [114]byte
	copy(wide[:56], scalar)
	wide[0] &^= 3
	wide[55] |= 0x80
	var s Scalar
	if _, err := s.s.SetUniformBytes(wide[:]); err != nil {
		panic("curve448: internal error: SetUniformBytes rejected 114 bytes")
	}
	var p Point
	var u fieldElement
	p.ScalarBaseMult(&s).montgomeryU(&u)
	// Bytes does not escape its result here (inlined), so this stays
	// allocation-free, as TestX448Allocations checks.
	copy(dst[:], u.Bytes())
}
