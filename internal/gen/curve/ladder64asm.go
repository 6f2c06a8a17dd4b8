package curve

// The amd64 assembly of the fe64 plan (ladder64.go): MULX (BMI2) with two
// carry chains, ADCX on CF and ADOX on OF (ADX), as in
// internal/gen/field's montasm.go, but reducing with 2^256 ≡ 38
// instead of Montgomery's. Every named element of the plan lives in the
// frame (or behind an argument pointer for the single-operation entry
// points the tests use), so each operation reads its operands from memory
// and leaves its result there; the ladder's 251 steps are one loop and the
// chain's squaring runs counted loops. Registers: AX zero (and the sums'
// 38·carry), DX MULX's source, BX/CX the low and high halves of a
// product, R8–R15 the accumulator; SI holds pointers and the ladder's swap
// mask, DI pointers, the chain's loop counter and, in the ladder, 38. No
// read-only data (constants are immediates), no branch but the public
// loop counters, addresses fixed by the frame and the public bit
// position: constant time.

import (
	"bytes"
	"fmt"
	"strings"
)

type l64Asm struct {
	b     bytes.Buffer
	c38   string            // a register holding 38 (DI in the ladder), or none
	slot  map[string]string // element → base address "off(REG)" of word 0
	label int
}

func (g *l64Asm) op(op string, args ...string) {
	if len(args) == 0 {
		fmt.Fprintf(&g.b, "\t%s\n", op)
		return
	}
	fmt.Fprintf(&g.b, "\t%-8s %s\n", op, strings.Join(args, ", "))
}

func (g *l64Asm) comment(format string, args ...any) {
	fmt.Fprintf(&g.b, "\t// "+format+"\n", args...)
}

// w is word j of element e.
func (g *l64Asm) w(e string, j int) string {
	base, ok := g.slot[e]
	if !ok {
		panic("ladder64asm: no slot for " + e)
	}
	var off int
	var reg string
	if _, err := fmt.Sscanf(strings.Replace(base, "(", " ", 1), "%d %s", &off, &reg); err != nil {
		panic(err)
	}
	return fmt.Sprintf("%d(%s", off+8*j, reg)
}

var l64R = []string{"R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15"}

const (
	l64Zero = "AX"
	l64Lo   = "BX"
	l64Hi   = "CX"
)

// store writes R8–R11 to dst.
func (g *l64Asm) store(dst string) {
	for j := range 4 {
		g.op("MOVQ", l64R[j], g.w(dst, j))
	}
}

// reduce folds the 8-word product in R8–R15 into R8–R11: U = low +
// 38·high (R12 the fifth word), then fold. AX must be 0 and CF = OF = 0,
// as the products leave them: each carry chain ends by adding a flag into
// a word that cannot overflow (the row's partial sum is below 2^(64·(i+5))),
// which clears the flag.
func (g *l64Asm) reduce() {
	r := l64R
	g.comment("U = T mod 2^256 + 38·⌊T/2^256⌋ (CF = OF = 0, AX = 0).")
	g.op("MOVQ", "$38", "DX")
	for j := range 3 {
		g.op("MULXQ", r[4+j], l64Lo, l64Hi)
		g.op("ADCXQ", l64Lo, r[j])
		g.op("ADOXQ", l64Hi, r[j+1])
	}
	g.op("MULXQ", r[7], l64Lo, r[4])
	g.op("ADCXQ", l64Lo, r[3])
	g.op("ADOXQ", l64Zero, r[4])
	g.op("ADCXQ", l64Zero, r[4])
	g.fold(r[4])
}

// fold sets R8–R11 to U mod 2^255 + 19·⌊U/2^255⌋ for U = R8–R11 and
// u4 (a register, below 2^32); AX must be 0.
func (g *l64Asm) fold(u4 string) {
	r := l64R
	g.comment("V = U mod 2^255 + 19·⌊U/2^255⌋.")
	g.op("BTRQ", "$63", r[3])                              // CF = bit 255
	g.op("ADCQ", u4, u4)                                   // q = 2·U4 + bit 255
	g.op("LEAQ", fmt.Sprintf("(%s)(%s*8)", u4, u4), l64Hi) // 9q
	g.op("LEAQ", fmt.Sprintf("(%s)(%s*2)", u4, l64Hi), u4) // 19q
	g.op("ADDQ", u4, r[0])
	for j := 1; j < 4; j++ {
		g.op("ADCQ", l64Zero, r[j])
	}
}

