package field25519

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/internal/fieldtest"
)

var testConfig = fieldtest.Config{
	Modulus: new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19)),
	Size:    32,
	// Fewer random iterations than the harness's default keep the 386
	// (emulated) run short; the edge values are always all tested.
	Iterations: 600,
}

func TestElement(t *testing.T) { fieldtest.Run[Element](t, testConfig) }
func TestFe51(t *testing.T)    { fieldtest.Run[fe51](t, testConfig) }
func TestFe2625(t *testing.T)  { fieldtest.Run[fe2625](t, testConfig) }

func FuzzElement(f *testing.F) { fieldtest.Fuzz[Element](f, testConfig) }

// extElem is the filippo.io/edwards25519/field method set beyond the harness's.
type extElem[T any] interface {
	fieldtest.Elem[T]
	SetBytes(x []byte) (*T, error)
	SetWideBytes(x []byte) (*T, error)
	Mult32(x *T, y uint32) *T
	Pow22523(x *T) *T
	SqrtRatio(u, v *T) (*T, int)
	IsNegative() int
	Absolute(u *T) *T
}

func TestExtrasElement(t *testing.T) { testExtras[Element](t) }
func TestExtrasFe51(t *testing.T)    { testExtras[fe51](t) }
func TestExtrasFe2625(t *testing.T)  { testExtras[fe2625](t) }

func randBytes(r *rand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

func leBig(b []byte) *big.Int { return testConfig.Decode(b) }

func testExtras[T any, P extElem[T]](t *testing.T) {
	c := testConfig
	p := c.Modulus
	r := rand.New(rand.NewPCG(21, 22))
	toBig := func(v *T) *big.Int { return fieldtest.ToBig[T, P](t, c, v) }
	fromBig := func(x *big.Int) *T { return fieldtest.FromBig[T, P](t, c, x) }
	mask255 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1))

	// SetBytes ignores bit 255 and reduces values ≥ p.
	inputs := [][]byte{bytes.Repeat([]byte{0xff}, 32), make([]byte, 32)}
	for _, x := range []*big.Int{p, new(big.Int).Add(p, big.NewInt(1)), new(big.Int).Add(p, big.NewInt(18)), mask255} {
		inputs = append(inputs, c.Encode(x))
		hi := c.Encode(x)
		hi[31] |= 0x80
		inputs = append(inputs, hi)
	}
	for range 200 {
		inputs = append(inputs, randBytes(r, 32))
	}
	for _, in := range inputs {
		v, err := P(new(T)).SetBytes(in)
		if err != nil {
			t.Fatal(err)
		}
		want := new(big.Int).And(leBig(in), mask255)
		if got := toBig(v); got.Cmp(want.Mod(want, p)) != 0 {
			t.Fatalf("SetBytes(%x) = %x, want %x", in, got, want)
		}
	}
	sentinel := fromBig(big.NewInt(5))
	for _, n := range []int{0, 31, 33, 64} {
		v := P(new(T)).Set(sentinel)
		if out, err := P(v).SetBytes(make([]byte, n)); err == nil || out != nil || P(v).Equal(sentinel) != 1 {
			t.Fatalf("SetBytes accepted %d bytes or changed the receiver", n)
		}
		if out, err := P(v).SetWideBytes(make([]byte, 2*n+1)); err == nil || out != nil || P(v).Equal(sentinel) != 1 {
			t.Fatalf("SetWideBytes accepted %d bytes or changed the receiver", 2*n+1)
		}
	}
	// SetWideBytes reduces all 512 bits.
	for i := range 200 {
		in := randBytes(r, 64)
		if i == 0 {
			in = bytes.Repeat([]byte{0xff}, 64)
		}
		v, err := P(new(T)).SetWideBytes(in)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := toBig(v), new(big.Int).Mod(leBig(in), p); got.Cmp(want) != 0 {
			t.Fatalf("SetWideBytes(%x) = %x, want %x", in, got, want)
		}
	}

	sqrtM1 := new(big.Int).Exp(big.NewInt(2), new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(1)), 2), p)
	e22523 := new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(5)), 3)
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
		if got, want := toBig(P(new(T)).Pow22523(a)), new(big.Int).Exp(x, e22523, p); got.Cmp(want) != 0 {
			t.Fatalf("Pow22523(%x) = %x, want %x", x, got, want)
		}
		if got, want := P(a).IsNegative(), int(x.Bit(0)); got != want {
			t.Fatalf("IsNegative(%x) = %d", x, got)
		}
		if got, want := toBig(P(new(T)).Absolute(a)), abs(x); got.Cmp(want) != 0 {
			t.Fatalf("Absolute(%x) = %x, want %x", x, got, want)
		}
		// SqrtRatio on (x, v) for a random v, and on a square ratio.
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
					q.Mul(q, sqrtM1).Mod(q, p)
					wantR = abs(new(big.Int).ModSqrt(q, p))
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
		x, y := randBytes(r, 32), randBytes(r, 32)
		var a, b fe51
		var c, d fe2625
		a.SetBytes(x)
		b.SetBytes(y)
		c.SetBytes(x)
		d.SetBytes(y)
		k := r.Uint32()
		pairs := [][2][]byte{
			{new(fe51).Multiply(&a, &b).Bytes(), new(fe2625).Multiply(&c, &d).Bytes()},
			{new(fe51).Square(&a).Bytes(), new(fe2625).Square(&c).Bytes()},
			{new(fe51).Add(&a, &b).Bytes(), new(fe2625).Add(&c, &d).Bytes()},
			{new(fe51).Subtract(&a, &b).Bytes(), new(fe2625).Subtract(&c, &d).Bytes()},
			{new(fe51).Mult32(&a, k).Bytes(), new(fe2625).Mult32(&c, k).Bytes()},
		}
		for i, pr := range pairs {
			if !bytes.Equal(pr[0], pr[1]) {
				t.Fatalf("op %d on %x, %x: fe51 %x, fe2625 %x", i, x, y, pr[0], pr[1])
			}
		}
	}
}

