package field

import (
	"math/big"
	"math/rand/v2"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// TestMontAsm32Sim runs the arm and 386 text of montasm32.go on the
// interpreters of asm32sim_test.go against math/big, on edge inputs (0, 1,
// m − 1, limbs of all ones, a up to R − 1) and random ones, for every field
// marked Asm32. The package tests (zz_generated_elem32_asm32_test.go) run
// the same text under qemu.
func TestMontAsm32Sim(t *testing.T) {
	eachMontAsm32(t, "no field is marked Asm32", nil, func(f *montField, r *montRep, files map[string][]byte) {
		n := r.N
		m := f.Modulus
		one := big.NewInt(1)
		R := new(big.Int).Lsh(one, uint(32*n))
		Ri := new(big.Int).ModInverse(R, m)
		edges := []*big.Int{big.NewInt(0), one, new(big.Int).Sub(m, one), new(big.Int).Sub(m, big.NewInt(2)),
			new(big.Int).Sub(R, one), new(big.Int).Sub(R, m), m}
		for i := 0; i < n; i++ {
			edges = append(edges, new(big.Int).Lsh(big.NewInt(0xffffffff), uint(32*i)))
		}
		rnd := rand.New(rand.NewPCG(32, uint64(n)))
		for i := 0; i < montSimRandom(); i++ {
			var v big.Int
			for k := 0; k < n; k++ {
				l := rnd.Uint32()
				switch rnd.IntN(3) {
				case 0:
					l = 0xffffffff
				case 1:
					l = uint32(rnd.IntN(2))
				}
				v.Lsh(&v, 32).Or(&v, big.NewInt(int64(l)))
			}
			edges = append(edges, &v)
		}
		limbs := func(x *big.Int) []uint32 {
			l := make([]uint32, n)
			for k := range l {
				l[k] = uint32(new(big.Int).Rsh(x, uint(32*k)).Uint64())
			}
			return l
		}
		mulName, sqName := montAsm32Names(r)
		for _, variant := range []string{"arm", "arm6", "386"} {
			arch := variant
			if variant == "arm6" {
				arch = "arm"
			}
			textB, ok := files[f.Pkg+"/zz_generated_elem32_"+arch+".s"]
			if !ok {
				if arch == "386" || montAsm32Arm(r) {
					t.Fatalf("%s: no %s text", f.Pkg, arch)
				}
				continue
			}
			goarm := 5
			if variant == "arm6" {
				goarm = 6
			}
			text, err := armVariant(string(textB), goarm)
			if err != nil {
				t.Fatal(err)
			}
			for _, square := range []bool{false, true} {
				name := mulName
				if square {
					name = sqName
				}
				body, err := simFunc(text, name)
				if err != nil {
					t.Fatal(err)
				}
				tried := 0
				traces := map[string][]uint32{}
				for i, x := range edges {
					for j, y := range edges {
						if square && j != i || !square && (i > 3*n && j != i+1 && j != i) {
							continue
						}
						// elem32Mul's contract: b < m, and a < R, or a < m for the
						// no-carry moduli (whose 386 rows drop t's word n).
						if y.Cmp(m) >= 0 || (square || r.NoCarry) && x.Cmp(m) >= 0 {
							continue
						}
						tried++
						a, b := limbs(x), limbs(y)
						mc := &simMachine{reg: map[string]uint32{}, mem: map[uint32]uint32{}}
						for k := 0; k < n; k++ {
							mc.mem[simA+uint32(4*k)] = a[k]
							if !square {
								mc.mem[simB+uint32(4*k)] = b[k]
							}
						}
						run := mc.runARM
						if arch == "386" {
							run = mc.run386
						}
						if err := run(body); err != nil {
							t.Fatalf("%s %s %s: %v", f.Pkg, variant, name, err)
						}
						if err := sameTrace(traces, arch, mc); err != nil {
							t.Fatalf("%s %s %s(%x, %x): %v", f.Pkg, arch, name, x, y, err)
						}
						want := new(big.Int).Mul(x, y)
						want.Mul(want, Ri).Mod(want, m)
						got := make([]uint32, n)
						for k := range got {
							got[k] = mc.mem[simV+uint32(4*k)]
						}
						if w := limbs(want); !slices.Equal(got, w) {
							t.Fatalf("%s %s %s(%x, %x) = %x, want %x", f.Pkg, variant, name, x, y, got, w)
						}
					}
				}
				if tried < montSimRandom()/3 {
					t.Fatalf("%s %s %s: only %d inputs", f.Pkg, arch, name, tried)
				}
			}
		}
	})
}

// TestMontAsm32Text checks what the text may contain, as TestUnsatAsm32Text
// does for the unsaturated fields: no branch, no R10 (g), no write of R13,
// only immediates the arm assembler encodes directly (nothing synthesised
// in R11; MOVW loads any constant from the literal pool), and small frame
// offsets; on 386 no branch and no BP.
func TestMontAsm32Text(t *testing.T) {
	for _, f := range montFields {
		if !montAsm32On(f) {
			continue
		}
		files, err := montAsm32Generate(f)
		if err != nil {
			t.Fatal(err)
		}
		imm := regexp.MustCompile(`\$(0x[0-9a-f]+|[0-9]+)`)
		v6 := false
		for _, line := range strings.Split(string(files[f.Pkg+"/zz_generated_elem32_arm.s"]), "\n") {
			switch {
			case line == "#ifdef GOARM_6":
				v6 = true
			case line == "#else" || line == "#endif":
				v6 = false
			case strings.HasPrefix(line, "#") && line != "#ifdef GOARM_6" && line != "#else" && line != "#endif" && line != `#include "textflag.h"`:
				t.Errorf("%s arm: %q: not a GOARM_6 variant", f.Pkg, line)
			}
			// A WORD is UMAAL, ARMv6: only in the GOARM_6 variant, on
			// registers the code may write, RdLo and RdHi distinct.
			if w, ok := strings.CutPrefix(strings.TrimSpace(line), "WORD"); ok {
				w, _, _ = strings.Cut(w, "//")
				r, ok := armDecodeUMAAL(strings.TrimSpace(w))
				if !ok || !v6 || r[0] == r[1] {
					t.Errorf("%s arm: %q: not UMAAL, outside GOARM_6, or RdLo = RdHi", f.Pkg, line)
				}
				for _, x := range r {
					if x == "R10" || x == "R13" || x == "R15" {
						t.Errorf("%s arm: %q: register %s", f.Pkg, line, x)
					}
				}
				if !strings.Contains(line, "// UMAAL: "+r[1]+":"+r[0]+" = "+r[2]+"·"+r[3]) {
					t.Errorf("%s arm: %q: the comment does not say the encoded UMAAL", f.Pkg, line)
				}
				continue
			}
			if !strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "\t//") {
				continue
			}
			op := strings.Fields(line)[0]
			if armConditional(op) {
				t.Errorf("%s arm: %q: a conditional instruction", f.Pkg, line)
			}
			if strings.HasPrefix(op, "B") && op != "BIC" || strings.Contains(line, "R10") || strings.Contains(line, "g)") {
				t.Errorf("%s arm: %q: a branch or R10 (g)", f.Pkg, line)
			}
			if strings.Contains(line, "R13") && !strings.Contains(line, "(R13)") && !strings.HasPrefix(op, "ADD") {
				t.Errorf("%s arm: %q writes R13", f.Pkg, line)
			}
			if op != "MOVW" {
				for _, m := range imm.FindAllStringSubmatch(line, -1) {
					v, err := strconv.ParseUint(m[1], 0, 32)
					if err != nil || !armImm(uint32(v)) {
						t.Errorf("%s arm: %q: immediate %s needs R11 to synthesise", f.Pkg, line, m[1])
					}
				}
			}
			for _, m := range regexp.MustCompile(`(\d+)\(R13\)`).FindAllStringSubmatch(line, -1) {
				if v, _ := strconv.Atoi(m[1]); v >= 4096 {
					t.Errorf("%s arm: %q: offset too large", f.Pkg, line)
				}
			}
		}
		for _, line := range strings.Split(string(files[f.Pkg+"/zz_generated_elem32_386.s"]), "\n") {
			if !strings.HasPrefix(line, "\t") || strings.HasPrefix(line, "\t//") {
				continue
			}
			if op := strings.Fields(line)[0]; strings.HasPrefix(op, "J") || strings.Contains(line, "BP") {
				t.Errorf("%s 386: %q: a branch or BP", f.Pkg, line)
			}
		}
	}
}

// eachMontAsm32 runs fn on every field marked Asm32 (and for which on,
// unless nil, is true), with its 32-bit representation and generated
// files, and fails with what if there is none.
func eachMontAsm32(t *testing.T, what string, on func(*montField) bool, fn func(f *montField, r *montRep, files map[string][]byte)) {
	t.Helper()
	ran := false
	for _, f := range montFields {
		if !montAsm32On(f) || on != nil && !on(f) {
			continue
		}
		ran = true
		files, err := montAsm32Generate(f)
		if err != nil {
			t.Fatal(err)
		}
		fn(f, montNewRep(f, 32), files)
	}
	if !ran {
		t.Fatal(what)
	}
}

// montSimRandom is how many random values TestMontAsm32Sim adds to its
// edges: 300, or 100 with -short and on 32-bit hosts, where the interpreter
// runs emulated (CI's 386 job) and the same text was already checked in
// full on the 64-bit run; the edges are the same in both.
func montSimRandom() int {
	if testing.Short() || strconv.IntSize == 32 {
		return 100
	}
	return 300
}
