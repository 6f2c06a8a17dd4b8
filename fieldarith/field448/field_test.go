package field448

import (
	"bytes"
	"math/big"
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

// extConfig adds what GF(2^448−2^224−1)'s extras do to testConfig: SetBytes
// reduces every value below 2^448, and SqrtRatio of a non-square u/v
// returns √(−u/v).
var extConfig = func() fieldtest.ExtConfig {
	c := fieldtest.ExtConfig{Config: testConfig}
	p := c.Modulus
	c.Lax = c.Decode
	for _, d := range []int64{0, 1, 2, 1 << 20} {
		c.LaxInputs = append(c.LaxInputs, c.Encode(new(big.Int).Add(p, big.NewInt(d))))
	}
	c.NonSquare = new(big.Int).Sub(p, big.NewInt(1))
	return c
}()

func TestExtrasElement(t *testing.T) { fieldtest.RunExtras[Element](t, extConfig) }
func TestExtrasFe56(t *testing.T)    { fieldtest.RunExtras[fe56](t, extConfig) }
func TestExtrasFe28(t *testing.T)    { fieldtest.RunExtras[fe28](t, extConfig) }

// TestRepresentationsAgree checks the 64-bit and 32-bit code against each other.
func TestRepresentationsAgree(t *testing.T) { fieldtest.Agree[fe56, *fe56, fe28](t, testConfig) }

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
