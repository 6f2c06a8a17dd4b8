package curve25519_test

import (
	"bytes"
	"fmt"

	"github.com/curvekit/curvekit/curve25519"
)

// The package documentation's and the README's snippet, compiled here.

// quickStart is the code block of the package documentation: a fresh
// X25519 key, the public half to send, and the secret shared with the peer
// whose 32-byte public key is peerBytes.
func quickStart(peerBytes []byte) (myPublic, shared []byte, err error) {
	priv, err := curve25519.GenerateKey(nil) // nil: crypto/rand
	if err != nil {
		return nil, nil, err
	}
	peer, err := curve25519.NewPublicKey(peerBytes) // the other side's 32 bytes
	if err != nil {
		return nil, nil, err
	}
	shared, err = priv.ECDH(peer)
	return priv.PublicKey().Bytes(), shared, err // send the first, keep the second
}

func Example_quickStart() {
	bob, err := curve25519.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	alicePub, aliceShared, err := quickStart(bob.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	peer, err := curve25519.NewPublicKey(alicePub)
	if err != nil {
		panic(err)
	}
	bobShared, err := bob.ECDH(peer)
	fmt.Println(len(aliceShared), bytes.Equal(aliceShared, bobShared), err)
	// Output: 32 true <nil>
}

// Example_migration: golang.org/x/crypto/curve25519's functions, with the
// import swapped.
func Example_migration() {
	scalar := make([]byte, curve25519.ScalarSize)
	scalar[0] = 9
	pub, err := curve25519.X25519(scalar, curve25519.Basepoint)
	if err != nil {
		panic(err)
	}
	_, err = curve25519.X25519(scalar[:31], pub) // a wrong length is an error, as in x/crypto
	fmt.Println(len(pub), err)
	// Output: 32 curve25519: bad scalar length: 31, expected 32
}
