//go:build amd64 && !purego && !curvekit_purego && !curvekit32

package field448

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// The generated assembly (zz_generated_fe56_amd64.s) must return exactly the
// limbs of the Go code (multiplyGeneric, squareGeneric) on every input within
// the loose bounds, which is what the generator's bounds proof covers.

// randLimbs returns limbs uniformly distributed in [0, bound[k]].
func randLimbs(r *rand.Rand, bound *[8]uint64) fe56 {
	var v fe56
	for k := range v.l {
		v.l[k] = r.Uint64N(bound[k] + 1)
	}
	return v
}

// checkMulAsm compares Multiply's assembly with multiplyGeneric on a·b.
func checkMulAsm(t *testing.T, what string, a, b *fe56) {
	t.Helper()
	var got, want fe56
	fe56MultiplyAsm(&got, a, b)
	want.multiplyGeneric(a, b)
	if got != want {
		t.Fatalf("%s: %x · %x: asm %x, generic %x", what, a.l, b.l, got.l, want.l)
	}
	if !got.checkBounds() {
		t.Fatalf("%s: %x · %x: output %x out of bounds", what, a.l, b.l, got.l)
	}
}

// checkSquareAsm compares Square's assembly with squareGeneric on a².
func checkSquareAsm(t *testing.T, what string, a *fe56) {
	t.Helper()
	var got, want fe56
	fe56SquareAsm(&got, a)
	want.squareGeneric(a)
	if got != want {
		t.Fatalf("%s: %x²: asm %x, generic %x", what, a.l, got.l, want.l)
	}
	if !got.checkBounds() {
		t.Fatalf("%s: %x²: output %x out of bounds", what, a.l, got.l)
	}
}

// checkMult32Asm compares Mult32's assembly with mult32Generic on a·y.
func checkMult32Asm(t *testing.T, what string, a *fe56, y uint32) {
	t.Helper()
	var got, want fe56
	fe56Mult32Asm(&got, a, y)
	want.mult32Generic(a, y)
	if got != want {
		t.Fatalf("%s: %x · %d: asm %x, generic %x", what, a.l, y, got.l, want.l)
	}
	if !got.checkBounds() {
		t.Fatalf("%s: %x · %d: output %x out of bounds", what, a.l, y, got.l)
	}
}

// mult32Edges are multipliers at the edges: 0, 1, X448's a24, 2^31, 2^32 − 1.
var mult32Edges = []uint32{0, 1, 2, 39081, 1 << 31, 1<<32 - 1}

func TestFe56AsmRandom(t *testing.T) {
	r := rand.New(rand.NewPCG(56, 1))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		a, b := randLimbs(r, &fe56Bound), randLimbs(r, &fe56Bound)
		checkMulAsm(t, "tight·tight", &a, &b)
		checkSquareAsm(t, "tight²", &a)
		// Loose operands, as MultiplyLoose, MultiplyLooseTight and SquareLoose pass them.
		la, lb := randLimbs(r, &fe56LooseBound), randLimbs(r, &fe56LooseBound)
		checkMulAsm(t, "loose·loose", &la, &lb)
		checkMulAsm(t, "loose·tight", &la, &b)
		checkMulAsm(t, "tight·loose", &a, &lb)
		checkSquareAsm(t, "loose²", &la)
		y := r.Uint32()
		checkMult32Asm(t, "tight·y", &a, y)
		checkMult32Asm(t, "loose·y", &la, y)
	}
}

