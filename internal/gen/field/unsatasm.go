package field

// This file writes amd64 assembly for Multiply and Square of the unsaturated
// representations marked asm: fe51 here, the Karatsuba plans (fe56), whose
// columns share partial sums, in unsatasm_grouped.go. The Go code cannot be scheduled well:
// Go's SSA scheduler puts the flag-producing ADD/ADC pairs of bits.Add64 as
// late as possible, so all MULQ results spill (see fieldarith/DESIGN.md). Here
// each product is added into its column as soon as it is made, nothing is
// spilled, and shared operands such as 19·b are computed once.
//
// The assembly is not a second derivation: it walks the plan of the Go code
// (unsatRep.plan — the same limb products, the same precomputed operands such
// as 19·b and 2·a, the same columns) and the same carry description
// (carryTargets, limb widths), and does on 64-bit words exactly what
// emitMul and emitWideCarry write in Go: 128-bit column sums by ADDQ/ADCQ
// (the carry out of the high word dropped, as bits.Add64's is), the split
// c = hi<<(64−w) | lo>>w (one two-register SHLQ), l = lo&mask + carries, and
// one parallel carry. Only the order differs, and only where it cannot
// matter (columns are independent; sums of words are taken mod 2^64 or
// 2^128 either way). Its outputs are therefore bit-identical to the Go
// code's, and the interval proofs of the bounds (made on the loose bounds)
// hold for it too. TestUnsatAsm runs the text on internal/gen/amd64sim
// against math/big; field25519's tests compare it with the Go code on amd64.
//
// Only baseline amd64 instructions are used (MULQ, IMUL3Q, ADDQ/ADCQ,
// SHLQ/SHRQ, ANDQ, MOVQ): no MULX/ADX, which need GOAMD64=v3. The code is
// straight-line, with memory addresses fixed by the arguments, hence
// constant time; the frame is empty.

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// asmBuildTag selects the assembly; the other builds use the Go code.
const asmBuildTag = "amd64 && !purego && !curvekit_purego && !curvekit32"

func init() {
	for _, f := range unsatFields {
		for _, r := range f.reps {
			if r.asm {
				register("unsatasm_"+r.typ, func() (map[string][]byte, error) { return r.asmGenerate() })
			}
		}
	}
}

// asmText collects assembler lines.
type asmText struct {
	b strings.Builder
}

func (t *asmText) op(op string, args ...string) {
	if len(args) == 0 {
		fmt.Fprintf(&t.b, "\t%s\n", op)
		return
	}
	fmt.Fprintf(&t.b, "\t%-7s %s\n", op, strings.Join(args, ", "))
}

func (t *asmText) comment(format string, args ...any) {
	fmt.Fprintf(&t.b, "\t// "+format+"\n", args...)
}

func (t *asmText) line(s string) { t.b.WriteString(s + "\n") }

// asmRegs hands out the general registers other than AX and DX (MULQ's) and
// the argument pointers, lowest first, so that the output is deterministic.
type asmRegs struct {
	free []string
}

func newAsmRegs(pinned ...string) *asmRegs {
	a := &asmRegs{}
	for _, r := range []string{"SI", "DI", "R8", "R9", "R10", "R11", "R12", "R13", "R14", "R15", "BX", "CX"} {
		if !slices.Contains(pinned, r) {
			a.free = append(a.free, r)
		}
	}
	return a
}

func (a *asmRegs) get() (string, error) {
	if len(a.free) == 0 {
		return "", fmt.Errorf("out of registers")
	}
	r := a.free[0]
	a.free = a.free[1:]
	return r, nil
}

func (a *asmRegs) put(r string) { a.free = append(a.free, r) }

// asmSplit writes hi = hi<<(64−w) | lo>>w: with shld one double shift
// (SHLQ $n, lo, hi), else a copy into DX (free after the column's last
// MULQ), two shifts and an OR, which on this Zen 5 made fe56's Multiply 4%
// and Square 7% faster against circl's in the same run, while fe51's moved
// within ±2% either way (so it keeps SHLD).
func asmSplit(s *asmText, lo, hi string, w int, shld bool) {
	if shld {
		s.op("SHLQ", fmt.Sprintf("$%d", 64-w), lo, hi)
		return
	}
	s.op("MOVQ", lo, "DX")
	s.op("SHRQ", fmt.Sprintf("$%d", w), "DX")
	s.op("SHLQ", fmt.Sprintf("$%d", 64-w), hi)
	s.op("ORQ", "DX", hi)
}

