package field25519

import "github.com/curvekit/curvekit/fieldarith/internal/safegcd"

// Inversion by Bernstein–Yang divsteps (see fieldarith/internal/safegcd), a
// replacement for the Fermat chain (invertFermat) in Invert: the conversions below
// move a value between the limb representations and the four 64-bit words
// safegcd works on.

// safegcdP inverts modulo p = 2^255 − 19 (scale 1: a plain inverse).
var safegcdP = safegcd.NewModulus(
	[4]uint64{0xffffffffffffffed, 0xffffffffffffffff, 0xffffffffffffffff, 0x7fffffffffffffff},
	[4]uint64{1})

// invertSafegcd sets v = 1/a (0 if a = 0) and returns v.
func (v *Element) invertSafegcd(a *Element) *Element {
	v.e.invertSafegcd(&a.e)
	return v
}

const mask51 = 1<<51 - 1

// invertSafegcd sets v = 1/a (0 if a = 0) and returns v.
func (v *fe51) invertSafegcd(a *fe51) *fe51 {
	// Carry into 51-bit limbs, folding the carry out of the top limb back
	// as ×19 (2^255 ≡ 19), then a second pass: this accepts any limbs
	// below 2^64 and leaves l[0..3] < 2^51 and l[4] < 2^51 + 1, so the
	// value is below 2^256 and the limbs can simply be ORed into words.
	l0, l1, l2, l3, l4 := a.l[0], a.l[1], a.l[2], a.l[3], a.l[4]
	l0, l1, l2, l3, l4 = l0&mask51+19*(l4>>51), l1&mask51+l0>>51, l2&mask51+l1>>51, l3&mask51+l2>>51, l4&mask51+l3>>51
	l1 += l0 >> 51
	l0 &= mask51
	l2 += l1 >> 51
	l1 &= mask51
	l3 += l2 >> 51
	l2 &= mask51
	l4 += l3 >> 51
	l3 &= mask51
	w := [4]uint64{
		l0 | l1<<51,
		l1>>13 | l2<<38,
		l2>>26 | l3<<25,
		l3>>39 | l4<<12,
	}
	safegcdP.Invert(&w, &w)
	// The result is below p: split it into 51-bit limbs.
	v.l[0] = w[0] & mask51
	v.l[1] = (w[0]>>51 | w[1]<<13) & mask51
	v.l[2] = (w[1]>>38 | w[2]<<26) & mask51
	v.l[3] = (w[2]>>25 | w[3]<<39) & mask51
	v.l[4] = w[3] >> 12
	return v
}

// invertSafegcd sets v = 1/a (0 if a = 0) and returns v.
func (v *fe2625) invertSafegcd(a *fe2625) *fe2625 {
	const m26, m25 = 1<<26 - 1, 1<<25 - 1
	// As for fe51: fold the top carry (×19), then carry limb by limb, so
	// that every limb fits its width (l[9] < 2^25 + 1) and the value is
	// below 2^256.
	l := a.l
	c := l[9] >> 25
	l[9] &= m25
	l[0] += 19 * c
	for i := 0; i < 9; i += 2 {
		l[i+1] += l[i] >> 26
		l[i] &= m26
		if i+2 < 10 {
			l[i+2] += l[i+1] >> 25
			l[i+1] &= m25
		}
	}
	// Limb offsets: 0, 26, 51, 77, 102 | 128, 153, 179, 204, 230.
	w := [4]uint64{
		uint64(l[0]) | uint64(l[1])<<26 | uint64(l[2])<<51,
		uint64(l[2])>>13 | uint64(l[3])<<13 | uint64(l[4])<<38,
		uint64(l[5]) | uint64(l[6])<<25 | uint64(l[7])<<51,
		uint64(l[7])>>13 | uint64(l[8])<<12 | uint64(l[9])<<38,
	}
	safegcdP.Invert(&w, &w)
	v.l[0] = uint32(w[0]) & m26
	v.l[1] = uint32(w[0]>>26) & m25
	v.l[2] = uint32(w[0]>>51|w[1]<<13) & m26
	v.l[3] = uint32(w[1]>>13) & m25
	v.l[4] = uint32(w[1]>>38) & m26
	v.l[5] = uint32(w[2]) & m25
	v.l[6] = uint32(w[2]>>25) & m26
	v.l[7] = uint32(w[2]>>51|w[3]<<13) & m25
	v.l[8] = uint32(w[3]>>12) & m26
	v.l[9] = uint32(w[3] >> 38)
	return v
}

// invertFermat is the Fermat-chain inverse that Invert used before
// invertSafegcd; the tests and benchmarks compare the two.
func (v *Element) invertFermat(a *Element) *Element {
	v.e.invertFermat(&a.e)
	return v
}
