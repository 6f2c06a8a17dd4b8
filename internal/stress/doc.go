// Package stress holds the concurrency stress tests of curvekit (its test
// files only): many goroutines sharing keys, precomputed tables on their
// first use, expanded keys, relays and batch verifiers, with every answer
// checked against a peer. Run them under the race detector:
//
//	go test -race ./internal/stress/
//
// The first-use test runs in a fresh child process of the test binary, so
// that the lazily built tables (sync.Once / sync.OnceValue) are really built
// while goroutines race for them.
package stress
