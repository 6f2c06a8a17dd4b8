package curve25519

import (
	"fmt"
	"runtime"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// benchInputs holds random inputs (the interop module's copy holds the
// peers' copies of the same values too).
type benchInputs struct {
	s, c *Scalar
	P, Q *Point
}

func newBenchInputs(b *testing.B) *benchInputs {
	in := &benchInputs{}
	sb, cb := randScalarBytes(b), randScalarBytes(b)
	in.s, in.c = scalarFrom(b, sb), scalarFrom(b, cb)
	in.P = randPoint(b)
	in.Q = randPoint(b)
	BasepointTableOK()
	return in
}

func benchMultiInputs(b *testing.B, n int) ([]*Scalar, []*Point) {
	s := make([]*Scalar, n)
	p := make([]*Point, n)
	for i := range s {
		s[i], p[i] = scalarFrom(b, randScalarBytes(b)), randPoint(b)
	}
	return s, p
}

// BenchmarkVarTimeMultiScalarMultCrossover times Straus and Pippenger
// separately around the switch-over point (run with
// -bench Crossover to re-check the cost model of msmScratch.window).
func BenchmarkVarTimeMultiScalarMultCrossover(b *testing.B) {
	for _, n := range []int{64, 96, 128, 192, 256, 512, 1024} {
		s, p := benchMultiInputs(b, n)
		benchOp(b, fmt.Sprintf("n=%d/straus", n), func() {
			var v Point
			v.varTimeStraus(s, p)
		})
		for _, c := range []uint{5, 6, 7, 8} {
			if (n < 256 && c > 6) || (n > 256 && c < 6) {
				continue
			}
			benchOp(b, fmt.Sprintf("n=%d/pippenger%d", n, c), func() {
				var v Point
				v.varTimePippenger(s, p, c)
			})
		}
	}
}

// BenchmarkIsTorsionFree compares the subgroup test with a plain
// multiplication by ℓ (the interop module's BenchmarkCompare sets voi's
// beside it).
func BenchmarkIsTorsionFree(b *testing.B) {
	in := newBenchInputs(b)
	benchOp(b, "curvekit", func() {
		in.P.IsTorsionFree()
	})
	benchOp(b, "multL", func() {
		in.P.isTorsionFreeMultL()
	})
}

// BenchmarkBasepointTableInit measures the first-use cost, interleaved
// (benchutil.Compare, CPU time): decoding the generated tables, verifying
// every entry and cross-checking ("load"), against computing the same
// tables from B and running only the cross-check ("compute+check"), with
// the parts alone.
func BenchmarkBasepointTableInit(b *testing.B) {
	c := func(name string, f func()) benchutil.Contender { return benchutil.Contender{Name: name, F: f} }
	benchutil.Compare(b,
		c("load", func() { loadBasepointTables(nil) }),
		c("compute+check", func() {
			bt := computeBasepointTables()
			if crossVerify(bt) {
				comb64Load(bt)
				straus64Load(bt)
			}
		}),
		c("decode", func() { decodeBasepointTables() }),
		c("compute", func() { computeBasepointTables() }))
}

func BenchmarkLookup(b *testing.B) {
	bt := baseTables()
	var e affineCached
	i := 0
	benchOp(b, "concrete", func() {
		i++
		lookupAffine(&e, bt.fixed[:8], int8(i&7))
	})
	benchOp(b, "select", func() {
		i++
		lookupAffineSelect(&e, bt.fixed[:8], int8(i&7))
	})
	// The scans alone (no sign): Go word scans and, where available, AVX2.
	t8, t16 := (*[8]affineCached)(bt.fixed[:8]), (*[16]affineCached)(bt.fixed[:16])
	var c projCached
	var tc [8]projCached
	multiplesTable(&tc, generator)
	benchOp(b, "scan8-go", func() { i++; scanAffine8Go(&e, t8, i&7) })
	benchOp(b, "scan16-go", func() { i++; scanAffine16Go(&e, t16, i&15) })
	benchOp(b, "cached8-go", func() { i++; scanCached8Go(&c, &tc, i&7) })
	// The sign step every lookup ends with.
	benchOp(b, "condNeg-affine", func() { i++; e.condNeg(i & 1) })
	benchOp(b, "condNeg-cached", func() { i++; c.condNeg(i & 1) })
	if haveAVX2 {
		benchOp(b, "scan8-avx2", func() { i++; scanAffine8AVX2(&e, t8, i&7) })
		benchOp(b, "scan16-avx2", func() { i++; scanAffine16AVX2(&e, t16, i&15) })
		benchOp(b, "cached8-avx2", func() { i++; scanCached8AVX2(&c, &tc, i&7) })
	}
}

// BenchmarkFixedBaseShapes compares fixed-base table shapes (window,
// spacing) in one run; the committed shape is chosen from it.
func BenchmarkFixedBaseShapes(b *testing.B) {
	in := newBenchInputs(b)
	for _, ws := range [][2]int{{3, 1}, {4, 1}, {4, 2}, {5, 1}, {5, 2}, {6, 2}, {6, 3}} {
		bt := computeFixedTable(ws[0], ws[1])
		var check, want Point
		check.scalarBaseMultTable(bt, in.s)
		want.ScalarMult(in.s, generator)
		if check.Equal(&want) != 1 {
			b.Fatalf("shape %v is broken", ws)
		}
		benchOp(b, fmt.Sprintf("w=%d,s=%d", ws[0], ws[1]), func() {
			var v Point
			v.scalarBaseMultTable(bt, in.s)
		})
	}
}

// benchOp runs f as a sub-benchmark and reports, besides wall time, the
// thread CPU time per operation (cpu-ns/op), which is robust against the
// other processes sharing the machine.
func benchOp(b *testing.B, name string, f func()) {
	b.Run(name, func(b *testing.B) {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		start := benchutil.ThreadCPU()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			f()
		}
		b.StopTimer()
		b.ReportMetric(float64(benchutil.ThreadCPU()-start)/float64(b.N), "cpu-ns/op")
	})
}

