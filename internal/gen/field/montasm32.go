package field

// This file writes arm and 386 assembly for Multiply and Square of the
// Montgomery representations in 32-bit words (elem32) marked Asm32. It is
// the CIOS of MulBody, row for row: each row adds a·b_i to t, then q·m for
// q = t0·(−m⁻¹) mod 2^32, and shifts t down a word, so that t < 2m after
// the last row (a < R, b < m) and one masked subtraction of m ends it. The
// limbs of m and −m⁻¹ come from montNewRep, the Go code's source. Where m
// is a short signed sum of powers 2^(32k) with −m⁻¹ = 1 (P-256's p,
// montSparse32), q·m is added as q at some words and subtracted at others,
// without products; other moduli take the generic row of products by m's
// limbs. Square is the same rows with b = a: a dedicated squaring would
// save the products a_i·a_j counted twice but needs t's 2n words at once,
// which do not fit the registers; it still takes 0.6 of the Go Square's
// instructions (internal/gen/DESIGN.md).
//
// arm: up to 8 limbs the accumulator t (n words), its top word and the
// carry out of it stay in registers (13 registers: R0–R9, R11, R12, R14;
// never R10, g); at 12 and 14 limbs (montArmWide) t lives in the frame and
// each row is one pass over it. a and b are copied to
// the frame first, which also makes every input limb read before v is
// written (v may alias a and b). A product
// with the running carry is MOVW $0, H; MULALU (UMLAL) into H:C; ADD.S t_j;
// ADC $0, H, registers renamed rather than moved; limbs of m equal to 0 or 1
// add the carry (and q) on the carry flag without a product. Instructions
// are ARMv4 ones, so every GOARM runs the code, and only encodable
// immediates and small offsets are used, so the assembler needs no
// temporary (TestMontAsm32Text).
//
// 386: t lives in the frame; BX holds b_i, then q; CX the carry; SI a; DI
// b, then in each row's reduction the carry out of t's top word (b's pointer
// is read again at the next row).
//
// Both end with the subtraction t − m in a borrow chain whose final borrow
// makes a mask; arm adds m & mask back, 386 selects with XOR and AND.
// Straight-line code, addresses fixed by the arguments and the frame:
// constant time.

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
)

// montAsm32On reports whether f's 32-bit representation gets arm and 386
// assembly for Multiply and Square.
func montAsm32On(f *montField) bool {
	r := f.Rep("elem32")
	return r != nil && r.Asm32
}

func init() {
	for _, f := range montFields {
		if montAsm32On(f) {
			register("montasm32-"+f.Pkg, func() (map[string][]byte, error) { return montAsm32Generate(f) })
		}
	}
}

// montSparse32 returns the words of m's signed terms when m is a sparse
// sum ±2^(32k) whose lowest term is −1 and −m⁻¹ = 1 (P-256's and P-384's
// p): then q = t0, t0 − q = 0, and t + q·m is q added at the positive words
// and subtracted at the negative ones above word 0, two carry chains and no
// product.
// ok is false for other moduli.
func montSparse32(r *montRep) (pos, neg []int, ok bool) {
	if r.W != 32 || r.mInv != 1 {
		return nil, nil, false
	}
	x := new(big.Int).Set(r.F.Modulus)
	for e := 0; x.Sign() != 0; e++ {
		if x.Bit(0) == 0 {
			x.Rsh(x, 1)
			continue
		}
		d := 2 - int(x.Bits()[0]&3) // NAF digit: 1 for x ≡ 1, −1 for x ≡ 3 mod 4
		if e%32 != 0 || e/32 > r.N {
			return nil, nil, false
		}
		switch {
		case d == 1:
			pos = append(pos, e/32)
		case e == 0:
		default:
			neg = append(neg, e/32)
		}
		x.Sub(x, big.NewInt(int64(d))).Rsh(x, 1)
	}
	if len(neg) == 0 || len(pos) == 0 || pos[0] == 0 || len(pos)+len(neg) > 6 {
		return nil, nil, false
	}
	return pos, neg, true
}

// montArm emits one arm function.
type montArm struct {
	r      *montRep
	s      *asmText
	count  int
	free   []string
	t      []string // t's words, least significant first
	tn, d  string   // t's top word and the carry out of it ("" when zero)
	aOff   int      // a_j at aOff+4j(R13)
	bOff   int      // b_i at bOff+4i(R13)
	square bool
	umaal  bool // ARMv6's UMAAL for the products added to t_j and a carry
}

// umaalOp writes UMAAL lo, hi, n, m (hi:lo = n·m + hi + lo, ARMv6 and
// later). Go's assembler has no mnemonic for it, so the line is its
// encoding as a WORD, with the instruction in a comment; a macro would do
// as well but for the assembler's limit on macro calls in a skipped #ifdef.
func (g *montArm) umaalOp(lo, hi, n, m string) {
	g.count++
	g.s.line("\t" + armUMAALWord(lo, hi, n, m))
}

func (g *montArm) op(op string, args ...string) {
	g.count++
	g.s.op(op, args...)
}

func (g *montArm) get() string {
	if len(g.free) == 0 {
		panic("montArm: out of registers")
	}
	r := g.free[0]
	g.free = g.free[1:]
	return r
}

func (g *montArm) put(r string) { g.free = append(g.free, r) }

// imm is $x when x is an ARM immediate; otherwise it loads x into reg.
func (g *montArm) imm(x uint32, reg string) string {
	if armImm(x) {
		return fmt.Sprintf("$0x%x", x)
	}
	g.op("MOVW", fmt.Sprintf("$0x%08x", x), reg)
	return reg
}

func (g *montArm) mod(j int) uint32 { return uint32(g.r.Mod[j]) }

