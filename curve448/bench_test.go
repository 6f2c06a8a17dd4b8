package curve448

import (
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchmarkBaseTables times the first use of the basepoint tables (CPU
// time): decoding and verifying the generated data ("load"), against
// computing the tables from B as the package did before ("compute").
func BenchmarkBaseTables(b *testing.B) {
	b.Run("load", func(b *testing.B) { benchutil.RunCPU(b, func() { loadBaseTables(nil) }) })
	b.Run("compute", func(b *testing.B) { benchutil.RunCPU(b, func() { computeBaseTables() }) })
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
