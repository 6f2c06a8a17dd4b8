package field

// This file writes p256's Jacobian point formulas twice from one plan: as
// Go on fieldp256.Element (zz_generated_jacobian.go, every build) and as
// one amd64 routine each (zz_generated_jacobian_amd64.s). In the routines
// the Montgomery multiplications and squarings are montasm.go's rows
// (mulRows, squareRows, correct: the same emitters that write fieldp256's
// Multiply and Square), inlined into the doublings and, in the additions
// and the digit step, emitted once as two subroutines they CALL (the
// formulas marked calls: see internals), and the additions, subtractions
// and halvings mod p are the Go code's algorithms (elem64Add, elem64Sub,
// elem64Halve of mont.tmpl) inline, in registers. Each step reads its
// operands from memory (the argument points or the temporaries' slots in
// the frame; the previous step's result from its registers) and stores
// its result before the next step starts, in the plan's order, so the
// routine and the Go method give the same limbs and the same aliasing
// rules (p may alias a). The code has fixed addresses and no branches but
// the doubling loop's public count: the corrections are CMOVs and masks
// (constant time).
//
// The routines need the 64-bit backend's layout (jacobianPoint = three
// fieldp256.Element of four 64-bit Montgomery limbs, affinePoint two), which
// the generated Go file checks at compile time, and BMI2 and ADX, checked
// at run time.

import (
	"fmt"
	"strings"

	"github.com/curvekit/curvekit/internal/gen/registry"
)

func init() {
	register("pointasm-p256", pointAsmGenerate)
}

// pfStep is one field operation of a plan: dst = op(a, b).
type pfStep struct {
	dst, op, a, b, comment string
}

// pointFormula is one point operation: the receiver p and the arguments
// args (their types), the temporaries and the steps.
type pointFormula struct {
	generic string   // the Go method, e.g. doubleGeneric
	asm     string   // the assembly function
	args    []string // "a jacobianPoint", "b affinePoint"
	doc     string
	steps   []pfStep
	test    bool // for the tests only: no dispatching method
	calls   bool // CALL the Multiply and Square subroutines (internals)
}

// parsePlan reads one step per line: "dst = op a [b] [// comment]".
func parsePlan(text string) []pfStep {
	var out []pfStep
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		line, comment, _ := strings.Cut(line, "//")
		f := strings.Fields(line)
		if len(f) < 4 || f[1] != "=" {
			panic("pointasm: bad step " + line)
		}
		st := pfStep{dst: f[0], op: f[2], a: f[3], comment: strings.TrimSpace(comment)}
		if len(f) == 5 {
			st.b = f[4]
		}
		unary := st.op == "sqr" || st.op == "halve"
		if unary != (st.b == "") || len(f) > 5 {
			panic("pointasm: bad operands in " + line)
		}
		out = append(out, st)
	}
	return out
}

