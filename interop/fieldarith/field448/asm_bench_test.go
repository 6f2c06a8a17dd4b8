package field448_test

import (
	"testing"

	"github.com/cloudflare/circl/math/fp448"
	"github.com/curvekit/curvekit/fieldarith/field448"
	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchmarkFe56Asm times Element (on amd64 without purego tags, the assembly
// the library's benchmark of the same name compares with its Go code) and
// circl's field interleaved (benchutil.Compare), each contender a chain of 100
// dependent operations on its own accumulator (cpu-ns are per 100 operations).
func BenchmarkFe56Asm(b *testing.B) {
	x0, _ := new(field448.Element).SetBytes(benchX)
	var z0 fp448.Elt
	copy(z0[:], benchX)
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
			c("circl", func() { fp448.Mul(&z, &z, &z) }))
	})
	b.Run("Square", func(b *testing.B) {
		x, z := *x0, z0
		benchutil.Compare(b,
			c("curvekit", func() { x.Square(&x) }),
			c("circl", func() { fp448.Sqr(&z, &z) }))
	})
}
