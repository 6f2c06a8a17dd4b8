// Package asmtest is the test harness shared by the fieldarith packages'
// generated assembly of the unsaturated representations (multiplication,
// squaring, Mult32, the carried Add, Subtract, Negate and CondNegate): it
// checks that the assembly returns exactly the limbs of the Go code it
// replaces, and limbs within the tight bounds, on random and edge inputs
// within the bounds its proof covers, that the values agree with math/big,
// and that aliased operands work. The implementations under test and their
// references come in an Impl, so one harness serves every limb
// representation. It is used only by tests.
package asmtest

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// Word is a limb's type.
type Word interface{ ~uint32 | ~uint64 }

// Impl is one limb representation E with words W, its assembly and the Go
// code the assembly must match. Mult32Asm, Mult32Go and Mult32 are nil for a
// representation without a 32-bit multiplier.
type Impl[E comparable, W Word] struct {
	Seed       uint64            // first word of the PCG seeds, one per representation
	Random     int               // iterations of TestRandom; a tenth with -short
	BigRandom  int               // random pairs that TestBig adds to the edges
	Bound      []W               // the tight bounds, limb by limb
	LooseBound []W               // the loose bounds, limb by limb
	Edges      []E               // limb states at the edges of the bounds, within LooseBound
	Modulus    *big.Int          // the field prime
	Limbs      func(*E) []W      // the limbs of an element, writable
	Big        func(*E) *big.Int // Σ limb·2^offset, not reduced

	MulAsm, MulGo       func(v, a, b *E)
	SquareAsm, SquareGo func(v, a *E)
	Multiply            func(v, a, b *E) *E // the method, which calls the assembly
	Square              func(v, a *E) *E

	Mult32Asm, Mult32Go func(v, a *E, y uint32)
	Mult32              func(v, a *E, y uint32) *E

	// The carried (tight) Add and Subtract, for TestAddSub; nil where
	// they are Go.
	AddAsm, AddGo, SubAsm, SubGo func(v, a, b *E)
	Add, Subtract                func(v, a, b *E) *E

	// Negate and CondNegate, for TestNegate; nil where they are Go.
	NegAsm, NegGo         func(v, a *E)
	Negate                func(v, a *E) *E
	CondNegAsm, CondNegGo func(v *E, cond int)
	CondNegate            func(v *E, cond int) *E
}

// Mult32Edges are multipliers at the edges: 0, 1, 2, X448's a24, X25519's
// (A − 2)/4 and (A + 2)/4, 2^31 and 2^32 − 1.
var Mult32Edges = []uint32{0, 1, 2, 39081, 121665, 121666, 1 << 31, 1<<32 - 1}

// RandLimbs sets dst[k] uniformly in [0, bound[k]], drawing one Uint32N per
// limb for 32-bit words and one Uint64N for 64-bit ones.
func RandLimbs[W Word](r *rand.Rand, dst, bound []W) {
	for k := range dst {
		if uint64(^W(0)) == math.MaxUint32 {
			dst[k] = W(r.Uint32N(uint32(bound[k]) + 1))
		} else {
			dst[k] = W(r.Uint64N(uint64(bound[k]) + 1))
		}
	}
}

// rand returns an element with limbs uniformly in [0, bound[k]].
func (c *Impl[E, W]) rand(r *rand.Rand, bound []W) E {
	var v E
	RandLimbs(r, c.Limbs(&v), bound)
	return v
}

// within reports whether every limb of v is at most bound's.
func (c *Impl[E, W]) within(v *E, bound []W) bool {
	for k, l := range c.Limbs(v) {
		if l > bound[k] {
			return false
		}
	}
	return true
}

// CheckMul compares MulAsm with MulGo on a·b, and MulAsm's output with the
// tight bounds.
func (c *Impl[E, W]) CheckMul(t *testing.T, what string, a, b *E) {
	t.Helper()
	var got, want E
	c.MulAsm(&got, a, b)
	c.MulGo(&want, a, b)
	if got != want {
		t.Fatalf("%s: %x · %x: asm %x, generic %x", what, c.Limbs(a), c.Limbs(b), c.Limbs(&got), c.Limbs(&want))
	}
	if !c.within(&got, c.Bound) {
		t.Fatalf("%s: %x · %x: output %x out of bounds", what, c.Limbs(a), c.Limbs(b), c.Limbs(&got))
	}
}

