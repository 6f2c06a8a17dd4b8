//go:build amd64 && !purego && !curvekit_purego

package curve448

import (
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/xdhtest"
)

// BenchmarkAVX2Scans times the operations the table scans serve with the
// AVX2 scans and with the Go word scans, interleaved in one process
// (benchutil.CompareFlag switches haveAVX2): the "speedup-go" metric is
// the Go scans' time over the AVX2 scans'.
func BenchmarkAVX2Scans(b *testing.B) {
	if !haveAVX2 {
		b.Skip()
	}
	s := randScalar(b)
	var v Point
	k := xdhtest.Random(b, 56)
	var dst [56]byte
	avx2 := func(b *testing.B, f func()) { benchutil.CompareFlag(b, &haveAVX2, "avx2", "go", f) }
	b.Run("ScalarBaseMult", func(b *testing.B) {
		avx2(b, func() { v.ScalarBaseMult(s) })
	})
	b.Run("X448KeyGen", func(b *testing.B) {
		avx2(b, func() { xdh(&dst, k, Basepoint) })
	})
	P := new(Point).ScalarBaseMult(s)
	b.Run("ScalarMult", func(b *testing.B) {
		avx2(b, func() { v.ScalarMult(s, P) })
	})
}
