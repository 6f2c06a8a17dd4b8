//go:build amd64 && !purego && !curvekit_purego && !curvekit32

package field25519

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// The generated assembly (zz_generated_fe51_amd64.s) must return exactly the
// limbs of the Go code (multiplyGeneric, squareGeneric) on every input within
// the loose bounds, which is what the generator's bounds proof covers.

// randLimbs returns limbs uniformly distributed in [0, bound[k]].
func randLimbs(r *rand.Rand, bound *[5]uint64) fe51 {
	var v fe51
	for k := range v.l {
		v.l[k] = r.Uint64N(bound[k] + 1)
	}
	return v
}

// checkMulAsm compares Multiply's assembly with multiplyGeneric on a·b.
func checkMulAsm(t *testing.T, what string, a, b *fe51) {
	t.Helper()
	var got, want fe51
	fe51MultiplyAsm(&got, a, b)
	want.multiplyGeneric(a, b)
	if got != want {
		t.Fatalf("%s: %x · %x: asm %x, generic %x", what, a.l, b.l, got.l, want.l)
	}
	if !got.checkBounds() {
		t.Fatalf("%s: %x · %x: output %x out of bounds", what, a.l, b.l, got.l)
	}
}

// checkSquareAsm compares Square's assembly with squareGeneric on a².
func checkSquareAsm(t *testing.T, what string, a *fe51) {
	t.Helper()
	var got, want fe51
	fe51SquareAsm(&got, a)
	want.squareGeneric(a)
	if got != want {
		t.Fatalf("%s: %x²: asm %x, generic %x", what, a.l, got.l, want.l)
	}
	if !got.checkBounds() {
		t.Fatalf("%s: %x²: output %x out of bounds", what, a.l, got.l)
	}
}

func TestFe51AsmRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		// Tight operands.
		a, b := randLimbs(r, &fe51Bound), randLimbs(r, &fe51Bound)
		checkMulAsm(t, "tight·tight", &a, &b)
		checkSquareAsm(t, "tight²", &a)
		// Loose operands, as MultiplyLoose, MultiplyLooseTight and SquareLoose pass them.
		la, lb := randLimbs(r, &fe51LooseBound), randLimbs(r, &fe51LooseBound)
		checkMulAsm(t, "loose·loose", &la, &lb)
		checkMulAsm(t, "loose·tight", &la, &b)
		checkMulAsm(t, "tight·loose", &a, &lb)
		checkSquareAsm(t, "loose²", &la)
	}
}

// fe51EdgeStates lists limb states at the edges of the tight and loose bounds.
func fe51EdgeStates() []fe51 {
	const m = 1<<51 - 1
	p := fe51{l: [5]uint64{m - 18, m, m, m, m}}
	var states []fe51
	add := func(f func(k int) uint64) {
		var v fe51
		for k := range v.l {
			v.l[k] = f(k)
		}
		states = append(states, v)
	}
	add(func(k int) uint64 { return 0 })
	add(func(k int) uint64 { return fe51LooseBound[k] })                         // every limb at its loose maximum
	add(func(k int) uint64 { return fe51Bound[k] })                              // every limb at its tight maximum
	add(func(k int) uint64 { return p.l[k] })                                    // p
	add(func(k int) uint64 { return p.l[k] - boolU(k == 0) })                    // p − 1
	add(func(k int) uint64 { return p.l[k] + boolU(k == 0) })                    // p + 1
	add(func(k int) uint64 { return 2 * p.l[k] })                                // 2p, limb by limb (what Loose.Subtract adds)
	add(func(k int) uint64 { return 2*p.l[k] + fe51Bound[k] })                   // 2p + the largest tight limbs
	add(func(k int) uint64 { return 3 * p.l[k] })                                // 3p, limb by limb
	add(func(k int) uint64 { return m })                                         // 2^255 − 1
	add(func(k int) uint64 { return m + 1 })                                     // every limb at the carry boundary
	add(func(k int) uint64 { return 1 })                                         // Σ 2^(51k)
	add(func(k int) uint64 { return fe51LooseBound[k] - boolU(k == 0) })         // loose maximum − 1
	add(func(k int) uint64 { return fe51LooseBound[k] &^ m })                    // high bits only
	add(func(k int) uint64 { return fe51LooseBound[k] * uint64(k%2) })           // alternate limbs
	add(func(k int) uint64 { return fe51LooseBound[k] * uint64((k+1)%2) })       // the others
	add(func(k int) uint64 { return fe51LooseBound[k] * boolU(k == 4) })         // only the top limb
	add(func(k int) uint64 { return fe51LooseBound[k] * boolU(k == 0) })         // only the bottom limb
	add(func(k int) uint64 { return fe51Bound[k] + (fe51LooseBound[k]-m)/2 })    // between the bounds
	add(func(k int) uint64 { return [5]uint64{19, 0, 0, 0, 1 << 50}[k] })        // 2^254 + 19
	add(func(k int) uint64 { return [5]uint64{m, 0, m, 0, m}[k] })               // sparse
	add(func(k int) uint64 { return [5]uint64{0x5555555555555, m, 2, m, 7}[k] }) // irregular
	return states
}