// CheckSquare compares SquareAsm with SquareGo on a², and SquareAsm's
// output with the tight bounds.
func (c *Impl[E, W]) CheckSquare(t *testing.T, what string, a *E) {
	t.Helper()
	var got, want E
	c.SquareAsm(&got, a)
	c.SquareGo(&want, a)
	if got != want {
		t.Fatalf("%s: %x²: asm %x, generic %x", what, c.Limbs(a), c.Limbs(&got), c.Limbs(&want))
	}
	if !c.within(&got, c.Bound) {
		t.Fatalf("%s: %x²: output %x out of bounds", what, c.Limbs(a), c.Limbs(&got))
	}
}

// CheckMult32 compares Mult32Asm with Mult32Go on a·y, and Mult32Asm's
// output with the tight bounds.
func (c *Impl[E, W]) CheckMult32(t *testing.T, what string, a *E, y uint32) {
	t.Helper()
	var got, want E
	c.Mult32Asm(&got, a, y)
	c.Mult32Go(&want, a, y)
	if got != want {
		t.Fatalf("%s: %x · %d: asm %x, generic %x", what, c.Limbs(a), y, c.Limbs(&got), c.Limbs(&want))
	}
	if !c.within(&got, c.Bound) {
		t.Fatalf("%s: %x · %d: output %x out of bounds", what, c.Limbs(a), y, c.Limbs(&got))
	}
}

// TestRandom checks the assembly on random tight and loose operands, in
// the combinations that Multiply, MultiplyLoose, MultiplyLooseTight, Square
// and SquareLoose pass.
func (c *Impl[E, W]) TestRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(c.Seed, 1))
	n := c.Random
	if testing.Short() {
		n /= 10
	}
	for range n {
		a, b := c.rand(r, c.Bound), c.rand(r, c.Bound)
		c.CheckMul(t, "tight·tight", &a, &b)
		c.CheckSquare(t, "tight²", &a)
		la, lb := c.rand(r, c.LooseBound), c.rand(r, c.LooseBound)
		c.CheckMul(t, "loose·loose", &la, &lb)
		c.CheckMul(t, "loose·tight", &la, &b)
		c.CheckMul(t, "tight·loose", &a, &lb)
		c.CheckSquare(t, "loose²", &la)
		if c.Mult32Asm != nil {
			y := r.Uint32()
			c.CheckMult32(t, "tight·y", &a, y)
			c.CheckMult32(t, "loose·y", &la, y)
		}
	}
}

// TestEdges checks the assembly on every edge state squared, times each
// Mult32Edges multiplier, and times every edge state.
func (c *Impl[E, W]) TestEdges(t *testing.T) {
	states := c.Edges
	for i := range states {
		a := &states[i]
		if !c.within(a, c.LooseBound) {
			t.Fatalf("edge state %x exceeds the loose bounds", c.Limbs(a))
		}
		c.CheckSquare(t, "edge²", a)
		if c.Mult32Asm != nil {
			for _, y := range Mult32Edges {
				c.CheckMult32(t, "edge·y", a, y)
			}
		}
		for j := range states {
			c.CheckMul(t, "edge·edge", a, &states[j])
		}
	}
}

// TestBig checks the assembly against math/big, independently of the Go
// code, on the edge states and BigRandom random loose and tight pairs.
func (c *Impl[E, W]) TestBig(t *testing.T) {
	r := rand.New(rand.NewPCG(c.Seed, 2))
	states := append([]E(nil), c.Edges...)
	for range c.BigRandom {
		states = append(states, c.rand(r, c.LooseBound), c.rand(r, c.Bound))
	}
	mod := func(x *big.Int) *big.Int { return x.Mod(x, c.Modulus) }
	for i := range states {
		a, b := &states[i], &states[(i*7+3)%len(states)]
		x, y := c.Big(a), c.Big(b)
		var v E
		c.MulAsm(&v, a, b)
		if got, want := mod(c.Big(&v)), mod(new(big.Int).Mul(x, y)); got.Cmp(want) != 0 {
			t.Fatalf("%x · %x = %x (mod p), want %x", c.Limbs(a), c.Limbs(b), got, want)
		}
		c.SquareAsm(&v, a)
		if got, want := mod(c.Big(&v)), mod(new(big.Int).Mul(x, x)); got.Cmp(want) != 0 {
			t.Fatalf("%x² = %x (mod p), want %x", c.Limbs(a), got, want)
		}
		if c.Mult32Asm == nil {
			continue
		}
		m := Mult32Edges[i%len(Mult32Edges)]
		if i%2 == 1 {
			m = r.Uint32()
		}
		c.Mult32Asm(&v, a, m)
		if got, want := mod(c.Big(&v)), mod(new(big.Int).Mul(x, big.NewInt(int64(m)))); got.Cmp(want) != 0 {
			t.Fatalf("%x · %d = %x (mod p), want %x", c.Limbs(a), m, got, want)
		}
	}
}