// fe56EdgeStates lists limb states at the edges of the tight and loose bounds.
func fe56EdgeStates() []fe56 {
	const m = 1<<56 - 1
	// p = (2^448 − 1) − 2^224: limb 4 (bits 224…279) is m − 1, the others m.
	p := fe56{l: [8]uint64{m, m, m, m, m - 1, m, m, m}}
	var states []fe56
	add := func(f func(k int) uint64) {
		var v fe56
		for k := range v.l {
			v.l[k] = f(k)
		}
		states = append(states, v)
	}
	add(func(k int) uint64 { return 0 })
	add(func(k int) uint64 { return fe56LooseBound[k] })                      // every limb at its loose maximum
	add(func(k int) uint64 { return fe56Bound[k] })                           // every limb at its tight maximum
	add(func(k int) uint64 { return p.l[k] })                                 // p
	add(func(k int) uint64 { return p.l[k] - boolU(k == 0) })                 // p − 1
	add(func(k int) uint64 { return p.l[k] + boolU(k == 0) })                 // p + 1
	add(func(k int) uint64 { return 2 * p.l[k] })                             // 2p, limb by limb (what Loose.Subtract adds)
	add(func(k int) uint64 { return 2*p.l[k] + fe56Bound[k] })                // 2p + the largest tight limbs
	add(func(k int) uint64 { return m })                                      // 2^448 − 1
	add(func(k int) uint64 { return m + 1 })                                  // every limb at the carry boundary
	add(func(k int) uint64 { return 1 })                                      // Σ 2^(56k)
	add(func(k int) uint64 { return fe56LooseBound[k] - boolU(k == 0) })      // loose maximum − 1
	add(func(k int) uint64 { return fe56LooseBound[k] &^ m })                 // high bits only
	add(func(k int) uint64 { return fe56LooseBound[k] * uint64(k%2) })        // alternate limbs
	add(func(k int) uint64 { return fe56LooseBound[k] * uint64((k+1)%2) })    // the others
	add(func(k int) uint64 { return fe56LooseBound[k] * boolU(k >= 4) })      // only the top half (the Karatsuba split)
	add(func(k int) uint64 { return fe56LooseBound[k] * boolU(k < 4) })       // only the bottom half
	add(func(k int) uint64 { return fe56LooseBound[k] * boolU(k == 7) })      // only the top limb
	add(func(k int) uint64 { return fe56LooseBound[k] * boolU(k == 3) })      // only limb 3 (its carry crosses 2^224)
	add(func(k int) uint64 { return fe56Bound[k] + (fe56LooseBound[k]-m)/2 }) // between the bounds
	add(func(k int) uint64 { return [8]uint64{0, 0, 0, 0, 1, 0, 0, 0}[k] })   // 2^224
	add(func(k int) uint64 { return [8]uint64{m, 0, m, 0, m, 0, m, 0}[k] })   // sparse
	add(func(k int) uint64 { return [8]uint64{0x55555555555555, m, 2, m, 7, 0xaaaaaaaaaaaaaa, 0, m}[k] })
	return states
}

func TestFe56AsmEdges(t *testing.T) {
	states := fe56EdgeStates()
	for i := range states {
		a := &states[i]
		for k := range a.l {
			if a.l[k] > fe56LooseBound[k] {
				t.Fatalf("edge state %x exceeds the loose bounds", a.l)
			}
		}
		checkSquareAsm(t, "edge²", a)
		for _, y := range mult32Edges {
			checkMult32Asm(t, "edge·y", a, y)
		}
		for j := range states {
			checkMulAsm(t, "edge·edge", a, &states[j])
		}
	}
}

// fe56Big is Σ l[k]·2^(56k), not reduced.
func fe56Big(v *fe56) *big.Int {
	x := new(big.Int)
	for k := 7; k >= 0; k-- {
		x.Lsh(x, 56)
		x.Add(x, new(big.Int).SetUint64(v.l[k]))
	}
	return x
}

// TestFe56AsmBig checks the assembly against math/big, independently of the Go code.
func TestFe56AsmBig(t *testing.T) {
	p := testConfig.Modulus
	r := rand.New(rand.NewPCG(56, 2))
	states := fe56EdgeStates()
	for range 500 {
		states = append(states, randLimbs(r, &fe56LooseBound), randLimbs(r, &fe56Bound))
	}
	mod := func(x *big.Int) *big.Int { return x.Mod(x, p) }
	for i := range states {
		a, b := &states[i], &states[(i*7+3)%len(states)]
		x, y := fe56Big(a), fe56Big(b)
		var v fe56
		fe56MultiplyAsm(&v, a, b)
		if got, want := mod(fe56Big(&v)), mod(new(big.Int).Mul(x, y)); got.Cmp(want) != 0 {
			t.Fatalf("%x · %x = %x (mod p), want %x", a.l, b.l, got, want)
		}
		fe56SquareAsm(&v, a)
		if got, want := mod(fe56Big(&v)), mod(new(big.Int).Mul(x, x)); got.Cmp(want) != 0 {
			t.Fatalf("%x² = %x (mod p), want %x", a.l, got, want)
		}
		m := mult32Edges[i%len(mult32Edges)]
		if i%2 == 1 {
			m = r.Uint32()
		}
		fe56Mult32Asm(&v, a, m)
		if got, want := mod(fe56Big(&v)), mod(new(big.Int).Mul(x, big.NewInt(int64(m)))); got.Cmp(want) != 0 {
			t.Fatalf("%x · %d = %x (mod p), want %x", a.l, m, got, want)
		}
	}
}

