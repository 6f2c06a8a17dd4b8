package ed25519core

import (
	"encoding/binary"
	"math/bits"

	"github.com/curvekit/curvekit/curve25519"
)

// Verification with half-size scalars (Antipa, Brown, Gallant, Lambert,
// Struik, Vanstone 2005; Pornin 2020, "Optimized lattice basis reduction in
// dimension 2, and fast Schnorr and EdDSA signature verification").
//
// The check P = [S]B − [k]A − R = identity is replaced by [δ]P = identity
// for a short δ. With ρ ≡ δ·k (mod 8ℓ), both about √(8ℓ) ≈ 2^127.5,
//
//	[δ]P = [δ·S mod ℓ]B − [ρ]A − [δ]R
//	     = [e0]B + [e1]([2^128]B) − [ρ]A − [δ]R,   e = e0 + 2^128·e1,
//
// a four-point multiplication with 128-bit scalars: half the doublings of
// [k](−A) + [S]B. The modulus is 8ℓ, not ℓ, so that [δk]A = [ρ]A holds for
// an A with a small-order component too. δ is taken odd, so that [δ]P =
// identity exactly when P = identity (δ is then coprime to 8ℓ): the
// cofactorless equation keeps its meaning. The cofactored one checks
// [8δ]P = identity, equivalent to [8]P = identity for any δ coprime to ℓ.
//
// (δ, ρ) comes from the extended Euclidean algorithm on (8ℓ, k), stopped at
// the first remainder below 2^128: remainder r_i and cofactor t_i satisfy
// r_i ≡ t_i·k (mod 8ℓ) and |t_i| ≤ 8ℓ / r_{i−1}.

// U256 is a 256-bit unsigned integer, little-endian 64-bit limbs.
type U256 [4]uint64

// EightL is 8ℓ = 2^255 + 8·27742317777372353535851937790883648493.
var EightL = U256{0xc09318d2e7ae9f68, 0xa6f7cef517bce6b2, 0, 0x8000000000000000}

func (x *U256) bitLen() int {
	for i := 3; i >= 0; i-- {
		if x[i] != 0 {
			return 64*i + bits.Len64(x[i])
		}
	}
	return 0
}

// bitsAt returns the 64 bits of x starting at bit s (0 ≤ s ≤ 192).
func (x *U256) bitsAt(s int) uint64 {
	w, b := s/64, uint(s%64)
	lo := x[w] >> b
	if b != 0 && w < 3 {
		lo |= x[w+1] << (64 - b)
	}
	return lo
}

// geq reports x ≥ y.
func (x *U256) geq(y *U256) bool {
	for i := 3; i >= 0; i-- {
		if x[i] != y[i] {
			return x[i] > y[i]
		}
	}
	return true
}

// sub sets x = x − y (x ≥ y).
func (x *U256) sub(y *U256) {
	var b uint64
	x[0], b = bits.Sub64(x[0], y[0], 0)
	x[1], b = bits.Sub64(x[1], y[1], b)
	x[2], b = bits.Sub64(x[2], y[2], b)
	x[3], _ = bits.Sub64(x[3], y[3], b)
}

// mulSub sets x = x − q·y (q·y ≤ x).
func (x *U256) mulSub(q uint64, y *U256) {
	var carry, borrow uint64
	for i := 0; i < 4; i++ {
		hi, lo := bits.Mul64(q, y[i])
		lo, c := bits.Add64(lo, carry, 0)
		carry = hi + c
		x[i], borrow = bits.Sub64(x[i], lo, borrow)
	}
}

// mulAdd returns x + q·y, and false if it overflows 256 bits.
func mulAdd(x *U256, q uint64, y *U256) (U256, bool) {
	var z U256
	var carry uint64
	for i := 0; i < 4; i++ {
		hi, lo := bits.Mul64(q, y[i])
		lo, c := bits.Add64(lo, carry, 0)
		hi += c
		z[i], c = bits.Add64(x[i], lo, 0)
		carry = hi + c
	}
	return z, carry == 0
}

// EuclidStep replaces (a, b) by (b, a mod b) and returns the quotient. It
// only handles quotients below 2^32 (the estimate from the top 64 bits is
// then off by at most a few units); ok is false otherwise, which happens
// with probability about 2^−32 per step.
func EuclidStep(a, b *U256) (q uint64, ok bool) {
	la, lb := a.bitLen(), b.bitLen()
	if lb == 0 || la-lb >= 32 {
		return 0, false
	}
	if !a.geq(b) {
		*a, *b = *b, *a // q = 0, a mod b = a
		return 0, true
	}
	s := la - 64
	if s < 0 {
		s = 0
	}
	ta, tb := a.bitsAt(s), b.bitsAt(s)
	// q ≥ ⌊ta/(tb+1)⌋, and the difference is at most ta/tb² + 1 ≤ 5.
	if tb == ^uint64(0) {
		q = 1
	} else {
		q = ta / (tb + 1)
	}
	r := *a
	r.mulSub(q, b)
	for r.geq(b) {
		r.sub(b)
		q++
	}
	*a, *b = *b, r
	return q, true
}