func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("allocation counts are not meaningful under -cover")
	}
	var a, b, v Element
	a.SetBytes(bytes.Repeat([]byte{3}, 32))
	b.SetBytes(bytes.Repeat([]byte{5}, 32))
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

// Element must keep filippo's method set, so that code switches by import.
var (
	_ filippoAPI[Element] = (*Element)(nil)
)

// FuzzSetBytes checks the lax decoders against math/big on arbitrary input.
func FuzzSetBytes(f *testing.F) {
	f.Add(bytes.Repeat([]byte{0xff}, 32))
	f.Add(bytes.Repeat([]byte{0xff}, 64))
	f.Add([]byte{1, 2, 3})
	p := testConfig.Modulus
	f.Fuzz(func(t *testing.T, x []byte) {
		v, err := new(Element).SetBytes(x)
		if (err == nil) != (len(x) == 32) {
			t.Fatalf("SetBytes(%d bytes) error %v", len(x), err)
		}
		if err == nil {
			want := leBig(x)
			want.SetBit(want, 255, 0).Mod(want, p)
			if got := leBig(v.Bytes()); got.Cmp(want) != 0 {
				t.Fatalf("SetBytes(%x) = %x, want %x", x, got, want)
			}
		}
		w, err := new(Element).SetWideBytes(x)
		if (err == nil) != (len(x) == 64) {
			t.Fatalf("SetWideBytes(%d bytes) error %v", len(x), err)
		}
		if err == nil {
			if got, want := leBig(w.Bytes()), new(big.Int).Mod(leBig(x), p); got.Cmp(want) != 0 {
				t.Fatalf("SetWideBytes(%x) = %x, want %x", x, got, want)
			}
		}
	})
}
