// Package curve25519 implements the Curve25519 group in its two shapes: the
// prime-order-subgroup arithmetic of the twisted Edwards curve edwards25519
// (the group of Ed25519, ristretto-free), and X25519 on the birationally
// equivalent Montgomery curve (RFC 7748).
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
// documentation).
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
// invalid encodings. As in filippo, MultiScalarMult and
// VarTimeMultiScalarMult panic when given slices of different lengths (a
// programming error, not bad data), and the zero Point is not valid.
//
// The X25519 side is scheme-level API and fails closed (checked by
// internal/apisweep): X25519, X25519Multi, PrecomputedX25519 and the key
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
// # Algorithms and tables
//
// ScalarBaseMult uses a fixed-base table of signed radix-32 digits with no
// doublings: 51 positions of the 16 affine-Niels multiples k·32^j·B, one
// full-scan lookup and one 7M mixed addition per digit (51 digits suffice
// for scalars below 2^253: the top one takes bits 250–252 and a carry). Measured in one
// run (BenchmarkFixedBaseShapes) against windows 3…6 and spacings 1…3
// (combs with doublings between rounds): wider windows save additions but
// each lookup scans twice the entries, and spacing > 1 adds doublings.
// Radix 16 (64 positions of 8) was the choice while lookups were slower;
// with the word scans below radix 32 is about 6% faster on amd64 and 11%
// on 386, and radix 64 is slower again.
//
// Constant-time lookups read every entry; where a field element is 40
// bytes of plain memory (both field backends) they select 64-bit words with
// masks, word-major over the 8 entries of a table (or two passes for 16),
// which keeps the masks in registers: about twice as fast as chaining
// Element.Select (BenchmarkLookup). On amd64 CPUs with AVX2 (checked at
// run time; -tags purego or curvekit_purego keeps the Go scans) the same
// selection runs in assembly on 32-byte YMM words, 16 entries in one pass: a
// scan takes about
// half the time of the Go word scan, which makes ScalarBaseMult 13% and
// DoubleScalarMult 5% faster. Doubling computes E = 2·X·Y with one
// multiplication (1M + 3S) rather than (X+Y)² - A - B (4S): measured equal
// with the current field package, and two subtractions shorter.
//
// VarTimeDoubleScalarBaseMult interleaves a width-5 NAF over eight odd
// multiples of A (cached form) with a width-11 NAF over a precomputed table
// of 512 odd multiples of B (affine-Niels form, 60 KiB decoded; int16
// digits from tables.VarTimeNAF16): about 21 additions for b instead of
// the 28 of width 8. Measured against width 8 in the pure-Go build
// (BenchmarkCompare, medians over runs and over placements of the table in
// memory, which alone can move the time by 4%): widths 9, 10, 11 and 12 are
// about 0.5%, 1–1.7%, 2.1–2.4% and 1.9–2.4% faster; 11 takes half the
// memory of 12, and adds about 60 µs to the first-use decoding.
// VarTimeDoubleScalarMult is the same with width-5 NAFs for both points;
// DoubleScalarMult and MultiScalarMult use signed radix-16 digits and
// full-scan lookups (Straus).
// VarTimeMultiScalarMult chooses between Straus (width-5 NAFs; the
// generator, when present, uses the basepoint table) and Pippenger's bucket
// method (signed radix-2^c digits, c = 4…12, mixed additions after one
// batched inversion) by an operation count that knows each scalar's bit
// length, so the 128-bit coefficients of batch verification cost about
// half; for full-size scalars it switches near 100 points, where
// BenchmarkVarTimeMultiScalarMultCrossover has the two even at 96 and
// Pippenger ahead from 128. VarTimeSplitBaseMult (b0·B + b1·[2^128]B +
// a·A + c·C, the shape of half-size Ed25519 verification) is Straus over
// a width-11 NAF for B (the basepoint table), a width-8 NAF for [2^128]B (a
// table of 64 odd multiples of [2^128]B built once per process from 128
// doublings) and width-5 NAFs for A and C; VarTimeSplitBaseMultPrecomputed takes A as a
// VarTimePrecomputedPoint (16 odd multiples, affine, width-6 NAF), so a
// verifier holding a key skips its table. VarTimeMultiScalarMult's
// buffers come from a sync.Pool: no allocation per call in steady state;
// the split-base functions use only the stack. Bytes, Scalar.Bytes and
// ExtendedCoordinates are inlinable wrappers writing into caller-stack arrays, as in Go's
// crypto/internal/fips140/edwards25519, so they do not allocate either.
//
// PrecomputedPoint applies the basepoint method to any point: a comb of two
// rounds over 32 positions of 8 affine multiples k·2^(8j)·P (30 KiB), so
// ScalarMultPrecomputed costs 64 full-scan lookups and mixed additions plus
// 4 doublings, about a third of ScalarMult; building the table (248
// doublings, 224 additions, one batched inversion) costs about two and a
// half ScalarMult calls. PrecomputedX25519 uses it for X25519 with a fixed
// peer u: it maps u to an Edwards point P (either sign; u on the twist and
// u = -1 keep the ladder), tabulates 8·P and multiplies it by k/8 for the
// clamped scalar k (a multiple of 8 below 2^255, so k/8 < 2^252 < ℓ needs no
// reduction and k·P = (k/8)·(8·P) whatever P's torsion component), then maps
// back to u. Measured: 16 µs per exchange against 43 µs for the ladder and
// 39 µs for crypto/ecdh, 115 µs to build.
//
// IsTorsionFree decides membership with two exponentiations, one square
// root and one quartic character: the square root gives a preimage of the
// point under the dual of a 2-isogeny (it exists exactly when the point is
// in 2E), and a 4-Tate pairing on the isogenous Montgomery curve, whose
// 2-part is Z/4 × Z/2, says whether that preimage lies in the right coset
// (derivation on quarticTest). Measured about 5× faster than multiplying by
// ℓ along ℓ's fixed NAF chain (the reference the tests compare it with) and
// about 4× faster than voi's IsTorsionFree (BenchmarkIsTorsionFree).
//
// # Table data and first use
//
// The tables are generated source in package tables (canonical affine
// coordinates, computed with math/big by tables/internal/gen; tests
// regenerate them and rebuild them with this package's arithmetic, byte for
// byte). They are decoded once, at first use, behind sync.OnceValue, into
// the limb form of the field backend in use. Decoding costs about a third
// of computing the same tables from scratch with batched inversion
// (BenchmarkBasepointTableInit: roughly 180 µs against 440 µs of CPU time
// on the development machine), and keeps one representation-independent
// copy of the data for both field backends.
//
// At first use the decoded tables are also verified: every entry is
// checked against its definition by induction from B (entry(j, k+1) =
// entry(j, k) + entry(j, 1), and so on: about 1,300 additions), and the
// table-based ScalarBaseMult and VarTimeDoubleScalarBaseMult are compared
// with the table-free ScalarMult on fixed scalars. If anything disagrees,
// BasepointTableOK reports false and both methods fall back to table-free
// code, slower but still correct (and constant time for ScalarBaseMult).
// Decoding plus verification cost about 0.75 ms of CPU time, once per
// process.
//
// # Montgomery conversions
//
// BytesMontgomery maps y to u = (1+y)/(1-y) (the identity, y = 1, maps to
// u = 0, as in filippo and X25519) and SetMontgomery maps u back with a
// chosen sign of x; it rejects non-canonical u, u = -1 (no Edwards image)
// and u on the twist, and maps u = 0 to (0, -1).
package curve25519