var pointFormulas = []*pointFormula{
	{
		generic: "doubleGeneric", asm: "jacobianDoubleAsm", args: []string{"a jacobianPoint"},
		doc: `sets p = 2·a for a = −3 (4M + 4S): the dbl-2001-b quantities
(δ = Z², α = 3(X − δ)(X + δ), X3 = α² − 8β, Y3 = α(4β − X3) − 8γ² with
γ = Y², β = X·γ), but from Y' = 2Y: Z3 = Y'·Z, 4γ = Y'², 4β = X·4γ and
8γ² = (4γ)²/2 (Halve). That trades dbl-2001-b's (Y + Z)² − γ − δ and
the doublings of β and γ² (3M + 5S, 15 additions) for one more
multiplication and 10 additions and a halving: 12–13% faster in both
builds, measured interleaved. The identity stays at Z = 0. P-256 has no
point of order 2, so the formula has no exceptional input. p may alias a.`,
		steps: parsePlan(`
y2 = add a.y a.y // Y' = 2Y
delta = sqr a.z // δ = Z²
t = sub a.x delta // X − δ
s = add a.x delta // X + δ
alpha = mul t s
t = add alpha alpha
alpha = add alpha t // α = 3(X − δ)(X + δ)
p.z = mul y2 a.z // Z3 = 2Y·Z (a.z read before p.z is written)
g4 = sqr y2 // 4γ = 4Y²
b4 = mul a.x g4 // 4β = 4X·Y²
b8 = add b4 b4 // 8β
p.x = sqr alpha
p.x = sub p.x b8 // X3 = α² − 8β
b4 = sub b4 p.x // 4β − X3
p.y = mul alpha b4 // α(4β − X3)
g4 = sqr g4 // 16γ²
g4 = halve g4 // 8γ²
p.y = sub p.y g4 // Y3 = α(4β − X3) − 8γ²
`),
	},
	{
		generic: "addAffineUncheckedGeneric", asm: "jacobianAddAffineAsm", args: []string{"a jacobianPoint", "b affinePoint"},
		calls: true,
		doc: `sets p = a + b with madd-2004-hmv (8M + 3S), in
constant time, for a ≠ O and a ≠ ±b: for those inputs the result is
garbage (Z3 = Z1·H = 0), and the callers either prove they cannot occur
or select the result away. Against madd-2007-bl (7M + 4S) it trades a
square for a multiplication and saves five additions (its 2s and 4s):
8–10% faster in both builds, measured interleaved. p may alias a.`,
		steps: parsePlan(`
z1z1 = sqr a.z // Z1Z1 = Z1²
u2 = mul b.x z1z1 // U2 = X2·Z1Z1
s2 = mul b.y a.z
s2 = mul s2 z1z1 // S2 = Y2·Z1·Z1Z1
h = sub u2 a.x // H = U2 − X1
r = sub s2 a.y // r = S2 − Y1
hh = sqr h // HH = H²
hhh = mul h hh // HHH = H·HH
v = mul a.x hh // V = X1·HH
t = mul a.y hhh // Y1·HHH
p.z = mul a.z h // Z3 = Z1·H (every read of a is done)
p.x = sqr r
p.x = sub p.x hhh
p.x = sub p.x v
p.x = sub p.x v // X3 = r² − HHH − 2·V
v = sub v p.x
p.y = mul r v
p.y = sub p.y t // Y3 = r·(V − X3) − Y1·HHH
`),
	},
	{
		generic: "addUncheckedGeneric", asm: "jacobianAddAsm", args: []string{"a jacobianPoint", "b jacobianPoint"},
		calls: true,
		doc: `sets p = a + b with add-2007-bl (11M + 5S), in
constant time, for a, b ≠ O and a ≠ ±b: for those inputs the result is
garbage (Z3 = 0), and the callers either prove they cannot occur or
select the result away. p may alias a or b.`,
		steps: parsePlan(`
z1z1 = sqr a.z // Z1Z1 = Z1²
z2z2 = sqr b.z // Z2Z2 = Z2²
u1 = mul a.x z2z2 // U1 = X1·Z2Z2
u2 = mul b.x z1z1 // U2 = X2·Z1Z1
s1 = mul a.y b.z
s1 = mul s1 z2z2 // S1 = Y1·Z2·Z2Z2
s2 = mul b.y a.z
s2 = mul s2 z1z1 // S2 = Y2·Z1·Z1Z1
h = sub u2 u1 // H = U2 − U1
r = sub s2 s1
r = add r r // r = 2·(S2 − S1)
i = add h h
i = sqr i // I = (2·H)²
j = mul h i // J = H·I
v = mul u1 i // V = U1·I
t = add a.z b.z
t = sqr t
t = sub t z1z1
t = sub t z2z2
p.z = mul t h // Z3 = ((Z1 + Z2)² − Z1Z1 − Z2Z2)·H
p.x = sqr r
p.x = sub p.x j
p.x = sub p.x v
p.x = sub p.x v // X3 = r² − J − 2·V
v = sub v p.x
s1 = mul s1 j
s1 = add s1 s1 // 2·S1·J
p.y = mul r v
p.y = sub p.y s1 // Y3 = r·(V − X3) − 2·S1·J
`),
	},
	{
		generic: "linearOpsGeneric", asm: "jacobianLinearOpsAsm", args: []string{"a jacobianPoint", "b jacobianPoint"},
		test: true,
		doc: `is not a point operation: it runs the linear
steps of the plans (halve, subtract, add, and add and subtract with the
previous step's result in registers) on coordinates, so that the tests can
compare each with the field code on chosen limbs.`,
		steps: parsePlan(`
p.x = halve a.x
p.y = sub a.y b.y
p.z = add a.z b.z
t = add p.z a.x
t = sub b.x t
p.z = sub t a.y
`),
	},
}

// isField reports whether an operand is a point's coordinate ("a.x").
func isField(op string) bool { return strings.Contains(op, ".") }

// temps lists the plan's temporaries in order of first appearance.
func (f *pointFormula) temps() []string {
	var out []string
	seen := map[string]bool{}
	for _, st := range f.steps {
		for _, o := range []string{st.dst, st.a, st.b} {
			if o != "" && !isField(o) && !seen[o] {
				seen[o] = true
				out = append(out, o)
			}
		}
	}
	return out
}