// asmFunc is one generated function: its Go name and arguments.
type asmFunc struct {
	name   string
	square bool
	loop   bool  // square n times (squareN), the result fed back as the input
	mult32 bool  // v = a·y for a uint32 y (grouped path only)
	order  []int // the order in which the columns are summed
}

func (r *unsatRep) asmFuncs() []asmFunc {
	o := r.asmColumnOrder()
	fs := []asmFunc{{name: r.typ + "MultiplyAsm", order: o}, {name: r.typ + "SquareAsm", square: true, order: o}}
	if r.asmMult32 {
		fs = append(fs, asmFunc{name: r.typ + "Mult32Asm", mult32: true, order: o})
	}
	if r.asmSquareN() {
		fs = append(fs, asmFunc{name: r.typ + "SquareNAsm", square: true, loop: true, order: o})
	}
	return fs
}

// asmSquareN reports whether squareN has assembly: a loop over the
// squaring of asmMul or asmMulGrouped. Inside the loop the squarings are
// the same code as SquareAsm's, without a call and the argument reloads of a
// Go loop around Square between them.
func (r *unsatRep) asmSquareN() bool { return r.asm }

// asmColumnOrder orders the columns by how long the carry code that follows
// them is, longest first, so that the out-of-order core has the products of
// the others to do while it runs. For fe51 the carry out of column 4 is
// multiplied by 19 in the first pass, and column 3's carry reaches limb 4,
// whose carry is multiplied by 19 in the second (a 3-cycle IMUL3Q each), so
// columns 3 and 4 come first: measured about 5% faster than 0…4 on a
// dependent chain. The model counts one cycle per shift, AND or ADD and four
// for an IMUL3Q and its ADD.
func (r *unsatRep) asmColumnOrder() []int {
	n := r.n()
	cost := func(coef int64) int {
		if coef == 1 {
			return 1
		}
		return 4
	}
	// second(j): from limb j after the first pass to the stores: the shift,
	// then the addition of the carry to its targets.
	second := func(j int) int {
		m := 0
		for _, t := range r.carryTargets(j) {
			m = max(m, cost(t.coef))
		}
		return 1 + m
	}
	tail := make([]int, n)
	order := make([]int, n)
	for k := range tail {
		order[k] = k
		tail[k] = 1 + second(k) // the masked low word
		for _, t := range r.carryTargets(k) {
			tail[k] = max(tail[k], 1+cost(t.coef)+second(t.col)) // the carry
		}
	}
	slices.SortStableFunc(order, func(i, j int) int { return tail[j] - tail[i] })
	return order
}

