package ed448

import (
	"math/big"
)

// ed448Order is q = 2^446 − 13818066809895115352007386748515426880336692474882178609894547503885,
// written out here from RFC 8032 §5.2 rather than taken from the package.
var ed448Order = func() *big.Int {
	c, _ := new(big.Int).SetString("13818066809895115352007386748515426880336692474882178609894547503885", 10)
	q := new(big.Int).Lsh(big.NewInt(1), 446)
	return q.Sub(q, c)
}()

// Small-order and non-canonical point encodings (57 bytes, little-endian y,
// sign of x in the top bit): the identity (0, 1), (0, −1), and y = 1 + p
// (non-canonical identity), with and without the sign bit.
var ed448OddPoints = func() [][]byte {
	p := new(big.Int).Lsh(big.NewInt(1), 448)
	p.Sub(p, new(big.Int).Lsh(big.NewInt(1), 224))
	p.Sub(p, big.NewInt(1))
	enc := func(y *big.Int, sign bool) []byte {
		b := make([]byte, 57)
		y.FillBytes(b[:56])
		for i, j := 0, 55; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
		if sign {
			b[56] = 0x80
		}
		return b
	}
	var out [][]byte
	for _, y := range []*big.Int{big.NewInt(1), new(big.Int).Sub(p, big.NewInt(1)), new(big.Int).Add(p, big.NewInt(1)), big.NewInt(0)} {
		out = append(out, enc(y, false), enc(y, true))
	}
	hi := make([]byte, 57)
	hi[0], hi[56] = 1, 0x7f // bits 448–454 set on the identity
	return append(out, hi)
}()

func reverse(b []byte) []byte {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return r
}
