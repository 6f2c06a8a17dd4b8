package curve448_test

import (
	"bytes"
	"crypto/rand"
	"fmt"

	"github.com/curvekit/curvekit/curve448"
)

// Two parties agree on a shared secret with the raw X448 function.
func ExampleX448() {
	alice := make([]byte, curve448.ScalarSize)
	bob := make([]byte, curve448.ScalarSize)
	rand.Read(alice)
	rand.Read(bob)

	alicePub, _ := curve448.X448(alice, curve448.Basepoint)
	bobPub, _ := curve448.X448(bob, curve448.Basepoint)

	s1, err1 := curve448.X448(alice, bobPub)
	s2, err2 := curve448.X448(bob, alicePub)
	fmt.Println(err1 == nil, err2 == nil, bytes.Equal(s1, s2), len(s1))

	// A low-order point gives the all-zero output, which X448 refuses.
	_, err := curve448.X448(alice, make([]byte, curve448.PointSize))
	fmt.Println(err)
	// Output:
	// true true true 56
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