// asmGenerate writes <pkg>/zz_generated_<typ>_amd64.s, the Go declarations
// and the Multiply and Square for that build, and the Multiply and Square
// of every other build.
func (r *unsatRep) asmGenerate() (map[string][]byte, error) {
	if err := r.solve(); err != nil {
		return nil, err
	}
	var s asmText
	s.line(strings.TrimSuffix(header, "\n"))
	s.line("//go:build " + asmBuildTag)
	s.line("")
	s.line("#include \"textflag.h\"")
	for _, fn := range r.asmFuncs() {
		mul := r.asmMul
		if r.karatsuba {
			mul = r.asmMulGrouped // columns share partial sums (unsatasm_grouped.go)
		}
		if err := mul(&s, fn); err != nil {
			return nil, fmt.Errorf("%s: %v", fn.name, err)
		}
	}
	t, fields := r.typ, r.f.pkg
	mulName, sqName := r.asmFuncs()[0].name, r.asmFuncs()[1].name
	stubs := header + fmt.Sprintf(`//go:build %[1]s

package %[2]s

// Multiply sets v = a·b and returns v. It runs %[4]s, generated
// amd64 assembly computing the same columns as multiplyGeneric.
func (v *%[3]s) Multiply(a, b *%[3]s) *%[3]s {
	%[4]s(v, a, b)
	return v
}

// Square sets v = a² and returns v. It runs %[5]s, generated
// amd64 assembly computing the same columns as squareGeneric.
func (v *%[3]s) Square(a *%[3]s) *%[3]s {
	%[5]s(v, a)
	return v
}

// %[4]s sets v = a·b, limb for limb as multiplyGeneric
// (zz_generated_%[3]s_amd64.s). v, a and b may alias.
//
//go:noescape
func %[4]s(v, a, b *%[3]s)

// %[5]s sets v = a², limb for limb as squareGeneric
// (zz_generated_%[3]s_amd64.s). v and a may alias.
//
//go:noescape
func %[5]s(v, a *%[3]s)
`, asmBuildTag, fields, t, mulName, sqName)
	generic := header + fmt.Sprintf(`//go:build !(%[1]s)

package %[2]s

// Multiply sets v = a·b and returns v. This build runs the Go code,
// multiplyGeneric; amd64 without the purego, curvekit_purego and curvekit32
// tags runs generated assembly instead.
func (v *%[3]s) Multiply(a, b *%[3]s) *%[3]s { return v.multiplyGeneric(a, b) }

// Square sets v = a² and returns v. This build runs the Go code, squareGeneric.
func (v *%[3]s) Square(a *%[3]s) *%[3]s { return v.squareGeneric(a) }
`, asmBuildTag, fields, t)
	if r.asmSquareN() {
		stubs += fmt.Sprintf(`
// squareN sets v = a^(2^n) (n squarings) and returns v; n ≤ 0 gives v = a.
// It runs %[1]sSquareNAsm, generated amd64 assembly looping over the
// squaring of %[1]sSquareAsm, limb for limb as squareNGeneric.
func (v *%[1]s) squareN(a *%[1]s, n int) *%[1]s {
	if n <= 0 {
		*v = *a
		return v
	}
	%[1]sSquareNAsm(v, a, n)
	return v
}

// %[1]sSquareNAsm sets v = a^(2^n) for n ≥ 1 (zz_generated_%[1]s_amd64.s).
// v and a may alias.
//
//go:noescape
func %[1]sSquareNAsm(v, a *%[1]s, n int)
`, t)
		generic += fmt.Sprintf(`
// squareN sets v = a^(2^n) and returns v. This build runs the Go code, squareNGeneric.
func (v *%[1]s) squareN(a *%[1]s, n int) *%[1]s { return v.squareNGeneric(a, n) }
`, t)
	}
	if r.asmMult32 {
		stubs += fmt.Sprintf(`
// Mult32 sets v = a·y and returns v. It runs %[1]sMult32Asm, generated
// amd64 assembly computing the same columns as mult32Generic.
func (v *%[1]s) Mult32(a *%[1]s, y uint32) *%[1]s {
	%[1]sMult32Asm(v, a, y)
	return v
}

// %[1]sMult32Asm sets v = a·y, limb for limb as mult32Generic
// (zz_generated_%[1]s_amd64.s). v and a may alias.
//
//go:noescape
func %[1]sMult32Asm(v, a *%[1]s, y uint32)
`, t)
		generic += fmt.Sprintf(`
// Mult32 sets v = a·y and returns v. This build runs the Go code, mult32Generic.
func (v *%[1]s) Mult32(a *%[1]s, y uint32) *%[1]s { return v.mult32Generic(a, y) }
`, t)
	}
	base := fmt.Sprintf("%s/zz_generated_%s", r.f.pkg, r.typ)
	out := map[string][]byte{
		base + "_amd64.s":  []byte(s.b.String()),
		base + "_amd64.go": []byte(stubs),
		base + "_noasm.go": []byte(generic),
	}
	if r.asmSquareN() {
		out[base+"_squaren_amd64_test.go"] = []byte(r.squareNTest())
	}
	return out, nil
}