// row adds a·b_i to t (t = 0 when i = 0).
func (g *montArm) row(i int) {
	n := g.r.N
	B, A := g.get(), g.get()
	g.op("MOVW", sp(g.bOff+4*i), B)
	g.op("MOVW", sp(g.aOff), A)
	var C string
	if i == 0 {
		g.t = make([]string, n)
		C, g.t[0] = g.get(), g.get()
		g.op("MULLU", A, B, fmt.Sprintf("(%s, %s)", C, g.t[0]))
	} else {
		C = g.get()
		g.op("MOVW", "$0", C)
		g.op("MULALU", A, B, fmt.Sprintf("(%s, %s)", C, g.t[0]))
	}
	for j := 1; j < n; j++ {
		g.op("MOVW", sp(g.aOff+4*j), A)
		if g.umaal && i > 0 {
			// t_j:C = a_j·b_i + t_j + C in one instruction.
			g.umaalOp(g.t[j], C, A, B)
			continue
		}
		H := g.get()
		g.op("MOVW", "$0", H)
		g.op("MULALU", A, B, fmt.Sprintf("(%s, %s)", H, C))
		if i > 0 {
			g.op("ADD.S", g.t[j], C)
			g.op("ADC", "$0", H)
			g.put(g.t[j])
		}
		g.t[j], C = C, H
	}
	g.put(A)
	g.put(B)
	if i == 0 {
		g.tn, g.d = C, ""
		return
	}
	g.op("ADD.S", C, g.tn)
	g.op("MOVW", "$0", C)
	g.op("ADC", "$0", C)
	g.d = C
}

// reduce adds q·m to t and shifts t down a word.
func (g *montArm) reduce() {
	r, n := g.r, g.r.N
	if pos, neg, ok := montSparse32(r); ok {
		g.sparseReduce(pos, neg)
		return
	}
	A := g.get()
	var Q, C string
	flag := false // the carry into word j is the carry flag, not C
	if r.mInv == 1 {
		Q = g.t[0]
		if g.mod(0) == 0xffffffff {
			// t0 + t0·(2^32 − 1) = t0·2^32: the carry is t0.
			C = g.get()
			g.op("MOVW", Q, C)
		} else {
			X := g.get()
			g.op("MOVW", fmt.Sprintf("$0x%08x", g.mod(0)), A)
			g.op("MOVW", Q, X)
			C = g.get()
			g.op("MOVW", "$0", C)
			g.op("MULALU", Q, A, fmt.Sprintf("(%s, %s)", C, X))
			g.put(X)
		}
	} else {
		Q = g.get()
		g.op("MOVW", fmt.Sprintf("$0x%08x", uint32(r.mInv)), A)
		g.op("MUL", A, g.t[0], Q)
		g.op("MOVW", fmt.Sprintf("$0x%08x", g.mod(0)), A)
		C = g.get()
		g.op("MOVW", "$0", C)
		g.op("MULALU", Q, A, fmt.Sprintf("(%s, %s)", C, g.t[0]))
		g.put(g.t[0])
	}
	for j := 1; j < n; j++ {
		mj := g.mod(j)
		switch {
		case mj == 0 && flag:
			g.op("ADC.S", "$0", g.t[j])
		case mj == 0:
			g.op("ADD.S", C, g.t[j])
			g.put(C)
			flag = true
		case mj == 1 && flag:
			g.op("ADC.S", Q, g.t[j])
		case mj == 1:
			H := g.get()
			g.op("MOVW", "$0", H)
			g.op("ADD.S", C, g.t[j])
			g.op("ADC", "$0", H)
			g.op("ADD.S", Q, g.t[j])
			g.op("ADC", "$0", H)
			g.put(C)
			C = H
		default:
			if flag {
				C = g.get()
				g.op("MOVW", "$0", C)
				g.op("ADC", "$0", C)
				flag = false
			}
			g.op("MOVW", fmt.Sprintf("$0x%08x", mj), A)
			if g.umaal {
				// t_j:C = q·m_j + t_j + C: the low word is t's word j − 1.
				g.umaalOp(g.t[j], C, Q, A)
				g.t[j-1] = g.t[j]
				continue
			}
			H := g.get()
			g.op("MOVW", "$0", H)
			g.op("MULALU", Q, A, fmt.Sprintf("(%s, %s)", H, C))
			g.op("ADD.S", g.t[j], C)
			g.op("ADC", "$0", H)
			g.put(g.t[j])
			g.t[j], C = C, H
		}
		g.t[j-1] = g.t[j]
	}
	if flag {
		g.op("ADC.S", "$0", g.tn)
	} else {
		g.op("ADD.S", C, g.tn)
		g.put(C)
	}
	if g.d == "" {
		g.d = g.get()
		g.op("MOVW", "$0", g.d)
	}
	g.op("ADC", "$0", g.d)
	g.t[n-1], g.tn, g.d = g.tn, g.d, ""
	g.put(A)
	g.put(Q) // t0's register when −m⁻¹ = 1
}

// sparseReduce is reduce for a sparse m (montSparse32): q = t0 is added
// at the words of pos and subtracted at those of neg, each a carry chain up
// to the carry word d; the renamed registers shift t.
func (g *montArm) sparseReduce(pos, neg []int) {
	n := g.r.N
	if g.d == "" {
		g.d = g.get()
		g.op("MOVW", "$0", g.d)
	}
	Q := g.t[0]
	word := func(k int) string {
		switch k {
		case n:
			return g.tn
		case n + 1:
			return g.d
		}
		return g.t[k]
	}
	for _, c := range []struct {
		first, rest string
		terms       []int
	}{{"ADD.S", "ADC", pos}, {"SUB.S", "SBC", neg}} {
		for k := c.terms[0]; k <= n+1; k++ {
			x := "$0"
			if slices.Contains(c.terms, k) {
				x = Q
			}
			switch {
			case k == c.terms[0]:
				g.op(c.first, x, word(k))
			case k == n+1:
				g.op(c.rest, x, word(k))
			default:
				g.op(c.rest+".S", x, word(k))
			}
		}
	}
	copy(g.t, g.t[1:])
	g.t[n-1], g.tn, g.d = g.tn, g.d, ""
	g.put(Q)
}

