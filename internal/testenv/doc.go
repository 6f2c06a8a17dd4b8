// Package testenv describes the build the tests run in, for tests that must
// adapt to it, and finds the tools they compare with ([NewOpenSSL]).
//
// The race detector allocates, so allocation counts are checked only when
// Race is false.
package testenv
