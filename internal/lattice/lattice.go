// Package lattice finds the short vectors of half-size EdDSA verification
// (Antipa, Brown, Gallant, Lambert, Struik, Vanstone 2005; Pornin 2020,
// "Optimized lattice basis reduction in dimension 2, and fast Schnorr and
// EdDSA signature verification"), for every curve: the extended Euclidean
// algorithm on (n, k) stopped at the first remainder below a bound, on
// fixed-size little-endian arrays of 64-bit words (4 for edwards25519's
// 8ℓ, 7 for edwards448's q and 4q). Most steps are taken in Lehmer's
// batches, simulated on the leading 62 bits and applied as one 2×2 matrix
// (the same steps, proved by Knuth's two-quotient test): 2.0× faster for
// edwards25519 and 2.4× for edwards448 than one multi-word step each, on
// amd64 and on 386 alike.
//
// The functions are generic over the array type only: each size is its own
// instantiation (different GC shapes), with no per-word method calls. They
// are variable time and must only see public values (the verification
// equation's k = H(R, A, M)).
package lattice

import (
	"encoding/binary"
	"math/bits"
)

// Nat is an unsigned integer of a fixed number of little-endian 64-bit
// words.
type Nat interface {
	~[4]uint64 | ~[7]uint64
}

// BitLen returns the bit length of x.
func BitLen[N Nat](x *N) int {
	for i := len(*x) - 1; i >= 0; i-- {
		if (*x)[i] != 0 {
			return 64*i + bits.Len64((*x)[i])
		}
	}
	return 0
}

// bitsAt returns the 64 bits of x from bit s on (0 ≤ s ≤ 64·(len(x) − 1)).
func bitsAt[N Nat](x *N, s int) uint64 {
	w, b := s/64, uint(s%64)
	v := (*x)[w] >> b
	if b != 0 && w+1 < len(*x) {
		v |= (*x)[w+1] << (64 - b)
	}
	return v
}

// geq reports x ≥ y.
func geq[N Nat](x, y *N) bool {
	for i := len(*x) - 1; i >= 0; i-- {
		if (*x)[i] != (*y)[i] {
			return (*x)[i] > (*y)[i]
		}
	}
	return true
}

// sub sets x = x − y, for x ≥ y.
func sub[N Nat](x, y *N) {
	var b uint64
	for i := 0; i < len(*x); i++ {
		(*x)[i], b = bits.Sub64((*x)[i], (*y)[i], b)
	}
}

// mulSub sets x = x − m·y, for m·y ≤ x.
func mulSub[N Nat](x *N, m uint64, y *N) {
	var carry, borrow uint64
	for i := 0; i < len(*x); i++ {
		hi, lo := bits.Mul64(m, (*y)[i])
		var c uint64
		lo, c = bits.Add64(lo, carry, 0)
		carry = hi + c
		(*x)[i], borrow = bits.Sub64((*x)[i], lo, borrow)
	}
}

// mulAdd returns x + m·y and whether it fits in N.
func mulAdd[N Nat](x *N, m uint64, y *N) (N, bool) {
	var z N
	var carry uint64
	for i := 0; i < len(z); i++ {
		hi, lo := bits.Mul64(m, (*y)[i])
		var c uint64
		lo, c = bits.Add64(lo, carry, 0)
		hi += c
		z[i], c = bits.Add64((*x)[i], lo, 0)
		carry = hi + c
	}
	return z, carry == 0
}

// EuclidStep replaces (a, b) by (b, a mod b) and returns the quotient. It
// only handles a and b whose bit lengths differ by less than 32, so that the
// quotient is below 2^32 (the estimate from the top 64 bits is then off by
// at most a few units); ok is false otherwise, which happens with
// probability about 2^−31 per step, and for b = 0.
func EuclidStep[N Nat](a, b *N) (q uint64, ok bool) {
	la, lb := BitLen(a), BitLen(b)
	if lb == 0 || la-lb >= 32 {
		return 0, false
	}
	if !geq(a, b) {
		*a, *b = *b, *a // q = 0, a mod b = a
		return 0, true
	}
	s := max(la-64, 0)
	ta, tb := bitsAt(a, s), bitsAt(b, s)
	// q ≥ ⌊ta/(tb+1)⌋, and the difference is at most ta/tb² + 1 ≤ 5.
	if tb == ^uint64(0) {
		q = 1
	} else {
		q = ta / (tb + 1)
	}
	r := *a
	mulSub(&r, q, b)
	for geq(&r, b) {
		sub(&r, b)
		q++
	}
	*a, *b = *b, r
	return q, true
}

