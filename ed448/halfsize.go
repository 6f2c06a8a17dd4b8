package ed448

import (
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/internal/lattice"
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
// below 2^224: internal/lattice, which ed25519 uses at 256 bits.

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

// shortVector returns |δ|, ρ ≥ 0 and whether δ is negative, with ρ ≡ δ·k
// (mod n), |δ| odd, and both below 2^232, for k < q given as 56 bytes and n
// = q or 4q (4q when A may have a torsion component: then [ρ]A = [δk]A). ok
// is false in the rare cases this does not cover; callers then verify with
// full-size scalars.
func shortVector(kBytes []byte, n *u448) (absDelta, rho u448, negative, ok bool) {
	return lattice.ShortVector(n, kBytes, 224, 232)
}

func (x *u448) scalar() *curve448.Scalar {
	var b [56]byte
	lattice.PutBytes(b[:], x)
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
