package ed448

import (
	"testing"

	"github.com/curvekit/curvekit/internal/keycache/mmaptest"
)

// BenchmarkSignKeyMemory times Sign on the key cache's three paths: a key
// reused across calls, a fresh copy of it on every call, and a key in
// mmap'd memory (mmaptest.BenchSign); see ed25519's benchmark of the same
// name.
func BenchmarkSignKeyMemory(b *testing.B) {
	mmaptest.BenchSign(b, NewKeyFromSeed(benchSeed), func(key []byte) { Sign(key, benchMsg, "") })
}
