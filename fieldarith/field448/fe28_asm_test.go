//go:build (arm || 386) && !purego && !curvekit_purego

package field448

import (
	"math/big"
	"math/rand/v2"
	"runtime"
	"strings"
	"testing"
)

// The generated assembly (zz_generated_fe28_arm.s, _386.s) must return
// exactly the limbs of the Go code (multiplyGeneric, squareGeneric) on
// every input within the loose bounds, which is what the generator's bounds
// proof covers. CI runs these tests under qemu for arm and 386. Each check
// takes the implementations it compares as arguments.

// fe28MulImpl and fe28SquareImpl are a Multiply and a Square under test.
type (
	fe28MulImpl    func(v, a, b *fe28)
	fe28SquareImpl func(v, a *fe28)
)

var (
	fe28MulAsm        fe28MulImpl    = fe28MultiplyAsm
	fe28SquareAsmImpl fe28SquareImpl = fe28SquareAsm
	fe28MulGo         fe28MulImpl    = func(v, a, b *fe28) { v.multiplyGeneric(a, b) }
	fe28SquareGo      fe28SquareImpl = func(v, a *fe28) { v.squareGeneric(a) }
)

// randLimbs28 returns limbs uniformly distributed in [0, bound[k]].
func randLimbs28(r *rand.Rand, bound *[16]uint32) fe28 {
	var v fe28
	for k := range v.l {
		v.l[k] = r.Uint32N(bound[k] + 1)
	}
	return v
}

// checkMul28 compares mul with ref on a·b, and mul's output with the bounds.
func checkMul28(t *testing.T, what string, mul, ref fe28MulImpl, a, b *fe28) {
	t.Helper()
	var got, want fe28
	mul(&got, a, b)
	ref(&want, a, b)
	if got != want {
		t.Fatalf("%s: %x · %x: %x, reference %x", what, a.l, b.l, got.l, want.l)
	}
	if !got.checkBounds() {
		t.Fatalf("%s: %x · %x: output %x out of bounds", what, a.l, b.l, got.l)
	}
}

// checkSquare28 compares sq with ref on a², and sq's output with the bounds.
func checkSquare28(t *testing.T, what string, sq, ref fe28SquareImpl, a *fe28) {
	t.Helper()
	var got, want fe28
	sq(&got, a)
	ref(&want, a)
	if got != want {
		t.Fatalf("%s: %x²: %x, reference %x", what, a.l, got.l, want.l)
	}
	if !got.checkBounds() {
		t.Fatalf("%s: %x²: output %x out of bounds", what, a.l, got.l)
	}
}

func testFe28Random(t *testing.T, mul fe28MulImpl, sq fe28SquareImpl) {
	r := rand.New(rand.NewPCG(28, 1))
	n := 3000
	if testing.Short() {
		n = 300
	}
	for range n {
		a, b := randLimbs28(r, &fe28Bound), randLimbs28(r, &fe28Bound)
		checkMul28(t, "tight·tight", mul, fe28MulGo, &a, &b)
		checkSquare28(t, "tight²", sq, fe28SquareGo, &a)
		la, lb := randLimbs28(r, &fe28LooseBound), randLimbs28(r, &fe28LooseBound)
		checkMul28(t, "loose·loose", mul, fe28MulGo, &la, &lb)
		checkMul28(t, "loose·tight", mul, fe28MulGo, &la, &b)
		checkMul28(t, "tight·loose", mul, fe28MulGo, &a, &lb)
		checkSquare28(t, "loose²", sq, fe28SquareGo, &la)
	}
}

func TestFe28AsmRandom(t *testing.T) { testFe28Random(t, fe28MulAsm, fe28SquareAsmImpl) }

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

func testFe28Edges(t *testing.T, mul fe28MulImpl, sq fe28SquareImpl) {
	states := fe28EdgeStates()
	for i := range states {
		a := &states[i]
		if !(*fe28Loose)(a).checkBounds() {
			t.Fatalf("edge state %x exceeds the loose bounds", a.l)
		}
		checkSquare28(t, "edge²", sq, fe28SquareGo, a)
		for j := range states {
			checkMul28(t, "edge·edge", mul, fe28MulGo, a, &states[j])
		}
	}
}

