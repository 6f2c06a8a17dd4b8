package field

import (
	"math/big"
	"testing"
)

// TestUnsatLooseForms pins which loose forms the interval arithmetic
// proves, so that a change to the templates or the bounds that silently
// brings back the carries in Loose.Add or Loose.Subtract (the point of the
// loose form) fails here rather than only in benchmarks.
func TestUnsatLooseForms(t *testing.T) {
	want := map[string][2]bool{ // representation → {Add carries, Subtract carries}
		"fe51":   {false, false},
		"fe2625": {false, false},
		"fe56":   {false, false},
		"fe28":   {false, true},
	}
	for _, f := range unsatFields {
		for _, r := range f.reps {
			if err := r.solve(); err != nil {
				t.Fatal(err)
			}
			if got := [2]bool{r.looseAddCarry, r.looseSubCarry}; got != want[r.typ] {
				t.Errorf("%s: loose Add/Subtract carry = %v, want %v", r.typ, got, want[r.typ])
			}
			// The loose bounds contain the tight ones, and the tight ones keep
			// values below 2p (the canonical reduction subtracts p once).
			max := new(big.Int)
			for k := range r.bound {
				if r.lbound[k].Cmp(r.bound[k]) < 0 {
					t.Errorf("%s: loose bound of limb %d below the tight one", r.typ, k)
				}
				max.Add(max, new(big.Int).Lsh(r.bound[k], uint(r.off[k])))
			}
			if max.Cmp(new(big.Int).Lsh(f.p, 1)) >= 0 {
				t.Errorf("%s: tight bounds allow values ≥ 2p", r.typ)
			}
		}
	}
}
