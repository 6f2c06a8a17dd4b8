package curve25519_test

import (
	"crypto/rand"
	"fmt"

	"github.com/curvekit/curvekit/curve25519"
)

// A Schnorr-style check: R = r·B, S = r + c·x, and S·B = R + c·(x·B),
// verified with the variable-time double-scalar multiplication (public
// values only).
func ExamplePoint_VarTimeDoubleScalarBaseMult() {
	random := func() *curve25519.Scalar {
		var b [64]byte
		rand.Read(b[:])
		s, _ := curve25519.NewScalar().SetUniformBytes(b[:])
		return s
	}
	x, r, c := random(), random(), random()
	X := new(curve25519.Point).ScalarBaseMult(x)
	R := new(curve25519.Point).ScalarBaseMult(r)
	S := curve25519.NewScalar().MultiplyAdd(c, x, r)

	// S·B - c·X must equal R.
	negC := curve25519.NewScalar().Negate(c)
	check := new(curve25519.Point).VarTimeDoubleScalarBaseMult(negC, X, S)
	fmt.Println(check.Equal(R) == 1)
	// Output: true
}

// Strict and lenient decoding of a non-canonical encoding of the identity
// (x = 0 with the sign bit set).
func ExamplePoint_SetCanonicalBytes() {
	enc := make([]byte, 32)
	enc[0], enc[31] = 1, 0x80
	_, errLenient := new(curve25519.Point).SetBytes(enc)
	_, errStrict := new(curve25519.Point).SetCanonicalBytes(enc)
	fmt.Println(errLenient == nil, errStrict == nil)
	// Output: true false
}

// The basepoint maps to the X25519 basepoint u = 9.
func ExamplePoint_BytesMontgomery() {
	fmt.Println(curve25519.NewGeneratorPoint().BytesMontgomery()[0])
	// Output: 9
}
