package field

// This file writes arm and 386 assembly for Add and Sub of the Montgomery
// representations in 32-bit words (elem32) marked Asm32, the same
// computation as AddBody and SubBody, so the results are the Go code's on
// any limbs, reduced or not. Add sums a and b in a carry chain into t and
// the carry c, subtracts m from t in a borrow chain, makes the mask of
// c − borrow < 0 (t < m: the sum is kept) and adds m & mask back, which
// gives t again where the Go code selects t. Sub subtracts b from a in a
// borrow chain and adds m & mask back, mask all ones when it borrowed. The
// limbs of m come from montNewRep, the Go code's source.
//
// arm (ARMv4, every GOARM): up to 8 limbs a stays in R0–R7 and b comes in
// by three words (MOVM.IA.W); above, a, b and t go by chunks of four words
// through R0–R7, t stored in v between the passes. A word of m that is no
// ARM immediate is subtracted as ADC.S of its complement when that one is
// (the same result and carry), else loaded from the literal pool; m & mask
// is the mask itself (all-ones words), AND or BIC of an immediate, or AND
// of a loaded literal. Frame 0, no R10, no R13 write, no R14.
//
// 386: t is stored in v, m subtracted from it in place; the masked words
// of m are made before the final carry chain (AND clears the carry flag),
// in registers, then in the frame.
//
// Straight-line code, addresses fixed by the arguments: constant time.

import (
	"fmt"
	"strings"
)

// montAsm32SmallNames are the Go names of the Add and Sub assembly.
func montAsm32SmallNames(r *montRep) (add, sub string) { return r.Typ + "AddAsm", r.Typ + "SubAsm" }

// armSubConst subtracts the constant x, with the borrow unless first, from
// register t: SUB.S/SBC.S of an immediate, ADD.S/ADC.S of its negation or
// complement (the same result and carry flag), or of x loaded into tmp.
func (g *montArm) armSubConst(x uint32, t, tmp string, first bool) {
	switch {
	case armImm(x):
		op := "SBC.S"
		if first {
			op = "SUB.S"
		}
		g.op(op, fmt.Sprintf("$0x%x", x), t)
	case first && x != 0 && armImm(-x):
		g.op("ADD.S", fmt.Sprintf("$0x%x", -x), t)
	case !first && armImm(^x):
		g.op("ADC.S", fmt.Sprintf("$0x%x", ^x), t)
	default:
		op := "SBC.S"
		if first {
			op = "SUB.S"
		}
		g.op("MOVW", fmt.Sprintf("$0x%08x", x), tmp)
		g.op(op, tmp, t)
	}
}

// armAddMasked adds x & mask, with the carry unless first, to register t
// (the carry flag set unless last).
func (g *montArm) armAddMasked(x uint32, mask, t, tmp string, first, last bool) {
	var y string
	switch {
	case x == 0xffffffff:
		y = mask
	case x == 0:
		y = "$0"
	case armImm(x):
		g.op("AND", fmt.Sprintf("$0x%x", x), mask, tmp)
		y = tmp
	case armImm(^x):
		g.op("BIC", fmt.Sprintf("$0x%x", ^x), mask, tmp)
		y = tmp
	default:
		g.op("MOVW", fmt.Sprintf("$0x%08x", x), tmp)
		g.op("AND", mask, tmp)
		y = tmp
	}
	switch {
	case first:
		g.op("ADD.S", y, t)
	case last:
		g.op("ADC", y, t)
	default:
		g.op("ADC.S", y, t)
	}
}