// TestAlias checks the assembly, through Multiply, Square and Mult32, when
// the receiver is also an argument: all inputs are read before v is written.
func (c *Impl[E, W]) TestAlias(t *testing.T) {
	r := rand.New(rand.NewPCG(c.Seed, 3))
	for range 200 {
		a, b := c.rand(r, c.LooseBound), c.rand(r, c.Bound)
		var want E
		c.MulGo(&want, &a, &a)
		if v := a; *c.Multiply(&v, &v, &v) != want {
			t.Fatalf("v = v·v on %x", c.Limbs(&a))
		}
		c.MulGo(&want, &a, &b)
		if v := a; *c.Multiply(&v, &v, &b) != want {
			t.Fatalf("v = v·b on %x, %x", c.Limbs(&a), c.Limbs(&b))
		}
		if v := b; *c.Multiply(&v, &a, &v) != want {
			t.Fatalf("v = a·v on %x, %x", c.Limbs(&a), c.Limbs(&b))
		}
		c.SquareGo(&want, &a)
		if v := a; *c.Square(&v, &v) != want {
			t.Fatalf("v = v² on %x", c.Limbs(&a))
		}
		if c.Mult32 != nil {
			c.Mult32Go(&want, &a, 39081)
			if v := a; *c.Mult32(&v, &v, 39081) != want {
				t.Fatalf("v = v·39081 on %x", c.Limbs(&a))
			}
		}
	}
}

// TestAddSub compares AddAsm and SubAsm with AddGo and SubGo on tight
// operands (every pair of the first 32, two partners for each of the
// others), also with the receiver aliasing an argument and through the
// methods, and checks the results against math/big and the tight bounds.
func (c *Impl[E, W]) TestAddSub(t *testing.T, tight []E) {
	mod := func(x *big.Int) *big.Int { return x.Mod(x, c.Modulus) }
	for i := range tight {
		js := []int{(i*7 + 3) % len(tight), (i + 1) % len(tight)}
		if i < 32 {
			js = js[:0]
			for j := range tight {
				js = append(js, j)
			}
		}
		for _, j := range js {
			a, b := &tight[i], &tight[j]
			for _, sub := range []bool{false, true} {
				op, gen, method, sum := c.AddAsm, c.AddGo, c.Add, new(big.Int).Add(c.Big(a), c.Big(b))
				if sub {
					op, gen, method, sum = c.SubAsm, c.SubGo, c.Subtract, new(big.Int).Sub(c.Big(a), c.Big(b))
				}
				var got, want E
				gen(&want, a, b)
				op(&got, a, b)
				if got != want {
					t.Fatalf("%x ± %x (sub %v): asm %x, generic %x", c.Limbs(a), c.Limbs(b), sub, c.Limbs(&got), c.Limbs(&want))
				}
				if !c.within(&got, c.Bound) || mod(c.Big(&got)).Cmp(mod(sum)) != 0 {
					t.Fatalf("%x ± %x (sub %v): %x out of bounds or wrong", c.Limbs(a), c.Limbs(b), sub, c.Limbs(&got))
				}
				if v := *a; func() E { op(&v, &v, b); return v }() != want {
					t.Fatalf("v = v ± b on %x, %x (sub %v)", c.Limbs(a), c.Limbs(b), sub)
				}
				if v := *b; func() E { op(&v, a, &v); return v }() != want {
					t.Fatalf("v = a ± v on %x, %x (sub %v)", c.Limbs(a), c.Limbs(b), sub)
				}
				var w E
				if op(&w, a, a); func() E { v := *a; op(&v, &v, &v); return v }() != w {
					t.Fatalf("v = v ± v on %x (sub %v)", c.Limbs(a), sub)
				}
				if m := *method(new(E), a, b); m != want {
					t.Fatalf("the method on %x, %x (sub %v): %x, generic %x", c.Limbs(a), c.Limbs(b), sub, c.Limbs(&m), c.Limbs(&want))
				}
			}
		}
	}
}

