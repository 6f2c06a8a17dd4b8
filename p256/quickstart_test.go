package p256_test

import (
	"bytes"
	"crypto/ecdsa"
	"crypto/sha256"
	"crypto/x509"
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
	peer, err := p256.NewPublicKey(peerBytes) // SEC 1, 65 or 33 bytes
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

// Example_migration shows, with the README's migration list, what needs a
// helper when *p256.PrivateKey replaces *ecdsa.PrivateKey.
func Example_migration() {
	priv, err := p256.GenerateKey(nil)
	if err != nil {
		panic(err)
	}

	// crypto/x509 marshals only its own key types.
	_, err = x509.MarshalPKCS8PrivateKey(priv)
	fmt.Println(err != nil)
	der, err := p256.MarshalPKCS8PrivateKey(priv) // same DER as x509's
	if err != nil {
		panic(err)
	}

	// x509.ParsePKCS8PrivateKey returns an *ecdsa.PrivateKey.
	key, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		panic(err)
	}
	_, ok := key.(*p256.PrivateKey)
	fmt.Println(ok)
	back, err := p256.FromECDSA(key.(*ecdsa.PrivateKey)) // or p256.ParsePKCS8PrivateKey(der)
	fmt.Println(back.Equal(priv), err)

	// Public returns an *ecdsa.PublicKey: crypto/ecdsa verifies our signatures.
	digest := sha256.Sum256([]byte("hello"))
	sig, err := p256.SignASN1(nil, priv, digest[:])
	if err != nil {
		panic(err)
	}
	fmt.Println(ecdsa.VerifyASN1(priv.Public().(*ecdsa.PublicKey), digest[:], sig))
	// Output:
	// true
	// false
	// true <nil>
	// true
}
