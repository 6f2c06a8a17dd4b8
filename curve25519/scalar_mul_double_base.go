package curve25519

// VarTimeDoubleScalarBaseMult sets v = a·A + b·B, where B is the canonical
// generator, and returns v.
//
// Execution time depends on the inputs: use it only on public values
// (signature verification). It interleaves a width-5 NAF of a over a table
// of odd multiples of A with a width-11 NAF of b over the precomputed table
// of 512 odd multiples of B.
func (v *Point) VarTimeDoubleScalarBaseMult(a *Scalar, A *Point, b *Scalar) *Point {
	checkInitialized(A)
	bt := baseTables()
	if !bt.ok {
		return v.VarTimeDoubleScalarMult(a, A, b, generator)
	}
	if g, ok := splitPathFor(bt).fe64(); ok {
		return v.varTimeDoubleBase64(g, bt, a, A, b)
	}
	return v.varTimeDoubleBaseTable(bt, a, A, b)
}

func (v *Point) varTimeDoubleBaseTable(bt *basepointTables, a *Scalar, A *Point, b *Scalar) *Point {
	return v.varTimeDoubleBase(a, A, b, bt.odd, uint(bt.oddWindow))
}