func TestFe28AsmEdges(t *testing.T) { testFe28Edges(t, fe28MulAsm, fe28SquareAsmImpl) }

// fe28Big is Σ l[k]·2^28k, not reduced.
func fe28Big(v *fe28) *big.Int {
	x := new(big.Int)
	for k, l := range v.l {
		x.Add(x, new(big.Int).Lsh(big.NewInt(int64(l)), uint(28*k)))
	}
	return x
}

// testFe28Big checks mul and sq against math/big, independently of the Go code.
func testFe28Big(t *testing.T, mul fe28MulImpl, sq fe28SquareImpl) {
	p := testConfig.Modulus
	r := rand.New(rand.NewPCG(28, 2))
	states := fe28EdgeStates()
	for range 300 {
		states = append(states, randLimbs28(r, &fe28LooseBound), randLimbs28(r, &fe28Bound))
	}
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	for i := range states {
		a, b := &states[i], &states[(i*7+3)%len(states)]
		x, y := fe28Big(a), fe28Big(b)
		var v fe28
		mul(&v, a, b)
		if got, want := mod(fe28Big(&v)), mod(new(big.Int).Mul(x, y)); got.Cmp(want) != 0 {
			t.Fatalf("%x · %x = %x (mod p), want %x", a.l, b.l, got, want)
		}
		sq(&v, a)
		if got, want := mod(fe28Big(&v)), mod(new(big.Int).Mul(x, x)); got.Cmp(want) != 0 {
			t.Fatalf("%x² = %x (mod p), want %x", a.l, got, want)
		}
	}
}

func TestFe28AsmBig(t *testing.T) { testFe28Big(t, fe28MulAsm, fe28SquareAsmImpl) }

// TestFe28GoBig holds the reference to math/big as well.
func TestFe28GoBig(t *testing.T) { testFe28Big(t, fe28MulGo, fe28SquareGo) }

// testFe28Alias checks mul and sq when the receiver is also an argument:
// all inputs are read before v is written.
func testFe28Alias(t *testing.T, mul fe28MulImpl, sq fe28SquareImpl) {
	r := rand.New(rand.NewPCG(28, 3))
	for range 200 {
		a, b := randLimbs28(r, &fe28LooseBound), randLimbs28(r, &fe28Bound)
		var want fe28
		fe28MulGo(&want, &a, &a)
		if v := a; func() fe28 { mul(&v, &v, &v); return v }() != want {
			t.Fatalf("v = v·v on %x", a.l)
		}
		fe28MulGo(&want, &a, &b)
		if v := a; func() fe28 { mul(&v, &v, &b); return v }() != want {
			t.Fatalf("v = v·b on %x, %x", a.l, b.l)
		}
		if v := b; func() fe28 { mul(&v, &a, &v); return v }() != want {
			t.Fatalf("v = a·v on %x, %x", a.l, b.l)
		}
		fe28SquareGo(&want, &a)
		if v := a; func() fe28 { sq(&v, &v); return v }() != want {
			t.Fatalf("v = v² on %x", a.l)
		}
	}
}

func TestFe28AsmAlias(t *testing.T) { testFe28Alias(t, fe28MulAsm, fe28SquareAsmImpl) }

// TestFe28Dispatch runs the alias and edge checks through Multiply and
// Square, which this build must route to the assembly, and checks that
// Assembly names it.
func TestFe28Dispatch(t *testing.T) {
	mul := func(v, a, b *fe28) { v.Multiply(a, b) }
	sq := func(v, a *fe28) { v.Square(a) }
	testFe28Alias(t, mul, sq)
	testFe28Edges(t, mul, sq)
	if a := Assembly(); !strings.HasPrefix(a, runtime.GOARCH+" ") || !strings.Contains(a, "Multiply, Square") {
		t.Fatalf("Assembly() = %q on %s", a, runtime.GOARCH)
	}
}