func (g *l64Asm) mul(dst, a, b string) {
	r := l64R
	g.comment("%s = %s·%s", dst, a, b)
	g.comment("Mutation-equivalent: a chain's first ADCX after CF = OF = 0 could be ADOX, as both chains carry into the same next word.")
	g.op("XORQ", l64Zero, l64Zero)
	g.op("MOVQ", g.w(b, 0), "DX")
	g.op("MULXQ", g.w(a, 0), r[0], r[1])
	for j := 1; j < 4; j++ {
		g.op("MULXQ", g.w(a, j), l64Lo, r[j+1])
		g.op("ADCXQ", l64Lo, r[j])
	}
	g.op("ADCXQ", l64Zero, r[4])
	for i := 1; i < 4; i++ {
		// CF = OF = 0: the previous row's chains ended in its top word.
		g.op("MOVQ", g.w(b, i), "DX")
		for j := range 3 {
			g.op("MULXQ", g.w(a, j), l64Lo, l64Hi)
			g.op("ADCXQ", l64Lo, r[i+j])
			g.op("ADOXQ", l64Hi, r[i+j+1])
		}
		g.op("MULXQ", g.w(a, 3), l64Lo, r[i+4])
		g.op("ADCXQ", l64Lo, r[i+3])
		g.op("ADOXQ", l64Zero, r[i+4])
		g.op("ADCXQ", l64Zero, r[i+4])
	}
	g.reduce()
	g.store(dst)
}

func (g *l64Asm) sqr(dst, a string) {
	u := l64R
	aw := func(j int) string { return g.w(a, j) }
	g.comment("%s = %s²: the cross products a_i·a_j (i < j) into u1 … u6.", dst, a)
	g.comment("Mutation-equivalent: a chain's first ADCX after CF = OF = 0 could be ADOX, as both chains carry into the same next word.")
	g.op("XORQ", l64Zero, l64Zero)
	g.op("MOVQ", aw(0), "DX")
	g.op("MULXQ", aw(1), u[1], u[2])
	g.op("MULXQ", aw(2), l64Lo, u[3])
	g.op("ADCXQ", l64Lo, u[2])
	g.op("MULXQ", aw(3), l64Lo, u[4])
	g.op("ADCXQ", l64Lo, u[3])
	// CF is pending into u4. a1·a2 goes to u3 (OF) and u4 (CF), a1·a3's
	// low half to u4 (OF) and its high half is u5, so both flags end up
	// pending into u5, where a2·a3's low half and two absorptions take them.
	g.op("MOVQ", aw(1), "DX")
	g.op("MULXQ", aw(2), l64Lo, l64Hi)
	g.op("ADOXQ", l64Lo, u[3])
	g.op("ADCXQ", l64Hi, u[4])
	g.op("MULXQ", aw(3), l64Lo, u[5])
	g.op("ADOXQ", l64Lo, u[4])
	g.op("MOVQ", aw(2), "DX")
	g.op("MULXQ", aw(3), l64Lo, u[6])
	g.op("ADCXQ", l64Lo, u[5])
	g.op("ADOXQ", l64Zero, u[5])
	g.op("ADCXQ", l64Zero, u[6])
	g.op("ADOXQ", l64Zero, u[6]) // the cross products are below 2^448: CF = OF = 0
	g.comment("Double them (u7 = the bit shifted out), add the squares a_i².")
	g.op("XORQ", u[7], u[7]) // and CF = OF = 0
	for k := 1; k <= 6; k++ {
		g.op("ADCXQ", u[k], u[k])
	}
	g.op("ADCXQ", l64Zero, u[7])
	g.op("MOVQ", aw(0), "DX")
	g.op("MULXQ", "DX", u[0], l64Hi)
	g.op("ADOXQ", l64Hi, u[1])
	for i := 1; i < 4; i++ {
		g.op("MOVQ", aw(i), "DX")
		g.op("MULXQ", "DX", l64Lo, l64Hi)
		g.op("ADOXQ", l64Lo, u[2*i])
		g.op("ADOXQ", l64Hi, u[2*i+1])
	}
	g.reduce()
	g.store(dst)
}

