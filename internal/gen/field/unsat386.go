package field

// The 386 emitter of the 32-bit Multiply and Square (see unsatasm32.go for
// what it shares with the arm one and why its output equals the Go code's).
//
// MULL fixes EDX:EAX, and six other registers are left: SI and DI hold the
// argument pointers, BX:CX the column being summed (lo, hi). Each product
// is MOVL x, AX; MULL y; ADDL AX, BX; ADCL DX, CX, with both operands read
// from memory (the limbs through SI and DI, the precomputed multiples from
// the frame), which is as short as 386 allows: holding operands in
// registers would not remove an instruction, since MULL's other factor
// must be moved into AX anyway. The columns are summed one at a time along
// the two carry chains; a column's carry is the next column's initial sum.

import (
	"fmt"
	"math/big"
	"strings"
)

func (m *asm32Mul) x86() (string, error) {
	r := m.r
	n := r.n()
	var s asmText
	// The frame: the limbs, the deferred carries, the multiples.
	off := 0
	lOff := off
	off += 4 * n
	cOff := map[int]int{}
	for k := 0; k < n; k++ {
		if m.deferred(k) {
			cOff[k] = off
			off += 8
		}
	}
	slot := map[string]int{}
	for _, o := range m.multi {
		slot[o.name()] = off
		off += 4
	}
	frame := off
	baseIdx := func(o unsatOperand) int {
		var i int
		fmt.Sscanf(o.base[1:], "%d", &i)
		return i
	}
	ptr := map[byte]string{'a': "SI", 'b': "DI"}
	limb := func(v byte, i int) string {
		if i == 0 {
			return "(" + ptr[v] + ")"
		}
		return fmt.Sprintf("%d(%s)", 4*i, ptr[v])
	}
	mem := func(o unsatOperand) string {
		if o.mult == 1 {
			return limb(o.base[0], baseIdx(o))
		}
		return fmt.Sprintf("%d(SP)", slot[o.name()])
	}
	text386(&s, m.name, r.typ, m.square, frame)
	// The multiples: powers of two of a limb by shifts of one load, the
	// others by IMUL3L from memory.
	if len(m.multi) > 0 {
		s.comment("The precomputed operands into the frame.")
	}
	done := map[string]bool{}
	for _, o := range m.multi {
		if done[o.name()] {
			continue
		}
		if o.mult&(o.mult-1) != 0 {
			s.op("IMUL3L", fmt.Sprintf("$%d", o.mult), mem(unsatOperand{o.base, 1}), "AX")
			s.op("MOVL", "AX", mem(o))
			done[o.name()] = true
			continue
		}
		// Every power-of-two multiple of this base, ascending.
		var ks []int64
		for _, p := range m.multi {
			if p.base == o.base && p.mult&(p.mult-1) == 0 {
				ks = append(ks, p.mult)
			}
		}
		sortInt64(ks)
		s.op("MOVL", mem(unsatOperand{o.base, 1}), "AX")
		prev := int64(1)
		for _, k := range ks {
			s.op("SHLL", fmt.Sprintf("$%d", trailingZeros(k/prev)), "AX")
			prev = k
			p := unsatOperand{o.base, k}
			s.op("MOVL", "AX", mem(p))
			done[p.name()] = true
		}
	}
	var bl []string
	cur := make([]*big.Int, n)
	for k, c := range m.colMax {
		bl = append(bl, fmt.Sprint(c.BitLen()))
		cur[k] = new(big.Int).Set(c)
	}
	s.comment("The columns fit in %s bits (proved by the generator).", strings.Join(bl, ", "))
	deferredC := map[int]*big.Int{}
	chains := m.chains()
	lastCol := chains[len(chains)-1][len(chains[len(chains)-1])-1]
	inV := map[int]bool{} // limbs already in v
	held := -1            // the deferred carry held in CX:BX
	for _, chain := range chains {
		started := false // BX:CX holds the carry into the column
		for _, k := range chain {
			s.line("")
			s.comment("r%d in CX:BX.", k)
			for _, p := range m.cols[k].prods {
				s.op("MOVL", mem(p.x), "AX")
				s.op("MULL", mem(p.y))
				if started {
					s.op("ADDL", "AX", "BX")
					s.op("ADCL", "DX", "CX")
				} else {
					s.op("MOVL", "AX", "BX")
					s.op("MOVL", "DX", "CX")
					started = true
				}
			}
			w := r.width[k]
			c := new(big.Int).Rsh(cur[k], uint(w))
			last := k == lastCol
			dst := fmt.Sprintf("%d(SP)", lOff+4*k)
			if last {
				// The inputs are read: DI may point at v, and the limb,
				// which the end does not change, goes there at once.
				s.comment("Carry out of r%d, the last column; l%d to v.", k, k)
				s.op("MOVL", "v+0(FP)", "DI")
				dst, inV[k] = fmt.Sprintf("%d(DI)", 4*k), true
				if k == 0 {
					dst = "(DI)"
				}
				s.op("MOVL", "BX", "AX")
				s.op("ANDL", fmt.Sprintf("$0x%x", unsatMaxWord(w)), "AX")
				s.op("MOVL", "AX", dst)
			} else {
				// The low word goes to the frame unmasked: it is masked
				// when it is read back, once.
				s.comment("Carry out of r%d; its low word (l%d unmasked) to the frame.", k, k)
				s.op("MOVL", "BX", dst)
			}
			s.op("SHRL", fmt.Sprintf("$%d", w), "CX", "BX")
			s.op("SHRL", fmt.Sprintf("$%d", w), "CX")
			cur[k] = unsatMaxWord(w)
			t := m.target(k)
			if m.deferred(k) && last {
				deferredC[k], held = c, k // stays in CX:BX
				continue
			}
			if m.deferred(k) {
				s.op("MOVL", "BX", fmt.Sprintf("%d(SP)", cOff[k]))
				s.op("MOVL", "CX", fmt.Sprintf("%d(SP)", cOff[k]+4))
				deferredC[k] = c
				started = false
				continue
			}
			cur[t].Add(cur[t], c)
			if cur[t].Cmp(unsatMaxWord(64)) > 0 {
				return "", fmt.Errorf("column %d overflows", t)
			}
		}
	}
	s.line("")
	s.comment("The carries into limbs 0 and %d, and their carries.", m.h)
	final := map[int]string{} // limbs held in registers
	for i, k := range []int{n - 1, m.h - 1} {
		t := m.target(k)
		c := deferredC[k]
		coef := int64(1)
		if k == n-1 {
			coef = m.topC
		}
		sum := new(big.Int).Add(cur[t], new(big.Int).Mul(c, big.NewInt(coef)))
		if sum.Cmp(unsatMaxWord(64)) > 0 {
			return "", fmt.Errorf("limb %d overflows", t)
		}
		switch {
		case k == held && coef == 1:
			s.op("MOVL", "BX", "AX")
			s.op("MOVL", "CX", "DX")
		case k == held:
			s.op("MOVL", fmt.Sprintf("$%d", coef), "AX")
			s.op("MULL", "BX")
			if c.Cmp(two32) >= 0 {
				s.op("IMUL3L", fmt.Sprintf("$%d", coef), "CX", "CX")
				s.op("ADDL", "CX", "DX")
			}
		case coef == 1:
			s.op("MOVL", fmt.Sprintf("%d(SP)", cOff[k]), "AX")
			s.op("MOVL", fmt.Sprintf("%d(SP)", cOff[k]+4), "DX")
		default:
			s.op("MOVL", fmt.Sprintf("$%d", coef), "BX")
			s.op("MOVL", fmt.Sprintf("%d(SP)", cOff[k]), "AX")
			s.op("MULL", "BX")
			if c.Cmp(two32) >= 0 {
				s.op("IMUL3L", fmt.Sprintf("$%d", coef), fmt.Sprintf("%d(SP)", cOff[k]+4), "CX")
				s.op("ADDL", "CX", "DX")
			}
		}
		reg := []string{"BX", "CX"}[i]
		s.op("MOVL", fmt.Sprintf("%d(SP)", lOff+4*t), reg)
		s.op("ANDL", fmt.Sprintf("$0x%x", unsatMaxWord(r.width[t])), reg)
		s.op("ADDL", reg, "AX")
		s.op("ADCL", "$0", "DX")
		w := r.width[t]
		ct := new(big.Int).Rsh(sum, uint(w))
		u := m.target(t)
		next := new(big.Int).Add(cur[u], ct)
		if ct.Cmp(two32) >= 0 || next.Cmp(two32) >= 0 {
			return "", fmt.Errorf("the last carry out of limb %d does not fit a word", t)
		}
		s.op("MOVL", "AX", reg)
		s.op("ANDL", fmt.Sprintf("$0x%x", unsatMaxWord(w)), reg)
		s.op("SHRL", fmt.Sprintf("$%d", w), "DX", "AX")
		// u's final limb, in SI (a's pointer is dead), straight to v.
		if len(inV) == 0 {
			s.op("MOVL", "v+0(FP)", "DI")
		}
		s.op("MOVL", fmt.Sprintf("%d(SP)", lOff+4*u), "SI")
		s.op("ANDL", fmt.Sprintf("$0x%x", unsatMaxWord(r.width[u])), "SI")
		s.op("ADDL", "AX", "SI")
		s.op("MOVL", "SI", fmt.Sprintf("%d(DI)", 4*u))
		final[t], inV[u] = reg, true
		cur[t], cur[u] = unsatMaxWord(w), next
	}
	if len(inV) == 0 {
		s.op("MOVL", "v+0(FP)", "DI")
	}
	for k := 0; k < n; k++ {
		if cur[k].Cmp(two32) >= 0 {
			return "", fmt.Errorf("limb %d does not fit a word", k)
		}
		if inV[k] {
			continue
		}
		dst := fmt.Sprintf("%d(DI)", 4*k)
		if k == 0 {
			dst = "(DI)"
		}
		if reg, ok := final[k]; ok {
			s.op("MOVL", reg, dst)
			continue
		}
		s.op("MOVL", fmt.Sprintf("%d(SP)", lOff+4*k), "AX")
		s.op("ANDL", fmt.Sprintf("$0x%x", unsatMaxWord(r.width[k])), "AX")
		s.op("MOVL", "AX", dst)
	}
	s.op("RET")
	return s.b.String(), nil
}

func sortInt64(xs []int64) {
	for i := 1; i < len(xs); i++ {
		for j := i; j > 0 && xs[j] < xs[j-1]; j-- {
			xs[j], xs[j-1] = xs[j-1], xs[j]
		}
	}
}

// text386 writes the header of a 386 Multiply (v, a, b) or Square (v, a)
// routine with a frame of frame bytes, and loads a into SI and b into DI.
func text386(s *asmText, name, typ string, square bool, frame int) {
	args, frameArgs := "v, a, b", 12
	if square {
		args, frameArgs = "v, a", 8
	}
	s.line("")
	s.line(fmt.Sprintf("// func %s(%s *%s)", name, args, typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-%d", name, frame, frameArgs))
	s.op("MOVL", "a+4(FP)", "SI")
	if !square {
		s.op("MOVL", "b+8(FP)", "DI")
	}
}