// goMethod writes the Go method of f.
func (f *pointFormula) goMethod() string {
	var b strings.Builder
	var params []string
	for _, a := range f.args {
		n, t, _ := strings.Cut(a, " ")
		params = append(params, n+" *"+t)
	}
	doc := strings.ReplaceAll(f.doc, "\n", "\n// ")
	fmt.Fprintf(&b, "// %s %s\n//\n// It is the Go code of the plan that also writes %s\n// (fieldarith/internal/gen/pointasm.go).\n", f.generic, doc, f.asm)
	fmt.Fprintf(&b, "func (p *jacobianPoint) %s(%s) *jacobianPoint {\n", f.generic, strings.Join(params, ", "))
	fmt.Fprintf(&b, "\tvar %s fieldp256.Element\n", strings.Join(f.temps(), ", "))
	method := map[string]string{"add": "Add", "sub": "Subtract", "mul": "Multiply", "sqr": "Square", "halve": "Halve"}
	for _, st := range f.steps {
		args := "&" + st.a
		if st.b != "" {
			args += ", &" + st.b
		}
		line := fmt.Sprintf("%s.%s(%s)", st.dst, method[st.op], args)
		if st.comment != "" {
			line += " // " + st.comment
		}
		fmt.Fprintf(&b, "\t%s\n", line)
	}
	b.WriteString("\treturn p\n}\n")
	return b.String()
}

// pointAsm emits the routines; m supplies the Montgomery rows.
type pointAsm struct {
	m     *montAsm
	s     *asmText
	slots map[string]int // temporaries' frame offsets
	argOf map[string]string
	f     *pointFormula
	// cur is the value the registers inRegs hold after a step (the
	// step's result, also stored unless deadStore), for the next step.
	cur    string
	inRegs []string
	calls  bool // CALL the subroutines for Multiply and Square
}

var pfFieldOff = map[string]int{"x": 0, "y": 32, "z": 64}

// operand returns the address of limb j of op, loading the point's
// pointer from the arguments into reg first if op is a coordinate.
func (e *pointAsm) operand(op, reg string) func(j int) string {
	if off, ok := e.slots[op]; ok || !isField(op) {
		return func(j int) string { return fmt.Sprintf("%d(SP)", off+8*j) }
	}
	pt, c, _ := strings.Cut(op, ".")
	e.s.op("MOVQ", e.argOf[pt], reg)
	off := pfFieldOff[c]
	return func(j int) string { return fmt.Sprintf("%d(%s)", off+8*j, reg) }
}

// addrInto sets reg to the address of op's first limb.
func (e *pointAsm) addrInto(op, reg string) {
	if off, ok := e.slots[op]; ok || !isField(op) {
		e.s.op("LEAQ", fmt.Sprintf("%d(SP)", off), reg)
		return
	}
	pt, c, _ := strings.Cut(op, ".")
	e.s.op("MOVQ", e.argOf[pt], reg)
	if off := pfFieldOff[c]; off != 0 {
		e.s.op("LEAQ", fmt.Sprintf("%d(%s)", off, reg), reg)
	}
}

// The Multiply and Square subroutines that the additions and the digit
// step CALL (calls): one copy of the rows instead of one per step. The
// doubling keeps its rows inline (a call per step measured slower there),
// and the loops' hot code shrinks from 14 KiB (ECDH) and 22 KiB
// (verification) to 8 and 10 KiB; inlined everywhere, the loops' speed
// moved by 5% (ECDH) and 2× (verification) with the binary's layout.
const (
	pfMulInternal = "pointMulInternal<>"
	pfSqrInternal = "pointSqrInternal<>"
)

// internals writes the subroutines: a at SI, b at DI (memory), the result
// in BX, CX, DX, AX; they use AX, BX, CX, DX, SI, DI and R8 … R14.
func (e *pointAsm) internals() {
	s := e.s
	at := func(reg string) func(j int) string {
		return func(j int) string { return fmt.Sprintf("%d(%s)", 8*j, reg) }
	}
	s.line("")
	s.line("// pointMulInternal sets BX, CX, DX, AX to (SI)·(DI)·R⁻¹ mod p: montasm's")
	s.line("// Multiply rows. It clobbers R8 … R13.")
	s.line(fmt.Sprintf("TEXT %s(SB), NOSPLIT, $0", pfMulInternal))
	e.m.correct(e.m.mulRows(at("SI"), at("DI")), pfOut)
	s.op("RET")
	s.line("")
	s.line("// pointSqrInternal sets BX, CX, DX, AX to (SI)²·R⁻¹ mod p: montasm's")
	s.line("// Square rows. It clobbers SI, DI and R8 … R14.")
	s.line(fmt.Sprintf("TEXT %s(SB), NOSPLIT, $0", pfSqrInternal))
	e.m.correct(e.m.squareRows(at("SI")), pfOut)
	s.op("RET")
}

