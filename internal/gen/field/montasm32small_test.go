package field

import (
	"math/big"
	"math/bits"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// montAddSubModel computes what AddBody and SubBody's Go code computes, on
// any limbs: Add keeps a + b when a + b − m borrows past the carry, else
// takes the difference; Sub adds m back when a − b borrows.
func montAddSubModel(r *montRep, a, b []uint32, sub bool) []uint32 {
	n := r.N
	t := make([]uint32, n)
	var c uint32
	for j := 0; j < n; j++ {
		if sub {
			t[j], c = bits.Sub32(a[j], b[j], c)
		} else {
			t[j], c = bits.Add32(a[j], b[j], c)
		}
	}
	if sub {
		mask := -c
		var k uint32
		for j := 0; j < n; j++ {
			t[j], k = bits.Add32(t[j], uint32(r.Mod[j])&mask, k)
		}
		return t
	}
	d := make([]uint32, n)
	var bo uint32
	for j := 0; j < n; j++ {
		d[j], bo = bits.Sub32(t[j], uint32(r.Mod[j]), bo)
	}
	if _, bo = bits.Sub32(c, 0, bo); bo == 1 {
		return t
	}
	return d
}

// TestMontAsm32SelectSwapSim runs the arm and 386 Select and Swap of the
// Montgomery representations on the interpreters (simSwapSelect) on words
// of 0, all ones, m's own and random ones.
func TestMontAsm32SelectSwapSim(t *testing.T) {
	eachMontAsm32(t, "no field has 32-bit assembly", nil, func(f *montField, r *montRep, files map[string][]byte) {
		n := r.N
		rnd := rand.New(rand.NewPCG(36, uint64(n)))
		word := func(k int) uint32 {
			switch rnd.IntN(4) {
			case 0:
				return 0
			case 1:
				return 0xffffffff
			case 2:
				return uint32(r.Mod[k])
			}
			return rnd.Uint32()
		}
		words := func(i int) (x, y []uint32) {
			x, y = make([]uint32, n), make([]uint32, n)
			for k := range x {
				x[k], y[k] = word(k), word(k)
			}
			return x, y
		}
		sel, swap := montAsm32SelectNames(r)
		base := f.Pkg + "/zz_generated_elem32"
		simSwapSelect(t, files, base, sel, true, n, 100, words)
		simSwapSelect(t, files, base, swap, false, n, 100, words)
	})
}

// TestMontAsm32SmallSim runs the arm and 386 Add and Sub of
// montasm32small.go on the interpreters against the model of the Go code,
// itself checked against math/big on reduced inputs: edge values (0, 1, 2,
// m − 1, m − 2, m, values near R, single all-ones limbs and all-ones limbs
// from the bottom) and random limbs of 0, 1, all ones or random, with v
// apart from and aliasing a and b, and the same address trace throughout.
func TestMontAsm32SmallSim(t *testing.T) {
	eachMontAsm32(t, "no field is marked Asm32", nil, func(f *montField, r *montRep, files map[string][]byte) {
		n, m := r.N, f.Modulus
		one := big.NewInt(1)
		R := new(big.Int).Lsh(one, uint(32*n))
		vals := []*big.Int{big.NewInt(0), one, big.NewInt(2), new(big.Int).Sub(m, one), new(big.Int).Sub(m, big.NewInt(2)),
			m, new(big.Int).Add(m, one), new(big.Int).Rsh(m, 1), new(big.Int).Sub(R, one), new(big.Int).Sub(R, big.NewInt(2)),
			new(big.Int).Sub(R, m), new(big.Int).Rsh(R, 1)}
		for i := 0; i < n; i++ {
			vals = append(vals, new(big.Int).Lsh(big.NewInt(0xffffffff), uint(32*i)),
				new(big.Int).Sub(new(big.Int).Lsh(one, uint(32*i+32)), one))
		}
		edges := len(vals)
		rnd := rand.New(rand.NewPCG(33, uint64(n)))
		for i := 0; i < 200; i++ {
			var v big.Int
			for k := 0; k < n; k++ {
				l := rnd.Uint32()
				switch rnd.IntN(4) {
				case 0:
					l = 0xffffffff
				case 1:
					l = uint32(rnd.IntN(2))
				case 2:
					l = uint32(r.Mod[n-1-k]) // m's own words: long equal runs
				}
				v.Lsh(&v, 32).Or(&v, big.NewInt(int64(l)))
			}
			vals = append(vals, &v, new(big.Int).Mod(&v, m))
		}
		limbs := func(x *big.Int) []uint32 {
			l := make([]uint32, n)
			for k := range l {
				l[k] = uint32(new(big.Int).Rsh(x, uint(32*k)).Uint64())
			}
			return l
		}
		addName, subName := montAsm32SmallNames(r)
		for _, arch := range []string{"arm", "386"} {
			textB, ok := files[f.Pkg+"/zz_generated_elem32_"+arch+".s"]
			if !ok {
				if arch == "386" || montAsm32Arm(r) {
					t.Fatalf("%s: no %s text", f.Pkg, arch)
				}
				continue
			}
			for _, sub := range []bool{false, true} {
				name := addName
				if sub {
					name = subName
				}
				body, err := simFunc(string(textB), name)
				if err != nil {
					t.Fatal(err)
				}
				// v aliasing a, then b: the text with v's argument read as theirs.
				alias := func(arg string) [][]string {
					out := make([][]string, len(body))
					for i, ins := range body {
						out[i] = slices.Clone(ins)
						for k := range out[i] {
							out[i][k] = strings.ReplaceAll(out[i][k], "v+0(FP)", arg)
						}
					}
					return out
				}
				bodies := [][][]string{body, alias("a+4(FP)"), alias("b+8(FP)")}
				traces := map[string][]uint32{}
				tried := 0
				for i, x := range vals {
					for j, y := range vals {
						if (i >= edges || j >= edges) && j != i && j != i+1 && j != i-1 && j != i%edges {
							continue
						}
						tried++
						a, b := limbs(x), limbs(y)
						want := montAddSubModel(r, a, b, sub)
						if x.Cmp(m) < 0 && y.Cmp(m) < 0 {
							w := new(big.Int).Add(x, y)
							if sub {
								w.Sub(x, y)
							}
							if w.Mod(w, m); !slices.Equal(limbs(w), want) {
								t.Fatalf("%s model %s(%x, %x) = %x, want %x", f.Pkg, name, x, y, want, limbs(w))
							}
						}
						for k, bd := range bodies {
							mc := &simMachine{reg: map[string]uint32{}, mem: map[uint32]uint32{}}
							for l := 0; l < n; l++ {
								mc.mem[simA+uint32(4*l)] = a[l]
								mc.mem[simB+uint32(4*l)] = b[l]
							}
							run := mc.runARM
							if arch == "386" {
								run = mc.run386
							}
							if err := run(bd); err != nil {
								t.Fatalf("%s %s %s: %v", f.Pkg, arch, name, err)
							}
							if err := sameTrace(traces, string(rune('0'+k)), mc); err != nil {
								t.Fatalf("%s %s %s(%x, %x): %v", f.Pkg, arch, name, x, y, err)
							}
							out := []uint32{simV, simA, simB}[k]
							got := make([]uint32, n)
							for l := range got {
								got[l] = mc.mem[out+uint32(4*l)]
							}
							if !slices.Equal(got, want) {
								t.Fatalf("%s %s %s(%x, %x) (v at %#x) = %x, want %x", f.Pkg, arch, name, x, y, out, got, want)
							}
						}
					}
				}
				if tried < 700 {
					t.Fatalf("%s %s %s: only %d inputs", f.Pkg, arch, name, tried)
				}
			}
		}
	})
}

// montHalveModel computes what HalveBody's Go code computes, on any limbs:
// (a + m & mask)/2 with mask all ones when a is odd, the carry as the top
// bit.
func montHalveModel(r *montRep, a []uint32) []uint32 {
	n := r.N
	mask := -(a[0] & 1)
	t := make([]uint32, n)
	var c uint32
	for j := 0; j < n; j++ {
		t[j], c = bits.Add32(a[j], uint32(r.Mod[j])&mask, c)
	}
	out := make([]uint32, n)
	for j := 0; j < n; j++ {
		next := c
		if j < n-1 {
			next = t[j+1]
		}
		out[j] = t[j]>>1 | next<<31
	}
	return out
}

// TestMontAsm32HalveSim runs the arm and 386 Halve of the fields with
// Halve on the interpreters against the model of the Go code, itself
// checked against a·2⁻¹ mod m on reduced inputs, with v apart from and
// aliasing a and the same address trace throughout.
func TestMontAsm32HalveSim(t *testing.T) {
	eachMontAsm32(t, "no Asm32 field has Halve", func(f *montField) bool { return f.Halve }, func(f *montField, r *montRep, files map[string][]byte) {
		n, m := r.N, f.Modulus
		one := big.NewInt(1)
		R := new(big.Int).Lsh(one, uint(32*n))
		half := new(big.Int).ModInverse(big.NewInt(2), m)
		vals := []*big.Int{big.NewInt(0), one, big.NewInt(2), big.NewInt(3), new(big.Int).Sub(m, one), new(big.Int).Sub(m, big.NewInt(2)),
			m, new(big.Int).Add(m, one), new(big.Int).Rsh(m, 1), new(big.Int).Sub(R, one), new(big.Int).Sub(R, big.NewInt(2)),
			new(big.Int).Sub(R, m), new(big.Int).Rsh(R, 1)}
		for i := 0; i < n; i++ {
			vals = append(vals, new(big.Int).Lsh(big.NewInt(0xffffffff), uint(32*i)),
				new(big.Int).Sub(new(big.Int).Lsh(one, uint(32*i+32)), one),
				new(big.Int).Lsh(one, uint(32*i+31)), new(big.Int).Add(new(big.Int).Lsh(one, uint(32*i+31)), one))
		}
		rnd := rand.New(rand.NewPCG(34, uint64(n)))
		for i := 0; i < 300; i++ {
			var v big.Int
			for k := 0; k < n; k++ {
				l := rnd.Uint32()
				switch rnd.IntN(4) {
				case 0:
					l = 0xffffffff
				case 1:
					l = uint32(rnd.IntN(2))
				case 2:
					l = uint32(r.Mod[n-1-k])
				}
				v.Lsh(&v, 32).Or(&v, big.NewInt(int64(l)))
			}
			vals = append(vals, &v, new(big.Int).Mod(&v, m))
		}
		limbs := func(x *big.Int) []uint32 {
			l := make([]uint32, n)
			for k := range l {
				l[k] = uint32(new(big.Int).Rsh(x, uint(32*k)).Uint64())
			}
			return l
		}
		name := montAsm32HalveName(r)
		for _, arch := range []string{"arm", "386"} {
			textB, ok := files[f.Pkg+"/zz_generated_elem32_"+arch+".s"]
			if !ok {
				t.Fatalf("%s: no %s text", f.Pkg, arch)
			}
			body, err := simFunc(string(textB), name)
			if err != nil {
				t.Fatal(err)
			}
			aliased := make([][]string, len(body))
			for i, ins := range body {
				aliased[i] = slices.Clone(ins)
				for k := range aliased[i] {
					aliased[i][k] = strings.ReplaceAll(aliased[i][k], "v+0(FP)", "a+4(FP)")
				}
			}
			traces := map[string][]uint32{}
			for _, x := range vals {
				a := limbs(x)
				want := montHalveModel(r, a)
				if x.Cmp(m) < 0 {
					if w := new(big.Int).Mul(x, half); !slices.Equal(limbs(w.Mod(w, m)), want) {
						t.Fatalf("%s model Halve(%x) = %x, want %x", f.Pkg, x, want, limbs(w))
					}
				}
				for k, bd := range [][][]string{body, aliased} {
					mc := &simMachine{reg: map[string]uint32{}, mem: map[uint32]uint32{}}
					for l := 0; l < n; l++ {
						mc.mem[simA+uint32(4*l)] = a[l]
					}
					run := mc.runARM
					if arch == "386" {
						run = mc.run386
					}
					if err := run(bd); err != nil {
						t.Fatalf("%s %s %s: %v", f.Pkg, arch, name, err)
					}
					if err := sameTrace(traces, string(rune('0'+k)), mc); err != nil {
						t.Fatalf("%s %s %s(%x): %v", f.Pkg, arch, name, x, err)
					}
					out := []uint32{simV, simA}[k]
					got := make([]uint32, n)
					for l := range got {
						got[l] = mc.mem[out+uint32(4*l)]
					}
					if !slices.Equal(got, want) {
						t.Fatalf("%s %s %s(%x) (v at %#x) = %x, want %x", f.Pkg, arch, name, x, out, got, want)
					}
				}
			}
		}
	})
}
