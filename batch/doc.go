// Package batch verifies many Ed25519 signatures at once, and gives, entry
// by entry, the same answer as single verification with
// [ed25519.VerifyWithOptions] under each entry's [ed25519.Options] —
// including its Policy, and on adversarial inputs (small-order and
// mixed-order keys and R, non-canonical encodings, S ≥ ℓ) where published
// batch verifiers disagree with their own single verification.
//
//	v := batch.NewVerifier()              // or NewVerifierWithCapacity(n)
//	v.Add(pub, msg, sig)                  // PolicyDefault, pure Ed25519
//	v.AddWithOptions(pub, msg, sig, opts) // Ed25519ctx / Ed25519ph, any Policy
//	ok, valid := v.Verify(nil)            // nil: crypto/rand
//
// # How
//
// Verify decodes every key and R once and checks entries of all policies in
// one cofactored batch equation [8]Σ z_i·([S_i]B − R_i − [k_i]A_i) = 0 with
// fresh random coefficients z_i from rand (at least 2^128 choices, distinct
// mod ℓ). A [ed25519.PolicyZIP215] entry is cofactored already; a
// [ed25519.PolicyDefault] or [ed25519.PolicyStrict] entry (cofactorless)
// goes in only when its A and R pass the prime-order-subgroup test, where
// the two equations agree, and is checked on its own otherwise (and always
// in calls with fewer than 10 such entries), by the code VerifyWithOptions
// runs. When the batch equation fails, Verify bisects the batch instead of
// checking every entry. An invalid entry is reported valid with probability
// at most (log2(n)+1)/(2^128 − 1), over rand's coefficients; a valid entry
// is always reported valid. The algorithms, coefficient sets and
// measurements are in DESIGN.md in the package's source directory.
//
// # Semantics
//
//   - Empty batch: Verify returns false and an empty, non-nil valid, as
//     github.com/hdevalence/ed25519consensus and curve25519-voi return false:
//     an unexpectedly empty batch is more likely a bug than a success.
//   - Reuse: Verify does not consume the entries; calling it again checks the
//     same batch with fresh coefficients, and more entries may be added
//     between calls. [Verifier.Reset] empties the Verifier and keeps its
//     memory. A Verifier is not safe for concurrent use.
//   - Malformed input never panics: a key or signature of the wrong length
//     (nil included), an unknown Policy or hash, a context over 255 bytes,
//     or an Ed25519ph message that is not 64 bytes make that entry invalid,
//     as VerifyWithOptions rejects them. A nil *Options means the zero
//     Options (pure Ed25519, PolicyDefault), as it does for
//     VerifyWithOptions.
//   - Randomness: rand == nil means crypto/rand.Reader. If rand fails,
//     Verify checks each batched entry on its own with its cofactored
//     equation: exact, slower, never a panic.
//   - The subgroup test of A is not cached across entries with the same
//     key; keys are decoded once per entry.
//   - Allocation: Add allocates only to grow the entry slice (none with
//     NewVerifierWithCapacity); Verify allocates the returned []bool and,
//     the first time it sees a larger batch, its work buffers. A Verifier
//     from NewVerifierWithCapacity keeps its work buffers; one from
//     NewVerifier borrows them during Verify from a pool shared by all
//     Verifiers, so that a fresh Verifier per batch does not allocate and
//     clear them each time.
//   - Verification is variable time: it only sees public data.
//
// Differences from the peers: ed25519consensus's batch verifier implements
// ZIP-215 only and returns a single bool; curve25519-voi's Verify, when the
// batch equation fails, verifies every entry serially, and its option for
// cofactorless batch verification is documented by voi itself as
// nonsensical — here the cofactorless policies are exact.
package batch