// store writes the words r to dst (through SI for a coordinate).
func (e *pointAsm) store(dst string, r []string) {
	addr := e.operand(dst, "SI")
	for j := 0; j < 4; j++ {
		e.s.op("MOVQ", r[j], addr(j))
	}
}

var pfAcc = []string{"R8", "R9", "R10", "R11"}
var pfOut = []string{maLo, maHi, "DX", maZero}

// load reads op into the accumulator registers R8 … R11.
func (e *pointAsm) load(op string) {
	addr := e.operand(op, "SI")
	for j := 0; j < 4; j++ {
		e.s.op("MOVQ", addr(j), pfAcc[j])
	}
}

// maskedMod emits regs holding limb j of m AND mask (for the limbs that
// are neither 0 nor all ones) and returns, per limb, the operand to add.
func (e *pointAsm) maskedMod(mask string) []string {
	return e.maskedModIn(mask, []string{maLo, maHi, "DX", maZero})
}

// maskedModIn is maskedMod with the registers free.
func (e *pointAsm) maskedModIn(mask string, free []string) []string {
	out := make([]string, 4)
	for j, l := range e.m.r.Mod {
		switch l {
		case 0:
			out[j] = "$0"
		case e.m.full:
			out[j] = mask
		default:
			r := free[0]
			free = free[1:]
			e.s.op("MOVQ", e.m.modAddr(j), r)
			e.s.op("ANDQ", mask, r)
			out[j] = r
		}
	}
	return out
}

// addMasked emits R8 … R11 (+ carry) += the masked m, as elem64Sub and
// elem64Halve add m under their mask.
func (e *pointAsm) addMasked(k []string, carry string) {
	for j := 0; j < 4; j++ {
		op := "ADCQ"
		if j == 0 {
			op = "ADDQ"
		}
		e.s.op(op, k[j], pfAcc[j])
	}
	if carry != "" {
		e.s.op("ADCQ", "$0", carry)
	}
}

// fusible reports whether a step can take operand v from the registers
// of the step before (the linear operations; MULX rows read memory).
func fusible(st pfStep, v string) bool {
	return (st.op == "add" || st.op == "sub" || st.op == "halve") && (st.a == v || st.b == v)
}

// deadStore reports whether step i's result needs no store: a temporary
// read, before it is written again, only by step i+1 through the
// registers (steps wraps around for the doubling loop, whose temporaries
// are all written before they are read).
func deadStore(steps []pfStep, i int) bool {
	d := steps[i].dst
	if isField(d) || i+1 == len(steps) || !fusible(steps[i+1], d) {
		return false
	}
	if steps[i+1].dst == d {
		return true
	}
	for _, st := range steps[i+2:] {
		if st.a == d || st.b == d {
			return false
		}
		if st.dst == d {
			return true
		}
	}
	return true
}

// regs returns the registers of the step before if they hold v, else nil.
func (e *pointAsm) regs(v string) []string {
	if v != "" && v == e.cur {
		return e.inRegs
	}
	return nil
}

// loadLinear puts a into R8 … R11 and returns b's limbs' operands,
// registers when b is the step before's result.
func (e *pointAsm) loadLinear(a, b string) func(j int) string {
	s := e.s
	br := e.regs(b)
	if br != nil && &br[0] == &pfAcc[0] && a != b {
		// b is in R8 … R11, where a goes: move it out of the way.
		for j := 0; j < 4; j++ {
			s.op("MOVQ", pfAcc[j], pfOut[j])
		}
		br = pfOut
	}
	if ar := e.regs(a); ar != nil {
		if &ar[0] != &pfAcc[0] {
			for j := 0; j < 4; j++ {
				s.op("MOVQ", ar[j], pfAcc[j])
			}
		}
	} else {
		e.load(a)
	}
	if b == "" {
		return nil
	}
	if b == a {
		br = pfAcc // a + a: both operands from R8 … R11
	}
	if br != nil {
		return func(j int) string { return br[j] }
	}
	return e.operand(b, "DI")
}

