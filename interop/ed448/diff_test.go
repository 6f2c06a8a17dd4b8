package ed448_test

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/rand"
	"crypto/rsa"
	mrand "math/rand/v2"
	"strings"
	"testing"

	circled448 "github.com/cloudflare/circl/sign/ed448"
	"github.com/curvekit/curvekit/ed448"
)

func randomBytes(r *mrand.Rand, n int) []byte {
	b := make([]byte, n)
	for i := range b {
		b[i] = byte(r.Uint32())
	}
	return b
}

// TestDifferentialCircl signs random messages with random keys and
// contexts, both variants, and checks byte equality with circl; then checks
// that mutated signatures get circl's answer under PolicyDefault, and that
// PolicyStrict and PolicyOpenSSL never accept what fails RFC 8032's
// cofactored check.
func TestDifferentialCircl(t *testing.T) {
	var seed [32]byte
	rand.Read(seed[:])
	r := mrand.New(mrand.NewChaCha8(seed))
	n := 200
	if testing.Short() {
		n = 30
	}
	for i := 0; i < n; i++ {
		s := randomBytes(r, ed448.SeedSize)
		priv := ed448.NewKeyFromSeed(s)
		cpriv := circled448.NewKeyFromSeed(s)
		if !bytes.Equal(priv, cpriv) {
			t.Fatalf("seed %x: key %x, circl %x", s, priv, cpriv)
		}
		pub := priv.Public().(ed448.PublicKey)
		msg := randomBytes(r, r.IntN(300))
		ctx := string(randomBytes(r, []int{0, 0, 1, 17, 255}[r.IntN(5)]))
		ph := r.IntN(2) == 1
		var sig, csig []byte
		if ph {
			sig, csig = ed448.SignPh(priv, msg, ctx), circled448.SignPh(cpriv, msg, ctx)
		} else {
			sig, csig = ed448.Sign(priv, msg, ctx), circled448.Sign(cpriv, msg, ctx)
		}
		if !bytes.Equal(sig, csig) {
			t.Fatalf("signature differs from circl (ph %v)", ph)
		}
		scheme := ed448.ED448
		if ph {
			scheme = ed448.ED448Ph
		}
		circlVerify := func(pub, msg, sig []byte) bool {
			if ph {
				return circled448.VerifyPh(pub, msg, sig, ctx)
			}
			return circled448.Verify(pub, msg, sig, ctx)
		}
		// Mutations: flip one bit of the signature, of the key, or of the
		// message.
		for j := 0; j < 8; j++ {
			p2, m2, s2 := bytes.Clone(pub), bytes.Clone(msg), bytes.Clone(sig)
			switch j % 4 {
			case 0, 1:
				k := r.IntN(ed448.SignatureSize * 8)
				s2[k/8] ^= 1 << (k % 8)
			case 2:
				k := r.IntN(ed448.PublicKeySize * 8)
				p2[k/8] ^= 1 << (k % 8)
			case 3:
				if len(m2) == 0 {
					m2 = []byte{0}
				} else {
					m2[r.IntN(len(m2))] ^= 1
				}
			}
			want := circlVerify(p2, m2, s2)
			for _, p := range allPolicies {
				got := ed448.VerifyAny(p2, m2, s2, ed448.SignerOptions{Scheme: scheme, Context: ctx, Policy: p})
				if p == ed448.PolicyDefault && got != want {
					t.Fatalf("mutation %d: PolicyDefault %v, circl %v", j, got, want)
				}
				// A flipped bit accepted can only be a bit circl ignores.
				if got && p != ed448.PolicyDefault {
					t.Fatalf("mutation %d accepted by %v", j, p)
				}
			}
		}
		for _, p := range allPolicies {
			if !ed448.VerifyAny(pub, msg, sig, ed448.SignerOptions{Scheme: scheme, Context: ctx, Policy: p}) {
				t.Fatalf("%v rejects an honest signature", p)
			}
		}
	}
}