// montArmAddSub writes the arm function name: Add, or Sub when sub.
func montArmAddSub(r *montRep, s *asmText, name string, sub bool) (int, error) {
	n := r.N
	if r.W != 32 || n < 2 || n > 16 {
		return 0, fmt.Errorf("%s: montArmAddSub takes 2 to 16 words of 32 bits", r.F.Pkg)
	}
	g := &montArm{r: r, s: s}
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, a, b *%s)", name, r.Typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-12", name))
	chainOp := func(j int) string {
		switch {
		case sub && j == 0:
			return "SUB.S"
		case sub:
			return "SBC.S"
		case j == 0:
			return "ADD.S"
		}
		return "ADC.S"
	}
	if n <= 8 {
		// t in R0..R(n−1); b by three words in R8, R9, R12 (pointer R11);
		// then R8 the carry or mask, R9 the temporary.
		t := func(j int) string { return fmt.Sprintf("R%d", j) }
		list := fmt.Sprintf("[R0-R%d]", n-1)
		if sub {
			s.comment("t = a − b: a in %s, b by three words.", list)
		} else {
			s.comment("t = a + b: a in %s, b by three words.", list)
		}
		g.op("MOVW", "a+4(FP)", "R11")
		g.op("MOVM.IA", "(R11)", list)
		g.op("MOVW", "b+8(FP)", "R11")
		bregs := []string{"R8", "R9", "R12"}
		for lo := 0; lo < n; lo += 3 {
			c := min(3, n-lo)
			op := "MOVM.IA.W"
			if lo+c == n {
				op = "MOVM.IA"
			}
			regs := bregs[:c]
			g.op(op, "(R11)", "["+joinRegs(regs)+"]")
			for k := 0; k < c; k++ {
				g.op(chainOp(lo+k), regs[k], t(lo+k))
			}
		}
		mask := "R8"
		if sub {
			g.s.comment("R8 is all ones when a < b (borrow): add m back then.")
			g.op("SBC", mask, mask, mask)
		} else {
			g.op("MOVW", "$0", mask)
			g.op("ADC", "$0", mask)
			g.s.comment("t − m; R8 = carry − borrow, all ones when negative (t < m): add m back then.")
			for j := 0; j < n; j++ {
				g.armSubConst(uint32(r.Mod[j]), t(j), "R9", j == 0)
			}
			g.op("SBC.S", "$0", mask)
			g.op("SBC", mask, mask, mask)
		}
		for j := 0; j < n; j++ {
			g.armAddMasked(uint32(r.Mod[j]), mask, t(j), "R9", j == 0, j == n-1)
		}
		g.op("MOVW", "v+0(FP)", "R11")
		g.op("MOVM.IA", list, "(R11)")
		g.op("RET")
		return g.count, nil
	}
	// Chunks of four words: t in R0–R3, b in R4–R7, pointers a R8, b R9,
	// v R11; R12 the carry or mask, R4 the temporary after the first pass.
	chunks := func(pass func(lo, c int)) {
		for lo := 0; lo < n; lo += 4 {
			pass(lo, min(4, n-lo))
		}
	}
	list := func(base, c int) string { return fmt.Sprintf("[R%d-R%d]", base, base+c-1) }
	if sub {
		s.comment("v = a − b by chunks of four words.")
	} else {
		s.comment("v = a + b by chunks of four words.")
	}
	g.op("MOVW", "a+4(FP)", "R8")
	g.op("MOVW", "b+8(FP)", "R9")
	g.op("MOVW", "v+0(FP)", "R11")
	chunks(func(lo, c int) {
		g.op("MOVM.IA.W", "(R8)", list(0, c))
		g.op("MOVM.IA.W", "(R9)", list(4, c))
		for k := 0; k < c; k++ {
			g.op(chainOp(lo+k), fmt.Sprintf("R%d", 4+k), fmt.Sprintf("R%d", k))
		}
		g.op("MOVM.IA.W", list(0, c), "(R11)")
	})
	mask := "R12"
	if sub {
		g.s.comment("R12 is all ones when a < b (borrow): add m back then.")
		g.op("SBC", mask, mask, mask)
	} else {
		g.op("MOVW", "$0", mask)
		g.op("ADC", "$0", mask)
		g.s.comment("v − m; R12 = carry − borrow, all ones when negative (t < m): add m back then.")
		g.op("MOVW", "v+0(FP)", "R11")
		chunks(func(lo, c int) {
			g.op("MOVM.IA", "(R11)", list(0, c))
			for k := 0; k < c; k++ {
				g.armSubConst(uint32(r.Mod[lo+k]), fmt.Sprintf("R%d", k), "R4", lo+k == 0)
			}
			g.op("MOVM.IA.W", list(0, c), "(R11)")
		})
		g.op("SBC.S", "$0", mask)
		g.op("SBC", mask, mask, mask)
	}
	g.op("MOVW", "v+0(FP)", "R11")
	chunks(func(lo, c int) {
		g.op("MOVM.IA", "(R11)", list(0, c))
		for k := 0; k < c; k++ {
			j := lo + k
			g.armAddMasked(uint32(r.Mod[j]), mask, fmt.Sprintf("R%d", k), "R4", j == 0, j == n-1)
		}
		g.op("MOVM.IA.W", list(0, c), "(R11)")
	})
	g.op("RET")
	return g.count, nil
}

