// Package bigle reads little-endian byte strings as math/big integers, for
// the tests that check curvekit's encodings against math/big.
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
