package tables

// Selector is the constraint of Lookup: a pointer to a table entry type E
// with a constant-time Select(a, b, cond) that sets the receiver to a when
// cond == 1 and to b when cond == 0.
type Selector[E any] interface {
	*E
	Select(a, b *E, cond int) *E
}

// EqMask returns 1 if a == b and 0 otherwise, without branching, for any
// two ints.
func EqMask(a, b int) int {
	x := uint64(a ^ b)
	// x | −x has its top bit set exactly when x ≠ 0.
	return int(((x | -x) >> 63) ^ 1)
}

// AbsNeg returns |d| and 1 if d < 0 (0 otherwise), without branching.
func AbsNeg(d int8) (abs int, neg int) {
	x := int32(d)
	m := x >> 31 // all ones if negative
	return int((x ^ m) - m), int(m & 1)
}

// Lookup sets *dst to entries[index-1] for 1 ≤ index ≤ len(entries), and
// leaves *dst unchanged for index == 0 (callers preset it to the identity).
// It reads every entry and selects with masks, so neither its timing nor
// its memory accesses depend on index.
//
// Lookup is generic so that every curve shares it. The curve packages'
// hot loops use concrete copies of this loop instead, because a method
// call through a type parameter is not inlined (see the curve25519
// benchmarks for the measured difference).
func Lookup[E any, P Selector[E]](dst P, entries []E, index int) {
	for i := range entries {
		P(dst).Select(&entries[i], dst, EqMask(i+1, index))
	}
}