// finish subtracts m from t, adds it back under the mask of the final
// borrow (t < m) and stores t in v.
func (g *montArm) finish() {
	n := g.r.N
	A := g.get()
	for j := 0; j < n; j++ {
		x := g.imm(g.mod(j), A)
		if j == 0 {
			g.op("SUB.S", x, g.t[j])
		} else {
			g.op("SBC.S", x, g.t[j])
		}
	}
	mask := g.tn
	g.op("SBC", "$0", mask)
	g.s.comment("%s is all ones when t < m (borrow): add m back then.", mask)
	for j := 0; j < n; j++ {
		mj := g.mod(j)
		var x string
		switch {
		case mj == 0xffffffff:
			x = mask
		case mj == 0:
			x = "$0"
		case armImm(mj):
			g.op("AND", fmt.Sprintf("$0x%x", mj), mask, A)
			x = A
		default:
			g.op("MOVW", fmt.Sprintf("$0x%08x", mj), A)
			g.op("AND", mask, A)
			x = A
		}
		switch {
		case j == 0:
			g.op("ADD.S", x, g.t[j])
		case j == n-1:
			g.op("ADC", x, g.t[j])
		default:
			g.op("ADC.S", x, g.t[j])
		}
	}
	g.op("MOVW", "v+0(FP)", A)
	for j := 0; j < n; j++ {
		dst := "(" + A + ")"
		if j > 0 {
			dst = fmt.Sprintf("%d(%s)", 4*j, A)
		}
		g.op("MOVW", g.t[j], dst)
	}
	g.op("RET")
}