func (e *pointAsm) step(steps []pfStep, i int) {
	st := steps[i]
	s := e.s
	c := strings.TrimSpace(fmt.Sprintf("%s = %s %s %s", st.dst, st.op, st.a, st.b))
	if st.comment != "" {
		c += ": " + st.comment
	}
	s.comment("%s", c)
	out := pfOut
	switch st.op {
	case "mul":
		if e.calls {
			e.addrInto(st.a, "SI")
			e.addrInto(st.b, "DI")
			s.op("CALL", pfMulInternal+"(SB)")
			break
		}
		a := e.operand(st.a, "SI")
		b := e.operand(st.b, "DI")
		t := e.m.mulRows(a, b)
		e.m.correct(t, pfOut)
	case "sqr":
		if e.calls {
			e.addrInto(st.a, "SI")
			s.op("CALL", pfSqrInternal+"(SB)")
			break
		}
		a := e.operand(st.a, "SI")
		t := e.m.squareRows(a)
		e.m.correct(t, pfOut)
	case "add":
		// elem64Add: t = a + b (5 words), then correct.
		b := e.loadLinear(st.a, st.b)
		s.op("XORQ", "R12", "R12")
		s.op("ADDQ", b(0), pfAcc[0])
		for j := 1; j < 4; j++ {
			s.op("ADCQ", b(j), pfAcc[j])
		}
		s.op("ADCQ", "$0", "R12")
		e.m.correct(append(append([]string{}, pfAcc...), "R12"), pfOut)
	case "sub":
		// elem64Sub: t = a − b, then m added under the borrow's mask.
		b := e.loadLinear(st.a, st.b)
		s.op("SUBQ", b(0), pfAcc[0])
		for j := 1; j < 4; j++ {
			s.op("SBBQ", b(j), pfAcc[j])
		}
		s.op("SBBQ", "R12", "R12")
		e.addMasked(e.maskedMod("R12"), "")
		out = pfAcc
	case "halve":
		// elem64Halve: m added under the parity mask, then a shift.
		e.loadLinear(st.a, "")
		s.op("MOVQ", pfAcc[0], "R12")
		s.op("ANDQ", "$1", "R12")
		s.op("NEGQ", "R12")
		k := e.maskedMod("R12")
		s.op("XORQ", "R13", "R13")
		e.addMasked(k, "R13")
		hi := append(append([]string{}, pfAcc...), "R13")
		for j := 0; j < 4; j++ {
			s.op("SHRQ", "$1", hi[j+1], hi[j])
		}
		out = pfAcc
	default:
		panic("pointasm: unknown op " + st.op)
	}
	if deadStore(steps, i) {
		s.comment("(%s is read only by the next step, from the registers)", st.dst)
	} else {
		e.store(st.dst, out)
	}
	e.cur, e.inRegs = st.dst, out
}

// routine writes f's assembly; with loop, the in-place doubling repeated
// n times (f must be the doubling), as jacobianDoubleNAsm(p, n).
func (e *pointAsm) routine(f *pointFormula, loop bool) {
	s := e.s
	e.f = f
	e.slots = map[string]int{}
	for i, t := range f.temps() {
		e.slots[t] = 32 * i
	}
	frame := 32 * len(f.temps())
	e.argOf = map[string]string{"p": "p+0(FP)"}
	var params []string
	name := f.asm
	if loop {
		name = "jacobianDoubleNAsm"
		e.argOf["a"] = "p+0(FP)"
		params = []string{"p *jacobianPoint", "n int"}
		frame += 8
	} else {
		params = []string{"p *jacobianPoint"}
		for i, a := range f.args {
			n, t, _ := strings.Cut(a, " ")
			e.argOf[n] = fmt.Sprintf("%s+%d(FP)", n, 8*(i+1))
			params = append(params, n+" *"+t)
		}
	}
	s.line("")
	s.line(fmt.Sprintf("// func %s(%s)", name, strings.Join(params, ", ")))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-%d", name, frame, 8*len(params)))
	if loop {
		s.op("MOVQ", "n+8(FP)", "AX")
		s.op("MOVQ", "AX", fmt.Sprintf("%d(SP)", frame-8))
		s.line("loop:")
	}
	e.cur, e.inRegs = "", nil
	e.calls = f.calls
	for i := range f.steps {
		e.step(f.steps, i)
	}
	e.calls = false
	if loop {
		s.op("DECQ", fmt.Sprintf("%d(SP)", frame-8))
		s.op("JNZ", "loop")
	}
	s.op("RET")
}

