//go:build (arm || 386) && !purego && !curvekit_purego

package field448

import (
	"math/big"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/internal/asmtest"
)

// The generated assembly (zz_generated_fe28_arm.s, _386.s) must return
// exactly the limbs of the Go code (multiplyGeneric, squareGeneric,
// mult32Generic, addGeneric, subtractGeneric, negateGeneric,
// condNegateGeneric, swapGeneric) on every input
// within the bounds its proof covers. CI runs these tests under qemu for arm
// and 386. The multiplication checks are asmtest's.

var fe28Asm = &asmtest.Impl[fe28, uint32]{
	Seed:       28,
	Random:     3000,
	BigRandom:  300,
	Bound:      fe28Bound[:],
	LooseBound: fe28LooseBound[:],
	Edges:      fe28EdgeStates(),
	Modulus:    testConfig.Modulus,
	Limbs:      func(v *fe28) []uint32 { return v.l[:] },
	Big:        fe28Big,
	MulAsm:     fe28MultiplyAsm,
	MulGo:      func(v, a, b *fe28) { v.multiplyGeneric(a, b) },
	SquareAsm:  fe28SquareAsm,
	SquareGo:   func(v, a *fe28) { v.squareGeneric(a) },
	Multiply:   (*fe28).Multiply,
	Square:     (*fe28).Square,
	Mult32Asm:  fe28Mult32Asm,
	Mult32Go:   func(v, a *fe28, y uint32) { v.mult32Generic(a, y) },
	Mult32:     (*fe28).Mult32,
	AddAsm:     fe28AddAsm,
	AddGo:      func(v, a, b *fe28) { v.addGeneric(a, b) },
	SubAsm:     fe28SubtractAsm,
	SubGo:      func(v, a, b *fe28) { v.subtractGeneric(a, b) },
	Add:        (*fe28).Add,
	Subtract:   (*fe28).Subtract,
	NegAsm:     fe28NegateAsm,
	NegGo:      func(v, a *fe28) { v.negateGeneric(a) },
	Negate:     (*fe28).Negate,
	CondNegAsm: fe28CondNegateAsm,
	CondNegGo:  func(v *fe28, cond int) { v.condNegateGeneric(cond) },
	CondNegate: (*fe28).CondNegate,
}

func TestFe28AsmRandom(t *testing.T) { fe28Asm.TestRandom(t) }

// fe28EdgeStates lists limb states at the edges of the tight and loose bounds.
func fe28EdgeStates() []fe28 {
	const mask = 1<<28 - 1
	var p fe28
	for k := range p.l {
		p.l[k] = mask
	}
	p.l[8] = mask - 1 // p = 2^448 − 2^224 − 1
	var states []fe28
	add := func(f func(k int) uint32) {
		var v fe28
		for k := range v.l {
			v.l[k] = f(k)
		}
		states = append(states, v)
	}
	b := func(c bool) uint32 {
		if c {
			return 1
		}
		return 0
	}
	add(func(k int) uint32 { return 0 })
	add(func(k int) uint32 { return fe28LooseBound[k] })                        // every limb at its loose maximum
	add(func(k int) uint32 { return fe28Bound[k] })                             // every limb at its tight maximum
	add(func(k int) uint32 { return p.l[k] })                                   // p
	add(func(k int) uint32 { return p.l[k] - b(k == 0) })                       // p − 1
	add(func(k int) uint32 { return p.l[k] + b(k == 0) })                       // p + 1
	add(func(k int) uint32 { return 2 * p.l[k] })                               // 2p, limb by limb
	add(func(k int) uint32 { return mask })                                     // 2^448 − 1
	add(func(k int) uint32 { return mask + 1 })                                 // every limb at the carry boundary
	add(func(k int) uint32 { return 1 })                                        // Σ 2^28k
	add(func(k int) uint32 { return fe28LooseBound[k] - b(k == 0) })            // loose maximum − 1
	add(func(k int) uint32 { return fe28LooseBound[k] &^ mask })                // high bits only
	add(func(k int) uint32 { return fe28LooseBound[k] * uint32(k%2) })          // odd limbs
	add(func(k int) uint32 { return fe28LooseBound[k] * uint32((k+1)%2) })      // even limbs
	add(func(k int) uint32 { return fe28LooseBound[k] * b(k < 8) })             // low half only
	add(func(k int) uint32 { return fe28LooseBound[k] * b(k >= 8) })            // high half only
	add(func(k int) uint32 { return fe28LooseBound[k] * b(k == 15) })           // only the top limb
	add(func(k int) uint32 { return fe28LooseBound[k] * b(k == 0) })            // only the bottom limb
	add(func(k int) uint32 { return fe28LooseBound[k] * b(k == 7 || k == 15) }) // the chains' last limbs
	add(func(k int) uint32 { return fe28Bound[k] * b(k == 8 || k == 0) })       // the chains' first limbs
	return states
}

