package field

import (
	"fmt"
	"strings"
)

// This file writes the conditional Swap and Select of n 32-bit words for
// arm and 386, shared by the unsaturated representations (Swap) and the
// Montgomery ones (Swap and Select): m = −cond, all ones or zero, and per
// word the Go code's masked exclusive or, straight-line, with no branch
// and addresses that do not depend on cond.

// armSwapWords appends func name(v, u *typ, cond int) for arm: per word t =
// m & (v ^ u), v ^= t, u ^= t, three words of each at a time (MOVM) with
// R9 for t: a NOSPLIT leaf without a frame.
func armSwapWords(s *asmText, name, typ string, n int) {
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, u *%s, cond int)", name, typ))
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
}

// x86SwapWords appends func name(v, u *typ, cond int) for 386: DX = m,
// then per word AX = t and two XORs into memory.
func x86SwapWords(s *asmText, name, typ string, n int) {
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, u *%s, cond int)", name, typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-12", name))
	s.op("MOVL", "v+0(FP)", "DI")
	s.op("MOVL", "u+4(FP)", "SI")
	s.op("MOVL", "cond+8(FP)", "DX")
	s.op("NEGL", "DX")
	for k := 0; k < n; k++ {
		v, u := fmt.Sprintf("%d(DI)", 4*k), fmt.Sprintf("%d(SI)", 4*k)
		s.op("MOVL", v, "AX")
		s.op("XORL", u, "AX")
		s.op("ANDL", "DX", "AX")
		s.op("XORL", "AX", v)
		s.op("XORL", "AX", u)
	}
	s.op("RET")
}

// armSelectWords appends func name(v, a, b *typ, cond int) for arm: per
// word v = b ^ (m & (a ^ b)), three words of a and b at a time (MOVM with
// writeback), v written after its inputs are read so that it may alias
// them: a NOSPLIT leaf without a frame.
func armSelectWords(s *asmText, name, typ string, n int) {
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, a, b *%s, cond int)", name, typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-16", name))
	s.op("MOVW", "v+0(FP)", "R0")
	s.op("MOVW", "a+4(FP)", "R1")
	s.op("MOVW", "b+8(FP)", "R2")
	s.op("MOVW", "cond+12(FP)", "R12")
	s.op("RSB", "$0", "R12")
	areg, breg := []string{"R3", "R4", "R5"}, []string{"R6", "R7", "R8"}
	for first := 0; first < n; first += len(areg) {
		m := min(len(areg), n-first)
		al, bl := "["+strings.Join(areg[:m], ",")+"]", "["+strings.Join(breg[:m], ",")+"]"
		s.op("MOVM.IA.W", "(R1)", al)
		s.op("MOVM.IA.W", "(R2)", bl)
		for i := 0; i < m; i++ {
			s.op("EOR", breg[i], areg[i])
			s.op("AND", "R12", areg[i])
			s.op("EOR", breg[i], areg[i])
		}
		s.op("MOVM.IA.W", al, "(R0)")
	}
	s.op("RET")
}

// x86SelectWords appends func name(v, a, b *typ, cond int) for 386: DX =
// m, then per word AX = b ^ (m & (a ^ b)) with b in CX.
func x86SelectWords(s *asmText, name, typ string, n int) {
	s.line("")
	s.line(fmt.Sprintf("// func %s(v, a, b *%s, cond int)", name, typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-16", name))
	s.op("MOVL", "v+0(FP)", "DI")
	s.op("MOVL", "a+4(FP)", "SI")
	s.op("MOVL", "b+8(FP)", "BX")
	s.op("MOVL", "cond+12(FP)", "DX")
	s.op("NEGL", "DX")
	for k := 0; k < n; k++ {
		s.op("MOVL", fmt.Sprintf("%d(SI)", 4*k), "AX")
		s.op("MOVL", fmt.Sprintf("%d(BX)", 4*k), "CX")
		s.op("XORL", "CX", "AX")
		s.op("ANDL", "DX", "AX")
		s.op("XORL", "CX", "AX")
		s.op("MOVL", "AX", fmt.Sprintf("%d(DI)", 4*k))
	}
	s.op("RET")
}
