// Package fastpath lets the tests of other packages (ed25519's RFC 8032,
// Wycheproof and differential tests) run curve25519's fixed-base
// multiplication on both of its paths in one binary: the fixed-base comb
// on fe64 assembly (where the build and the CPU have it) and on
// field25519.
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
