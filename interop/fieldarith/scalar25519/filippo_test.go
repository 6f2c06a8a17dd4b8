package scalar25519_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"filippo.io/edwards25519"
	"github.com/curvekit/curvekit/fieldarith/scalar25519"
)

// TestFilippo compares Element with filippo.io/edwards25519.Scalar on random
// inputs, through their encodings.
func TestFilippo(t *testing.T) {
	r := rand.New(rand.NewPCG(91, 92))
	wide := func() []byte {
		b := make([]byte, 64)
		for i := range b {
			b[i] = byte(r.Uint32())
		}
		return b
	}
	n := 500
	if testing.Short() {
		n = 50
	}
	for i := range n {
		wx, wy, wz := wide(), wide(), wide()
		if i == 0 {
			wx = bytes.Repeat([]byte{0xff}, 64)
		}
		x, _ := new(scalar25519.Element).SetUniformBytes(wx)
		y, _ := new(scalar25519.Element).SetUniformBytes(wy)
		z, _ := new(scalar25519.Element).SetUniformBytes(wz)
		fx, _ := edwards25519.NewScalar().SetUniformBytes(wx)
		fy, _ := edwards25519.NewScalar().SetUniformBytes(wy)
		fz, _ := edwards25519.NewScalar().SetUniformBytes(wz)
		check := func(op string, got *scalar25519.Element, want *edwards25519.Scalar) {
			t.Helper()
			if !bytes.Equal(got.Bytes(), want.Bytes()) {
				t.Fatalf("%s: got %x, filippo %x", op, got.Bytes(), want.Bytes())
			}
		}
		check("SetUniformBytes", x, fx)
		check("Add", new(scalar25519.Element).Add(x, y), edwards25519.NewScalar().Add(fx, fy))
		check("Subtract", new(scalar25519.Element).Subtract(x, y), edwards25519.NewScalar().Subtract(fx, fy))
		check("Negate", new(scalar25519.Element).Negate(x), edwards25519.NewScalar().Negate(fx))
		check("Multiply", new(scalar25519.Element).Multiply(x, y), edwards25519.NewScalar().Multiply(fx, fy))
		check("MultiplyAdd", new(scalar25519.Element).MultiplyAdd(x, y, z), edwards25519.NewScalar().MultiplyAdd(fx, fy, fz))
		if i < 50 {
			check("Invert", new(scalar25519.Element).Invert(x), edwards25519.NewScalar().Invert(fx))
		}
		// SetCanonicalBytes agrees on acceptance, for canonical and not.
		for _, b := range [][]byte{x.Bytes(), wx[:32], wx[32:]} {
			_, err := new(scalar25519.Element).SetCanonicalBytes(b)
			_, ferr := edwards25519.NewScalar().SetCanonicalBytes(b)
			if (err == nil) != (ferr == nil) {
				t.Fatalf("SetCanonicalBytes(%x): err %v, filippo %v", b, err, ferr)
			}
		}
	}
}

func init() {
	type bench = struct {
		name string
		f    func(*testing.B)
	}
	scalars := func() (*edwards25519.Scalar, *edwards25519.Scalar) {
		x, _ := edwards25519.NewScalar().SetUniformBytes(bytes.Repeat([]byte{0x5a}, 64))
		y, _ := edwards25519.NewScalar().SetUniformBytes(bytes.Repeat([]byte{0xc3}, 64))
		return x, y
	}
	peerBenchmarks["Multiply"] = []bench{{"filippo", func(b *testing.B) {
		x, y := scalars()
		for range b.N {
			x.Multiply(x, y)
		}
	}}}
	peerBenchmarks["Square"] = []bench{{"filippo", func(b *testing.B) {
		x, _ := scalars()
		for range b.N {
			x.Multiply(x, x)
		}
	}}}
	peerBenchmarks["Invert"] = []bench{{"filippo", func(b *testing.B) {
		x, _ := scalars()
		for range b.N {
			x.Invert(x)
		}
	}}}
	peerBenchmarks["SetUniformBytes"] = []bench{{"filippo", func(b *testing.B) {
		x, _ := scalars()
		wide := bytes.Repeat([]byte{0xa5}, 64)
		for range b.N {
			x.SetUniformBytes(wide)
		}
	}}}
}
