package field448

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/internal/fieldtest"
)

var testConfig = fieldtest.Config{
	Modulus: func() *big.Int {
		p := new(big.Int).Lsh(big.NewInt(1), 448)
		p.Sub(p, new(big.Int).Lsh(big.NewInt(1), 224))
		return p.Sub(p, big.NewInt(1))
	}(),
	Size: 56,
	// Fewer random iterations than the harness's default keep the 386
	// (emulated) run short; the edge values are always all tested.
	Iterations: 600,
}

func TestElement(t *testing.T) { fieldtest.Run[Element](t, testConfig) }
func TestFe56(t *testing.T)    { fieldtest.Run[fe56](t, testConfig) }
func TestFe28(t *testing.T)    { fieldtest.Run[fe28](t, testConfig) }

func FuzzElement(f *testing.F) { fieldtest.Fuzz[Element](f, testConfig) }

// extElem is the method set beyond the harness's.
type extElem[T any] interface {
	fieldtest.Elem[T]
	SetBytes(x []byte) (*T, error)
	Mult32(x *T, y uint32) *T
	SqrtRatio(u, v *T) (*T, int)
	IsNegative() int
	Absolute(u *T) *T
}

func TestExtrasElement(t *testing.T) { testExtras[Element](t) }
func TestExtrasFe56(t *testing.T)    { testExtras[fe56](t) }
func TestExtrasFe28(t *testing.T)    { testExtras[fe28](t) }

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func testExtras[T any, P extElem[T]](t *testing.T) {
	c := testConfig
	p := c.Modulus
	r := rand.New(rand.NewPCG(21, 22))
	toBig := func(v *T) *big.Int { return fieldtest.ToBig[T, P](t, c, v) }
	fromBig := func(x *big.Int) *T { return fieldtest.FromBig[T, P](t, c, x) }

	// SetBytes reduces values ≥ p.
	inputs := [][]byte{bytes.Repeat([]byte{0xff}, 56), make([]byte, 56)}
	for _, d := range []int64{0, 1, 2, 1 << 20} {
		inputs = append(inputs, c.Encode(new(big.Int).Add(p, big.NewInt(d))))
	}
	for range 200 {
		inputs = append(inputs, randBytes(r, 56))
	}
	for _, in := range inputs {
		v, err := P(new(T)).SetBytes(in)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := toBig(v), new(big.Int).Mod(c.Decode(in), p); got.Cmp(want) != 0 {
			t.Fatalf("SetBytes(%x) = %x, want %x", in, got, want)
		}
	}
	sentinel := fromBig(big.NewInt(5))
	for _, n := range []int{0, 55, 57, 112} {
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
					wantR = abs(new(big.Int).ModSqrt(q.Sub(p, q), p)) // sqrt(−u/v)
				}
			}
			R, sq := P(new(T)).SqrtRatio(fromBig(u), fromBig(v))
			if got := toBig(R); got.Cmp(wantR) != 0 || sq != wantSq {
				t.Fatalf("SqrtRatio(%x, %x) = %x, %d, want %x, %d", u, v, got, sq, wantR, wantSq)
			}
		}
	}
}

// TestRepresentationsAgree checks the 64-bit and 32-bit code against each other.
func TestRepresentationsAgree(t *testing.T) {
	r := rand.New(rand.NewPCG(31, 32))
	for range 500 {
		x, y := randBytes(r, 56), randBytes(r, 56)
		var a, b fe56
		var c, d fe28
		a.SetBytes(x)
		b.SetBytes(y)
		c.SetBytes(x)
		d.SetBytes(y)
		k := r.Uint32()
		pairs := [][2][]byte{
			{new(fe56).Multiply(&a, &b).Bytes(), new(fe28).Multiply(&c, &d).Bytes()},
			{new(fe56).Square(&a).Bytes(), new(fe28).Square(&c).Bytes()},
			{new(fe56).Add(&a, &b).Bytes(), new(fe28).Add(&c, &d).Bytes()},
			{new(fe56).Subtract(&a, &b).Bytes(), new(fe28).Subtract(&c, &d).Bytes()},
			{new(fe56).Mult32(&a, k).Bytes(), new(fe28).Mult32(&c, k).Bytes()},
		}
		for i, pr := range pairs {
			if !bytes.Equal(pr[0], pr[1]) {
				t.Fatalf("op %d on %x, %x: fe56 %x, fe28 %x", i, x, y, pr[0], pr[1])
			}
		}
	}
}

func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("allocation counts are not meaningful under -cover")
	}
	var a, b, v Element
	a.SetBytes(bytes.Repeat([]byte{3}, 56))
	b.SetBytes(bytes.Repeat([]byte{5}, 56))
	var sink byte
	if n := testing.AllocsPerRun(50, func() {
		v.Multiply(&a, &b)
		v.Square(&v)
		v.Add(&v, &a)
		v.Subtract(&v, &b)
		v.Invert(&v)
		v.SqrtRatio(&v, &a)
		sink ^= v.Bytes()[0]
	}); n != 0 {
		t.Errorf("%v allocations per run", n)
	}
	_ = sink
}

// FuzzSetBytes checks the lax decoder against math/big on arbitrary input.
func FuzzSetBytes(f *testing.F) {
	f.Add(bytes.Repeat([]byte{0xff}, 56))
	f.Add([]byte{1, 2, 3})
	p := testConfig.Modulus
	f.Fuzz(func(t *testing.T, x []byte) {
		v, err := new(Element).SetBytes(x)
		if (err == nil) != (len(x) == 56) {
			t.Fatalf("SetBytes(%d bytes) error %v", len(x), err)
		}
		if err == nil {
			want := new(big.Int).Mod(testConfig.Decode(x), p)
			if got := testConfig.Decode(v.Bytes()); got.Cmp(want) != 0 {
				t.Fatalf("SetBytes(%x) = %x, want %x", x, got, want)
			}
		}
	})
}
