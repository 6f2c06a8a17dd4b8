//go:build (arm || 386) && !purego && !curvekit_purego

package field25519

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/internal/asmtest"
)

// The generated assembly (zz_generated_fe2625_arm.s, _386.s) must return
// exactly the limbs of the Go code (multiplyGeneric, squareGeneric,
// mult32Generic, addGeneric, subtractGeneric, negateGeneric,
// condNegateGeneric, swapGeneric) on every input
// within the bounds its proof covers. CI runs these tests under qemu for
// arm (every GOARM) and 386. The multiplication and Add/Subtract checks
// are asmtest's.

var fe2625Asm = &asmtest.Impl[fe2625, uint32]{
	Seed:       2625,
	Random:     5000,
	BigRandom:  300,
	Bound:      fe2625Bound[:],
	LooseBound: fe2625LooseBound[:],
	Edges:      fe2625EdgeStates(),
	Modulus:    testConfig.Modulus,
	Limbs:      func(v *fe2625) []uint32 { return v.l[:] },
	Big:        fe2625Big,
	MulAsm:     fe2625MultiplyAsm,
	MulGo:      func(v, a, b *fe2625) { v.multiplyGeneric(a, b) },
	SquareAsm:  fe2625SquareAsm,
	SquareGo:   func(v, a *fe2625) { v.squareGeneric(a) },
	Multiply:   (*fe2625).Multiply,
	Square:     (*fe2625).Square,
	Mult32Asm:  fe2625Mult32Asm,
	Mult32Go:   func(v, a *fe2625, y uint32) { v.mult32Generic(a, y) },
	Mult32:     (*fe2625).Mult32,
	AddAsm:     fe2625AddAsm,
	AddGo:      func(v, a, b *fe2625) { v.addGeneric(a, b) },
	SubAsm:     fe2625SubtractAsm,
	SubGo:      func(v, a, b *fe2625) { v.subtractGeneric(a, b) },
	Add:        (*fe2625).Add,
	Subtract:   (*fe2625).Subtract,
	NegAsm:     fe2625NegateAsm,
	NegGo:      func(v, a *fe2625) { v.negateGeneric(a) },
	Negate:     (*fe2625).Negate,
	CondNegAsm: fe2625CondNegateAsm,
	CondNegGo:  func(v *fe2625, cond int) { v.condNegateGeneric(cond) },
	CondNegate: (*fe2625).CondNegate,
}

func TestFe2625AsmRandom(t *testing.T) { fe2625Asm.TestRandom(t) }

// fe2625EdgeStates lists limb states at the edges of the tight and loose bounds.
func fe2625EdgeStates() []fe2625 {
	var p fe2625
	for k := range p.l {
		p.l[k] = 1<<(26-k%2) - 1
	}
	p.l[0] -= 18
	var states []fe2625
	add := func(f func(k int) uint32) {
		var v fe2625
		for k := range v.l {
			v.l[k] = f(k)
		}
		states = append(states, v)
	}
	mask := func(k int) uint32 { return 1<<(26-k%2) - 1 }
	b := func(c bool) uint32 { return uint32(boolU(c)) }
	add(func(k int) uint32 { return 0 })
	add(func(k int) uint32 { return fe2625LooseBound[k] })                       // every limb at its loose maximum
	add(func(k int) uint32 { return fe2625Bound[k] })                            // every limb at its tight maximum
	add(func(k int) uint32 { return p.l[k] })                                    // p
	add(func(k int) uint32 { return p.l[k] - b(k == 0) })                        // p − 1
	add(func(k int) uint32 { return p.l[k] + b(k == 0) })                        // p + 1
	add(func(k int) uint32 { return 2 * p.l[k] })                                // 2p, limb by limb
	add(func(k int) uint32 { return 3 * p.l[k] })                                // 3p, limb by limb
	add(func(k int) uint32 { return mask(k) })                                   // 2^255 − 1
	add(func(k int) uint32 { return mask(k) + 1 })                               // every limb at the carry boundary
	add(func(k int) uint32 { return 1 })                                         // Σ 2^off[k]
	add(func(k int) uint32 { return fe2625LooseBound[k] - b(k == 0) })           // loose maximum − 1
	add(func(k int) uint32 { return fe2625LooseBound[k] &^ mask(k) })            // high bits only
	add(func(k int) uint32 { return fe2625LooseBound[k] * uint32(k%2) })         // odd limbs
	add(func(k int) uint32 { return fe2625LooseBound[k] * uint32((k+1)%2) })     // even limbs
	add(func(k int) uint32 { return fe2625LooseBound[k] * b(k == 9) })           // only the top limb
	add(func(k int) uint32 { return fe2625LooseBound[k] * b(k == 0) })           // only the bottom limb
	add(func(k int) uint32 { return fe2625LooseBound[k] * b(k == 4 || k == 9) }) // the chains' last limbs
	add(func(k int) uint32 { return fe2625Bound[k] * b(k == 5 || k == 0) })      // the chains' first limbs
	return states
}

func TestFe2625AsmEdges(t *testing.T) { fe2625Asm.TestEdges(t) }