// digitRoutine writes jacobianAddAffineDigitAsm(p, e, neg, zero), the
// step of the constant-time loops (addAffineDigitGeneric): b = e negated
// when neg = 1 (elem64Sub from 0, then CMOVs), sum = p + b by the mixed
// addition's plan f with the sum's coordinates in the frame, then
// p = (zero ? p : (p = O ? (b, 1) : sum)), by CMOVs on the tests of p's Z
// and of zero: no secret-dependent branch or address.
func (e *pointAsm) digitRoutine(f *pointFormula) {
	s := e.s
	temps := f.temps()
	e.slots = map[string]int{}
	for i, t := range temps {
		e.slots[t] = 32 * i
	}
	for k, x := range []string{"b.y", "p.x", "p.y", "p.z"} {
		e.slots[x] = 32 * (len(temps) + k)
	}
	frame := 32 * (len(temps) + 4)
	e.argOf = map[string]string{"a": "p+0(FP)", "b": "e+8(FP)"}
	s.line("")
	s.line("// func jacobianAddAffineDigitAsm(p *jacobianPoint, e *affinePoint, neg, zero int)")
	s.line(fmt.Sprintf("TEXT ·jacobianAddAffineDigitAsm(SB), NOSPLIT, $%d-32", frame))
	s.comment("b.y = neg ? −e.y : e.y, −y as elem64Sub(0, y).")
	s.op("MOVQ", "e+8(FP)", "SI")
	for j := 0; j < 4; j++ {
		s.op("MOVQ", fmt.Sprintf("%d(SI)", 32+8*j), pfAcc[j])
	}
	for j := 0; j < 4; j++ {
		s.op("XORQ", pfOut[j], pfOut[j])
	}
	s.op("SUBQ", pfAcc[0], pfOut[0])
	for j := 1; j < 4; j++ {
		s.op("SBBQ", pfAcc[j], pfOut[j])
	}
	s.op("SBBQ", "R12", "R12")
	k := e.maskedModIn("R12", []string{"R13", "R14", "DI", "SI"}) // no R15: dynamic linking clobbers it
	for j := 0; j < 4; j++ {
		op := "ADCQ"
		if j == 0 {
			op = "ADDQ"
		}
		s.op(op, k[j], pfOut[j])
	}
	s.op("MOVQ", "neg+16(FP)", "R12")
	s.op("TESTQ", "R12", "R12")
	for j := 0; j < 4; j++ {
		s.op("CMOVQNE", pfOut[j], pfAcc[j])
	}
	for j := 0; j < 4; j++ {
		s.op("MOVQ", pfAcc[j], fmt.Sprintf("%d(SP)", e.slots["b.y"]+8*j))
	}
	e.cur, e.inRegs = "", nil
	e.calls = true
	for i := range f.steps {
		e.step(f.steps, i)
	}
	e.calls = false
	s.comment("p = zero ? p : (p = O ? (b, 1) : sum), coordinate by coordinate.")
	s.op("MOVQ", "p+0(FP)", "SI")
	s.op("MOVQ", "e+8(FP)", "DI")
	s.op("MOVQ", "64(SI)", "R12")
	for j := 1; j < 4; j++ {
		s.op("ORQ", fmt.Sprintf("%d(SI)", 64+8*j), "R12") // 0 iff p.z = 0
	}
	s.op("MOVQ", "zero+24(FP)", "R13")
	for ci, c := range []string{"x", "y", "z"} {
		for j := 0; j < 4; j++ {
			s.op("MOVQ", fmt.Sprintf("%d(SP)", e.slots["p."+c]+8*j), pfAcc[j])
		}
		for j := 0; j < 4; j++ {
			var src string
			switch c {
			case "x":
				src = fmt.Sprintf("%d(DI)", 8*j)
			case "y":
				src = fmt.Sprintf("%d(SP)", e.slots["b.y"]+8*j)
			default:
				src = fmt.Sprintf("%sOne<>+%d(SB)", e.m.r.Typ, 8*j)
			}
			s.op("MOVQ", src, pfOut[j])
		}
		s.op("TESTQ", "R12", "R12")
		for j := 0; j < 4; j++ {
			s.op("CMOVQEQ", pfOut[j], pfAcc[j])
		}
		for j := 0; j < 4; j++ {
			s.op("MOVQ", fmt.Sprintf("%d(SI)", 32*ci+8*j), pfOut[j])
		}
		s.op("TESTQ", "R13", "R13")
		for j := 0; j < 4; j++ {
			s.op("CMOVQNE", pfOut[j], pfAcc[j])
		}
		for j := 0; j < 4; j++ {
			s.op("MOVQ", pfAcc[j], fmt.Sprintf("%d(SI)", 32*ci+8*j))
		}
	}
	s.op("RET")
}

