// Package ed25519core is the Ed25519 verification core that the ed25519
// and batch packages share, so that a batch entry verified on its own gets
// exactly the answer of ed25519.VerifyWithOptions, by the same code:
//
//   - the RFC 8032 variants (Ed25519, Ed25519ctx, Ed25519ph) and their
//     option rules ([DomainFromOptions]), the dom2 prefix ([AppendDom]) and
//     the challenge k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ ([Challenge]);
//   - a public key decoded once ([Key]);
//   - the policy-checked verification ([Verify], or [VerifyChallenge] from
//     a challenge hashed earlier): S < ℓ, the encoding and small-order
//     checks of PolicyStrict, and the equation — cofactored for
//     PolicyZIP215, equivalent to crypto/ed25519's byte comparison for
//     PolicyDefault and PolicyStrict — checked with half-size scalars
//     (lattice.go), or with the full-size double-base multiplication when no
//     short vector is found or the caller asks for it.
//
// [Policy] is this package's own type, numbered as ed25519.Policy
// (Default 0, ZIP215 1, Strict 2), so that the exported type keeps its
// String method and godoc and converts with a plain conversion; ed25519
// asserts the numbering at compile time. The ed25519 package documentation
// states the policies as checklists.
//
// The lattice reduction's pieces (U256, EightL, EuclidStep, ShortVector:
// internal/lattice at 256 bits, which ed448 shares at 448) and the encoding
// checks are exported for the ed25519 package's tests, which check them
// against math/big.
//
// Everything here is variable time and only meant for public data; nothing
// allocates except the errors of rejected option sets and lengths.
package ed25519core
