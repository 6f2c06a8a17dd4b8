package field

import (
	"math/big"
	mrand "math/rand"
	"testing"
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
