package curve25519

import "github.com/curvekit/curvekit/tables"

// computeBasepointTables builds the same tables as the generated data, from
// scratch with the fast arithmetic and one batched inversion: the
// alternative to generated source that BenchmarkBasepointTableInit
// measures.
func computeBasepointTables() *basepointTables {
	fb := tables.Edwards25519Base()
	ob := tables.Edwards25519BaseOdd()
	n := fb.EntriesPerPosition()
	pts := make([]Point, fb.Positions*n+ob.Len())
	base := NewGeneratorPoint()
	for j := 0; j < fb.Positions; j++ {
		pts[j*n].Set(base)
		for k := 1; k < n; k++ {
			pts[j*n+k].Add(&pts[j*n+k-1], base)
		}
		for i := 0; i < fb.Window*fb.Spacing; i++ {
			base.Double(base)
		}
	}
	odd := pts[fb.Positions*n:]
	B2 := new(Point).Double(generator)
	odd[0].Set(generator)
	for i := 1; i < len(odd); i++ {
		odd[i].Add(&odd[i-1], B2)
	}
	// Montgomery's batch inversion of all Z.
	prefix := make([]fieldElement, len(pts))
	acc := new(fieldElement).One()
	for i := range pts {
		prefix[i].Set(acc)
		acc.Multiply(acc, &pts[i].z)
	}
	acc.Invert(acc)
	out := make([]affineCached, len(pts))
	var zInv, x, y fieldElement
	for i := len(pts) - 1; i >= 0; i-- {
		zInv.Multiply(acc, &prefix[i])
		acc.Multiply(acc, &pts[i].z)
		x.Multiply(&pts[i].x, &zInv)
		y.Multiply(&pts[i].y, &zInv)
		out[i].fromAffine(&x, &y)
	}
	return &basepointTables{
		ok: true, window: fb.Window, spacing: fb.Spacing, positions: fb.Positions,
		perPosition: n, digits: fb.Digits(), oddWindow: ob.Window,
		fixed: out[:fb.Positions*n], odd: out[fb.Positions*n:],
	}
}

// computeFixedTable builds a fixed-base table of any shape (window w,
// spacing s) for BenchmarkFixedBaseShapes.
func computeFixedTable(w, s int) *basepointTables {
	digits := (254 + w - 1) / w // as internal/gen/tables: scalars < 2^253
	positions := (digits + s - 1) / s
	n := 1 << (w - 1)
	bt := &basepointTables{ok: true, window: w, spacing: s, positions: positions,
		perPosition: n, digits: positions * s}
	bt.fixed = make([]affineCached, positions*n)
	base := NewGeneratorPoint()
	var q Point
	for j := 0; j < positions; j++ {
		q.Set(base)
		for k := 0; k < n; k++ {
			bt.fixed[j*n+k].fromP3(&q)
			q.Add(&q, base)
		}
		for i := 0; i < w*s; i++ {
			base.Double(base)
		}
	}
	return bt
}

// computeOddTable returns a copy of the basepoint tables with the
// odd-multiples table rebuilt for NAF width w, for BenchmarkOddTableWidths.
func computeOddTable(w int) *basepointTables {
	bt := *baseTables()
	bt.oddWindow = w
	bt.odd = make([]affineCached, 1<<(w-2))
	B2 := new(Point).Double(generator)
	q := new(Point).Set(generator)
	for i := range bt.odd {
		bt.odd[i].fromP3(q)
		q.Add(q, B2)
	}
	return &bt
}
