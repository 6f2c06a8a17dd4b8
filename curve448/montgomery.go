package curve448

// BytesMontgomery returns the 56-byte u-coordinate of φ(v), where φ is the
// 4-isogeny from edwards448 to curve448 of RFC 7748, Section 4.2:
// u = y²/x². curve448 and edwards448 are 4-isogenous, not birationally
// equivalent, so this map is a group homomorphism with a kernel, not a
// change of coordinates. It sends the basepoint B to the X448 basepoint
// u = 5, hence X448(k, 5) = ScalarBaseMult(k mod q).BytesMontgomery() for
// every scalar k (the clamped k's factor 4 included). The four points of
// order dividing 4 (x·y = 0) map to u = 0.
func (v *Point) BytesMontgomery() []byte {
	checkInitialized(v)
	var u fieldElement
	u.Invert(&v.x)
	u.Multiply(&u, &v.y)
	u.Square(&u)
	return u.Bytes()
}
