package scalar448_test

import (
	"crypto/sha3"
	"fmt"

	"github.com/curvekit/curvekit/fieldarith/scalar448"
)

// Ed448 reduces a 114-byte SHAKE256 output to a scalar and computes
// S = r + k·s mod q.
func Example() {
	h := sha3.SumSHAKE256([]byte("nonce"), 114)
	r, err := new(scalar448.Element).SetUniformBytes(h)
	if err != nil {
		panic(err)
	}
	h = sha3.SumSHAKE256([]byte("challenge"), 114)
	k, _ := new(scalar448.Element).SetUniformBytes(h)
	s := new(scalar448.Element).One()

	S := new(scalar448.Element).MultiplyAdd(k, s, r)
	check := new(scalar448.Element).Subtract(S, k)
	fmt.Println(check.Equal(r), len(S.Bytes()))
	// Output: 1 56
}
