package field

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/amd64sim"
)

// TestMontAsm runs the generated assembly of every Asm field (4 limbs for
// P-256's fields, 6 for P-384's) on edge and random inputs, with and
// without aliasing, against math/big: Mul is a·b·R⁻¹ mod m for a < R,
// b < m; Square a²·R⁻¹ mod m for a < m; both fully reduced, so equal to
// the Go code's Mul and Square limb for limb (mont_test.go and the
// packages' tests hold those to math/big). The edges are 0, 1, 2, m − 2,
// m − 1, every limb all ones alone and every run of all-ones limbs from
// the bottom (the carries through every limb), and for a also m, m + 1,
// R − m, R/2, R − 2 and R − 1.
func TestMontAsm(t *testing.T) {
	ran := 0
	sizes := map[int]bool{}
	for _, f := range montFields {
		if !montAsmOn(f) {
			continue
		}
		ran++
		sizes[f.Size/8] = true
		files, err := montAsmGenerate(f)
		if err != nil {
			t.Fatal(err)
		}
		src := string(files[f.Pkg+"/zz_generated_elem64_amd64.s"])
		m := f.Modulus
		n := f.Size / 8
		R := new(big.Int).Lsh(big.NewInt(1), uint(64*n))
		Ri := new(big.Int).ModInverse(R, m)
		one := big.NewInt(1)
		edges := []*big.Int{big.NewInt(0), one, big.NewInt(2), new(big.Int).Sub(m, one), new(big.Int).Sub(m, big.NewInt(2))}
		ones := new(big.Int).Sub(new(big.Int).Lsh(one, 64), one)
		for i := 0; i < n; i++ {
			limb := new(big.Int).Lsh(ones, uint(64*i))
			run := new(big.Int).Sub(new(big.Int).Lsh(one, uint(64*(i+1))), one)
			for _, v := range []*big.Int{limb, run} {
				if v.Cmp(m) < 0 {
					edges = append(edges, v)
				}
			}
		}
		wide := append(edges[:len(edges):len(edges)], m, new(big.Int).Add(m, one), new(big.Int).Sub(R, m),
			new(big.Int).Rsh(R, 1), new(big.Int).Sub(R, big.NewInt(2)), new(big.Int).Sub(R, one))
		rng := rand.New(rand.NewPCG(7, 8))
		rnd := func(bound *big.Int) *big.Int {
			b := make([]byte, 8*n+8)
			for i := range b {
				b[i] = byte(rng.Uint32())
			}
			return new(big.Int).Mod(new(big.Int).SetBytes(b), bound)
		}
		type pair struct {
			a, b *big.Int
			once bool // no aliased run, and Square only when b = 0
		}
		var cases []pair
		for _, a := range wide {
			for _, b := range edges {
				cases = append(cases, pair{a, b, false})
			}
		}
		// The limb grid: every value whose limbs are 0 or all ones, and
		// m − 1 − v for each such v below m; a wide a against them fires
		// the rows' top carries (b near m keeps the high limbs all ones).
		var grid []*big.Int
		for i := 0; i < 1<<n; i++ {
			v := new(big.Int)
			for k := 0; k < n; k++ {
				if i>>k&1 == 1 {
					v.Or(v, new(big.Int).Lsh(ones, uint(64*k)))
				}
			}
			grid = append(grid, v)
			if v.Cmp(m) < 0 {
				grid = append(grid, new(big.Int).Sub(new(big.Int).Sub(m, one), v))
			}
		}
		for _, a := range append(wide, grid...) {
			for _, b := range grid {
				if b.Cmp(m) < 0 && (a.Cmp(m) >= 0 || rng.IntN(32) == 0) {
					cases = append(cases, pair{a, b, true})
				}
			}
		}
		for range 300 {
			cases = append(cases, pair{rnd(R), rnd(m), false}, pair{rnd(m), rnd(m), false})
		}
		limbs := func(x *big.Int) []uint64 { return montLimbs(x, 64, n) }
		prog, err := amd64sim.Parse(src)
		if err != nil {
			t.Fatal(err)
		}
		mm := amd64sim.New(prog)
		for _, c := range cases {
			for _, sq := range []bool{false, true} {
				if sq && (c.a.Cmp(m) >= 0 || c.once && c.b.Sign() != 0) {
					continue
				}
				for _, alias := range []bool{false, true} {
					if alias && c.once {
						continue
					}
					pa, pb, out := mm.Words(limbs(c.a)...), mm.Words(limbs(c.b)...), mm.Alloc(8*n)
					if alias {
						out = pa
					}
					name, y, args := "elem64MulAsm", c.b, []uint64{out, pa, pb}
					if sq {
						name, y, args = "elem64SquareAsm", c.a, args[:2]
					}
					if err := mm.Call(name, args...); err != nil {
						t.Fatalf("%s %s: %v", f.Pkg, name, err)
					}
					words, err := mm.ReadWords(out, n)
					if err != nil {
						t.Fatalf("%s %s: %v", f.Pkg, name, err)
					}
					got := new(big.Int)
					for k := n - 1; k >= 0; k-- {
						got.Lsh(got, 64).Or(got, new(big.Int).SetUint64(words[k]))
					}
					want := new(big.Int).Mul(c.a, y)
					want.Mul(want, Ri).Mod(want, m)
					if got.Cmp(want) != 0 {
						t.Fatalf("%s %s(%x, %x), alias %v: %x, want %x", f.Pkg, name, c.a, y, alias, got, want)
					}
				}
			}
		}
	}
	if ran == 0 {
		t.Fatal("no field is marked Asm")
	}
	for _, n := range []int{4, 6} {
		if !sizes[n] {
			t.Errorf("no %d-limb field is marked Asm: the %d-limb emitter is not checked", n, n)
		}
	}
}
