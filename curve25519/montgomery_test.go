package curve25519

import (
	"bytes"
	"crypto/rand"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
)

type bigInt = big.Int

var bigOne = big.NewInt(1)

var bigP = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

// onMontgomery reports whether u³ + 486662·u² + u is a square mod p
// (Euler's criterion), i.e. whether u is on Curve25519 rather than its twist.
func onMontgomery(u *big.Int) bool {
	r := new(big.Int).Mul(u, u)
	r.Add(r, new(big.Int).Mul(big.NewInt(486662), u)).Add(r, big.NewInt(1)).Mul(r, u).Mod(r, bigP)
	if r.Sign() == 0 {
		return true
	}
	e := new(big.Int).Rsh(new(big.Int).Sub(bigP, big.NewInt(1)), 1)
	return new(big.Int).Exp(r, e, bigP).Cmp(big.NewInt(1)) == 0
}

func TestSetMontgomeryEdges(t *testing.T) {
	nine := make([]byte, 32)
	nine[0] = 9
	b, err := new(Point).SetMontgomery(nine, 0)
	if err != nil || b.Equal(NewGeneratorPoint()) != 1 {
		t.Fatal("u = 9 is not B")
	}
	// u = 0 gives (0, -1) whatever the sign.
	for sign := 0; sign < 2; sign++ {
		p, err := new(Point).SetMontgomery(make([]byte, 32), sign)
		if err != nil || !bytes.Equal(p.Bytes(), mustHex(t, smallOrderHex[4])) {
			t.Fatalf("u = 0, sign %d: %v", sign, err)
		}
	}
	// u = -1: no Edwards image.
	if _, err := new(Point).SetMontgomery(bigToLE(new(big.Int).Sub(bigP, big.NewInt(1))), 0); err == nil {
		t.Fatal("u = -1 accepted")
	}
	// Non-canonical u: u ≥ p, and bit 255 set.
	for _, v := range []*big.Int{bigP, new(big.Int).Add(bigP, big.NewInt(9))} {
		if _, err := new(Point).SetMontgomery(bigToLE(v), 0); err == nil {
			t.Fatalf("non-canonical u = %v accepted", v)
		}
	}
	hi := make([]byte, 32)
	hi[0] = 9
	hi[31] = 0x80
	if _, err := new(Point).SetMontgomery(hi, 0); err == nil {
		t.Fatal("u with bit 255 set accepted")
	}
	if _, err := new(Point).SetMontgomery(nine[:31], 0); err == nil {
		t.Fatal("short u accepted")
	}
	if _, err := new(Point).SetMontgomery(nine, 2); err == nil {
		t.Fatal("sign 2 accepted")
	}
	// Random u: accepted exactly when on the curve (not the twist), and
	// then maps back to u.
	onCurve := 0
	for i := 0; i < 200; i++ {
		var u [32]byte
		rand.Read(u[:])
		u[31] &= 0x3f
		U := bigle.Int(u[:])
		p, err := new(Point).SetMontgomery(u[:], i&1)
		if (err == nil) != onMontgomery(U) {
			t.Fatalf("u = %x: err %v, on curve %v", u, err, onMontgomery(U))
		}
		if err == nil {
			onCurve++
			if !bytes.Equal(p.BytesMontgomery(), u[:]) {
				t.Fatal("u does not map back")
			}
			if int(p.Bytes()[31]>>7) != i&1 {
				t.Fatal("wrong sign")
			}
		}
	}
	if onCurve < 50 || onCurve > 150 {
		t.Fatalf("%d of 200 random u on the curve", onCurve)
	}
}
