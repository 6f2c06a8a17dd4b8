package curve448

import (
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchmarkBaseTables times the first use of the basepoint tables,
// interleaved (benchutil.Compare, CPU time): decoding and verifying the
// generated data ("load", its parts "decode", "verify" and "crosscheck"),
// against computing the tables from B and running only the cross-check
// ("compute+check", the alternative tables/DESIGN.md weighs) and computing
// alone ("compute"). "fixedbase" compares ScalarBaseMult on the decoded tables
// with the same comb on computed ones (the code before the change but for
// the fallback test).
func BenchmarkBaseTables(b *testing.B) {
	c := func(name string, f func()) benchutil.Contender { return benchutil.Contender{Name: name, F: f} }
	t := new(baseTables)
	decodeBaseTables(t)
	b.Run("firstuse", func(b *testing.B) {
		benchutil.Compare(b,
			c("load", func() { loadBaseTables(nil) }),
			c("compute+check", func() { crossCheckBaseTables(computeBaseTables()) }),
			c("compute", func() { computeBaseTables() }),
			c("decode", func() { decodeBaseTables(new(baseTables)) }),
			c("verify", func() { verifyBaseTables(t) }),
			c("crosscheck", func() { crossCheckBaseTables(t) }))
	})
	s := randScalar(b)
	computed := computeBaseTables()
	basepointTables()
	var v Point
	b.Run("fixedbase", func(b *testing.B) {
		benchutil.Compare(b,
			c("ScalarBaseMult", func() { v.ScalarBaseMult(s) }),
			c("computed", func() { v.scalarBaseMultTable(computed, s) }),
			c("fallback", func() { v.ScalarMult(s, generator) }))
	})
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