// ShortVector returns δ (as |δ| and its sign) and ρ ≥ 0 with ρ ≡ δ·k
// (mod 8ℓ), |δ| odd, and both below 2^136 (almost always 2^128), for the scalar k given as 32
// little-endian bytes. ok is false in the rare cases the fast path does not
// cover; callers then verify the usual way.
func ShortVector(kBytes []byte) (absDelta, rho U256, negative, ok bool) {
	const maxBits = 136
	a := EightL
	var b U256
	for i := range b {
		b[i] = binary.LittleEndian.Uint64(kBytes[8*i:])
	}
	ta, tb := U256{}, U256{1} // |t_{i−1}|, |t_i|; t_i has sign (−1)^(i+1)
	i := 1
	for b.bitLen() > 128 {
		q, fine := EuclidStep(&a, &b)
		if !fine {
			return
		}
		t, fine := mulAdd(&ta, q, &tb)
		if !fine {
			return
		}
		ta, tb = tb, t
		i++
	}
	if b.bitLen() == 0 {
		return // k ≡ 0 can not happen for k < ℓ except k = 0
	}
	if tb[0]&1 == 1 {
		absDelta, rho, negative = tb, b, i%2 == 0
	} else {
		// Consecutive cofactors are coprime, so t_{i−1} and t_{i+1} are odd:
		// take whichever of (t_{i−1}, r_{i−1}) and (t_{i+1}, r_{i+1}) is shorter.
		prevT, prevR := ta, a
		na, nb := a, b
		q, fine := EuclidStep(&na, &nb)
		if !fine {
			return
		}
		nextT, fine := mulAdd(&ta, q, &tb)
		if !fine {
			return
		}
		prevLen := max(prevT.bitLen(), prevR.bitLen())
		nextLen := max(nextT.bitLen(), nb.bitLen())
		if prevLen <= nextLen {
			absDelta, rho, negative = prevT, prevR, (i-1)%2 == 0
		} else {
			absDelta, rho, negative = nextT, nb, (i+1)%2 == 0
		}
	}
	if absDelta.bitLen() > maxBits || rho.bitLen() > maxBits {
		return
	}
	return absDelta, rho, negative, true
}

// PutBytes writes x as 32 little-endian bytes.
func (x *U256) PutBytes(out *[32]byte) {
	for i := 0; i < 4; i++ {
		binary.LittleEndian.PutUint64(out[8*i:], x[i])
	}
}

// identity is a read-only copy, to save allocations.
var identity = curve25519.NewIdentityPoint()

// checkHalfSize reports whether [S]B − [k]A − R is the identity
// (cofactored: whether [8]([S]B − [k]A − R) is), using the half-size
// scalars above, with A from key (or from tables, the precomputed forms of
// −A and A, when not nil). handled is false when ShortVector declines; the
// caller then uses the full-size equation.
func checkHalfSize(key *Key, tables *Tables, R *point, k, S *scalar, cofactored bool) (valid, handled bool) {
	var kb [32]byte
	copy(kb[:], k.Bytes())
	absDelta, rho, negative, ok := ShortVector(kb[:])
	if !ok {
		return false, false
	}
	var db, rb [32]byte
	absDelta.PutBytes(&db)
	rho.PutBytes(&rb)
	var d, r scalar
	if _, err := d.SetCanonicalBytes(db[:]); err != nil {
		return false, false
	}
	if _, err := r.SetCanonicalBytes(rb[:]); err != nil {
		return false, false
	}
	// With δ = σ|δ|: [|δ|]P = [|δ|·S mod ℓ]B − [σρ]A − [|δ|]R.
	var e scalar
	e.Multiply(&d, S)
	var eb [32]byte
	copy(eb[:], e.Bytes())
	var e0b, e1b [32]byte
	copy(e0b[:16], eb[:16])
	copy(e1b[:16], eb[16:])
	var e0, e1 scalar
	if _, err := e0.SetCanonicalBytes(e0b[:]); err != nil {
		return false, false
	}
	if _, err := e1.SetCanonicalBytes(e1b[:]); err != nil {
		return false, false
	}
	// B and [2^128]B use the group's tables, built once per process.
	var negR, Q point
	negR.Negate(R)
	switch {
	case tables != nil && negative:
		Q.VarTimeSplitBaseMultPrecomputed(&e0, &e1, &r, &tables[1], &d, &negR) // σ = −1: +ρA
	case tables != nil:
		Q.VarTimeSplitBaseMultPrecomputed(&e0, &e1, &r, &tables[0], &d, &negR)
	default:
		var aTerm point
		if negative {
			aTerm.Negate(&key.NegA) // σ = −1: −σρA = +ρA
		} else {
			aTerm.Set(&key.NegA)
		}
		Q.VarTimeSplitBaseMult(&e0, &e1, &r, &aTerm, &d, &negR)
	}
	if cofactored {
		Q.MultByCofactor(&Q)
	}
	return Q.Equal(identity) == 1, true
}
