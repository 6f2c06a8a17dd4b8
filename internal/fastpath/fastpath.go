// Package fastpath lets the tests and benchmarks of other packages
// (ed25519's RFC 8032, Wycheproof and differential tests) run curve25519's
// Edwards code on both of its paths in one binary: on the fe64 assembly
// (where the build and the CPU have it: the fixed-base comb, and the
// Straus loop of VarTimeSplitBaseMult) and on field25519.
//
// It only carries a function between packages: curve25519 installs Comb64
// from an init function, so nothing changes on curve25519's hot paths.
package fastpath

// Comb64 switches curve25519's fixed-base comb onto its fe64 assembly (on,
// where this build and CPU run it) or onto field25519 (off), and reports
// whether the fe64 comb now runs. Nil if curve25519 is not linked in. It
// must not be called while any curve25519 operation may run on another
// goroutine.
var Comb64 func(on bool) bool

// Straus64 does the same for the Straus loop of VarTimeSplitBaseMult
// (half-size Ed25519 verification).
var Straus64 func(on bool) bool

// Pippenger64 does the same for the Pippenger of VarTimeMultiScalarMult
// (batch verification's large batches).
var Pippenger64 func(on bool) bool
