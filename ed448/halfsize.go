package ed448

import (
	"encoding/binary"
	"math/bits"

	"github.com/curvekit/curvekit/curve448"
)

// Verification with half-size scalars (Antipa, Brown, Gallant, Lambert,
// Struik, Vanstone 2005; Pornin 2020), as ed25519 does it.
//
// The check P = [S]B − [k]A − R = identity becomes [|δ|]P = identity for a
// short odd δ with ρ ≡ δ·k (mod n), both about √n: n = q ≈ 2^446 when A has
// no torsion (the default and OpenSSL policies multiply A by 4 first), n =
// 4q for PolicyStrict, so that [ρ]A = [δk]A holds on A's torsion too:
//
//	[|δ|]P = [e0]B + [e1]([2^224]B) − [σρ]A − [|δ|]R,  e = |δ|·S mod q = e0 + 2^224·e1,
//
// σ the sign of δ: four 224-bit scalars, half the doublings of [S]B − [k]A.
// δ odd and below q is coprime to the group exponent 4q, so [|δ|]P is the
// identity exactly when P is, torsion in R included. (δ, ρ) comes from the
// extended Euclidean algorithm on (n, k), stopped at the first remainder
// below 2^224.
//
// shared-candidate: this is ed25519core's lattice step at 448 bits; both
// should become one implementation parameterised by the limb count.

// u448 is an unsigned integer below 2^448, little-endian 64-bit limbs.
type u448 [7]uint64

// orderU448 is q, and order4U448 is 4q (below 2^448).
var (
	orderU448 = u448{
		0x2378c292ab5844f3, 0x216cc2728dc58f55, 0xc44edb49aed63690, 0xffffffff7cca23e9,
		0xffffffffffffffff, 0xffffffffffffffff, 0x3fffffffffffffff,
	}
	order4U448 = u448{
		0x8de30a4aad6113cc, 0x85b309ca37163d54, 0x113b6d26bb58da40, 0xfffffffdf3288fa7,
		0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff,
	}
)

func (x *u448) bitLen() int {
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != 0 {
			return 64*i + bits.Len64(x[i])
		}
	}
	return 0
}

// bitsAt returns the 64 bits of x from bit s on (0 ≤ s ≤ 384).
func (x *u448) bitsAt(s int) uint64 {
	w, b := s/64, uint(s%64)
	v := x[w] >> b
	if b != 0 && w+1 < len(x) {
		v |= x[w+1] << (64 - b)
	}
	return v
}

func (x *u448) geq(y *u448) bool {
	for i := len(x) - 1; i >= 0; i-- {
		if x[i] != y[i] {
			return x[i] > y[i]
		}
	}
	return true
}

// sub sets x = x − y, for x ≥ y.
func (x *u448) sub(y *u448) {
	var b uint64
	for i := range x {
		x[i], b = bits.Sub64(x[i], y[i], b)
	}
}

// mulSub sets x = x − m·y, for m·y ≤ x.
func (x *u448) mulSub(m uint64, y *u448) {
	var carry, borrow uint64
	for i := range x {
		hi, lo := bits.Mul64(m, y[i])
		var c uint64
		lo, c = bits.Add64(lo, carry, 0)
		carry = hi + c
		x[i], borrow = bits.Sub64(x[i], lo, borrow)
	}
}

// mulAdd returns x + m·y and whether it fits in 448 bits.
func mulAdd(x *u448, m uint64, y *u448) (u448, bool) {
	var z u448
	var carry uint64
	for i := range z {
		hi, lo := bits.Mul64(m, y[i])
		var c uint64
		lo, c = bits.Add64(lo, carry, 0)
		hi += c
		z[i], c = bits.Add64(x[i], lo, 0)
		carry = hi + c
	}
	return z, carry == 0
}

// euclidStep replaces (a, b) by (b, a mod b) and returns the quotient, for
// quotients below 2^32 (estimated from the top 64 bits, then corrected);
// ok is false for larger ones (probability about 2^−32 per step).
func euclidStep(a, b *u448) (m uint64, ok bool) {
	la, lb := a.bitLen(), b.bitLen()
	if lb == 0 || la-lb >= 32 {
		return 0, false
	}
	if !a.geq(b) {
		*a, *b = *b, *a
		return 0, true
	}
	s := max(la-64, 0)
	ta, tb := a.bitsAt(s), b.bitsAt(s)
	if tb == ^uint64(0) {
		m = 1
	} else {
		m = ta / (tb + 1) // an underestimate by at most a few units
	}
	r := *a
	r.mulSub(m, b)
	for r.geq(b) {
		r.sub(b)
		m++
	}
	*a, *b = *b, r
	return m, true
}

