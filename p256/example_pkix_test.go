package p256_test

import (
	"crypto/x509"
	"encoding/pem"
	"fmt"

	"github.com/curvekit/curvekit/p256"
)

// A key pair written as PEM "PRIVATE KEY" and "PUBLIC KEY" blocks and read
// back, by this package and by crypto/x509.
func ExampleMarshalPKCS8PrivateKey() {
	priv, err := p256.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	der, err := p256.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		panic(err)
	}
	privPEM := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	der, err = p256.MarshalPKIXPublicKey(priv.PublicKey())
	if err != nil {
		panic(err)
	}
	pubPEM := pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der})

	block, _ := pem.Decode(privPEM)
	priv2, err := p256.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	block, _ = pem.Decode(pubPEM)
	pub2, err := p256.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	std, err := x509.ParsePKIXPublicKey(block.Bytes) // an *ecdsa.PublicKey
	if err != nil {
		panic(err)
	}
	fmt.Println(priv2.Equal(priv), pub2.Equal(priv.PublicKey()), pub2.Equal(std))
	// Output: true true true
}
