package scalar448_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/cloudflare/circl/ecc/goldilocks"
	"github.com/curvekit/curvekit/fieldarith/scalar448"
)

// TestCircl compares Element with circl's goldilocks.Scalar on random inputs.
func TestCircl(t *testing.T) {
	r := rand.New(rand.NewPCG(93, 94))
	wide := func() []byte {
		b := make([]byte, 114)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	canon := func(s *goldilocks.Scalar) []byte {
		s.Red()
		return s[:]
	}
	for i := range 300 {
		wx, wy := wide(), wide()
		if i == 0 {
			wx = bytes.Repeat([]byte{0xff}, 114)
		}
		x, _ := new(scalar448.Element).SetUniformBytes(wx)
		y, _ := new(scalar448.Element).SetUniformBytes(wy)
		var cx, cy, cz goldilocks.Scalar
		cx.FromBytes(wx)
		cy.FromBytes(wy)
		check := func(op string, got *scalar448.Element, want *goldilocks.Scalar) {
			t.Helper()
			if !bytes.Equal(got.Bytes(), canon(want)) {
				t.Fatalf("%s: got %x, circl %x", op, got.Bytes(), want[:])
			}
		}
		check("SetUniformBytes", x, &cx)
		cz.Add(&cx, &cy)
		check("Add", new(scalar448.Element).Add(x, y), &cz)
		cz.Sub(&cx, &cy)
		check("Subtract", new(scalar448.Element).Subtract(x, y), &cz)
		cz.Mul(&cx, &cy)
		check("Multiply", new(scalar448.Element).Multiply(x, y), &cz)
	}
}

func init() {
	type bench = struct {
		name string
		f    func(*testing.B)
	}
	scalars := func() (*goldilocks.Scalar, *goldilocks.Scalar) {
		var x, y goldilocks.Scalar
		x.FromBytes(bytes.Repeat([]byte{0x5a}, 114))
		y.FromBytes(bytes.Repeat([]byte{0xc3}, 114))
		return &x, &y
	}
	peerBenchmarks["Multiply"] = []bench{{"circl", func(b *testing.B) {
		x, y := scalars()
		for range b.N {
			x.Mul(x, y)
		}
	}}}
	peerBenchmarks["Square"] = []bench{{"circl", func(b *testing.B) {
		x, _ := scalars()
		for range b.N {
			x.Mul(x, x)
		}
	}}}
	peerBenchmarks["SetUniformBytes"] = []bench{{"circl", func(b *testing.B) {
		x, _ := scalars()
		wide := bytes.Repeat([]byte{0xa5}, 114)
		for range b.N {
			x.FromBytes(wide)
		}
	}}}
}
