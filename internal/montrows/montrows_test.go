package montrows

import (
	"math/big"
	"math/rand"
	"testing"
)

// p384P is P-384's p.
var p384P, _ = new(big.Int).SetString("fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000ffffffff", 16)

func toBig(x []uint64) *big.Int {
	v := new(big.Int)
	for j := len(x) - 1; j >= 0; j-- {
		v.Lsh(v, 64).Or(v, new(big.Int).SetUint64(x[j]))
	}
	return v
}

func toLimbs(v *big.Int) (x [6]uint64) {
	w := new(big.Int).Set(v)
	for j := range x {
		x[j] = w.Uint64()
		w.Rsh(w, 64)
	}
	return x
}

// TestModels checks Mul and Square with both reductions against math/big
// on random operands and operands at the top of the range.
func TestModels(t *testing.T) {
	n, _ := new(big.Int).SetString("ffffffffffffffffffffffffffffffffffffffffffffffffc7634d81f4372ddf581a0db248b0a77aecec196accc52973", 16)
	W := new(big.Int).Lsh(big.NewInt(1), 64)
	nInv := new(big.Int).Sub(W, new(big.Int).ModInverse(n, W)).Uint64()
	rng := rand.New(rand.NewSource(1))
	for _, c := range []struct {
		name   string
		m      *big.Int
		reduce Reduce
	}{{"P384", p384P, P384}, {"Generic", n, Generic(toLimbs(n), nInv)}} {
		Ri := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 384), c.m)
		ml := toLimbs(c.m)
		for i := range 2000 {
			var a, b *big.Int
			switch i % 4 {
			case 0:
				a, b = new(big.Int).Sub(c.m, big.NewInt(1)), new(big.Int).Sub(c.m, big.NewInt(int64(1+i)))
			default:
				a = new(big.Int).Rand(rng, c.m)
				b = new(big.Int).Rand(rng, c.m)
			}
			al, bl := toLimbs(a), toLimbs(b)
			rows, _ := Mul(al, bl, c.reduce)
			got := Correct(rows, ml)
			want := new(big.Int).Mul(a, b)
			want.Mul(want, Ri).Mod(want, c.m)
			if toBig(got[:]).Cmp(want) != 0 {
				t.Fatalf("%s: Mul(%x, %x) = %x, want %x", c.name, a, b, toBig(got[:]), want)
			}
			rows, _ = Square(al, c.reduce)
			got = Correct(rows, ml)
			want.Mul(a, a).Mul(want, Ri).Mod(want, c.m)
			if toBig(got[:]).Cmp(want) != 0 {
				t.Fatalf("%s: Square(%x) = %x, want %x", c.name, a, toBig(got[:]), want)
			}
		}
	}
}

// TestP384SquarePaths checks that every listed operand is below p and
// takes its path.
func TestP384SquarePaths(t *testing.T) {
	for _, v := range P384SquarePaths {
		if toBig(v.A[:]).Cmp(p384P) >= 0 {
			t.Errorf("%x is not below p", v.A)
		}
		if !v.Taken() {
			t.Errorf("row %d depth %d: %x does not take its path", v.Row, v.Depth, v.A)
		}
	}
}
