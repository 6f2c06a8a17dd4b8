package ed25519_test

import (
	"crypto"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/hex"
	"fmt"
	"math/big"
	"time"

	"github.com/curvekit/curvekit/ed25519"
)

func Example() {
	seed := make([]byte, ed25519.SeedSize) // use crypto/rand in real code
	priv := ed25519.NewKeyFromSeed(seed)
	pub := priv.Public().(ed25519.PublicKey)

	msg := []byte("hello, world")
	sig := ed25519.Sign(priv, msg)
	fmt.Println(ed25519.Verify(pub, msg, sig))
	fmt.Println(ed25519.Verify(pub, []byte("hello, world!"), sig))
	// Output:
	// true
	// false
}

// Policies decide the edge cases. The identity public key with R = identity
// and S = 0 "verifies" every message under crypto/ed25519's rules (and so
// under PolicyDefault) and ZIP-215's, but not under PolicyStrict.
func ExampleVerifyWithOptions() {
	identity := make([]byte, 32)
	identity[0] = 1
	sig := append(append([]byte{}, identity...), make([]byte, 32)...)
	for _, p := range []ed25519.Policy{ed25519.PolicyDefault, ed25519.PolicyZIP215, ed25519.PolicyStrict} {
		err := ed25519.VerifyWithOptions(identity, []byte("anything"), sig, &ed25519.Options{Policy: p})
		fmt.Println(p, err == nil)
	}
	// Output:
	// PolicyDefault true
	// PolicyZIP215 true
	// PolicyStrict false
}

// PublicKey is crypto/ed25519's type, and PrivateKey is a crypto.Signer
// whose Public method returns it, so a certificate is made and checked
// with crypto/x509 and no conversion. Only PKCS #8 needs this package's
// helpers, as crypto/x509 does not know the PrivateKey type.
func Example_x509() {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	pub := priv.Public().(ed25519.PublicKey)

	tmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1),
		Subject:      pkix.Name{CommonName: "example"},
		NotBefore:    time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC),
		NotAfter:     time.Date(2027, 1, 1, 0, 0, 0, 0, time.UTC),
		IsCA:         true,
		KeyUsage:     x509.KeyUsageCertSign,

		BasicConstraintsValid: true,
	}
	der, err := x509.CreateCertificate(nil, tmpl, tmpl, pub, priv)
	if err != nil {
		panic(err)
	}
	cert, err := x509.ParseCertificate(der)
	if err != nil {
		panic(err)
	}
	fmt.Println(cert.SignatureAlgorithm, cert.CheckSignatureFrom(cert) == nil, pub.Equal(cert.PublicKey))

	spki, err := x509.MarshalPKIXPublicKey(pub)
	if err != nil {
		panic(err)
	}
	parsed, err := x509.ParsePKIXPublicKey(spki)
	if err != nil {
		panic(err)
	}
	_, ok := parsed.(ed25519.PublicKey)
	fmt.Println(ok)

	pkcs8, err := ed25519.MarshalPKCS8PrivateKey(priv)
	if err != nil {
		panic(err)
	}
	priv2, err := ed25519.ParsePKCS8PrivateKey(pkcs8)
	if err != nil {
		panic(err)
	}
	fmt.Println(priv2.Equal(priv))
	// Output:
	// Ed25519 true true
	// true
	// true
}

// Signing with a context (Ed25519ctx) and pre-hashed (Ed25519ph) goes
// through crypto.Signer, as with crypto/ed25519.
func ExamplePrivateKey_Sign() {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	pub := priv.Public().(ed25519.PublicKey)
	opts := &ed25519.Options{Context: "example"}
	sig, err := priv.Sign(nil, []byte("message"), opts)
	if err != nil {
		panic(err)
	}
	fmt.Println(ed25519.VerifyWithOptions(pub, []byte("message"), sig, opts) == nil)
	fmt.Println(ed25519.Verify(pub, []byte("message"), sig)) // not pure Ed25519
	_, err = priv.Sign(nil, []byte("message"), crypto.SHA512)
	fmt.Println(err != nil) // Ed25519ph wants a 64-byte SHA-512 hash
	// Output:
	// true
	// false
	// true
}

// Verifying many signatures under one key: decode the key once.
func ExampleExpandedPublicKey() {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	e, err := ed25519.NewExpandedPublicKey(priv.Public().(ed25519.PublicKey))
	if err != nil {
		panic(err)
	}
	for _, m := range []string{"one", "two", "three"} {
		sig := ed25519.Sign(priv, []byte(m))
		fmt.Println(m, e.Verify([]byte(m), sig))
	}
	// Output:
	// one true
	// two true
	// three true
}

// Tor v3 onion services: blind the identity key for the current time
// period; the blinded key signs and anyone holding the blinded public key
// verifies with ordinary Ed25519.
func ExampleBlindPublicKey() {
	priv := ed25519.NewKeyFromSeed(make([]byte, ed25519.SeedSize))
	pub := priv.Public().(ed25519.PublicKey)

	period, err := ed25519.TorTimePeriod(time.Date(1973, 5, 20, 1, 50, 33, 0, time.UTC), 1440)
	if err != nil {
		panic(err)
	}
	h := ed25519.TorBlindingFactor(pub, nil, period, 1440)
	blindedPub, err := ed25519.BlindPublicKey(pub, h)
	if err != nil {
		panic(err)
	}

	identity, err := ed25519.ExpandPrivateKey(priv)
	if err != nil {
		panic(err)
	}
	blinded, err := identity.Blind(h)
	if err != nil {
		panic(err)
	}
	sig, err := blinded.Sign(nil, []byte("descriptor"), crypto.Hash(0))
	if err != nil {
		panic(err)
	}
	fmt.Println(period)
	fmt.Println(blinded.PublicKey().Equal(blindedPub))
	fmt.Println(ed25519.Verify(blindedPub, []byte("descriptor"), sig))
	// Output:
	// 1234
	// true
	// true
}

// Tor cross-certifies a curve25519 (ntor) key with an Ed25519 signature: the
// signer derives an Ed25519 key and a sign bit from the curve25519 secret;
// the verifier rebuilds the Ed25519 public key from the curve25519 public
// key and that bit.
func ExampleNewExpandedPrivateKeyFromX25519() {
	secret, _ := hex.DecodeString("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
	key, signBit, err := ed25519.NewExpandedPrivateKeyFromX25519(secret)
	if err != nil {
		panic(err)
	}
	sig, _ := key.Sign(nil, []byte("cross-cert"), crypto.Hash(0))

	// RFC 7748 §6.1: Alice's X25519 public key for this secret.
	u, _ := hex.DecodeString("8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a")
	pub, err := ed25519.PublicKeyFromX25519(u, signBit)
	if err != nil {
		panic(err)
	}
	fmt.Println(ed25519.Verify(pub, []byte("cross-cert"), sig))
	// Output:
	// true
}
