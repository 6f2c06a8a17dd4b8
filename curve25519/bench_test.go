package curve25519

import (
	"fmt"
	"runtime"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/internal/benchutil"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
	voiscalar "github.com/oasisprotocol/curve25519-voi/curve/scalar"
)

// benchInputs holds the same random inputs for ours and both peers.
type benchInputs struct {
	s, c   *Scalar
	fs, fc *fed.Scalar
	vs, vc *voiscalar.Scalar
	P, Q   *Point
	fP, fQ *fed.Point
	vP, vQ *voi.EdwardsPoint
}

func newBenchInputs(b *testing.B) *benchInputs {
	in := &benchInputs{}
	sb, cb := randScalarBytes(b), randScalarBytes(b)
	in.s, in.c = scalarFrom(b, sb), scalarFrom(b, cb)
	in.fs, in.fc = fedScalarFrom(b, sb), fedScalarFrom(b, cb)
	in.vs, in.vc = voiScalarFrom(b, sb), voiScalarFrom(b, cb)
	in.P, in.fP, in.vP = randPoint(b)
	in.Q, in.fQ, in.vQ = randPoint(b)
	BasepointTableOK()
	return in
}

func BenchmarkScalarBaseMult(b *testing.B) {
	in := newBenchInputs(b)
	{
		var v Point
		benchOp(b, "curvekit", func() {
			v.ScalarBaseMult(in.s)
		})
	}
	{
		var v fed.Point
		benchOp(b, "filippo", func() {
			v.ScalarBaseMult(in.fs)
		})
	}
	{
		var v voi.EdwardsPoint
		benchOp(b, "voi", func() {
			v.MulBasepoint(voi.ED25519_BASEPOINT_TABLE, in.vs)
		})
	}
}

func BenchmarkScalarMult(b *testing.B) {
	in := newBenchInputs(b)
	{
		var v Point
		benchOp(b, "curvekit", func() {
			v.ScalarMult(in.s, in.P)
		})
	}
	{
		var v fed.Point
		benchOp(b, "filippo", func() {
			v.ScalarMult(in.fs, in.fP)
		})
	}
	{
		var v voi.EdwardsPoint
		benchOp(b, "voi", func() {
			v.Mul(in.vP, in.vs)
		})
	}
}

func BenchmarkVarTimeDoubleScalarBaseMult(b *testing.B) {
	in := newBenchInputs(b)
	{
		var v Point
		benchOp(b, "curvekit", func() {
			v.VarTimeDoubleScalarBaseMult(in.s, in.P, in.c)
		})
	}
	{
		var v fed.Point
		benchOp(b, "filippo", func() {
			v.VarTimeDoubleScalarBaseMult(in.fs, in.fP, in.fc)
		})
	}
	{
		var v voi.EdwardsPoint
		benchOp(b, "voi", func() {
			v.DoubleScalarMulBasepointVartime(in.vs, in.vP, in.vc)
		})
	}
}

// BenchmarkDoubleScalarMult is the constant-time a·P + c·Q; the peers have
// no two-point method, so their constant-time multi-scalar multiplication
// with n = 2 stands in.
func BenchmarkDoubleScalarMult(b *testing.B) {
	in := newBenchInputs(b)
	{
		var v Point
		benchOp(b, "curvekit", func() {
			v.DoubleScalarMult(in.s, in.P, in.c, in.Q)
		})
	}
	fs, fp := []*fed.Scalar{in.fs, in.fc}, []*fed.Point{in.fP, in.fQ}
	{
		var v fed.Point
		benchOp(b, "filippo", func() {
			v.MultiScalarMult(fs, fp)
		})
	}
	vs, vp := []*voiscalar.Scalar{in.vs, in.vc}, []*voi.EdwardsPoint{in.vP, in.vQ}
	{
		var v voi.EdwardsPoint
		benchOp(b, "voi", func() {
			v.MultiscalarMul(vs, vp)
		})
	}
}

