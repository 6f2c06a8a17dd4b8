package curve448_test

import (
	"bytes"
	"fmt"

	"github.com/curvekit/curvekit/curve448"
)

// The package documentation's and the README's snippet, compiled here.

// quickStart is the code block of the package documentation: a fresh
// X448 key, the public half to send, and the secret shared with the peer
// whose 56-byte public key is peerBytes.
func quickStart(peerBytes []byte) (myPublic, shared []byte, err error) {
	priv, err := curve448.GenerateKey(nil) // nil: crypto/rand
	if err != nil {
		return nil, nil, err
	}
	peer, err := curve448.NewPublicKey(peerBytes) // the other side's 56 bytes
	if err != nil {
		return nil, nil, err
	}
	shared, err = priv.ECDH(peer)
	return priv.PublicKey().Bytes(), shared, err // send the first, keep the second
}

func Example_quickStart() {
	bob, err := curve448.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	alicePub, aliceShared, err := quickStart(bob.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	peer, err := curve448.NewPublicKey(alicePub)
	if err != nil {
		panic(err)
	}
	bobShared, err := bob.ECDH(peer)
	fmt.Println(len(aliceShared), bytes.Equal(aliceShared, bobShared), err)
	// Output: 56 true <nil>
}
