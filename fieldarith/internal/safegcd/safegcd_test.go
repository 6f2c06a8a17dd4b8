package safegcd

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// The four moduli of at most 256 bits that curvekit's fields use.
var testModuli = map[string]string{
	"p25519": "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed",
	"l25519": "1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed",
	"p256":   "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
	"n256":   "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551",
}

func hexInt(s string) *big.Int {
	x, ok := new(big.Int).SetString(s, 16)
	if !ok {
		panic(s)
	}
	return x
}

func toWords(x *big.Int) [4]uint64 {
	var w [4]uint64
	intWords(x, w[:])
	return w
}

func fromWords(w *[4]uint64) *big.Int { return wordsInt(w[:]) }

// want returns scale/x mod m, or 0 when x ≡ 0.
func want(x, m, scale *big.Int) *big.Int {
	r := new(big.Int).Mod(x, m)
	if r.Sign() == 0 {
		return r
	}
	if r.ModInverse(r, m) == nil {
		panic("not invertible")
	}
	return r.Mul(r, scale).Mod(r, m)
}

func check(t *testing.T, c *Modulus, m, scale, x *big.Int) {
	t.Helper()
	in := toWords(x)
	var out [4]uint64
	c.Invert(&out, &in)
	if got, w := fromWords(&out), want(x, m, scale); got.Cmp(w) != 0 {
		t.Fatalf("Invert(%#x) mod %#x (scale %#x) = %#x, want %#x", x, m, scale, got, w)
	}
	// Aliasing out and x.
	c.Invert(&in, &in)
	if in != out {
		t.Fatalf("Invert(%#x) aliased = %x, want %x", x, in, out)
	}
}

func TestInvert(t *testing.T) {
	n := 2000
	if testing.Short() {
		n = 200
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for name, hex := range testModuli {
		m := hexInt(hex)
		runInvert(t, rng, name, m, 4, n, nil, func(scale *big.Int) func(*testing.T, *big.Int) {
			c := NewModulus(toWords(m), toWords(scale))
			return func(t *testing.T, x *big.Int) { check(t, c, m, scale, x) }
		})
	}
}

// TestInvertOtherModuli checks random odd moduli of every size, prime or
// not, on inputs prime to them: the code is generic in m.
func TestInvertOtherModuli(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	forOtherModuli(rng, 4, func(m, x *big.Int) {
		if new(big.Int).GCD(nil, nil, new(big.Int).Mod(x, m), m).Cmp(big.NewInt(1)) != 0 {
			return
		}
		c := NewModulus(toWords(m), [4]uint64{1})
		check(t, c, m, big.NewInt(1), x)
	})
	// The smallest modulus.
	m := big.NewInt(3)
	c := NewModulus(toWords(m), [4]uint64{1})
	for x := int64(0); x < 40; x++ {
		check(t, c, m, big.NewInt(1), big.NewInt(x))
	}
}

// refDivsteps runs n half-delta divsteps on integers (libsecp256k1
// doc/safegcd_implementation.md, section 8, written with zeta).
func refDivsteps(n int, zeta int64, f, g *big.Int) (int64, *big.Int, *big.Int) {
	f, g = new(big.Int).Set(f), new(big.Int).Set(g)
	for i := 0; i < n; i++ {
		if g.Bit(0) == 1 {
			if zeta < 0 {
				zeta, f, g = -zeta-2, g, new(big.Int).Sub(g, f)
			} else {
				zeta, g = zeta-1, g.Add(g, f)
			}
		} else {
			zeta--
		}
		g.Rsh(g, 1)
	}
	return zeta, f, g
}

// TestDivsteps59 checks one batch against integer divsteps: the returned
// matrix must map [f, g] to 2^62 times the stepped values, on full 256-bit
// numbers whose low 64 bits are all the batch sees.
func TestDivsteps59(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for i := 0; i < 2000; i++ {
		// Extreme low words, and zeta as far as 10 batches can take it.
		f, g, zeta := divstepInput(rng, 4, i, -591, 591)
		wantZeta, wf, wg := refDivsteps(batch, zeta, f, g)
		var tm matrix
		gotZeta := divsteps59(zeta, fLow(f), fLow(g), &tm)
		if gotZeta != wantZeta {
			t.Fatalf("zeta = %d, want %d", gotZeta, wantZeta)
		}
		checkMatrix(t, tm, f, g, wf, wg)
	}
}

func fLow(x *big.Int) uint64 {
	return new(big.Int).And(x, new(big.Int).SetUint64(^uint64(0))).Uint64()
}

// TestBoundOnRandomInputs runs the integer divsteps on random inputs until
// g = 0 and checks that they never need more than Divsteps().
func TestBoundOnRandomInputs(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	for name, hex := range testModuli {
		m := hexInt(hex)
		c := NewModulus(toWords(m), [4]uint64{1})
		if c.Divsteps() < divsteps256 {
			t.Fatalf("%s: %d divsteps, below the proven %d", name, c.Divsteps(), divsteps256)
		}
		worst := 0
		for i := 0; i < 200; i++ {
			x := randInt(rng, 4)
			x.Mod(x, m)
			zeta, f, g := int64(-1), m, x
			n := 0
			for g.Sign() != 0 {
				zeta, f, g = refDivsteps(1, zeta, f, g)
				n++
			}
			worst = max(worst, n)
		}
		if worst > c.Divsteps() {
			t.Fatalf("%s: an input needed %d divsteps, more than %d", name, worst, c.Divsteps())
		}
		t.Logf("%s: at most %d divsteps needed on random inputs (bound %d)", name, worst, c.Divsteps())
	}
}

func TestNewModulusRejects(t *testing.T) {
	checkRejects(t, "NewModulus", func(m, scale uint64) { NewModulus([4]uint64{m}, [4]uint64{scale}) })
}

func FuzzInvert(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint64(0), uint64(0), uint8(0))
	f.Add(uint64(1), uint64(0), uint64(0), uint64(0), uint8(1))
	f.Add(^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), uint8(2))
	f.Add(uint64(0xffffffffffffffec), ^uint64(0), ^uint64(0), uint64(0x7fffffffffffffff), uint8(3))
	names := []string{"p25519", "l25519", "p256", "n256"}
	type mod struct {
		m *big.Int
		c *Modulus
	}
	var mods []mod
	for _, name := range names {
		m := hexInt(testModuli[name])
		mods = append(mods, mod{m, NewModulus(toWords(m), [4]uint64{1})})
	}
	f.Fuzz(func(t *testing.T, w0, w1, w2, w3 uint64, which uint8) {
		md := mods[int(which)%len(mods)]
		w := [4]uint64{w0, w1, w2, w3}
		check(t, md.c, md.m, big.NewInt(1), fromWords(&w))
	})
}