func TestFe51AsmEdges(t *testing.T) {
	states := fe51EdgeStates()
	for i := range states {
		a := &states[i]
		if a.l[0] > fe51LooseBound[0] || a.l[1] > fe51LooseBound[1] || a.l[2] > fe51LooseBound[2] ||
			a.l[3] > fe51LooseBound[3] || a.l[4] > fe51LooseBound[4] {
			t.Fatalf("edge state %x exceeds the loose bounds", a.l)
		}
		checkSquareAsm(t, "edge²", a)
		for j := range states {
			checkMulAsm(t, "edge·edge", a, &states[j])
		}
	}
}

// fe51Big is Σ l[k]·2^(51k), not reduced.
func fe51Big(v *fe51) *big.Int {
	x := new(big.Int)
	for k := 4; k >= 0; k-- {
		x.Lsh(x, 51)
		x.Add(x, new(big.Int).SetUint64(v.l[k]))
	}
	return x
}

// TestFe51AsmBig checks the assembly against math/big, independently of the Go code.
func TestFe51AsmBig(t *testing.T) {
	p := testConfig.Modulus
	r := rand.New(rand.NewPCG(51, 2))
	states := fe51EdgeStates()
	for range 500 {
		states = append(states, randLimbs(r, &fe51LooseBound), randLimbs(r, &fe51Bound))
	}
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	for i := range states {
		a, b := &states[i], &states[(i*7+3)%len(states)]
		x, y := fe51Big(a), fe51Big(b)
		var v fe51
		fe51MultiplyAsm(&v, a, b)
		if got, want := mod(fe51Big(&v)), mod(new(big.Int).Mul(x, y)); got.Cmp(want) != 0 {
			t.Fatalf("%x · %x = %x (mod p), want %x", a.l, b.l, got, want)
		}
		fe51SquareAsm(&v, a)
		if got, want := mod(fe51Big(&v)), mod(new(big.Int).Mul(x, x)); got.Cmp(want) != 0 {
			t.Fatalf("%x² = %x (mod p), want %x", a.l, got, want)
		}
	}
}

// TestFe51AsmAlias checks the assembly, through Multiply and Square, when
// the receiver is also an argument: all inputs are read before v is written.
func TestFe51AsmAlias(t *testing.T) {
	r := rand.New(rand.NewPCG(51, 3))
	for range 200 {
		a, b := randLimbs(r, &fe51LooseBound), randLimbs(r, &fe51Bound)
		var want fe51
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

// clampLoose maps arbitrary words into the loose bounds.
func clampLoose(l [5]uint64, bound *[5]uint64) fe51 {
	var v fe51
	for k := range v.l {
		v.l[k] = l[k] % (bound[k] + 1)
	}
	return v
}

func FuzzMultiplyAsm(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0))
	f.Add(fe51LooseBound[0], fe51LooseBound[1], fe51LooseBound[2], fe51LooseBound[3], fe51LooseBound[4],
		fe51LooseBound[0], fe51LooseBound[1], fe51LooseBound[2], fe51LooseBound[3], fe51LooseBound[4])
	f.Add(uint64(1<<51-19), uint64(1<<51-1), uint64(1<<51-1), uint64(1<<51-1), uint64(1<<51-1),
		uint64(1<<51-20), uint64(1<<51-1), uint64(1<<51-1), uint64(1<<51-1), uint64(1<<51-1))
	f.Add(^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), uint64(1), uint64(2), uint64(3), uint64(4), uint64(5))
	f.Fuzz(func(t *testing.T, a0, a1, a2, a3, a4, b0, b1, b2, b3, b4 uint64) {
		raw := [2][5]uint64{{a0, a1, a2, a3, a4}, {b0, b1, b2, b3, b4}}
		a, b := clampLoose(raw[0], &fe51LooseBound), clampLoose(raw[1], &fe51LooseBound)
		tb := clampLoose(raw[1], &fe51Bound)
		checkMulAsm(t, "loose·loose", &a, &b)
		checkMulAsm(t, "loose·tight", &a, &tb)
		checkSquareAsm(t, "loose²", &a)
		checkSquareAsm(t, "tight²", &tb)
	})
}

// BenchmarkFe51Asm times the assembly and the Go code it replaces on amd64
// interleaved (benchutil.Compare; filippo's assembly is set beside Element in
// the interop module's benchmark of the same name),
// each contender a chain of 100 dependent operations on its own accumulator
// (cpu-ns are per 100 operations).
func BenchmarkFe51Asm(b *testing.B) {
	x0 := new(fe51)
	x0.SetBytes(benchX)
	c := func(name string, f func()) benchutil.Contender {
		return benchutil.Contender{Name: name, F: func() {
			for range 100 {
				f()
			}
		}}
	}
	b.Run("Multiply", func(b *testing.B) {
		x, y := *x0, *x0
		benchutil.Compare(b,
			c("asm", func() { fe51MultiplyAsm(&x, &x, &x) }),
			c("generic", func() { y.multiplyGeneric(&y, &y) }))
	})
	b.Run("Square", func(b *testing.B) {
		x, y := *x0, *x0
		benchutil.Compare(b,
			c("asm", func() { fe51SquareAsm(&x, &x) }),
			c("generic", func() { y.squareGeneric(&y) }))
	})
}
