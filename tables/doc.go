// Package tables holds the curve-independent machinery for precomputed
// scalar-multiplication tables: signed-digit recodings of scalars, the
// constant-time full-scan table lookup, the layout description of
// fixed-base tables, and the generated basepoint data itself.
//
// Curve packages (curve25519, curve448, p256) load their own tables with
// it; this package never imports a curve package.
// Words is the scalar side of variable-time multi-scalar multiplication for
// every curve: scalars of up to 80 bytes in either byte order, their
// windows, non-adjacent-form masks and signed radix-2^c digits
// (internal/msm's cost model reads its statistics from it).
//
// # Guarantees
//
// SignedRadix and Lookup are constant time: they run the same instructions
// and touch the same memory whatever the scalar or index. Functions whose
// names start with VarTime (VarTimeNAF, VarTimeNAF16) branch on their input
// and must only see public values. The recodings take little-endian
// scalars; SignedRadixBigEndian and VarTimeNAFBigEndian are the same
// recodings of big-endian (SEC 1) scalars, as P-256's.
//
// # Table data
//
// Basepoint tables are stored as generated Go source (zz_generated_*.go,
// produced by `go generate` running internal/gen/tables, which computes
// them with math/big from the curve definition alone) in a
// representation-independent form: canonical affine coordinates in the
// curve's byte order (little-endian for edwards25519 and edwards448,
// SEC 1's big-endian for P-256). A curve package decodes them once, at first use
// (sync.OnceValue), into the limb form of whichever field backend it was
// built with, so the 64-bit and 32-bit backends share one copy of the data.
// The trade-off against computing the tables at start-up is measured and
// written down in the curve package's DESIGN.md.
//
// FixedBase and OddMultiples describe such generated data; their zero value
// describes no table and is a programming error to use: Len,
// EntriesPerPosition and FixedBase.Entry panic on it (a negative shift),
// and OddMultiples.Entry returns empty strings.
package tables
