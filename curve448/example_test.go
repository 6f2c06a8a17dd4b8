package curve448_test

import (
	"bytes"
	"fmt"

	"github.com/curvekit/curvekit/curve448"
)

// A Diffie–Hellman exchange in the edwards448 group: both sides compute
// a·b·B.
func ExamplePoint_ScalarMult() {
	var wa, wb [114]byte
	wa[0], wb[0] = 3, 5 // fixed secrets for the example; use crypto/rand
	a, _ := curve448.NewScalar().SetUniformBytes(wa[:])
	b, _ := curve448.NewScalar().SetUniformBytes(wb[:])
	A := new(curve448.Point).ScalarBaseMult(a)
	B := new(curve448.Point).ScalarBaseMult(b)
	k1 := new(curve448.Point).ScalarMult(a, B)
	k2 := new(curve448.Point).ScalarMult(b, A)
	fmt.Println(k1.Equal(k2) == 1)
	// Output: true
}

// SetCanonicalBytes is RFC 8032's decoder; SetLenientBytes also accepts
// what circl accepts, set bits 448–454.
func ExamplePoint_SetCanonicalBytes() {
	enc := curve448.NewGeneratorPoint().Bytes()
	enc[56] |= 0x01 // bit 448
	_, strictErr := new(curve448.Point).SetCanonicalBytes(enc)
	p, lenientErr := new(curve448.Point).SetLenientBytes(enc)
	fmt.Println(strictErr != nil, lenientErr == nil, p.Equal(curve448.NewGeneratorPoint()))
	// Output: true true 1
}

// BytesMontgomery maps the basepoint to the X448 basepoint u = 5.
func ExamplePoint_BytesMontgomery() {
	u := curve448.NewGeneratorPoint().BytesMontgomery()
	five := make([]byte, 56)
	five[0] = 5
	fmt.Println(bytes.Equal(u, five))
	// Output: true
}
