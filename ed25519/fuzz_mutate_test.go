package ed25519

import (
	"bytes"
	"math/big"

	"github.com/curvekit/curvekit/internal/bigle"
)

// mutationSpecials are the encodings the mutator can put in place of A or R:
// the small-order points, non-canonical encodings of them (y ≥ p, x = 0
// with the sign bit set), and a y that is not on the curve.
var mutationSpecials = func() [][]byte {
	s := [][]byte{encIdentityPPlus1, encIdentityNegZero, notAPointStatic}
	for _, e := range smallOrderEncodings {
		s = append(s, bytes.Clone(e[:]))
	}
	for _, d := range []int64{0, 1, 2, 3, 4, 18} {
		y := bigToLE32(new(big.Int).Add(bigP, big.NewInt(d)))
		y2 := bytes.Clone(y)
		y2[31] |= 0x80
		s = append(s, y, y2)
	}
	return s
}()

// mutate applies ops, three bytes each, to pub and sig (both modified):
// op%5 = 0 xors ops[2] into byte ops[1] of A ‖ R ‖ S; 1 and 2 replace A or R
// with a special encoding; 3 replaces S with S + kℓ (k < 8, if it fits in
// 256 bits); 4 sets S to zero.
func mutate(pub, sig, ops []byte) {
	for len(ops) >= 3 {
		op, a, b := ops[0], ops[1], ops[2]
		ops = ops[3:]
		switch op % 5 {
		case 0:
			if i := int(a) % 96; i < 32 {
				pub[i] ^= b
			} else {
				sig[i-32] ^= b
			}
		case 1:
			copy(pub, mutationSpecials[int(a)%len(mutationSpecials)])
		case 2:
			copy(sig[:32], mutationSpecials[int(a)%len(mutationSpecials)])
		case 3:
			S := new(big.Int).Add(bigle.Int(sig[32:]), new(big.Int).Mul(bigL, big.NewInt(int64(a%8))))
			if S.BitLen() <= 256 {
				copy(sig[32:], bigToLE32(S))
			}
		case 4:
			clear(sig[32:])
		}
	}
}
