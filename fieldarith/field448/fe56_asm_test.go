//go:build amd64 && !purego && !curvekit_purego && !curvekit32

package field448

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/internal/asmtest"
)

// The generated assembly (zz_generated_fe56_amd64.s) must return exactly the
// limbs of the Go code (multiplyGeneric, squareGeneric, mult32Generic) on
// every input within the loose bounds, which is what the generator's bounds
// proof covers. The checks are asmtest's.

var fe56Asm = &asmtest.Impl[fe56, uint64]{
	Seed:       56,
	Random:     20000,
	BigRandom:  500,
	Bound:      fe56Bound[:],
	LooseBound: fe56LooseBound[:],
	Edges:      fe56EdgeStates(),
	Modulus:    testConfig.Modulus,
	Limbs:      func(v *fe56) []uint64 { return v.l[:] },
	Big:        fe56Big,
	MulAsm:     fe56MultiplyAsm,
	MulGo:      func(v, a, b *fe56) { v.multiplyGeneric(a, b) },
	SquareAsm:  fe56SquareAsm,
	SquareGo:   func(v, a *fe56) { v.squareGeneric(a) },
	Multiply:   (*fe56).Multiply,
	Square:     (*fe56).Square,
	Mult32Asm:  fe56Mult32Asm,
	Mult32Go:   func(v, a *fe56, y uint32) { v.mult32Generic(a, y) },
	Mult32:     (*fe56).Mult32,
}

// randLimbs returns limbs uniformly distributed in [0, bound[k]].
func randLimbs(r *rand.Rand, bound *[8]uint64) fe56 {
	var v fe56
	asmtest.RandLimbs(r, v.l[:], bound[:])
	return v
}

func TestFe56AsmRandom(t *testing.T) { fe56Asm.TestRandom(t) }

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

func TestFe56AsmEdges(t *testing.T) { fe56Asm.TestEdges(t) }

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
func TestFe56AsmBig(t *testing.T) { fe56Asm.TestBig(t) }

// TestFe56AsmAlias checks the assembly, through Multiply, Square and Mult32,
// when the receiver is also an argument.
func TestFe56AsmAlias(t *testing.T) { fe56Asm.TestAlias(t) }

// TestAssembly checks that Assembly names the assembly this build runs.
func TestAssembly(t *testing.T) {
	if Backend == "64-bit" && Assembly() == "" {
		t.Fatal("Assembly() is empty on amd64 with the 64-bit backend")
	}
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
		fe56Asm.CheckFuzz(t, raw[0][:], raw[1][:])
	})
}

// BenchmarkFe56Asm times the assembly and the Go code it replaces on amd64
// interleaved (benchutil.Compare; circl's math/fp448 is set beside Element in
// the interop module's benchmark of the same name), each contender a chain of 100 dependent
// operations on its own accumulator (cpu-ns are per 100 operations).
func BenchmarkFe56Asm(b *testing.B) {
	x0 := new(fe56)
	x0.SetBytes(benchX)
	fe56Asm.Bench(b, x0)
}
