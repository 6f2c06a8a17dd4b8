package field

import (
	"math/big"
	mrand "math/rand"
	"testing"

	"github.com/curvekit/curvekit/internal/gen/plan"
)

// evalChain runs the chain on integers mod p.
func evalChain(c *chain, in, out string, x, p *big.Int) *big.Int {
	vals := map[string]*big.Int{in: x}
	get := func(n string) *big.Int { return vals[n] }
	for _, op := range c.ops {
		var r *big.Int
		switch {
		case op.sq < 0:
			r = new(big.Int).Set(get(op.x))
		case op.sq == 0:
			r = new(big.Int).Mul(get(op.x), get(op.y))
		default:
			r = new(big.Int).Exp(get(op.x), new(big.Int).Lsh(big.NewInt(1), uint(op.sq)), p)
		}
		vals[op.dst] = r.Mod(r, p)
	}
	return vals[out]
}

func TestChain(t *testing.T) {
	p25519, _ := new(big.Int).SetString("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", 16)
	p448 := new(big.Int).Lsh(big.NewInt(1), 448)
	p448.Sub(p448, new(big.Int).Lsh(big.NewInt(1), 224)).Sub(p448, big.NewInt(1))
	l, _ := new(big.Int).SetString("1000000000000000000000000000000014def9dea2f79cd65812631a5cf5d3ed", 16)
	r := mrand.New(mrand.NewSource(1))
	for _, p := range []*big.Int{p25519, p448, l} {
		exps := []*big.Int{new(big.Int).Sub(p, big.NewInt(2)), big.NewInt(1), big.NewInt(2), big.NewInt(255), new(big.Int).Rsh(p, 2)}
		for range 5 {
			exps = append(exps, new(big.Int).Rand(r, p))
		}
		for _, e := range exps {
			if e.Sign() == 0 {
				continue
			}
			c := buildChain(e, "a", "v")
			x := new(big.Int).Rand(r, p)
			got := evalChain(c, "a", "v", x, p)
			if want := new(big.Int).Exp(x, e, p); got.Cmp(want) != 0 {
				t.Fatalf("chain for %x: got %x want %x", e, got, want)
			}
		}
		s, m := buildChain(new(big.Int).Sub(p, big.NewInt(2)), "a", "v").counts()
		t.Logf("p = %x: inversion chain %d squarings, %d multiplications", p, s, m)
	}
}

// TestChainCounts pins the chains of GF(2^255−19) to the counts of the
// classic hand-made chains (ref10's invert and pow22523): the builder finds
// them by itself.
func TestChainCounts(t *testing.T) {
	p, _ := new(big.Int).SetString("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", 16)
	for _, c := range []struct {
		name string
		e    *big.Int
		s, m int
	}{
		{"p−2", new(big.Int).Sub(p, big.NewInt(2)), 254, 11},
		{"(p−5)/8", new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(5)), 3), 251, 11},
	} {
		s, m := buildChain(c.e, "a", "v").counts()
		if s != c.s || m != c.m {
			t.Errorf("%s: %d squarings + %d multiplications, want %d + %d", c.name, s, m, c.s, c.m)
		}
	}
}

// TestChainPlan runs ChainPlan's plans over math/big against Exp, and
// checks that only the last step writes out and nothing writes in.
func TestChainPlan(t *testing.T) {
	p, _ := new(big.Int).SetString("7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed", 16)
	r := mrand.New(mrand.NewSource(3))
	exps := []*big.Int{new(big.Int).Sub(p, big.NewInt(2)), big.NewInt(1), big.NewInt(2), big.NewInt(255), new(big.Int).Rsh(p, 3)}
	for range 5 {
		exps = append(exps, new(big.Int).Rand(r, p))
	}
	for _, e := range exps {
		steps := plan.Parse(ChainPlan(e, "z", "out"))
		for i, st := range steps {
			if st.Dst == "z" || (st.Dst == "out") != (i == len(steps)-1) {
				t.Fatalf("e = %x: step %d (%v) writes z or out", e, i, st)
			}
		}
		x := new(big.Int).Rand(r, p)
		env := map[string]*big.Int{"z": new(big.Int).Set(x)}
		plan.Eval(steps, env, plan.Field{P: p})
		if want := new(big.Int).Exp(x, e, p); env["out"].Cmp(want) != 0 {
			t.Fatalf("e = %x: got %x, want %x", e, env["out"], want)
		}
	}
	sq, mul := 0, 0
	for _, st := range plan.Parse(ChainPlan(new(big.Int).Sub(p, big.NewInt(2)), "z", "out")) {
		switch st.Op {
		case "sqr":
			sq++
		case "sqrn":
			sq += st.N
		case "mul":
			mul++
		default:
			t.Fatalf("p−2: unexpected step %v", st)
		}
	}
	if sq != 254 || mul != 11 {
		t.Errorf("p−2: %d squarings + %d multiplications, want 254 + 11", sq, mul)
	}
}
