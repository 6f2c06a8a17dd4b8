package field

// This file holds what the arm and 386 emitters of Multiply and Square for
// the unsaturated representations in 32-bit words (fe2625, fe28) share: the
// plan they walk, the order of the carries, and the Go files around the
// assembly. The emitters are unsatarm.go (UMULL/UMLAL, MULLU/MULALU in
// Go's assembler) and unsat386.go (MULL) for plans of one group of
// products per column (fe2625), and unsatasm32k.go for the Karatsuba plans
// (fe28), whose groups are added to two columns or subtracted.
//
// As on amd64 (unsatasm.go), the assembly is not a second derivation. It
// computes the columns of the Go code's plan (unsatRep.plan: the same limb
// products, the same precomputed operands such as 19·b and 2·a) as 64-bit
// sums, and then carries them as emitWideCarry's Go does, variable for
// variable: every column and limb goes through the same additions, shifts
// and masks, with the same values, so the outputs are bit-identical and the
// bound proofs (made on the loose bounds) hold for the assembly too. Only
// the order across variables differs, and only where it cannot matter:
//
//   - Go carries two interleaved chains, 0→1→…→h−1→h and h→…→n−1→0
//     (h = n/2), then carries 0 and h once more. The assembly runs the
//     first chain, then the second, computing each column just before its
//     carry; the carry out of h−1 (into h) and out of n−1 (into 0) arrive
//     in Go after h's and 0's first carries, so the assembly keeps them in
//     the frame and adds them at the end, before the last two carries.
//   - A carry into a column that is still being summed is added to the
//     column's 64-bit sum before or after its products: the sums are equal
//     (they are proved not to wrap).
//
// asm32sim_test.go runs the text on small interpreters against a model of
// the Go code; fieldarith/field25519's tests run it under qemu.
//
// The code is straight-line with addresses fixed by the arguments and the
// frame: constant time. Every input limb is read before v is written, so
// v may alias a and b.

import (
	"fmt"
	"math/big"
	"strings"
)

// asm32BuildTag is the build constraint of the Go files that call the 32-bit
// assembly (each .s file's name adds its GOARCH).
const asm32BuildTag = "(arm || 386) && !purego && !curvekit_purego"

func init() {
	for _, f := range unsatFields {
		for _, r := range f.reps {
			if r.asm32 {
				register("unsatasm32_"+r.typ, func() (map[string][]byte, error) { return r.asm32Generate() })
			}
		}
	}
}

// asm32Mul is one multiplication or squaring as the 32-bit emitters see it.
type asm32Mul struct {
	r      *unsatRep
	name   string // the Go function, e.g. fe2625MultiplyAsm
	square bool
	cols   []*unsatGroup // the products of column k, each with coefficient 1
	colMax []*big.Int    // the column sums' maxima (the plan's proof)
	multi  []unsatOperand
	h      int   // the second carry chain starts at limb h
	topC   int64 // the carry out of limb n−1 goes to limb 0 times topC
}

// provedPlan returns the plan of Multiply or Square on the loose bounds
// once the Go code's proof holds on them: the assembly does the same
// arithmetic, so the proof covers it.
func (r *unsatRep) provedPlan(square bool) (*unsatPlan, error) {
	var scratch unsatEmitter
	if _, err := r.emitMul(&scratch, square, r.lbound); err != nil {
		return nil, err
	}
	return r.plan(square, r.lbound)
}

