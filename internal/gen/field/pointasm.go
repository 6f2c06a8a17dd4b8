package field

// This file writes the Jacobian point formulas of the short Weierstrass
// curves twice from one plan: as Go on the field's Element
// (zz_generated_jacobian.go, every build) and, for the curves of
// pointAsmCurves (P-256 and P-384), as one amd64 routine each
// (zz_generated_jacobian_amd64.s). In the routines
// the Montgomery multiplications and squarings are montasm.go's rows
// (mulRows, squareRows, rows, correct: the same emitters that write the
// fields' Multiply and Square), inlined into the doublings and, in the additions
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
// (constant time). The registers are one plan per limb count (pfPlans: 4
// limbs, P-256, as it has always been emitted; 6 limbs, P-384).
//
// The routines need the 64-bit backend's layout (jacobianPoint = three
// Elements of four or six 64-bit Montgomery limbs, affinePoint two), which
// the generated Go file checks at compile time, and BMI2 and ADX, checked
// at run time.

import (
	"fmt"
	"strings"

	"github.com/curvekit/curvekit/internal/gen/plan"
	"github.com/curvekit/curvekit/internal/gen/registry"
)

func init() {
	for _, c := range registry.Curves {
		if c.Model != registry.ShortWeierstrass {
			continue
		}
		if pointAsmCurves[c] {
			register("pointasm-"+c.Name, func() (map[string][]byte, error) { return pointFiles(c, true) })
		} else {
			register("pointgo-"+c.Name, func() (map[string][]byte, error) { return pointFiles(c, false) })
		}
	}
}

// pointAsmCurves are the curves whose point formulas also get amd64
// routines: their fields have 4 or 6 limbs of 64 bits (pfPlans).
var pointAsmCurves = map[*registry.Curve]bool{registry.P256: true, registry.P384: true}

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

