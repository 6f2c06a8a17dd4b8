package ed25519core

import "github.com/curvekit/curvekit/internal/lattice"

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

// EuclidStep is lattice.EuclidStep: it replaces (a, b) by (b, a mod b) and
// returns the quotient, or ok = false for quotients of 2^31 or more.
func EuclidStep(a, b *U256) (q uint64, ok bool) { return lattice.EuclidStep(a, b) }

// ShortVector returns δ (as |δ| and its sign) and ρ ≥ 0 with ρ ≡ δ·k
// (mod 8ℓ), |δ| odd, and both below 2^136 (almost always 2^128), for the
// scalar k given as 32 little-endian bytes (lattice.ShortVector). ok is
// false in the rare cases the fast path does not cover; callers then verify
// the usual way.
func ShortVector(kBytes []byte) (absDelta, rho U256, negative, ok bool) {
	return lattice.ShortVector(&EightL, kBytes, 128, 136)
}

// PutBytes writes x as 32 little-endian bytes.
func (x *U256) PutBytes(out *[32]byte) { lattice.PutBytes(out[:], x) }