// asm32Prepare checks that the plan and the carries have the shape the
// emitters are written for, and returns the plan of fn.
func (r *unsatRep) asm32Prepare(name string, square bool) (*asm32Mul, error) {
	n := r.n()
	if r.word != 32 || r.karatsuba || n%2 != 0 {
		return nil, fmt.Errorf("%s: 32-bit assembly is written for an even number of 32-bit limbs without Karatsuba", r.typ)
	}
	pl, err := r.provedPlan(square)
	if err != nil {
		return nil, err
	}
	m := &asm32Mul{r: r, name: name, square: square, cols: make([]*unsatGroup, n), colMax: pl.cols, h: n / 2}
	for _, g := range pl.groups {
		if len(g.uses) != 1 || g.uses[0].coef != 1 || m.cols[g.uses[0].col] != nil {
			return nil, fmt.Errorf("%s: a column is not a single sum of products", r.typ)
		}
		m.cols[g.uses[0].col] = g
	}
	seen := map[string]bool{}
	for k, g := range m.cols {
		if g == nil {
			return nil, fmt.Errorf("%s: column %d has no products", r.typ, k)
		}
		for _, p := range g.prods {
			for _, o := range []unsatOperand{p.x, p.y} {
				if o.mult != 1 && !seen[o.name()] {
					seen[o.name()] = true
					m.multi = append(m.multi, o)
				}
			}
		}
	}
	// emitWideCarry's chains: limb k carries into k+1, the top limb into
	// limb 0 only (2^N ≡ c), so that its second pass carries limbs 0 and h.
	for k := 0; k < n; k++ {
		t := r.carryTargets(k)
		if len(t) != 1 || (k < n-1 && (t[0].col != k+1 || t[0].coef != 1)) || (k == n-1 && t[0].col != 0) {
			return nil, fmt.Errorf("%s: carry out of limb %d is not what the 32-bit assembly expects", r.typ, k)
		}
		if k == n-1 {
			m.topC = t[0].coef
		}
	}
	return m, nil
}

// chains returns the two carry chains in the order the assembly runs them.
func (m *asm32Mul) chains() [][]int {
	var a, b []int
	for k := 0; k < m.h; k++ {
		a = append(a, k)
		b = append(b, m.h+k)
	}
	return [][]int{a, b}
}

// deferred reports whether the carry out of limb k is kept for the end:
// the carries into the chains' first limbs.
func (m *asm32Mul) deferred(k int) bool { return k == m.h-1 || k == m.r.n()-1 }

// target is the limb the carry out of limb k goes to.
func (m *asm32Mul) target(k int) int { return (k + 1) % m.r.n() }

var two32 = unsatPow2(32)

