package field

import (
	"math/big"
	mrand "math/rand"
	"testing"
)

// TestMontConstants checks the constants the Montgomery family derives for
// every field and word size, independently of the generated packages' tests.
func TestMontConstants(t *testing.T) {
	for _, f := range montFields {
		if !f.Modulus.ProbablyPrime(20) {
			t.Errorf("%s: modulus is not prime", f.Pkg)
		}
		for _, w := range []int{64, 32} {
			r := montNewRep(f, w)
			W := new(big.Int).Lsh(big.NewInt(1), uint(w))
			// m·(−m⁻¹) ≡ −1 mod 2^w.
			p := new(big.Int).Mul(f.Modulus, new(big.Int).SetUint64(r.mInv))
			p.Add(p, big.NewInt(1)).Mod(p, W)
			if p.Sign() != 0 {
				t.Errorf("%s/%d: mInv wrong", f.Pkg, w)
			}
			// The no-carry variant needs the top limb ≤ 2^(w−1) − 2; the
			// full one must be used otherwise.
			top := new(big.Int).Rsh(f.Modulus, uint(w*(r.N-1)))
			if r.NoCarry != (top.Cmp(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w-1)), big.NewInt(2))) <= 0) {
				t.Errorf("%s/%d: NoCarry = %v for top limb %x", f.Pkg, w, r.NoCarry, top)
			}
			// Wide pieces: each below m, together covering every input bit.
			if f.Wide > 0 {
				words := 0
				for _, c := range r.Chunks {
					if len(c.Words)*w > f.Modulus.BitLen()-1 {
						t.Errorf("%s/%d: a piece of %d words may exceed m", f.Pkg, w, len(c.Words))
					}
					for _, i := range c.Words {
						if i != words {
							t.Errorf("%s/%d: pieces are not contiguous", f.Pkg, w)
						}
						words++
					}
				}
				if words*w < 8*f.Wide {
					t.Errorf("%s/%d: pieces cover %d bits, want %d", f.Pkg, w, words*w, 8*f.Wide)
				}
			}
		}
	}
}

// TestMontChains checks the exponentiation chains of the family (with runs
// split) against math/big, and logs their cost.
func TestMontChains(t *testing.T) {
	r := mrand.New(mrand.NewSource(2))
	for _, f := range montFields {
		m := f.Modulus
		exps := map[string]*big.Int{"invert": new(big.Int).Sub(m, big.NewInt(2))}
		if f.Sqrt {
			exps["sqrt"] = new(big.Int).Rsh(new(big.Int).Add(m, big.NewInt(1)), 2)
		}
		for name, e := range exps {
			c := buildChainSplitRuns(e, "a", "v")
			for range 3 {
				x := new(big.Int).Rand(r, m)
				if got, want := evalChain(c, "a", "v", x, m), new(big.Int).Exp(x, e, m); got.Cmp(want) != 0 {
					t.Fatalf("%s %s: got %x, want %x", f.Pkg, name, got, want)
				}
			}
			s, mul := c.counts()
			s0, mul0 := buildChain(e, "a", "v").counts()
			if s+mul > s0+mul0 {
				t.Errorf("%s %s: split runs cost more than buildChain", f.Pkg, name)
			}
			t.Logf("%s %s: %d S + %d M (buildChain: %d S + %d M)", f.Pkg, name, s, mul, s0, mul0)
		}
	}
}
