package ed448_test

import (
	"testing"

	circled448 "github.com/cloudflare/circl/sign/ed448"
	"github.com/curvekit/curvekit/ed448"
)

// FuzzVerify checks that Verify never panics, that PolicyDefault answers as
// circl does, and that the stricter policies accept nothing the default
// rejects except through the cofactored equation (PolicyOpenSSL).
func FuzzVerify(f *testing.F) {
	priv := ed448.NewKeyFromSeed(make([]byte, ed448.SeedSize))
	pub := ed448.PublicKey(priv[ed448.SeedSize:])
	msg := []byte("fuzz")
	f.Add([]byte(pub), msg, ed448.Sign(priv, msg, ""), "")
	f.Add([]byte(pub), msg, ed448.Sign(priv, msg, "ctx"), "ctx")
	f.Add(make([]byte, 57), []byte{}, make([]byte, 114), "")
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte, ctx string) {
		got := ed448.Verify(pub, msg, sig, ctx)
		if want := circled448.Verify(pub, msg, sig, ctx); got != want {
			t.Fatalf("Verify %v, circl %v", got, want)
		}
		gotPh := ed448.VerifyPh(pub, msg, sig, ctx)
		if want := circled448.VerifyPh(pub, msg, sig, ctx); gotPh != want {
			t.Fatalf("VerifyPh %v, circl %v", gotPh, want)
		}
		if strict := ed448.VerifyAny(pub, msg, sig, ed448.SignerOptions{Context: ctx, Policy: ed448.PolicyStrict}); strict && !got {
			t.Fatal("PolicyStrict accepts what PolicyDefault rejects")
		}
		ed448.VerifyAny(pub, msg, sig, ed448.SignerOptions{Context: ctx, Policy: ed448.PolicyOpenSSL})
	})
}

// FuzzSign checks signing against circl on arbitrary seeds, messages and
// contexts, for both variants, and that every policy accepts the result.
func FuzzSign(f *testing.F) {
	f.Add(make([]byte, ed448.SeedSize), []byte("msg"), "", false)
	f.Add(make([]byte, ed448.SeedSize), []byte{}, "ctx", true)
	f.Fuzz(func(t *testing.T, seed, msg []byte, ctx string, ph bool) {
		if len(seed) != ed448.SeedSize || len(ctx) > ed448.ContextMaxSize {
			return
		}
		priv := ed448.NewKeyFromSeed(seed)
		cpriv := circled448.NewKeyFromSeed(seed)
		var sig, csig []byte
		scheme := ed448.ED448
		if ph {
			sig, csig, scheme = ed448.SignPh(priv, msg, ctx), circled448.SignPh(cpriv, msg, ctx), ed448.ED448Ph
		} else {
			sig, csig = ed448.Sign(priv, msg, ctx), circled448.Sign(cpriv, msg, ctx)
		}
		if string(sig) != string(csig) || string(priv) != string(cpriv) {
			t.Fatal("differs from circl")
		}
		for _, p := range allPolicies {
			if !ed448.VerifyAny(ed448.PublicKey(priv[ed448.SeedSize:]), msg, sig, ed448.SignerOptions{Scheme: scheme, Context: ctx, Policy: p}) {
				t.Fatalf("%v rejects", p)
			}
		}
	})
}
