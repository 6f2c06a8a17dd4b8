//go:build amd64 && !purego && !curvekit_purego && !curvekit32

package field25519

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/fieldarith/internal/asmtest"
)

// The generated assembly (zz_generated_fe51_amd64.s) must return exactly the
// limbs of the Go code (multiplyGeneric, squareGeneric) on every input within
// the loose bounds, which is what the generator's bounds proof covers. The
// checks are asmtest's.

var fe51Asm = &asmtest.Impl[fe51, uint64]{
	Seed:       51,
	Random:     20000,
	BigRandom:  500,
	Bound:      fe51Bound[:],
	LooseBound: fe51LooseBound[:],
	Edges:      fe51EdgeStates(),
	Modulus:    testConfig.Modulus,
	Limbs:      func(v *fe51) []uint64 { return v.l[:] },
	Big:        fe51Big,
	MulAsm:     fe51MultiplyAsm,
	MulGo:      func(v, a, b *fe51) { v.multiplyGeneric(a, b) },
	SquareAsm:  fe51SquareAsm,
	SquareGo:   func(v, a *fe51) { v.squareGeneric(a) },
	Multiply:   (*fe51).Multiply,
	Square:     (*fe51).Square,
}

// randLimbs returns limbs uniformly distributed in [0, bound[k]].
func randLimbs(r *rand.Rand, bound *[5]uint64) fe51 {
	var v fe51
	asmtest.RandLimbs(r, v.l[:], bound[:])
	return v
}

func TestFe51AsmRandom(t *testing.T) { fe51Asm.TestRandom(t) }

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

func TestFe51AsmEdges(t *testing.T) { fe51Asm.TestEdges(t) }

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
func TestFe51AsmBig(t *testing.T) { fe51Asm.TestBig(t) }

// TestFe51AsmAlias checks the assembly, through Multiply and Square, when
// the receiver is also an argument.
func TestFe51AsmAlias(t *testing.T) { fe51Asm.TestAlias(t) }

func FuzzMultiplyAsm(f *testing.F) {
	f.Add(uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0), uint64(0))
	f.Add(fe51LooseBound[0], fe51LooseBound[1], fe51LooseBound[2], fe51LooseBound[3], fe51LooseBound[4],
		fe51LooseBound[0], fe51LooseBound[1], fe51LooseBound[2], fe51LooseBound[3], fe51LooseBound[4])
	f.Add(uint64(1<<51-19), uint64(1<<51-1), uint64(1<<51-1), uint64(1<<51-1), uint64(1<<51-1),
		uint64(1<<51-20), uint64(1<<51-1), uint64(1<<51-1), uint64(1<<51-1), uint64(1<<51-1))
	f.Add(^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), ^uint64(0), uint64(1), uint64(2), uint64(3), uint64(4), uint64(5))
	f.Fuzz(func(t *testing.T, a0, a1, a2, a3, a4, b0, b1, b2, b3, b4 uint64) {
		raw := [2][5]uint64{{a0, a1, a2, a3, a4}, {b0, b1, b2, b3, b4}}
		fe51Asm.CheckFuzz(t, raw[0][:], raw[1][:])
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
	fe51Asm.Bench(b, x0)
}
