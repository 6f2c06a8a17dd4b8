// Package plan is the generator's one format for straight-line field
// programs: the point formulas, the X25519 ladder step and the addition
// chains that the emitters write as Go and as assembly. A plan is text, one
// field operation a line,
//
//	dst = op a [b] [n]   // comment
//	dst, dst2 = add2 a b, a2 b2
//
// over named field elements, and Eval runs it over math/big, so that a
// test can check each formula against the group law it implements before
// any emitter sees it. The emitters choose registers, frames and calls;
// the plan fixes the values.
package plan

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// Step is one field operation: Dst = Op(A, B). Op is one of
//
//	add, sub, mul     Dst = A + B, A − B, A·B
//	sqr, halve        Dst = A², A/2
//	sqrn              Dst = A^(2^N) (N squarings)
//	muladd            Dst = N·A + B (N a small constant)
//	a24add            Dst = a24·A + B (the ladder's constant)
//	copy, one         Dst = A, Dst = 1
//	add2, sub2        Dst = A ± B and Dst2 = A2 ± B2, then the two swapped
//	                  under the ladder's swap bit
type Step struct {
	Op, Dst, A, B string
	N             int
	Dst2, A2, B2  string
	Comment       string
}

var arity = map[string]int{
	"add": 2, "sub": 2, "mul": 2, "sqr": 1, "halve": 1, "sqrn": 1,
	"muladd": 2, "a24add": 2, "copy": 1, "one": 0, "add2": 2, "sub2": 2,
}

// hasN lists the operations whose last operand is the count N.
var hasN = map[string]bool{"sqrn": true, "muladd": true}

// Parse reads a plan, one step a line; blank lines are skipped. It panics
// on a malformed line (plans are the generator's source, not input).
func Parse(text string) []Step {
	var out []Step
	for _, line := range strings.Split(strings.TrimSpace(text), "\n") {
		line, comment, _ := strings.Cut(line, "//")
		line = strings.TrimSpace(line)
		if line == "" {
			continue
		}
		lhs, rhs, ok := strings.Cut(line, "=")
		if !ok {
			panic("plan: no = in " + line)
		}
		st := Step{Comment: strings.TrimSpace(comment)}
		dsts := strings.Split(lhs, ",")
		st.Dst = strings.TrimSpace(dsts[0])
		if len(dsts) == 2 {
			st.Dst2 = strings.TrimSpace(dsts[1])
		}
		parts := strings.Split(rhs, ",")
		f := strings.Fields(parts[0])
		if len(f) == 0 {
			panic("plan: no operation in " + line)
		}
		st.Op = f[0]
		n, known := arity[st.Op]
		if !known {
			panic("plan: unknown operation in " + line)
		}
		args := f[1:]
		if hasN[st.Op] {
			if len(args) == 0 {
				panic("plan: no count in " + line)
			}
			c, err := strconv.Atoi(args[len(args)-1])
			if err != nil {
				panic("plan: bad count in " + line)
			}
			st.N, args = c, args[:len(args)-1]
		}
		if len(args) != n {
			panic(fmt.Sprintf("plan: %s takes %d operands in %s", st.Op, n, line))
		}
		if n > 0 {
			st.A = args[0]
		}
		if n > 1 {
			st.B = args[1]
		}
		two := st.Op == "add2" || st.Op == "sub2"
		if two != (st.Dst2 != "") || two != (len(parts) == 2) || (!two && len(parts) > 1) {
			panic("plan: add2 and sub2 (only) take two results and two operand pairs: " + line)
		}
		if two {
			g := strings.Fields(parts[1])
			if len(g) != 2 {
				panic("plan: bad second pair in " + line)
			}
			st.A2, st.B2 = g[0], g[1]
		}
		out = append(out, st)
	}
	return out
}

// String writes s back in the plan format.
func (s Step) String() string {
	var b strings.Builder
	b.WriteString(s.Dst)
	if s.Dst2 != "" {
		b.WriteString(", " + s.Dst2)
	}
	b.WriteString(" = " + s.Op)
	for _, x := range []string{s.A, s.B} {
		if x != "" {
			b.WriteString(" " + x)
		}
	}
	if hasN[s.Op] {
		fmt.Fprintf(&b, " %d", s.N)
	}
	if s.Dst2 != "" {
		fmt.Fprintf(&b, ", %s %s", s.A2, s.B2)
	}
	return b.String()
}

// Field is what Eval computes in: the modulus, the ladder's constant and
// its swap bit.
type Field struct {
	P    *big.Int
	A24  *big.Int
	Swap bool
}

// Eval runs steps over env (element name → value), in place, modulo f.P.
// Every operand must be in env or set by an earlier step.
func Eval(steps []Step, env map[string]*big.Int, f Field) {
	get := func(x string) *big.Int {
		v, ok := env[x]
		if !ok {
			panic("plan: " + x + " is read before it is set")
		}
		return v
	}
	mod := func(v *big.Int) *big.Int { return v.Mod(v, f.P) }
	for _, s := range steps {
		var v *big.Int
		switch s.Op {
		case "add":
			v = new(big.Int).Add(get(s.A), get(s.B))
		case "sub":
			v = new(big.Int).Sub(get(s.A), get(s.B))
		case "mul":
			v = new(big.Int).Mul(get(s.A), get(s.B))
		case "sqr":
			v = new(big.Int).Mul(get(s.A), get(s.A))
		case "halve":
			v = new(big.Int).Mul(get(s.A), new(big.Int).ModInverse(big.NewInt(2), f.P))
		case "sqrn":
			e := new(big.Int).Lsh(big.NewInt(1), uint(s.N))
			v = new(big.Int).Exp(get(s.A), e, f.P)
		case "muladd":
			v = new(big.Int).Mul(get(s.A), big.NewInt(int64(s.N)))
			v.Add(v, get(s.B))
		case "a24add":
			v = new(big.Int).Mul(get(s.A), f.A24)
			v.Add(v, get(s.B))
		case "copy":
			v = new(big.Int).Set(get(s.A))
		case "one":
			v = big.NewInt(1)
		case "add2", "sub2":
			x, y := new(big.Int), new(big.Int)
			if s.Op == "add2" {
				x.Add(get(s.A), get(s.B))
				y.Add(get(s.A2), get(s.B2))
			} else {
				x.Sub(get(s.A), get(s.B))
				y.Sub(get(s.A2), get(s.B2))
			}
			if f.Swap {
				x, y = y, x
			}
			env[s.Dst2] = mod(y)
			v = x
		}
		env[s.Dst] = mod(v)
	}
}
