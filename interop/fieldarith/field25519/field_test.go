package field25519_test

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"filippo.io/edwards25519/field"
	"github.com/curvekit/curvekit/fieldarith/field25519"
)

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestFilippo compares Element with filippo.io/edwards25519/field on random inputs.
func TestFilippo(t *testing.T) {
	r := rand.New(rand.NewPCG(41, 42))
	for range 300 {
		x, y := randBytes(r, 32), randBytes(r, 32)
		var a, b field25519.Element
		var fa, fb field.Element
		a.SetBytes(x)
		b.SetBytes(y)
		fa.SetBytes(x)
		fb.SetBytes(y)
		k := r.Uint32()
		R, sq := new(field25519.Element).SqrtRatio(&a, &b)
		fR, fsq := new(field.Element).SqrtRatio(&fa, &fb)
		w := randBytes(r, 64)
		W, _ := new(field25519.Element).SetWideBytes(w)
		fW, _ := new(field.Element).SetWideBytes(w)
		pairs := [][2][]byte{
			{a.Bytes(), fa.Bytes()},
			{new(field25519.Element).Multiply(&a, &b).Bytes(), new(field.Element).Multiply(&fa, &fb).Bytes()},
			{new(field25519.Element).Square(&a).Bytes(), new(field.Element).Square(&fa).Bytes()},
			{new(field25519.Element).Invert(&a).Bytes(), new(field.Element).Invert(&fa).Bytes()},
			{new(field25519.Element).Pow22523(&a).Bytes(), new(field.Element).Pow22523(&fa).Bytes()},
			{new(field25519.Element).Mult32(&a, k).Bytes(), new(field.Element).Mult32(&fa, k).Bytes()},
			{new(field25519.Element).Absolute(&a).Bytes(), new(field.Element).Absolute(&fa).Bytes()},
			{new(field25519.Element).Subtract(&a, &b).Bytes(), new(field.Element).Subtract(&fa, &fb).Bytes()},
			{R.Bytes(), fR.Bytes()},
			{W.Bytes(), fW.Bytes()},
		}
		for i, pr := range pairs {
			if !bytes.Equal(pr[0], pr[1]) {
				t.Fatalf("op %d on %x, %x: curvekit %x, filippo %x", i, x, y, pr[0], pr[1])
			}
		}
		if sq != fsq || a.IsNegative() != fa.IsNegative() || a.Equal(&b) != fa.Equal(&fb) {
			t.Fatal("predicates disagree with filippo")
		}
	}
}

// filippoAPI is the exported method set of filippo.io/edwards25519/field.Element.
type filippoAPI[T any] interface {
	Zero() *T
	One() *T
	Set(a *T) *T
	Add(a, b *T) *T
	Subtract(a, b *T) *T
	Negate(a *T) *T
	Invert(z *T) *T
	Multiply(x, y *T) *T
	Square(x *T) *T
	Mult32(x *T, y uint32) *T
	Pow22523(x *T) *T
	SqrtRatio(u, v *T) (R *T, wasSquare int)
	Select(a, b *T, cond int) *T
	Swap(u *T, cond int)
	Equal(u *T) int
	IsNegative() int
	Absolute(u *T) *T
	SetBytes(x []byte) (*T, error)
	SetWideBytes(x []byte) (*T, error)
	Bytes() []byte
}

var _ filippoAPI[field.Element] = (*field.Element)(nil)