// parsePlan reads a plan in the generator's one format (internal/gen/plan),
// one step a line: "dst = op a [b] [// comment]", the operations this
// emitter writes (add, sub, mul, sqr, halve).
func parsePlan(text string) []pfStep {
	var out []pfStep
	for _, st := range plan.Parse(text) {
		switch st.Op {
		case "add", "sub", "mul", "sqr", "halve":
		default:
			panic("pointasm: no emitter for " + st.String())
		}
		out = append(out, pfStep{dst: st.Dst, op: st.Op, a: st.A, b: st.B, comment: st.Comment})
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
func (f *pointFormula) goMethod(fieldPkg string) string {
	var b strings.Builder
	var params []string
	for _, a := range f.args {
		n, t, _ := strings.Cut(a, " ")
		params = append(params, n+" *"+t)
	}
	doc := strings.ReplaceAll(f.doc, "\n", "\n// ")
	fmt.Fprintf(&b, "// %s %s\n//\n// It is the Go code of the plan that also writes %s\n// (internal/gen/field/pointasm.go).\n", f.generic, doc, f.asm)
	fmt.Fprintf(&b, "func (p *jacobianPoint) %s(%s) *jacobianPoint {\n", f.generic, strings.Join(params, ", "))
	fmt.Fprintf(&b, "\tvar %s %s.Element\n", strings.Join(f.temps(), ", "), fieldPkg)
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
	pl    *pfPlan
	slots map[string]int // temporaries' frame offsets
	argOf map[string]string
	f     *pointFormula
	// cur is the value the registers inRegs hold after a step (the
	// step's result, also stored unless deadStore), for the next step.
	cur    string
	inRegs []string
	calls  bool // CALL the subroutines for Multiply and Square
	// sqrScratch is the frame offset of the inline 6-limb squarings'
	// words (montasm's sqrRows).
	sqrScratch int
}

// pfPlan is the register plan of one limb count n: which registers hold
// what in the linear steps (add, sub, halve mod p) and which receive the
// Montgomery rows' result. The rows' own registers are montasm.go's
// (montRegs); ABI0 assembly has 13 general registers without SP, BP and
// R15 (R15 is clobbered by global accesses when dynamic linking), and
// the plans use exactly those.
//
// 4 limbs (P-256): a and the result of sub and halve in acc = R8 … R11,
// Multiply's, Square's and add's result in out = BX, CX, DX, AX, add's
// carry word and the masks of sub and halve in R12, halve's top word in
// R13, the limbs of p under a mask in BX, CX, DX, AX (free after the
// chain), coordinates addressed through SI (a, stores) and DI (b). SI,
// DI and R14 stay free around the linear steps.
//
// 6 limbs (P-384): acc = R8 … R12, R14 and out = BX, CX, DX, SI, AX,
// R13 — out is where montasm's correct puts the 6-limb rows' result
// (resultRegs: the rows leave their accumulator in R14, DI, R8 … R12 and
// R13 free). That leaves DI alone for add's carry word and the masks, and
// for the pointers: a coordinate operand a is addressed through DI (free
// until the carry or the mask is computed, and never in out), b through
// SI (free whenever b is read from memory: a previous result in out is
// then either moved to acc as a or dead), a result stored through DI
// (the carry or mask is dead by then). Halve's top word is R13 and the
// masked limbs of p take BX, CX, DX (P-384's p has three limbs neither 0
// nor 2^64 − 1). Everything fits: nothing of the linear steps is kept in
// memory. The 6-limb rows have no free register for b's address, so
// they load each b_i into DX from memory (a slot in the frame directly, a
// coordinate through DX first), and the Multiply subroutine keeps b's
// address in a frame word of its own.
type pfPlan struct {
	acc, out   []string
	carry, top string
	free       []string // registers for the masked limbs of p
	ptrA, ptrB string   // pointer registers for a's and b's coordinates
	ptrStore   string   // pointer register for a stored coordinate
}

var pfPlans = map[int]*pfPlan{
	4: {
		acc: []string{"R8", "R9", "R10", "R11"}, out: []string{maLo, maHi, "DX", maZero},
		carry: "R12", top: "R13", free: []string{maLo, maHi, "DX", maZero},
		ptrA: "SI", ptrB: "DI", ptrStore: "SI",
	},
	6: {
		acc: []string{"R8", "R9", "R10", "R11", "R12", "R14"}, out: []string{maLo, maHi, "DX", maA, maZero, "R13"},
		carry: "DI", top: "R13", free: []string{maLo, maHi, "DX", maZero, maA},
		ptrA: "DI", ptrB: "SI", ptrStore: "DI",
	},
}

// n is the limb count; fsize a field element's size in bytes.
func (e *pointAsm) n() int     { return e.m.r.N }
func (e *pointAsm) fsize() int { return 8 * e.m.r.N }

// fieldOff is the offset of coordinate c (x, y, z) in a point.
func (e *pointAsm) fieldOff(c string) int {
	return map[string]int{"x": 0, "y": e.fsize(), "z": 2 * e.fsize()}[c]
}

// operand returns the address of limb j of op, loading the point's
// pointer from the arguments into reg first if op is a coordinate.
func (e *pointAsm) operand(op, reg string) func(j int) string {
	if off, ok := e.slots[op]; ok || !isField(op) {
		return func(j int) string { return fmt.Sprintf("%d(SP)", off+8*j) }
	}
	pt, c, _ := strings.Cut(op, ".")
	e.s.op("MOVQ", e.argOf[pt], reg)
	off := e.fieldOff(c)
	return func(j int) string { return fmt.Sprintf("%d(%s)", off+8*j, reg) }
}

// loadDX returns a function that sets DX to limb i of op for the 6-limb
// rows (which have no register free for op's address): from the frame
// for a temporary, through DX for a coordinate.
func (e *pointAsm) loadDX(op string) func(i int) {
	if off, ok := e.slots[op]; ok || !isField(op) {
		return func(i int) { e.s.op("MOVQ", fmt.Sprintf("%d(SP)", off+8*i), "DX") }
	}
	pt, c, _ := strings.Cut(op, ".")
	off := e.fieldOff(c)
	return func(i int) {
		e.s.op("MOVQ", e.argOf[pt], "DX")
		e.s.op("MOVQ", fmt.Sprintf("%d(DX)", off+8*i), "DX")
	}
}

// addrInto sets reg to the address of op's first limb.
func (e *pointAsm) addrInto(op, reg string) {
	if off, ok := e.slots[op]; ok || !isField(op) {
		e.s.op("LEAQ", fmt.Sprintf("%d(SP)", off), reg)
		return
	}
	pt, c, _ := strings.Cut(op, ".")
	e.s.op("MOVQ", e.argOf[pt], reg)
	if off := e.fieldOff(c); off != 0 {
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
// in out; for 4 limbs they use AX, BX, CX, DX, SI, DI and R8 … R14, for
// 6 every register of the plan.
func (e *pointAsm) internals() {
	s := e.s
	at := func(reg string) func(j int) string {
		return func(j int) string { return fmt.Sprintf("%d(%s)", 8*j, reg) }
	}
	if e.n() != 4 {
		n := e.n()
		outs := strings.Join(e.pl.out, ", ")
		s.line("")
		s.line(fmt.Sprintf("// pointMulInternal sets %s to (SI)·(DI)·R⁻¹ mod p: montasm's", outs))
		s.line("// Multiply rows. DI is an accumulator word of the rows, so b's address")
		s.line("// waits in the frame and each row loads b_i through DX. It clobbers")
		s.line("// every other register of the plan.")
		s.line(fmt.Sprintf("TEXT %s(SB), NOSPLIT, $8", pfMulInternal))
		s.op("MOVQ", "DI", "0(SP)")
		t := e.m.rows(at("SI"), func(i int) {
			s.op("MOVQ", "0(SP)", "DX")
			s.op("MOVQ", fmt.Sprintf("%d(DX)", 8*i), "DX")
		})
		e.m.correct(t[:n+1], e.pl.out)
		s.op("RET")
		s.line("")
		s.line(fmt.Sprintf("// pointSqrInternal sets %s to (SI)²·R⁻¹ mod p: montasm's", outs))
		s.line("// half-product rows (its 6-limb Square), 2a's words in its frame. It")
		s.line("// clobbers every other register of the plan.")
		s.line(fmt.Sprintf("TEXT %s(SB), NOSPLIT, $%d", pfSqrInternal, 8*e.m.sqrScratch()))
		t = e.m.sqrRows(at("SI"), func(k int) string { return fmt.Sprintf("%d(SP)", 8*k) })
		e.m.correct(t[:n+1], e.pl.out)
		s.op("RET")
		return
	}
	s.line("")
	s.line("// pointMulInternal sets BX, CX, DX, AX to (SI)·(DI)·R⁻¹ mod p: montasm's")
	s.line("// Multiply rows. It clobbers R8 … R13.")
	s.line(fmt.Sprintf("TEXT %s(SB), NOSPLIT, $0", pfMulInternal))
	e.m.correct(e.m.mulRows(at("SI"), at("DI")), e.pl.out)
	s.op("RET")
	s.line("")
	s.line("// pointSqrInternal sets BX, CX, DX, AX to (SI)²·R⁻¹ mod p: montasm's")
	s.line("// Square rows. It clobbers SI, DI and R8 … R14.")
	s.line(fmt.Sprintf("TEXT %s(SB), NOSPLIT, $0", pfSqrInternal))
	e.m.correct(e.m.squareRows(at("SI")), e.pl.out)
	s.op("RET")
}

// store writes the words r to dst (through the plan's store pointer for
// a coordinate).
func (e *pointAsm) store(dst string, r []string) {
	addr := e.operand(dst, e.pl.ptrStore)
	for j := 0; j < e.n(); j++ {
		e.s.op("MOVQ", r[j], addr(j))
	}
}

// load reads op into the accumulator registers.
func (e *pointAsm) load(op string) {
	addr := e.operand(op, e.pl.ptrA)
	for j := 0; j < e.n(); j++ {
		e.s.op("MOVQ", addr(j), e.pl.acc[j])
	}
}

// maskedMod emits regs holding limb j of m AND mask (for the limbs that
// are neither 0 nor all ones) and returns, per limb, the operand to add.
func (e *pointAsm) maskedMod(mask string) []string {
	return e.maskedModIn(mask, e.pl.free)
}

// maskedModIn is maskedMod with the registers free.
func (e *pointAsm) maskedModIn(mask string, free []string) []string {
	out := make([]string, e.n())
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

// addMasked emits acc (+ carry) += the masked m, as elem64Sub and
// elem64Halve add m under their mask.
func (e *pointAsm) addMasked(k []string, carry string) {
	for j := 0; j < e.n(); j++ {
		op := "ADCQ"
		if j == 0 {
			op = "ADDQ"
		}
		e.s.op(op, k[j], e.pl.acc[j])
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

// loadLinear puts a into acc and returns b's limbs' operands, registers
// when b is the step before's result.
func (e *pointAsm) loadLinear(a, b string) func(j int) string {
	s := e.s
	acc, out := e.pl.acc, e.pl.out
	br := e.regs(b)
	if br != nil && &br[0] == &acc[0] && a != b {
		// b is in acc, where a goes: move it out of the way.
		for j := 0; j < e.n(); j++ {
			s.op("MOVQ", acc[j], out[j])
		}
		br = out
	}
	if ar := e.regs(a); ar != nil {
		if &ar[0] != &acc[0] {
			for j := 0; j < e.n(); j++ {
				s.op("MOVQ", ar[j], acc[j])
			}
		}
	} else {
		e.load(a)
	}
	if b == "" {
		return nil
	}
	if b == a {
		br = acc // a + a: both operands from acc
	}
	if br != nil {
		return func(j int) string { return br[j] }
	}
	return e.operand(b, e.pl.ptrB)
}

func (e *pointAsm) step(steps []pfStep, i int) {
	st := steps[i]
	s := e.s
	n := e.n()
	acc, carry := e.pl.acc, e.pl.carry
	c := strings.TrimSpace(fmt.Sprintf("%s = %s %s %s", st.dst, st.op, st.a, st.b))
	if st.comment != "" {
		c += ": " + st.comment
	}
	s.comment("%s", c)
	out := e.pl.out
	switch st.op {
	case "mul":
		if e.calls {
			e.addrInto(st.a, "SI")
			e.addrInto(st.b, "DI")
			s.op("CALL", pfMulInternal+"(SB)")
			break
		}
		a := e.operand(st.a, "SI")
		if n != 4 {
			e.m.correct(e.m.rows(a, e.loadDX(st.b))[:n+1], out)
			break
		}
		b := e.operand(st.b, "DI")
		t := e.m.mulRows(a, b)
		e.m.correct(t, out)
	case "sqr":
		if e.calls {
			e.addrInto(st.a, "SI")
			s.op("CALL", pfSqrInternal+"(SB)")
			break
		}
		a := e.operand(st.a, "SI")
		if n != 4 {
			scratch := func(k int) string { return fmt.Sprintf("%d(SP)", e.sqrScratch+8*k) }
			e.m.correct(e.m.sqrRows(a, scratch)[:n+1], out)
			break
		}
		t := e.m.squareRows(a)
		e.m.correct(t, out)
	case "add":
		// elem64Add: t = a + b (n + 1 words), then correct.
		b := e.loadLinear(st.a, st.b)
		s.op("XORQ", carry, carry)
		s.op("ADDQ", b(0), acc[0])
		for j := 1; j < n; j++ {
			s.op("ADCQ", b(j), acc[j])
		}
		s.op("ADCQ", "$0", carry)
		e.m.correct(append(append([]string{}, acc...), carry), out)
	case "sub":
		// elem64Sub: t = a − b, then m added under the borrow's mask.
		b := e.loadLinear(st.a, st.b)
		s.op("SUBQ", b(0), acc[0])
		for j := 1; j < n; j++ {
			s.op("SBBQ", b(j), acc[j])
		}
		s.op("SBBQ", carry, carry)
		e.addMasked(e.maskedMod(carry), "")
		out = acc
	case "halve":
		// elem64Halve: m added under the parity mask, then a shift.
		e.loadLinear(st.a, "")
		s.op("MOVQ", acc[0], carry)
		s.op("ANDQ", "$1", carry)
		s.op("NEGQ", carry)
		k := e.maskedMod(carry)
		s.op("XORQ", e.pl.top, e.pl.top)
		e.addMasked(k, e.pl.top)
		hi := append(append([]string{}, acc...), e.pl.top)
		for j := 0; j < n; j++ {
			s.op("SHRQ", "$1", hi[j+1], hi[j])
		}
		out = acc
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
	fs := e.fsize()
	e.f = f
	e.slots = map[string]int{}
	for i, t := range f.temps() {
		e.slots[t] = fs * i
	}
	frame := fs * len(f.temps())
	if e.n() != 4 && !f.calls {
		// The inline squarings' 2a words (montasm's sqrRows).
		e.sqrScratch = frame
		frame += 8 * e.m.sqrScratch()
	}
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
	n, fs := e.n(), e.fsize()
	acc, out := e.pl.acc, e.pl.out
	temps := f.temps()
	e.slots = map[string]int{}
	for i, t := range temps {
		e.slots[t] = fs * i
	}
	for k, x := range []string{"b.y", "p.x", "p.y", "p.z"} {
		e.slots[x] = fs * (len(temps) + k)
	}
	frame := fs * (len(temps) + 4)
	e.argOf = map[string]string{"a": "p+0(FP)", "b": "e+8(FP)"}
	s.line("")
	s.line("// func jacobianAddAffineDigitAsm(p *jacobianPoint, e *affinePoint, neg, zero int)")
	s.line(fmt.Sprintf("TEXT ·jacobianAddAffineDigitAsm(SB), NOSPLIT, $%d-32", frame))
	if n != 4 {
		e.digitNeg6()
	} else {
		s.comment("b.y = neg ? −e.y : e.y, −y as elem64Sub(0, y).")
		s.op("MOVQ", "e+8(FP)", "SI")
		for j := 0; j < 4; j++ {
			s.op("MOVQ", fmt.Sprintf("%d(SI)", 32+8*j), acc[j])
		}
		for j := 0; j < 4; j++ {
			s.op("XORQ", out[j], out[j])
		}
		s.op("SUBQ", acc[0], out[0])
		for j := 1; j < 4; j++ {
			s.op("SBBQ", acc[j], out[j])
		}
		s.op("SBBQ", "R12", "R12")
		k := e.maskedModIn("R12", []string{"R13", "R14", "DI", "SI"}) // no R15: dynamic linking clobbers it
		for j := 0; j < 4; j++ {
			op := "ADCQ"
			if j == 0 {
				op = "ADDQ"
			}
			s.op(op, k[j], out[j])
		}
		s.op("MOVQ", "neg+16(FP)", "R12")
		s.op("TESTQ", "R12", "R12")
		for j := 0; j < 4; j++ {
			s.op("CMOVQNE", out[j], acc[j])
		}
		for j := 0; j < 4; j++ {
			s.op("MOVQ", acc[j], fmt.Sprintf("%d(SP)", e.slots["b.y"]+8*j))
		}
	}
	e.cur, e.inRegs = "", nil
	e.calls = true
	for i := range f.steps {
		e.step(f.steps, i)
	}
	e.calls = false
	if n != 4 {
		e.digitSelect6()
		return
	}
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
			s.op("MOVQ", fmt.Sprintf("%d(SP)", e.slots["p."+c]+8*j), acc[j])
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
			s.op("MOVQ", src, out[j])
		}
		s.op("TESTQ", "R12", "R12")
		for j := 0; j < 4; j++ {
			s.op("CMOVQEQ", out[j], acc[j])
		}
		for j := 0; j < 4; j++ {
			s.op("MOVQ", fmt.Sprintf("%d(SI)", 32*ci+8*j), out[j])
		}
		s.op("TESTQ", "R13", "R13")
		for j := 0; j < 4; j++ {
			s.op("CMOVQNE", out[j], acc[j])
		}
		for j := 0; j < 4; j++ {
			s.op("MOVQ", acc[j], fmt.Sprintf("%d(SI)", 32*ci+8*j))
		}
	}
	s.op("RET")
}

// digitNeg6 is the digit step's b.y = neg ? −e.y : e.y past 4 limbs.
// −y = elem64Sub(0, y) goes to out; acc, which held y, then holds the
// masked limbs of p (the 6-limb plan has no other free registers), and
// neg = 0 takes y back from memory by CMOVs with memory operands (they
// always load: constant time).
func (e *pointAsm) digitNeg6() {
	s := e.s
	n, fs := e.n(), e.fsize()
	acc, out, mask := e.pl.acc, e.pl.out, e.pl.carry
	s.comment("b.y = neg ? −e.y : e.y, −y as elem64Sub(0, y).")
	s.op("MOVQ", "e+8(FP)", "SI")
	for j := 0; j < n; j++ {
		s.op("MOVQ", fmt.Sprintf("%d(SI)", fs+8*j), acc[j])
	}
	for j := 0; j < n; j++ {
		s.op("XORQ", out[j], out[j])
	}
	s.op("SUBQ", acc[0], out[0])
	for j := 1; j < n; j++ {
		s.op("SBBQ", acc[j], out[j])
	}
	s.op("SBBQ", mask, mask)
	k := e.maskedModIn(mask, acc)
	for j := 0; j < n; j++ {
		op := "ADCQ"
		if j == 0 {
			op = "ADDQ"
		}
		s.op(op, k[j], out[j])
	}
	s.op("MOVQ", "neg+16(FP)", mask)
	s.op("MOVQ", "e+8(FP)", acc[0])
	s.op("TESTQ", mask, mask)
	for j := 0; j < n; j++ {
		s.op("CMOVQEQ", fmt.Sprintf("%d(%s)", fs+8*j, acc[0]), out[j])
	}
	for j := 0; j < n; j++ {
		s.op("MOVQ", out[j], fmt.Sprintf("%d(SP)", e.slots["b.y"]+8*j))
	}
}

// digitSelect6 is the digit step's final selection past 4 limbs: each
// coordinate of the sum goes to acc, and the alternatives come in by
// CMOVs with memory operands (always loaded: constant time), the tests'
// words in BX (p's Z, 0 iff p = O) and CX (zero).
func (e *pointAsm) digitSelect6() {
	s := e.s
	n, fs := e.n(), e.fsize()
	acc := e.pl.acc
	s.comment("p = zero ? p : (p = O ? (b, 1) : sum), coordinate by coordinate.")
	s.op("MOVQ", "p+0(FP)", "SI")
	s.op("MOVQ", "e+8(FP)", "DI")
	s.op("MOVQ", fmt.Sprintf("%d(SI)", 2*fs), maLo)
	for j := 1; j < n; j++ {
		s.op("ORQ", fmt.Sprintf("%d(SI)", 2*fs+8*j), maLo) // 0 iff p.z = 0
	}
	s.op("MOVQ", "zero+24(FP)", maHi)
	for ci, c := range []string{"x", "y", "z"} {
		for j := 0; j < n; j++ {
			s.op("MOVQ", fmt.Sprintf("%d(SP)", e.slots["p."+c]+8*j), acc[j])
		}
		s.op("TESTQ", maLo, maLo)
		for j := 0; j < n; j++ {
			var src string
			switch c {
			case "x":
				src = fmt.Sprintf("%d(DI)", 8*j)
			case "y":
				src = fmt.Sprintf("%d(SP)", e.slots["b.y"]+8*j)
			default:
				src = fmt.Sprintf("%sOne<>+%d(SB)", e.m.r.Typ, 8*j)
			}
			s.op("CMOVQEQ", src, acc[j])
		}
		s.op("TESTQ", maHi, maHi)
		for j := 0; j < n; j++ {
			s.op("CMOVQNE", fmt.Sprintf("%d(SI)", fs*ci+8*j), acc[j])
		}
		for j := 0; j < n; j++ {
			s.op("MOVQ", acc[j], fmt.Sprintf("%d(SI)", fs*ci+8*j))
		}
	}
	s.op("RET")
}

// pointFiles writes curve c's Jacobian point formulas: the Go methods,
// and with asm the amd64 routines and their declarations (4 or 6 × 64-bit
// Montgomery limbs: pfPlans); without, the Go code is the only build.
func pointFiles(c *registry.Curve, asm bool) (map[string][]byte, error) {
	s := &asmText{}
	if asm {
		s = pointAsmText(c)
	}
	gen := pointGo(c)

	n := montNewRep(c.Field, 64).N
	fs := 8 * n
	numWord := map[int]string{4: "four", 6: "six"}[n]
	var stubs strings.Builder
	stubs.WriteString(header + "//go:build " + asmBuildTag + `

package ` + c.Pkg + `

import (
	"unsafe"

	"github.com/curvekit/curvekit/fieldarith/` + c.Field.Pkg + `"
	"golang.org/x/sys/cpu"
)

// jacobianHasAsm reports whether the point routines of
// zz_generated_jacobian_amd64.s can run: the CPU has BMI2 (MULX) and ADX
// (ADCX, ADOX), and Element is the 64-bit backend's ` + numWord + ` Montgomery limbs
// (this build's tags select it; the sizes below are checked at compile
// time). It is fixed for the life of the process (public).
var jacobianHasAsm = cpu.X86.HasBMI2 && cpu.X86.HasADX && ` + c.Field.Pkg + `.Backend == "64-bit"

// jacobianAsmOn reports whether the methods below run the assembly:
// jacobianHasAsm, until the first-use self-test (jacobianCheck) finds the
// assembly wrong and clears it for the life of the process. Nothing else
// writes it; the tests call the routines and the Go methods directly.
var jacobianAsmOn = jacobianHasAsm

// The assembly reads a jacobianPoint as X, Y, Z and an affinePoint as x,
// y, ` + fmt.Sprint(fs) + ` bytes each: ` + numWord + ` 64-bit limbs, least significant first.
var (
	_ [` + fmt.Sprint(3*fs) + `]byte = [unsafe.Sizeof(jacobianPoint{})]byte{}
	_ [` + fmt.Sprint(2*fs) + `]byte = [unsafe.Sizeof(affinePoint{})]byte{}
	_ [` + fmt.Sprint(fs) + `]byte = [unsafe.Sizeof(` + c.Field.Pkg + `.Element{})]byte{}
	_ [` + fmt.Sprint(fs) + `]byte = [unsafe.Offsetof(jacobianPoint{}.y)]byte{}
	_ [` + fmt.Sprint(2*fs) + `]byte = [unsafe.Offsetof(jacobianPoint{}.z)]byte{}
	_ [` + fmt.Sprint(fs) + `]byte = [unsafe.Offsetof(affinePoint{}.y)]byte{}
)

// groupAssembly names the point routines that run assembly (Assembly).
func groupAssembly() string {
	if jacobianAsmOn {
		return "BMI2/ADX Jacobian point formulas"
	}
	return ""
}
`)
	tag := ""
	if asm {
		tag = "//go:build !(" + asmBuildTag + ")\n\n"
	}
	noasm := pointNoAsmHead(c, tag)
	wrap := map[string]string{"doubleGeneric": "double", "addAffineUncheckedGeneric": "addAffineUnchecked", "addUncheckedGeneric": "addUnchecked"}
	for _, f := range pointFormulas {
		if f.test {
			fmt.Fprintf(&stubs, `
// %[1]s is %[2]s in one routine (for the tests).
//
//go:noescape
func %[1]s(p *jacobianPoint, a, b *jacobianPoint)
`, f.asm, f.generic)
			fmt.Fprintf(noasm, `
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
	if jacobianAsmOn {
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
		fmt.Fprintf(noasm, `
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
	if jacobianAsmOn {
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
	if jacobianAsmOn {
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
	base := "../" + c.Pkg + "/zz_generated_jacobian"
	if !asm {
		return map[string][]byte{
			base + ".go":       []byte(gen),
			base + "_noasm.go": []byte(noasm.String()),
		}, nil
	}
	return map[string][]byte{
		base + ".go":       []byte(gen),
		base + "_amd64.go": []byte(stubs.String()),
		base + "_amd64.s":  []byte(s.b.String()),
		base + "_noasm.go": []byte(noasm.String()),
	}, nil
}

// pointGo is the Go code of the point formulas for curve c, over its
// field package.
func pointGo(c *registry.Curve) string {
	var gen strings.Builder
	gen.WriteString(header + "package " + c.Pkg + `

import "github.com/curvekit/curvekit/fieldarith/` + c.Field.Pkg + `"

// The Jacobian formulas in Go, written by internal/gen/field
// (pointasm.go) from the plans that also write the amd64 routines of
// zz_generated_jacobian_amd64.s. The methods without the Generic suffix
// (zz_generated_jacobian_amd64.go, zz_generated_jacobian_noasm.go) choose
// between the two.
`)
	for _, f := range pointFormulas {
		gen.WriteString("\n" + strings.ReplaceAll(f.goMethod(c.Field.Pkg), "P-256", c.Title))
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

	return gen.String()
}

// pointNoAsmHead starts the file of a build without point assembly, under
// the build constraint tag (empty for a curve without assembly).
func pointNoAsmHead(c *registry.Curve, tag string) *strings.Builder {
	why := `this build has no point
// assembly (amd64 without the purego, curvekit_purego and curvekit32 tags
// has).`
	if tag == "" {
		why = "the point formulas of " + c.Title + `
// are Go code in every build.`
	}
	var noasm strings.Builder
	noasm.WriteString(header + tag + "package " + c.Pkg + `

// jacobianHasAsm and jacobianAsmOn are false: ` + why + `
var jacobianHasAsm, jacobianAsmOn = false, false

// groupAssembly names the point routines that run assembly: none here.
func groupAssembly() string { return "" }
`)
	return &noasm
}

// pointAsmText is the amd64 assembly of c's point formulas.
func pointAsmText(c *registry.Curve) *asmText {
	r := montNewRep(c.Field, 64)
	m := &montAsm{r: r, s: &asmText{}, full: ^uint64(0)}
	pl := pfPlans[r.N]
	if pl == nil {
		panic(fmt.Sprintf("pointasm: %s: no register plan for %d limbs", c.Name, r.N))
	}
	e := &pointAsm{m: m, s: m.s, pl: pl}
	s := m.s
	s.line(strings.TrimSuffix(header, "\n"))
	s.line("//go:build " + asmBuildTag)
	s.line("")
	s.line("// " + c.Title + "'s Jacobian point formulas, one routine each: the plans of")
	s.line("// internal/gen/field/pointasm.go, which also write the Go methods")
	s.line("// of zz_generated_jacobian.go.")
	s.line("")
	s.line("#include \"textflag.h\"")
	s.line("")
	s.line("// p, least significant limb first.")
	for j, l := range r.Mod {
		s.line(fmt.Sprintf("DATA %sMod<>+%d(SB)/8, $0x%016x", r.Typ, 8*j, l))
	}
	s.line(fmt.Sprintf("GLOBL %sMod<>(SB), RODATA|NOPTR, $%d", r.Typ, 8*r.N))
	s.line("")
	if m.imul() {
		s.line("// −p⁻¹ mod 2^64, the rows' reduction factor.")
		s.line(fmt.Sprintf("DATA %sInv<>+0(SB)/8, $0x%016x", r.Typ, r.mInv))
		s.line(fmt.Sprintf("GLOBL %sInv<>(SB), RODATA|NOPTR, $8", r.Typ))
		s.line("")
	}
	s.line("// 1 in Montgomery form, R mod p.")
	for j, l := range r.One {
		s.line(fmt.Sprintf("DATA %sOne<>+%d(SB)/8, $%s", r.Typ, 8*j, l))
	}
	s.line(fmt.Sprintf("GLOBL %sOne<>(SB), RODATA|NOPTR, $%d", r.Typ, 8*r.N))
	for _, f := range pointFormulas {
		e.routine(f, false)
	}
	e.routine(pointFormulas[0], true)
	e.digitRoutine(pointFormulas[1])
	e.internals()

	return s
}
