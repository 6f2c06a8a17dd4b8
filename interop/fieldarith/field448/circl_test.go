package field448_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/cloudflare/circl/math/fp448"
	"github.com/curvekit/curvekit/fieldarith/field448"
	"github.com/curvekit/curvekit/internal/benchutil"
)

// TestCircl compares Element with circl's math/fp448 on random inputs.
func TestCircl(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for range 300 {
		x, y := randBytes(r, 56), randBytes(r, 56)
		var a, b field448.Element
		var ca, cb fp448.Elt
		a.SetBytes(x)
		b.SetBytes(y)
		copy(ca[:], x)
		copy(cb[:], y)
		enc := func(op func(z *fp448.Elt)) []byte {
			var z fp448.Elt
			op(&z)
			fp448.Modp(&z)
			return z[:]
		}
		pairs := [][2][]byte{
			{a.Bytes(), enc(func(z *fp448.Elt) { *z = ca })},
			{new(field448.Element).Multiply(&a, &b).Bytes(), enc(func(z *fp448.Elt) { fp448.Mul(z, &ca, &cb) })},
			{new(field448.Element).Square(&a).Bytes(), enc(func(z *fp448.Elt) { fp448.Sqr(z, &ca) })},
			{new(field448.Element).Add(&a, &b).Bytes(), enc(func(z *fp448.Elt) { fp448.Add(z, &ca, &cb) })},
			{new(field448.Element).Subtract(&a, &b).Bytes(), enc(func(z *fp448.Elt) { fp448.Sub(z, &ca, &cb) })},
			{new(field448.Element).Invert(&a).Bytes(), enc(func(z *fp448.Elt) { fp448.Inv(z, &ca) })},
		}
		for i, pr := range pairs {
			if !bytes.Equal(pr[0], pr[1]) {
				t.Fatalf("op %d on %x, %x: curvekit %x, circl %x", i, x, y, pr[0], pr[1])
			}
		}
		// circl's InvSqrt returns some root of a/b; compare up to sign.
		var cz fp448.Elt
		isQR := fp448.InvSqrt(&cz, &ca, &cb)
		fp448.Modp(&cz)
		var z field448.Element
		z.SetBytes(cz[:])
		R, sq := new(field448.Element).SqrtRatio(&a, &b)
		if sq != boolInt(isQR) || (sq == 1 && R.Equal(new(field448.Element).Absolute(&z)) != 1) {
			t.Fatalf("SqrtRatio(%x, %x) = %x, %d; circl %x, %v", x, y, R.Bytes(), sq, cz, isQR)
		}
	}
}

func init() {
	add := func(op string, f func(b *testing.B)) {
		peerBenches[op] = append(peerBenches[op], struct {
			name string
			f    func(b *testing.B)
		}{"circl", f})
	}
	x0 := func() (x fp448.Elt) { copy(x[:], benchX); return }
	add("Multiply", func(b *testing.B) {
		x := x0()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			fp448.Mul(&x, &x, &x)
		}
		cpu.Stop()
	})
	add("Square", func(b *testing.B) {
		x := x0()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			fp448.Sqr(&x, &x)
		}
		cpu.Stop()
	})
	add("Invert", func(b *testing.B) {
		x := x0()
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			fp448.Inv(&x, &x)
		}
		cpu.Stop()
	})
	add("SqrtRatio", func(b *testing.B) {
		x, y := x0(), fp448.Elt{1}
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			fp448.InvSqrt(&x, &x, &y)
		}
		cpu.Stop()
	})
}