// TestNegate compares NegAsm and CondNegAsm (cond 0 and 1) with NegGo and
// CondNegGo on tight operands, also with the receiver aliasing the
// argument and through the methods, and checks the results against
// math/big and the tight bounds.
func (c *Impl[E, W]) TestNegate(t *testing.T, tight []E) {
	mod := func(x *big.Int) *big.Int { return x.Mod(x, c.Modulus) }
	for i := range tight {
		a := &tight[i]
		var got, want E
		c.NegAsm(&got, a)
		c.NegGo(&want, a)
		if got != want {
			t.Fatalf("−%x: asm %x, generic %x", c.Limbs(a), c.Limbs(&got), c.Limbs(&want))
		}
		if !c.within(&got, c.Bound) || mod(new(big.Int).Add(c.Big(&got), c.Big(a))).Sign() != 0 {
			t.Fatalf("−%x: %x out of bounds or wrong", c.Limbs(a), c.Limbs(&got))
		}
		if v := *a; *c.Negate(&v, &v) != want {
			t.Fatalf("v = −v on %x", c.Limbs(a))
		}
		for cond := range 2 {
			v, g := *a, *a
			c.CondNegAsm(&v, cond)
			c.CondNegGo(&g, cond)
			if v != g || cond == 1 && v != want || cond == 0 && v != *a {
				t.Fatalf("CondNegate(%x, %d): asm %x, generic %x", c.Limbs(a), cond, c.Limbs(&v), c.Limbs(&g))
			}
			if m := *a; *c.CondNegate(&m, cond) != g {
				t.Fatalf("the method CondNegate(%x, %d)", c.Limbs(a), cond)
			}
		}
	}
}

// clamp maps arbitrary words into bound, limb by limb.
func (c *Impl[E, W]) clamp(raw []uint64, bound []W) E {
	var v E
	l := c.Limbs(&v)
	for k := range l {
		l[k] = W(raw[k] % (uint64(bound[k]) + 1))
	}
	return v
}

// CheckFuzz is a fuzz target's body: it maps raw0 and raw1 (one word a
// limb) into the bounds and checks the assembly on loose·loose,
// loose·tight, loose², tight² and, with Mult32, loose·y for y from raw1.
func (c *Impl[E, W]) CheckFuzz(t *testing.T, raw0, raw1 []uint64) {
	t.Helper()
	a, b := c.clamp(raw0, c.LooseBound), c.clamp(raw1, c.LooseBound)
	tb := c.clamp(raw1, c.Bound)
	c.CheckMul(t, "loose·loose", &a, &b)
	c.CheckMul(t, "loose·tight", &a, &tb)
	c.CheckSquare(t, "loose²", &a)
	c.CheckSquare(t, "tight²", &tb)
	if c.Mult32Asm != nil {
		c.CheckMult32(t, "loose·y", &a, uint32(raw1[0]>>32))
	}
}

// Bench times the assembly and the Go code it replaces interleaved
// (benchutil.Compare) on Multiply, Mult32 (where there is one) and Square,
// starting from x0, each contender a chain of 100 dependent operations on
// its own accumulator (cpu-ns are per 100 operations).
func (c *Impl[E, W]) Bench(b *testing.B, x0 *E) {
	chain := func(name string, f func()) benchutil.Contender {
		return benchutil.Contender{Name: name, F: func() {
			for range 100 {
				f()
			}
		}}
	}
	b.Run("Multiply", func(b *testing.B) {
		x, y := *x0, *x0
		benchutil.Compare(b,
			chain("asm", func() { c.MulAsm(&x, &x, &x) }),
			chain("generic", func() { c.MulGo(&y, &y, &y) }))
	})
	if c.Mult32Asm != nil {
		b.Run("Mult32", func(b *testing.B) {
			x, y := *x0, *x0
			benchutil.Compare(b,
				chain("asm", func() { c.Mult32Asm(&x, &x, 39081) }),
				chain("generic", func() { c.Mult32Go(&y, &y, 39081) }))
		})
	}
	b.Run("Square", func(b *testing.B) {
		x, y := *x0, *x0
		benchutil.Compare(b,
			chain("asm", func() { c.SquareAsm(&x, &x) }),
			chain("generic", func() { c.SquareGo(&y, &y) }))
	})
}
