package field

// The arm and 386 emitters of Mult32 (v = a·y for a uint32 y) for the
// 32-bit representations without Karatsuba (fe2625). As for Multiply and
// Square (unsatasm32.go), the assembly is not a second derivation: column
// k is a_k·y as a 64-bit sum, and the carries are emitMult32's, variable
// for variable, in the order unsatasm32.go describes: the chain 0→…→h−1,
// then h→…→n−1, each column multiplied just before its carry (with the
// incoming carry added to the product, ARM's UMLAL), the carries into h
// and into 0 kept and added at the end, then limbs 0 and h carried once
// more. The sums are equal to the Go code's (they are proved not to wrap),
// so the limbs are bit-identical and the generator's bounds proof of
// Mult32 on the loose bounds covers the assembly.
//
// Limb k is read before v's limb k is written and v's limbs are written in
// order, so v may alias a. The code is straight-line with addresses fixed
// by the arguments: constant time.

import (
	"fmt"
	"strings"
)

// asm32Mult32 reports whether asm32Generate writes Mult32 in assembly.
func (r *unsatRep) asm32Mult32() bool { return r.asm32 && !r.karatsuba }

// mult32Prepare checks the shape the Mult32 emitters are written for and
// returns the coefficient of the carry out of the top limb into limb 0.
func (r *unsatRep) mult32Prepare() (int64, error) {
	n := r.n()
	if r.word != 32 || r.karatsuba || n%2 != 0 {
		return 0, fmt.Errorf("%s: Mult32 assembly is written for an even number of 32-bit limbs without Karatsuba", r.typ)
	}
	// The Go code's proof, on the loose bounds Mult32Loose passes.
	var scratch unsatEmitter
	if _, err := r.emitMult32(&scratch, r.lbound); err != nil {
		return 0, err
	}
	var top int64
	for k := 0; k < n; k++ {
		t := r.carryTargets(k)
		if len(t) != 1 || (k < n-1 && (t[0].col != k+1 || t[0].coef != 1)) || (k == n-1 && t[0].col != 0) {
			return 0, fmt.Errorf("%s: carry out of limb %d is not what the Mult32 assembly expects", r.typ, k)
		}
		if k == n-1 {
			top = t[0].coef
		}
		if r.width[k] < 8 || r.width[k] > 31 {
			return 0, fmt.Errorf("%s: limb width %d", r.typ, r.width[k])
		}
	}
	if top < 1 || top > 255 {
		return 0, fmt.Errorf("%s: top carry coefficient %d is not an 8-bit immediate", r.typ, top)
	}
	return top, nil
}

// armHighMask is the BIC immediate that keeps the low w bits.
func armHighMask(w int) (string, error) {
	m := ^uint32(0) << w
	if !armImm(m) {
		return "", fmt.Errorf("mask of width %d is not an ARM immediate", w)
	}
	return fmt.Sprintf("$0x%x", m), nil
}

