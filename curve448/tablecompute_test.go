package curve448

// computeBaseTables builds the basepoint tables from scratch with the fast
// arithmetic and one batched inversion, as the package did at first use
// before the tables were generated: the reference that
// TestComputedTablesAgree compares the decoded data with, and the
// alternative BenchmarkBaseTables measures.
func computeBaseTables() *baseTables {
	t := &baseTables{ok: true}
	var pts [56 * 8]Point
	var base Point
	base.Set(generator)
	for j := 0; j < 56; j++ {
		var c cachedPoint
		c.fromP(&base)
		pts[8*j].Set(&base)
		for k := 1; k < 8; k++ {
			pts[8*j+k].addCached(&pts[8*j+k-1], &c)
		}
		// 256^(j+1)·B = 2·(8·16^(2j)·B) four more times.
		base.double(&pts[8*j+7]).double(&base).double(&base).double(&base).double(&base)
	}
	var aff [56 * 8]affinePoint
	toAffine(aff[:], pts[:])
	for j := range t.comb {
		copy(t.comb[j][:], aff[8*j:8*j+8])
	}
	computeOddTables(t)
	return t
}
