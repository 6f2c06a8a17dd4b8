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
