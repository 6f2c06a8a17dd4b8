// Package bigle reads little-endian byte strings and 64-bit word arrays as
// math/big integers, for the tests that check curvekit's encodings and limb
// arithmetic against math/big.
package bigle

import "math/big"

// Int returns the non-negative integer whose little-endian encoding is b.
func Int(b []byte) *big.Int {
	r := make([]byte, len(b))
	for i := range b {
		r[len(b)-1-i] = b[i]
	}
	return new(big.Int).SetBytes(r)
}

// Words returns the non-negative integer whose little-endian 64-bit words
// are w.
func Words(w []uint64) *big.Int {
	x := new(big.Int)
	for i := len(w) - 1; i >= 0; i-- {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(w[i]))
	}
	return x
}
