package curve448

// scalarBaseMult sets dst to the u-coordinate of scalar·B, B the basepoint
// u = 5. len(scalar) = 56. X448 sends every point whose bytes equal the
// basepoint's here, so a fixed-base method can replace this body without
// touching anything else.
//
// For now it runs the ladder. The intended fast path (issue #17) is the
// edwards448 basepoint table followed by the 4-isogeny of RFC 7748 §4.2,
// with the scalar compensated for the isogeny's factor of 4, as OpenSSL's
// x448_derive_public_key does.
func scalarBaseMult(dst *[56]byte, scalar []byte) {
	scalarMultLadder(dst, scalar, basepointBytes[:])
}
