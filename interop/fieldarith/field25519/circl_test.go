package field25519_test

import (
	"testing"

	"github.com/cloudflare/circl/math/fp25519"
	"github.com/curvekit/curvekit/internal/benchutil"
)

func init() {
	add := func(op string, f func(b *testing.B)) {
		peerBenches[op] = append(peerBenches[op], struct {
			name string
			f    func(b *testing.B)
		}{"circl", f})
	}
	x0 := func() (x fp25519.Elt) { copy(x[:], benchX); return }
	add("Multiply", func(b *testing.B) {
		x := x0()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			fp25519.Mul(&x, &x, &x)
		}
		cpu.Stop()
	})
	add("Square", func(b *testing.B) {
		x := x0()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			fp25519.Sqr(&x, &x)
		}
		cpu.Stop()
	})
	add("Invert", func(b *testing.B) {
		x := x0()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			fp25519.Inv(&x, &x)
		}
		cpu.Stop()
	})
	add("SqrtRatio", func(b *testing.B) {
		x, y := x0(), fp25519.Elt{1}
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			fp25519.InvSqrt(&x, &x, &y)
		}
		cpu.Stop()
	})
}