// asmMul writes one multiplication or squaring. The columns are summed one
// after the other (in fn.order), each product added in as soon as it is
// made; a finished column is split at once (the first carry pass,
// c = hi<<(64−w) | lo>>w and l = lo&mask), and a carry is added to its
// target limb as soon as both are there. That frees registers early enough to keep the operands with a
// multiplier that several products share (19·b, 2·a) in registers; the
// others are recomputed from memory where they are used. Then the second
// carry pass, and the stores: every input is read before v is written, so
// v may alias the arguments.
func (r *unsatRep) asmMul(s *asmText, fn asmFunc) error {
	n := r.n()
	if r.word != 64 || r.karatsuba {
		return fmt.Errorf("%s: assembly is written for 64-bit limbs without Karatsuba", r.typ)
	}
	w := r.width[0]
	for _, x := range r.width {
		if x != w {
			return fmt.Errorf("%s: assembly needs equal limb widths", r.typ)
		}
	}
	// The Go code's proof, on the loose bounds, must hold: the assembly
	// does the same arithmetic.
	var scratch unsatEmitter
	if _, err := r.emitMul(&scratch, fn.square, r.lbound); err != nil {
		return err
	}
	pl, err := r.plan(fn.square, r.lbound)
	if err != nil {
		return err
	}
	// Every column must be one group of products with coefficient 1, so
	// that the column sum is the group sum (the "direct" case of emitMul).
	cols := make([]*unsatGroup, n)
	for _, g := range pl.groups {
		if len(g.uses) != 1 || g.uses[0].coef != 1 || cols[g.uses[0].col] != nil {
			return fmt.Errorf("%s: a column is not a single sum of products", r.typ)
		}
		cols[g.uses[0].col] = g
	}
	for k, g := range cols {
		if g == nil {
			return fmt.Errorf("%s: column %d has no products", r.typ, k)
		}
	}
	ptr := map[byte]string{'a': "CX", 'b': "BX"}
	args, frame := "v, a, b", 24
	if fn.square {
		delete(ptr, 'b')
		args, frame = "v, a", 16
	}
	if fn.loop {
		args, frame = "v, a *"+r.typ+", n int", 24
	}
	pinned := []string{"CX"}
	if !fn.square {
		pinned = append(pinned, "BX")
	}
	regs := newAsmRegs(pinned...)
	mem := func(o unsatOperand) (string, error) {
		i, err := strconv.Atoi(o.base[1:])
		reg, ok := ptr[o.base[0]]
		if err != nil || !ok || i < 0 || i >= n {
			return "", fmt.Errorf("operand %s is not a limb of an argument", o.base)
		}
		if i == 0 {
			return "(" + reg + ")", nil
		}
		return fmt.Sprintf("%d(%s)", 8*i, reg), nil
	}
	// load writes o = limb·mult (mod 2^64, as the Go code's x_m := x * m) into dst.
	load := func(o unsatOperand, dst string) error {
		m, err := mem(o)
		if err != nil {
			return err
		}
		switch {
		case o.mult == 1:
			s.op("MOVQ", m, dst)
		case o.mult&(o.mult-1) == 0:
			s.op("MOVQ", m, dst)
			s.op("SHLQ", fmt.Sprintf("$%d", bits.TrailingZeros64(uint64(o.mult))), dst)
		case o.mult < 1<<31:
			s.op("IMUL3Q", fmt.Sprintf("$%d", o.mult), m, dst)
		default:
			return fmt.Errorf("multiplier %d does not fit an immediate", o.mult)
		}
		return nil
	}
	// Operands with a multiplier used by several products are held in a
	// register from their first use to their last.
	left := map[string]int{}
	for _, g := range cols {
		for _, p := range g.prods {
			for _, o := range []unsatOperand{p.x, p.y} {
				if o.mult != 1 {
					left[o.name()]++
				}
			}
		}
	}
	held := map[string]string{}
	hold := func(o unsatOperand) (string, error) {
		if o.mult == 1 {
			return "", nil
		}
		if reg, ok := held[o.name()]; ok {
			return reg, nil
		}
		// Keep a register free for a second operand with a multiplier.
		if left[o.name()] < 2 || len(regs.free) < 2 {
			return "", nil
		}
		reg, err := regs.get()
		if err != nil {
			return "", err
		}
		s.comment("%s in %s", o.name(), reg)
		if err := load(o, reg); err != nil {
			return "", err
		}
		held[o.name()] = reg
		return reg, nil
	}
	release := func(o unsatOperand) {
		if o.mult == 1 {
			return
		}
		left[o.name()]--
		if reg, ok := held[o.name()]; ok && left[o.name()] == 0 {
			regs.put(reg)
			delete(held, o.name())
		}
	}

	s.line("")
	if fn.loop {
		s.line(fmt.Sprintf("// func %s(%s)", fn.name, args))
		s.line("//")
		s.line("// n ≥ 1 squarings; n is public (the loop count), and each pass is")
		s.line("// SquareAsm's straight-line code, with v as the next pass's input.")
	} else {
		s.line(fmt.Sprintf("// func %s(%s *%s)", fn.name, args, r.typ))
	}
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-%d", fn.name, frame))
	s.op("MOVQ", "a+8(FP)", "CX")
	if !fn.square {
		s.op("MOVQ", "b+16(FP)", "BX")
	}
	if fn.loop {
		s.line("loop:")
	}
	var bl []string
	for _, c := range pl.cols {
		bl = append(bl, fmt.Sprint(c.BitLen()))
	}
	s.comment("The columns fit in %s bits (proved by the generator).", strings.Join(bl, ", "))
	l := make([]string, n)   // the limbs after the first carry pass
	c := make([]string, n)   // the carries out of the columns
	done := make([]bool, n)  // column k is split
	added := make([]bool, n) // carry k is added to its targets
	mask, err := regs.get()
	if err != nil {
		return err
	}
	s.op("MOVQ", fmt.Sprintf("$0x%x", unsatMaxWord(w)), mask)
	addCarry := func(k int, c string) {
		for _, t := range r.carryTargets(k) {
			if t.coef == 1 {
				s.op("ADDQ", c, l[t.col])
				continue
			}
			s.op("IMUL3Q", fmt.Sprintf("$%d", t.coef), c, "DX")
			s.op("ADDQ", "DX", l[t.col])
		}
	}
	for _, k := range fn.order {
		g := cols[k]
		lo, err := regs.get()
		if err != nil {
			return err
		}
		hi, err := regs.get()
		if err != nil {
			return err
		}
		for i, p := range g.prods {
			s.line("")
			if i == 0 {
				s.comment("r%d = %s·%s, in %s:%s", k, p.x.name(), p.y.name(), hi, lo)
			} else {
				s.comment("r%d += %s·%s", k, p.x.name(), p.y.name())
			}
			x, y := p.x, p.y
			rx, err := hold(x)
			if err != nil {
				return err
			}
			ry, err := hold(y)
			if err != nil {
				return err
			}
			// AX takes one operand, MULQ's source is the other: a
			// register if one is held, else a limb in memory.
			if ry == "" && (rx != "" || y.mult != 1) {
				x, y, rx, ry = y, x, ry, rx
			}
			src, tmp := ry, ""
			if src == "" {
				if y.mult == 1 {
					if src, err = mem(y); err != nil {
						return err
					}
				} else { // two operands with a multiplier, both used once
					if tmp, err = regs.get(); err != nil {
						return err
					}
					if err := load(y, tmp); err != nil {
						return err
					}
					src = tmp
				}
			}
			if rx != "" {
				s.op("MOVQ", rx, "AX")
			} else if err := load(x, "AX"); err != nil {
				return err
			}
			s.op("MULQ", src)
			if i == 0 {
				s.op("MOVQ", "AX", lo)
				s.op("MOVQ", "DX", hi)
			} else {
				s.op("ADDQ", "AX", lo)
				s.op("ADCQ", "DX", hi)
			}
			if tmp != "" {
				regs.put(tmp)
			}
			release(p.x)
			release(p.y)
		}
		s.line("")
		s.comment("First carry of r%d: c%d = hi<<%d | lo>>%d in %s, l%d = lo&mask + carries in %s.", k, k, 64-w, w, hi, k, lo)
		asmSplit(s, lo, hi, w, true)
		s.op("ANDQ", mask, lo)
		l[k], c[k], done[k] = lo, hi, true
		for j := 0; j < n; j++ {
			ready := done[j] && !added[j]
			for _, t := range r.carryTargets(j) {
				ready = ready && done[t.col]
			}
			if ready {
				addCarry(j, c[j])
				added[j] = true
				regs.put(c[j])
			}
		}
	}
	if len(held) != 0 || slices.Contains(added, false) {
		return fmt.Errorf("%s: internal error: operands or carries left over", r.typ)
	}
	for _, reg := range pinned {
		regs.put(reg)
	}
	s.line("")
	s.comment("Second carry, in parallel: v.l[k] = l&mask + carries.")
	t := make([]string, n)
	for k := 0; k < n; k++ {
		if t[k], err = regs.get(); err != nil {
			return err
		}
		s.op("MOVQ", l[k], t[k])
		s.op("SHRQ", fmt.Sprintf("$%d", w), t[k])
	}
	for k := 0; k < n; k++ {
		s.op("ANDQ", mask, l[k])
	}
	for k := 0; k < n; k++ {
		addCarry(k, t[k])
	}
	s.line("")
	s.op("MOVQ", "v+0(FP)", "AX")
	for k := 0; k < n; k++ {
		dst := "(AX)"
		if k > 0 {
			dst = fmt.Sprintf("%d(AX)", 8*k)
		}
		s.op("MOVQ", l[k], dst)
	}
	if fn.loop {
		s.comment("The next pass squares v; the count lives in its argument slot.")
		s.op("MOVQ", "AX", "CX")
		s.op("DECQ", "n+16(FP)")
		s.op("JNZ", "loop")
	}
	s.op("RET")
	return nil
}

