//go:build amd64 && !purego && !curvekit_purego

package curve25519

import (
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchmarkAVX2Scans times the operations the table scans serve with the
// AVX2 scans and with the Go word scans, interleaved in one process
// (benchutil.CompareFlag switches haveAVX2): the "speedup-go" metric is
// the Go scans' time over the AVX2 scans'.
func BenchmarkAVX2Scans(b *testing.B) {
	if !haveAVX2 {
		b.Skip()
	}
	in := newBenchInputs(b)
	var v Point
	k, _, _, _ := x25519BenchKeys(b)
	var dst [32]byte
	avx2 := func(b *testing.B, f func()) { benchutil.CompareFlag(b, &haveAVX2, "avx2", "go", f) }
	b.Run("ScalarBaseMult", func(b *testing.B) {
		avx2(b, func() { v.ScalarBaseMult(in.s) })
	})
	b.Run("X25519KeyGen", func(b *testing.B) {
		avx2(b, func() { xdh(&dst, k[:], Basepoint) })
	})
}
