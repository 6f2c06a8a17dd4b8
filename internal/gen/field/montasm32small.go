package field

// This file writes arm and 386 assembly for Add, Sub and (where the field
// has it) Halve of the Montgomery representations in 32-bit words (elem32)
// marked Asm32, the same computation as AddBody, SubBody and HalveBody, so
// the results are the Go code's on any limbs, reduced or not. Add sums a
// and b in a carry chain into t and the carry c, subtracts m from t in a
// borrow chain, makes the mask of c − borrow < 0 (t < m: the sum is kept)
// and adds m & mask back, which gives t again where the Go code selects t. Sub subtracts b from a in a
// borrow chain and adds m & mask back, mask all ones when it borrowed. The
// limbs of m come from montNewRep, the Go code's source. Halve adds
// m & mask, mask all ones when a is odd, and shifts the sum right a bit.
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
	"slices"
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
			g.op(op, "(R11)", "["+strings.Join(regs, ",")+"]")
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
		if x := mod(j); x != 0 && x != 0xffffffff && !slices.Contains(distinct, x) {
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

// montAsm32SelectNames are the Go names of the Select and Swap assembly.
func montAsm32SelectNames(r *montRep) (sel, swap string) {
	return r.Typ + "SelectAsm", r.Typ + "SwapAsm"
}

// montAsm32SmallText appends Add, Sub, Select, Swap and Halve to the arm (when r gets arm
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
	selName, swapName := montAsm32SelectNames(r)
	if montAsm32Arm(r) {
		armSelectWords(arm, selName, r.Typ, r.N)
		armSwapWords(arm, swapName, r.Typ, r.N)
	}
	x86SelectWords(x86, selName, r.Typ, r.N)
	x86SwapWords(x86, swapName, r.Typ, r.N)
	if !r.F.Halve {
		return nil
	}
	name := montAsm32HalveName(r)
	if montAsm32Arm(r) {
		if _, err := montArmHalve(r, arm, name); err != nil {
			return err
		}
	}
	_, err := mont386Halve(r, x86, name)
	return err
}

// montAsm32HalveName is the Go name of the Halve assembly (fields with
// Halve only).
func montAsm32HalveName(r *montRep) string { return r.Typ + "HalveAsm" }

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
`, r.Typ, addName, subName, runs) + montAsm32SelectStubs(r, runs) + montAsm32HalveStubs(r, runs)
}

// montAsm32SelectStubs is the Select and Swap part of the _asm32.go file.
func montAsm32SelectStubs(r *montRep, runs string) string {
	selName, swapName := montAsm32SelectNames(r)
	return fmt.Sprintf(`
// Select sets v = a if cond == 1 and v = b if cond == 0, and returns v. It
// runs %[2]s, generated %[4]s assembly with the same result as
// %[1]sSelect.
func (v *%[1]s) Select(a, b *%[1]s, cond int) *%[1]s {
	%[2]s(v, a, b, cond)
	return v
}

// Swap swaps v and u if cond == 1 and leaves them if cond == 0. It runs
// %[3]s, generated %[4]s assembly with the same result as %[1]sSwap.
func (v *%[1]s) Swap(u *%[1]s, cond int) { %[3]s(v, u, cond) }

// %[2]s is %[1]sSelect in assembly, with a mask rather than a branch.
// v may alias a and b.
//
//go:noescape
func %[2]s(v, a, b *%[1]s, cond int)

// %[3]s is %[1]sSwap in assembly, with a mask rather than a branch.
//
//go:noescape
func %[3]s(v, u *%[1]s, cond int)
`, r.Typ, selName, swapName, runs)
}

// montAsm32SelectGeneric is the Select and Swap part of the _noasm.go file.
func montAsm32SelectGeneric(r *montRep) string {
	selName, swapName := montAsm32SelectNames(r)
	return fmt.Sprintf(`
// Select sets v = a if cond == 1 and v = b if cond == 0, and returns v.
func (v *%[1]s) Select(a, b *%[1]s, cond int) *%[1]s {
	%[1]sSelect(v, a, b, cond)
	return v
}

// Swap swaps v and u if cond == 1 and leaves them if cond == 0.
func (v *%[1]s) Swap(u *%[1]s, cond int) { %[1]sSwap(v, u, cond) }

func %[2]s(v, a, b *%[1]s, cond int) { %[1]sSelect(v, a, b, cond) }
func %[3]s(v, u *%[1]s, cond int)    { %[1]sSwap(v, u, cond) }
`, r.Typ, selName, swapName)
}

// montAsm32HalveStubs is the Halve part of the _asm32.go file, for fields
// with Halve.
func montAsm32HalveStubs(r *montRep, runs string) string {
	if !r.F.Halve {
		return ""
	}
	return fmt.Sprintf(`
