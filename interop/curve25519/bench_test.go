package curve25519_test

import (
	"fmt"
	"runtime"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/benchutil"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
	voiscalar "github.com/oasisprotocol/curve25519-voi/curve/scalar"
)

// benchInputs holds the same random inputs for ours and both peers.
type benchInputs struct {
	s, c   *curve25519.Scalar
	fs, fc *fed.Scalar
	vs, vc *voiscalar.Scalar
	P, Q   *curve25519.Point
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
	curve25519.BasepointTableOK()
	return in
}

func BenchmarkScalarBaseMult(b *testing.B) {
	in := newBenchInputs(b)
	{
		var v curve25519.Point
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
		var v curve25519.Point
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
		var v curve25519.Point
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
		var v curve25519.Point
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
		var v curve25519.Point
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

func benchMultiInputs(b *testing.B, n int) ([]*curve25519.Scalar, []*curve25519.Point, []*fed.Scalar, []*fed.Point, []*voiscalar.Scalar, []*voi.EdwardsPoint) {
	s := make([]*curve25519.Scalar, n)
	p := make([]*curve25519.Point, n)
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
			var v curve25519.Point
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
			var v curve25519.Point
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