func BenchmarkInvert(b *testing.B) {
	for _, name := range []string{"p25519", "l25519", "p256", "n256"} {
		m := hexInt(testModuli[name])
		c := NewModulus(toWords(m), [4]uint64{1})
		b.Run(name, func(b *testing.B) {
			x := [4]uint64{0x5a5a5a5a5a5a5a5a, 0x5a5a5a5a5a5a5a5a, 0x5a5a5a5a5a5a5a5a, 0x5a5a5a5a5a5a5a5a}
			cpu := benchutil.StartCPU(b)
			for b.Loop() {
				c.Invert(&x, &x)
			}
			cpu.Stop()
		})
	}
}

// BenchmarkParts times one batch's pieces (ten of each make an Invert).
func BenchmarkParts(b *testing.B) {
	c := NewModulus(toWords(hexInt(testModuli["p25519"])), [4]uint64{1})
	t := matrix{1 << 61, -(1 << 60), 3, -(1 << 59)}
	b.Run("divsteps59", func(b *testing.B) {
		var tm matrix
		f, g, zeta := uint64(0x1234567890abcdef), uint64(0x5a5a5a5a5a5a5a5a), int64(-1)
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			zeta = divsteps59(zeta, f, g, &tm)
			g ^= uint64(tm.u)
		}
		cpu.Stop()
	})
	b.Run("updateDE", func(b *testing.B) {
		d, e := c.scale, c.scale
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			c.updateDE(&d, &e, &t)
		}
		cpu.Stop()
	})
	b.Run("updateFG", func(b *testing.B) {
		f, g := c.scale, c.scale
		cpu := benchutil.StartCPU(b)
		for b.Loop() {
			updateFG(&f, &g, &t)
		}
		cpu.Stop()
	})
}
