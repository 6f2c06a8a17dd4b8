package ed448

import (
	"testing"

	circled448 "github.com/cloudflare/circl/sign/ed448"
)

// FuzzVerify checks that Verify never panics, that PolicyDefault answers as
// circl does, and that the stricter policies accept nothing the default
// rejects except through the cofactored equation (PolicyOpenSSL).
func FuzzVerify(f *testing.F) {
	priv := NewKeyFromSeed(make([]byte, SeedSize))
	pub := PublicKey(priv[SeedSize:])
	msg := []byte("fuzz")
	f.Add([]byte(pub), msg, Sign(priv, msg, ""), "")
	f.Add([]byte(pub), msg, Sign(priv, msg, "ctx"), "ctx")
	f.Add(make([]byte, 57), []byte{}, make([]byte, 114), "")
	f.Fuzz(func(t *testing.T, pub, msg, sig []byte, ctx string) {
		got := Verify(pub, msg, sig, ctx)
		if want := circled448.Verify(pub, msg, sig, ctx); got != want {
			t.Fatalf("Verify %v, circl %v", got, want)
		}
		gotPh := VerifyPh(pub, msg, sig, ctx)
		if want := circled448.VerifyPh(pub, msg, sig, ctx); gotPh != want {
			t.Fatalf("VerifyPh %v, circl %v", gotPh, want)
		}
		if strict := VerifyAny(pub, msg, sig, SignerOptions{Context: ctx, Policy: PolicyStrict}); strict && !got {
			t.Fatal("PolicyStrict accepts what PolicyDefault rejects")
		}
		VerifyAny(pub, msg, sig, SignerOptions{Context: ctx, Policy: PolicyOpenSSL})
	})
}

// FuzzSign checks signing against circl on arbitrary seeds, messages and
// contexts, for both variants, and that every policy accepts the result.
func FuzzSign(f *testing.F) {
	f.Add(make([]byte, SeedSize), []byte("msg"), "", false)
	f.Add(make([]byte, SeedSize), []byte{}, "ctx", true)
	f.Fuzz(func(t *testing.T, seed, msg []byte, ctx string, ph bool) {
		if len(seed) != SeedSize || len(ctx) > ContextMaxSize {
			return
		}
		priv := NewKeyFromSeed(seed)
		cpriv := circled448.NewKeyFromSeed(seed)
		var sig, csig []byte
		scheme := ED448
		if ph {
			sig, csig, scheme = SignPh(priv, msg, ctx), circled448.SignPh(cpriv, msg, ctx), ED448Ph
		} else {
			sig, csig = Sign(priv, msg, ctx), circled448.Sign(cpriv, msg, ctx)
		}
		if string(sig) != string(csig) || string(priv) != string(cpriv) {
			t.Fatal("differs from circl")
		}
		for _, p := range allPolicies {
			if !VerifyAny(PublicKey(priv[SeedSize:]), msg, sig, SignerOptions{Scheme: scheme, Context: ctx, Policy: p}) {
				t.Fatalf("%v rejects", p)
			}
		}
	})
}