// armMult32 writes Mult32 for arm: a NOSPLIT leaf without a frame. R0 = v,
// R1 = a (then the low carry word of the second chain), R2 = y, R3… the
// half of the limbs in flight (MOVM), R9:R8 the first chain's carry and
// R12:R1 the second's.
func (r *unsatRep) armMult32(name string) (string, error) {
	top, err := r.mult32Prepare()
	if err != nil {
		return "", err
	}
	n, h := r.n(), r.n()/2
	if h > 5 {
		return "", fmt.Errorf("%s: arm Mult32 holds at most 5 limbs in R3–R7", r.typ)
	}
	var s asmText
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, a *%s, y uint32)", name, r.typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-12", name))
	s.op("MOVW", "v+0(FP)", "R0")
	s.op("MOVW", "a+4(FP)", "R1")
	s.op("MOVW", "y+8(FP)", "R2")
	list := fmt.Sprintf("[R3-R%d]", 2+h)
	reg := func(i int) string { return fmt.Sprintf("R%d", 3+i) }
	chain := func(first int, hi, lo string) error {
		s.comment("Limbs %d…%d: column k = a_k·y + the carry into k, in %s:%s.", first, first+h-1, hi, lo)
		s.op("MOVM.IA", "(R1)", list)
		for i := 0; i < h; i++ {
			k := first + i
			w := r.width[k]
			bic, err := armHighMask(w)
			if err != nil {
				return err
			}
			if i == 0 {
				s.op("MULLU", reg(i), "R2", "("+hi+", "+lo+")")
			} else {
				s.op("MULALU", reg(i), "R2", "("+hi+", "+lo+")")
			}
			s.op("BIC", bic, lo, reg(i))
			s.op("MOVW", fmt.Sprintf("%s>>%d", lo, w), lo)
			s.op("ORR", fmt.Sprintf("%s<<%d", hi, 32-w), lo)
			s.op("MOVW", fmt.Sprintf("%s>>%d", hi, w), hi)
		}
		return nil
	}
	if err := chain(0, "R9", "R8"); err != nil {
		return "", err
	}
	s.op("MOVM.IA", list, "(R0)")
	s.op("ADD", fmt.Sprintf("$%d", 4*h), "R1")
	if err := chain(h, "R12", "R1"); err != nil {
		return "", err
	}
	// Limb h (in R3) plus the carry out of h−1 (R9:R8), carried into h+1.
	wh := r.width[h]
	bic, err := armHighMask(wh)
	if err != nil {
		return "", err
	}
	s.comment("Limb %d gets the carry out of limb %d and is carried once more.", h, h-1)
	s.op("ADD.S", "R8", "R3")
	s.op("ADC", "$0", "R9")
	s.op("MOVW", fmt.Sprintf("R3>>%d", wh), "R8")
	s.op("ORR", fmt.Sprintf("R9<<%d", 32-wh), "R8")
	s.op("BIC", bic, "R3")
	s.op("ADD", "R8", "R4")
	s.op("ADD", fmt.Sprintf("$%d", 4*h), "R0", "R8")
	s.op("MOVM.IA", list, "(R8)")
	// Limb 0 plus top times the carry out of n−1 (R12:R1), carried into 1.
	w0 := r.width[0]
	if bic, err = armHighMask(w0); err != nil {
		return "", err
	}
	s.comment("Limb 0 gets %d times the carry out of limb %d and is carried once more.", top, n-1)
	s.op("MOVM.IA", "(R0)", "[R3-R4]")
	s.op("MOVW", fmt.Sprintf("$%d", top), "R5")
	s.op("MOVW", "$0", "R6")
	s.op("MULA", "R12", "R5", "R6", "R6")
	s.op("MULALU", "R1", "R5", "(R6, R3)")
	s.op("MOVW", fmt.Sprintf("R3>>%d", w0), "R7")
	s.op("ORR", fmt.Sprintf("R6<<%d", 32-w0), "R7")
	s.op("BIC", bic, "R3")
	s.op("ADD", "R7", "R4")
	s.op("MOVM.IA", "[R3-R4]", "(R0)")
	s.op("RET")
	return s.b.String(), nil
}

