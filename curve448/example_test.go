package curve448_test

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
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
// what circl accepted before v1.6.5, set bits 448–454.
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

// The raw function: a public key is X448 of the private key and the
// basepoint (here RFC 7748 §6.2's Alice), a shared secret X448 of the private
// key and the peer's public key.
func ExampleX448() {
	alice, _ := hex.DecodeString("9a8f4925d1519f5775cf46b04b5800d4ee9ee8bae8bc5565d498c28dd9c9baf574a9419744897391006382a6f127ab1d9ac2d8c0a598726b")
	pub, err := curve448.X448(alice, curve448.Basepoint)
	fmt.Printf("%x %v\n", pub[:8], err)

	bob := make([]byte, curve448.ScalarSize)
	rand.Read(bob)
	bobPub, _ := curve448.X448(bob, curve448.Basepoint)
	s1, _ := curve448.X448(alice, bobPub)
	s2, _ := curve448.X448(bob, pub)
	fmt.Println(bytes.Equal(s1, s2))

	// u = 1 has low order: the output would be all zero, and X448 refuses.
	one := make([]byte, curve448.PointSize)
	one[0] = 1
	_, err = curve448.X448(bob, one)
	fmt.Println(err)
	// Output:
	// 9b08f7cc31b7e3e6 <nil>
	// true
	// curve448: bad input point: low order point
}

// The key types read like crypto/ecdh's: code written for ecdh.X25519()
// keys moves to X448 by renaming.
func ExampleGenerateKey() {
	alice, err := curve448.GenerateKey(rand.Reader)
	if err != nil {
		panic(err)
	}
	bob, err := curve448.GenerateKey(nil) // nil means crypto/rand
	if err != nil {
		panic(err)
	}
	// Bob receives Alice's public key as bytes.
	alicePub, err := curve448.NewPublicKey(alice.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	s1, _ := alice.ECDH(bob.PublicKey())
	s2, _ := bob.ECDH(alicePub)
	fmt.Println(bytes.Equal(s1, s2))

	// A zero-value key is refused, not used.
	var zero curve448.PrivateKey
	_, err = zero.ECDH(bob.PublicKey())
	fmt.Println(err)
	// Output:
	// true
	// curve448: nil or zero-value X448 key
}
