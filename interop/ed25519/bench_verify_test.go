package ed25519_test

import (
	stded25519 "crypto/ed25519"
	"testing"

	"github.com/hdevalence/ed25519consensus"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/benchutil"
)

func BenchmarkVerify(b *testing.B) {
	priv := ed25519.NewKeyFromSeed(benchSeed)
	pub := priv.Public().(ed25519.PublicKey)
	sig := ed25519.Sign(priv, benchMsg)
	run := func(name string, f func() bool) {
		b.Run(name, func(b *testing.B) {
			if !f() {
				b.Fatal("rejected")
			}
			for i := 0; i < b.N; i++ {
				f()
			}
		})
	}
	run("curvekit", func() bool { return ed25519.Verify(pub, benchMsg, sig) })
	run("stdlib", func() bool { return stded25519.Verify(stded25519.PublicKey(pub), benchMsg, sig) })
	benchPeers(b, "Verify")
}

func BenchmarkVerifyExpanded(b *testing.B) {
	priv := ed25519.NewKeyFromSeed(benchSeed)
	pub := priv.Public().(ed25519.PublicKey)
	sig := ed25519.Sign(priv, benchMsg)
	b.Run("curvekit", func(b *testing.B) {
		e, _ := ed25519.NewExpandedPublicKey(pub)
		for i := 0; i < b.N; i++ {
			if !e.Verify(benchMsg, sig) {
				b.Fatal("rejected")
			}
		}
	})
	b.Run("curvekit-strict", func(b *testing.B) {
		e, _ := ed25519.NewExpandedPublicKey(pub)
		opts := &ed25519.Options{Policy: ed25519.PolicyStrict}
		for i := 0; i < b.N; i++ {
			e.VerifyWithOptions(benchMsg, sig, opts)
		}
	})
	benchPeers(b, "VerifyExpanded")
}

// BenchmarkInterleaved runs curvekit and its peers alternately within one
// benchmark (benchutil.Compare), so that load from other processes on a
// shared machine hits all of them alike, and reports each one's median
// thread CPU time ("cpu-ns-stdlib") and curvekit's speed-up over each peer
// ("speedup-stdlib" = stdlib time ÷ curvekit time, above 1: curvekit is
// faster).
func BenchmarkInterleaved(b *testing.B) {
	priv := ed25519.NewKeyFromSeed(benchSeed)
	pub := priv.Public().(ed25519.PublicKey)
	sig := ed25519.Sign(priv, benchMsg)
	spriv := stded25519.NewKeyFromSeed(benchSeed)
	spub := stded25519.PublicKey(pub)
	e, _ := ed25519.NewExpandedPublicKey(pub)
	zip := &ed25519.Options{Policy: ed25519.PolicyZIP215}
	strict := &ed25519.Options{Policy: ed25519.PolicyStrict}
	ops := []struct {
		name string
		cs   []contender
	}{
		{"NewKeyFromSeed", []contender{
			{Name: "curvekit", F: func() { ed25519.NewKeyFromSeed(benchSeed) }},
			{Name: "stdlib", F: func() { stded25519.NewKeyFromSeed(benchSeed) }}}},
		{"Sign", []contender{
			{Name: "curvekit", F: func() { ed25519.Sign(priv, benchMsg) }},
			{Name: "stdlib", F: func() { stded25519.Sign(spriv, benchMsg) }}}},
		{"Verify", []contender{
			{Name: "curvekit", F: func() { ed25519.Verify(pub, benchMsg, sig) }},
			{Name: "stdlib", F: func() { stded25519.Verify(spub, benchMsg, sig) }}}},
		{"VerifyZIP215", []contender{
			{Name: "curvekit", F: func() { ed25519.VerifyWithOptions(pub, benchMsg, sig, zip) }},
			{Name: "stdlib", F: func() { stded25519.Verify(spub, benchMsg, sig) }},
			{Name: "ed25519consensus", F: func() { ed25519consensus.Verify(spub, benchMsg, sig) }}}},
		{"VerifyStrict", []contender{
			{Name: "curvekit", F: func() { ed25519.VerifyWithOptions(pub, benchMsg, sig, strict) }},
			{Name: "stdlib", F: func() { stded25519.Verify(spub, benchMsg, sig) }}}},
		{"VerifyExpanded", []contender{
			{Name: "curvekit", F: func() { e.Verify(benchMsg, sig) }},
			{Name: "stdlib", F: func() { stded25519.Verify(spub, benchMsg, sig) }},
			{Name: "curvekit-plain", F: func() { ed25519.Verify(pub, benchMsg, sig) }}}},
	}
	for _, op := range ops {
		cs := append(op.cs, peerContenders(op.name)...)
		b.Run(op.name, func(b *testing.B) { benchutil.Compare(b, cs...) })
	}
}