// Halve sets v = a/2 and returns v. It runs %[2]s, generated %[3]s
// assembly with the same result as %[1]sHalve.
func (v *%[1]s) Halve(a *%[1]s) *%[1]s {
	%[2]s(v, a)
	return v
}

// %[2]s is %[1]sHalve in assembly: v = a/2 mod m for a < m, and the Go
// code's result on any limbs. v and a may alias.
//
//go:noescape
func %[2]s(v, a *%[1]s)
`, r.Typ, montAsm32HalveName(r), runs)
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
`, r.Typ, addName, subName) + montAsm32SelectGeneric(r) + montAsm32HalveGeneric(r)
}

// montAsm32HalveGeneric is the Halve part of the _noasm.go file, for
// fields with Halve.
func montAsm32HalveGeneric(r *montRep) string {
	if !r.F.Halve {
		return ""
	}
	return fmt.Sprintf(`
// Halve sets v = a/2 and returns v.
func (v *%[1]s) Halve(a *%[1]s) *%[1]s {
	%[1]sHalve(v, a)
	return v
}

func %[2]s(v, a *%[1]s) { %[1]sHalve(v, a) }
`, r.Typ, montAsm32HalveName(r))
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
`, r.Typ, addName, subName, strings.ToUpper(r.Typ[:1])+r.Typ[1:], 32*r.N, r.N) + montAsm32SelectTest(r) + montAsm32HalveTest(r)
}

// montAsm32SelectTest is the package test of Select and Swap in assembly:
// against the Go code on words of 0, all ones and random ones, cond 0 and
// 1, with v aliasing a, b or u, and through the methods.
func montAsm32SelectTest(r *montRep) string {
	sel, swap := montAsm32SelectNames(r)
	return fmt.Sprintf(`
// %[2]s and %[3]s (assembly on arm and 386, the Go code elsewhere)
// against %[1]sSelect and %[1]sSwap, on any words and cond 0 and 1.
func Test%[4]sAsmSelectSwap(t *testing.T) {
	rnd := rand.New(rand.NewPCG(36, %[5]d))
	word := func() uint32 {
		switch rnd.IntN(4) {
		case 0:
			return 0
		case 1:
			return 0xffffffff
		}
		return rnd.Uint32()
	}
	for i := 0; i < 1000; i++ {
		var a, b %[1]s
		for k := range a {
			a[k], b[k] = word(), word()
		}
		cond := i %% 2
		var got, want %[1]s
		%[2]s(&got, &a, &b, cond)
		%[1]sSelect(&want, &a, &b, cond)
		if got != want || cond == 1 && got != a || cond == 0 && got != b {
			t.Fatalf("%[2]s(%%x, %%x, %%d) = %%x, Go code %%x", a, b, cond, got, want)
		}
		if va, vb := a, b; *va.Select(&va, &b, cond) != want || *vb.Select(&a, &vb, cond) != want {
			t.Fatalf("Select(%%x, %%x, %%d) aliased: %%x, %%x, want %%x", a, b, cond, va, vb, want)
		}
		v, u, gv, gu := a, b, a, b
		%[3]s(&v, &u, cond)
		%[1]sSwap(&gv, &gu, cond)
		if v != gv || u != gu || cond == 1 && (v != b || u != a) || cond == 0 && (v != a || u != b) {
			t.Fatalf("%[3]s(%%x, %%x, %%d) = %%x, %%x, Go code %%x, %%x", a, b, cond, v, u, gv, gu)
		}
		if v.Swap(&u, cond); v != a || u != b {
			t.Fatalf("Swap(%%x, %%x, %%d) twice: %%x, %%x", a, b, cond, v, u)
		}
		if w := a; func() %[1]s { w.Swap(&w, cond); return w }() != a {
			t.Fatalf("Swap(w, w, %%d) changed %%x", cond, a)
		}
	}
}
`, r.Typ, sel, swap, strings.ToUpper(r.Typ[:1])+r.Typ[1:], r.N)
}

// montAsm32HalveTest is the package test of Halve in assembly, for fields
// with Halve: against the Go code on any limbs and a·2⁻¹ mod m on reduced
// ones, with v aliasing a.
func montAsm32HalveTest(r *montRep) string {
	if !r.F.Halve {
		return ""
	}
	return fmt.Sprintf(`
// %[2]s (assembly on arm and 386, the Go code elsewhere) against
// %[1]sHalve on any limbs and a·2⁻¹ mod m on reduced ones, v aliasing a.
func Test%[3]sAsmHalve(t *testing.T) {
	m := %[1]sAsmM
	half := new(big.Int).ModInverse(big.NewInt(2), m)
	check := func(x *big.Int) {
		t.Helper()
		a := %[1]sAsmFromBig(x)
		var got, goCode %[1]s
		%[2]s(&got, a)
		%[1]sHalve(&goCode, a)
		if got != goCode {
			t.Fatalf("%[2]s(%%x) = %%x, Go code %%x", x, got, goCode)
		}
		if x.Cmp(m) < 0 {
			w := new(big.Int).Mul(x, half)
			if w.Mod(w, m); %[1]sAsmToBig(&got).Cmp(w) != 0 {
				t.Fatalf("%[2]s(%%x) = %%x, want %%x", x, %[1]sAsmToBig(&got), w)
			}
		}
		va := *a
		%[2]s(&va, &va)
		if va != got {
			t.Fatalf("%[2]s(%%x) aliased: %%x, want %%x", x, va, got)
		}
	}
	for _, x := range %[1]sAsmEdges(true) {
		check(x)
		check(new(big.Int).Add(x, big.NewInt(1)))
	}
	rnd := rand.New(rand.NewPCG(34, %[4]d))
	for i := 0; i < 3000; i++ {
		var v %[1]s
		for k := range v {
			switch rnd.IntN(4) {
			case 0:
			case 1:
				v[k] = 0xffffffff
			case 2:
				v[k] = uint32(new(big.Int).Rsh(m, uint(32*k)).Uint64())
			default:
				v[k] = rnd.Uint32()
			}
		}
		x := %[1]sAsmToBig(&v)
		check(x)
		check(new(big.Int).Mod(x, m))
	}
}
`, r.Typ, montAsm32HalveName(r), strings.ToUpper(r.Typ[:1])+r.Typ[1:], r.N)
}

// montHalveSkip is the number of words above word 0 that Halve's masked
// sum leaves as they are: where m's words 0..k are all ones, an odd a0
// (≥ 1) plus 2^32 − 1 carries, and each next word gets 2^32 − 1 plus that
// carry, 2^32: the word unchanged and the carry still 1 (for an even a,
// nothing is added). The carry flag out of word 0 is then the carry into
// word k+1.
func montHalveSkip(r *montRep) int {
	k := 0
	for k+1 < r.N && uint32(r.Mod[0]) == 0xffffffff && uint32(r.Mod[k+1]) == 0xffffffff {
		k++
	}
	return k
}

// montArmHalve writes the arm function name: HalveBody's v = (a + m &
// mask)/2, mask all ones when a is odd: the masked sum in a carry chain,
// then each word shifted right with the next word's low bit (the carry's
// for the top word).
func montArmHalve(r *montRep, s *asmText, name string) (int, error) {
	n := r.N
	if r.W != 32 || n < 2 || n > 16 {
		return 0, fmt.Errorf("%s: montArmHalve takes 2 to 16 words of 32 bits", r.F.Pkg)
	}
	g := &montArm{r: r, s: s}
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, a *%s)", name, r.Typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-8", name))
	// shift sets word t = t>>1 | next<<31.
	shift := func(t, next string) {
		g.op("MOVW", t+">>1", t)
		g.op("ORR", next+"<<31", t)
	}
	if n <= 8 {
		t := func(j int) string { return fmt.Sprintf("R%d", j) }
		list := fmt.Sprintf("[R0-R%d]", n-1)
		s.comment("a in %s; R8 = −(a0 & 1), the mask; t = a + m & mask.", list)
		g.op("MOVW", "a+4(FP)", "R11")
		g.op("MOVM.IA", "(R11)", list)
		g.op("AND", "$1", "R0", "R8")
		g.op("RSB", "$0", "R8", "R8")
		skip := montHalveSkip(r)
		for j := 0; j < n; j++ {
			if j >= 1 && j <= skip {
				continue // unchanged, the carry flag kept (montHalveSkip)
			}
			g.armAddMasked(uint32(r.Mod[j]), "R8", t(j), "R9", j == 0, false)
		}
		g.op("MOVW", "$0", "R8")
		g.op("ADC", "$0", "R8")
		s.comment("v = t/2, the carry in R8 its top bit.")
		for j := 0; j < n-1; j++ {
			shift(t(j), t(j+1))
		}
		shift(t(n-1), "R8")
		g.op("MOVW", "v+0(FP)", "R11")
		g.op("MOVM.IA", list, "(R11)")
		g.op("RET")
		return g.count, nil
	}
	// Chunks of four words through R0–R3 (R4 the next word in the shift
	// pass), pointers a R8, v R11; R12 the mask then the carry, R9 the
	// temporary.
	list := func(c int) string { return fmt.Sprintf("[R0-R%d]", c-1) }
	s.comment("R12 = −(a0 & 1), the mask; v = a + m & mask by chunks of four words.")
	g.op("MOVW", "a+4(FP)", "R8")
	g.op("MOVW", "v+0(FP)", "R11")
	g.op("MOVW", "(R8)", "R12")
	g.op("AND", "$1", "R12", "R12")
	g.op("RSB", "$0", "R12", "R12")
	for lo := 0; lo < n; lo += 4 {
		c := min(4, n-lo)
		g.op("MOVM.IA.W", "(R8)", list(c))
		for k := 0; k < c; k++ {
			if j := lo + k; j >= 1 && j <= montHalveSkip(r) {
				continue // unchanged, the carry flag kept (montHalveSkip)
			}
			g.armAddMasked(uint32(r.Mod[lo+k]), "R12", fmt.Sprintf("R%d", k), "R9", lo+k == 0, false)
		}
		g.op("MOVM.IA.W", list(c), "(R11)")
	}
	g.op("MOVW", "$0", "R12")
	g.op("ADC", "$0", "R12")
	s.comment("v = v/2, the carry in R12 its top bit.")
	g.op("MOVW", "v+0(FP)", "R11")
	for lo := 0; lo < n; lo += 4 {
		c := min(4, n-lo)
		next := "R12"
		if lo+c < n {
			g.op("MOVM.IA", "(R11)", list(c+1))
			next = fmt.Sprintf("R%d", c)
		} else {
			g.op("MOVM.IA", "(R11)", list(c))
		}
		for k := 0; k < c; k++ {
			nx := next
			if k < c-1 {
				nx = fmt.Sprintf("R%d", k+1)
			}
			shift(fmt.Sprintf("R%d", k), nx)
		}
		g.op("MOVM.IA.W", list(c), "(R11)")
	}
	g.op("RET")
	return g.count, nil
}

// mont386Halve writes the 386 function name: as montArmHalve, the masked
// sum stored in v, then v shifted right a word at a time with SHRL's
// double form (the next word in the other register).
func mont386Halve(r *montRep, s *asmText, name string) (int, error) {
	n := r.N
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
	var distinct []uint32
	for j := 0; j < n; j++ {
		if x := uint32(r.Mod[j]); x != 0 && x != 0xffffffff && !slices.Contains(distinct, x) {
			distinct = append(distinct, x)
		}
	}
	regs := []string{"CX", "DI"}
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
	s.line(fmt.Sprintf("// func %s(v, a *%s)", name, r.Typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-8", name, frame))
	s.comment("DX = −(a0 & 1), the mask; the masked words of m; v = a + m & DX.")
	op("MOVL", "a+4(FP)", "SI")
	op("MOVL", "v+0(FP)", "BX")
	op("MOVL", "(SI)", "DX")
	op("ANDL", "$1", "DX")
	op("NEGL", "DX")
	for k := len(distinct) - 1; k >= 0; k-- {
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
		x := uint32(r.Mod[j])
		y := "$0"
		switch {
		case x == 0xffffffff:
			y = "DX"
		case x != 0:
			y = where[x]
		}
		op("MOVL", limb("SI", j), "AX")
		switch {
		case j == 0:
			op("ADDL", y, "AX")
		case j <= montHalveSkip(r): // unchanged, the carry flag kept
		default:
			op("ADCL", y, "AX")
		}
		op("MOVL", "AX", limb("BX", j))
	}
	op("MOVL", "$0", "DX")
	op("ADCL", "$0", "DX")
	s.comment("v = v/2, the carry in DX its top bit.")
	cur, other := "AX", "CX"
	op("MOVL", limb("BX", 0), cur)
	for j := 0; j < n; j++ {
		if j < n-1 {
			op("MOVL", limb("BX", j+1), other)
		} else {
			other = "DX"
		}
		op("SHRL", "$1", other, cur)
		op("MOVL", cur, limb("BX", j))
		cur, other = other, cur
	}
	op("RET")
	return count, nil
}

// montAsm32Ops lists the elem32 methods that run assembly, the last two
// joined by last.
func montAsm32Ops(r *montRep, last string) string {
	ops := []string{"Multiply", "Square", "Add", "Subtract", "Negate", "Select", "Swap"}
	if r.F.Halve {
		ops = append(ops, "Halve")
	}
	return strings.Join(ops[:len(ops)-1], ", ") + last + ops[len(ops)-1]
}
