package curve25519

import "testing"

// BenchmarkEdwardsFormulas times the field25519 point formulas one by one
// and the loops made of them on the field25519 path (the fe64 paths are
// BenchmarkFe64GroupOps): run it on two builds, interleaved, to compare a
// change of the formulas' code.
func BenchmarkEdwardsFormulas(b *testing.B) {
	in := newBenchInputs(b)
	var qc projCached
	var qa affineCached
	var r projP1xP1
	var pp projP2
	var v Point
	qc.fromP3(in.Q)
	qa.fromP3(in.Q)
	r.add(in.P, &qc)
	pp.fromP1xP1(&r)
	bt := baseTables()
	for _, op := range []struct {
		name string
		f    func()
	}{
		{"add", func() { r.add(in.P, &qc) }},
		{"sub", func() { r.sub(in.P, &qc) }},
		{"addAffine", func() { r.addAffine(in.P, &qa) }},
		{"subAffine", func() { r.subAffine(in.P, &qa) }},
		{"double", func() { r.double(&pp) }},
		{"toP2", func() { pp.fromP1xP1(&r) }},
		{"toP3", func() { v.fromP1xP1(&r) }},
		{"toCached", func() { qc.fromP3(in.P) }},
		{"Add", func() { v.Add(in.P, in.Q) }},
		{"scalarMultWindow", func() { v.scalarMultWindow(in.s, in.P) }},
		{"doubleScalarMultWindow", func() { v.doubleScalarMultWindow(in.s, in.P, in.c, in.Q) }},
		{"varTimeDoubleBaseTable", func() { v.varTimeDoubleBaseTable(bt, in.s, in.P, in.c) }},
	} {
		b.Run(op.name, func(b *testing.B) {
			for b.Loop() {
				op.f()
			}
		})
	}
}
