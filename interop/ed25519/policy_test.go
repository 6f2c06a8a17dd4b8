package ed25519_test

import (
	"math/big"

	"github.com/curvekit/curvekit/internal/bigle"
	"github.com/curvekit/curvekit/internal/ed25519test"
)

// canonicalOracle is the RFC 8032 §5.1.3 rule with math/big: y < p, and not
// x = 0 (y = ±1) with the sign bit set.
func canonicalOracle(b []byte) bool {
	y := bigle.Int(b[:32])
	sign := y.Bit(255)
	y.SetBit(y, 255, 0)
	if y.Cmp(ed25519test.P) >= 0 {
		return false
	}
	if sign == 1 && (y.Cmp(big.NewInt(1)) == 0 || y.Cmp(new(big.Int).Sub(ed25519test.P, big.NewInt(1))) == 0) {
		return false
	}
	return true
}