// a24add emits dst = k·a + b: one MULX row on the CF chain with b added
// on the OF chain, then the fold.
func (g *l64Asm) a24add(dst, a, b string, k int) {
	r := l64R
	g.comment("%s = %d·%s + %s", dst, k, a, b)
	g.op("MOVQ", fmt.Sprintf("$%d", k), "DX")
	g.op("XORQ", l64Zero, l64Zero)
	g.op("MULXQ", g.w(a, 0), r[0], r[1])
	g.op("ADOXQ", g.w(b, 0), r[0])
	for j := 1; j < 4; j++ {
		g.op("MULXQ", g.w(a, j), l64Lo, r[j+1])
		g.op("ADCXQ", l64Lo, r[j])
		g.op("ADOXQ", g.w(b, j), r[j])
	}
	g.op("ADCXQ", l64Zero, r[4])
	g.op("ADOXQ", l64Zero, r[4])
	g.fold(r[4])
	g.store(dst)
}

// addSub emits dst = a ± b with one fold by 38 (a and b small, see
// ladder64.go).
func (g *l64Asm) addSub(dst, a, b string, sub bool) {
	g.addSubTo(l64R[:4], a, b, sub)
	g.store(dst)
}

// addSubTo computes a ± b into the four registers r.
func (g *l64Asm) addSubTo(r []string, a, b string, sub bool) {
	first, next, sign := "ADDQ", "ADCQ", "+"
	if sub {
		first, next, sign = "SUBQ", "SBBQ", "−"
	}
	g.comment("%s %s %s", a, sign, b)
	g.op("XORQ", l64Zero, l64Zero)
	for j := range 4 {
		g.op("MOVQ", g.w(a, j), r[j])
	}
	g.op(first, g.w(b, 0), r[0])
	for j := 1; j < 4; j++ {
		g.op(next, g.w(b, j), r[j])
	}
	c38 := g.c38
	if c38 == "" {
		c38 = "DX"
		g.op("MOVQ", "$38", c38)
	}
	g.op("CMOVQCS", c38, l64Zero)
	g.op(first, l64Zero, r[0])
	if !sub {
		// A sum that wrapped is below 2^24: adding 38 to its low word
		// cannot carry.
		return
	}
	for j := 1; j < 4; j++ {
		g.op(next, "$0", r[j])
	}
}

// addSub2 emits dst = a ± b into R8–R11 and dst2 = a2 ± b2 into R12–R15,
// swaps the two where the mask in SI is all ones (CMOVs on TESTQ's zero
// flag, BX the scratch) and stores them.
func (g *l64Asm) addSub2(o feOp) {
	sub := o.kind == "sub2"
	g.addSubTo(l64R[:4], o.a, o.b, sub)
	g.addSubTo(l64R[4:], o.a2, o.b2, sub)
	g.comment("Swap %s and %s where the mask SI is not zero (CMOV: no branch).", o.dst, o.dst2)
	g.op("TESTQ", "SI", "SI")
	for j := range 4 {
		x, y := l64R[j], l64R[4+j]
		g.op("MOVQ", x, l64Lo)
		g.op("CMOVQNE", y, x)
		g.op("CMOVQNE", l64Lo, y)
	}
	g.store(o.dst)
	for j := range 4 {
		g.op("MOVQ", l64R[4+j], g.w(o.dst2, j))
	}
}

