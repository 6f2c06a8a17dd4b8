package ed448_test

import (
	"testing"

	circled448 "github.com/cloudflare/circl/sign/ed448"
	"github.com/curvekit/curvekit/ed448"
	"github.com/curvekit/curvekit/internal/benchutil"
)

var benchSeed = make([]byte, ed448.SeedSize)

var benchMsg = []byte("a message of moderate length, for the benchmarks")

// BenchmarkCompare times curvekit against circl's sign/ed448 interleaved
// (benchutil.Compare): x-circl below 1 means curvekit is faster.
func BenchmarkCompare(b *testing.B) {
	priv := ed448.NewKeyFromSeed(benchSeed)
	pub := ed448.PublicKey(priv[ed448.SeedSize:])
	sig := ed448.Sign(priv, benchMsg, "")
	cpriv := circled448.NewKeyFromSeed(benchSeed)
	cpub := circled448.PublicKey(cpriv[ed448.SeedSize:])
	ops := []struct {
		name string
		cs   []benchutil.Contender
	}{
		{"NewKeyFromSeed", []benchutil.Contender{
			{Name: "curvekit", F: func() { ed448.NewKeyFromSeed(benchSeed) }},
			{Name: "circl", F: func() { circled448.NewKeyFromSeed(benchSeed) }}}},
		{"Sign", []benchutil.Contender{
			{Name: "curvekit", F: func() { ed448.Sign(priv, benchMsg, "") }},
			{Name: "circl", F: func() { circled448.Sign(cpriv, benchMsg, "") }}}},
		{"Verify", []benchutil.Contender{
			{Name: "curvekit", F: func() { ed448.Verify(pub, benchMsg, sig, "") }},
			{Name: "circl", F: func() { circled448.Verify(cpub, benchMsg, sig, "") }}}},
		{"VerifyStrict", []benchutil.Contender{
			{Name: "curvekit", F: func() { ed448.VerifyAny(pub, benchMsg, sig, ed448.SignerOptions{Policy: ed448.PolicyStrict}) }},
			{Name: "circl", F: func() { circled448.Verify(cpub, benchMsg, sig, "") }}}},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) { benchutil.Compare(b, op.cs...) })
	}
}
