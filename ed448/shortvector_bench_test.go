package ed448

import (
	"crypto/sha3"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

func BenchmarkShortVector(b *testing.B) {
	k := sha3.SumSHAKE256([]byte("BenchmarkShortVector"), 56) // fixed, so that builds compare
	k[55] &= 0x0f
	benchutil.RunCPU(b, func() { shortVector(k, &orderU448) })
}
