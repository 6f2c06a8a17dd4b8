// Package safegcd computes modular inverses in constant time with
// Bernstein and Yang's divsteps ("safegcd"), for any odd modulus below
// 2^256 (Modulus) or below 2^384 (Modulus384). The fieldarith packages use
// it in place of Fermat inversion (x^(m−2)), which costs about 255 or 383
// squarings.
//
// The algorithm is the one of libsecp256k1's constant-time modinv64
// (src/modinv64_impl.h, explained in doc/safegcd_implementation.md), from
// D. J. Bernstein and B.-Y. Yang, "Fast constant-time gcd computation and
// modular inversion", TCHES 2019(3):
//
//   - the state is f = m, g = x, d = 0, e = scale, all integers in five
//     signed 62-bit limbs, plus zeta = −(δ + 1/2), with the "half-delta"
//     divstep (δ starts at 1/2 instead of 1);
//   - 59 divsteps at a time run on the low 64 bits of f and g only, with
//     masks instead of branches, and give a 2×2 transition matrix scaled
//     by 2^62 (computed as 30 + 29 steps whose matrix rows are packed two
//     per word, as in Pornin's "Optimized Binary GCD for Modular Inversion",
//     2020, then multiplied);
//   - the matrix is then applied to the full f, g (an exact division by
//     2^62) and to d, e modulo m (adding the multiple of m that clears the
//     low 62 bits, using m⁻¹ mod 2^62; d and e stay in (−2m, m));
//   - after a fixed 10 batches, 590 divsteps — enough for every
//     0 ≤ g ≤ f ≤ 2^256 by the convex-hull bound of Wuille's safegcd-bounds
//     (coq/hddivsteps, machine-checked), the bound libsecp256k1 also uses —
//     g = 0, f = ±1 and d = ±scale/x, which a final masked normalization
//     brings into [0, m).
//
// # Moduli up to 384 bits
//
// Modulus384 runs the same batches on seven signed 62-bit limbs, with one
// difference: the machine-checked half-delta bound covers 256-bit inputs
// only, so it runs the original divstep (δ starts at 1; eta = −δ starts at
// −1 and becomes −eta − 1 on a swap, where the half-delta zeta becomes
// −zeta − 2). For it Bernstein and Yang's Theorem 11.2 proves g = 0 after
// ⌊(49d + 57)/17⌋ divsteps whenever f² + 4g² ≤ 5·2^(2d) and d ≥ 46; every
// 0 ≤ g < f = m < 2^384 meets that with d = 384, which gives 1110 divsteps,
// run as 19 batches of 59 (1121). The tests check the batches against
// integer divsteps, and that g = 0 and f = ±1 at the end, on P-384's p and n,
// on random odd moduli and on inputs found by searching for long divstep
// runs (the longest found needs about 830, well below the bound).
//
// The two sizes are separate fixed-size types, not one generic over the limb
// count, so that the 256-bit code keeps its unrolled fixed-size arrays.
//
// # Guarantees
//
// Invert's running time and memory accesses depend on the modulus only:
// there is no branch, loop bound or index that depends on x. Inputs are any
// value below 2^256 (four little-endian 64-bit words; six words below 2^384
// for Modulus384), reduced or not; the
// result is always canonical, in [0, m). The inverse of 0 (or of any
// multiple of m) is 0, matching the fieldarith Invert contract.
//
// The 64×64→128-bit products use math/bits.Mul64, which is one instruction
// on 64-bit targets and a short software sequence on 32-bit ones (correct
// there, but slower).
//
// # Differences from libsecp256k1
//
// One generic code path serves every modulus (libsecp256k1 hand-tunes the
// modulus limbs of its two fields), a batch runs as two packed half-batches
// (libsecp256k1 runs 59 steps on unpacked coefficients), the input may be
// unreduced (it is first
// reduced by conditional subtractions of m·2^j), and a scale factor is
// folded into the initial e, so that Montgomery-form fields get x⁻¹·R
// directly by passing scale = R² mod m.
package safegcd