func joinRegs(regs []string) string {
	out := ""
	for i, r := range regs {
		if i > 0 {
			out += ","
		}
		out += r
	}
	return out
}

// mont386AddSub writes the 386 function name: Add, or Sub when sub.
func mont386AddSub(r *montRep, s *asmText, name string, sub bool) (int, error) {
	n := r.N
	if r.W != 32 {
		return 0, fmt.Errorf("%s: the 386 emitter takes words of 32 bits", r.F.Pkg)
	}
	count := 0
	op := func(o string, args ...string) {
		count++
		s.op(o, args...)
	}
	limb := func(p string, j int) string {
		if j == 0 {
			return "(" + p + ")"
		}
		return fmt.Sprintf("%d(%s)", 4*j, p)
	}
	hex := func(x uint32) string { return fmt.Sprintf("$0x%08x", x) }
	mod := func(j int) uint32 { return uint32(r.Mod[j]) }
	// The masked words of m other than 0 and all ones: in CX, SI, DI, and
	// AX when they fit, else in the frame, read back through AX.
	var distinct []uint32
	for j := 0; j < n; j++ {
		if x := mod(j); x != 0 && x != 0xffffffff && !containsU32(distinct, x) {
			distinct = append(distinct, x)
		}
	}
	regs := []string{"CX", "SI", "DI", "AX"}
	if len(distinct) > len(regs) {
		regs = regs[:3]
	}
	where := map[uint32]string{}
	frame := 0
	for k, x := range distinct {
		if k < len(regs) {
			where[x] = regs[k]
		} else {
			where[x] = fmt.Sprintf("%d(SP)", frame)
			frame += 4
		}
	}
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, a, b *%s)", name, r.Typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-12", name, frame))
	first, rest := "ADDL", "ADCL"
	if sub {
		first, rest = "SUBL", "SBBL"
		s.comment("v = a − b.")
	} else {
		s.comment("v = a + b.")
	}
	op("MOVL", "a+4(FP)", "SI")
	op("MOVL", "b+8(FP)", "DI")
	op("MOVL", "v+0(FP)", "BX")
	for j := 0; j < n; j++ {
		op("MOVL", limb("SI", j), "AX")
		if j == 0 {
			op(first, limb("DI", j), "AX")
		} else {
			op(rest, limb("DI", j), "AX")
		}
		op("MOVL", "AX", limb("BX", j))
	}
	if sub {
		s.comment("DX is all ones when a < b (borrow): add m back then.")
		op("SBBL", "DX", "DX")
	} else {
		op("MOVL", "$0", "DX")
		op("ADCL", "$0", "DX")
		s.comment("v − m; DX = carry − borrow, all ones when negative (t < m): add m back then.")
		for j := 0; j < n; j++ {
			if j == 0 {
				op("SUBL", hex(mod(j)), limb("BX", j))
			} else {
				op("SBBL", hex(mod(j)), limb("BX", j))
			}
		}
		op("SBBL", "$0", "DX")
		op("SBBL", "DX", "DX")
	}
	s.comment("The masked words of m, then v + m & DX.")
	for k := len(distinct) - 1; k >= 0; k-- { // the frame's first, through AX
		x := distinct[k]
		w := where[x]
		if k < len(regs) {
			op("MOVL", hex(x), w)
			op("ANDL", "DX", w)
			continue
		}
		op("MOVL", hex(x), "AX")
		op("ANDL", "DX", "AX")
		op("MOVL", "AX", w)
	}
	for j := 0; j < n; j++ {
		x := mod(j)
		var y string
		switch {
		case x == 0xffffffff:
			y = "DX"
		case x == 0:
			y = "$0"
		default:
			y = where[x]
			if y[len(y)-1] == ')' {
				op("MOVL", y, "AX")
				y = "AX"
			}
		}
		if j == 0 {
			op("ADDL", y, limb("BX", j))
		} else {
			op("ADCL", y, limb("BX", j))
		}
	}
	op("RET")
	return count, nil
}