// cswap swaps x and y where the mask register m is all ones.
func (g *l64Asm) cswap(x, y, m string) {
	g.comment("Swap %s and %s under the mask %s.", x, y, m)
	for j := range 4 {
		g.op("MOVQ", g.w(x, j), "R8")
		g.op("MOVQ", g.w(y, j), "R9")
		g.op("MOVQ", "R8", "R10")
		g.op("XORQ", "R9", "R10")
		g.op("ANDQ", m, "R10")
		g.op("XORQ", "R10", "R8")
		g.op("XORQ", "R10", "R9")
		g.op("MOVQ", "R8", g.w(x, j))
		g.op("MOVQ", "R9", g.w(y, j))
	}
}

func (g *l64Asm) copyEl(dst, src string) {
	for j := range 4 {
		g.op("MOVQ", g.w(src, j), "R8")
		g.op("MOVQ", "R8", g.w(dst, j))
	}
}

// ops emits the plan's operations.
func (g *l64Asm) ops(ops []feOp) {
	for _, o := range ops {
		switch o.kind {
		case "add":
			g.addSub(o.dst, o.a, o.b, false)
		case "sub":
			g.addSub(o.dst, o.a, o.b, true)
		case "mul":
			g.mul(o.dst, o.a, o.b)
		case "sqr":
			g.sqr(o.dst, o.a)
		case "sqrn":
			g.sqr(o.dst, o.a)
			g.label++
			l := fmt.Sprintf("sqr%d", g.label)
			g.op("MOVQ", fmt.Sprintf("$%d", o.n-1), "DI")
			g.b.WriteString(l + ":\n")
			g.sqr(o.dst, o.dst)
			g.op("DECQ", "DI")
			g.op("JNZ", l)
		case "add2", "sub2":
			g.addSub2(o)
		case "a24add":
			g.a24add(o.dst, o.a, o.b, l64Shape.A24)
		case "muladd":
			g.a24add(o.dst, o.a, o.b, o.n)
		case "copy":
			g.copyEl(o.dst, o.a)
		case "one":
			g.op("MOVQ", "$1", g.w(o.dst, 0))
			for j := 1; j < 4; j++ {
				g.op("MOVQ", "$0", g.w(o.dst, j))
			}
		default:
			panic("ladder64asm: unknown op " + o.kind)
		}
	}
}

// frame assigns 32-byte frame slots to names from offset 0 and returns the
// next free offset.
func (g *l64Asm) frame(names ...string) int {
	off := 0
	for _, n := range names {
		g.slot[n] = fmt.Sprintf("%d(SP)", off)
		off += 32
	}
	return off
}

