// Package tablefree lets a measuring tool (cmd/ecbench) switch curve25519's
// basepoint multiplications to the table-free code they fall back to when
// the precomputed tables fail their first-use check: the reference path
// that check compares against, so that the tables' speed-up can be
// measured in one binary.
//
// It only carries a function between packages: curve25519 installs Set
// from an init function in a file built only with -tags
// curvekit_tablefree, so a build without the tag has no switch at all
// (Set stays nil) and nothing changes on curve25519's hot paths.
package tablefree

// Set forces curve25519's fixed-base code onto its table-free path (on) or
// back to the tables (off). It is installed by package curve25519 in
// builds with -tags curvekit_tablefree (nil otherwise). It must not be called while any
// curve25519 operation may run on another goroutine.
var Set func(on bool)