// squareNTest is the amd64 test of squareN's assembly loop against n
// squarings by squareGeneric. It uses the package's hand-written helpers
// of the representation's other assembly tests: randLimbs and
// <typ>EdgeStates (<typ>_asm_test.go).
func (r *unsatRep) squareNTest() string {
	// The longest run of squarings in the package's addition chains.
	longest := 0
	for _, e := range []*big.Int{new(big.Int).Sub(r.f.p, big.NewInt(2))} {
		for _, op := range buildChain(e, "a", "v").ops {
			longest = max(longest, op.sq)
		}
	}
	return header + fmt.Sprintf(`//go:build %[1]s

package %[2]s

import (
	"math/rand/v2"
	"testing"
)

// Test%[4]sSquareNAsm compares squareN's assembly loop with n squarings by
// squareGeneric, on random loose inputs and the edge states, for n from 1
// to the chains' longest run (%[5]d), aliased and not, and n ≤ 0 with a copy.
func Test%[4]sSquareNAsm(t *testing.T) {
	r := rand.New(rand.NewPCG(%[6]d, 3))
	inputs := %[3]sEdgeStates()
	for range 200 {
		inputs = append(inputs, randLimbs(r, &%[3]sLooseBound))
	}
	for i, a := range inputs {
		n := 1 + i%%7
		if i%%50 == 0 {
			n = %[5]d
		}
		want := a
		for range n {
			want.squareGeneric(&want)
		}
		var got %[3]s
		got.squareN(&a, n)
		if got != want {
			t.Fatalf("squareN(%%x, %%d): asm %%x, generic %%x", a.l, n, got.l, want.l)
		}
		aliased := a
		aliased.squareN(&aliased, n)
		if aliased != want {
			t.Fatalf("squareN(%%x, %%d) aliased: asm %%x, generic %%x", a.l, n, aliased.l, want.l)
		}
		for _, k := range []int{0, -1} {
			if got.squareN(&a, k); got != a {
				t.Fatalf("squareN(%%x, %%d) = %%x, want a copy", a.l, k, got.l)
			}
		}
	}
}
`, asmBuildTag, r.f.pkg, r.typ, strings.ToUpper(r.typ[:1])+r.typ[1:], longest, r.n())
}
