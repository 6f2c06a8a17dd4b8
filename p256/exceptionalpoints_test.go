package p256

import (
	"crypto/ecdh"
	"math/big"
	"testing"
)

// zeroXPoints are the two P-256 points with x = 0, (0, ±√b) (b is a square
// mod p), an exceptional input every point routine must take, and
// borrowCarryKeys.
func zeroXPoints(t *testing.T) [][]byte {
	t.Helper()
	b, _ := new(big.Int).SetString("5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b", 16)
	// p ≡ 3 mod 4: √b = b^((p+1)/4).
	e := new(big.Int).Add(fieldP, big.NewInt(1))
	e.Rsh(e, 2)
	y := new(big.Int).Exp(b, e, fieldP)
	if new(big.Int).Exp(y, big.NewInt(2), fieldP).Cmp(b) != 0 {
		t.Fatal("b is not a square mod p")
	}
	var out [][]byte
	for _, yy := range []*big.Int{y, new(big.Int).Sub(fieldP, y)} {
		sec1 := make([]byte, 65)
		sec1[0] = 4
		yy.FillBytes(sec1[33:])
		if _, err := ecdh.P256().NewPublicKey(sec1); err != nil {
			t.Fatalf("(0, %x) is not a P-256 point: %v", yy, err)
		}
		out = append(out, sec1)
	}
	for _, k := range borrowCarryKeys {
		sec1 := make([]byte, 65)
		sec1[0] = 4
		x, _ := new(big.Int).SetString(k.x, 16)
		yy, _ := new(big.Int).SetString(k.y, 16)
		x.FillBytes(sec1[1:33])
		yy.FillBytes(sec1[33:])
		if _, err := ecdh.P256().NewPublicKey(sec1); err != nil {
			t.Fatalf("(%x, %x) is not a P-256 point: %v", x, yy, err)
		}
		// The doubling's X − δ, in Montgomery form, must borrow by less
		// than 2^64 for the repair's carry to run through every limb.
		R := new(big.Int).Lsh(big.NewInt(1), 256)
		xm := new(big.Int).Mul(x, R)
		xm.Mod(xm, fieldP)
		d := new(big.Int).Sub(new(big.Int).Mod(R, fieldP), xm)
		if d.Sign() <= 0 || d.BitLen() > 64 {
			t.Fatalf("(%x, ·): δ − X = %x in Montgomery form, not in (0, 2^64)", x, d)
		}
		out = append(out, sec1)
	}
	return out
}

// borrowCarryKeys are points whose doubling from Z = 1 computes X − δ with
// a borrow of D = δ − X < 2^64 in Montgomery form (δ = R mod p, the
// Montgomery 1): X·R mod p = (R mod p) − D, for D = 4 and 8 (the first D for
// which x³ − 3x + b is a square). Repairing the borrow by adding p then
// carries through every limb (jacobianDoubleAsm's "ADCQ CX, R11", the
// mutation tester's survivor ADCQ CX, R11#1:nocarry).
var borrowCarryKeys = []struct{ x, y string }{
	{"3fffffff40000000bfffffff7fffffffc00000007fffffff3fffffffd", "1cad84d5479f703fa1b241c9b7e91865621f5026001510ddd2b2d423a628bba0"},
	{"7ffffffe800000017ffffffeffffffff80000000fffffffe7fffffff9", "645ce91945ebaa154480a46733906f803d442e5b35d1484bd33408c64ca24a93"},
}

// TestZeroXJacobian doubles each point of zeroXPoints (Z = 1) with the assembly and
// the Go code.
func TestZeroXJacobian(t *testing.T) {
	for _, sec1 := range zeroXPoints(t) {
		var a jacobianPoint
		a.x = jacElement(t, new(big.Int).SetBytes(sec1[1:33]))
		a.y = jacElement(t, new(big.Int).SetBytes(sec1[33:]))
		a.z.One()
		jacCheck(t, a, a)
	}
}

// TestZeroXECDH runs ECDH with each point of zeroXPoints as the peer against
// crypto/ecdh.
func TestZeroXECDH(t *testing.T) {
	for _, sec1 := range zeroXPoints(t) {
		checkPeerECDH(t, sec1, 0)
	}
}