func containsU32(s []uint32, x uint32) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// montAsm32SmallText appends Add and Sub to the arm (when r gets arm
// assembly) and 386 texts.
func montAsm32SmallText(r *montRep, arm, x86 *asmText) error {
	addName, subName := montAsm32SmallNames(r)
	for _, fn := range []struct {
		name string
		sub  bool
	}{{addName, false}, {subName, true}} {
		if montAsm32Arm(r) {
			if _, err := montArmAddSub(r, arm, fn.name, fn.sub); err != nil {
				return err
			}
		}
		if _, err := mont386AddSub(r, x86, fn.name, fn.sub); err != nil {
			return err
		}
	}
	return nil
}

// montAsm32SmallStubs is the part of the _asm32.go file for Add and Sub:
// the methods Add, Subtract and Negate on the assembly, and its
// declarations.
func montAsm32SmallStubs(r *montRep, runs string) string {
	addName, subName := montAsm32SmallNames(r)
	return fmt.Sprintf(`
// Add sets v = a + b and returns v. It runs %[2]s, generated %[4]s
// assembly with the same result as %[1]sAdd.
func (v *%[1]s) Add(a, b *%[1]s) *%[1]s {
	%[2]s(v, a, b)
	return v
}

// Subtract sets v = a − b and returns v. It runs %[3]s, generated
// %[4]s assembly with the same result as %[1]sSub.
func (v *%[1]s) Subtract(a, b *%[1]s) *%[1]s {
	%[3]s(v, a, b)
	return v
}

// Negate sets v = −a and returns v, as 0 − a in %[3]s.
func (v *%[1]s) Negate(a *%[1]s) *%[1]s {
	var zero %[1]s
	%[3]s(v, &zero, a)
	return v
}

// %[2]s is %[1]sAdd in assembly: v = a + b mod m for a, b < m, and the
// Go code's result on any limbs. v, a and b may alias.
//
//go:noescape
func %[2]s(v, a, b *%[1]s)

// %[3]s is %[1]sSub in assembly: v = a − b mod m for a, b < m, and the
// Go code's result on any limbs. v, a and b may alias.
//
//go:noescape
func %[3]s(v, a, b *%[1]s)
`, r.Typ, addName, subName, runs)
}

// montAsm32SmallGeneric is the part of the _noasm.go file for Add and Sub:
// the methods on the Go code, and the assembly names as the Go code so that
// the tests that compare them build everywhere.
func montAsm32SmallGeneric(r *montRep) string {
	addName, subName := montAsm32SmallNames(r)
	return fmt.Sprintf(`
// Add sets v = a + b and returns v.
func (v *%[1]s) Add(a, b *%[1]s) *%[1]s {
	%[1]sAdd(v, a, b)
	return v
}

// Subtract sets v = a − b and returns v.
func (v *%[1]s) Subtract(a, b *%[1]s) *%[1]s {
	%[1]sSub(v, a, b)
	return v
}

// Negate sets v = −a and returns v.
func (v *%[1]s) Negate(a *%[1]s) *%[1]s {
	var zero %[1]s
	%[1]sSub(v, &zero, a)
	return v
}

func %[2]s(v, a, b *%[1]s) { %[1]sAdd(v, a, b) }
func %[3]s(v, a, b *%[1]s) { %[1]sSub(v, a, b) }
`, r.Typ, addName, subName)
}

