// Package mmaptest maps anonymous memory outside the Go heap, for the tests
// and benchmarks of code that must accept keys held there (memguard-style
// locked memory, buffers allocated by C). It is used by tests only.
package mmaptest

import "errors"

// ErrUnsupported is returned by [Map] where this package cannot map memory
// (js/wasm, wasip1, windows, plan9); tests skip there.
var ErrUnsupported = errors.New("mmaptest: anonymous mappings not supported on this platform")