func TestFe28AsmEdges(t *testing.T) { fe28Asm.TestEdges(t) }

// fe28Big is Σ l[k]·2^28k, not reduced.
func fe28Big(v *fe28) *big.Int {
	x := new(big.Int)
	for k, l := range v.l {
		x.Add(x, new(big.Int).Lsh(big.NewInt(int64(l)), uint(28*k)))
	}
	return x
}

// TestFe28AsmBig checks the assembly against math/big, independently of the Go code.
func TestFe28AsmBig(t *testing.T) { fe28Asm.TestBig(t) }

// TestFe28GoBig holds the reference to math/big as well: the same checks
// with the Go code in the assembly's place.
func TestFe28GoBig(t *testing.T) {
	g := *fe28Asm
	g.MulAsm, g.SquareAsm, g.Mult32Asm = g.MulGo, g.SquareGo, g.Mult32Go
	g.TestBig(t)
}

// TestFe28AsmAlias checks the assembly, through Multiply, Square and
// Mult32, when the receiver is also an argument.
func TestFe28AsmAlias(t *testing.T) { fe28Asm.TestAlias(t) }

// TestFe28Dispatch runs the edge checks through the methods, which this
// build must route to the assembly, and checks that Assembly names it.
func TestFe28Dispatch(t *testing.T) {
	m := *fe28Asm
	m.MulAsm = func(v, a, b *fe28) { v.Multiply(a, b) }
	m.SquareAsm = func(v, a *fe28) { v.Square(a) }
	m.Mult32Asm = func(v, a *fe28, y uint32) { v.Mult32(a, y) }
	m.TestEdges(t)
	if a := Assembly(); !strings.HasPrefix(a, runtime.GOARCH+" ") || !strings.Contains(a, "Multiply, Square, Mult32, Swap, Add, Subtract, Negate, CondNegate, Loose.Add, Loose.Subtract") {
		t.Fatalf("Assembly() = %q on %s", a, runtime.GOARCH)
	}
}

// fe28Tight returns the edge states within the tight bounds and n random
// tight elements.
func fe28Tight(seed uint64, n int) []fe28 {
	var tight []fe28
	for _, s := range fe28EdgeStates() {
		ok := true
		for k := range s.l {
			ok = ok && s.l[k] <= fe28Bound[k]
		}
		if ok {
			tight = append(tight, s)
		}
	}
	// The top limb alone and everything but it, at the tight maximum and
	// at the carry boundary: the top carry and the carries into limbs 0
	// and 8.
	for _, top := range []bool{false, true} {
		for _, x := range []uint32{fe28Bound[0], 1 << 28, 1<<28 - 1} {
			var v fe28
			for k := range v.l {
				if (k == 15) == top {
					v.l[k] = min(x, fe28Bound[k])
				}
			}
			tight = append(tight, v)
		}
	}
	r := rand.New(rand.NewPCG(28, seed))
	for range n {
		var s fe28
		asmtest.RandLimbs(r, s.l[:], fe28Bound[:])
		tight = append(tight, s)
	}
	return tight
}

// TestFe28AsmNegate compares the Negate and CondNegate assembly with the Go
// code (asmtest's TestNegate).
func TestFe28AsmNegate(t *testing.T) { fe28Asm.TestNegate(t, fe28Tight(10, 300)) }

