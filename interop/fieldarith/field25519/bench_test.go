package field25519_test

import (
	"bytes"
	"filippo.io/edwards25519/field"
	"github.com/curvekit/curvekit/fieldarith/field25519"
	"github.com/curvekit/curvekit/internal/benchutil"
	"testing"
)

// The benchmarks run the exported Element (the backend this build selects)
// beside the peers, which register themselves in peerBenches. The internal
// representations are benchmarked side by side in the library's own tests.

// peerBenches holds the peer sub-benchmarks, by benchmark name.
var peerBenches = map[string][]struct {
	name string
	f    func(b *testing.B)
}{}

var benchX = bytes.Repeat([]byte{0x5a}, 32)

func benchElement(b *testing.B, op string, f func(x, one *field25519.Element)) {
	b.Run("curvekit", func(b *testing.B) {
		x, _ := new(field25519.Element).SetBytes(benchX)
		one, _ := new(field25519.Element).SetBytes(append([]byte{1}, make([]byte, 31)...))
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
	benchElement(b, "Multiply", func(x, _ *field25519.Element) { x.Multiply(x, x) })
}

func BenchmarkSquare(b *testing.B) {
	benchElement(b, "Square", func(x, _ *field25519.Element) { x.Square(x) })
}

func BenchmarkInvert(b *testing.B) {
	benchElement(b, "Invert", func(x, _ *field25519.Element) { x.Invert(x) })
}

func BenchmarkSqrtRatio(b *testing.B) {
	benchElement(b, "SqrtRatio", func(x, one *field25519.Element) { x.SqrtRatio(x, one) })
}

func init() {
	add := func(op string, f func(b *testing.B)) {
		peerBenches[op] = append(peerBenches[op], struct {
			name string
			f    func(b *testing.B)
		}{"filippo", f})
	}
	x0 := func() (x field.Element) { x.SetBytes(benchX); return }
	add("Multiply", func(b *testing.B) {
		x := x0()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.Multiply(&x, &x)
		}
		cpu.Stop()
	})
	add("Square", func(b *testing.B) {
		x := x0()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.Square(&x)
		}
		cpu.Stop()
	})
	add("Invert", func(b *testing.B) {
		x := x0()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.Invert(&x)
		}
		cpu.Stop()
	})
	add("SqrtRatio", func(b *testing.B) {
		x, y := x0(), new(field.Element).One()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.SqrtRatio(&x, y)
		}
		cpu.Stop()
	})
}