// TestFe56AsmAlias checks the assembly, through Multiply and Square, when
// the receiver is also an argument: all inputs are read before v is written.
func TestFe56AsmAlias(t *testing.T) {
	r := rand.New(rand.NewPCG(56, 3))
	for range 200 {
		a, b := randLimbs(r, &fe56LooseBound), randLimbs(r, &fe56Bound)
		var want fe56
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
		want.mult32Generic(&a, 39081)
		if v := a; *v.Mult32(&v, 39081) != want {
			t.Fatalf("v = v·39081 on %x", a.l)
		}
	}
}

// TestAssembly checks that Assembly names the assembly this build runs.
func TestAssembly(t *testing.T) {
	if Backend == "64-bit" && Assembly() == "" {
		t.Fatal("Assembly() is empty on amd64 with the 64-bit backend")
	}
}

// clampLoose maps arbitrary words into the bounds.
func clampLoose(l [8]uint64, bound *[8]uint64) fe56 {
	var v fe56
	for k := range v.l {
		v.l[k] = l[k] % (bound[k] + 1)
	}
	return v
}

func FuzzMultiplyAsm(f *testing.F) {
	f.Add(make([]byte, 128))
	var lb []byte
	for range 2 {
		for _, x := range fe56LooseBound {
			lb = append(lb, byte(x), byte(x>>8), byte(x>>16), byte(x>>24), byte(x>>32), byte(x>>40), byte(x>>48), byte(x>>56))
		}
	}
	f.Add(lb)
	f.Fuzz(func(t *testing.T, in []byte) {
		var raw [2][8]uint64
		for i := 0; i < 16 && 8*i+8 <= len(in); i++ {
			for j := range 8 {
				raw[i/8][i%8] |= uint64(in[8*i+j]) << (8 * j)
			}
		}
		a, b := clampLoose(raw[0], &fe56LooseBound), clampLoose(raw[1], &fe56LooseBound)
		tb := clampLoose(raw[1], &fe56Bound)
		checkMulAsm(t, "loose·loose", &a, &b)
		checkMulAsm(t, "loose·tight", &a, &tb)
		checkSquareAsm(t, "loose²", &a)
		checkSquareAsm(t, "tight²", &tb)
		checkMult32Asm(t, "loose·y", &a, uint32(raw[1][0]>>32))
	})
}

// BenchmarkFe56Asm times the assembly and the Go code it replaces on amd64
// interleaved (benchutil.Compare; circl's math/fp448 is set beside Element in
// the interop module's benchmark of the same name), each contender a chain of 100 dependent
// operations on its own accumulator (cpu-ns are per 100 operations).
func BenchmarkFe56Asm(b *testing.B) {
	x0 := new(fe56)
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
			c("asm", func() { fe56MultiplyAsm(&x, &x, &x) }),
			c("generic", func() { y.multiplyGeneric(&y, &y) }))
	})
	b.Run("Mult32", func(b *testing.B) {
		x, y := *x0, *x0
		benchutil.Compare(b,
			c("asm", func() { fe56Mult32Asm(&x, &x, 39081) }),
			c("generic", func() { y.mult32Generic(&y, 39081) }))
	})
	b.Run("Square", func(b *testing.B) {
		x, y := *x0, *x0
		benchutil.Compare(b,
			c("asm", func() { fe56SquareAsm(&x, &x) }),
			c("generic", func() { y.squareGeneric(&y) }))
	})
}
