package scalar25519

import (
	"bytes"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/internal/fieldtest"
	"github.com/curvekit/curvekit/internal/benchutil"
)

var safegcdTestModulus, _ = new(big.Int).SetString("1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed", 16)

type safegcdElem[T any] interface {
	fieldtest.Elem[T]
	invertSafegcd(a *T) *T
	invertFermat(a *T) *T
}

const safegcdBigEndian = false

// encode returns the canonical encoding of x < ℓ.
func safegcdEncode(x *big.Int) []byte {
	b := x.FillBytes(make([]byte, 32))
	if !safegcdBigEndian {
		for i, j := 0, 31; i < j; i, j = i+1, j-1 {
			b[i], b[j] = b[j], b[i]
		}
	}
	return b
}

func safegcdInverse(x *big.Int) *big.Int {
	r := new(big.Int).Mod(x, safegcdTestModulus)
	if r.Sign() != 0 {
		r.ModInverse(r, safegcdTestModulus)
	}
	return r
}

func testInvertSafegcd[T any, P safegcdElem[T]](t *testing.T) {
	m := safegcdTestModulus
	one := big.NewInt(1)
	xs := []*big.Int{big.NewInt(0), one, big.NewInt(2), new(big.Int).Sub(m, one), new(big.Int).Rsh(m, 1)}
	for k := uint(0); k < uint(m.BitLen()); k++ {
		xs = append(xs, new(big.Int).Lsh(one, k))
	}
	rng := rand.New(rand.NewPCG(13, 14))
	for i := 0; i < 500; i++ {
		b := make([]byte, 40)
		for j := range b {
			b[j] = byte(rng.Uint32())
		}
		xs = append(xs, new(big.Int).Mod(new(big.Int).SetBytes(b), m))
	}
	for _, x := range xs {
		var a, fermat T
		if _, err := P(&a).SetCanonicalBytes(safegcdEncode(x)); err != nil {
			t.Fatal(err)
		}
		want := safegcdEncode(safegcdInverse(x))
		P(&fermat).invertFermat(&a)
		got := P(new(T)).invertSafegcd(&a)
		if !bytes.Equal(P(got).Bytes(), want) || !bytes.Equal(P(&fermat).Bytes(), want) {
			t.Fatalf("1/%#x: safegcd %x, Fermat %x, want %x", x, P(got).Bytes(), P(&fermat).Bytes(), want)
		}
		P(&a).invertSafegcd(&a)
		if P(&a).Equal(got) != 1 {
			t.Fatalf("1/%#x aliased differs", x)
		}
	}
}

func TestInvertSafegcdElement(t *testing.T) { testInvertSafegcd[Element](t) }
func TestInvertSafegcdElem64(t *testing.T)  { testInvertSafegcd[elem64](t) }
func TestInvertSafegcdElem32(t *testing.T)  { testInvertSafegcd[elem32](t) }

// TestInvertSafegcdRawLimbs feeds limbs at or above ℓ (outside the
// Montgomery contract, but accepted by safegcd): the result must still be the
// Montgomery form of the inverse, R²/raw mod ℓ, in canonical limbs.
func TestInvertSafegcdRawLimbs(t *testing.T) {
	m := safegcdTestModulus
	r2 := new(big.Int).Mod(new(big.Int).Lsh(big.NewInt(1), 512), m)
	if got := new(big.Int).SetBytes(safegcdWordsBE(safegcdM2Words())); got.Cmp(r2) != 0 {
		t.Fatalf("scale constant %#x, want R² mod ℓ = %#x", got, r2)
	}
	two256 := new(big.Int).Lsh(big.NewInt(1), 256)
	raws := []*big.Int{new(big.Int).Set(m), new(big.Int).Add(m, big.NewInt(1)), new(big.Int).Sub(two256, big.NewInt(1))}
	for k := int64(2); ; k++ {
		km := new(big.Int).Mul(m, big.NewInt(k))
		if km.Cmp(two256) >= 0 {
			break
		}
		raws = append(raws, km, new(big.Int).Sub(km, big.NewInt(1)))
	}
	for _, raw := range raws {
		want := safegcdInverse(raw)
		want.Mul(want, r2).Mod(want, m)
		var a64, v64 elem64
		var a32, v32 elem32
		for i := 0; i < 4; i++ {
			w := new(big.Int).Rsh(raw, uint(64*i)).Uint64()
			a64[i] = w
			a32[2*i], a32[2*i+1] = uint32(w), uint32(w>>32)
		}
		v64.invertSafegcd(&a64)
		v32.invertSafegcd(&a32)
		got64 := new(big.Int)
		got32 := new(big.Int)
		for i := 3; i >= 0; i-- {
			got64.Lsh(got64, 64).Or(got64, new(big.Int).SetUint64(v64[i]))
			got32.Lsh(got32, 64).Or(got32, new(big.Int).SetUint64(uint64(v32[2*i])|uint64(v32[2*i+1])<<32))
		}
		if got64.Cmp(want) != 0 || got32.Cmp(want) != 0 {
			t.Fatalf("raw %#x: elem64 %#x, elem32 %#x, want %#x", raw, got64, got32, want)
		}
	}
}

// safegcdM2Words recovers the scale constant: safegcd returns scale/x, which
// is the scale itself for x = 1.
func safegcdM2Words() [4]uint64 {
	w := [4]uint64{1}
	safegcdM.Invert(&w, &w)
	return w
}

func safegcdWordsBE(w [4]uint64) []byte {
	b := make([]byte, 32)
	for i := 0; i < 4; i++ {
		for j := 0; j < 8; j++ {
			b[31-8*i-j] = byte(w[i] >> (8 * j))
		}
	}
	return b
}

func TestInvertSafegcdAllocs(t *testing.T) {
	var a, v Element
	a.One()
	a.Add(&a, &a)
	if n := testing.AllocsPerRun(100, func() { v.invertSafegcd(&a) }); n != 0 {
		t.Errorf("invertSafegcd allocates %v times", n)
	}
}

// BenchmarkInvertSafegcd runs the Fermat chain (Invert) and safegcd with its
// conversions (invertSafegcd) of each representation in one run.
func BenchmarkInvertSafegcd(b *testing.B) {
	b.Run("elem64/fermat", func(b *testing.B) { benchInvSafegcd[elem64](b, false) })
	b.Run("elem64/safegcd", func(b *testing.B) { benchInvSafegcd[elem64](b, true) })
	b.Run("elem32/fermat", func(b *testing.B) { benchInvSafegcd[elem32](b, false) })
	b.Run("elem32/safegcd", func(b *testing.B) { benchInvSafegcd[elem32](b, true) })
	// Element is whichever of the two the build selected (Backend).
	b.Run("Element/fermat", func(b *testing.B) { benchInvSafegcd[Element](b, false) })
	b.Run("Element/safegcd", func(b *testing.B) { benchInvSafegcd[Element](b, true) })
}

func benchInvSafegcd[T any, P safegcdElem[T]](b *testing.B, safegcd bool) {
	var x T
	x2 := new(big.Int).Rsh(safegcdTestModulus, 1)
	if _, err := P(&x).SetCanonicalBytes(safegcdEncode(x2)); err != nil {
		b.Fatal(err)
	}
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
