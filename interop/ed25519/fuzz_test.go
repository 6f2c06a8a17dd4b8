package ed25519_test

import (
	"bytes"
	stded25519 "crypto/ed25519"
	"testing"

	"github.com/hdevalence/ed25519consensus"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/ed25519test"
)

// FuzzVerify compares the three policies with their oracles on arbitrary
// keys, messages and signatures, and checks nothing panics.
func FuzzVerify(f *testing.F) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	sig := ed25519.Sign(priv, []byte("seed"))
	f.Add([]byte(pub), []byte("seed"), sig)
	f.Add(ed25519test.Identity, []byte("x"), append(bytes.Clone(ed25519test.Identity), make([]byte, 32)...))
	f.Add(ed25519test.IdentityPPlus1, []byte(""), append(bytes.Clone(ed25519test.IdentityNegZero), make([]byte, 32)...))
	f.Add([]byte{1, 2, 3}, []byte("short key"), sig)
	f.Add([]byte(pub), []byte("short sig"), sig[:10])
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte) {
		def := ed25519.Verify(pub, msg, sig)
		if want := stdVerify(pub, msg, sig, &stded25519.Options{}); def != want {
			t.Fatalf("PolicyDefault %v, crypto/ed25519 %v", def, want)
		}
		zip := ed25519.VerifyWithOptions(pub, msg, sig, &ed25519.Options{Policy: ed25519.PolicyZIP215}) == nil
		if want := len(pub) == 32 && ed25519consensus.Verify(pub, msg, sig); zip != want {
			t.Fatalf("PolicyZIP215 %v, ed25519consensus %v", zip, want)
		}
		strict := ed25519.VerifyWithOptions(pub, msg, sig, &ed25519.Options{Policy: ed25519.PolicyStrict}) == nil
		if !def {
			if strict {
				t.Fatal("PolicyStrict accepts what PolicyDefault rejects")
			}
			return
		}
		if want := canonicalOracle(pub) && canonicalOracle(sig[:32]) && !oracleSmallOrder(pub) && !oracleSmallOrder(sig[:32]); strict != want {
			t.Fatalf("PolicyStrict %v, checklist %v", strict, want)
		}
		if !zip && canonicalOracle(sig[:32]) {
			// The cofactorless equation implies the cofactored one.
			t.Fatal("accepted cofactorless but not cofactored")
		}
	})
}