// montArmFunc writes the arm function name: Multiply, or Square when square.
func montArmFunc(r *montRep, s *asmText, name string, square bool) (int, error) {
	n := r.N
	if n > 8 {
		return montArmWide(r, s, name, square)
	}
	if r.W != 32 {
		return 0, fmt.Errorf("%s: the arm emitter takes words of 32 bits", r.F.Pkg)
	}
	g := &montArm{r: r, s: s, free: slices.Clone(armRegs), square: square, aOff: 4, bOff: 4}
	frame := 4 * n
	args, frameArgs := "v, a, b", 12
	if !square {
		g.bOff = 4 + 4*n
		frame += 4 * n
	} else {
		args, frameArgs = "v, a", 8
	}
	s.line("")
	s.line(fmt.Sprintf("// func %s(%s *%s)", name, args, r.Typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-%d", name, frame, frameArgs))
	list := fmt.Sprintf("[R0-R%d]", n-1)
	inputs := []string{"a+4(FP)"}
	if !square {
		inputs = append(inputs, "b+8(FP)")
	}
	s.comment("The inputs into the frame: a at %d(R13), b at %d(R13).", g.aOff, g.bOff)
	for k, in := range inputs {
		g.op("MOVW", in, "R11")
		g.op("MOVM.IA", "(R11)", list)
		g.op("ADD", fmt.Sprintf("$%d", 4+4*n*k), "R13", "R11")
		g.op("MOVM.IA", list, "(R11)")
	}
	g.goarmVariants((*montArm).body)
	return g.count, nil
}

// goarmVariants writes body twice under #ifdef GOARM_6: with UMAAL rows for
// ARMv6 and later, and with g's ARMv4 rows for GOARM=5. The two are the
// same arithmetic from the same emitter; g counts the ARMv4 one.
func (g *montArm) goarmVariants(body func(*montArm)) {
	v6 := &montArm{r: g.r, s: g.s, free: slices.Clone(armRegs), square: g.square, aOff: g.aOff, bOff: g.bOff, umaal: true}
	g.s.line("#ifdef GOARM_6")
	body(v6)
	g.s.line("#else")
	body(g)
	g.s.line("#endif")
}

// body writes the rows, the reduction and the final subtraction.
func (g *montArm) body() {
	for i := 0; i < g.r.N; i++ {
		g.s.comment("Row %d: t += a·b%d; t = (t + q·m) / 2^32.", i, i)
		g.row(i)
		g.reduce()
	}
	g.s.comment("t < 2m: subtract m, add it back if that borrowed.")
	g.finish()
}

// mont386Func writes the 386 function name.
func mont386Func(r *montRep, s *asmText, name string, square bool) (int, error) {
	n := r.N
	count := 0
	op := func(o string, args ...string) {
		count++
		s.op(o, args...)
	}
	// t_j is at word base+j of the frame (t_n, t's top word, at base+n).
	// The sparse reduction shifts t by moving base up a word per row; the
	// generic one stores each word a word lower.
	base := 0
	tw := func(j int) string { return fmt.Sprintf("%d(SP)", 4*(base+j)) }
	rw := func(j int) string { return fmt.Sprintf("%d(SP)", 4*(2*n+1+j)) }
	pos, neg, sparse := montSparse32(r)
	limb := func(p string, j int) string {
		if j == 0 {
			return "(" + p + ")"
		}
		return fmt.Sprintf("%d(%s)", 4*j, p)
	}
	mod := func(j int) uint32 { return uint32(r.Mod[j]) }
	hex := func(x uint32) string { return fmt.Sprintf("$0x%08x", x) }
	frame := 4 * (3*n + 1)
	text386(s, name, r.Typ, square, frame)
	bp := "DI"
	if square {
		bp = "SI"
	}
	noCarry := r.NoCarry && !sparse
	for i := 0; i < n; i++ {
		s.comment("Row %d: t += a·b%d.", i, i)
		if i > 0 && !square {
			op("MOVL", "b+8(FP)", "DI") // DI held the carry out of t's top word
		}
		op("MOVL", limb(bp, i), "BX")
		for j := 0; j < n; j++ {
			op("MOVL", limb("SI", j), "AX")
			op("MULL", "BX")
			switch {
			case i == 0 && j == 0:
			case i == 0:
				op("ADDL", "CX", "AX")
				op("ADCL", "$0", "DX")
			case j == 0:
				op("ADDL", "AX", tw(0))
				op("ADCL", "$0", "DX")
			default:
				op("ADDL", "CX", "AX")
				op("ADCL", "$0", "DX")
				op("ADDL", "AX", tw(j))
				op("ADCL", "$0", "DX")
			}
			if i == 0 {
				op("MOVL", "AX", tw(j))
			}
			op("MOVL", "DX", "CX")
		}
		switch {
		case noCarry:
			// No-carry moduli (m < R/4, a and b < m): t < 2m after every
			// row, so word n is 0 after each reduction and never carries,
			// as in the Go code; DI holds no carry word.
			op("MOVL", "CX", tw(n))
		case i == 0:
			op("MOVL", "CX", tw(n))
			op("MOVL", "$0", "DI")
		default:
			op("ADDL", "CX", tw(n))
			op("MOVL", "$0", "DI")
			op("ADCL", "$0", "DI")
		}
		s.comment("t = (t + q·m) / 2^32.")
		if sparse {
			// q = t0: add it at the words of pos, subtract it at those of
			// neg, up to the carry word in DI; then t starts a word up.
			op("MOVL", tw(0), "BX")
			for _, c := range []struct {
				first, rest string
				terms       []int
			}{{"ADDL", "ADCL", pos}, {"SUBL", "SBBL", neg}} {
				for k := c.terms[0]; k <= n+1; k++ {
					x := "$0"
					if slices.Contains(c.terms, k) {
						x = "BX"
					}
					dst := "DI"
					if k <= n {
						dst = tw(k)
					}
					if k == c.terms[0] {
						op(c.first, x, dst)
					} else {
						op(c.rest, x, dst)
					}
				}
			}
			base++
			op("MOVL", "DI", tw(n))
			continue
		}
		if r.mInv == 1 {
			op("MOVL", tw(0), "BX")
		} else {
			op("MOVL", tw(0), "AX")
			op("IMUL3L", hex(uint32(r.mInv)), "AX", "BX")
		}
		if r.mInv == 1 && mod(0) == 0xffffffff {
			op("MOVL", "BX", "CX")
		} else {
			op("MOVL", hex(mod(0)), "AX")
			op("MULL", "BX")
			op("ADDL", tw(0), "AX")
			op("ADCL", "$0", "DX")
			op("MOVL", "DX", "CX")
		}
		flag := false
		for j := 1; j < n; j++ {
			mj := mod(j)
			switch {
			case mj == 0 && flag:
				op("MOVL", tw(j), "AX")
				op("ADCL", "$0", "AX")
			case mj == 0:
				op("MOVL", tw(j), "AX")
				op("ADDL", "CX", "AX")
				flag = true
			case mj == 1 && flag:
				op("MOVL", tw(j), "AX")
				op("ADCL", "BX", "AX")
			case mj == 1:
				op("MOVL", tw(j), "AX")
				op("ADDL", "CX", "AX")
				op("MOVL", "$0", "CX")
				op("ADCL", "$0", "CX")
				op("ADDL", "BX", "AX")
				op("ADCL", "$0", "CX")
			default:
				if flag {
					op("MOVL", "$0", "CX")
					op("ADCL", "$0", "CX")
					flag = false
				}
				op("MOVL", hex(mj), "AX")
				op("MULL", "BX")
				op("ADDL", "CX", "AX")
				op("ADCL", "$0", "DX")
				op("ADDL", tw(j), "AX")
				op("ADCL", "$0", "DX")
				op("MOVL", "DX", "CX")
			}
			op("MOVL", "AX", tw(j-1))
		}
		op("MOVL", tw(n), "AX")
		if flag {
			op("ADCL", "$0", "AX")
		} else {
			op("ADDL", "CX", "AX")
		}
		op("MOVL", "AX", tw(n-1))
		if !noCarry {
			op("ADCL", "$0", "DI")
			op("MOVL", "DI", tw(n))
		}
	}
	s.comment("t < 2m: r = t − m; keep t if that borrowed.")
	for j := 0; j < n; j++ {
		op("MOVL", tw(j), "AX")
		if j == 0 {
			op("SUBL", hex(mod(j)), "AX")
		} else {
			op("SBBL", hex(mod(j)), "AX")
		}
		op("MOVL", "AX", rw(j))
	}
	if noCarry {
		op("MOVL", "$0", "BX") // t < 2m < R: no word n
	} else {
		op("MOVL", tw(n), "BX")
	}
	op("SBBL", "$0", "BX")
	op("MOVL", "v+0(FP)", "DI")
	for j := 0; j < n; j++ {
		op("MOVL", tw(j), "AX")
		op("MOVL", rw(j), "DX")
		op("XORL", "DX", "AX")
		op("ANDL", "BX", "AX")
		op("XORL", "DX", "AX")
		op("MOVL", "AX", limb("DI", j))
	}
	op("RET")
	return count, nil
}

// montAsm32Names are the Go names of the assembly functions.
func montAsm32Names(r *montRep) (mul, sq string) { return r.Typ + "MulAsm", r.Typ + "SquareAsm" }

// montAsm32Arm reports whether r gets arm assembly: montArmFunc keeps t in
// registers up to 8 limbs and montArmWide in the frame up to 16; 386 takes
// any number.
func montAsm32Arm(r *montRep) bool { return r.N <= 16 }

func montAsm32Generate(f *montField) (map[string][]byte, error) {
	r := montNewRep(f, 32)
	tag, arches, runs := asm32BuildTag, "arm and 386", "arm or 386"
	where := "zz_generated_" + r.Typ + "_arm.s with ARMv4\n// instructions, so on every GOARM, or _386.s"
	if montArmUMAAL(r) {
		where = "zz_generated_" + r.Typ + "_arm.s with ARMv4\n// instructions, and UMAAL where GOARM is 6 or 7, or _386.s"
	}
	if !montAsm32Arm(r) {
		tag, arches, runs = "386 && !purego && !curvekit_purego", "386", "386"
		where = "zz_generated_" + r.Typ + "_386.s; arm runs the\n// Go code: the arm emitter keeps t in registers, at most 8 limbs"
	}
	mulName, sqName := montAsm32Names(r)
	var arm, x86 asmText
	for _, s := range []*asmText{&arm, &x86} {
		s.line(strings.TrimSuffix(header, "\n"))
		s.line("//go:build !purego && !curvekit_purego")
		s.line("")
		s.line("#include \"textflag.h\"")
	}
	for _, fn := range []struct {
		name   string
		square bool
	}{{mulName, false}, {sqName, true}} {
		if !montAsm32Arm(r) {
		} else if _, err := montArmFunc(r, &arm, fn.name, fn.square); err != nil {
			return nil, err
		}
		if _, err := mont386Func(r, &x86, fn.name, fn.square); err != nil {
			return nil, err
		}
	}
	if err := montAsm32SmallText(r, &arm, &x86); err != nil {
		return nil, err
	}
	t := r.Typ
	stubs := header + fmt.Sprintf(`//go:build %[1]s

package %[2]s

import "runtime"

// Multiply sets v = a·b and returns v. It runs %[4]s, generated %[7]s
// assembly with the same result as %[3]sMul.
func (v *%[3]s) Multiply(a, b *%[3]s) *%[3]s {
	%[4]s(v, a, b)
	return v
}

// Square sets v = a² and returns v. It runs %[5]s, generated %[7]s
// assembly with the same result as %[3]sSquare.
func (v *%[3]s) Square(a *%[3]s) *%[3]s {
	%[5]s(v, a)
	return v
}

// %[3]sAssembly names the %[3]s routines of this build that run assembly
// rather than Go: %[8]s (%[6]s).
func %[3]sAssembly() string { return runtime.GOARCH + " %[9]s" }

// %[4]s is %[3]sMul in assembly: v = a·b·R⁻¹ mod m for a < R, b < m.
// v, a and b may alias.
//
//go:noescape
func %[4]s(v, a, b *%[3]s)

// %[5]s is %[3]sSquare in assembly: v = a²·R⁻¹ mod m for a < m. v and a
// may alias.
//
//go:noescape
func %[5]s(v, a *%[3]s)
`, tag, f.Pkg, t, mulName, sqName, where, runs, montAsm32Ops(r, " and "), montAsm32Ops(r, ", ")) + montAsm32SmallStubs(r, runs)
	generic := header + fmt.Sprintf(`//go:build !(%[1]s)

package %[2]s

// Multiply sets v = a·b and returns v.
func (v *%[3]s) Multiply(a, b *%[3]s) *%[3]s {
	%[3]sMul(v, a, b)
	return v
}

// Square sets v = a² and returns v.
func (v *%[3]s) Square(a *%[3]s) *%[3]s {
	%[3]sSquare(v, a)
	return v
}

// %[3]sAssembly names the %[3]s routines of this build that run assembly
// rather than Go. It is "": %[6]s without the purego and curvekit_purego
// tags run %[7]s in assembly, other builds Go.
func %[3]sAssembly() string { return "" }

// %[4]s and %[5]s are the Go code in this build, so that the tests that
// compare them build everywhere.
func %[4]s(v, a, b *%[3]s) { %[3]sMul(v, a, b) }
func %[5]s(v, a *%[3]s)    { %[3]sSquare(v, a) }
`, tag, f.Pkg, t, mulName, sqName, arches, montAsm32Ops(r, " and ")) + montAsm32SmallGeneric(r)
	base := fmt.Sprintf("%s/zz_generated_%s", f.Pkg, t)
	files := map[string][]byte{
		base + "_386.s":         []byte(x86.b.String()),
		base + "_asm32.go":      []byte(stubs),
		base + "_noasm.go":      []byte(generic),
		base + "_asm32_test.go": []byte(montAsm32Test(r) + montAsm32SmallTest(r)),
	}
	if montAsm32Arm(r) {
		text, _, err := armSchedule(arm.b.String())
		if err != nil {
			return nil, err
		}
		files[base+"_arm.s"] = []byte(text)
	}
	return files, nil
}

// montAsm32Test is the package test of the assembly: against the Go code
// and math/big, on edge and random inputs, with v aliasing the inputs.
func montAsm32Test(r *montRep) string {
	mulName, sqName := montAsm32Names(r)
	return header + fmt.Sprintf(`package %[1]s

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// %[3]s and %[4]s (assembly on arm and 386, the Go code elsewhere) against
// %[2]sMul, %[2]sSquare and math/big, on raw limbs: Mul is a·b·R⁻¹ mod m
// for a < %[9]s and b < m (%[2]sMul's contract), Square a²·R⁻¹ mod m for
// a < m.

// %[2]sAsmWide is whether Mul's first argument may reach R.
const %[2]sAsmWide = %[10]v

var %[2]sAsmM, _ = new(big.Int).SetString("%[5]s", 16)

func %[2]sAsmFromBig(x *big.Int) *%[2]s {
	var v %[2]s
	for i := range v {
		v[i] = uint32(new(big.Int).Rsh(x, uint(32*i)).Uint64())
	}
	return &v
}

func %[2]sAsmToBig(v *%[2]s) *big.Int {
	x := new(big.Int)
	for i := len(v) - 1; i >= 0; i-- {
		x.Lsh(x, 32).Or(x, big.NewInt(int64(v[i])))
	}
	return x
}

// %[2]sAsmEdges are 0, 1, 2, m−2, m−1, each all-ones limb alone and the
// all-ones limbs from the bottom up (when below m), and for Mul's first
// argument only (wide) m, m+1, R−m, R/2, R−2, R−1.
func %[2]sAsmEdges(wide bool) []*big.Int {
	one := big.NewInt(1)
	m := %[2]sAsmM
	R := new(big.Int).Lsh(one, %[6]d)
	out := []*big.Int{big.NewInt(0), one, big.NewInt(2), new(big.Int).Sub(m, big.NewInt(2)), new(big.Int).Sub(m, one)}
	ones := big.NewInt(0xffffffff)
	for i := 0; i < %[7]d; i++ {
		for _, v := range []*big.Int{
			new(big.Int).Lsh(ones, uint(32*i)),
			new(big.Int).Sub(new(big.Int).Lsh(one, uint(32*i+32)), one),
		} {
			if v.Cmp(m) < 0 || wide {
				out = append(out, v)
			}
		}
	}
	if wide {
		out = append(out, new(big.Int).Set(m), new(big.Int).Add(m, one), new(big.Int).Sub(R, m),
			new(big.Int).Rsh(R, 1), new(big.Int).Sub(R, big.NewInt(2)), new(big.Int).Sub(R, one))
	}
	return out
}

func Test%[8]sAsm(t *testing.T) {
	m := %[2]sAsmM
	R := new(big.Int).Lsh(big.NewInt(1), %[6]d)
	Ri := new(big.Int).ModInverse(R, m)
	want := func(x, y *big.Int) *big.Int {
		z := new(big.Int).Mul(x, y)
		z.Mul(z, Ri)
		return z.Mod(z, m)
	}
	mul := func(x, y *big.Int) {
		t.Helper()
		a, b := %[2]sAsmFromBig(x), %[2]sAsmFromBig(y)
		var got, goCode %[2]s
		%[3]s(&got, a, b)
		%[2]sMul(&goCode, a, b)
		if w := want(x, y); %[2]sAsmToBig(&got).Cmp(w) != 0 || got != goCode {
			t.Fatalf("%[3]s(%%x, %%x) = %%x, want %%x (Go code %%x)", x, y, %[2]sAsmToBig(&got), w, %[2]sAsmToBig(&goCode))
		}
		// v aliasing a, then b.
		va, vb := *a, *b
		%[3]s(&va, &va, b)
		%[3]s(&vb, a, &vb)
		if va != got || vb != got {
			t.Fatalf("%[3]s(%%x, %%x) aliased: %%x, %%x, want %%x", x, y, va, vb, got)
		}
	}
	square := func(x *big.Int) {
		t.Helper()
		a := %[2]sAsmFromBig(x)
		var got, goCode %[2]s
		%[4]s(&got, a)
		%[2]sSquare(&goCode, a)
		if w := want(x, x); %[2]sAsmToBig(&got).Cmp(w) != 0 || got != goCode {
			t.Fatalf("%[4]s(%%x) = %%x, want %%x (Go code %%x)", x, %[2]sAsmToBig(&got), w, %[2]sAsmToBig(&goCode))
		}
		va := *a
		%[4]s(&va, &va)
		if va != got {
			t.Fatalf("%[4]s(%%x) aliased: %%x, want %%x", x, va, got)
		}
	}
	for _, x := range %[2]sAsmEdges(%[2]sAsmWide) {
		for _, y := range %[2]sAsmEdges(false) {
			mul(x, y)
		}
	}
	for _, x := range %[2]sAsmEdges(false) {
		square(x)
	}
	// Random values, and values whose limbs are 0, 1, all ones or random,
	// which drive the carry chains.
	rnd := rand.New(rand.NewPCG(32, %[7]d))
	limbs := func(below *big.Int) *big.Int {
		for {
			var v %[2]s
			for i := range v {
				switch rnd.IntN(4) {
				case 0:
				case 1:
					v[i] = 1
				case 2:
					v[i] = 0xffffffff
				default:
					v[i] = rnd.Uint32()
				}
			}
			if x := %[2]sAsmToBig(&v); x.Cmp(below) < 0 {
				return x
			}
		}
	}
	uniform := func(below *big.Int) *big.Int {
		b := make([]byte, %[7]d*4)
		for i := range b {
			b[i] = byte(rnd.Uint32())
		}
		return new(big.Int).Mod(new(big.Int).SetBytes(b), below)
	}
	iters := 3000
	if testing.Short() {
		iters = 500
	}
	for i := 0; i < iters; i++ {
		pick := uniform
		if i%%2 == 1 {
			pick = limbs
		}
		if %[2]sAsmWide {
			mul(pick(R), pick(m))
		} else {
			mul(pick(m), pick(m))
		}
		square(pick(m))
	}
	// Runs of zero limbs in a, one window of five at each position: where
	// m has a run of all-ones limbs, the reduction's two carries into a
	// word alternate along it, and only zero words of t stop that (the
	// second carry then comes from t, not from q·m_j).
	for w := 0; w < %[7]d; w++ {
		for k := 0; k < 8; k++ {
			x := uniform(m) // clearing bits keeps it below m
			for j := w; j < min(w+5, %[7]d); j++ {
				for b := 32 * j; b < 32*j+32; b++ {
					x.SetBit(x, b, 0)
				}
			}
			mul(x, uniform(m))
			square(x)
		}
	}
}
`, r.F.Pkg, r.Typ, mulName, sqName, r.F.Modulus.Text(16), 32*r.N, r.N, strings.ToUpper(r.Typ[:1])+r.Typ[1:],
		map[bool]string{false: "R", true: "m"}[r.NoCarry], !r.NoCarry)
}

// montArmWide writes the arm function name for n > 8 limbs, where t does
// not fit the registers: t's words live in the frame (at tOff), its top
// word t_n in a register, and each row is one pass over memory. For a
// sparse m (montSparse32, P-384's p) the pass adds a·b_i, with t's low
// words up to the highest signed term below n kept in registers across
// rows; the reduction then adds and subtracts q there, folds the two
// chains' carries into one signed carry (−1, 0 or 1, with its sign word)
// and runs that single chain over the words in memory, storing each a word
// lower (the shift). For a dense m the pass is the fused CIOS row: each
// word gets a_j·b_i and q·m_j in two carry chains and is stored a word
// lower, so t is loaded and stored once per row. The rest is as
// montArmFunc: a and b copied to the frame first, ARMv4 instructions,
// encodable immediates, no branch in the text. The dense rows' literals
// (m's limbs) outrun the pool's 4 KB reach, so the assembler places pools
// inside the function behind an unconditional branch (internal/gen/DESIGN.md).
func montArmWide(r *montRep, s *asmText, name string, square bool) (int, error) {
	n := r.N
	if r.W != 32 || n <= 8 || n > 16 {
		return 0, fmt.Errorf("%s: montArmWide takes 9 to 16 words of 32 bits", r.F.Pkg)
	}
	g := &montArm{r: r, s: s, free: slices.Clone(armRegs), square: square, aOff: 4, bOff: 4}
	frame := 4 * n
	args, frameArgs := "v, a, b", 12
	if !square {
		g.bOff = 4 + 4*n
		frame += 4 * n
	} else {
		args, frameArgs = "v, a", 8
	}
	tOff := 4 + frame
	frame += 4 * n
	tw := func(j int) string { return sp(tOff + 4*j) }
	s.line("")
	s.line(fmt.Sprintf("// func %s(%s *%s)", name, args, r.Typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-%d", name, frame, frameArgs))
	inputs := []string{"a+4(FP)"}
	if !square {
		inputs = append(inputs, "b+8(FP)")
	}
	s.comment("The inputs into the frame: a at %d(R13), b at %d(R13); t's words at %d(R13).", g.aOff, g.bOff, tOff)
	for k, in := range inputs {
		off := 4 + 4*n*k
		g.op("MOVW", in, "R11")
		for lo := 0; lo < n; lo += 8 {
			c := min(8, n-lo)
			list := fmt.Sprintf("[R0-R%d]", c-1)
			if lo == 0 {
				g.op("MOVM.IA", "(R11)", list)
			} else {
				g.op("ADD", fmt.Sprintf("$%d", 4*lo), "R11", "R12")
				g.op("MOVM.IA", "(R12)", list)
			}
			g.op("ADD", fmt.Sprintf("$%d", off+4*lo), "R13", "R12")
			g.op("MOVM.IA", list, "(R12)")
		}
	}
	if pos, neg, ok := montSparse32(r); ok {
		if err := g.wideSparse(pos, neg, tw); err != nil {
			return 0, err
		}
		s.comment("t < 2m: v = t − m, then m added back if that borrowed.")
		g.wideFinish(tw)
		return g.count, nil
	}
	g.goarmVariants(func(g *montArm) {
		g.wideDense(tw)
		g.s.comment("t < 2m: v = t − m, then m added back if that borrowed.")
		g.wideFinish(tw)
	})
	return g.count, nil
}

// montArmUMAAL reports whether r's arm rows have a UMAAL variant: every
// row but the sparse 12-limb one (fieldp384's p).
func montArmUMAAL(r *montRep) bool {
	_, _, sparse := montSparse32(r)
	return r.N <= 8 || !sparse
}

// wideSparse emits the rows for a sparse m: t_0..t_K in registers (g.t),
// t_{K+1}..t_{n−1} in the frame, t_n in g.tn.
func (g *montArm) wideSparse(pos, neg []int, tw func(int) string) error {
	n := g.r.N
	K := 0
	for _, k := range slices.Concat(pos, neg) {
		switch {
		case k < n:
			K = max(K, k)
		case k == n && slices.Contains(pos, k):
		default:
			return fmt.Errorf("%s: sparse term at word %d", g.r.F.Pkg, k)
		}
	}
	if K+2 >= n {
		return fmt.Errorf("%s: sparse terms up to word %d leave no word in the frame", g.r.F.Pkg, K)
	}
	topPos := slices.Contains(pos, n)
	low := func(terms []int) []int {
		var out []int
		for _, k := range terms {
			if k < n {
				out = append(out, k)
			}
		}
		return out
	}
	for i := 0; i < n; i++ {
		g.s.comment("Row %d: t += a·b%d.", i, i)
		B, A := g.get(), g.get()
		g.op("MOVW", sp(g.bOff+4*i), B)
		g.op("MOVW", sp(g.aOff), A)
		var C string
		if i == 0 {
			g.t = make([]string, K+1)
			C, g.t[0] = g.get(), g.get()
			g.op("MULLU", A, B, fmt.Sprintf("(%s, %s)", C, g.t[0]))
		} else {
			C = g.get()
			g.op("MOVW", "$0", C)
			g.op("MULALU", A, B, fmt.Sprintf("(%s, %s)", C, g.t[0]))
		}
		for j := 1; j < n; j++ {
			g.op("MOVW", sp(g.aOff+4*j), A)
			H := g.get()
			g.op("MOVW", "$0", H)
			g.op("MULALU", A, B, fmt.Sprintf("(%s, %s)", H, C))
			switch {
			case i == 0 && j <= K:
				g.t[j] = C
				C = H
				continue
			case i == 0:
				g.op("MOVW", C, tw(j))
			case j <= K:
				g.op("ADD.S", C, g.t[j])
				g.op("ADC", "$0", H)
			default:
				T := g.get()
				g.op("MOVW", tw(j), T)
				g.op("ADD.S", C, T)
				g.op("ADC", "$0", H)
				g.op("MOVW", T, tw(j))
				g.put(T)
			}
			g.put(C)
			C = H
		}
		g.put(A)
		g.put(B)
		if i == 0 {
			g.tn = C
			g.d = g.get()
			g.op("MOVW", "$0", g.d)
		} else {
			g.op("ADD.S", C, g.tn)
			g.d = C
			g.op("MOVW", "$0", g.d)
			g.op("ADC", "$0", g.d)
		}
		g.s.comment("t = (t + q·m) / 2^32, q = t0: the chains of words 1..%d in registers, then one signed carry.", K)
		Q := g.t[0]
		if topPos {
			g.op("ADD.S", Q, g.tn)
			g.op("ADC", "$0", g.d)
		}
		CP, SH := g.get(), g.get()
		for c, terms := range [][]int{low(pos), low(neg)} {
			first, rest := "ADD.S", "ADC.S"
			if c == 1 {
				first, rest = "SUB.S", "SBC.S"
			}
			for k := terms[0]; k <= K; k++ {
				x := "$0"
				if slices.Contains(terms, k) {
					x = Q
				}
				if k == terms[0] {
					g.op(first, x, g.t[k])
				} else {
					g.op(rest, x, g.t[k])
				}
			}
			if c == 0 {
				g.op("MOVW", "$0", CP)
				g.op("ADC", "$0", CP)
			} else {
				g.op("MOVW", "$0", SH)
				g.op("SBC", "$0", SH)
			}
		}
		g.s.comment("%s = carry − borrow, %s its sign word.", CP, SH)
		g.op("ADD", SH, CP)
		g.op("AND", CP, SH)
		// t_{K+1} comes into Q's register as the new t_K.
		g.op("MOVW", tw(K+1), Q)
		g.op("ADD.S", CP, Q)
		T := g.get()
		for j := K + 2; j < n; j++ {
			g.op("MOVW", tw(j), T)
			g.op("ADC.S", SH, T)
			g.op("MOVW", T, tw(j-1))
		}
		g.put(T)
		g.op("ADC.S", SH, g.tn)
		g.op("ADC", SH, g.d)
		g.put(CP)
		g.put(SH)
		g.op("MOVW", g.tn, tw(n-1))
		g.put(g.tn)
		g.tn, g.d = g.d, ""
		copy(g.t, g.t[1:])
		g.t[K] = Q
	}
	return nil
}

// wideDense emits the fused CIOS rows for a dense m: t_0..t_{n−1} in the
// frame, t_n in g.tn.
func (g *montArm) wideDense(tw func(int) string) {
	r, n := g.r, g.r.N
	for i := 0; i < n; i++ {
		g.s.comment("Row %d: t = (t + a·b%d + q·m) / 2^32.", i, i)
		B, A, T, M := g.get(), g.get(), g.get(), g.get()
		g.op("MOVW", sp(g.bOff+4*i), B)
		g.op("MOVW", sp(g.aOff), A)
		C1 := g.get()
		if i == 0 {
			g.op("MULLU", A, B, fmt.Sprintf("(%s, %s)", C1, T))
		} else {
			g.op("MOVW", tw(0), T)
			g.op("MOVW", "$0", C1)
			g.op("MULALU", A, B, fmt.Sprintf("(%s, %s)", C1, T))
		}
		Q := g.get()
		if r.mInv == 1 {
			g.op("MOVW", T, Q)
		} else {
			g.op("MOVW", fmt.Sprintf("$0x%08x", uint32(r.mInv)), M)
			g.op("MUL", M, T, Q)
		}
		g.op("MOVW", fmt.Sprintf("$0x%08x", g.mod(0)), M)
		C2 := g.get()
		g.op("MOVW", "$0", C2)
		g.op("MULALU", Q, M, fmt.Sprintf("(%s, %s)", C2, T))
		for j := 1; j < n; j++ {
			g.op("MOVW", sp(g.aOff+4*j), A)
			if g.umaal {
				// T:C1 = a_j·b_i + t_j + C1, then T:C2 = q·m_j + T + C2,
				// which is t's word j − 1.
				if i > 0 {
					g.op("MOVW", tw(j), T)
				} else {
					g.op("MOVW", "$0", T)
				}
				g.umaalOp(T, C1, A, B)
				g.op("MOVW", fmt.Sprintf("$0x%08x", g.mod(j)), M)
				g.umaalOp(T, C2, Q, M)
				g.op("MOVW", T, tw(j-1))
				continue
			}
			H := g.get()
			g.op("MOVW", "$0", H)
			g.op("MULALU", A, B, fmt.Sprintf("(%s, %s)", H, C1))
			if i > 0 {
				g.op("MOVW", tw(j), T)
				g.op("ADD.S", T, C1)
				g.op("ADC", "$0", H)
			}
			U := C1
			C1 = H
			g.op("MOVW", fmt.Sprintf("$0x%08x", g.mod(j)), M)
			H = g.get()
			g.op("MOVW", "$0", H)
			g.op("MULALU", Q, M, fmt.Sprintf("(%s, %s)", H, C2))
			g.op("ADD.S", U, C2)
			g.op("ADC", "$0", H)
			g.op("MOVW", C2, tw(j-1))
			g.put(U)
			g.put(C2)
			C2 = H
		}
		D := g.get()
		g.op("MOVW", "$0", D)
		if i == 0 {
			g.tn = C1
		} else {
			g.op("ADD.S", C1, g.tn)
			g.op("ADC", "$0", D)
			g.put(C1)
		}
		g.op("ADD.S", C2, g.tn)
		g.op("ADC", "$0", D)
		g.op("MOVW", g.tn, tw(n-1))
		g.put(g.tn)
		g.put(C2)
		g.tn = D
		for _, x := range []string{B, A, T, M, Q} {
			g.put(x)
		}
	}
}

// wideFinish subtracts m from t (t_0..t_K in g.t, the rest in the frame,
// t_n in g.tn) into v, then adds m & mask back in v, mask all ones when
// the subtraction borrowed.
func (g *montArm) wideFinish(tw func(int) string) {
	n := g.r.N
	V, A, T := g.get(), g.get(), g.get()
	vw := func(j int) string {
		if j == 0 {
			return "(" + V + ")"
		}
		return fmt.Sprintf("%d(%s)", 4*j, V)
	}
	g.op("MOVW", "v+0(FP)", V)
	for j := 0; j < n; j++ {
		x := T
		if j < len(g.t) {
			x = g.t[j]
		} else {
			g.op("MOVW", tw(j), T)
		}
		m := g.imm(g.mod(j), A)
		if j == 0 {
			g.op("SUB.S", m, x)
		} else {
			g.op("SBC.S", m, x)
		}
		g.op("MOVW", x, vw(j))
	}
	mask := g.tn
	g.op("SBC", "$0", mask)
	g.s.comment("%s is all ones when t < m (borrow): add m back then.", mask)
	for j := 0; j < n; j++ {
		mj := g.mod(j)
		var x string
		switch {
		case mj == 0xffffffff:
			x = mask
		case mj == 0:
			x = "$0"
		case armImm(mj):
			g.op("AND", fmt.Sprintf("$0x%x", mj), mask, A)
			x = A
		default:
			g.op("MOVW", fmt.Sprintf("$0x%08x", mj), A)
			g.op("AND", mask, A)
			x = A
		}
		g.op("MOVW", vw(j), T)
		switch {
		case j == 0:
			g.op("ADD.S", x, T)
		case j == n-1:
			g.op("ADC", x, T)
		default:
			g.op("ADC.S", x, T)
		}
		g.op("MOVW", T, vw(j))
	}
	g.op("RET")
}