// ShortVector returns δ (as |δ| and its sign) and ρ ≥ 0 with ρ ≡ δ·k
// (mod n), |δ| odd, and both at most maxBits long, for k < n given as
// 8·len(N) little-endian bytes. The Euclidean algorithm on (n, k) stops at
// the first remainder of at most half bits (remainder r_i and cofactor t_i
// satisfy r_i ≡ t_i·k (mod n) and |t_i| ≤ n / r_{i−1}); if its cofactor is
// even, the shorter of the neighbouring pairs is taken (consecutive
// cofactors are coprime, so both are odd). ok is false in the rare cases
// this does not cover (a quotient of 2^32 or more, k ≡ 0, a vector over
// maxBits); callers then verify with full-size scalars.
func ShortVector[N Nat](n *N, kBytes []byte, half, maxBits int) (absDelta, rho N, negative, ok bool) {
	a := *n
	var b N
	for i := 0; i < len(b); i++ {
		b[i] = binary.LittleEndian.Uint64(kBytes[8*i:])
	}
	var ta, tb N // |t_{i−1}|, |t_i|; t_i has sign (−1)^(i+1)
	tb[0] = 1
	i := 1
	for BitLen(&b) > half {
		// Lehmer: a batch of steps on the top 62 bits, applied at once.
		if k := lehmer(&a, &b, &ta, &tb, half); k > 0 {
			i += k
			continue
		}
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
	if BitLen(&b) == 0 {
		return
	}
	if tb[0]&1 == 1 {
		absDelta, rho, negative = tb, b, i%2 == 0
	} else {
		na, nb := a, b
		q, fine := EuclidStep(&na, &nb)
		if !fine {
			return
		}
		nextT, fine := mulAdd(&ta, q, &tb)
		if !fine {
			return
		}
		if max(BitLen(&ta), BitLen(&a)) <= max(BitLen(&nextT), BitLen(&nb)) {
			absDelta, rho, negative = ta, a, (i-1)%2 == 0
		} else {
			absDelta, rho, negative = nextT, nb, (i+1)%2 == 0
		}
	}
	if BitLen(&absDelta) > maxBits || BitLen(&rho) > maxBits {
		return
	}
	return absDelta, rho, negative, true
}

// PutBytes writes x as 8·len(N) little-endian bytes to out.
func PutBytes[N Nat](out []byte, x *N) {
	for i := 0; i < len(*x); i++ {
		binary.LittleEndian.PutUint64(out[8*i:], (*x)[i])
	}
}

// lehmerBits is the size of the leading parts lehmer simulates the steps on:
// with 62 bits, the sums of Knuth's test and the cofactors fit an int64.
const lehmerBits = 62

// lehmer runs as many of Euclid's steps on (a, b) as the leading
// lehmerBits bits of a and b (taken at the same shift) determine, with
// their cofactors (ta, tb) as ShortVector keeps them, and returns the number
// of steps, 0 if it could take none (b much shorter than a, or a first
// quotient the leading bits leave open). The steps are exactly those of
// EuclidStep: each quotient is taken only when Knuth's test (TAOCP vol. 2,
// 4.5.2, Algorithm L) proves it from both ends of the interval that the
// leading bits leave for a/b. It stops before a remainder of stop bits or
// fewer could appear, so that ShortVector sees the first such remainder
// from its exact steps, and before the cofactors outgrow N (they then
// return 0 and the exact step reports it).
func lehmer[N Nat](a, b, ta, tb *N, stop int) int {
	la := BitLen(a)
	s := max(la-lehmerBits, 0)
	// a < 2^(s+62), so these are a's and b's bits from s on, exactly.
	ah, bh := int64(bitsAt(a, s)), int64(bitsAt(b, s))
	// [a', b'] = [[A, B], [C, D]]·[a, b]; A, B (and C, D) have opposite
	// signs or are 0.
	A, B, C, D := int64(1), int64(0), int64(0), int64(1)
	k := 0
	for {
		if bh+C <= 0 || bh+D <= 0 || ah+A < 0 || ah+B < 0 {
			break
		}
		q := (ah + A) / (bh + C)
		if q != (ah+B)/(bh+D) {
			break
		}
		nb := ah - q*bh
		// The remainder is within a few units of nb·2^s: stop while it is
		// still surely longer than stop bits.
		if s+bits.Len64(uint64(nb)) <= stop+2 {
			break
		}
		A, C = C, A-q*C
		B, D = D, B-q*D
		ah, bh = bh, nb
		k++
	}
	if k == 0 {
		return 0
	}
	na, okA := linComb(a, A, b, B)
	nb, okB := linComb(a, C, b, D)
	nta, okTA := mulAdd2(ta, abs64(A), tb, abs64(B))
	ntb, okTB := mulAdd2(ta, abs64(C), tb, abs64(D))
	if !okA || !okB || !okTA || !okTB {
		return 0
	}
	*a, *b, *ta, *tb = na, nb, nta, ntb
	return k
}

func abs64(x int64) uint64 {
	m := x >> 63
	return uint64((x ^ m) - m)
}

// linComb returns p·x + q·y for p, q of opposite signs (or 0) whose result
// is known to be in [0, 2^(64·len(N))); ok is false if it is not.
func linComb[N Nat](x *N, p int64, y *N, q int64) (N, bool) {
	if p < 0 {
		x, y, p, q = y, x, q, p
	}
	// p ≥ 0 ≥ q: p·x − |q|·y.
	up, uq := uint64(p), abs64(q)
	var z N
	var cp, cq, borrow uint64
	for i := 0; i < len(z); i++ {
		hp, lp := bits.Mul64(up, (*x)[i])
		var c uint64
		lp, c = bits.Add64(lp, cp, 0)
		cp = hp + c
		hq, lq := bits.Mul64(uq, (*y)[i])
		lq, c = bits.Add64(lq, cq, 0)
		cq = hq + c
		z[i], borrow = bits.Sub64(lp, lq, borrow)
	}
	// The top: cp − cq − borrow must be 0.
	hi, b2 := bits.Sub64(cp, cq, borrow)
	return z, hi == 0 && b2 == 0
}

// mulAdd2 returns p·x + q·y and whether it fits in N.
func mulAdd2[N Nat](x *N, p uint64, y *N, q uint64) (N, bool) {
	var z N
	var cp, cq, carry uint64
	for i := 0; i < len(z); i++ {
		hp, lp := bits.Mul64(p, (*x)[i])
		var c uint64
		lp, c = bits.Add64(lp, cp, 0)
		cp = hp + c
		hq, lq := bits.Mul64(q, (*y)[i])
		lq, c = bits.Add64(lq, cq, 0)
		cq = hq + c
		z[i], c = bits.Add64(lp, lq, carry)
		carry = c
	}
	return z, cp == 0 && cq == 0 && carry == 0
}
