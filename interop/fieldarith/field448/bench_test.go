package field448_test

import (
	"bytes"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/field448"
	"github.com/curvekit/curvekit/internal/benchutil"
)

// The benchmarks run the exported Element (the backend this build selects)
// beside the peers, which register themselves in peerBenches. The internal
// representations are benchmarked side by side in the library's own tests.

// peerBenches holds the peer sub-benchmarks, by benchmark name.
var peerBenches = map[string][]struct {
	name string
	f    func(b *testing.B)
}{}

var benchX = bytes.Repeat([]byte{0x5a}, 56)

func benchElement(b *testing.B, op string, f func(x, one *field448.Element)) {
	b.Run("curvekit", func(b *testing.B) {
		x, _ := new(field448.Element).SetBytes(benchX)
		one, _ := new(field448.Element).SetBytes(append([]byte{1}, make([]byte, 55)...))
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			f(x, one)
		}
		cpu.Stop()
	})
	for _, p := range peerBenches[op] {
		b.Run(p.name, p.f)
	}
}

func BenchmarkMultiply(b *testing.B) {
	benchElement(b, "Multiply", func(x, _ *field448.Element) { x.Multiply(x, x) })
}

func BenchmarkSquare(b *testing.B) {
	benchElement(b, "Square", func(x, _ *field448.Element) { x.Square(x) })
}

func BenchmarkInvert(b *testing.B) {
	benchElement(b, "Invert", func(x, _ *field448.Element) { x.Invert(x) })
}

func BenchmarkSqrtRatio(b *testing.B) {
	benchElement(b, "SqrtRatio", func(x, one *field448.Element) { x.SqrtRatio(x, one) })
}
