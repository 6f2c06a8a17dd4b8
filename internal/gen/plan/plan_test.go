package plan

import (
	"math/big"
	"testing"
)

func TestParseRoundTrip(t *testing.T) {
	text := `
A = add x z // a sum
B = sub x z
C = mul A B
D = sqr C
E = halve D
F = sqrn E 5
G = muladd F A 2
H = a24add G B
I = copy H
J = one
K, L = add2 x z, A B
M, N = sub2 x z, A B
`
	steps := Parse(text)
	if len(steps) != 12 || steps[0].Comment != "a sum" || steps[5].N != 5 || steps[10].Dst2 != "L" || steps[11].B2 != "B" {
		t.Fatalf("Parse gave %+v", steps)
	}
	for _, s := range steps {
		if back := Parse(s.String()); len(back) != 1 || back[0].String() != s.String() {
			t.Errorf("%q does not read back", s.String())
		}
	}
}

func TestParseRefuses(t *testing.T) {
	for _, bad := range []string{
		"A add x z", "A = frob x z", "A = add x", "A = sqr x z", "A = sqrn x",
		"A = sqrn x y", "A, B = add x z", "A = add2 x z, y w", "A, B = add2 x z", "A = add x z, y w",
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("Parse accepted %q", bad)
				}
			}()
			Parse(bad)
		}()
	}
}

func TestEval(t *testing.T) {
	p := big.NewInt(101)
	env := map[string]*big.Int{"x": big.NewInt(7), "z": big.NewInt(3)}
	Eval(Parse(`
A = add x z
B = sub z x
C = mul A B
D = sqr x
E = halve z
F = sqrn x 3
G = muladd x z 5
H = a24add x z
I = copy H
J = one
K, L = add2 x z, A B
M, N = sub2 x z, A B
`), env, Field{P: p, A24: big.NewInt(11), Swap: true})
	want := map[string]int64{
		"A": 10, "B": 97, "C": (10 * 97) % 101, "D": 49, "E": 52, // 2·52 = 104 ≡ 3
		"F": 5764801 % 101, "G": 38, "H": 80, "I": 80, "J": 1,
		"K": (10 + 97) % 101, "L": 10, "M": (10 - 97 + 101) % 101, "N": 4,
	}
	for k, w := range want {
		if env[k].Int64() != w {
			t.Errorf("%s = %v, want %d", k, env[k], w)
		}
	}
	defer func() {
		if recover() == nil {
			t.Error("Eval read an unset element")
		}
	}()
	Eval(Parse("A = add q x"), env, Field{P: p})
}
