package scalar25519_test

import (
	"crypto/sha512"
	"fmt"

	"github.com/curvekit/curvekit/fieldarith/scalar25519"
)

// Ed25519's signature scalar S = r + k·s mod ℓ, with r and k reduced from
// SHA-512 digests.
func Example() {
	h := sha512.Sum512([]byte("nonce"))
	r, err := new(scalar25519.Element).SetUniformBytes(h[:])
	if err != nil {
		panic(err)
	}
	h = sha512.Sum512([]byte("challenge"))
	k, _ := new(scalar25519.Element).SetUniformBytes(h[:])
	s := new(scalar25519.Element).One()
	s.Add(s, s) // s = 2

	S := new(scalar25519.Element).MultiplyAdd(k, s, r)

	// S − r equals 2k.
	check := new(scalar25519.Element).Subtract(S, r)
	twoK := new(scalar25519.Element).Add(k, k)
	fmt.Println(check.Equal(twoK))

	// Encodings of values ≥ ℓ are rejected.
	_, err = new(scalar25519.Element).SetCanonicalBytes([]byte{
		0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10,
	})
	fmt.Println(err != nil)
	// Output:
	// 1
	// true
}