func pointAsmGenerate() (map[string][]byte, error) {
	r := montNewRep(registry.P256.Field, 64)
	m := &montAsm{r: r, s: &asmText{}, full: ^uint64(0)}
	e := &pointAsm{m: m, s: m.s}
	s := m.s
	s.line(strings.TrimSuffix(header, "\n"))
	s.line("//go:build " + asmBuildTag)
	s.line("")
	s.line("// P-256's Jacobian point formulas, one routine each: the plans of")
	s.line("// fieldarith/internal/gen/pointasm.go, which also write the Go methods")
	s.line("// of zz_generated_jacobian.go.")
	s.line("")
	s.line("#include \"textflag.h\"")
	s.line("")
	s.line("// p, least significant limb first.")
	for j, l := range r.Mod {
		s.line(fmt.Sprintf("DATA %sMod<>+%d(SB)/8, $0x%016x", r.Typ, 8*j, l))
	}
	s.line(fmt.Sprintf("GLOBL %sMod<>(SB), RODATA|NOPTR, $32", r.Typ))
	s.line("")
	s.line("// 1 in Montgomery form, R mod p.")
	for j, l := range r.One {
		s.line(fmt.Sprintf("DATA %sOne<>+%d(SB)/8, $%s", r.Typ, 8*j, l))
	}
	s.line(fmt.Sprintf("GLOBL %sOne<>(SB), RODATA|NOPTR, $32", r.Typ))
	for _, f := range pointFormulas {
		e.routine(f, false)
	}
	e.routine(pointFormulas[0], true)
	e.digitRoutine(pointFormulas[1])
	e.internals()

	var gen strings.Builder
	gen.WriteString(header + `package p256

import "github.com/curvekit/curvekit/fieldarith/fieldp256"

// The Jacobian formulas in Go, written by fieldarith/internal/gen
// (pointasm.go) from the plans that also write the amd64 routines of
// zz_generated_jacobian_amd64.s. The methods without the Generic suffix
// (zz_generated_jacobian_amd64.go, zz_generated_jacobian_noasm.go) choose
// between the two.
`)
	for _, f := range pointFormulas {
		gen.WriteString("\n" + f.goMethod())
	}
	gen.WriteString(`
// addAffineDigitGeneric is one digit of the constant-time loops: with b =
// e negated when neg = 1, it sets p = p + b (addAffineUncheckedGeneric),
// or b (with Z = 1) when p = O, and leaves p as it is when zero = 1 (the
// digit is 0: e is then a stand-in entry). neg and zero are 0 or 1; the
// caller rules out p = ±b. Constant time. It is the Go code of
// jacobianAddAffineDigitAsm (pointasm.go's digitRoutine).
func (p *jacobianPoint) addAffineDigitGeneric(e *affinePoint, neg, zero int) *jacobianPoint {
	var b affinePoint
	var sum, eb jacobianPoint
	b.x = e.x
	b.y.Negate(&e.y)
	b.y.Select(&b.y, &e.y, neg)
	sum.addAffineUncheckedGeneric(p, &b)
	eb.x, eb.y = b.x, b.y
	eb.z.One()
	sum.selectPoint(&eb, &sum, p.z.IsZero())
	return p.selectPoint(p, &sum, zero)
}
`)

	var stubs strings.Builder
	stubs.WriteString(header + "//go:build " + asmBuildTag + `

package p256

import (
	"unsafe"

	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"golang.org/x/sys/cpu"
)

// jacobianHasAsm reports whether the point routines of
// zz_generated_jacobian_amd64.s can run: the CPU has BMI2 (MULX) and ADX
// (ADCX, ADOX), and Element is the 64-bit backend's four Montgomery limbs
// (this build's tags select it; the sizes below are checked at compile
// time). It is fixed for the life of the process (public).
var jacobianHasAsm = cpu.X86.HasBMI2 && cpu.X86.HasADX && fieldp256.Backend == "64-bit"

// jacobianUseAsm selects the assembly; tests clear it to run the Go code
// in the same binary.
var jacobianUseAsm = jacobianHasAsm

// The assembly reads a jacobianPoint as X, Y, Z and an affinePoint as x,
// y, 32 bytes each: four 64-bit limbs, least significant first.
var (
	_ [96]byte = [unsafe.Sizeof(jacobianPoint{})]byte{}
	_ [64]byte = [unsafe.Sizeof(affinePoint{})]byte{}
	_ [32]byte = [unsafe.Sizeof(fieldp256.Element{})]byte{}
	_ [32]byte = [unsafe.Offsetof(jacobianPoint{}.y)]byte{}
	_ [64]byte = [unsafe.Offsetof(jacobianPoint{}.z)]byte{}
	_ [32]byte = [unsafe.Offsetof(affinePoint{}.y)]byte{}
)

// groupAssembly names the point routines that run assembly (Assembly).
func groupAssembly() string {
	if jacobianUseAsm {
		return "BMI2/ADX Jacobian point formulas"
	}
	return ""
}
`)
	var noasm strings.Builder
	noasm.WriteString(header + "//go:build !(" + asmBuildTag + `)

package p256

// jacobianHasAsm and jacobianUseAsm are false: this build has no point
// assembly (amd64 without the purego, curvekit_purego and curvekit32 tags
// has).
var jacobianHasAsm, jacobianUseAsm = false, false

// groupAssembly names the point routines that run assembly: none here.
func groupAssembly() string { return "" }
`)
	wrap := map[string]string{"doubleGeneric": "double", "addAffineUncheckedGeneric": "addAffineUnchecked", "addUncheckedGeneric": "addUnchecked"}
	for _, f := range pointFormulas {
		if f.test {
			fmt.Fprintf(&stubs, `
// %[1]s is %[2]s in one routine (for the tests).
//
//go:noescape
func %[1]s(p *jacobianPoint, a, b *jacobianPoint)
`, f.asm, f.generic)
			fmt.Fprintf(&noasm, `
// %[1]s is the Go code in this build.
func %[1]s(p *jacobianPoint, a, b *jacobianPoint) { p.%[2]s(a, b) }
`, f.asm, f.generic)
			continue
		}
		var params, names []string
		for _, a := range f.args {
			n, t, _ := strings.Cut(a, " ")
			params = append(params, n+" *"+t)
			names = append(names, n)
		}
		sig := fmt.Sprintf("(p *jacobianPoint) %s(%s) *jacobianPoint", wrap[f.generic], strings.Join(params, ", "))
		call := strings.Join(names, ", ")
		fmt.Fprintf(&stubs, `
// %[1]s is %[2]s: %[3]s where the CPU has BMI2 and ADX, the Go code
// otherwise, with the same result limb for limb.
func %[4]s {
	if jacobianUseAsm {
		%[3]s(p, %[5]s)
		return p
	}
	return p.%[2]s(%[5]s)
}

// %[3]s is %[2]s in one routine.
//
//go:noescape
func %[3]s(p *jacobianPoint, %[6]s)
`, wrap[f.generic], f.generic, f.asm, sig, call, strings.Join(params, ", "))
		fmt.Fprintf(&noasm, `
// %[1]s is %[2]s.
func %[3]s { return p.%[2]s(%[4]s) }

// %[5]s is the Go code in this build, so that the tests comparing the two
// build everywhere.
func %[5]s(p *jacobianPoint, %[6]s) { p.%[2]s(%[4]s) }
`, wrap[f.generic], f.generic, sig, call, f.asm, strings.Join(params, ", "))
	}
	stubs.WriteString(`
// doubleN sets p = 2^n·p (n ≥ 0, public): jacobianDoubleNAsm where the CPU
// has BMI2 and ADX (one call for the n doublings), doubleGeneric n times
// otherwise, with the same result limb for limb.
func (p *jacobianPoint) doubleN(n int) *jacobianPoint {
	if jacobianUseAsm {
		if n > 0 {
			jacobianDoubleNAsm(p, n)
		}
		return p
	}
	for range n {
		p.doubleGeneric(p)
	}
	return p
}

// jacobianDoubleNAsm is doubleGeneric in place, n ≥ 1 times, in one
// routine.
//
//go:noescape
func jacobianDoubleNAsm(p *jacobianPoint, n int)
`)
	stubs.WriteString(`
// addAffineDigit is addAffineDigitGeneric: jacobianAddAffineDigitAsm where
// the CPU has BMI2 and ADX, the Go code otherwise, with the same result
// limb for limb.
func (p *jacobianPoint) addAffineDigit(e *affinePoint, neg, zero int) *jacobianPoint {
	if jacobianUseAsm {
		jacobianAddAffineDigitAsm(p, e, neg, zero)
		return p
	}
	return p.addAffineDigitGeneric(e, neg, zero)
}

// jacobianAddAffineDigitAsm is addAffineDigitGeneric in one routine.
//
//go:noescape
func jacobianAddAffineDigitAsm(p *jacobianPoint, e *affinePoint, neg, zero int)
`)
	noasm.WriteString(`
// addAffineDigit is addAffineDigitGeneric.
func (p *jacobianPoint) addAffineDigit(e *affinePoint, neg, zero int) *jacobianPoint {
	return p.addAffineDigitGeneric(e, neg, zero)
}

// jacobianAddAffineDigitAsm is the Go code in this build.
func jacobianAddAffineDigitAsm(p *jacobianPoint, e *affinePoint, neg, zero int) {
	p.addAffineDigitGeneric(e, neg, zero)
}
`)
	noasm.WriteString(`
// doubleN sets p = 2^n·p (n ≥ 0, public).
func (p *jacobianPoint) doubleN(n int) *jacobianPoint {
	for range n {
		p.doubleGeneric(p)
	}
	return p
}

// jacobianDoubleNAsm is the Go code in this build (n ≥ 1).
func jacobianDoubleNAsm(p *jacobianPoint, n int) { p.doubleN(n) }
`)
	base := "../" + registry.P256.Pkg + "/zz_generated_jacobian"
	return map[string][]byte{
		base + ".go":       []byte(gen.String()),
		base + "_amd64.go": []byte(stubs.String()),
		base + "_amd64.s":  []byte(s.b.String()),
		base + "_noasm.go": []byte(noasm.String()),
	}, nil
}
