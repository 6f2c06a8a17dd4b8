package curve25519_test

import (
	"bytes"
	"fmt"

	"github.com/curvekit/curvekit/curve25519"
)

// PrivateKey and PublicKey have the methods of crypto/ecdh's X25519 keys,
// so code that uses ecdh.X25519() moves here (or to curve448) by renaming.
func ExampleNewPrivateKey() {
	// A stored 32-byte private key (RFC 7748 §6.1's Alice) and a peer's
	// public key arrive as bytes.
	aliceBytes := []byte{
		0x77, 0x07, 0x6d, 0x0a, 0x73, 0x18, 0xa5, 0x7d, 0x3c, 0x16, 0xc1, 0x72, 0x51, 0xb2, 0x66, 0x45,
		0xdf, 0x4c, 0x2f, 0x87, 0xeb, 0xc0, 0x99, 0x2a, 0xb1, 0x77, 0xfb, 0xa5, 0x1d, 0xb9, 0x2c, 0x2a}
	alice, err := curve25519.NewPrivateKey(aliceBytes)
	if err != nil {
		panic(err)
	}
	bob, err := curve25519.GenerateKey(nil) // nil means crypto/rand
	if err != nil {
		panic(err)
	}
	bobPub, err := curve25519.NewPublicKey(bob.PublicKey().Bytes())
	if err != nil {
		panic(err)
	}
	s1, _ := alice.ECDH(bobPub)
	s2, _ := bob.ECDH(alice.PublicKey())
	fmt.Println(bytes.Equal(s1, s2))
	fmt.Printf("%x\n", alice.PublicKey().Bytes())
	// Output:
	// true
	// 8520f0098930a754748b7ddcb43ef75a0dbf3a0d26381af4eba4a98eaa9b4e6a
}
