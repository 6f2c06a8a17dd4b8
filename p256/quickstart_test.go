package p256_test

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"

	"github.com/curvekit/curvekit/p256"
)

// The package documentation's and the README's snippets, compiled here.

// quickStartECDSA is the ECDSA code block of the package documentation.
func quickStartECDSA(msg []byte) error {
	priv, err := p256.GenerateKey(nil) // nil: crypto/rand
	if err != nil {
		return err
	}
	digest := sha256.Sum256(msg)
	sig, err := p256.SignASN1(nil, priv, digest[:]) // DER, as crypto/ecdsa.SignASN1
	if err != nil {
		return err
	}
	if !p256.VerifyASN1(priv.PublicKey(), digest[:], sig) {
		return errors.New("bad signature")
	}
	return nil
}

// quickStartECDH is the ECDH code block of the package documentation:
// peerBytes is the other side's SEC 1 public key (65 or 33 bytes).
func quickStartECDH(peerBytes []byte) (myPublic, shared []byte, err error) {
	priv, err := p256.GenerateKey(nil)
	if err != nil {
		return nil, nil, err
	}
	peer, err := p256.NewPublicKey(peerBytes)
	if err != nil {
		return nil, nil, err
	}
	shared, err = priv.ECDH(peer)
	return priv.PublicKey().Bytes(), shared, err
}

func Example_quickStart() {
	fmt.Println(quickStartECDSA([]byte("hello")))

	bob, err := p256.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	alicePub, aliceShared, err := quickStartECDH(bob.PublicKey().BytesCompressed())
	if err != nil {
		panic(err)
	}
	peer, err := p256.NewPublicKey(alicePub)
	if err != nil {
		panic(err)
	}
	bobShared, err := bob.ECDH(peer)
	fmt.Println(len(aliceShared), bytes.Equal(aliceShared, bobShared), err)
	// Output:
	// <nil>
	// 32 true <nil>
}
