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

// extConfig adds what GF(2^255−19)'s extras do to testConfig: SetBytes
// ignores bit 255, and SqrtRatio of a non-square u/v returns √(√−1·u/v).
var extConfig = func() fieldtest.ExtConfig {
	c := fieldtest.ExtConfig{Config: testConfig}
	p := c.Modulus
	mask255 := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(1))
	c.Lax = func(in []byte) *big.Int { return new(big.Int).And(c.Decode(in), mask255) }
	for _, x := range []*big.Int{p, new(big.Int).Add(p, big.NewInt(1)), new(big.Int).Add(p, big.NewInt(18)), mask255} {
		hi := c.Encode(x)
		hi[31] |= 0x80
		c.LaxInputs = append(c.LaxInputs, c.Encode(x), hi)
	}
	c.NonSquare = new(big.Int).Exp(big.NewInt(2), new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(1)), 2), p)
	return c
}()

func TestExtrasElement(t *testing.T) { fieldtest.RunExtras[Element](t, extConfig) }
func TestExtrasFe51(t *testing.T)    { fieldtest.RunExtras[fe51](t, extConfig) }
func TestExtrasFe2625(t *testing.T)  { fieldtest.RunExtras[fe2625](t, extConfig) }

// TestRepresentationsAgree checks the 64-bit and 32-bit code against each other.
func TestRepresentationsAgree(t *testing.T) { fieldtest.Agree[fe51, *fe51, fe2625](t, testConfig) }

// wideElem is filippo's method set beyond fieldtest.Ext.
type wideElem[T any] interface {
	fieldtest.Ext[T]
	SetWideBytes(x []byte) (*T, error)
	Pow22523(x *T) *T
}

func TestWideAndPow22523Element(t *testing.T) { testWideAndPow22523[Element](t) }
func TestWideAndPow22523Fe51(t *testing.T)    { testWideAndPow22523[fe51](t) }
func TestWideAndPow22523Fe2625(t *testing.T)  { testWideAndPow22523[fe2625](t) }

// testWideAndPow22523 checks SetWideBytes (all 512 bits reduced, other
// lengths refused with the receiver left alone) and Pow22523 against
// math/big.
func testWideAndPow22523[T any, P wideElem[T]](t *testing.T) {
	c := testConfig
	p := c.Modulus
	r := rand.New(rand.NewPCG(23, 24))
	toBig := func(v *T) *big.Int { return fieldtest.ToBig[T, P](t, c, v) }
	fromBig := func(x *big.Int) *T { return fieldtest.FromBig[T, P](t, c, x) }
	sentinel := fromBig(big.NewInt(5))
	for _, n := range []int{0, 63, 65, 129} {
		v := P(new(T)).Set(sentinel)
		if out, err := P(v).SetWideBytes(make([]byte, n)); err == nil || out != nil || P(v).Equal(sentinel) != 1 {
			t.Fatalf("SetWideBytes accepted %d bytes or changed the receiver", n)
		}
	}
	for i := range 200 {
		in := fieldtest.RandBytes(r, 64)
		if i == 0 {
			in = bytes.Repeat([]byte{0xff}, 64)
		}
		v, err := P(new(T)).SetWideBytes(in)
		if err != nil {
			t.Fatal(err)
		}
		if got, want := toBig(v), new(big.Int).Mod(c.Decode(in), p); got.Cmp(want) != 0 {
			t.Fatalf("SetWideBytes(%x) = %x, want %x", in, got, want)
		}
	}
	e22523 := new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(5)), 3)
	vals := c.EdgeValues()
	for range 40 {
		vals = append(vals, c.Random(r))
	}
	for _, x := range vals {
		if got, want := toBig(P(new(T)).Pow22523(fromBig(x))), new(big.Int).Exp(x, e22523, p); got.Cmp(want) != 0 {
			t.Fatalf("Pow22523(%x) = %x, want %x", x, got, want)
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
			want := testConfig.Decode(x)
			want.SetBit(want, 255, 0).Mod(want, p)
			if got := testConfig.Decode(v.Bytes()); got.Cmp(want) != 0 {
				t.Fatalf("SetBytes(%x) = %x, want %x", x, got, want)
			}
		}
		w, err := new(Element).SetWideBytes(x)
		if (err == nil) != (len(x) == 64) {
			t.Fatalf("SetWideBytes(%d bytes) error %v", len(x), err)
		}
		if err == nil {
			if got, want := testConfig.Decode(w.Bytes()), new(big.Int).Mod(testConfig.Decode(x), p); got.Cmp(want) != 0 {
				t.Fatalf("SetWideBytes(%x) = %x, want %x", x, got, want)
			}
		}
	})
}
