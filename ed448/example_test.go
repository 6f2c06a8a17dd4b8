package ed448_test

import (
	"crypto"
	"fmt"

	"github.com/curvekit/curvekit/ed448"
)

func Example() {
	pub, priv, err := ed448.GenerateKey(nil)
	if err != nil {
		panic(err)
	}
	msg := []byte("hello, Ed448")
	sig := ed448.Sign(priv, msg, "")
	fmt.Println(len(sig), ed448.Verify(pub, msg, sig, ""))
	fmt.Println(ed448.Verify(pub, msg, sig, "another context"))
	// Output:
	// 114 true
	// false
}

// A context string separates the signatures of different protocols; Ed448ph
// signs a SHAKE256 digest of the message.
func ExampleSignPh() {
	priv := ed448.NewKeyFromSeed(make([]byte, ed448.SeedSize)) // a fixed key, for the example only
	pub := priv.Public().(ed448.PublicKey)
	msg := []byte("a long message")
	sig := ed448.SignPh(priv, msg, "protocol v1")
	fmt.Println(ed448.VerifyPh(pub, msg, sig, "protocol v1"), ed448.Verify(pub, msg, sig, "protocol v1"))
	// Output: true false
}

// PrivateKey implements crypto.Signer; SignerOptions chooses the scheme and
// context, and for VerifyAny the verification policy.
func ExamplePrivateKey_Sign() {
	_, priv, _ := ed448.GenerateKey(nil)
	var signer crypto.Signer = priv
	opts := ed448.SignerOptions{Scheme: ed448.ED448, Context: "example"}
	msg := []byte("signed through crypto.Signer")
	sig, err := signer.Sign(nil, msg, opts)
	if err != nil {
		panic(err)
	}
	pub := signer.Public().(ed448.PublicKey)
	opts.Policy = ed448.PolicyStrict
	fmt.Println(ed448.VerifyAny(pub, msg, sig, opts))
	// Output: true
}

// The policies differ on edge cases only: here a small-order public key,
// which circl (PolicyDefault) accepts and the others reject.
func ExamplePolicy() {
	identity := make([]byte, ed448.PublicKeySize)
	identity[0] = 1 // the encoding of the identity point (0, 1)
	// With A the identity, R = [r]B and S = r verify for any message; here
	// r = 1, so R is the basepoint and S = 1.
	sig := make([]byte, ed448.SignatureSize)
	copy(sig, basepoint)
	sig[57] = 1
	for _, p := range []ed448.Policy{ed448.PolicyDefault, ed448.PolicyOpenSSL, ed448.PolicyStrict} {
		fmt.Println(p, ed448.VerifyAny(identity, []byte("any message"), sig, ed448.SignerOptions{Policy: p}))
	}
	// Output:
	// PolicyDefault true
	// PolicyOpenSSL false
	// PolicyStrict false
}

// basepoint is the encoding of the Ed448 basepoint B (RFC 8032, Section 5.2).
var basepoint = []byte{
	0x14, 0xfa, 0x30, 0xf2, 0x5b, 0x79, 0x08, 0x98, 0xad, 0xc8, 0xd7, 0x4e, 0x2c, 0x13,
	0xbd, 0xfd, 0xc4, 0x39, 0x7c, 0xe6, 0x1c, 0xff, 0xd3, 0x3a, 0xd7, 0xc2, 0xa0, 0x05,
	0x1e, 0x9c, 0x78, 0x87, 0x40, 0x98, 0xa3, 0x6c, 0x73, 0x73, 0xea, 0x4b, 0x62, 0xc7,
	0xc9, 0x56, 0x37, 0x20, 0x76, 0x88, 0x24, 0xbc, 0xb6, 0x6e, 0x71, 0x46, 0x3f, 0x69,
	0x00,
}

// Keys travel as DER (or PEM) in the RFC 8410 formats that OpenSSL reads.
func ExampleMarshalPKCS8PrivateKey() {
	_, priv, _ := ed448.GenerateKey(nil)
	der, err := ed448.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		panic(err)
	}
	back, err := ed448.ParsePKCS8PrivateKey(der)
	fmt.Println(len(der), err == nil && back.Equal(priv))
	pubDER, _ := ed448.MarshalPKIXPublicKey(priv.Public().(ed448.PublicKey))
	pub, err := ed448.ParsePKIXPublicKey(pubDER)
	fmt.Println(len(pubDER), err == nil && pub.Equal(priv.Public()))
	// Output:
	// 73 true
	// 69 true
}
