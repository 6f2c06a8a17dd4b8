package curve25519_test

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"fmt"

	"github.com/curvekit/curvekit/curve25519"
)

// Two parties agree on a shared secret. Fresh private keys come from
// crypto/rand; each public key is X25519(private, Basepoint), which takes the
// fixed-base path.
func ExampleX25519() {
	alicePriv := make([]byte, curve25519.ScalarSize)
	bobPriv := make([]byte, curve25519.ScalarSize)
	if _, err := rand.Read(alicePriv); err != nil {
		panic(err)
	}
	if _, err := rand.Read(bobPriv); err != nil {
		panic(err)
	}
	alicePub, err := curve25519.X25519(alicePriv, curve25519.Basepoint)
	if err != nil {
		panic(err)
	}
	bobPub, err := curve25519.X25519(bobPriv, curve25519.Basepoint)
	if err != nil {
		panic(err)
	}

	// Each side combines its private key with the peer's public key. An
	// error here means the peer sent a low-order point: abort.
	aliceShared, err := curve25519.X25519(alicePriv, bobPub)
	if err != nil {
		panic(err)
	}
	bobShared, err := curve25519.X25519(bobPriv, alicePub)
	if err != nil {
		panic(err)
	}
	fmt.Println(bytes.Equal(aliceShared, bobShared))
	// Output: true
}

// The Diffie-Hellman example of RFC 7748, Section 6.1.
func ExampleX25519_rfc7748() {
	alicePriv, _ := hex.DecodeString("77076d0a7318a57d3c16c17251b26645df4c2f87ebc0992ab177fba51db92c2a")
	bobPub, _ := hex.DecodeString("de9edb7d7b7dc1b4d35b61c2ece435373f8343c85b78674dadfc7e146f882b4f")

	alicePub, _ := curve25519.X25519(alicePriv, curve25519.Basepoint)
	shared, err := curve25519.X25519(alicePriv, bobPub)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%x\n%x\n", alicePub, shared)
	// Output:
	// 8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a
	// 4a5d9d5ba4ce2de1728e3bf480350f25e07e21c947d19e3376f09b3c1e161742
}

// A low-order peer key gives an all-zero result, which X25519 reports as an
// error.
func ExampleX25519_lowOrder() {
	priv := make([]byte, curve25519.ScalarSize)
	priv[0] = 0x42
	lowOrder := make([]byte, curve25519.PointSize) // u = 0, a point of order 2
	_, err := curve25519.X25519(priv, lowOrder)
	fmt.Println(err != nil)
	// Output: true
}
