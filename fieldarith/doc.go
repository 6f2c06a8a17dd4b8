// Package fieldarith is the field-arithmetic layer shared by every curvekit
// curve. It holds no code itself; each field is a sub-package with one
// exported Element type and a constant Backend ("64-bit" or "32-bit"):
//
//   - field25519: GF(2^255−19), the base field of Curve25519 and edwards25519
//   - field448: GF(2^448−2^224−1), the base field of Curve448 and edwards448
//   - fieldp256: GF(2^256−2^224+2^192+2^96−1), the base field of P-256
//   - scalar25519, scalar448, scalarp256: Z/ℓ, Z/q and Z/n, the scalar
//     fields of those groups
//
// # Contract
//
// Every Element follows the contract of Go's edwards25519 field.Element:
// v.Op(a, b) sets v and returns v; arguments may alias; the zero value is 0;
// conditions and predicates are ints 0/1; Bytes is a small inlinable wrapper
// around an outlined body, so its buffer stays on the caller's stack. All
// share Zero, One, Set, Add, Subtract, Negate, Multiply, Square, Invert
// (Invert(0) = 0), Select, Swap, Equal, IsZero, SetCanonicalBytes (exact
// length, value below the modulus, else an error) and Bytes; each adds what
// its curves need (SetBytes that reduces as X25519/X448 require, SqrtRatio,
// Sqrt, SetUniformBytes for 64- and 114-byte hash outputs, SetReducedBytes,
// MultiplyAdd). Everything is constant time: no branch, loop bound or memory
// index depends on a value.
//
// # Two backends, both always compiled
//
// Each package compiles two limb representations as unexported types with
// the exported method set — the 64-bit one multiplies with math/bits.Mul64;
// the 32-bit one's multiplication, squaring, reduction and exponentiation
// chains use 32×32→64 products only — and a pair of build-tagged files
// (element_64.go, element_32.go) chooses which one Element wraps. The
// exception is Invert modulo the ≤256-bit moduli (GF(2^255−19), ℓ, P-256's
// p and n), on both backends: the shared safegcd code below works on signed
// 62-bit limbs with int64 arithmetic and math/bits.Mul64, which a 32-bit
// target compiles to sequences of 32-bit multiplies. The 448-bit fields
// invert with a Fermat chain, so their 32-bit backend is 32-bit throughout. The 64-bit one is the default on amd64, arm64, ppc64(le),
// s390x, riscv64, loong64 and mips64(le); the 32-bit one everywhere else
// (386, arm, mips(le), wasm, …) and whenever -tags curvekit32 is given.
// Because both are always compiled, one plain `go test` checks both against
// math/big and against each other.
//
//	field        64-bit                         32-bit
//	GF(2^255−19) 5 × 51-bit limbs               10 limbs, 26/25 bits (ref10)
//	GF(2^448…)   8 × 56-bit limbs, Karatsuba    16 × 28-bit limbs, Karatsuba
//	p256, ℓ, q, n Montgomery, 4 or 7 × 64 bits  Montgomery, 8 or 14 × 32 bits
//
// # One source of truth: generated hot code
//
// Measured when the design was set (see the project's DESIGN notes), on
// Go 1.26: a method call on a pointer-shaped type parameter goes
// through the generics dictionary, is never inlined and makes temporaries
// escape — an Edwards point addition over a generic field type ran 1.7×
// slower and allocated. So the hot code (multiply, square, carry, reduce,
// add/sub) is concrete, unrolled code written by one generator,
// internal/gen, from one template per representation family, and committed
// (files zz_generated_*.go; CI regenerates them and fails on any difference):
//
//   - the unsaturated family (gen/unsat.go, unsat.tmpl) takes a reduction
//     identity (2^255 ≡ 19; 2^448 ≡ 2^224 + 1) and limb widths, derives for
//     every limb product its column and coefficient, folds coefficients into
//     precomputed operand multiples, and proves with math/big interval
//     arithmetic that no column overflows — the limb bounds it finds are
//     written into the comments and asserted by generated tests;
//   - the Montgomery family (gen/mont.go, mont.tmpl) takes a modulus and a
//     word size and emits unrolled CIOS multiplication (the no-carry variant
//     where the top limb has spare bits; products by 0, 1, 2^k and all-ones
//     limbs strength-reduced, which is what makes P-256's p cheap), a
//     dedicated squaring, masked final subtraction, and the constants
//     (R² mod m, −m⁻¹ mod 2^w, powers for wide reduction).
//
// The unsaturated fields also export Loose, fiat-crypto's "loose" form: a
// sum or difference left uncarried where the generator proves that the
// multiplication consuming it cannot overflow (Loose.Add, Loose.Subtract,
// Element.MultiplyLoose, SquareLoose, Carry). The curves keep the sums and
// differences of their point formulas and of the X25519 ladder in it, which
// saves a carry each and lets the additions inline.
//
// Inversion modulo the ≤256-bit moduli (GF(2^255−19), ℓ, and P-256's p and
// n) uses Bernstein–Yang divsteps, written once in internal/safegcd and fed
// by a small conversion per representation (generated for the Montgomery
// fields, hand-written in field25519/invert_safegcd.go): constant time, 590 divsteps in 10 batches of 59
// (Wuille's machine-checked bound, as libsecp256k1), 0.65× the Fermat chain
// for GF(2^255−19) on the 64-bit backend and 0.27–0.42× for the Montgomery
// fields; the Fermat chains stay as invertFermat for the tests, and are
// still used for the 448-bit fields.
//
// What is the same for every field is written once: exponentiation by a
// fixed exponent (the Fermat inverse a^(m−2), which is Invert only for the
// 448-bit fields, and square roots) is straight-line code that
// gen/chain.go derives from the exponent — runs of ones become doubling
// chains, the rest sliding windows (2^255−21: 254 squarings and 14
// multiplications); the constant-time helpers are in internal/ct; and the
// test harness, internal/fieldtest, checks every representation of every
// field against math/big (random and edge values, aliasing, encodings,
// allocations) and provides the fuzz target body.
//
// # Assembly: GF(2^255−19) Multiply and Square on amd64
//
// The first exception to pure Go: on amd64, field25519's 64-bit backend runs
// Multiply and Square (and so MultiplyLoose, MultiplyLooseTight, SquareLoose
// and every exponentiation) in assembly. It is generated too, by
// gen/unsatasm.go into field25519/zz_generated_fe51_amd64.s, from the same
// plan as the Go code: the same 25 (15) limb products with the same
// precomputed operands 19·b and 2·a, the same 128-bit column sums, the same
// split c = hi<<13 | lo>>51 and the same two carry passes, in baseline amd64
// instructions only (MULQ, IMUL3Q, ADDQ/ADCQ, shifts; no MULX/ADX, no
// branches, no memory index depending on data). Its outputs are therefore
// bit-identical to the Go code's on every input within the loose bounds, and
// the generator's bounds proofs apply to it unchanged; the tests check both
// on random, loose and edge inputs, and a fuzz target compares them. What
// it gains is scheduling: the Go compiler spills every product (see the last
// paragraph below), the assembly keeps everything in registers and sums
// first the columns whose carries are later multiplied by 19.
//
// Build tags choose at compile time: the assembly on amd64 by default;
// -tags purego forces the Go code (multiplyGeneric, squareGeneric, which
// are always compiled and which the amd64 tests compare it with), and so
// does -tags curvekit_purego, which unlike purego leaves the standard
// library's and other modules' assembly on (for comparing curvekit's Go code
// with peers as users run them);
// -tags curvekit32 selects the 32-bit backend, which has no assembly; every
// other architecture runs Go. The other assembly is GF(2^448−2^224−1)'s
// and P-256's (below); no 32-bit backend has any.
//
// Measured on the 2-core AMD EPYC (Zen 5), chains of dependent operations,
// thread CPU time, benchstat medians of one run (BenchmarkFe51Asm):
// Multiply 13.3 ns against 14.9 ns for the Go code (0.89×) and 14.9 ns for
// filippo.io/edwards25519/field's amd64 assembly (0.90×); Square 9.4 ns
// against 10.9 (0.86×) and 9.6 ns (0.97×). A whole X25519 ladder
// (curve25519's BenchmarkX25519Shared) took 35.8 µs against 39.3 µs with
// -tags purego (0.91×); crypto/ecdh took 39.7 µs and 41.6 µs in the same
// runs (purego also turns off the standard library's assembly).
// BenchmarkFe51Asm now interleaves the three in one process
// (benchutil.Compare, 100 dependent calls per round); at 22:27 UTC under
// load 14: Multiply 12.2 ns against 14.6 ns (Go) and 13.0 ns (filippo,
// 0.93×), Square 9.2 ns against 10.7 and 9.8 ns (0.94×).
//
// # Assembly: GF(2^448−2^224−1) Multiply and Square on amd64
//
// field448's fe56 (8 × 56 bits) is marked asm too, with the same build tags
// and the same contract: Multiply and Square run zz_generated_fe56_amd64.s,
// bit-identical to multiplyGeneric and squareGeneric. Its plan is the
// Karatsuba one, where a partial sum sK feeds two columns with signs
// (r0 = −s0 + s1 + s2 + s3 and r4 = −s2 + s3 + s14, …), so
// gen/unsatasm_grouped.go writes it: the precomputed operands (aa_i =
// a_i + a_{i+4}, 2·a_i, 2·aa_i) once into the frame, the columns summed by
// clusters ({k, k+4}) with ADDQ/ADCQ and SUBQ/SBBQ mod 2^128 as the Go
// code's bits.Add64/Sub64, a group that feeds two columns summed in the
// accumulator of one of them and then added to or subtracted from the
// other, the group order per cluster the one with the fewest instructions
// (searched over all orders), finished limbs parked in the frame when the
// registers run out (4 stores and loads in Multiply), and the same two
// carry passes; the split is MOVQ/SHRQ/SHLQ/ORQ, which measured 4% (Mul)
// and 7% (Square) faster than SHLD here (fe51 keeps SHLD, neutral for it).
// Tests as fe51's: asm against the Go code on random tight and loose inputs
// and edge states, against math/big, aliasing, a fuzz target, and gen's
// interpreter (now with SUBQ/SBBQ/ORQ and the frame) against math/big.
//
// Measured 22:20–22:40 UTC on the 2-core AMD EPYC (Zen 5) under heavy load
// from other processes (load average 13–20), interleaved in one process
// with benchutil.Compare, thread CPU time, medians, chains of 100 dependent
// calls (BenchmarkFe56Asm): Multiply 25 ns against 32 ns for the Go code
// and 27 ns for circl's math/fp448 (MULX/ADX on this CPU): 0.89–0.90×
// circl; Square 19.5 ns against 22 ns (Go) and 24 ns (circl): 0.80×
// circl. A MULX variant (the products by MULXQ straight into the
// accumulators, runtime-selected on BMI2) measured the same as the
// baseline code within 1% on chains and on interleaved calls, and was not
// kept: the column sums are independent ADD/ADC chains that the core
// already overlaps, so ADCX/ADOX's second carry chain has nothing to add,
// and the MUL port, not the instruction count, is the floor. Handing every
// product straight to each column it feeds, instead of summing a shared
// group once, measured 3% slower. The order of the clusters, and keeping
// the mask in a register where it fits (Square), made no difference
// beyond noise.
//
// Mult32 (a·y for a uint32 y, X448's a24) takes the same path, a plan of
// one product per column with y in BX: 7.3 ns against 8.5 ns for the Go
// code. And fe56's Loose.Subtract is now unrolled and not inlined (gen's
// unrollLooseSub) rather than two inlined loops, which cost 7.9% of an
// X448 profile against 2.6% for the unrolled, not inlined Loose.Add; fe51's
// too, re-measured (X25519 shared secret 1.38 → 1.32 of circl, group
// operations within ±1%).
//
// What it did to the curves, each op interleaved with its peer in one
// process (BenchmarkCompare of curve448, ed448, curve25519), thread CPU
// time, medians of 5 rounds, ratio = curvekit's time over circl's (below
// 1: curvekit faster); "before" is the tree at c6f2de8, run in the same
// rounds, 22:37–22:51 UTC, load average 14–22 on 2 cores:
//
//	                      before     after
//	X448 shared secret    1.16       0.91 with the asm Multiply and Square,
//	                                 0.90 with Mult32 too, 0.87–0.88 with
//	                                 the unrolled Loose.Subtract too
//	X448 key generation   0.67       0.53
//	Ed448 NewKeyFromSeed  0.56–0.65  0.45–0.50
//	Ed448 Sign            0.64       0.50–0.52
//	Ed448 Verify          0.75       0.54–0.58
//	X25519 shared secret  1.36       1.32–1.33 (fe51 changed only in Loose.Subtract)
//	X25519 key generation 0.58       0.58
//
// X25519 stays behind circl, whose amd64 X25519 runs the whole ladder step
// in MULX/ADX assembly on 4 × 64-bit limbs: fe51's Multiply and Square are
// already 0.93–0.94× filippo's assembly, and a MULX form of the same column
// sums measured no faster for fe56 (above), so the lever there is the
// ladder or the representation, not these routines.
//
// # Assembly: P-256's Montgomery Multiply and Square on amd64 (BMI2, ADX)
//
// fieldp256 and scalarp256 (the Montgomery fields marked Asm in gen/mont.go)
// run Multiply and Square, and so every exponentiation such as Sqrt, in
// MULX/ADCX/ADOX assembly when the CPU has BMI2 and ADX, checked at run time
// with golang.org/x/sys/cpu; otherwise, and with -tags purego,
// curvekit_purego or curvekit32, the Go code. Both paths share the 4 × 64
// Montgomery representation, so the choice is only of instructions; their
// Assembly() says what runs. gen/montasm.go writes the assembly from the
// plan of the Go code (montRep): Multiply is MulBody's CIOS row for row,
// with the same shortcut for p (−p⁻¹ ≡ 1 mod 2^64 and p0 = 2^64 − 1: the
// reduction factor is t0 and the first reduction product is skipped) and
// the zero limbs of m left out, Square is SquareBody's SOS (cross products
// once, doubled, squares added, then redc), and both end with the same
// masked subtraction, as CMOVs. Results are fully reduced, hence the Go
// code's limb for limb: the generated tests (zz_generated_elem64_asm_test.go)
// compare the two and math/big on edge values (0, 1, m − 1, and for Mul's
// first argument m, 2^256 − 1 and other values near 2^256) and random ones,
// run both paths of Multiply and Square in one binary (elem64UseAsm is the
// switch) and carry a fuzz target; gen's TestMontAsm runs the text on an
// interpreter that tracks CF and OF apart, against math/big, on any
// machine. What the assembly gains is two carry chains at once (ADCX on
// CF, ADOX on OF) and no spills. For p, whose low 192 bits are 2^96 − 1,
// each reduction row is two shifts and one MULX (q·(2^96 − 1) + t0 = q·2^96
// for q = t0) instead of two MULX products. The same row emitters are
// inlined by gen/pointasm.go into p256's Jacobian point routines
// (p256/zz_generated_jacobian_amd64.s; see p256/DESIGN.md), written with
// the Go formulas from one plan. The shift rows, measured as below but
// with old and new test binaries alternated three times (2026-12-02, load
// 3.5; medians of the asm-over-Go ratios): Multiply 0.79 → 0.67, Square
// 0.77 → 0.67 of the (unchanged) Go code; scalarp256 has no such shape
// and is unchanged. The figures that follow predate them. Measured on the
// 2-core AMD EPYC (Zen 5) under load from other processes, interleaved in
// one process, thread CPU time, chains of 100 dependent calls, benchstat
// over 6 runs (go test -run X -bench Elem64Asm -benchtime 2000x -count 6
// ./fieldarith/fieldp256 ./fieldarith/scalarp256): fieldp256 Multiply
// 12.2 ns against 16.7 ns for the Go code (0.73× ± 1%), Square 10.6 ns
// against 13.8 ns (0.77×), Invert (safegcd, no multiplications) 1.54 µs
// either way; scalarp256 Multiply 15.9 ns against 21.7 ns (0.73×), Square
// 15.1 ns against 19.4 ns (0.78×).
//
// # Measured (2-core AMD EPYC, Go 1.26; thread CPU time, peers in the same run)
//
//	GF(2^255−19), 64-bit   pure Go: Multiply 16.9 ns vs filippo.io/edwards25519/field
//	                       with -tags purego 16.1 ns (1.05×); Square 0.97×,
//	                       Invert 0.98×; vs filippo's amd64 assembly 1.13×;
//	                       amd64 assembly (see above): Multiply 0.90×,
//	                       Square 0.97× filippo's assembly
//	GF(2^255−19), 32-bit   under GOARCH=386 (qemu-i386): Multiply 0.43–0.48×
//	                       filippo (which emulates 64-bit products there)
//	GF(2^448−2^224−1)      pure Go 64-bit Multiply 1.14×, Square 0.86×,
//	                       Invert 0.87× circl's amd64 assembly; 0.89 / 0.57 /
//	                       0.59× its pure Go; 386: 0.43 / 0.26 / 0.28× circl;
//	                       amd64 assembly (see above): Multiply 0.90×,
//	                       Square 0.80× circl's assembly
//	Z/ℓ                    Multiply 1.00×, Invert 0.83×, SetUniformBytes
//	                       0.48× filippo.io/edwards25519.Scalar
//	Z/q                    Multiply 0.11×, SetUniformBytes 0.64× circl's
//	                       goldilocks.Scalar
//
// The 386 figures come from qemu-user emulation, where only ratios mean
// anything.
//
// Why the pure-Go 64-bit GF(2^255−19) multiply (what -tags purego and the
// other 64-bit architectures run) stays about 1.15–1.2× behind
// assembly: Go's SSA scheduler places flag-producing instructions (the
// ADD/ADC pairs of bits.Add64) as late as possible, so all 25 MULQ of a
// multiplication are issued first and their 50 result words spill — 289
// instructions, 107 of them stack accesses, against about 190 in Go's own
// fe_amd64.s. Carry-free accumulations (splitting each product at 51 bits,
// pre-shifted operands), dependency or block barriers, stores as
// scheduling fences and GOAMD64=v3 were all tried and none was faster.
// Beating the assembly peers on the group operations therefore takes
// either fewer field operations (algorithms, tables) or assembly. The closing notes of the issues that brought these packages
// give the benchstat runs.
package fieldarith

//go:generate go run ./internal/gen
