// Package curve25519 implements X25519 (RFC 7748) with key types shaped like
// crypto/ecdh's, and the edwards25519 group that Ed25519 signs with.
//
//	priv, err := curve25519.GenerateKey(nil) // nil: crypto/rand
//	if err != nil {
//		return nil, nil, err
//	}
//	peer, err := curve25519.NewPublicKey(peerBytes) // the other side's 32 bytes
//	if err != nil {
//		return nil, nil, err
//	}
//	shared, err = priv.ECDH(peer)
//	return priv.PublicKey().Bytes(), shared, err // send the first, keep the second
//
// X25519, ScalarMult and ScalarBaseMult are also drop-ins for
// golang.org/x/crypto/curve25519's; Point and Scalar for
// filippo.io/edwards25519's. Everything is constant time except the VarTime
// methods; the X25519 side refuses bad input with an error, never a panic.
//
// # The edwards25519 group
//
// Point and Scalar mirror filippo.io/edwards25519 (the code inside
// crypto/ed25519): same names, same semantics, so code written against it
// compiles against this package after changing the import. The field
// arithmetic comes from fieldarith/field25519 and fieldarith/scalar25519,
// whose 64-bit or 32-bit backends (the curvekit32 tag) this package
// inherits; on amd64 the 64-bit field multiply and square are generated
// assembly unless the purego or curvekit_purego tag is set (see fieldarith's
// documentation). X25519's variable-base ladder has its own assembly on
// amd64 CPUs with BMI2 and ADX (4 × 64-bit limbs, not with the purego,
// curvekit_purego or curvekit32 tags), with the same results; Assembly
// says when it runs.
//
// Additions to filippo's API: SetCanonicalBytes (the strict decoder),
// DoubleScalarMult and VarTimeDoubleScalarMult (a·P + c·Q), IsSmallOrder,
// IsTorsionFree, SetMontgomery, BasepointTableOK, and for the half-size
// signature check VarTimeSplitBaseMult, VarTimeSplitBaseMultPrecomputed and
// VarTimePrecomputedPoint; for a point multiplied by many secret scalars,
// PrecomputedPoint and ScalarMultPrecomputed, and on the X25519 side
// PrecomputedX25519 (a peer's static public key prepared once) and
// X25519Multi (several X25519 functions sharing one field inversion).
//
// # Guarantees
//
// Everything is constant time (no secret-dependent branch, loop bound or
// memory index; table lookups scan every entry with masks) except the
// methods whose names start with VarTime, which must only see public
// values. Decoders return an error, never panic, on wrong lengths and
// invalid encodings. Results are those of filippo.io/edwards25519 (the
// tests compare them with it and with curve25519-voi on random inputs).
//
// The basepoint tables are decoded from generated data and verified at
// first use, once per process (under a millisecond of CPU time; figures in
// DESIGN.md); if the check failed, BasepointTableOK reports false and ScalarBaseMult
// and VarTimeDoubleScalarBaseMult use table-free code, slower but equal.
// The assembly fast paths are checked at first use too (the ladder on
// fixed inputs with known answers, the fe64 forms of the tables entry by
// entry and on the code that uses them); one that fails is switched off,
// the portable code gives the same results, and FastPathFailures names it.
// Every function and method is safe for concurrent use on distinct
// receivers; PrecomputedPoint, VarTimePrecomputedPoint and
// PrecomputedX25519 are read-only once built.
//
// # Zero values and nil
//
// These are arithmetic types, and misuse of them is a programming error
// that panics, as in filippo.io/edwards25519, rather than an error value:
//
//   - The zero Point is not a point. An operation that reads one (Equal,
//     Bytes, Add, the multiplications, IsTorsionFree, …) panics with
//     "curve25519: use of uninitialized Point"; a zero Point may be the
//     receiver of a setter (Set, SetBytes, ScalarBaseMult, Add, …).
//   - A zero PrecomputedPoint or VarTimePrecomputedPoint panics the same
//     way ("use of uninitialized PrecomputedPoint", or
//     VarTimePrecomputedPoint); build them with NewPrecomputedPoint /
//     NewVarTimePrecomputedPoint or Set.
//   - The zero Scalar is 0, a valid scalar, as in filippo.
//   - A nil *Point, *Scalar or table, as receiver or argument, panics
//     with a nil dereference.
//   - MultiScalarMult and VarTimeMultiScalarMult panic when given slices of
//     different lengths.
//
// Scheme-level packages built on this one (ed25519, batch, the handshakes)
// turn bad input into errors and never reach these panics.
//
// # X25519
//
// X25519, ScalarMult, ScalarBaseMult, Basepoint, ScalarSize and PointSize
// have golang.org/x/crypto/curve25519's signatures and results (X25519
// refuses an all-zero output, as it does), so code using that package
// compiles against this one after changing the import.
//
// The X25519 side is scheme-level API and fails closed:
// X25519, X25519Multi, PrecomputedX25519 and the key
// types PrivateKey and PublicKey refuse zero values and nil pointers with
// an error (or false, or nil), never a panic. ScalarMult and ScalarBaseMult,
// which have no error to return, panic on a nil array pointer, as
// x/crypto's do. Point, Scalar and the precomputed point tables are group
// arithmetic, where a zero value or nil pointer is a programming error.
//
// # Verification policies
//
// SetBytes is LENIENT, exactly as filippo and crypto/ed25519: it accepts
// the non-canonical encodings of valid points (y ≥ p, reduced, and x = 0
// with the sign bit set). SetCanonicalBytes is STRICT, as RFC 8032,
// Section 5.1.3 and strict verifiers require: it rejects both. Neither
// rejects small-order or mixed-order points: use IsSmallOrder and
// IsTorsionFree for the policies that need it.
//
// # Design notes
//
// The algorithm choices — the fixed-base table shapes, the constant-time
// lookups and their AVX2 version, the NAF widths, the Straus/Pippenger
// crossover, the precomputed-point comb, the subgroup test by a quartic
// character, the table data and its first-use check — and the measurements
// behind them are in DESIGN.md in the package's source directory.
package curve25519
