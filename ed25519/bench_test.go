package ed25519

import (
	stded25519 "crypto/ed25519"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/ed25519core"
)

// Benchmarks put curvekit's paths beside crypto/ed25519 in one run
// (sub-benchmarks), so benchstat can compare them under the same machine
// load. The interop module's benchmarks of the same names add
// ed25519consensus, curve25519-voi and circl.

var benchSeed = []byte("curvekit ed25519 benchmark seed!")

var benchMsg = []byte("The quick brown fox jumps over the lazy dog, 64 bytes of message.")

// verifyFullSize is Verify (key nil) or ExpandedPublicKey.Verify (key set)
// with the full-size equation [S]B − [k]A in place of the half-size one.
func verifyFullSize(pub PublicKey, key *decodedKey, message, sig []byte) bool {
	return verify(pub, key, message, sig, ed25519core.Pure, "", PolicyDefault, false) == nil
}

func BenchmarkVerify(b *testing.B) {
	priv := NewKeyFromSeed(benchSeed)
	pub := priv.Public().(PublicKey)
	sig := Sign(priv, benchMsg)
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
	run("curvekit", func() bool { return Verify(pub, benchMsg, sig) })
	// The same without the half-size (lattice) equation: [k](−A) + [S]B.
	run("curvekit-fullsize", func() bool { return verifyFullSize(pub, nil, benchMsg, sig) })
	run("stdlib", func() bool { return stded25519.Verify(stded25519.PublicKey(pub), benchMsg, sig) })
}

func BenchmarkVerifyExpanded(b *testing.B) {
	priv := NewKeyFromSeed(benchSeed)
	pub := priv.Public().(PublicKey)
	sig := Sign(priv, benchMsg)
	b.Run("curvekit", func(b *testing.B) {
		e, _ := NewExpandedPublicKey(pub)
		for i := 0; i < b.N; i++ {
			if !e.Verify(benchMsg, sig) {
				b.Fatal("rejected")
			}
		}
	})
	b.Run("curvekit-fullsize", func(b *testing.B) {
		e, _ := NewExpandedPublicKey(pub)
		for i := 0; i < b.N; i++ {
			verifyFullSize(nil, &e.key, benchMsg, sig)
		}
	})
	b.Run("curvekit-strict", func(b *testing.B) {
		e, _ := NewExpandedPublicKey(pub)
		opts := &Options{Policy: PolicyStrict}
		for i := 0; i < b.N; i++ {
			e.VerifyWithOptions(benchMsg, sig, opts)
		}
	})
}

func BenchmarkBlind(b *testing.B) {
	priv := NewKeyFromSeed(benchSeed)
	pub := priv.Public().(PublicKey)
	param := TorBlindingFactor(pub, nil, 1234, 1440)
	b.Run("factor", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			TorBlindingFactor(pub, nil, 1234, 1440)
		}
	})
	b.Run("public", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			BlindPublicKey(pub, param)
		}
	})
	b.Run("private", func(b *testing.B) {
		e, _ := ExpandPrivateKey(priv)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			e.Blind(param)
		}
	})
	b.Run("sign-blinded", func(b *testing.B) {
		e, _ := ExpandPrivateKey(priv)
		be, _ := e.Blind(param)
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			be.Sign(nil, benchMsg, &Options{})
		}
	})
}

// contender is one implementation of an operation in BenchmarkInterleaved.
type contender = benchutil.Contender

// BenchmarkInterleaved runs curvekit and its peers alternately within one
// benchmark (benchutil.Compare), so that load from other processes on a
// shared machine hits all of them alike, and reports each one's median
// thread CPU time ("cpu-ns-stdlib") and curvekit's speed-up over each peer
// ("speedup-stdlib" = stdlib time ÷ curvekit time, above 1: curvekit is
// faster).
func BenchmarkInterleaved(b *testing.B) {
	priv := NewKeyFromSeed(benchSeed)
	pub := priv.Public().(PublicKey)
	sig := Sign(priv, benchMsg)
	spriv := stded25519.NewKeyFromSeed(benchSeed)
	spub := stded25519.PublicKey(pub)
	e, _ := NewExpandedPublicKey(pub)
	zip := &Options{Policy: PolicyZIP215}
	strict := &Options{Policy: PolicyStrict}
	ops := []struct {
		name string
		cs   []contender
	}{
		{"NewKeyFromSeed", []contender{
			{Name: "curvekit", F: func() { NewKeyFromSeed(benchSeed) }},
			{Name: "stdlib", F: func() { stded25519.NewKeyFromSeed(benchSeed) }}}},
		{"Sign", []contender{
			{Name: "curvekit", F: func() { Sign(priv, benchMsg) }},
			{Name: "stdlib", F: func() { stded25519.Sign(spriv, benchMsg) }}}},
		{"Verify", []contender{
			{Name: "curvekit", F: func() { Verify(pub, benchMsg, sig) }},
			{Name: "stdlib", F: func() { stded25519.Verify(spub, benchMsg, sig) }},
			{Name: "curvekit-fullsize", F: func() { verifyFullSize(pub, nil, benchMsg, sig) }}}},
		{"VerifyZIP215", []contender{
			{Name: "curvekit", F: func() { VerifyWithOptions(pub, benchMsg, sig, zip) }},
			{Name: "stdlib", F: func() { stded25519.Verify(spub, benchMsg, sig) }},
		}},
		{"VerifyStrict", []contender{
			{Name: "curvekit", F: func() { VerifyWithOptions(pub, benchMsg, sig, strict) }},
			{Name: "stdlib", F: func() { stded25519.Verify(spub, benchMsg, sig) }}}},
		{"VerifyExpanded", []contender{
			{Name: "curvekit", F: func() { e.Verify(benchMsg, sig) }},
			{Name: "stdlib", F: func() { stded25519.Verify(spub, benchMsg, sig) }},
			{Name: "curvekit-plain", F: func() { Verify(pub, benchMsg, sig) }}}},
	}
	for _, op := range ops {
		b.Run(op.name, func(b *testing.B) { benchutil.Compare(b, op.cs...) })
	}
}