// asm32Generate writes the arm and 386 assembly of Multiply and Square,
// the Go declarations that call it, and the Go Multiply and Square of the
// other builds.
func (r *unsatRep) asm32Generate() (map[string][]byte, error) {
	if err := r.solve(); err != nil {
		return nil, err
	}
	t, pkg := r.typ, r.f.pkg
	mulName, sqName := t+"MultiplyAsm", t+"SquareAsm"
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
		if r.karatsuba {
			m, err := r.asm32KPrepare(fn.name, fn.square)
			if err != nil {
				return nil, err
			}
			a, err := m.armKBest()
			if err != nil {
				return nil, fmt.Errorf("%s arm: %v", fn.name, err)
			}
			arm.b.WriteString(a)
			x, err := m.x86K()
			if err != nil {
				return nil, fmt.Errorf("%s 386: %v", fn.name, err)
			}
			x86.b.WriteString(x)
			continue
		}
		m, err := r.asm32Prepare(fn.name, fn.square)
		if err != nil {
			return nil, err
		}
		a, err := m.armBest()
		if err != nil {
			return nil, fmt.Errorf("%s arm: %v", fn.name, err)
		}
		arm.b.WriteString(a)
		x, err := m.x86()
		if err != nil {
			return nil, fmt.Errorf("%s 386: %v", fn.name, err)
		}
		x86.b.WriteString(x)
	}
	m32Name := t + "Mult32Asm"
	var m32Stub, m32Generic string
	if r.asm32Mult32() {
		a, err := r.armMult32(m32Name)
		if err != nil {
			return nil, fmt.Errorf("%s arm: %v", m32Name, err)
		}
		arm.b.WriteString(a)
		x, err := r.x86Mult32(m32Name)
		if err != nil {
			return nil, fmt.Errorf("%s 386: %v", m32Name, err)
		}
		x86.b.WriteString(x)
		m32Stub = fmt.Sprintf(`
// Mult32 sets v = a·y and returns v. It runs %[2]s, generated
// arm or 386 assembly computing the same columns and carries as mult32Generic.
func (v *%[1]s) Mult32(a *%[1]s, y uint32) *%[1]s {
	%[2]s(v, a, y)
	return v
}

// %[2]s sets v = a·y, limb for limb as mult32Generic
// (zz_generated_%[1]s_arm.s, _386.s). v and a may alias.
//
//go:noescape
func %[2]s(v, a *%[1]s, y uint32)
`, t, m32Name)
		m32Generic = fmt.Sprintf(`
// Mult32 sets v = a·y and returns v. This build runs the Go code, mult32Generic.
func (v *%[1]s) Mult32(a *%[1]s, y uint32) *%[1]s { return v.mult32Generic(a, y) }
`, t)
	}
	if r.asm32AddSub() {
		for _, fn := range []struct {
			name, method, generic, doc string
			mode                       carriedMode
			params, args, alias        string
		}{
			{t + "AddAsm", "Add", "addGeneric", "v = a + b, carried once,", carriedAdd, "a, b *" + t, "a, b", "v may alias a and b"},
			{t + "SubtractAsm", "Subtract", "subtractGeneric", "v = a − b, carried once,", carriedSub, "a, b *" + t, "a, b", "v may alias a and b"},
			{t + "NegateAsm", "Negate", "negateGeneric", "v = −a", carriedNeg, "a *" + t, "a", "v may alias a"},
			{t + "CondNegateAsm", "CondNegate", "condNegateGeneric", "v = −v if cond == 1 (v if cond == 0)", carriedCondNeg, "cond int", "cond", "with a mask rather than a branch"},
		} {
			a, err := r.armCarried(fn.name, fn.mode)
			if err != nil {
				return nil, fmt.Errorf("%s arm: %v", fn.name, err)
			}
			arm.b.WriteString(a)
			x, err := r.x86Carried(fn.name, fn.mode)
			if err != nil {
				return nil, fmt.Errorf("%s 386: %v", fn.name, err)
			}
			x86.b.WriteString(x)
			asmParams := "v, " + fn.params
			if fn.mode == carriedCondNeg {
				asmParams = "v *" + t + ", " + fn.params
			}
			m32Stub += fmt.Sprintf(`
// %[2]s sets %[5]s and returns v. It runs %[3]s,
// generated arm or 386 assembly computing the limbs of %[4]s.
func (v *%[1]s) %[2]s(%[6]s) *%[1]s {
	%[3]s(v, %[7]s)
	return v
}

// %[3]s is %[4]s in assembly, limb for limb
// (zz_generated_%[1]s_arm.s, _386.s); %[9]s.
//
//go:noescape
func %[3]s(%[8]s)
`, t, fn.method, fn.name, fn.generic, fn.doc, fn.params, fn.args, asmParams, fn.alias)
			m32Generic += fmt.Sprintf(`
// %[2]s sets %[4]s and returns v. This build runs the Go code, %[3]s.
func (v *%[1]s) %[2]s(%[5]s) *%[1]s { return v.%[3]s(%[6]s) }
`, t, fn.method, fn.generic, fn.doc, fn.params, fn.args)
		}
	}
	for _, fn := range []struct {
		name, method, generic, op string
		sub, on, carried          bool
	}{
		{t + "LooseAddAsm", "Add", "addGeneric", "a + b", false, r.asm32LooseAdd(), r.looseAddCarry},
		{t + "LooseSubtractAsm", "Subtract", "subtractGeneric", "a − b", true, r.asm32LooseSub(), r.looseSubCarry},
	} {
		if !fn.on {
			continue
		}
		if fn.carried {
			// The loose form carries: the tight routine's limbs.
			carried := t + strings.TrimPrefix(fn.name, t+"Loose")
			m32Stub += fmt.Sprintf(`
// %[2]s sets v = %[4]s, carried once, and returns v. It runs %[3]s,
// the generated arm or 386 assembly of the tight %[2]s, whose limbs are those
// of %[5]s.
func (v *%[1]sLoose) %[2]s(a, b *%[1]s) *%[1]sLoose {
	%[3]s((*%[1]s)(v), a, b)
	return v
}
`, t, fn.method, carried, fn.op, fn.generic)
			m32Generic += fmt.Sprintf(`
// %[2]s sets v = %[4]s, carried once, and returns v. This build runs the Go code, %[3]s.
func (v *%[1]sLoose) %[2]s(a, b *%[1]s) *%[1]sLoose { return v.%[3]s(a, b) }
`, t, fn.method, fn.generic, fn.op)
			continue
		}
		a, err := r.armLoose(fn.name, fn.sub)
		if err != nil {
			return nil, fmt.Errorf("%s arm: %v", fn.name, err)
		}
		arm.b.WriteString(a)
		x, err := r.x86Loose(fn.name, fn.sub)
		if err != nil {
			return nil, fmt.Errorf("%s 386: %v", fn.name, err)
		}
		x86.b.WriteString(x)
		m32Stub += fmt.Sprintf(`
// %[2]s sets v = %[5]s without a carry and returns v. It runs %[3]s,
// generated arm or 386 assembly computing the limbs of %[4]s.
func (v *%[1]sLoose) %[2]s(a, b *%[1]s) *%[1]sLoose {
	%[3]s(v, a, b)
	return v
}

// %[3]s sets v = %[5]s, limb for limb as %[4]s
// (zz_generated_%[1]s_arm.s, _386.s). v may alias a and b.
//
//go:noescape
func %[3]s(v *%[1]sLoose, a, b *%[1]s)
`, t, fn.method, fn.name, fn.generic, fn.op)
		m32Generic += fmt.Sprintf(`
// %[2]s sets v = %[4]s without a carry and returns v. This build runs the Go code, %[3]s.
func (v *%[1]sLoose) %[2]s(a, b *%[1]s) *%[1]sLoose { return v.%[3]s(a, b) }
`, t, fn.method, fn.generic, fn.op)
	}
	if r.asm32Swap() {
		name := t + "SwapAsm"
		a, err := r.armSwap(name)
		if err != nil {
			return nil, fmt.Errorf("%s arm: %v", name, err)
		}
		arm.b.WriteString(a)
		x, err := r.x86Swap(name)
		if err != nil {
			return nil, fmt.Errorf("%s 386: %v", name, err)
		}
		x86.b.WriteString(x)
		m32Stub += fmt.Sprintf(`
// Swap swaps v and u if cond == 1 and leaves them unchanged if cond == 0.
// It runs %[2]s, generated arm or 386 assembly computing the limbs of
// swapGeneric.
func (v *%[1]s) Swap(u *%[1]s, cond int) { %[2]s(v, u, cond) }

// %[2]s swaps v and u if cond == 1, limb for limb as swapGeneric
// (zz_generated_%[1]s_arm.s, _386.s), with a mask rather than a branch.
//
//go:noescape
func %[2]s(v, u *%[1]s, cond int)
`, t, name)
		m32Generic += fmt.Sprintf(`
// Swap swaps v and u if cond == 1 and leaves them unchanged if cond == 0.
// This build runs the Go code, swapGeneric.
func (v *%[1]s) Swap(u *%[1]s, cond int) { v.swapGeneric(u, cond) }
`, t)
	}
	stubs := header + fmt.Sprintf(`//go:build %[1]s

package %[2]s

// Multiply sets v = a·b and returns v. It runs %[4]s, generated
// arm or 386 assembly computing the same columns as multiplyGeneric.
func (v *%[3]s) Multiply(a, b *%[3]s) *%[3]s {
	%[4]s(v, a, b)
	return v
}

// Square sets v = a² and returns v. It runs %[5]s, generated
// arm or 386 assembly computing the same columns as squareGeneric.
func (v *%[3]s) Square(a *%[3]s) *%[3]s {
	%[5]s(v, a)
	return v
}

// %[4]s sets v = a·b, limb for limb as multiplyGeneric
// (zz_generated_%[3]s_arm.s, _386.s). v, a and b may alias.
//
//go:noescape
func %[4]s(v, a, b *%[3]s)

// %[5]s sets v = a², limb for limb as squareGeneric
// (zz_generated_%[3]s_arm.s, _386.s). v and a may alias.
//
//go:noescape
func %[5]s(v, a *%[3]s)
`, asm32BuildTag, pkg, t, mulName, sqName) + m32Stub
	generic := header + fmt.Sprintf(`//go:build !(%[1]s)

package %[2]s

// Multiply sets v = a·b and returns v. This build runs the Go code,
// multiplyGeneric; arm and 386 without the purego and curvekit_purego tags
// run generated assembly instead.
func (v *%[3]s) Multiply(a, b *%[3]s) *%[3]s { return v.multiplyGeneric(a, b) }

// Square sets v = a² and returns v. This build runs the Go code, squareGeneric.
func (v *%[3]s) Square(a *%[3]s) *%[3]s { return v.squareGeneric(a) }
`, asm32BuildTag, pkg, t) + m32Generic
	base := fmt.Sprintf("%s/zz_generated_%s", pkg, t)
	armText, _, err := armSchedule(arm.b.String())
	if err != nil {
		return nil, err
	}
	return map[string][]byte{
		base + "_arm.s":    []byte(armText),
		base + "_386.s":    []byte(x86.b.String()),
		base + "_asm32.go": []byte(stubs),
		base + "_noasm.go": []byte(generic),
	}, nil
}
