package field

// The arm and 386 emitters of the small operations of the 32-bit
// representations: Mult32 (v = a·y for a uint32 y), the loose Add and
// Subtract, the carried Add, Subtract, Negate and CondNegate, and Swap
// (asm32swap.go's word-wise emitter), for fe2625 and fe28 alike; what differs between them (the limb widths, the k·p constants, the
// targets of the top limb's carry: limb 0 times 19 for fe2625, limbs 0 and 8
// for fe28) is data the emitters read from the representation.
//
// As for Multiply and Square (unsatasm32.go), the assembly is not a second
// derivation. Mult32's column k is a_k·y as a 64-bit sum, and the carries
// are emitMult32's, variable for variable, in the order unsatasm32.go
// describes: the chain 0→…→h−1, then h→…→n−1, each column multiplied just
// before its carry (with the incoming carry added to the product, ARM's
// UMLAL), the carries into h and into the top limb's targets kept and added
// at the end, then limbs 0 and h carried once more. The sums are equal to
// the Go code's (they are proved not to wrap), so the limbs are
// bit-identical and the generator's bounds proof of Mult32 on the loose
// bounds covers the assembly. The carried routines compute the Go code's
// t_k = a_k (+ k·p_k) ± b_k (Negate and CondNegate: k·p_k − a_k) in uint32
// and its one parallel carry, v_k = t_k mod 2^w_k + t_(k−1)>>w_(k−1) (+
// c·(t_(n−1)>>w_(n−1)) for the top limb's targets), with the same wrapping
// sums; CondNegate then keeps v_k or that by the mask −cond.
//
// Limb k is read before v's limb k is written and v's limbs are written in
// order (Mult32 and the carried Add and Subtract then reread the two limbs
// they carry once more, or read the top limbs first, which v writes last),
// so v may alias a and b. The code is straight-line with addresses fixed
// by the arguments: constant time.

import (
	"fmt"
	"strings"
)

// asm32Mult32 reports whether asm32Generate writes Mult32 in assembly.
func (r *unsatRep) asm32Mult32() bool { return r.asm32 }

// mult32Top is where the carry out of the top limb goes: limb 0 times c0
// (0: not there) and, with coefficient 1, limb h (addH), the start of the
// second chain (fe28: 2^448 ≡ 2^224 + 1).
type mult32Top struct {
	c0   int64
	addH bool
}

