package safegcd

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// The two 384-bit moduli of curvekit's fields: P-384's p and n.
var testModuli384 = map[string]string{
	"p384": "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff",
	"n384": "ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973",
}

func toWords6(x *big.Int) [6]uint64 {
	var w [6]uint64
	intWords(x, w[:])
	return w
}

func fromWords6(w *[6]uint64) *big.Int { return wordsInt(w[:]) }

// fromSigned reads signed-62 limbs (any int64 in each) as an integer.
func fromSigned(v []int64) *big.Int {
	x := new(big.Int)
	for i := len(v) - 1; i >= 0; i-- {
		x.Lsh(x, 62).Add(x, big.NewInt(v[i]))
	}
	return x
}

// refDivstepsOrig runs n original divsteps (δ, as eta = −δ) on integers:
// Bernstein–Yang, section 8.
func refDivstepsOrig(n int, eta int64, f, g *big.Int) (int64, *big.Int, *big.Int) {
	f, g = new(big.Int).Set(f), new(big.Int).Set(g)
	for i := 0; i < n; i++ {
		delta := -eta
		if delta > 0 && g.Bit(0) == 1 {
			delta, f, g = 1-delta, g, new(big.Int).Sub(g, f)
		} else {
			delta = 1 + delta
			if g.Bit(0) == 1 {
				g.Add(g, f)
			}
		}
		g.Rsh(g, 1)
		eta = -delta
	}
	return eta, f, g
}

// stepsToZero counts the original divsteps from (δ = 1, m, x) to g = 0.
func stepsToZero(m, x *big.Int) int {
	eta, f, g := int64(-1), m, new(big.Int).Set(x)
	n := 0
	for g.Sign() != 0 {
		eta, f, g = refDivstepsOrig(1, eta, f, g)
		n++
	}
	return n
}

// check384 compares Invert with math/big and checks that the fixed batches
// took g to 0 and f to ±gcd(m, x).
func check384(t *testing.T, c *Modulus384, m, scale, x *big.Int) {
	t.Helper()
	in := toWords6(x)
	d, f, g := c.run(&in)
	if gi := fromSigned(g[:]); gi.Sign() != 0 {
		t.Fatalf("x = %#x mod %#x: g = %#x after %d divsteps, not 0", x, m, gi, c.Divsteps())
	}
	gcd := new(big.Int).GCD(nil, nil, new(big.Int).Mod(x, m), m)
	if fi := fromSigned(f[:]); new(big.Int).Abs(fi).Cmp(gcd) != 0 {
		t.Fatalf("x = %#x mod %#x: f = %#x at the end, want ±%#x", x, m, fi, gcd)
	}
	out := fromSigned62x7(&d)
	if got, w := fromWords6(&out), want(x, m, scale); got.Cmp(w) != 0 {
		t.Fatalf("Invert(%#x) mod %#x (scale %#x) = %#x, want %#x", x, m, scale, got, w)
	}
	var viaInvert [6]uint64
	c.Invert(&viaInvert, &in)
	c.Invert(&in, &in) // aliased
	if viaInvert != out || in != out {
		t.Fatalf("Invert(%#x) = %x, aliased %x, want %x", x, viaInvert, in, out)
	}
}

// longRuns returns inputs below m that need many divsteps, found by hill
// climbing on stepsToZero from random starts (bit flips that do not shorten
// the run are kept), with the largest count found.
func longRuns(m *big.Int, rng *rand.Rand, starts, iters int) ([]*big.Int, int) {
	var out []*big.Int
	worst := 0
	for s := 0; s < starts; s++ {
		x := new(big.Int).Mod(randInt(rng, 6), m)
		n := stepsToZero(m, x)
		for i := 0; i < iters; i++ {
			y := new(big.Int).Set(x)
			for k := 0; k < 1+rng.IntN(3); k++ {
				b := rng.IntN(m.BitLen())
				y.SetBit(y, b, y.Bit(b)^1)
			}
			if y.Cmp(m) >= 0 || y.Sign() == 0 {
				continue
			}
			if ny := stepsToZero(m, y); ny >= n {
				x, n = y, ny
			}
		}
		out = append(out, x)
		worst = max(worst, n)
	}
	return out, worst
}

func TestInvert384(t *testing.T) {
	n, starts, iters := 2000, 8, 150
	if testing.Short() {
		n, starts, iters = 200, 2, 40
	}
	rng := rand.New(rand.NewPCG(11, 12))
	for _, name := range []string{"p384", "n384"} {
		m := hexInt(testModuli384[name])
		long, worst := longRuns(m, rng, starts, iters)
		if worst > divsteps384 {
			t.Fatalf("%s: an input needs %d divsteps, above the bound %d", name, worst, divsteps384)
		}
		t.Logf("%s: longest divstep run found %d (bound %d, run %d)", name, worst, divsteps384, 19*batch)
		runInvert(t, rng, name, m, 6, n, long, func(scale *big.Int) func(*testing.T, *big.Int) {
			c := NewModulus384(toWords6(m), toWords6(scale))
			return func(t *testing.T, x *big.Int) { check384(t, c, m, scale, x) }
		})
	}
}

