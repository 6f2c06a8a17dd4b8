package curve25519_test

import (
	"crypto/ecdh"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"os"

	"github.com/curvekit/curvekit/curve25519"
)

// The keys are Wycheproof's x25519_pem_test case 1; its expected shared
// secret is the output.
const (
	examplePrivatePEM = `-----BEGIN PRIVATE KEY-----
MC4CAQAwBQYDK2VuBCIEIMip1akQka2FHGaLBzbByaApNsDTrWJnCFgIgEe6BXR1
-----END PRIVATE KEY-----
`
	examplePeerPEM = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VuAyEAUEo2mZ9InNL9vAi6/z2I+gBWm6mGy6IlSP/egPmAaCk=
-----END PUBLIC KEY-----
`
)

// A private key written by `openssl genpkey -algorithm X25519` and a
// peer's public key in PEM are parsed and agree on a shared secret.
func ExampleParsePKCS8PrivateKey() {
	block, _ := pem.Decode([]byte(examplePrivatePEM))
	priv, err := curve25519.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	block, _ = pem.Decode([]byte(examplePeerPEM))
	peer, err := curve25519.ParsePKIXPublicKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	shared, err := priv.ECDH(peer)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n", shared)
	// Output: 436a2c040cf45fea9b29a0cb81b1f41458f863d0d61b453d0a982720d6d61320
}

// The public key of a private key is written as PEM, as `openssl pkey
// -pubout` writes it.
func ExampleMarshalPKIXPublicKey() {
	block, _ := pem.Decode([]byte(examplePrivatePEM))
	priv, err := curve25519.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	der, err := curve25519.MarshalPKIXPublicKey(priv.PublicKey())
	if err != nil {
		panic(err)
	}
	pem.Encode(os.Stdout, &pem.Block{Type: "PUBLIC KEY", Bytes: der})
	// Output:
	// -----BEGIN PUBLIC KEY-----
	// MCowBQYDK2VuAyEAX2S0HM6Kaz1qOHYwiPYVpJd9QiKIrkK0mrOlfi/Nb20=
	// -----END PUBLIC KEY-----
}

// A key is handed to code that takes crypto/ecdh keys, here crypto/x509,
// and a crypto/ecdh key comes back and compares equal to the original.
func ExamplePrivateKey_ToECDH() {
	priv, err := curve25519.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	std, err := priv.ToECDH()
	if err != nil {
		panic(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(std)
	if err != nil {
		panic(err)
	}
	parsed, err := x509.ParsePKCS8PrivateKey(der)
	if err != nil {
		panic(err)
	}
	back, err := curve25519.FromECDH(parsed.(*ecdh.PrivateKey))
	if err != nil {
		panic(err)
	}
	fmt.Println(priv.Equal(parsed), back.Equal(priv))
	// Output: true true
}

// A crypto/ecdh key becomes a curve25519 key with the same bytes, so both
// sides compute the same secret.
func ExampleFromECDH() {
	std, err := ecdh.X25519().GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	priv, err := curve25519.FromECDH(std)
	if err != nil {
		panic(err)
	}
	peer, _ := curve25519.GenerateKey(nil)
	s1, _ := priv.ECDH(peer.PublicKey())
	peerStd, _ := peer.PublicKey().ToECDH()
	s2, _ := std.ECDH(peerStd)
	fmt.Println(string(s1) == string(s2), priv.Equal(std))
	// Output: true true
}

// A peer's public key arrives as PEM and is checked before use: anything
// but an X25519 SubjectPublicKeyInfo is an error.
func ExampleParsePKIXPublicKey() {
	block, _ := pem.Decode([]byte(examplePeerPEM))
	peer, err := curve25519.ParsePKIXPublicKey(block.Bytes)
	fmt.Printf("%x %v\n", peer.Bytes(), err)
	_, err = curve25519.ParsePKIXPublicKey(append(block.Bytes, 0))
	fmt.Println(err)
	// Output:
	// 504a36999f489cd2fdbc08baff3d88fa00569ba986cba22548ffde80f9806829 <nil>
	// curve25519: invalid PKIX public key: trailing data after SubjectPublicKeyInfo
}

// A key goes to disk as PKCS #8 PEM, the form `openssl genpkey` writes,
// and comes back equal.
func ExampleMarshalPKCS8PrivateKey() {
	priv, err := curve25519.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	der, err := curve25519.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		panic(err)
	}
	text := pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})
	block, _ := pem.Decode(text)
	back, err := curve25519.ParsePKCS8PrivateKey(block.Bytes)
	if err != nil {
		panic(err)
	}
	fmt.Println(back.Equal(priv))
	// Output: true
}

// A public key moves between crypto/ecdh and this package by its bytes,
// and the two compare equal.
func ExampleFromECDHPublicKey() {
	std, err := ecdh.X25519().GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	pub, err := curve25519.FromECDHPublicKey(std.PublicKey())
	if err != nil {
		panic(err)
	}
	back, err := pub.ToECDH()
	if err != nil {
		panic(err)
	}
	fmt.Println(pub.Equal(std.PublicKey()), back.Equal(std.PublicKey()))
	// Output: true true
}