// mult32Prepare checks the shape the Mult32 emitters are written for and
// returns the targets of the carry out of the top limb.
func (r *unsatRep) mult32Prepare() (mult32Top, error) {
	var top mult32Top
	n, h := r.n(), r.n()/2
	if r.word != 32 || n%2 != 0 {
		return top, fmt.Errorf("%s: Mult32 assembly is written for an even number of 32-bit limbs", r.typ)
	}
	// The Go code's proof, on the loose bounds Mult32Loose passes.
	var scratch unsatEmitter
	if _, err := r.emitMult32(&scratch, r.lbound); err != nil {
		return top, err
	}
	for k := 0; k < n; k++ {
		t := r.carryTargets(k)
		if k < n-1 && (len(t) != 1 || t[0].col != k+1 || t[0].coef != 1) {
			return top, fmt.Errorf("%s: carry out of limb %d is not what the Mult32 assembly expects", r.typ, k)
		}
		if k == n-1 {
			for _, u := range t {
				switch {
				case u.col == 0:
					top.c0 = u.coef
				case u.col == h && u.coef == 1:
					top.addH = true
				default:
					return top, fmt.Errorf("%s: the top carry goes to limb %d times %d", r.typ, u.col, u.coef)
				}
			}
		}
		if r.width[k] < 8 || r.width[k] > 31 {
			return top, fmt.Errorf("%s: limb width %d", r.typ, r.width[k])
		}
	}
	if top.c0 < 1 || top.c0 > 255 {
		return top, fmt.Errorf("%s: top carry coefficient %d is not an 8-bit immediate", r.typ, top.c0)
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

// armMult32Column writes column k of Mult32 on arm: hi:lo = a_k·y (+ hi:lo,
// the carry into k, unless first), limb k = its low w bits in reg, hi:lo =
// the carry out of k.
func (r *unsatRep) armMult32Column(s *asmText, k int, reg, hi, lo string, first bool) error {
	w := r.width[k]
	bic, err := armHighMask(w)
	if err != nil {
		return err
	}
	if first {
		s.op("MULLU", reg, "R2", "("+hi+", "+lo+")")
	} else {
		s.op("MULALU", reg, "R2", "("+hi+", "+lo+")")
	}
	s.op("BIC", bic, lo, reg)
	s.op("MOVW", fmt.Sprintf("%s>>%d", lo, w), lo)
	s.op("ORR", fmt.Sprintf("%s<<%d", hi, 32-w), lo)
	s.op("MOVW", fmt.Sprintf("%s>>%d", hi, w), hi)
	return nil
}

// armMult32 writes Mult32 for arm: a NOSPLIT leaf without a frame. R0 = v,
// R1 = a (then the low carry word of the second chain), R2 = y, R3… the
// half of the limbs in flight (MOVM), R9:R8 the first chain's carry and
// R12:R1 the second's. A half of more than 5 limbs, or a top carry that
// also goes to limb h, takes armMult32Batched.
func (r *unsatRep) armMult32(name string) (string, error) {
	tops, err := r.mult32Prepare()
	if err != nil {
		return "", err
	}
	n, h := r.n(), r.n()/2
	if h > 5 || tops.addH {
		return r.armMult32Batched(name, tops)
	}
	top := tops.c0
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
			if err := r.armMult32Column(&s, first+i, reg(i), hi, lo, i == 0); err != nil {
				return err
			}
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

// armMult32Batched writes Mult32 for arm when a half does not fit the
// registers (fe28: 8 limbs): R0 = v, R1 = a, R2 = y, limbs in batches of 4
// in R3–R6 (MOVM with writeback on a and v), R8:R7 the first chain's carry
// (kept for limb h), R12:R9 the second's (kept for the top carry's
// targets). Limbs 0, 1, h and h+1 are reread from v at the end and carried
// once more: a NOSPLIT leaf without a frame.
func (r *unsatRep) armMult32Batched(name string, top mult32Top) (string, error) {
	n, h := r.n(), r.n()/2
	if top.c0 != 1 {
		return "", fmt.Errorf("%s: batched arm Mult32 adds the top carry to limb 0 with coefficient 1, not %d", r.typ, top.c0)
	}
	const g = 4
	var s asmText
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, a *%s, y uint32)", name, r.typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-12", name))
	s.op("MOVW", "v+0(FP)", "R0")
	s.op("MOVW", "a+4(FP)", "R1")
	s.op("MOVW", "y+8(FP)", "R2")
	for c, first := range []int{0, h} {
		hi, lo := "R8", "R7"
		if c == 1 {
			hi, lo = "R12", "R9"
		}
		s.comment("Limbs %d…%d: column k = a_k·y + the carry into k, in %s:%s.", first, first+h-1, hi, lo)
		for b := first; b < first+h; b += g {
			m := min(g, first+h-b)
			list := fmt.Sprintf("[R3-R%d]", 2+m)
			s.op("MOVM.IA.W", "(R1)", list)
			for i := 0; i < m; i++ {
				if err := r.armMult32Column(&s, b+i, fmt.Sprintf("R%d", 3+i), hi, lo, b+i == first); err != nil {
					return "", err
				}
			}
			s.op("MOVM.IA.W", list, "(R0)")
		}
	}
	// fin carries limb k (R3, plus the 64-bit sum hi:R3) into k+1 (R4).
	fin := func(k int, hi string) error {
		bic, err := armHighMask(r.width[k])
		if err != nil {
			return err
		}
		s.op("MOVW", fmt.Sprintf("R3>>%d", r.width[k]), "R5")
		s.op("ORR", fmt.Sprintf("%s<<%d", hi, 32-r.width[k]), "R5")
		s.op("BIC", bic, "R3")
		s.op("ADD", "R5", "R4")
		return nil
	}
	also := ""
	if top.addH {
		also = fmt.Sprintf(" and the one out of limb %d", n-1)
	}
	s.comment("Limb %d gets the carry out of limb %d%s and is carried once more.", h, h-1, also)
	s.op("SUB", fmt.Sprintf("$%d", 4*(n-h)), "R0", "R1")
	s.op("MOVM.IA", "(R1)", "[R3-R4]")
	s.op("ADD.S", "R7", "R3")
	s.op("ADC", "$0", "R8")
	if top.addH {
		s.op("ADD.S", "R9", "R3")
		s.op("ADC", "R12", "R8")
	}
	if err := fin(h, "R8"); err != nil {
		return "", err
	}
	s.op("MOVM.IA", "[R3-R4]", "(R1)")
	s.comment("Limb 0 gets the carry out of limb %d and is carried once more.", n-1)
	s.op("SUB", fmt.Sprintf("$%d", 4*n), "R0")
	s.op("MOVM.IA", "(R0)", "[R3-R4]")
	s.op("ADD.S", "R9", "R3")
	s.op("ADC", "$0", "R12")
	if err := fin(0, "R12"); err != nil {
		return "", err
	}
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
	if top.addH {
		// The carry out of n−1 (CX:BX) goes to limb h too: SI, free
		// now, takes limb 0's carry.
		if top.c0 != 1 {
			return "", fmt.Errorf("%s: 386 Mult32 adds a top carry that also goes to limb %d to limb 0 with coefficient 1, not %d", r.typ, h, top.c0)
		}
		s.comment("Limb 0 gets the carry out of limb %d and is carried once more.", n-1)
		s.op("MOVL", out(0), "AX")
		s.op("ADDL", "BX", "AX")
		s.op("MOVL", "CX", "DX")
		s.op("ADCL", "$0", "DX")
		s.op("MOVL", "AX", "SI")
		s.op("ANDL", mask(0), "AX")
		s.op("MOVL", "AX", out(0))
		s.op("SHRL", fmt.Sprintf("$%d", r.width[0]), "DX", "SI")
		s.op("ADDL", "SI", out(1))
		s.comment("Limb %d gets the carries out of limbs %d and %d and is carried once more.", h, h-1, n-1)
	} else {
		s.comment("Limb 0 gets %d times the carry out of limb %d and is carried once more.", top.c0, n-1)
		s.op("IMUL3L", fmt.Sprintf("$%d", top.c0), "CX", "CX")
		s.op("MOVL", fmt.Sprintf("$%d", top.c0), "AX")
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
	}
	s.op("MOVL", out(h), "AX")
	s.op("ADDL", "0(SP)", "AX")
	s.op("MOVL", "4(SP)", "DX")
	s.op("ADCL", "$0", "DX")
	if top.addH {
		s.op("ADDL", "BX", "AX")
		s.op("ADCL", "CX", "DX")
	}
	s.op("MOVL", "AX", "BX")
	s.op("ANDL", mask(h), "AX")
	s.op("MOVL", "AX", out(h))
	s.op("SHRL", fmt.Sprintf("$%d", r.width[h]), "DX", "BX")
	s.op("ADDL", "BX", out(h+1))
	s.op("RET")
	return s.b.String(), nil
}