// montAsm32SmallTest is the package test of Add and Sub in assembly:
// against the Go code on any limbs and math/big on reduced ones, with v
// aliasing a, b or both.
func montAsm32SmallTest(r *montRep) string {
	addName, subName := montAsm32SmallNames(r)
	return fmt.Sprintf(`
// %[2]s and %[3]s (assembly on arm and 386, the Go code elsewhere)
// against %[1]sAdd, %[1]sSub and math/big: the Go code's limbs on any
// input, including limbs at or above m (the edges near R, all ones), and
// a ± b mod m on reduced ones.
func Test%[4]sAsmAddSub(t *testing.T) {
	m := %[1]sAsmM
	R := new(big.Int).Lsh(big.NewInt(1), %[5]d)
	check := func(x, y *big.Int) {
		t.Helper()
		a, b := %[1]sAsmFromBig(x), %[1]sAsmFromBig(y)
		for _, op := range []struct {
			name     string
			asm, gen func(v, a, b *%[1]s)
			big      func(z, x, y *big.Int) *big.Int
		}{
			{"%[2]s", %[2]s, %[1]sAdd, (*big.Int).Add},
			{"%[3]s", %[3]s, %[1]sSub, (*big.Int).Sub},
		} {
			var got, goCode %[1]s
			op.asm(&got, a, b)
			op.gen(&goCode, a, b)
			if got != goCode {
				t.Fatalf("%%s(%%x, %%x) = %%x, Go code %%x", op.name, x, y, got, goCode)
			}
			if x.Cmp(m) < 0 && y.Cmp(m) < 0 {
				w := op.big(new(big.Int), x, y)
				if w.Mod(w, m); %[1]sAsmToBig(&got).Cmp(w) != 0 {
					t.Fatalf("%%s(%%x, %%x) = %%x, want %%x", op.name, x, y, %[1]sAsmToBig(&got), w)
				}
			}
			va, vb := *a, *b
			op.asm(&va, &va, b)
			op.asm(&vb, a, &vb)
			if va != got || vb != got {
				t.Fatalf("%%s(%%x, %%x) aliased: %%x, %%x, want %%x", op.name, x, y, va, vb, got)
			}
			vv, ww := *a, *a
			op.asm(&vv, &vv, &vv)
			op.gen(&ww, &ww, &ww)
			if vv != ww {
				t.Fatalf("%%s(%%x, %%x) on v = a = b: %%x, Go code %%x", op.name, x, x, vv, ww)
			}
		}
	}
	edges := append(%[1]sAsmEdges(true), new(big.Int).Rsh(m, 1), new(big.Int).Add(new(big.Int).Rsh(m, 1), big.NewInt(1)))
	for _, x := range edges {
		for _, y := range edges {
			check(x, y)
		}
	}
	rnd := rand.New(rand.NewPCG(33, %[6]d))
	limbs := func() *big.Int {
		var v %[1]s
		for i := range v {
			switch rnd.IntN(4) {
			case 0:
			case 1:
				v[i] = 0xffffffff
			case 2:
				v[i] = uint32(new(big.Int).Rsh(m, uint(32*i)).Uint64()) // m's word
			default:
				v[i] = rnd.Uint32()
			}
		}
		return %[1]sAsmToBig(&v)
	}
	iters := 5000
	if testing.Short() {
		iters = 1000
	}
	for i := 0; i < iters; i++ {
		x, y := limbs(), limbs()
		check(x, y)
		check(new(big.Int).Mod(x, m), new(big.Int).Mod(y, m))
		check(new(big.Int).Mod(x, R), new(big.Int).Sub(m, big.NewInt(1)))
	}
}
`, r.Typ, addName, subName, strings.ToUpper(r.Typ[:1])+r.Typ[1:], 32*r.N, r.N)
}
