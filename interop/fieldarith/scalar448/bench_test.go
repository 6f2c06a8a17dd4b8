package scalar448_test

import (
	"bytes"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/scalar448"
)

// peerBenchmarks holds, per operation, benchmarks of the peer
// implementations of this field, run beside the exported Element (the
// backend this build selects). The library's own tests benchmark its 64-bit
// and 32-bit code side by side.
var peerBenchmarks = map[string][]struct {
	name string
	f    func(*testing.B)
}{}

func runBenchmarks(b *testing.B, op string, f func(x, y *scalar448.Element)) {
	x, _ := new(scalar448.Element).SetUniformBytes(bytes.Repeat([]byte{0x5a}, 114))
	y, _ := new(scalar448.Element).SetUniformBytes(bytes.Repeat([]byte{0xc3}, 114))
	b.Run("curvekit", func(b *testing.B) {
		for range b.N {
			f(x, y)
		}
	})
	for _, p := range peerBenchmarks[op] {
		b.Run(p.name, p.f)
	}
}

func BenchmarkMultiply(b *testing.B) {
	runBenchmarks(b, "Multiply", func(x, y *scalar448.Element) { x.Multiply(x, y) })
}

func BenchmarkSquare(b *testing.B) {
	runBenchmarks(b, "Square", func(x, _ *scalar448.Element) { x.Square(x) })
}

func BenchmarkInvert(b *testing.B) {
	runBenchmarks(b, "Invert", func(x, _ *scalar448.Element) { x.Invert(x) })
}

func BenchmarkSetUniformBytes(b *testing.B) {
	wide := bytes.Repeat([]byte{0xa5}, 114)
	runBenchmarks(b, "SetUniformBytes", func(x, _ *scalar448.Element) { x.SetUniformBytes(wide) })
}
