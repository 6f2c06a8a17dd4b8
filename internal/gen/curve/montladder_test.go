package curve

import (
	"math/big"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/plan"
	"github.com/curvekit/curvekit/internal/gen/registry"
)

// montCurveT is v² = u³ + A·u² + u over GF(p), with the chord-and-tangent
// law in affine coordinates: the reference the ladder's plans are checked
// against on every curve of the registry with a Montgomery form.
type montCurveT struct {
	p, a *big.Int
}

func (c montCurveT) mod(x *big.Int) *big.Int { return x.Mod(x, c.p) }

func (c montCurveT) mul(xs ...*big.Int) *big.Int {
	v := big.NewInt(1)
	for _, x := range xs {
		c.mod(v.Mul(v, x))
	}
	return v
}

func (c montCurveT) inv(x *big.Int) *big.Int { return new(big.Int).ModInverse(x, c.p) }

func (c montCurveT) rand(rng *rand.Rand) *big.Int {
	v := new(big.Int)
	for range (c.p.BitLen() + 63) / 64 {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(rng.Uint64()))
	}
	return c.mod(v)
}

func (c montCurveT) random(rng *rand.Rand) montPoint {
	for {
		u := c.rand(rng)
		rhs := c.mod(new(big.Int).Add(new(big.Int).Add(c.mul(u, u, u), c.mul(c.a, u, u)), u))
		if v := new(big.Int).ModSqrt(rhs, c.p); v != nil && v.Sign() != 0 {
			return montPoint{u, v}
		}
	}
}

// add is the chord-and-tangent law (distinct points, or doubling).
func (c montCurveT) add(a, b montPoint) montPoint {
	var l *big.Int
	if a.u.Cmp(b.u) == 0 {
		num := new(big.Int).Add(c.mul(big.NewInt(3), a.u, a.u), c.mul(big.NewInt(2), c.a, a.u))
		l = c.mul(num.Add(num, big.NewInt(1)), c.inv(c.mul(big.NewInt(2), a.v)))
	} else {
		l = c.mul(new(big.Int).Sub(b.v, a.v), c.inv(c.mod(new(big.Int).Sub(b.u, a.u))))
	}
	u := c.mod(new(big.Int).Sub(new(big.Int).Sub(new(big.Int).Sub(c.mul(l, l), c.a), a.u), b.u))
	v := c.mod(new(big.Int).Sub(c.mul(l, new(big.Int).Sub(a.u, u)), a.v))
	return montPoint{u, v}
}

// ratio reports whether x/z = want.
func (c montCurveT) ratio(x, z, want *big.Int) bool {
	return c.mul(x, c.inv(z)).Cmp(c.mod(new(big.Int).Set(want))) == 0
}

// TestLadderPlansOnEveryCurve runs the ladder's plans (montladder.go) over
// math/big for X25519 and X448, with the registry's p and A and the plans'
// a24 = (A + 2)/4, against the chord-and-tangent law: the step (both swap
// bits) gives 2·Q and the sum of the pair, the start (P, 2P), the
// doubling 2·Q, all in random projective scalings.
func TestLadderPlansOnEveryCurve(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	n := 0
	for _, rc := range registry.Curves {
		m := rc.Montgomery
		if m == nil {
			continue
		}
		n++
		c := montCurveT{p: rc.Field.Modulus, a: big.NewInt(int64(m.A))}
		f := plan.Field{P: c.p, A24: big.NewInt(int64(m.A24Plus()))}
		step, start := plan.Parse(ladderStepPlan()), plan.Parse(ladderStartPlan())
		dbl := plan.Parse(ladderDoublePlan("x2", "z2", "x2", "z2"))
		for range 10 {
			P := c.random(rng)
			Q := c.add(P, P)  // 2P
			Q1 := c.add(Q, P) // 3P, so that Q1 − Q = P
			l, k := c.rand(rng), c.rand(rng)
			for _, swap := range []bool{false, true} {
				env := map[string]*big.Int{
					"x1": P.u,
					"x2": c.mul(Q.u, l), "z2": l,
					"x3": c.mul(Q1.u, k), "z3": k,
				}
				f.Swap = swap
				plan.Eval(step, env, f)
				want := c.add(Q, Q)
				if swap {
					want = c.add(Q1, Q1)
				}
				if !c.ratio(env["x2"], env["z2"], want.u) {
					t.Fatalf("%s, swap %v: the step's doubling is wrong", m.Function, swap)
				}
				if !c.ratio(env["x3"], env["z3"], c.add(Q, Q1).u) {
					t.Fatalf("%s, swap %v: the step's differential addition is wrong", m.Function, swap)
				}
			}
			env := map[string]*big.Int{"x1": P.u}
			plan.Eval(start, env, f)
			if !c.ratio(env["x2"], env["z2"], P.u) || !c.ratio(env["x3"], env["z3"], Q.u) {
				t.Fatalf("%s: the start is not (P, 2P)", m.Function)
			}
			env = map[string]*big.Int{"x2": c.mul(Q.u, l), "z2": l}
			plan.Eval(dbl, env, f)
			if !c.ratio(env["x2"], env["z2"], c.add(Q, Q).u) {
				t.Fatalf("%s: the doubling is wrong", m.Function)
			}
		}
	}
	if n != 2 {
		t.Fatalf("%d Montgomery curves in the registry, want 2", n)
	}
}

// TestGoEmitSwap checks the Go emitter's add2 and sub2: the operand pairs
// are swapped once, before the sums, and a plan that reads a swapped
// element otherwise, or leaves it swapped, is refused.
func TestGoEmitSwap(t *testing.T) {
	g := &goField{Tight: "fieldElement", Loose: "fieldLoose"}
	slots := map[string]edSlot{
		"a": {Expr: "a", Out: true}, "b": {Expr: "b", Out: true},
		"c": {Expr: "c", Out: true}, "d": {Expr: "d", Out: true},
	}
	o := goOpts{LooseSums: true, Swap: "bit"}
	_, body := g.emit("ok", slots, o, plan.Parse(`
S, T = add2 a b, c d
U, V = sub2 a b, c d
a = mul S U
b = mul T V
c = mul S V
d = mul T U
`))
	if got := strings.Count(body, ".Swap("); got != 2 {
		t.Errorf("%d swaps, want 2:\n%s", got, body)
	}
	if !strings.Contains(body, "a.Swap(&c, bit)") || !strings.Contains(body, "b.Swap(&d, bit)") {
		t.Errorf("the pairs (a, c) and (b, d) are not swapped:\n%s", body)
	}
	for name, text := range map[string]string{
		"read": `
S, T = add2 a b, c d
a = mul S T
b = mul c T
c = mul S S
d = mul T T
`,
		"kept": `
S, T = add2 a b, c d
a = mul S T
b = mul S S
c = mul T T
`,
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: the plan was accepted", name)
				}
			}()
			g.emit(name, slots, o, plan.Parse(text))
		}()
	}
}
