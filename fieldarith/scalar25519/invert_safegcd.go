package scalar25519

import "github.com/curvekit/curvekit/fieldarith/internal/safegcd"

// Inversion by Bernstein–Yang divsteps (see fieldarith/internal/safegcd), a
// replacement for the Fermat chain (invertFermat) in Invert.

// safegcdM inverts modulo ℓ = 2^252 + 27742317777372353535851937790883648493, in Montgomery form: with
// scale = R² mod ℓ (R = 2^256), the limbs x·R of x come back as
// R²/(x·R) = x⁻¹·R, the Montgomery form of x⁻¹, with no extra multiplication.
var safegcdM = safegcd.NewModulus(
	[4]uint64{0x5812631a5cf5d3ed, 0x14def9dea2f79cd6, 0x0000000000000000, 0x1000000000000000},
	[4]uint64{0xa40611e3449c0f01, 0xd00e1ba768859347, 0xceec73d217f5be65, 0x0399411b7c309a3d}) // R² mod ℓ

// invertSafegcd sets v = 1/a (0 if a = 0) and returns v.
func (v *Element) invertSafegcd(a *Element) *Element {
	v.e.invertSafegcd(&a.e)
	return v
}

// invertSafegcd sets v = 1/a (0 if a = 0) and returns v. The limbs are
// already four little-endian words.
func (v *elem64) invertSafegcd(a *elem64) *elem64 {
	w := [4]uint64(*a)
	safegcdM.Invert(&w, &w)
	*v = elem64(w)
	return v
}

// invertSafegcd sets v = 1/a (0 if a = 0) and returns v; eight 32-bit
// limbs pair up into four words.
func (v *elem32) invertSafegcd(a *elem32) *elem32 {
	w := [4]uint64{
		uint64(a[0]) | uint64(a[1])<<32,
		uint64(a[2]) | uint64(a[3])<<32,
		uint64(a[4]) | uint64(a[5])<<32,
		uint64(a[6]) | uint64(a[7])<<32,
	}
	safegcdM.Invert(&w, &w)
	for i, x := range w {
		v[2*i], v[2*i+1] = uint32(x), uint32(x>>32)
	}
	return v
}

// invertFermat is the Fermat-chain inverse that Invert used before
// invertSafegcd; the tests and benchmarks compare the two.
func (v *Element) invertFermat(a *Element) *Element {
	v.e.invertFermat(&a.e)
	return v
}
