package scalarp256_test

import (
	"crypto/sha256"
	"fmt"

	"github.com/curvekit/curvekit/fieldarith/scalarp256"
)

// The scalar part of an ECDSA signature: s = k⁻¹·(e + r·d) mod n.
func Example() {
	digest := sha256.Sum256([]byte("message"))
	e, err := new(scalarp256.Element).SetReducedBytes(digest[:])
	if err != nil {
		panic(err)
	}
	d, _ := new(scalarp256.Element).SetReducedBytes([]byte("a private key of thirty-two byte"))
	r, _ := new(scalarp256.Element).SetReducedBytes([]byte("x coordinate of kG reduced mod n"))
	k, _ := new(scalarp256.Element).SetReducedBytes([]byte("a nonce, secret and never reused"))

	s := new(scalarp256.Element).MultiplyAdd(r, d, e)
	s.Multiply(s, new(scalarp256.Element).Invert(k))

	// Verification's identity: s·k = e + r·d.
	lhs := new(scalarp256.Element).Multiply(s, k)
	rhs := new(scalarp256.Element).MultiplyAdd(r, d, e)
	fmt.Println(lhs.Equal(rhs))
	// Output: 1
}