// fe2625Big is Σ l[k]·2^off[k], not reduced.
func fe2625Big(v *fe2625) *big.Int {
	offs, _, _ := v.layout()
	x := new(big.Int)
	for k, l := range v.l {
		x.Add(x, new(big.Int).Lsh(big.NewInt(int64(l)), offs[k]))
	}
	return x
}

// TestFe2625AsmBig checks the assembly against math/big, independently of the Go code.
func TestFe2625AsmBig(t *testing.T) { fe2625Asm.TestBig(t) }

// TestFe2625AsmAlias checks the assembly, through Multiply, Square and Mult32, when
// the receiver is also an argument.
func TestFe2625AsmAlias(t *testing.T) { fe2625Asm.TestAlias(t) }

// fe2625Tight returns the edge states within the tight bounds, the top
// limb alone and everything but it at the tight maximum and at the carry
// boundary (the top carry, times 19, into limb 0), and n random tight
// elements.
func fe2625Tight(seed uint64, n int) []fe2625 {
	var tight []fe2625
	for _, s := range fe2625EdgeStates() {
		ok := true
		for k := range s.l {
			ok = ok && s.l[k] <= fe2625Bound[k]
		}
		if ok {
			tight = append(tight, s)
		}
	}
	for _, top := range []bool{false, true} {
		for _, x := range []uint32{fe2625Bound[0], 1 << 26, 1<<26 - 1, 1 << 25, 1<<25 - 1} {
			var v fe2625
			for k := range v.l {
				if (k == 9) == top {
					v.l[k] = min(x, fe2625Bound[k])
				}
			}
			tight = append(tight, v)
		}
	}
	r := rand.New(rand.NewPCG(2625, seed))
	for range n {
		var s fe2625
		asmtest.RandLimbs(r, s.l[:], fe2625Bound[:])
		tight = append(tight, s)
	}
	return tight
}

// TestFe2625AsmNegate compares the Negate and CondNegate assembly with the Go
// code (asmtest's TestNegate).
func TestFe2625AsmNegate(t *testing.T) { fe2625Asm.TestNegate(t, fe2625Tight(10, 300)) }

// TestFe2625AsmAddSub compares the carried Add and Subtract assembly with
// the Go code (asmtest's TestAddSub).
func TestFe2625AsmAddSub(t *testing.T) { fe2625Asm.TestAddSub(t, fe2625Tight(9, 300)) }

// TestFe2625AsmLoose compares the loose Add and Subtract assembly with the
// Go code (addGeneric, subtractGeneric) on every pair of tight edge states
// and on random tight pairs, also with the receiver aliasing an argument,
// and checks the results against math/big.
func TestFe2625AsmLoose(t *testing.T) {
	tight := fe2625Tight(7, 500)
	p := testConfig.Modulus
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	for i := range tight {
		for _, j := range []int{i, (i*7 + 3) % len(tight), (i + 1) % len(tight)} {
			a, b := &tight[i], &tight[j]
			var got, want fe2625Loose
			fe2625LooseAddAsm(&got, a, b)
			want.addGeneric(a, b)
			if got != want {
				t.Fatalf("%x + %x: asm %x, generic %x", a.l, b.l, got.l, want.l)
			}
			if mod(fe2625Big((*fe2625)(&got))).Cmp(mod(new(big.Int).Add(fe2625Big(a), fe2625Big(b)))) != 0 {
				t.Fatalf("%x + %x: wrong value", a.l, b.l)
			}
			fe2625LooseSubtractAsm(&got, a, b)
			want.subtractGeneric(a, b)
			if got != want {
				t.Fatalf("%x − %x: asm %x, generic %x", a.l, b.l, got.l, want.l)
			}
			if mod(fe2625Big((*fe2625)(&got))).Cmp(mod(new(big.Int).Sub(fe2625Big(a), fe2625Big(b)))) != 0 {
				t.Fatalf("%x − %x: wrong value", a.l, b.l)
			}
			// v aliasing a, then b, through the methods.
			want.subtractGeneric(a, b)
			if v := (fe2625Loose{l: a.l}); *v.Subtract((*fe2625)(&v), b) != want {
				t.Fatalf("v = v − b on %x, %x", a.l, b.l)
			}
			if v := (fe2625Loose{l: b.l}); *v.Subtract(a, (*fe2625)(&v)) != want {
				t.Fatalf("v = a − v on %x, %x", a.l, b.l)
			}
			want.addGeneric(a, b)
			if v := (fe2625Loose{l: b.l}); *v.Add(a, (*fe2625)(&v)) != want {
				t.Fatalf("v = a + v on %x, %x", a.l, b.l)
			}
		}
	}
}

// TestFe2625AsmSwap compares the Swap assembly with swapGeneric for cond 0
// and 1 on the edge states and random loose limbs, and checks that a swap
// of an element with itself leaves it unchanged.
func TestFe2625AsmSwap(t *testing.T) {
	states := fe2625EdgeStates()
	r := rand.New(rand.NewPCG(2625, 8))
	for range 200 {
		var s fe2625
		asmtest.RandLimbs(r, s.l[:], fe2625LooseBound[:])
		states = append(states, s)
	}
	for i := range states {
		for cond := range 2 {
			v0, u0 := states[i], states[(i*5+1)%len(states)]
			v, u, gv, gu := v0, u0, v0, u0
			fe2625SwapAsm(&v, &u, cond)
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
