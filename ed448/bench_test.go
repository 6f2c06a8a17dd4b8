package ed448

import (
	"testing"

	circled448 "github.com/cloudflare/circl/sign/ed448"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/internal/benchutil"
)

var (
	benchSeed = make([]byte, SeedSize)
	benchMsg  = []byte("a message of moderate length, for the benchmarks")
)

// BenchmarkCompare times curvekit against circl's sign/ed448 interleaved
// (benchutil.Compare): x-circl below 1 means curvekit is faster.
func BenchmarkCompare(b *testing.B) {
	priv := NewKeyFromSeed(benchSeed)
	pub := PublicKey(priv[SeedSize:])
	sig := Sign(priv, benchMsg, "")
	cpriv := circled448.NewKeyFromSeed(benchSeed)
	cpub := circled448.PublicKey(cpriv[SeedSize:])
	ops := []struct {
		name string
		cs   []benchutil.Contender
	}{
		{"NewKeyFromSeed", []benchutil.Contender{
			{Name: "curvekit", F: func() { NewKeyFromSeed(benchSeed) }},
			{Name: "circl", F: func() { circled448.NewKeyFromSeed(benchSeed) }}}},
		{"Sign", []benchutil.Contender{
			{Name: "curvekit", F: func() { Sign(priv, benchMsg, "") }},
			{Name: "circl", F: func() { circled448.Sign(cpriv, benchMsg, "") }}}},
		{"Verify", []benchutil.Contender{
			{Name: "curvekit", F: func() { Verify(pub, benchMsg, sig, "") }},
			{Name: "circl", F: func() { circled448.Verify(cpub, benchMsg, sig, "") }}}},
		{"VerifyStrict", []benchutil.Contender{
			{Name: "curvekit", F: func() { VerifyAny(pub, benchMsg, sig, SignerOptions{Policy: PolicyStrict}) }},
			{Name: "circl", F: func() { circled448.Verify(cpub, benchMsg, sig, "") }}}},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) { benchutil.Compare(b, op.cs...) })
	}
}

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
