//go:build (arm || 386) && !purego && !curvekit_purego

package field25519

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// The generated assembly (zz_generated_fe2625_arm.s, _386.s) must return
// exactly the limbs of the Go code (multiplyGeneric, squareGeneric) on
// every input within the loose bounds, which is what the generator's bounds
// proof covers. CI runs these tests under qemu for arm (every GOARM) and 386.

// randLimbs2625 returns limbs uniformly distributed in [0, bound[k]].
func randLimbs2625(r *rand.Rand, bound *[10]uint32) fe2625 {
	var v fe2625
	for k := range v.l {
		v.l[k] = r.Uint32N(bound[k] + 1)
	}
	return v
}

// checkMul2625Asm compares Multiply's assembly with multiplyGeneric on a·b.
func checkMul2625Asm(t *testing.T, what string, a, b *fe2625) {
	t.Helper()
	var got, want fe2625
	fe2625MultiplyAsm(&got, a, b)
	want.multiplyGeneric(a, b)
	if got != want {
		t.Fatalf("%s: %x · %x: asm %x, generic %x", what, a.l, b.l, got.l, want.l)
	}
	if !got.checkBounds() {
		t.Fatalf("%s: %x · %x: output %x out of bounds", what, a.l, b.l, got.l)
	}
}

// checkSquare2625Asm compares Square's assembly with squareGeneric on a².
func checkSquare2625Asm(t *testing.T, what string, a *fe2625) {
	t.Helper()
	var got, want fe2625
	fe2625SquareAsm(&got, a)
	want.squareGeneric(a)
	if got != want {
		t.Fatalf("%s: %x²: asm %x, generic %x", what, a.l, got.l, want.l)
	}
	if !got.checkBounds() {
		t.Fatalf("%s: %x²: output %x out of bounds", what, a.l, got.l)
	}
}

func TestFe2625AsmRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(2625, 1))
	n := 5000
	if testing.Short() {
		n = 500
	}
	for range n {
		a, b := randLimbs2625(r, &fe2625Bound), randLimbs2625(r, &fe2625Bound)
		checkMul2625Asm(t, "tight·tight", &a, &b)
		checkSquare2625Asm(t, "tight²", &a)
		la, lb := randLimbs2625(r, &fe2625LooseBound), randLimbs2625(r, &fe2625LooseBound)
		checkMul2625Asm(t, "loose·loose", &la, &lb)
		checkMul2625Asm(t, "loose·tight", &la, &b)
		checkMul2625Asm(t, "tight·loose", &a, &lb)
		checkSquare2625Asm(t, "loose²", &la)
	}
}

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

func TestFe2625AsmEdges(t *testing.T) {
	states := fe2625EdgeStates()
	for i := range states {
		a := &states[i]
		if !(*fe2625Loose)(a).checkBounds() {
			t.Fatalf("edge state %x exceeds the loose bounds", a.l)
		}
		checkSquare2625Asm(t, "edge²", a)
		for j := range states {
			checkMul2625Asm(t, "edge·edge", a, &states[j])
		}
	}
}

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
func TestFe2625AsmBig(t *testing.T) {
	p := testConfig.Modulus
	r := rand.New(rand.NewPCG(2625, 2))
	states := fe2625EdgeStates()
	for range 300 {
		states = append(states, randLimbs2625(r, &fe2625LooseBound), randLimbs2625(r, &fe2625Bound))
	}
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	for i := range states {
		a, b := &states[i], &states[(i*7+3)%len(states)]
		x, y := fe2625Big(a), fe2625Big(b)
		var v fe2625
		fe2625MultiplyAsm(&v, a, b)
		if got, want := mod(fe2625Big(&v)), mod(new(big.Int).Mul(x, y)); got.Cmp(want) != 0 {
			t.Fatalf("%x · %x = %x (mod p), want %x", a.l, b.l, got, want)
		}
		fe2625SquareAsm(&v, a)
		if got, want := mod(fe2625Big(&v)), mod(new(big.Int).Mul(x, x)); got.Cmp(want) != 0 {
			t.Fatalf("%x² = %x (mod p), want %x", a.l, got, want)
		}
	}
}

// TestFe2625AsmAlias checks the assembly, through Multiply and Square, when
// the receiver is also an argument: all inputs are read before v is written.
func TestFe2625AsmAlias(t *testing.T) {
	r := rand.New(rand.NewPCG(2625, 3))
	for range 200 {
		a, b := randLimbs2625(r, &fe2625LooseBound), randLimbs2625(r, &fe2625Bound)
		var want fe2625
		want.multiplyGeneric(&a, &a)
		if v := a; *v.Multiply(&v, &v) != want {
			t.Fatalf("v = v·v on %x", a.l)
		}
		want.multiplyGeneric(&a, &b)
		if v := a; *v.Multiply(&v, &b) != want {
			t.Fatalf("v = v·b on %x, %x", a.l, b.l)
		}
		if v := b; *v.Multiply(&a, &v) != want {
			t.Fatalf("v = a·v on %x, %x", a.l, b.l)
		}
		want.squareGeneric(&a)
		if v := a; *v.Square(&v) != want {
			t.Fatalf("v = v² on %x", a.l)
		}
	}
}