// TestInvert384OtherModuli checks random odd moduli of every size up to 384
// bits, prime or not: the code is generic in m. Inputs need not be prime to
// m; then only g = 0 and f = ±gcd are checked.
func TestInvert384OtherModuli(t *testing.T) {
	rng := rand.New(rand.NewPCG(13, 14))
	forOtherModuli(rng, 6, func(m, x *big.Int) {
		c := NewModulus384(toWords6(m), [6]uint64{1})
		gcd := new(big.Int).GCD(nil, nil, new(big.Int).Mod(x, m), m)
		if gcd.Cmp(big.NewInt(1)) == 0 {
			check384(t, c, m, big.NewInt(1), x)
			return
		}
		in := toWords6(x)
		_, f, g := c.run(&in)
		if fromSigned(g[:]).Sign() != 0 || new(big.Int).Abs(fromSigned(f[:])).Cmp(gcd) != 0 {
			t.Fatalf("m = %#x, x = %#x: f = %#x, g = %#x at the end", m, x, fromSigned(f[:]), fromSigned(g[:]))
		}
	})
	m := big.NewInt(3)
	c := NewModulus384(toWords6(m), [6]uint64{1})
	for x := int64(0); x < 40; x++ {
		check384(t, c, m, big.NewInt(1), big.NewInt(x))
	}
}

// TestDivsteps59Orig checks one batch of original divsteps against the
// integer ones, as TestDivsteps59 does for the half-delta batch.
func TestDivsteps59Orig(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	for i := 0; i < 2000; i++ {
		// Extreme low words, eta as far as 19 batches can take it, and −1.
		f, g, eta := divstepInput(rng, 6, i, -1122, 1122, -1)
		wantEta, wf, wg := refDivstepsOrig(batch, eta, f, g)
		var tm matrix
		gotEta := divsteps59Orig(eta, fLow(f), fLow(g), &tm)
		if gotEta != wantEta {
			t.Fatalf("eta = %d, want %d", gotEta, wantEta)
		}
		checkMatrix(t, tm, f, g, wf, wg)
	}
}

// TestDivsteps384Bound checks the constant against Theorem 11.2's formula.
func TestDivsteps384Bound(t *testing.T) {
	const d = 384
	if got := (49*d + 57) / 17; got != divsteps384 {
		t.Fatalf("⌊(49·384 + 57)/17⌋ = %d, constant says %d", got, divsteps384)
	}
	c := NewModulus384(toWords6(hexInt(testModuli384["p384"])), [6]uint64{1})
	if c.Divsteps() < divsteps384 || c.Divsteps()%batch != 0 {
		t.Fatalf("Divsteps() = %d, want a multiple of %d at least %d", c.Divsteps(), batch, divsteps384)
	}
}

func TestSigned62x7RoundTrip(t *testing.T) {
	rng := rand.New(rand.NewPCG(17, 18))
	for i := 0; i < 1000; i++ {
		var w [6]uint64
		for j := range w {
			w[j] = rng.Uint64() >> uint(rng.IntN(64))
		}
		s := toSigned62x7(&w)
		if fromSigned(s[:]).Cmp(fromWords6(&w)) != 0 || fromSigned62x7(&s) != w {
			t.Fatalf("%x: limbs %x do not round-trip", w, s)
		}
	}
}

func TestNewModulus384Rejects(t *testing.T) {
	checkRejects(t, "NewModulus384", func(m, scale uint64) { NewModulus384([6]uint64{m}, [6]uint64{scale}) })
}

func FuzzInvert384(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), false)
	f.Add(uint64(1), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), true)
	f.Add(^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), false)
	type mod struct {
		m *big.Int
		c *Modulus384
	}
	var mods []mod
	for _, name := range []string{"p384", "n384"} {
		m := hexInt(testModuli384[name])
		mods = append(mods, mod{m, NewModulus384(toWords6(m), [6]uint64{1})})
	}
	f.Fuzz(func(t *testing.T, w0, w1, w2, w3, w4, w5 uint64, which bool) {
		md := mods[0]
		if which {
			md = mods[1]
		}
		w := [6]uint64{w0, w1, w2, w3, w4, w5}
		check384(t, md.c, md.m, big.NewInt(1), fromWords6(&w))
	})
}

func BenchmarkInvert384(b *testing.B) {
	for _, name := range []string{"p384", "n384"} {
		c := NewModulus384(toWords6(hexInt(testModuli384[name])), [6]uint64{1})
		b.Run(name, func(b *testing.B) {
			var x [6]uint64
			for i := range x {
				x[i] = 0x5a5a5a5a5a5a5a5a
			}
			cpu := benchutil.StartCPU(b)
			for b.Loop() {
				c.Invert(&x, &x)
			}
			cpu.Stop()
		})
	}
}