// asm32Swap reports whether asm32Generate writes Swap in assembly.
func (r *unsatRep) asm32Swap() bool { return r.asm32 }

// asm32LooseAdd and asm32LooseSub report whether the loose Add and Subtract
// run assembly: limb by limb without a carry (LooseAddAsm,
// LooseSubtractAsm), or, where the loose form carries (fe28's Subtract),
// the carried routine of the tight one (AddAsm, SubtractAsm).
func (r *unsatRep) asm32LooseAdd() bool { return r.asm32 && (!r.looseAddCarry || r.asm32AddSub()) }
func (r *unsatRep) asm32LooseSub() bool { return r.asm32 && (!r.looseSubCarry || r.asm32AddSub()) }

// asm32AddSub reports whether the carried routines (the tight Add and
// Subtract, Negate and CondNegate: one parallel carry) run assembly: where every carry but the top limb's has coefficient
// 1 and goes to the next limb (fe28; fe2625, whose top carry is 19 times
// into limb 0). carriedPrepare checks the rest of the shape.
func (r *unsatRep) asm32AddSub() bool {
	if !r.asm32 || r.word != 32 {
		return false
	}
	for k := 0; k < r.n()-1; k++ {
		for _, t := range r.carryTargets(k) {
			if t.coef != 1 {
				return false
			}
		}
	}
	return true
}

