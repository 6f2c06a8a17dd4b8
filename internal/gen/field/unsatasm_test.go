package field

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/amd64sim"
)

// TestUnsatAsm runs the generated assembly of every asm representation on
// loose inputs (random, at the bounds, zero), with and without aliasing, and
// checks the result against math/big and the tight bounds.
func TestUnsatAsm(t *testing.T) {
	for _, f := range unsatFields {
		for _, r := range f.reps {
			if !r.asm {
				continue
			}
			files, err := r.asmGenerate()
			if err != nil {
				t.Fatal(err)
			}
			var src string
			for name, b := range files {
				if strings.HasSuffix(name, ".s") {
					src = string(b)
				}
			}
			n := r.n()
			value := func(l []uint64) *big.Int {
				v := new(big.Int)
				for k := range l {
					v.Add(v, new(big.Int).Lsh(new(big.Int).SetUint64(l[k]), uint(r.off[k])))
				}
				return v
			}
			lb := make([]uint64, n)
			for k := range lb {
				lb[k] = r.lbound[k].Uint64()
			}
			rnd := rand.New(rand.NewPCG(1, 2))
			inputs := [][]uint64{lb, make([]uint64, n)}
			for range 300 {
				l := make([]uint64, n)
				for k := range l {
					l[k] = rnd.Uint64N(lb[k] + 1)
				}
				inputs = append(inputs, l)
			}
			prog, err := amd64sim.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			m := amd64sim.New(prog)
			for i, a := range inputs {
				b := inputs[(i*7+1)%len(inputs)]
				for _, fn := range r.asmFuncs() {
					for _, alias := range []bool{false, true} {
						pa, pb, pv := m.Words(a...), m.Words(b...), m.Alloc(8*n)
						want := new(big.Int).Mul(value(a), value(b))
						if fn.square || alias {
							want = new(big.Int).Mul(value(a), value(a))
						}
						if alias {
							pv, pb = pa, pa
						}
						args := []uint64{pv, pa, pb}
						if fn.square {
							args = args[:2]
						}
						if fn.loop {
							// n squarings: want = a^(2^n).
							sq := 1 + i%3
							args = append(args, uint64(sq))
							want = new(big.Int).Exp(value(a), new(big.Int).Lsh(big.NewInt(1), uint(sq)), f.p)
						}
						if fn.mult32 {
							// y+16(FP) is the value itself; the high word
							// of its slot is junk, as on the stack.
							y := uint64(rnd.Uint32())
							if i < 2 {
								y = 0xffffffff
							}
							args = append(args[:2], y|0xdead<<32)
							want = new(big.Int).Mul(value(a), new(big.Int).SetUint64(y))
						}
						if err := m.Call(fn.name, args...); err != nil {
							t.Fatalf("%s: %v", fn.name, err)
						}
						out, err := m.ReadWords(pv, n)
						if err != nil {
							t.Fatalf("%s: %v", fn.name, err)
						}
						for k := range out {
							if new(big.Int).SetUint64(out[k]).Cmp(r.bound[k]) > 0 {
								t.Fatalf("%s(%x, %x): limb %d = %#x exceeds its bound", fn.name, a, b, k, out[k])
							}
						}
						got := value(out)
						if got.Sub(got, want).Mod(got, f.p).Sign() != 0 {
							t.Fatalf("%s(%x, %x, alias %v) is wrong", fn.name, a, b, alias)
						}
					}
				}
			}
		}
	}
}