// BenchmarkDouble times one doubling (P2 → completed → P2).
func BenchmarkDouble(b *testing.B) {
	in := newBenchInputs(b)
	var pp projP2
	var r projP1xP1
	pp.fromP3(in.P)
	benchOp(b, "2XY", func() {
		r.double(&pp)
		pp.fromP1xP1(&r)
	})
}

// BenchmarkOddTableWidths compares NAF widths for the basepoint's
// odd-multiples table in VarTimeDoubleScalarBaseMult.
func BenchmarkOddTableWidths(b *testing.B) {
	in := newBenchInputs(b)
	for _, w := range []int{6, 7, 8, 9, 10, 11, 12} {
		bt := computeOddTable(w)
		var check, want Point
		check.varTimeDoubleBaseTable(bt, in.s, in.P, in.c)
		want.VarTimeDoubleScalarMult(in.s, in.P, in.c, generator)
		if check.Equal(&want) != 1 {
			b.Fatalf("width %d is broken", w)
		}
		benchOp(b, fmt.Sprintf("w=%d", w), func() {
			var v Point
			v.varTimeDoubleBaseTable(bt, in.s, in.P, in.c)
		})
	}
}

// BenchmarkVarTimeMultiScalarMultSizes times VarTimeMultiScalarMult on the
// sizes where its cost model picks Straus: n random full-size scalars on
// random points, and the batch-equation shape (batchShapeInputs: the
// generator, m decoded points with 128-bit scalars, m with full ones), in
// thread CPU time, to compare builds.
func BenchmarkVarTimeMultiScalarMultSizes(b *testing.B) {
	for _, n := range []int{2, 4, 8, 16, 32, 64} {
		s, p := benchMultiInputs(b, n)
		benchOp(b, fmt.Sprintf("n=%d", n), func() {
			var v Point
			v.VarTimeMultiScalarMult(s, p)
		})
	}
	for _, m := range []int{4, 16} {
		s, p := batchShapeInputs(b, m)
		benchOp(b, fmt.Sprintf("batch-m=%d", m), func() {
			var v Point
			v.VarTimeMultiScalarMult(s, p)
		})
	}
}
