package curve25519_test

import (
	"bytes"
	"crypto/rand"
	"math/big"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/bigle"
)

func TestScalarArithmetic(t *testing.T) {
	for i := 0; i < 200; i++ {
		xb, yb, zb := randScalarBytes(t), randScalarBytes(t), randScalarBytes(t)
		x, y, z := scalarFrom(t, xb), scalarFrom(t, yb), scalarFrom(t, zb)
		X, Y, Z := bigle.Int(xb), bigle.Int(yb), bigle.Int(zb)
		check := func(name string, got *curve25519.Scalar, want *big.Int) {
			t.Helper()
			want.Mod(want, bigL)
			if !bytes.Equal(got.Bytes(), bigToLE(want)) {
				t.Fatalf("%s: got %x want %x", name, got.Bytes(), bigToLE(want))
			}
		}
		check("Add", curve25519.NewScalar().Add(x, y), new(big.Int).Add(X, Y))
		check("Subtract", curve25519.NewScalar().Subtract(x, y), new(big.Int).Sub(X, Y))
		check("Negate", curve25519.NewScalar().Negate(x), new(big.Int).Neg(X))
		check("Multiply", curve25519.NewScalar().Multiply(x, y), new(big.Int).Mul(X, Y))
		check("MultiplyAdd", curve25519.NewScalar().MultiplyAdd(x, y, z), new(big.Int).Add(new(big.Int).Mul(X, Y), Z))
		check("Invert", curve25519.NewScalar().Invert(x), new(big.Int).ModInverse(X, bigL))
		a := curve25519.NewScalar().Set(x)
		check("Multiply alias", a.Multiply(a, a), new(big.Int).Mul(X, X))
		if x.Equal(y) != 0 || x.Equal(curve25519.NewScalar().Set(x)) != 1 {
			t.Fatal("Equal")
		}

		var wide [64]byte
		rand.Read(wide[:])
		s, err := curve25519.NewScalar().SetUniformBytes(wide[:])
		if err != nil {
			t.Fatal(err)
		}
		check("SetUniformBytes", s, bigle.Int(wide[:]))

		var k [32]byte
		rand.Read(k[:])
		s, err = curve25519.NewScalar().SetBytesWithClamping(k[:])
		if err != nil {
			t.Fatal(err)
		}
		fs, _ := new(fed.Scalar).SetBytesWithClamping(k[:])
		if !bytes.Equal(s.Bytes(), fs.Bytes()) {
			t.Fatal("SetBytesWithClamping differs from filippo")
		}
		c := bigle.Int(k[:])
		c.SetBit(c, 0, 0).SetBit(c, 1, 0).SetBit(c, 2, 0).SetBit(c, 255, 0).SetBit(c, 254, 1)
		check("SetBytesWithClamping", s, c)
	}
}
