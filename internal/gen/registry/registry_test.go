package registry

import (
	"math/big"
	"testing"
)

// TestFields checks each field's data against its modulus: the modulus is
// prime, a Solinas identity gives the modulus, Expr and Name render it, and
// every representation's limbs cover the encoding.
func TestFields(t *testing.T) {
	for _, f := range Fields {
		if !f.Modulus.ProbablyPrime(32) {
			t.Errorf("%s: modulus is not prime", f.Pkg)
		}
		if f.Modulus.BitLen() > 8*f.Size {
			t.Errorf("%s: %d bytes do not hold the modulus", f.Pkg, f.Size)
		}
		if f.Reduction != nil && solinas(f.Bits, f.Reduction...).Cmp(f.Modulus) != 0 {
			t.Errorf("%s: the reduction identity is not the modulus", f.Pkg)
		}
		for _, r := range f.Reps {
			switch r.Family {
			case Unsaturated:
				sum := 0
				for _, w := range r.Widths {
					sum += w
				}
				if sum != f.Bits {
					t.Errorf("%s %s: widths add up to %d, not %d", f.Pkg, r.Name, sum, f.Bits)
				}
			case Montgomery:
				// The Montgomery generator sizes its limbs from the encoding.
				if r.Limbs*r.Word != 8*f.Size {
					t.Errorf("%s %s: %d × %d bits are not the %d-byte encoding", f.Pkg, r.Name, r.Limbs, r.Word, f.Size)
				}
			default:
				if r.Limbs*r.Word < f.Modulus.BitLen() {
					t.Errorf("%s %s: %d × %d bits do not hold the modulus", f.Pkg, r.Name, r.Limbs, r.Word)
				}
			}
		}
	}
	if got := F448.Expr(); got != "2^448 − 2^224 − 1" {
		t.Errorf("F448.Expr() = %q", got)
	}
	if got := F25519.Name(); got != "GF(2^255−19)" {
		t.Errorf("F25519.Name() = %q", got)
	}
	if got := FP256.Name(); got != FP256.Title {
		t.Errorf("FP256.Name() = %q", got)
	}
}

// TestCurves checks each curve's constants: the generator satisfies the
// equation, cofactor·order is within Hasse's bound of p + 1, the Edwards a
// is ±1 and the Weierstrass a is −3, and A24 is (A − 2)/4.
func TestCurves(t *testing.T) {
	for _, c := range Curves {
		p := c.Field.Modulus
		mod := func(v *big.Int) *big.Int { return v.Mod(v, p) }
		x, y := c.Gx, c.Gy
		xx := mod(new(big.Int).Mul(x, x))
		yy := mod(new(big.Int).Mul(y, y))
		switch c.Model {
		case TwistedEdwards:
			l := mod(new(big.Int).Add(new(big.Int).Mul(c.A, xx), yy))
			r := new(big.Int).Mul(c.D, xx)
			r = mod(r.Mul(r, yy).Add(r, big.NewInt(1)))
			if l.Cmp(r) != 0 {
				t.Errorf("%s: G is not on the curve", c.Name)
			}
			if c.A.Cmp(big.NewInt(1)) != 0 && c.A.Cmp(new(big.Int).Sub(p, big.NewInt(1))) != 0 {
				t.Errorf("%s: a is not ±1", c.Name)
			}
		case ShortWeierstrass:
			r := new(big.Int).Add(xx, c.A)
			r = mod(r.Mul(r, x).Add(r, c.B))
			if yy.Cmp(r) != 0 {
				t.Errorf("%s: G is not on the curve", c.Name)
			}
			if c.A.Cmp(new(big.Int).Sub(p, big.NewInt(3))) != 0 {
				t.Errorf("%s: a is not −3", c.Name)
			}
		}
		// |#E − (p + 1)| ≤ 2√p.
		n := new(big.Int).Mul(c.Order(), big.NewInt(int64(c.Cofactor)))
		tr := new(big.Int).Sub(new(big.Int).Add(p, big.NewInt(1)), n)
		bound := new(big.Int).Lsh(new(big.Int).Sqrt(p), 1)
		if new(big.Int).Abs(tr).Cmp(new(big.Int).Add(bound, big.NewInt(2))) > 0 {
			t.Errorf("%s: cofactor·order is not a plausible group size", c.Name)
		}
		if 1<<c.LogCofactor() != c.Cofactor {
			t.Errorf("%s: cofactor %d is not a power of two", c.Name, c.Cofactor)
		}
		if m := c.Montgomery; m != nil && 4*m.A24()+2 != m.A {
			t.Errorf("%s: A24 = %d for A = %d", c.Name, m.A24(), m.A)
		}
		if CurveNamed(c.Name) != c {
			t.Errorf("%s: CurveNamed does not find it", c.Name)
		}
	}
	if Edwards25519.Montgomery.A24() != 121665 || Edwards448.Montgomery.A24() != 39081 {
		t.Error("A24 is not RFC 7748's")
	}
	if Edwards25519.Montgomery.A24Plus() != 121666 || Edwards448.Montgomery.A24Plus() != 39082 {
		t.Error("A24Plus is not (A + 2)/4")
	}
	var names []string
	for _, r := range Edwards25519.Backends() {
		names = append(names, r.Name)
	}
	if len(names) != 3 || names[0] != "fe51" || names[1] != "fe2625" || names[2] != "fe64" {
		t.Errorf("edwards25519 backends %v", names)
	}
	if Edwards25519.CombDigits(5) != 51 || Edwards448.CombPositions(4, 2) != 56 {
		t.Error("comb geometry is off")
	}
}
