package fieldp256

import "github.com/curvekit/curvekit/fieldarith/internal/safegcd"

// Inversion by Bernstein–Yang divsteps (see fieldarith/internal/safegcd), a
// replacement for the Fermat chain (invertFermat) in Invert.

// safegcdM inverts modulo p = 2^256 − 2^224 + 2^192 + 2^96 − 1, in Montgomery form: with
// scale = R² mod p (R = 2^256), the limbs x·R of x come back as
// R²/(x·R) = x⁻¹·R, the Montgomery form of x⁻¹, with no extra multiplication.
var safegcdM = safegcd.NewModulus(
	[4]uint64{0xffffffffffffffff, 0x00000000ffffffff, 0x0000000000000000, 0xffffffff00000001},
	[4]uint64{0x0000000000000003, 0xfffffffbffffffff, 0xfffffffffffffffe, 0x00000004fffffffd}) // R² mod p

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