// x86Mult32 writes Mult32 for 386: DI = v, SI = a, CX:BX the carry,
// MULL's DX:AX the column (y read from the arguments, BP left alone); the first chain's last carry waits in
// the frame.
func (r *unsatRep) x86Mult32(name string) (string, error) {
	top, err := r.mult32Prepare()
	if err != nil {
		return "", err
	}
	n, h := r.n(), r.n()/2
	mask := func(k int) string { return fmt.Sprintf("$0x%x", unsatMaxWord(r.width[k])) }
	var s asmText
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, a *%s, y uint32)", name, r.typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $8-12", name))
	s.op("MOVL", "v+0(FP)", "DI")
	s.op("MOVL", "a+4(FP)", "SI")
	limb := func(k int) string { return fmt.Sprintf("%d(%s)", 4*k, "SI") }
	out := func(k int) string { return fmt.Sprintf("%d(%s)", 4*k, "DI") }
	for c, first := range []int{0, h} {
		s.comment("Limbs %d…%d: column k = a_k·y + the carry into k, in DX:AX.", first, first+h-1)
		for k := first; k < first+h; k++ {
			w := r.width[k]
			s.op("MOVL", limb(k), "AX")
			s.op("MULL", "y+8(FP)")
			if k != first {
				s.op("ADDL", "BX", "AX")
				s.op("ADCL", "CX", "DX")
			}
			s.op("MOVL", "AX", "BX")
			s.op("ANDL", mask(k), "AX")
			s.op("MOVL", "AX", out(k))
			s.op("SHRL", fmt.Sprintf("$%d", w), "DX", "BX")
			s.op("SHRL", fmt.Sprintf("$%d", w), "DX")
			s.op("MOVL", "DX", "CX")
		}
		if c == 0 {
			s.op("MOVL", "BX", "0(SP)")
			s.op("MOVL", "CX", "4(SP)")
		}
	}
	s.comment("Limb 0 gets %d times the carry out of limb %d and is carried once more.", top, n-1)
	s.op("IMUL3L", fmt.Sprintf("$%d", top), "CX", "CX")
	s.op("MOVL", fmt.Sprintf("$%d", top), "AX")
	s.op("MULL", "BX")
	s.op("ADDL", "CX", "DX")
	s.op("ADDL", out(0), "AX")
	s.op("ADCL", "$0", "DX")
	s.op("MOVL", "AX", "BX")
	s.op("ANDL", mask(0), "AX")
	s.op("MOVL", "AX", out(0))
	s.op("SHRL", fmt.Sprintf("$%d", r.width[0]), "DX", "BX")
	s.op("ADDL", "BX", out(1))
	s.comment("Limb %d gets the carry out of limb %d and is carried once more.", h, h-1)
	s.op("MOVL", out(h), "AX")
	s.op("ADDL", "0(SP)", "AX")
	s.op("MOVL", "4(SP)", "DX")
	s.op("ADCL", "$0", "DX")
	s.op("MOVL", "AX", "BX")
	s.op("ANDL", mask(h), "AX")
	s.op("MOVL", "AX", out(h))
	s.op("SHRL", fmt.Sprintf("$%d", r.width[h]), "DX", "BX")
	s.op("ADDL", "BX", out(h+1))
	s.op("RET")
	return s.b.String(), nil
}

// asm32Loose reports whether asm32Generate writes the loose Add and
// Subtract (limb by limb, no carry) in assembly.
func (r *unsatRep) asm32Loose() bool {
	return r.asm32 && !r.karatsuba && !r.looseAddCarry && !r.looseSubCarry
}

// loosePrepare checks the Go code's proof of the loose Add or Subtract (a
// sum or difference per limb, without a carry) and returns the constants
// k·p_k that Subtract adds.
func (r *unsatRep) loosePrepare(sub bool) ([]uint32, error) {
	if !r.asm32Loose() {
		return nil, fmt.Errorf("%s: no loose assembly for this representation", r.typ)
	}
	var scratch unsatEmitter
	if _, err := r.emitLooseAddSub(&scratch, sub, r.bound); err != nil {
		return nil, err
	}
	c := make([]uint32, r.n())
	for k := range c {
		if sub {
			c[k] = uint32(r.subLimb(k).Uint64())
		}
	}
	return c, nil
}

// armConst returns the two instructions that set a register to x: a MOVW
// of an encodable x + d and a SUB of an encodable d.
func armConst(x uint32) (hi, d uint32, err error) {
	for d := uint32(1); d < 256; d++ {
		if armImm(x + d) {
			return x + d, d, nil
		}
	}
	return 0, 0, fmt.Errorf("constant %#x is not an encodable value minus a byte", x)
}