// loosePrepare checks the Go code's proof of the loose Add or Subtract (a
// sum or difference per limb, without a carry) and returns the constants
// k·p_k that Subtract adds.
func (r *unsatRep) loosePrepare(sub bool) ([]uint32, error) {
	if sub && (!r.asm32 || r.looseSubCarry) || !sub && (!r.asm32 || r.looseAddCarry) {
		return nil, fmt.Errorf("%s: no uncarried loose assembly for this representation", r.typ)
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

// armImmSum writes d as at most two signed terms whose magnitudes are arm
// immediates (none for d = 0): d itself, or d ∓ f and ±f for a byte f.
func armImmSum(d int64) ([]int64, error) {
	enc := func(x int64) bool { return x == 0 || x > -1<<32 && x < 1<<32 && armImm(uint32(abs64(x))) }
	if d == 0 {
		return nil, nil
	}
	if enc(d) {
		return []int64{d}, nil
	}
	for f := int64(1); f < 256; f++ {
		for _, e := range []int64{d - f, d + f} {
			if enc(e) {
				return []int64{e, d - e}, nil
			}
		}
	}
	return nil, fmt.Errorf("%#x is not the sum of two immediates", d)
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

// armSwap writes Swap for arm (armSwapWords).
func (r *unsatRep) armSwap(name string) (string, error) {
	if !r.asm32Swap() {
		return "", fmt.Errorf("%s: no Swap assembly for this representation", r.typ)
	}
	var s asmText
	armSwapWords(&s, name, r.typ, r.n())
	return s.b.String(), nil
}

// x86Swap writes Swap for 386 (x86SwapWords).
func (r *unsatRep) x86Swap(name string) (string, error) {
	if !r.asm32Swap() {
		return "", fmt.Errorf("%s: no Swap assembly for this representation", r.typ)
	}
	var s asmText
	x86SwapWords(&s, name, r.typ, r.n())
	return s.b.String(), nil
}

// carriedMode is what a carried routine computes before its one parallel
// carry: t_k = a_k + b_k (Add), a_k + k·p_k − b_k (Subtract), k·p_k − a_k
// (Negate), or k·p_k − v_k selected with v by a mask of cond (CondNegate).
type carriedMode int

const (
	carriedAdd carriedMode = iota
	carriedSub
	carriedNeg
	carriedCondNeg
)

// sub reports whether the mode adds the constants k·p_k.
func (m carriedMode) sub() bool { return m != carriedAdd }

// neg reports whether the mode has one operand, subtracted from k·p_k.
func (m carriedMode) neg() bool { return m == carriedNeg || m == carriedCondNeg }

// carriedPrepare checks the Go code's proof of the tight Add or Subtract
// (t_k = a_k + b_k or a_k + k·p_k − b_k, then one parallel carry) and the
// carry shape the emitters are written for: limb k into k+1 with
// coefficient 1, the top limb into the limbs of tops with their
// coefficients (one coefficient for all of them, below 2^8). It returns the
// constants k·p_k of Subtract and the negations (zeros for Add).
func (r *unsatRep) carriedPrepare(mode carriedMode) (c []uint32, tops map[int]uint32, err error) {
	if !r.asm32AddSub() {
		return nil, nil, fmt.Errorf("%s: no carried Add/Subtract assembly for this representation", r.typ)
	}
	var scratch unsatEmitter
	if mode.neg() {
		_, err = r.emitNegate(&scratch, mode == carriedCondNeg, r.bound)
	} else {
		_, err = r.emitAddSub(&scratch, mode.sub(), r.bound)
	}
	if err != nil {
		return nil, nil, err
	}
	n := r.n()
	tops = map[int]uint32{}
	for k := 0; k < n; k++ {
		t := r.carryTargets(k)
		if k < n-1 && (len(t) != 1 || t[0].col != k+1 || t[0].coef != 1) {
			return nil, nil, fmt.Errorf("%s: carry out of limb %d is not what the carried assembly expects", r.typ, k)
		}
		if k == n-1 {
			for _, u := range t {
				if u.col == n-1 {
					return nil, nil, fmt.Errorf("%s: the top carry goes to the top limb", r.typ)
				}
				if u.coef != t[0].coef || u.coef < 1 || u.coef > 255 {
					return nil, nil, fmt.Errorf("%s: top carry coefficients %v", r.typ, t)
				}
				tops[u.col] = uint32(u.coef)
			}
		}
		if r.width[k] < 8 || r.width[k] > 31 {
			return nil, nil, fmt.Errorf("%s: limb width %d", r.typ, r.width[k])
		}
	}
	c = make([]uint32, n)
	for k := range c {
		if mode.sub() {
			c[k] = uint32(r.subLimb(k).Uint64())
		}
	}
	return c, tops, nil
}

// topCoef returns the coefficient of the top carry, the same for all its
// targets (carriedPrepare checks).
func topCoef(tops map[int]uint32) uint32 {
	for _, c := range tops {
		return c
	}
	return 1
}

// carriedSignature returns the Go signature of a carried routine and its
// ABI0 argument size.
func (r *unsatRep) carriedSignature(mode carriedMode) (string, int) {
	switch mode {
	case carriedNeg:
		return fmt.Sprintf("(v, a *%s)", r.typ), 8
	case carriedCondNeg:
		return fmt.Sprintf("(v *%s, cond int)", r.typ), 8
	}
	return fmt.Sprintf("(v, a, b *%s)", r.typ), 12
}

// armCarried writes a carried routine for arm: t_k as mode says (Add a_k +
// b_k, Subtract a_k + k·p_k − b_k, Negate k·p_k − a_k, CondNegate k·p_k −
// v_k), v_k = t_k mod 2^w_k + t_(k−1)>>w_(k−1) (+ c·(t_(n−1)>>w_(n−1))
// into the top carry's targets) as the Go code, and for CondNegate v_k ^=
// m & (v_k ^ that) with m = −cond: a NOSPLIT leaf without a frame. R0 is
// v, R1 and R2 the operands (CondNegate reads v through R0 without
// writeback, R1 is its scratch and R2 its mask), walking the limbs in
// batches (MOVM with writeback); t_(n−1) first, into R9; a batch's t_k in
// the a registers, the last one in R8 for the next batch; v_k built in the
// b registers (which hold the operand of the negations); the most used
// constant k·p_k in R12, the others as it plus immediates; a top carry
// coefficient c other than 1 multiplied once, by shifts and adds, into a
// spare register.
func (r *unsatRep) armCarried(name string, mode carriedMode) (string, error) {
	c, tops, err := r.carriedPrepare(mode)
	if err != nil {
		return "", err
	}
	n := r.n()
	sig, argSize := r.carriedSignature(mode)
	var s asmText
	s.line("")
	s.line(fmt.Sprintf("// func %s%s", name, sig))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-%d", name, argSize))
	s.op("MOVW", "v+0(FP)", "R0")
	in := "R1" // the operand subtracted, or added for Add
	switch mode {
	case carriedAdd, carriedSub:
		s.op("MOVW", "a+4(FP)", "R1")
		s.op("MOVW", "b+8(FP)", "R2")
		in = "R2"
	case carriedNeg:
		s.op("MOVW", "a+4(FP)", "R1")
	case carriedCondNeg:
		in = "R0"
		s.op("MOVW", "cond+4(FP)", "R2")
		s.op("RSB", "$0", "R2")
	}
	areg, breg := []string{"R3", "R4", "R5"}, []string{"R6", "R7", "R12"}
	var kc uint32
	if mode.sub() {
		areg, breg = []string{"R3", "R4"}, []string{"R5", "R6"}
		count := map[uint32]int{}
		for _, x := range c {
			count[x]++
			if count[x] > count[kc] || count[x] == count[kc] && x < kc {
				kc = x
			}
		}
		hi, d, err := armConst(kc)
		if err != nil {
			return "", err
		}
		s.comment("The most used constant k·p_k, %#x.", kc)
		s.op("MOVW", fmt.Sprintf("$0x%x", hi), "R12")
		s.op("SUB", fmt.Sprintf("$%d", d), "R12")
	}
	// t sets out = dst ± b of limb k (dst holds a_k; the negations
	// ignore it: out = k·p_k − b).
	t := func(k int, b, dst, out string) error {
		if !mode.sub() {
			if out != dst {
				s.op("ADD", b, dst, out)
			} else {
				s.op("ADD", b, dst)
			}
			return nil
		}
		if mode.neg() {
			s.op("SUB", b, "R12", out)
		} else {
			s.op("ADD", "R12", dst)
		}
		ds, err := armImmSum(int64(c[k]) - int64(kc))
		if err != nil {
			return fmt.Errorf("%s: limb %d's constant %#x from %#x: %v", r.typ, k, c[k], kc, err)
		}
		acc := dst
		if mode.neg() {
			acc = out
		}
		for _, d := range ds {
			if d > 0 {
				s.op("ADD", fmt.Sprintf("$0x%x", d), acc)
			} else {
				s.op("SUB", fmt.Sprintf("$0x%x", -d), acc)
			}
		}
		if mode.neg() {
			return nil
		}
		if out != dst {
			s.op("SUB", b, dst, out)
		} else {
			s.op("SUB", b, dst)
		}
		return nil
	}
	// Limbs 0…n−2 go in batches of g, the odd ones first: a batch's first
	// limb reads the previous batch's t from R8, its last writes R8.
	g := len(areg)
	first := (n - 1) % g
	if first == 0 {
		first = g
	}
	// A top carry with a coefficient other than 1 is multiplied once, into
	// rc: a register no batch loads, or R8 while the first batch has not
	// written it.
	coef, rc := topCoef(tops), ""
	if coef != 1 {
		used := map[string]bool{"R12": mode.sub()} // k·p_k's register
		for _, x := range append(append([]string{}, areg...), breg...) {
			used[x] = true
		}
		for _, x := range []string{"R7", "R12"} {
			if !used[x] {
				rc = x
				break
			}
		}
		if rc == "" {
			for k := range tops {
				if k >= first-1 {
					return "", fmt.Errorf("%s: no register for the top carry times %d into limb %d", r.typ, coef, k)
				}
			}
			rc = "R8"
		}
	}
	// carryIn adds to dst what limb k receives: t_(k−1)>>w from prev, and
	// t_(n−1)>>w (times its coefficient, rc) if k is a target of the top
	// carry.
	carryIn := func(k int, prev, dst string) {
		if k > 0 {
			s.op("ADD", fmt.Sprintf("%s>>%d", prev, r.width[k-1]), dst)
		}
		if tops[k] == 1 {
			s.op("ADD", fmt.Sprintf("R9>>%d", r.width[n-1]), dst)
		} else if tops[k] != 0 {
			s.op("ADD", rc, dst)
		}
	}
	// sel sets v = v ^ (m & (v ^ nv)) for CondNegate, nv clobbered.
	sel := func(v, nv string) {
		s.op("EOR", v, nv)
		s.op("AND", "R2", nv)
		s.op("EOR", nv, v)
	}
	s.comment("t_%d, read first (v writes limb %d last), into R9.", n-1, n-1)
	if !mode.neg() {
		s.op("MOVW", fmt.Sprintf("%d(R1)", 4*(n-1)), "R9")
	}
	s.op("MOVW", fmt.Sprintf("%d(%s)", 4*(n-1), in), "R3")
	if err := t(n-1, "R3", "R9", "R9"); err != nil {
		return "", err
	}
	if rc != "" {
		s.comment("The top carry times %d, as shifts and adds of t_%d>>%d (R3), into %s.", coef, n-1, r.width[n-1], rc)
		s.op("MOVW", fmt.Sprintf("R9>>%d", r.width[n-1]), "R3")
		var bits []int
		for j := 0; j < 8; j++ {
			if coef>>j&1 == 1 {
				bits = append(bits, j)
			}
		}
		switch {
		case bits[0] == 0:
			s.op("ADD", fmt.Sprintf("R3<<%d", bits[1]), "R3", rc)
			bits = bits[2:]
		default:
			s.op("MOVW", fmt.Sprintf("R3<<%d", bits[0]), rc)
			bits = bits[1:]
		}
		for _, j := range bits {
			s.op("ADD", fmt.Sprintf("R3<<%d", j), rc)
		}
	}
	prev := "R8"
	for b := 0; b < n-1; {
		m := first
		if b > 0 {
			m = g
		}
		al, bl := "["+strings.Join(areg[:m], ",")+"]", "["+strings.Join(breg[:m], ",")+"]"
		switch mode {
		case carriedAdd, carriedSub:
			s.op("MOVM.IA.W", "(R1)", al)
			s.op("MOVM.IA.W", "(R2)", bl)
		case carriedNeg:
			s.op("MOVM.IA.W", "(R1)", bl)
		case carriedCondNeg:
			s.op("MOVM.IA", "(R0)", bl)
		}
		for i := 0; i < m; i++ {
			k := b + i
			bic, err := armHighMask(r.width[k])
			if err != nil {
				return "", err
			}
			out := areg[i]
			if i == m-1 {
				out = "R8"
			}
			if i == m-1 && i == 0 && k > 0 {
				return "", fmt.Errorf("%s: a batch of one limb after the first", r.typ)
			}
			if err := t(k, breg[i], areg[i], out); err != nil {
				return "", err
			}
			if mode == carriedCondNeg {
				s.op("BIC", bic, out, "R1")
				carryIn(k, prev, "R1")
				sel(breg[i], "R1")
			} else {
				s.op("BIC", bic, out, breg[i])
				carryIn(k, prev, breg[i])
			}
			prev = out
		}
		s.op("MOVM.IA.W", bl, "(R0)")
		b += m
	}
	bic, err := armHighMask(r.width[n-1])
	if err != nil {
		return "", err
	}
	s.op("BIC", bic, "R9", "R3")
	carryIn(n-1, prev, "R3")
	if mode == carriedCondNeg {
		s.op("MOVW", "(R0)", "R4")
		sel("R4", "R3")
		s.op("MOVW", "R4", "(R0)")
	} else {
		s.op("MOVW", "R3", "(R0)")
	}
	s.op("RET")
	return s.b.String(), nil
}

// x86Carried writes a carried routine (armCarried's modes) for 386: DI,
// SI, BX = v, a, b (Negate: v, a; CondNegate: v, and BX its mask −cond);
// per limb t_k in AX, its carry t_k>>w in CX or DX by turns (the next limb
// adds it), t_(n−1)>>w (times the top carry's coefficient, IMUL3L)
// computed first and kept in the frame for the top carry's targets; limb
// n−1 is read again at the end (v writes it last). CondNegate selects with
// three instructions, the last an exclusive or into v.
func (r *unsatRep) x86Carried(name string, mode carriedMode) (string, error) {
	c, tops, err := r.carriedPrepare(mode)
	if err != nil {
		return "", err
	}
	n := r.n()
	sig, argSize := r.carriedSignature(mode)
	var s asmText
	s.line("")
	s.line(fmt.Sprintf("// func %s%s", name, sig))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $4-%d", name, argSize))
	s.op("MOVL", "v+0(FP)", "DI")
	in := "BX" // the operand subtracted, or added for Add
	switch mode {
	case carriedAdd, carriedSub:
		s.op("MOVL", "a+4(FP)", "SI")
		s.op("MOVL", "b+8(FP)", "BX")
	case carriedNeg:
		s.op("MOVL", "a+4(FP)", "SI")
		in = "SI"
	case carriedCondNeg:
		s.op("MOVL", "cond+4(FP)", "BX")
		s.op("NEGL", "BX")
		in = "DI"
	}
	t := func(k int, dst string) {
		switch {
		case mode.neg():
			s.op("MOVL", fmt.Sprintf("$0x%x", c[k]), dst)
			s.op("SUBL", fmt.Sprintf("%d(%s)", 4*k, in), dst)
		case mode.sub():
			s.op("MOVL", fmt.Sprintf("%d(SI)", 4*k), dst)
			s.op("ADDL", fmt.Sprintf("$0x%x", c[k]), dst)
			s.op("SUBL", fmt.Sprintf("%d(BX)", 4*k), dst)
		default:
			s.op("MOVL", fmt.Sprintf("%d(SI)", 4*k), dst)
			s.op("ADDL", fmt.Sprintf("%d(BX)", 4*k), dst)
		}
	}
	if coef := topCoef(tops); coef != 1 {
		s.comment("The carry out of limb %d times %d, (t_%d>>%d)·%d, into the frame.", n-1, coef, n-1, r.width[n-1], coef)
	} else {
		s.comment("The carry out of limb %d, t_%d>>%d, into the frame.", n-1, n-1, r.width[n-1])
	}
	t(n-1, "AX")
	s.op("SHRL", fmt.Sprintf("$%d", r.width[n-1]), "AX")
	if coef := topCoef(tops); coef != 1 {
		s.op("IMUL3L", fmt.Sprintf("$%d", coef), "AX", "AX")
	}
	s.op("MOVL", "AX", "0(SP)")
	cur, prev := "CX", "DX"
	for k := 0; k < n; k++ {
		t(k, "AX")
		if k < n-1 {
			s.op("MOVL", "AX", cur)
			s.op("SHRL", fmt.Sprintf("$%d", r.width[k]), cur)
		}
		s.op("ANDL", fmt.Sprintf("$0x%x", unsatMaxWord(r.width[k])), "AX")
		if k > 0 {
			s.op("ADDL", prev, "AX")
		}
		if tops[k] != 0 {
			s.op("ADDL", "0(SP)", "AX")
		}
		v := fmt.Sprintf("%d(DI)", 4*k)
		if mode == carriedCondNeg {
			s.op("XORL", v, "AX")
			s.op("ANDL", "BX", "AX")
			s.op("XORL", "AX", v)
		} else {
			s.op("MOVL", "AX", v)
		}
		cur, prev = prev, cur
	}
	s.op("RET")
	return s.b.String(), nil
}
