package curve25519

import (
	"bytes"
	"crypto/rand"
	"math/big"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/internal/bigle"
)

func TestScalarArithmetic(t *testing.T) {
	for i := 0; i < 200; i++ {
		xb, yb, zb := randScalarBytes(t), randScalarBytes(t), randScalarBytes(t)
		x, y, z := scalarFrom(t, xb), scalarFrom(t, yb), scalarFrom(t, zb)
		X, Y, Z := bigle.Int(xb), bigle.Int(yb), bigle.Int(zb)
		check := func(name string, got *Scalar, want *big.Int) {
			t.Helper()
			want.Mod(want, bigL)
			if !bytes.Equal(got.Bytes(), bigToLE(want)) {
				t.Fatalf("%s: got %x want %x", name, got.Bytes(), bigToLE(want))
			}
		}
		check("Add", NewScalar().Add(x, y), new(big.Int).Add(X, Y))
		check("Subtract", NewScalar().Subtract(x, y), new(big.Int).Sub(X, Y))
		check("Negate", NewScalar().Negate(x), new(big.Int).Neg(X))
		check("Multiply", NewScalar().Multiply(x, y), new(big.Int).Mul(X, Y))
		check("MultiplyAdd", NewScalar().MultiplyAdd(x, y, z), new(big.Int).Add(new(big.Int).Mul(X, Y), Z))
		check("Invert", NewScalar().Invert(x), new(big.Int).ModInverse(X, bigL))
		a := NewScalar().Set(x)
		check("Multiply alias", a.Multiply(a, a), new(big.Int).Mul(X, X))
		if x.Equal(y) != 0 || x.Equal(NewScalar().Set(x)) != 1 {
			t.Fatal("Equal")
		}

		var wide [64]byte
		rand.Read(wide[:])
		s, err := NewScalar().SetUniformBytes(wide[:])
		if err != nil {
			t.Fatal(err)
		}
		check("SetUniformBytes", s, bigle.Int(wide[:]))

		var k [32]byte
		rand.Read(k[:])
		s, err = NewScalar().SetBytesWithClamping(k[:])
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

func TestScalarEncodingEdges(t *testing.T) {
	lm1 := new(big.Int).Sub(bigL, big.NewInt(1))
	if _, err := NewScalar().SetCanonicalBytes(bigToLE(lm1)); err != nil {
		t.Fatal("rejected ℓ-1")
	}
	for _, v := range []*big.Int{bigL, new(big.Int).Add(bigL, big.NewInt(1)), new(big.Int).Lsh(big.NewInt(1), 255), new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 256), big.NewInt(1))} {
		if s, err := NewScalar().SetCanonicalBytes(bigToLE(v)); err == nil || s != nil {
			t.Errorf("accepted non-canonical %x", bigToLE(v))
		}
	}
	for _, n := range []int{0, 31, 33} {
		if _, err := NewScalar().SetCanonicalBytes(make([]byte, n)); err == nil {
			t.Errorf("SetCanonicalBytes accepted %d bytes", n)
		}
		if _, err := NewScalar().SetBytesWithClamping(make([]byte, n)); err == nil {
			t.Errorf("SetBytesWithClamping accepted %d bytes", n)
		}
	}
	for _, n := range []int{0, 32, 63, 65} {
		if _, err := NewScalar().SetUniformBytes(make([]byte, n)); err == nil {
			t.Errorf("SetUniformBytes accepted %d bytes", n)
		}
	}
	// ℓ reduces to 0 through the wide path.
	wide := make([]byte, 64)
	copy(wide, bigToLE(bigL))
	s, _ := NewScalar().SetUniformBytes(wide)
	if s.Equal(NewScalar()) != 1 {
		t.Fatal("ℓ mod ℓ ≠ 0")
	}
	if NewScalar().Invert(NewScalar()).Equal(NewScalar()) != 1 {
		t.Fatal("Invert(0) ≠ 0")
	}
}