// ladder64Asm returns zz_generated_ladder64_amd64.s.
func ladder64Asm() []byte {
	sh := l64Shape
	l64Checked()
	g := &l64Asm{}
	g.b.WriteString("// Code generated by internal/gen/curve. DO NOT EDIT.\n\n")
	g.b.WriteString("//go:build " + ladder64BuildTag + "\n\n")
	g.b.WriteString("#include \"textflag.h\"\n")

	// The ladder.
	g.slot = map[string]string{}
	off := g.frame("x1", "x2", "z2", "x3", "z3", "A", "B", "C", "D")
	tOff, prevOff, frame := off, off+8, off+16
	fmt.Fprintf(&g.b, "\n// func ladder64Asm(st *[2]fe64, e *[32]byte, x1 *fe64)\n")
	fmt.Fprintf(&g.b, "// The frame: x1 x2 z2 x3 z3 A B C D (32 bytes each), the bit index t, the previous bit.\n")
	fmt.Fprintf(&g.b, "TEXT ·ladder64Asm(SB), $%d-24\n", frame)
	g.op("MOVQ", "x1+16(FP)", "SI")
	for j := range 4 {
		g.op("MOVQ", fmt.Sprintf("%d(SI)", 8*j), "R8")
		g.op("MOVQ", "R8", g.w("x1", j))
	}
	g.op("MOVQ", "$38", "DI")
	g.c38 = "DI"
	g.comment("(x2 : z2) = (x1 : 1), (x3 : z3) = 2·(x1 : 1).")
	g.ops(l64Start())
	g.op("MOVQ", fmt.Sprintf("$%d", sh.First), fmt.Sprintf("%d(SP)", tOff))
	g.op("MOVQ", "$0", fmt.Sprintf("%d(SP)", prevOff))
	g.b.WriteString("\nstep:\n")
	g.comment("bit = e[t>>3] >> (t&7) & 1; swap under −(bit ⊕ prev); prev = bit.")
	g.op("MOVQ", "e+8(FP)", "SI")
	g.op("MOVQ", fmt.Sprintf("%d(SP)", tOff), "CX")
	g.op("MOVQ", "CX", "BX")
	g.op("SHRQ", "$3", "BX")
	g.op("MOVBQZX", "(SI)(BX*1)", "BX")
	g.op("ANDQ", "$7", "CX")
	g.op("SHRQ", "CX", "BX")
	g.op("ANDQ", "$1", "BX")
	g.op("MOVQ", fmt.Sprintf("%d(SP)", prevOff), "SI")
	g.op("XORQ", "BX", "SI")
	g.op("MOVQ", "BX", fmt.Sprintf("%d(SP)", prevOff))
	g.op("NEGQ", "SI")
	g.ops(l64Step())
	g.op("MOVQ", fmt.Sprintf("%d(SP)", tOff), "CX")
	g.op("DECQ", "CX")
	g.op("MOVQ", "CX", fmt.Sprintf("%d(SP)", tOff))
	g.op("CMPQ", "CX", fmt.Sprintf("$%d", sh.Last))
	g.op("JGE", "step")
	g.b.WriteString("\n")
	g.comment("The last swap, then %d doublings of (x2 : z2).", sh.Doublings)
	g.op("MOVQ", fmt.Sprintf("%d(SP)", prevOff), "SI")
	g.op("NEGQ", "SI")
	g.cswap("x2", "x3", "SI")
	g.cswap("z2", "z3", "SI")
	for range sh.Doublings {
		g.ops(l64Double("x2", "z2", "x2", "z2"))
	}
	g.op("MOVQ", "st+0(FP)", "SI")
	for i, e := range []string{"x2", "z2"} {
		for j := range 4 {
			g.op("MOVQ", g.w(e, j), "R8")
			g.op("MOVQ", "R8", fmt.Sprintf("%d(SI)", 32*i+8*j))
		}
	}
	g.op("RET")
	g.c38 = ""

	// The inversion: z copied into the frame, the result stored through
	// out (loaded into SI, free by then).
	g.slot = map[string]string{}
	inv := l64Invert()
	frame = g.frame(append([]string{"z"}, l64Temps(inv, "z", "out")...)...)
	fmt.Fprintf(&g.b, "\n// func fe64InvertAsm(out, z *fe64)\n")
	fmt.Fprintf(&g.b, "TEXT ·fe64InvertAsm(SB), $%d-16\n", frame)
	g.op("MOVQ", "z+8(FP)", "SI")
	for j := range 4 {
		g.op("MOVQ", fmt.Sprintf("%d(SI)", 8*j), "R8")
		g.op("MOVQ", "R8", g.w("z", j))
	}
	g.ops(inv[:len(inv)-1])
	last := inv[len(inv)-1]
	g.slot["out"] = "0(SI)"
	g.mulTo(last.a, last.b, func() { g.op("MOVQ", "out+0(FP)", "SI") }, "out")
	g.op("RET")

	// The comb's mixed addition: the point behind SI, the entry behind
	// DI, the temporaries in the frame (DX holds 38 for the sums).
	l64MaddChecked()
	g.slot = map[string]string{"X": "0(SI)", "Y": "32(SI)", "Z": "64(SI)", "T": "96(SI)",
		"ypx": "0(DI)", "ymx": "32(DI)", "t2d": "64(DI)"}
	fmt.Fprintf(&g.b, "\n// func fe64MaddAsm(p *[4]fe64, q *[3]fe64)\n")
	fmt.Fprintf(&g.b, "TEXT ·fe64MaddAsm(SB), $%d-16\n", g.frame("a", "b", "c", "e", "f", "g", "h"))
	g.op("MOVQ", "p+0(FP)", "SI")
	g.op("MOVQ", "q+8(FP)", "DI")
	g.ops(l64Madd())
	g.op("RET")

	// The Edwards routines of the Straus loop: r behind SI, the entry
	// behind DI, the temporaries in the frame.
	l64EdChecked()
	for _, rt := range l64EdRoutines() {
		g.slot = map[string]string{"rX": "0(SI)", "rY": "32(SI)", "rZ": "64(SI)", "rT": "96(SI)"}
		for i, x := range rt.entrySlots() {
			g.slot[x] = fmt.Sprintf("%d(DI)", 32*i)
		}
		temps := rt.temps()
		off := 0
		for _, x := range temps {
			g.slot[x] = fmt.Sprintf("%d(SP)", off)
			off += 32
		}
		size := 8
		if rt.Entry != "" {
			size = 16
		}
		fmt.Fprintf(&g.b, "\n// func fe64Ed%sAsm(%s)\n", rt.Name, rt.params())
		fmt.Fprintf(&g.b, "TEXT ·fe64Ed%sAsm(SB), $%d-%d\n", rt.Name, off, size)
		g.op("MOVQ", "r+0(FP)", "SI")
		if rt.Entry != "" {
			g.op("MOVQ", "q+8(FP)", "DI")
		}
		g.ops(rt.Ops)
		g.op("RET")
	}

	// The single operations, for the tests (and the final multiplication):
	// operands behind SI and DI, the result stored through the first
	// argument.
	single := func(name, args string, size int, emit func()) {
		fmt.Fprintf(&g.b, "\n// func %s(%s)\n", name, args)
		fmt.Fprintf(&g.b, "TEXT ·%s(SB), NOSPLIT, $0-%d\n", name, size)
		emit()
		g.op("RET")
	}
	g.slot = map[string]string{"a": "0(SI)", "b": "0(DI)", "v": "0(SI)"}
	loadV := func() { g.op("MOVQ", "v+0(FP)", "SI") }
	single("fe64MulAsm", "v, a, b *fe64", 24, func() {
		g.op("MOVQ", "a+8(FP)", "SI")
		g.op("MOVQ", "b+16(FP)", "DI")
		g.mulTo("a", "b", loadV, "v")
	})
	single("fe64SqrAsm", "v, a *fe64", 16, func() {
		g.op("MOVQ", "a+8(FP)", "SI")
		g.withStore(loadV, func() { g.sqr("v", "a") })
	})
	single("fe64A24AddAsm", "v, a, b *fe64", 24, func() {
		g.op("MOVQ", "a+8(FP)", "SI")
		g.op("MOVQ", "b+16(FP)", "DI")
		g.withStore(loadV, func() { g.a24add("v", "a", "b", sh.A24) })
	})
	for _, k := range []string{"Add", "Sub"} {
		k := k
		single("fe64"+k+"Asm", "v, a, b *fe64", 24, func() {
			g.op("MOVQ", "a+8(FP)", "SI")
			g.op("MOVQ", "b+16(FP)", "DI")
			g.withStore(loadV, func() { g.addSub("v", "a", "b", k == "Sub") })
		})
	}
	return g.b.Bytes()
}

// withStore runs emit with the load of the destination pointer inserted
// before the first store (the first MOVQ R8 into a word of the result).
func (g *l64Asm) withStore(load func(), emit func()) {
	var saved bytes.Buffer
	saved.Write(g.b.Bytes())
	g.b.Reset()
	emit()
	body := g.b.String()
	g.b.Reset()
	g.b.Write(saved.Bytes())
	i := strings.Index(body, "\tMOVQ     R8, ")
	if i < 0 {
		panic("ladder64asm: no store")
	}
	g.b.WriteString(body[:i])
	load()
	g.b.WriteString(body[i:])
}

func (g *l64Asm) mulTo(a, b string, load func(), dst string) {
	g.withStore(load, func() { g.mul(dst, a, b) })
}

// ladder64BuildTag is the build constraint of the assembly and its
// declarations (the 32-bit and pure-Go builds run the Go ladder).
const ladder64BuildTag = "amd64 && !purego && !curvekit_purego && !curvekit32"
