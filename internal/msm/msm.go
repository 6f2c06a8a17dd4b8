// Package msm is the curve-independent side of variable-time multi-scalar
// multiplication: per-scalar statistics (bit length, NAF weight, sparse
// radix-2^c weight, from tables.Words) and the operation-count model that
// picks Straus's method or Pippenger's bucket method and its window.
//
// A curve supplies its costs (Costs: field multiplications per doubling,
// per addition of each kind, per table) and the bit length of its group
// order; the point arithmetic stays in the curve package, where it is
// concrete code.
package msm

import "github.com/curvekit/curvekit/tables"

// Costs is a curve's operation-count model, in field multiplications
// (squarings count as one), read off its formulas.
type Costs struct {
	// OrderBits is the bit length of the group order: full-size scalars
	// have OrderBits+1 signed digits' worth of doublings.
	OrderBits int
	// ShortBits is the bit length up to which a scalar counts as short
	// (the half-size coefficients of batch verification), with ⌈(ShortBits+1)/c⌉
	// Pippenger digits instead of ⌈(OrderBits+1)/c⌉.
	ShortBits int
	// Double is one doubling in the shared chain.
	Double float64
	// StrausAdd is one Straus addition from a table; StrausBare one
	// addition of ±P for a term without a table (one per nonzero digit
	// of its plain NAF).
	StrausAdd, StrausBare float64
	// Table is the cost of one point's table of odd multiples for a
	// width-NAFWindow NAF (a nonzero digit every NAFWindow+1 bits on
	// average).
	Table     float64
	NAFWindow int
	// StrausFudge scales Straus's total (its tables outgrow the L1 cache):
	// fitted on the curve's crossover benchmark.
	StrausFudge float64
	// BucketAdd is one (mixed) addition into a Pippenger bucket, SumAdd
	// one addition of the running bucket sums.
	BucketAdd, SumAdd float64
	// MinWindow and MaxWindow bound Pippenger's window c (2 ≤ c ≤ 15, as
	// tables.Words.Radix takes).
	MinWindow, MaxWindow uint
}

// Term holds what the model knows of one scalar.
type Term struct {
	Bits      uint16 // bit length
	NAFWeight uint16 // nonzero digits of its plain NAF
	// R256Weight is the number of nonzero signed radix-256 digits when
	// the scalar is sparse in that radix (NAF weight < bits/4, as batch
	// verification draws coefficients for large batches), else 0xffff.
	R256Weight uint16
}

// NewTerm computes the model's statistics of x.
func NewTerm(x *tables.Words) Term {
	nb := x.VarTimeBitLen()
	nw := x.NAFWeight()
	t := Term{Bits: uint16(nb), NAFWeight: uint16(nw), R256Weight: 0xffff}
	// A random scalar has a NAF of about b/3 nonzero digits for b bits;
	// count its radix-256 digits exactly only when it is far sparser.
	if 4*nw < nb {
		t.R256Weight = uint16(x.VarTimeRadixWeight(8))
	}
	return t
}

// StrausTerm is the model's cost of one Straus term (the cheaper of a
// table walked by a width-NAFWindow NAF and the table-less walk of its
// plain NAF), and whether the table-less walk is the cheaper.
func (c *Costs) StrausTerm(t Term) (cost float64, sparse bool) {
	table := c.Table + float64(t.Bits)/float64(c.NAFWindow+1)*c.StrausAdd
	bare := float64(t.NAFWeight) * c.StrausBare
	if bare < table {
		return bare, true
	}
	return table, false
}

// doublings is the cost of the shared chain of doublings.
func (c *Costs) doublings() float64 { return float64(c.OrderBits+1) * c.Double }

// Straus is the model's cost of Straus's method on terms.
func (c *Costs) Straus(terms []Term) float64 {
	total := c.doublings()
	for _, t := range terms {
		s, _ := c.StrausTerm(t)
		total += s
	}
	return c.StrausFudge * total
}

// Pippenger is the model's cost of Pippenger's method with window w on
// terms: a short scalar has ⌈(ShortBits+1)/w⌉ digits, a longer one
// ⌈(OrderBits+1)/w⌉, never more nonzero digits than its NAF has, and for
// w = 8 exactly its nonzero radix-256 digits if it is sparse in that
// radix; the first point into each bucket is copied, not added.
func (c *Costs) Pippenger(terms []Term, w uint) float64 {
	nd := Digits(c.OrderBits, w)
	ndShort := Digits(c.ShortBits, w)
	nb := float64(uint(1) << (w - 1))
	adds := 0
	for _, t := range terms {
		d := nd
		if int(t.Bits) <= c.ShortBits {
			d = ndShort
		}
		d = min(d, int(t.NAFWeight))
		if w == 8 {
			d = min(d, int(t.R256Weight))
		}
		adds += d
	}
	return c.BucketAdd*float64(adds) + float64(nd)*nb*(2*c.SumAdd-c.BucketAdd) + c.doublings()
}

// Window returns the Pippenger window for terms, or 0 when Straus's method
// is cheaper.
func (c *Costs) Window(terms []Term) uint {
	best, bestW := c.Straus(terms), uint(0)
	for w := c.MinWindow; w <= c.MaxWindow; w++ {
		if cost := c.Pippenger(terms, w); cost < best {
			best, bestW = cost, w
		}
	}
	return bestW
}

// Digits returns ⌈(bits+1)/w⌉, the number of signed radix-2^w digits
// (tables.Words.Radix) a scalar of the given bit length needs.
func Digits(bits int, w uint) int { return (bits + int(w)) / int(w) }
