package curve448

// X448 returns the result of the scalar multiplication (scalar * point),
// according to RFC 7748, Section 5. scalar, point and the return value are
// slices of 56 bytes.
//
// The scalar is clamped as RFC 7748 specifies (the two low bits cleared,
// bit 447 set); non-canonical u-coordinates (u ≥ 2^448 − 2^224 − 1) are
// reduced, as the RFC requires. X448 returns an error if scalar or point is
// not 56 bytes long, or if the result is the all-zero value, which happens
// exactly when point has low order (so that the result does not depend on
// the scalar).
//
// X448 runs in constant time with respect to scalar. scalar can be
// generated at random, for example with crypto/rand; GenerateKey and the
// PrivateKey type wrap it as crypto/ecdh does for X25519.
func X448(scalar, point []byte) ([]byte, error) {
	// The body is outlined so that dst can stay on the caller's stack when
	// the result does not escape.
	var dst [56]byte
	return xdh(&dst, scalar, point)
}
