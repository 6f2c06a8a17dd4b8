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
// # Method, per policy
//
// Add hashes the challenge k = SHA-512(dom ‖ R ‖ A ‖ M) mod ℓ at once and
// keeps no reference to its arguments. Verify decodes every key and R once
// and then, with E_i = [S_i]B − R_i − [k_i]A_i:
//
//   - [ed25519.PolicyZIP215] entries (cofactored single equation [8]E_i = 0)
//     go into one cofactored batch equation [8]Σ z_i·E_i = 0, a
//     multi-scalar multiplication of 2n+1 points with the basepoint's
//     scalars summed, where the z_i are non-zero mod ℓ and drawn fresh from
//     rand on every call, uniformly from a set Z of at least 2^128 integers
//     that are distinct mod ℓ. If every entry is valid the equation holds.
//     If entry j is invalid, [8]E_j is a non-zero point of prime order ℓ,
//     and for any fixed other coefficients at most one residue of z_j mod ℓ
//     makes the sum vanish: the equation wrongly holds with probability at
//     most 1/|Z|. Torsion components, which make cofactorless batch
//     equations disagree with single verification, are multiplied away on
//     both sides. Z depends on the number of batched entries, for speed
//     only. Up to 80: the positive integers below 2^252 (so below ℓ) whose
//     non-adjacent form has exactly 24 nonzero digits ±1; a NAF is unique,
//     so |Z| = C(229, 24)·2^23 > 2^130. In the Straus multiplication small
//     batches use, such a coefficient costs 24 mixed additions of ±R_i and
//     no table of multiples of R_i (a 128-bit one costs a table and about
//     21 additions), and its length costs nothing: the chain of doublings
//     is 253 steps long anyway for the keys' full-size scalars z_i·k_i.
//     From 384 on: the positive integers below 2^248 whose signed radix-256
//     form (digits −128 … 127, unique) has exactly 13 nonzero digits,
//     |Z| = C(31, 13)·255^12·127 > 2^130; the Pippenger multiplication
//     large batches use, with 8-bit windows, adds each nonzero digit into a
//     bucket: 13 bucket additions, against 17 for a 128-bit coefficient.
//     In between: the 128-bit integers other than 0, |Z| = 2^128 − 1.
//   - [ed25519.PolicyDefault] and [ed25519.PolicyStrict] entries (cofactorless
//     single equation E_i = 0) use the subgroup-test method when a call has
//     at least 10 of them: check the encodings as the policy does, test A
//     and R for membership of the prime-order subgroup (curve25519's
//     IsTorsionFree: one square root and one quartic character, about 6 µs
//     a point), put the entries where both are torsion-free into the same
//     cofactored batch equation — for them E_i lies in the prime-order
//     subgroup, so [8]E_i = 0 iff E_i = 0 and the cofactored and
//     cofactorless equations agree — and verify the rest (keys or R with a
//     torsion component) one by one. Below 10 entries, and for the entries
//     that fail the subgroup test, each entry is verified on its own by the
//     code VerifyWithOptions runs (the module's internal ed25519core: option
//     rules, challenge, policy checks and the half-size-scalar equation),
//     from the challenge hashed at Add time. The two subgroup tests are the
//     expensive part of the method. Measured (BenchmarkPaired, one core,
//     thread CPU time, medians, PolicyDefault), it costs per entry 1.08 of
//     one-by-one verification at n = 4, 0.91 at 16 and 0.85 at 64 (0.72 of
//     crypto/ed25519's Verify there); hence the threshold.
//
// A failed batch equation does not make Verify check every entry on its own:
// it splits the range in two, computes the left half's combination with a
// multi-scalar multiplication and gets the right half's by subtracting it
// from the whole (the combination is linear), and recurses into the halves
// that fail. A range of one entry is decided exactly ([8]z_j·E_j = 0 iff
// [8]E_j = 0, as z_j ≠ 0 mod ℓ). With one bad signature this costs about
// one more batch equation in total; an invalid entry can only be reported
// valid if one of the at most log2(n)+1 equations covering it wrongly holds,
// so with probability at most (log2(n)+1)/|Z| ≤ (log2(n)+1)/(2^128 − 1).
//
// The multi-scalar multiplication is curve25519.VarTimeMultiScalarMult,
// which sees that the z_i are short or sparse (and skips their empty top
// digits, or walks their NAF without a table), uses its basepoint table for
// B, and reuses pooled buffers; the points are decoded and torsion-tested
// with curve25519's own methods.
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
//     Options (pure Ed25519, PolicyDefault), where VerifyWithOptions would
//     dereference it.
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
