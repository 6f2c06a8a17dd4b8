package ed25519_test

import (
	"math/big"

	"github.com/curvekit/curvekit/internal/bigle"
)

var bigL, _ = new(big.Int).SetString("7237005577332262213973186563042994240857116359379907606001950938285454250989", 10)

var bigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

func bigToLE32(x *big.Int) []byte {
	out := make([]byte, 32)
	b := x.Bytes()
	for i := range b {
		out[i] = b[len(b)-1-i]
	}
	return out
}

var encIdentity = bigToLE32(big.NewInt(1))

var encIdentityNegZero = func() []byte { b := bigToLE32(big.NewInt(1)); b[31] |= 0x80; return b }()

var encIdentityPPlus1 = bigToLE32(new(big.Int).Add(bigP, big.NewInt(1)))

var encOrder8 = mustHexStatic("26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05")

func mustHexStatic(s string) []byte {
	var b []byte
	for i := 0; i < len(s); i += 2 {
		var v byte
		for _, c := range s[i : i+2] {
			v <<= 4
			switch {
			case c >= '0' && c <= '9':
				v |= byte(c - '0')
			default:
				v |= byte(c-'a') + 10
			}
		}
		b = append(b, v)
	}
	return b
}

// canonicalOracle is the RFC 8032 §5.1.3 rule with math/big: y < p, and not
// x = 0 (y = ±1) with the sign bit set.
func canonicalOracle(b []byte) bool {
	y := bigle.Int(b[:32])
	sign := y.Bit(255)
	y.SetBit(y, 255, 0)
	if y.Cmp(bigP) >= 0 {
		return false
	}
	if sign == 1 && (y.Cmp(big.NewInt(1)) == 0 || y.Cmp(new(big.Int).Sub(bigP, big.NewInt(1))) == 0) {
		return false
	}
	return true
}