// BenchmarkVarTimeDoubleScalarMult is the variable-time a·P + c·Q against
// the peers' variable-time multi-scalar multiplication with n = 2.
func BenchmarkVarTimeDoubleScalarMult(b *testing.B) {
	in := newBenchInputs(b)
	{
		var v Point
		benchOp(b, "curvekit", func() {
			v.VarTimeDoubleScalarMult(in.s, in.P, in.c, in.Q)
		})
	}
	fs, fp := []*fed.Scalar{in.fs, in.fc}, []*fed.Point{in.fP, in.fQ}
	{
		var v fed.Point
		benchOp(b, "filippo", func() {
			v.VarTimeMultiScalarMult(fs, fp)
		})
	}
	vs, vp := []*voiscalar.Scalar{in.vs, in.vc}, []*voi.EdwardsPoint{in.vP, in.vQ}
	{
		var v voi.EdwardsPoint
		benchOp(b, "voi", func() {
			v.MultiscalarMulVartime(vs, vp)
		})
	}
}

func benchMultiInputs(b *testing.B, n int) ([]*Scalar, []*Point, []*fed.Scalar, []*fed.Point, []*voiscalar.Scalar, []*voi.EdwardsPoint) {
	s := make([]*Scalar, n)
	p := make([]*Point, n)
	fs := make([]*fed.Scalar, n)
	fp := make([]*fed.Point, n)
	vs := make([]*voiscalar.Scalar, n)
	vp := make([]*voi.EdwardsPoint, n)
	for i := 0; i < n; i++ {
		sb := randScalarBytes(b)
		s[i], fs[i], vs[i] = scalarFrom(b, sb), fedScalarFrom(b, sb), voiScalarFrom(b, sb)
		p[i], fp[i], vp[i] = randPoint(b)
	}
	return s, p, fs, fp, vs, vp
}

func BenchmarkVarTimeMultiScalarMult(b *testing.B) {
	for _, n := range []int{2, 16, 64, 256, 1024, 2048} {
		s, p, fs, fp, vs, vp := benchMultiInputs(b, n)
		benchOp(b, fmt.Sprintf("n=%d/curvekit", n), func() {
			var v Point
			v.VarTimeMultiScalarMult(s, p)
		})
		benchOp(b, fmt.Sprintf("n=%d/filippo", n), func() {
			var v fed.Point
			v.VarTimeMultiScalarMult(fs, fp)
		})
		benchOp(b, fmt.Sprintf("n=%d/voi", n), func() {
			var v voi.EdwardsPoint
			v.MultiscalarMulVartime(vs, vp)
		})
	}
}

func BenchmarkMultiScalarMult(b *testing.B) {
	for _, n := range []int{2, 16, 64} {
		s, p, fs, fp, vs, vp := benchMultiInputs(b, n)
		benchOp(b, fmt.Sprintf("n=%d/curvekit", n), func() {
			var v Point
			v.MultiScalarMult(s, p)
		})
		benchOp(b, fmt.Sprintf("n=%d/filippo", n), func() {
			var v fed.Point
			v.MultiScalarMult(fs, fp)
		})
		benchOp(b, fmt.Sprintf("n=%d/voi", n), func() {
			var v voi.EdwardsPoint
			v.MultiscalarMul(vs, vp)
		})
	}
}

// BenchmarkVarTimeMultiScalarMultCrossover times Straus and Pippenger
// separately around the switch-over point (run with
// -bench Crossover to re-check the cost model of msmScratch.window).
func BenchmarkVarTimeMultiScalarMultCrossover(b *testing.B) {
	for _, n := range []int{64, 96, 128, 192, 256, 512, 1024} {
		s, p, _, _, _, _ := benchMultiInputs(b, n)
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
// multiplication by ℓ and with voi.
func BenchmarkIsTorsionFree(b *testing.B) {
	in := newBenchInputs(b)
	benchOp(b, "curvekit", func() {
		in.P.IsTorsionFree()
	})
	benchOp(b, "multL", func() {
		in.P.isTorsionFreeMultL()
	})
	benchOp(b, "voi", func() {
		in.vP.IsTorsionFree()
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
	{
		var v fed.Point
		benchOp(b, "filippo", func() {
			v.ScalarBaseMult(in.fs)
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
