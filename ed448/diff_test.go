package ed448

import (
	"crypto"
	mrand "math/rand/v2"
)

func randomBytes(r *mrand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// circlLikeOptions mimics circl's sign/ed448.SignerOptions: a type of
// another package with an embedded crypto.Hash (so HashFunc() is zero), a
// context and a scheme that this package cannot read.
type circlLikeOptions struct {
	crypto.Hash
	Context string
	Scheme  uint
}
