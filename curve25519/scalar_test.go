package curve25519

import (
	"math/big"
	"testing"
)

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
