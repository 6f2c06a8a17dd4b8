package fieldtest

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/testenv"
)

// Ext is the method set the Edwards curves' fields (field25519, field448)
// add to Elem: the lax decoder, the small-constant multiply, the sign and
// the square root of a ratio.
type Ext[T any] interface {
	Elem[T]
	SetBytes(x []byte) (*T, error)
	Mult32(x *T, y uint32) *T
	SqrtRatio(u, v *T) (*T, int)
	IsNegative() int
	Absolute(u *T) *T
}

// ExtConfig describes what Ext's methods do that differs between fields.
type ExtConfig struct {
	Config
	// Lax is the integer SetBytes reads from a Size-byte input, before
	// the reduction mod p (field25519 ignores bit 255).
	Lax func(in []byte) *big.Int
	// LaxInputs are inputs for SetBytes beyond all-ones, all-zero and
	// random bytes: the values at and just above p, and the bits Lax drops.
	LaxInputs [][]byte
	// NonSquare is the factor whose square root SqrtRatio returns, times
	// u/v, when u/v is not a square: √−1 for GF(2^255−19), −1 for
	// GF(2^448−2^224−1).
	NonSquare *big.Int
}

// RandBytes returns n bytes from r.
func RandBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// RunExtras checks Ext's methods against math/big: SetBytes on edge and
// random inputs and its refusal of other lengths (leaving the receiver
// alone), Mult32, IsNegative, Absolute and SqrtRatio on edge and random
// values, and that none of them allocates.
func RunExtras[T any, P Ext[T]](t *testing.T, c ExtConfig) {
	p := c.Modulus
	r := rand.New(rand.NewPCG(21, 22))
	toBig := func(v *T) *big.Int { return ToBig[T, P](t, c.Config, v) }
	fromBig := func(x *big.Int) *T { return FromBig[T, P](t, c.Config, x) }

	inputs := append([][]byte{bytes.Repeat([]byte{0xff}, c.Size), make([]byte, c.Size)}, c.LaxInputs...)
	for range 200 {
		inputs = append(inputs, RandBytes(r, c.Size))
	}
	for _, in := range inputs {
		v, err := P(new(T)).SetBytes(in)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := toBig(v), new(big.Int).Mod(c.Lax(in), p); got.Cmp(want) != 0 {
			t.Fatalf("SetBytes(%x) = %x, want %x", in, got, want)
		}
	}
	sentinel := fromBig(big.NewInt(5))
	for _, n := range []int{0, c.Size - 1, c.Size + 1, 2 * c.Size} {
		v := P(new(T)).Set(sentinel)
		if out, err := P(v).SetBytes(make([]byte, n)); err == nil || out != nil || P(v).Equal(sentinel) != 1 {
			t.Fatalf("SetBytes accepted %d bytes or changed the receiver", n)
		}
	}

	// abs returns the non-negative (even) one of ±x.
	abs := func(x *big.Int) *big.Int {
		if x.Bit(0) == 1 {
			return new(big.Int).Sub(p, x)
		}
		return x
	}
	vals := c.EdgeValues()
	for range 40 {
		vals = append(vals, c.Random(r))
	}
	for i, x := range vals {
		a := fromBig(x)
		y := uint32(r.Uint32())
		if i%3 == 0 {
			y = 0xffffffff
		}
		if got, want := toBig(P(new(T)).Mult32(a, y)), new(big.Int).Mul(x, big.NewInt(int64(y))); got.Cmp(want.Mod(want, p)) != 0 {
			t.Fatalf("Mult32(%x, %d) = %x, want %x", x, y, got, want)
		}
		if got, want := P(a).IsNegative(), int(x.Bit(0)); got != want {
			t.Fatalf("IsNegative(%x) = %d", x, got)
		}
		if got, want := toBig(P(new(T)).Absolute(a)), abs(x); got.Cmp(want) != 0 {
			t.Fatalf("Absolute(%x) = %x, want %x", x, got, want)
		}
		// SqrtRatio on (x, v) for a random v, on a square ratio, and with
		// a zero on either side.
		for _, pair := range [][2]*big.Int{{x, c.Random(r)}, {new(big.Int).Mul(x, x), big.NewInt(1)}, {x, big.NewInt(0)}, {big.NewInt(0), x}} {
			u, v := new(big.Int).Mod(pair[0], p), pair[1]
			var wantR *big.Int
			wantSq := 0
			switch {
			case v.Sign() == 0:
				wantR = new(big.Int)
				wantSq = boolInt(u.Sign() == 0)
			default:
				q := new(big.Int).Mul(u, new(big.Int).ModInverse(v, p))
				q.Mod(q, p)
				if s := new(big.Int).ModSqrt(q, p); s != nil {
					wantR, wantSq = abs(s), 1
				} else {
					q.Mul(q, c.NonSquare).Mod(q, p)
					wantR = abs(new(big.Int).ModSqrt(q, p))
				}
			}
			R, sq := P(new(T)).SqrtRatio(fromBig(u), fromBig(v))
			if got := toBig(R); got.Cmp(wantR) != 0 || sq != wantSq {
				t.Fatalf("SqrtRatio(%x, %x) = %x, %d, want %x, %d", u, v, got, sq, wantR, wantSq)
			}
		}
	}

	if testing.CoverMode() != "" || testenv.Race {
		return // allocation counts are not meaningful under -cover or -race
	}
	a, b, v := fromBig(c.Random(r)), fromBig(c.Random(r)), P(new(T))
	var sink int
	if n := testing.AllocsPerRun(50, func() {
		v.Multiply(a, b)
		v.Invert(v)
		v.SqrtRatio(v, a)
		v.Mult32(v, 121666)
		sink ^= v.IsNegative()
	}); n != 0 {
		t.Errorf("Invert, SqrtRatio and Mult32 allocate %v times per run", n)
	}
	_ = sink
}

// Agree checks two representations of one field against each other on
// random lax-decoded inputs: Multiply, Square, Add, Subtract and Mult32
// must give the same bytes.
func Agree[A any, PA Ext[A], B any, PB Ext[B]](t *testing.T, c Config) {
	r := rand.New(rand.NewPCG(31, 32))
	for range 500 {
		x, y := RandBytes(r, c.Size), RandBytes(r, c.Size)
		a, b, ca, cb := new(A), new(A), new(B), new(B)
		PA(a).SetBytes(x)
		PA(b).SetBytes(y)
		PB(ca).SetBytes(x)
		PB(cb).SetBytes(y)
		k := r.Uint32()
		ea := func(v *A) []byte { return PA(v).Bytes() }
		eb := func(v *B) []byte { return PB(v).Bytes() }
		pairs := [][2][]byte{
			{ea(PA(new(A)).Multiply(a, b)), eb(PB(new(B)).Multiply(ca, cb))},
			{ea(PA(new(A)).Square(a)), eb(PB(new(B)).Square(ca))},
			{ea(PA(new(A)).Add(a, b)), eb(PB(new(B)).Add(ca, cb))},
			{ea(PA(new(A)).Subtract(a, b)), eb(PB(new(B)).Subtract(ca, cb))},
			{ea(PA(new(A)).Mult32(a, k)), eb(PB(new(B)).Mult32(ca, k))},
		}
		for i, pr := range pairs {
			if !bytes.Equal(pr[0], pr[1]) {
				t.Fatalf("op %d on %x, %x: %x and %x", i, x, y, pr[0], pr[1])
			}
		}
	}
}