// armLoose writes the loose Add (v = a + b) or Subtract (v = a + k·p − b)
// for arm, limb by limb in uint32 as the Go code: a NOSPLIT leaf without a
// frame, R0, R1, R2 = v, a, b walking the limbs in groups (MOVM with
// writeback), Subtract's two most used non-encodable constants in R9 and
// R12 and the others as one of them plus an encodable difference.
func (r *unsatRep) armLoose(name string, sub bool) (string, error) {
	c, err := r.loosePrepare(sub)
	if err != nil {
		return "", err
	}
	n := r.n()
	var s asmText
	s.line("")
	s.line(fmt.Sprintf("// func %s(v *%sLoose, a, b *%s)", name, r.typ, r.typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-12", name))
	s.op("MOVW", "v+0(FP)", "R0")
	s.op("MOVW", "a+4(FP)", "R1")
	s.op("MOVW", "b+8(FP)", "R2")
	areg, breg := []string{"R3", "R4", "R5", "R6"}, []string{"R7", "R8", "R9", "R12"}
	// creg[k] is the register and delta of limb k's constant.
	type kc struct {
		reg   string
		delta int64
	}
	cfor := make([]kc, n)
	if sub {
		areg, breg = []string{"R3", "R4", "R5"}, []string{"R6", "R7", "R8"}
		count := map[uint32]int{}
		for _, x := range c {
			if !armImm(x) {
				count[x]++
			}
		}
		var vals []uint32
		for x := range count {
			vals = append(vals, x)
		}
		// Most used first, then the smaller value, for a deterministic text.
		for i := range vals {
			for j := i + 1; j < len(vals); j++ {
				if count[vals[j]] > count[vals[i]] || count[vals[j]] == count[vals[i]] && vals[j] < vals[i] {
					vals[i], vals[j] = vals[j], vals[i]
				}
			}
		}
		regs := []string{"R9", "R12"}
		if len(vals) > len(regs) {
			vals = vals[:len(regs)]
		}
		s.comment("The constants k·p_k of the limbs that are not immediates.")
		for i, x := range vals {
			hi, d, err := armConst(x)
			if err != nil {
				return "", err
			}
			s.op("MOVW", fmt.Sprintf("$0x%x", hi), regs[i])
			s.op("SUB", fmt.Sprintf("$%d", d), regs[i])
		}
		for k, x := range c {
			if armImm(x) {
				continue
			}
			// The register holding x itself, else the smallest difference.
			found := false
			for i, y := range vals {
				delta := int64(x) - int64(y)
				ok := delta == 0 || armImm(uint32(delta)) || armImm(uint32(-delta))
				if ok && (!found || delta == 0 || abs64(delta) < abs64(cfor[k].delta) && cfor[k].delta != 0) {
					cfor[k], found = kc{regs[i], delta}, true
				}
			}
			if !found {
				return "", fmt.Errorf("%s: limb %d's constant %#x is not reachable from the registers", r.typ, k, x)
			}
		}
	}
	g := len(areg)
	for first := 0; first < n; first += g {
		m := min(g, n-first)
		al, bl := "["+strings.Join(areg[:m], ",")+"]", "["+strings.Join(breg[:m], ",")+"]"
		s.op("MOVM.IA.W", "(R1)", al)
		s.op("MOVM.IA.W", "(R2)", bl)
		for i := 0; i < m; i++ {
			k := first + i
			if !sub {
				s.op("ADD", breg[i], areg[i])
				continue
			}
			switch kk := cfor[k]; {
			case armImm(c[k]):
				s.op("ADD", fmt.Sprintf("$0x%x", c[k]), areg[i])
			default:
				s.op("ADD", kk.reg, areg[i])
				if kk.delta > 0 {
					s.op("ADD", fmt.Sprintf("$0x%x", kk.delta), areg[i])
				} else if kk.delta < 0 {
					s.op("SUB", fmt.Sprintf("$0x%x", -kk.delta), areg[i])
				}
			}
			s.op("SUB", breg[i], areg[i])
		}
		s.op("MOVM.IA.W", al, "(R0)")
	}
	s.op("RET")
	return s.b.String(), nil
}

// x86Loose writes the loose Add or Subtract for 386: DI, SI, BX = v, a, b,
// one limb at a time through AX.
func (r *unsatRep) x86Loose(name string, sub bool) (string, error) {
	c, err := r.loosePrepare(sub)
	if err != nil {
		return "", err
	}
	var s asmText
	s.line("")
	s.line(fmt.Sprintf("// func %s(v *%sLoose, a, b *%s)", name, r.typ, r.typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-12", name))
	s.op("MOVL", "v+0(FP)", "DI")
	s.op("MOVL", "a+4(FP)", "SI")
	s.op("MOVL", "b+8(FP)", "BX")
	for k := 0; k < r.n(); k++ {
		s.op("MOVL", fmt.Sprintf("%d(SI)", 4*k), "AX")
		if sub {
			s.op("ADDL", fmt.Sprintf("$0x%x", c[k]), "AX")
			s.op("SUBL", fmt.Sprintf("%d(BX)", 4*k), "AX")
		} else {
			s.op("ADDL", fmt.Sprintf("%d(BX)", 4*k), "AX")
		}
		s.op("MOVL", "AX", fmt.Sprintf("%d(DI)", 4*k))
	}
	s.op("RET")
	return s.b.String(), nil
}

func abs64(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// armSwap writes Swap for arm: m = −cond, then per limb t = m & (v ^ u),
// v ^= t, u ^= t as the Go code, three limbs of each at a time (MOVM) with
// R9 for t: a NOSPLIT leaf without a frame.
func (r *unsatRep) armSwap(name string) (string, error) {
	if !r.asm32Loose() {
		return "", fmt.Errorf("%s: no Swap assembly for this representation", r.typ)
	}
	n := r.n()
	var s asmText
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, u *%s, cond int)", name, r.typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-12", name))
	s.op("MOVW", "v+0(FP)", "R0")
	s.op("MOVW", "u+4(FP)", "R1")
	s.op("MOVW", "cond+8(FP)", "R2")
	s.op("RSB", "$0", "R2")
	vreg, ureg := []string{"R3", "R4", "R5"}, []string{"R6", "R7", "R8"}
	for first := 0; first < n; first += len(vreg) {
		m := min(len(vreg), n-first)
		vl, ul := "["+strings.Join(vreg[:m], ",")+"]", "["+strings.Join(ureg[:m], ",")+"]"
		s.op("MOVM.IA", "(R0)", vl)
		s.op("MOVM.IA", "(R1)", ul)
		for i := 0; i < m; i++ {
			s.op("EOR", ureg[i], vreg[i], "R9")
			s.op("AND", "R2", "R9")
			s.op("EOR", "R9", vreg[i])
			s.op("EOR", "R9", ureg[i])
		}
		s.op("MOVM.IA.W", vl, "(R0)")
		s.op("MOVM.IA.W", ul, "(R1)")
	}
	s.op("RET")
	return s.b.String(), nil
}

// x86Swap writes Swap for 386: DX = −cond, then per limb AX = t and two
// XORs into memory.
func (r *unsatRep) x86Swap(name string) (string, error) {
	if !r.asm32Loose() {
		return "", fmt.Errorf("%s: no Swap assembly for this representation", r.typ)
	}
	var s asmText
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, u *%s, cond int)", name, r.typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-12", name))
	s.op("MOVL", "v+0(FP)", "DI")
	s.op("MOVL", "u+4(FP)", "SI")
	s.op("MOVL", "cond+8(FP)", "DX")
	s.op("NEGL", "DX")
	for k := 0; k < r.n(); k++ {
		v, u := fmt.Sprintf("%d(DI)", 4*k), fmt.Sprintf("%d(SI)", 4*k)
		s.op("MOVL", v, "AX")
		s.op("XORL", u, "AX")
		s.op("ANDL", "DX", "AX")
		s.op("XORL", "AX", v)
		s.op("XORL", "AX", u)
	}
	s.op("RET")
	return s.b.String(), nil
}
