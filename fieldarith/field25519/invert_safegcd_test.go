package field25519

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/internal/fieldtest"
	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/bigle"
)

type safegcdElem[T any] interface {
	fieldtest.Elem[T]
	SetBytes(x []byte) (*T, error)
	invertSafegcd(a *T) *T
	invertFermat(a *T) *T
}

// wantInverse returns the canonical encoding of x⁻¹ mod p (0 for x ≡ 0).
func wantInverse(x *big.Int) []byte {
	p := testConfig.Modulus
	r := new(big.Int).Mod(x, p)
	if r.Sign() != 0 {
		r.ModInverse(r, p)
	}
	b := r.FillBytes(make([]byte, 32))
	for i, j := 0, 31; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	return b
}

func testInvertSafegcd[T any, P safegcdElem[T]](t *testing.T) {
	p := testConfig.Modulus
	one := big.NewInt(1)
	var inputs [][]byte
	le := func(x *big.Int) []byte {
		b := new(big.Int).Set(x).FillBytes(make([]byte, 32))
		for i, j := 0, 31; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
		return b
	}
	// SetBytes takes any value below 2^255 without reducing it, so p and
	// above give unreduced limb states.
	for _, x := range []*big.Int{
		big.NewInt(0), one, big.NewInt(2), new(big.Int).Sub(p, one), p,
		new(big.Int).Add(p, one), new(big.Int).Add(p, big.NewInt(18)),
		new(big.Int).Sub(new(big.Int).Lsh(one, 255), one),
	} {
		inputs = append(inputs, le(x))
	}
	for k := uint(0); k < 255; k++ {
		inputs = append(inputs, le(new(big.Int).Lsh(one, k)))
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for i := 0; i < 500; i++ {
		b := make([]byte, 32)
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		b[31] &= 0x7f
		inputs = append(inputs, b)
	}
	for _, in := range inputs {
		var a, fermat T
		if _, err := P(&a).SetBytes(in); err != nil {
			t.Fatal(err)
		}
		want := wantInverse(bigle.Int(in))
		P(&fermat).invertFermat(&a)
		got := P(new(T)).invertSafegcd(&a)
		if !bytes.Equal(P(got).Bytes(), want) || !bytes.Equal(P(&fermat).Bytes(), want) {
			t.Fatalf("1/%x: safegcd %x, Fermat %x, want %x", in, P(got).Bytes(), P(&fermat).Bytes(), want)
		}
		// Aliasing.
		P(&a).invertSafegcd(&a)
		if P(&a).Equal(got) != 1 {
			t.Fatalf("1/%x aliased differs", in)
		}
	}
}

func TestInvertSafegcdElement(t *testing.T) { testInvertSafegcd[Element](t) }
func TestInvertSafegcdFe51(t *testing.T)    { testInvertSafegcd[fe51](t) }
func TestInvertSafegcdFe2625(t *testing.T)  { testInvertSafegcd[fe2625](t) }

// limbsValue reads raw limbs at the given bit offsets as an integer.
func limbsValue(l []uint64, off []uint) *big.Int {
	v := new(big.Int)
	for i := range l {
		v.Add(v, new(big.Int).Lsh(new(big.Int).SetUint64(l[i]), off[i]))
	}
	return v
}

// TestInvertSafegcdLimbs feeds raw limb states that SetBytes cannot make:
// limbs above their width (inside the documented bounds) and values in
// [p, 2p). The output must be canonical: every limb within its width.
func TestInvertSafegcdLimbs(t *testing.T) {
	off51 := []uint{0, 51, 102, 153, 204}
	off2625 := []uint{0, 26, 51, 77, 102, 128, 153, 179, 204, 230}
	width2625 := []uint{26, 25, 26, 25, 26, 25, 26, 25, 26, 25}
	for _, extra := range []uint64{0, 1, 2} {
		for _, top := range []uint64{0, 1} {
			var a fe51
			for i := range a.l {
				// Limbs at their width's maximum plus extra; top picks
				// 2^51 − 1 or extra alone in the top limb.
				a.l[i] = 1<<51 - 1 + extra
			}
			if top == 1 {
				a.l[4] = extra
			}
			want := wantInverse(limbsValue(a.l[:], off51))
			var got fe51
			got.invertSafegcd(&a)
			if !bytes.Equal(got.Bytes(), want) {
				t.Fatalf("fe51 %x: got %x, want %x", a.l, got.Bytes(), want)
			}
			for i, x := range got.l {
				if x >= 1<<51 {
					t.Fatalf("fe51 output limb %d = %#x not below 2^51", i, x)
				}
			}

			var b fe2625
			l := make([]uint64, 10)
			for i := range b.l {
				b.l[i] = uint32(1)<<width2625[i] - 1 + uint32(extra)
				if top == 1 && i == 9 {
					b.l[i] = uint32(extra)
				}
				l[i] = uint64(b.l[i])
			}
			want = wantInverse(limbsValue(l, off2625))
			var got2 fe2625
			got2.invertSafegcd(&b)
			if !bytes.Equal(got2.Bytes(), want) {
				t.Fatalf("fe2625 %x: got %x, want %x", b.l, got2.Bytes(), want)
			}
			for i, x := range got2.l {
				if x >= 1<<width2625[i] {
					t.Fatalf("fe2625 output limb %d = %#x not below 2^%d", i, x, width2625[i])
				}
			}
		}
	}
}

func TestInvertSafegcdAllocs(t *testing.T) {
	var a, v Element
	a.SetBytes(benchX)
	if n := testing.AllocsPerRun(100, func() { v.invertSafegcd(&a) }); n != 0 {
		t.Errorf("invertSafegcd allocates %v times", n)
	}
}

// BenchmarkInvertSafegcd runs the Fermat chain (Invert) and safegcd with its
// conversions (invertSafegcd) of each representation in one run.
func BenchmarkInvertSafegcd(b *testing.B) {
	b.Run("fe51/fermat", func(b *testing.B) { benchInv[fe51](b, false) })
	b.Run("fe51/safegcd", func(b *testing.B) { benchInv[fe51](b, true) })
	b.Run("fe2625/fermat", func(b *testing.B) { benchInv[fe2625](b, false) })
	b.Run("fe2625/safegcd", func(b *testing.B) { benchInv[fe2625](b, true) })
	// Element is whichever of the two the build selected (Backend).
	b.Run("Element/fermat", func(b *testing.B) { benchInv[Element](b, false) })
	b.Run("Element/safegcd", func(b *testing.B) { benchInv[Element](b, true) })
}

func benchInv[T any, P safegcdElem[T]](b *testing.B, safegcd bool) {
	var x T
	P(&x).SetBytes(benchX)
	cpu := benchutil.StartCPU(b)
	if safegcd {
		for b.Loop() {
			P(&x).invertSafegcd(&x)
		}
	} else {
		for b.Loop() {
			P(&x).invertFermat(&x)
		}
	}
	cpu.Stop()
}
