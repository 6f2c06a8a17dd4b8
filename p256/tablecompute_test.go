package p256

import "github.com/curvekit/curvekit/fieldarith/fieldp256"

// computeBasepointTables builds the tables from G with the group law and
// one batched inversion, as the package did at first use before the
// tables were generated: the reference TestComputedTablesAgree compares
// the decoded data with, and the alternative BenchmarkBaseTables measures.
func computeBasepointTables() *basepointTables {
	var proj [basePositions][baseEntries]point
	base := generator
	for j := range proj {
		proj[j][0] = base
		for k := 1; k < baseEntries; k++ {
			proj[j][k].add(&proj[j][k-1], &base)
		}
		// base = 2^6·base = 32·base·2 = 2·proj[j][31].
		base.double(&proj[j][baseEntries-1])
	}
	const n = 1 << (vtBaseWindow - 2)
	pts := make([]point, 0, basePositions*baseEntries+n)
	for j := range proj {
		pts = append(pts, proj[j][:]...)
	}
	var g2 point
	g2.double(&generator)
	pts = append(pts, generator)
	for i := 1; i < n; i++ {
		var q point
		pts = append(pts, *q.add(&pts[len(pts)-1], &g2))
	}
	aff := toAffineBatch(pts)
	t := &basepointTables{ok: true, base: new([basePositions][baseEntries]affinePoint)}
	for j := range t.base {
		copy(t.base[j][:], aff[j*baseEntries:(j+1)*baseEntries])
	}
	t.odd = aff[basePositions*baseEntries:]
	return t
}

// toAffineBatch converts points to affine with one inversion
// (fieldp256.BatchInvert). No input may be the identity.
func toAffineBatch(pts []point) []affinePoint {
	zs := make([]fieldp256.Element, len(pts))
	for i := range pts {
		zs[i] = pts[i].z
	}
	fieldp256.BatchInvert(zs, zs, nil)
	out := make([]affinePoint, len(pts))
	for i := range pts {
		out[i].x.Multiply(&pts[i].x, &zs[i])
		out[i].y.Multiply(&pts[i].y, &zs[i])
	}
	return out
}