// TestFe28AsmAddSub compares the carried Add and Subtract assembly with
// the Go code (asmtest's TestAddSub), and the loose Subtract, which
// carries, with subtractGeneric, also with the receiver aliasing a.
func TestFe28AsmAddSub(t *testing.T) {
	tight := fe28Tight(7, 300)
	fe28Asm.TestAddSub(t, tight)
	for i := range tight {
		a, b := &tight[i], &tight[(i*7+3)%len(tight)]
		var want fe28Loose
		want.subtractGeneric(a, b)
		var l fe28Loose
		if l.Subtract(a, b); l != want {
			t.Fatalf("Loose.Subtract(%x, %x) = %x, generic %x", a.l, b.l, l.l, want.l)
		}
		var tw fe28
		if tw.subtractGeneric(a, b); tw.l != want.l {
			t.Fatalf("Loose.Subtract(%x, %x) = %x, tight %x", a.l, b.l, want.l, tw.l)
		}
		if l := (fe28Loose{l: a.l}); *l.Subtract((*fe28)(&l), b) != want {
			t.Fatalf("Loose: v = v − b on %x, %x", a.l, b.l)
		}
	}
}

// TestFe28AsmLoose compares the loose Add assembly with addGeneric on
// every pair of tight edge states and on random tight pairs, also with the
// receiver aliasing an argument, and checks the results against math/big.
func TestFe28AsmLoose(t *testing.T) {
	tight := fe28Tight(8, 300)
	p := testConfig.Modulus
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	for i := range tight {
		for _, j := range []int{i, (i*7 + 3) % len(tight), (i + 1) % len(tight)} {
			a, b := &tight[i], &tight[j]
			var got, want fe28Loose
			fe28LooseAddAsm(&got, a, b)
			want.addGeneric(a, b)
			if got != want || !got.checkBounds() {
				t.Fatalf("%x + %x: asm %x, generic %x", a.l, b.l, got.l, want.l)
			}
			if mod(fe28Big((*fe28)(&got))).Cmp(mod(new(big.Int).Add(fe28Big(a), fe28Big(b)))) != 0 {
				t.Fatalf("%x + %x: wrong value", a.l, b.l)
			}
			if v := (fe28Loose{l: b.l}); *v.Add(a, (*fe28)(&v)) != want {
				t.Fatalf("v = a + v on %x, %x", a.l, b.l)
			}
			if v := (fe28Loose{l: a.l}); *v.Add((*fe28)(&v), b) != want {
				t.Fatalf("v = v + b on %x, %x", a.l, b.l)
			}
		}
	}
}

// TestFe28AsmSwap compares the Swap assembly with swapGeneric for cond 0
// and 1 on the edge states and random loose limbs, and checks that a swap
// of an element with itself leaves it unchanged.
func TestFe28AsmSwap(t *testing.T) {
	states := fe28EdgeStates()
	r := rand.New(rand.NewPCG(28, 9))
	for range 200 {
		var s fe28
		asmtest.RandLimbs(r, s.l[:], fe28LooseBound[:])
		states = append(states, s)
	}
	for i := range states {
		for cond := range 2 {
			v0, u0 := states[i], states[(i*5+1)%len(states)]
			v, u, gv, gu := v0, u0, v0, u0
			fe28SwapAsm(&v, &u, cond)
			gv.swapGeneric(&gu, cond)
			if v != gv || u != gu {
				t.Fatalf("Swap(%x, %x, %d): asm %x, %x, generic %x, %x", v0.l, u0.l, cond, v.l, u.l, gv.l, gu.l)
			}
			if cond == 1 && (v != u0 || u != v0) || cond == 0 && (v != v0 || u != u0) {
				t.Fatalf("Swap(%x, %x, %d) = %x, %x", v0.l, u0.l, cond, v.l, u.l)
			}
			w := v0
			w.Swap(&w, cond)
			if w != v0 {
				t.Fatalf("Swap(w, w, %d) changed %x to %x", cond, v0.l, w.l)
			}
		}
	}
}
