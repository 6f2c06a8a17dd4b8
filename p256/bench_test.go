package p256

import "testing"

func BenchmarkGroup(b *testing.B) {
	k := [32]byte{0: 0x5a, 7: 0x13, 31: 0x77}
	q := generator
	var p point
	b.Run("scalarBaseMult", func(b *testing.B) {
		for b.Loop() {
			p.scalarBaseMult(&k)
		}
	})
	b.Run("scalarMult", func(b *testing.B) {
		for b.Loop() {
			p.scalarMult(&k, &q)
		}
	})
	b.Run("varTimeDoubleScalarBaseMult", func(b *testing.B) {
		for b.Loop() {
			p.varTimeDoubleScalarBaseMult(&k, &k, &q)
		}
	})
	b.Run("double", func(b *testing.B) {
		for b.Loop() {
			p.double(&p)
		}
	})
	b.Run("add", func(b *testing.B) {
		for b.Loop() {
			p.add(&p, &q)
		}
	})
	b.Run("addAffine", func(b *testing.B) {
		a := affinePoint{q.x, q.y}
		for b.Loop() {
			p.addAffine(&p, &a)
		}
	})
}
