package field25519_test

import (
	"testing"

	"filippo.io/edwards25519/field"
	"github.com/curvekit/curvekit/fieldarith/field25519"
	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchmarkFe51Asm times Element (on amd64 without purego tags, the assembly
// the library's benchmark of the same name compares with its Go code) and
// filippo's field interleaved (benchutil.Compare), each contender a chain of 100
// dependent operations on its own accumulator (cpu-ns are per 100 operations).
func BenchmarkFe51Asm(b *testing.B) {
	x0, _ := new(field25519.Element).SetBytes(benchX)
	var z0 field.Element
	z0.SetBytes(benchX)
	c := func(name string, f func()) benchutil.Contender {
		return benchutil.Contender{Name: name, F: func() {
			for range 100 {
				f()
			}
		}}
	}
	b.Run("Multiply", func(b *testing.B) {
		x, z := *x0, z0
		benchutil.Compare(b,
			c("curvekit", func() { x.Multiply(&x, &x) }),
			c("filippo", func() { z.Multiply(&z, &z) }))
	})
	b.Run("Square", func(b *testing.B) {
		x, z := *x0, z0
		benchutil.Compare(b,
			c("curvekit", func() { x.Square(&x) }),
			c("filippo", func() { z.Square(&z) }))
	})
}
