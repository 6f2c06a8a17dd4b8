// Package testenv describes the build the tests run in, for tests that must
// adapt to it.
//
// The race detector allocates, so allocation counts are checked only when
// Race is false.
package testenv
