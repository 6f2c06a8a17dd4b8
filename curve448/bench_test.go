package curve448

import (
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchmarkBaseTables times the first-use computation of the basepoint
// tables (CPU time).
func BenchmarkBaseTables(b *testing.B) {
	benchutil.RunCPU(b, func() { buildBaseTables() })
}

func BenchmarkPointOps(b *testing.B) {
	s := randScalar(b)
	P := new(Point).ScalarBaseMult(s)
	enc := P.Bytes()
	var v Point
	for _, op := range []struct {
		name string
		f    func()
	}{
		{"ScalarBaseMult", func() { v.ScalarBaseMult(s) }},
		{"ScalarMult", func() { v.ScalarMult(s, P) }},
		{"VarTimeDoubleScalarBaseMult", func() { v.VarTimeDoubleScalarBaseMult(s, P, s) }},
		{"SetCanonicalBytes", func() { v.SetCanonicalBytes(enc) }},
		{"Bytes", func() { P.Bytes() }},
		{"Add", func() { v.Add(P, P) }},
		{"Double", func() { v.Double(P) }},
		{"IsTorsionFree", func() { P.IsTorsionFree() }},
	} {
		b.Run(op.name, func(b *testing.B) { benchutil.RunCPU(b, op.f) })
	}
}