// shortVector returns |δ|, ρ ≥ 0 and whether δ is negative, with ρ ≡ δ·k
// (mod n), |δ| odd, and both below 2^232, for k < q given as 56 bytes and n
// = q or 4q (4q when A may have a torsion component: then [ρ]A = [δk]A). ok
// is false in the rare cases this does not cover; callers then verify with
// full-size scalars.
func shortVector(kBytes []byte, n *u448) (absDelta, rho u448, negative, ok bool) {
	const maxBits = 232
	a := *n
	var b u448
	for i := range b {
		b[i] = binary.LittleEndian.Uint64(kBytes[8*i:])
	}
	ta, tb := u448{}, u448{1} // |t_{i−1}|, |t_i|; t_i has sign (−1)^(i+1)
	i := 1
	for b.bitLen() > 224 {
		m, fine := euclidStep(&a, &b)
		if !fine {
			return
		}
		t, fine := mulAdd(&ta, m, &tb)
		if !fine {
			return
		}
		ta, tb = tb, t
		i++
	}
	if b.bitLen() == 0 {
		return
	}
	if tb[0]&1 == 1 {
		absDelta, rho, negative = tb, b, i%2 == 0
	} else {
		// Consecutive cofactors are coprime: t_{i−1} and t_{i+1} are odd.
		// Take the shorter of (t_{i−1}, r_{i−1}) and (t_{i+1}, r_{i+1}).
		na, nb := a, b
		m, fine := euclidStep(&na, &nb)
		if !fine {
			return
		}
		nextT, fine := mulAdd(&ta, m, &tb)
		if !fine {
			return
		}
		if max(ta.bitLen(), a.bitLen()) <= max(nextT.bitLen(), nb.bitLen()) {
			absDelta, rho, negative = ta, a, (i-1)%2 == 0
		} else {
			absDelta, rho, negative = nextT, nb, (i+1)%2 == 0
		}
	}
	if absDelta.bitLen() > maxBits || rho.bitLen() > maxBits {
		return
	}
	return absDelta, rho, negative, true
}

func (x *u448) scalar() *curve448.Scalar {
	var b [56]byte
	for i := range x {
		binary.LittleEndian.PutUint64(b[8*i:], x[i])
	}
	s, err := new(curve448.Scalar).SetCanonicalBytes(b[:])
	if err != nil {
		panic("ed448: internal error: short vector not below q")
	}
	return s
}

// checkHalfSize reports whether [S]B − [k]A − R is the identity with the
// half-size scalars above; torsionFreeA says that A has no 4-torsion
// component (then the lattice is taken mod q, else mod 4q). handled is
// false when shortVector declines; the caller then computes the full-size
// equation.
func checkHalfSize(S, k *curve448.Scalar, A, R *curve448.Point, torsionFreeA bool) (valid, handled bool) {
	n := &order4U448
	if torsionFreeA {
		n = &orderU448
	}
	absDelta, rho, negative, ok := shortVector(k.Bytes(), n)
	if !ok {
		return false, false
	}
	d, r := absDelta.scalar(), rho.scalar()
	eb := new(curve448.Scalar).Multiply(d, S).Bytes()
	var e0b, e1b [56]byte
	copy(e0b[:28], eb[:28])
	copy(e1b[:28], eb[28:])
	e0, _ := new(curve448.Scalar).SetCanonicalBytes(e0b[:])
	e1, _ := new(curve448.Scalar).SetCanonicalBytes(e1b[:])
	var aTerm, negR, Q curve448.Point
	if negative {
		aTerm.Set(A) // −σρA with σ = −1
	} else {
		aTerm.Negate(A)
	}
	negR.Negate(R)
	Q.VarTimeSplitBaseMult(e0, e1, r, &aTerm, d, &negR)
	return Q.Equal(curve448.NewIdentityPoint()) == 1, true
}
