package ed448

import (
	"testing"

	"github.com/curvekit/curvekit/curve448"
)

var (
	benchSeed = make([]byte, SeedSize)
	benchMsg  = []byte("a message of moderate length, for the benchmarks")
)

// BenchmarkGroup times the group operations behind signing and verification.
func BenchmarkGroup(b *testing.B) {
	var w [114]byte
	for i := range w {
		w[i] = byte(0x5a + 7*i) // a full-size scalar
	}
	s, _ := curve448.NewScalar().SetUniformBytes(w[:])
	P := new(curve448.Point).ScalarBaseMult(s)
	enc := P.Bytes()
	var v curve448.Point
	b.Run("ScalarBaseMult", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			v.ScalarBaseMult(s)
		}
	})
	b.Run("ScalarMult", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			v.ScalarMult(s, P)
		}
	})
	b.Run("VarTimeDoubleScalarBaseMult", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			v.VarTimeDoubleScalarBaseMult(s, P, s)
		}
	})
	b.Run("SetCanonicalBytes", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			v.SetCanonicalBytes(enc)
		}
	})
	b.Run("Bytes", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			P.Bytes()
		}
	})
}
