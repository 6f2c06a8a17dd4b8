//go:build amd64 && !purego && !curvekit_purego

package curve448

import (
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/xdhtest"
)

// BenchmarkAVX2Scans times the operations the table scans serve with the
// AVX2 scans and with the Go word scans, interleaved in one process
// (haveAVX2 is switched before each call and restored at the end; no test
// runs concurrently with a benchmark): the "speedup-go" metric is the Go
// scans' time over the AVX2 scans'.
func BenchmarkAVX2Scans(b *testing.B) {
	if !haveAVX2 {
		b.Skip()
	}
	defer func() { haveAVX2 = true }()
	s := randScalar(b)
	var v Point
	k := xdhtest.Random(b, 56)
	var dst [56]byte
	c := func(name string, on bool, f func()) benchutil.Contender {
		return benchutil.Contender{Name: name, F: func() { haveAVX2 = on; f() }}
	}
	b.Run("ScalarBaseMult", func(b *testing.B) {
		benchutil.Compare(b, c("avx2", true, func() { v.ScalarBaseMult(s) }), c("go", false, func() { v.ScalarBaseMult(s) }))
	})
	b.Run("X448KeyGen", func(b *testing.B) {
		benchutil.Compare(b, c("avx2", true, func() { xdh(&dst, k, Basepoint) }), c("go", false, func() { xdh(&dst, k, Basepoint) }))
	})
	P := new(Point).ScalarBaseMult(s)
	b.Run("ScalarMult", func(b *testing.B) {
		benchutil.Compare(b, c("avx2", true, func() { v.ScalarMult(s, P) }), c("go", false, func() { v.ScalarMult(s, P) }))
	})
}