func TestSignerInterface(t *testing.T) {
	pub, priv, err := ed448.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	var signer crypto.Signer = priv
	if !pub.Equal(signer.Public()) {
		t.Fatal("Public() differs from GenerateKey's key")
	}
	msg := []byte("crypto.Signer")
	cpriv := circled448.PrivateKey(bytes.Clone(priv))
	for _, opts := range []crypto.SignerOpts{
		crypto.Hash(0),
		ed448.SignerOptions{},
		ed448.SignerOptions{Context: "ctx"},
		ed448.SignerOptions{Scheme: ed448.ED448Ph, Context: "ph"},
	} {
		sig, err := signer.Sign(nil, msg, opts)
		if err != nil {
			t.Fatal(err)
		}
		copts := opts
		if o, ok := opts.(ed448.SignerOptions); ok {
			copts = circled448.SignerOptions{Context: o.Context, Scheme: circled448.SchemeID(o.Scheme)}
		}
		csig, err := cpriv.Sign(nil, msg, copts)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(sig, csig) {
			t.Fatalf("opts %v: differs from circl", opts)
		}
		if !ed448.VerifyAny(pub, msg, sig, opts) || !circled448.VerifyAny(circled448.PublicKey(pub), msg, sig, copts) {
			t.Fatalf("opts %v: VerifyAny rejects", opts)
		}
	}
	// *SignerOptions is honoured (circl ignores its fields).
	sig, err := signer.Sign(nil, msg, &ed448.SignerOptions{Context: "ctx"})
	if err != nil || !ed448.Verify(pub, msg, sig, "ctx") {
		t.Fatal("*SignerOptions context not used")
	}
	for name, opts := range map[string]crypto.SignerOpts{
		"hash":       crypto.SHA256,
		"scheme":     ed448.SignerOptions{Scheme: 7},
		"long ctx":   ed448.SignerOptions{Context: string(make([]byte, 256))},
		"nil ptr":    (*ed448.SignerOptions)(nil),
		"nil":        nil,
		"hash field": ed448.SignerOptions{Hash: crypto.SHA512},
	} {
		if sig, err := signer.Sign(nil, msg, opts); err == nil || sig != nil {
			t.Errorf("%s: Sign succeeded", name)
		}
	}
}

// circlLikeOptions mimics circl's sign/ed448.SignerOptions: a type of
// another package with an embedded crypto.Hash (so HashFunc() is zero), a
// context and a scheme that this package cannot read.
type circlLikeOptions struct {
	crypto.Hash
	Context string
	Scheme  uint
}

// TestForeignSignerOptsRefused: an opts type of another package, circl's
// SignerOptions among them, is refused by Sign with an error naming
// ed448.SignerOptions and by VerifyAny, never read as pure Ed448 with an
// empty context. circl's own Sign shows what a silent fallback would sign.
func TestForeignSignerOptsRefused(t *testing.T) {
	pub, priv, _ := ed448.GenerateKey(nil)
	var signer crypto.Signer = priv
	msg := []byte("foreign opts")
	pure := ed448.Sign(priv, msg, "")
	foreign := map[string]crypto.SignerOpts{
		"circl SignerOptions, Ed448ph with context":      circled448.SignerOptions{Scheme: circled448.ED448Ph, Context: "v1"},
		"circl SignerOptions, Ed448 with context":        circled448.SignerOptions{Scheme: circled448.ED448, Context: "v1"},
		"circl SignerOptions, zero":                      circled448.SignerOptions{},
		"*circl SignerOptions":                           &circled448.SignerOptions{Context: "v1"},
		"circl-like type, Ed448ph with context":          circlLikeOptions{Scheme: 1, Context: "v1"},
		"circl-like type, zero":                          circlLikeOptions{},
		"*crypto.Hash(0)":                                new(crypto.Hash),
		"a SignerOpts of the standard library (rsa)":     &rsa.PSSOptions{},
		"a SignerOpts of the standard library (ed25519)": &stded25519.Options{Context: "v1"},
	}
	for name, opts := range foreign {
		sig, err := signer.Sign(nil, msg, opts)
		if err == nil || sig != nil {
			t.Errorf("%s: Sign = %x, %v; want an error", name, sig, err)
			continue
		}
		if !strings.Contains(err.Error(), "ed448.SignerOptions") {
			t.Errorf("%s: the error %q does not name ed448.SignerOptions", name, err)
		}
		if ed448.VerifyAny(pub, msg, pure, opts) {
			t.Errorf("%s: VerifyAny accepted a pure signature", name)
		}
	}
	// The accepted forms still sign what they name.
	for _, c := range []struct {
		opts crypto.SignerOpts
		ctx  string
		ph   bool
	}{
		{crypto.Hash(0), "", false},
		{ed448.SignerOptions{Context: "v1"}, "v1", false},
		{&ed448.SignerOptions{Scheme: ed448.ED448Ph, Context: "v1"}, "v1", true},
	} {
		sig, err := signer.Sign(nil, msg, c.opts)
		want := ed448.Sign(priv, msg, c.ctx)
		if c.ph {
			want = ed448.SignPh(priv, msg, c.ctx)
		}
		if err != nil || !bytes.Equal(sig, want) {
			t.Errorf("%#v: %v", c.opts, err)
		}
	}
}
