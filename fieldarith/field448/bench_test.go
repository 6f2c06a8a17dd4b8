package field448

import (
	"bytes"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// The benchmarks run the internal representations directly, so that one run
// measures the 64-bit and the 32-bit code side by side. The circl peer is
// benchmarked beside Element in the interop module.

// peerBenches holds optional peer sub-benchmarks, by benchmark name.
var peerBenches = map[string][]struct {
	name string
	f    func(b *testing.B)
}{}

func runPeers(b *testing.B, op string) {
	for _, p := range peerBenches[op] {
		b.Run(p.name, p.f)
	}
}

var benchX = bytes.Repeat([]byte{0x5a}, 56)

func BenchmarkMultiply(b *testing.B) {
	defer runPeers(b, "Multiply")
	b.Run("fe56", func(b *testing.B) {
		var x fe56
		x.SetBytes(benchX)
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.Multiply(&x, &x)
		}
		cpu.Stop()
	})
	b.Run("fe28", func(b *testing.B) {
		var x fe28
		x.SetBytes(benchX)
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.Multiply(&x, &x)
		}
		cpu.Stop()
	})
}

func BenchmarkSquare(b *testing.B) {
	defer runPeers(b, "Square")
	b.Run("fe56", func(b *testing.B) {
		var x fe56
		x.SetBytes(benchX)
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.Square(&x)
		}
		cpu.Stop()
	})
	b.Run("fe28", func(b *testing.B) {
		var x fe28
		x.SetBytes(benchX)
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.Square(&x)
		}
		cpu.Stop()
	})
}

func BenchmarkInvert(b *testing.B) {
	defer runPeers(b, "Invert")
	b.Run("fe56", func(b *testing.B) {
		var x fe56
		x.SetBytes(benchX)
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.Invert(&x)
		}
		cpu.Stop()
	})
	b.Run("fe28", func(b *testing.B) {
		var x fe28
		x.SetBytes(benchX)
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.Invert(&x)
		}
		cpu.Stop()
	})
}

func BenchmarkSqrtRatio(b *testing.B) {
	defer runPeers(b, "SqrtRatio")
	b.Run("fe56", func(b *testing.B) {
		var x, y fe56
		x.SetBytes(benchX)
		y.One()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.SqrtRatio(&x, &y)
		}
		cpu.Stop()
	})
	b.Run("fe28", func(b *testing.B) {
		var x, y fe28
		x.SetBytes(benchX)
		y.One()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			x.SqrtRatio(&x, &y)
		}
		cpu.Stop()
	})
}
