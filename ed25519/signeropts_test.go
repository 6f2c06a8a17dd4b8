package ed25519_test

import (
	"bytes"
	"crypto"
	stded25519 "crypto/ed25519"
	"crypto/rsa"
	"crypto/sha512"
	"fmt"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/ed25519"
)

// foreignOpts is a crypto.SignerOpts of a type neither package knows, with
// a context field as circl's ed25519.SignerOptions has: crypto/ed25519 reads
// only its HashFunc, and so must a drop-in.
type foreignOpts struct {
	Hash    crypto.Hash
	Context string
}

func (o foreignOpts) HashFunc() crypto.Hash { return o.Hash }

// signerOptsCases returns every opts value the differential test feeds to
// both packages: the plain hashes, both packages' *Options over a grid of
// hashes and contexts, and foreign types.
func signerOptsCases() []crypto.SignerOpts {
	long := strings.Repeat("c", 256)
	var cases []crypto.SignerOpts
	for _, h := range []crypto.Hash{0, crypto.SHA512, crypto.SHA256, crypto.SHA384, crypto.Hash(99)} {
		cases = append(cases, h)
		for _, ctx := range []string{"", "v1", long[:255], long} {
			cases = append(cases,
				&ed25519.Options{Hash: h, Context: ctx},
				&stded25519.Options{Hash: h, Context: ctx},
				foreignOpts{Hash: h, Context: ctx})
		}
		cases = append(cases, &rsa.PSSOptions{Hash: h})
	}
	// Policy is a verification field; signing ignores it.
	cases = append(cases, &ed25519.Options{Context: "v1", Policy: ed25519.PolicyStrict})
	return cases
}

func describeOpts(o crypto.SignerOpts) string {
	switch v := o.(type) {
	case *ed25519.Options:
		return fmt.Sprintf("curvekit *Options{Hash: %v, len(Context): %d}", v.Hash, len(v.Context))
	case *stded25519.Options:
		return fmt.Sprintf("crypto/ed25519 *Options{Hash: %v, len(Context): %d}", v.Hash, len(v.Context))
	case foreignOpts:
		return fmt.Sprintf("foreignOpts{Hash: %v, len(Context): %d}", v.Hash, len(v.Context))
	}
	return fmt.Sprintf("%T(%v)", o, o.HashFunc())
}

// TestSignerOptsMatchStdlib feeds every opts value to crypto/ed25519 and to
// this package through crypto.Signer interface values, as crypto/x509 and
// crypto/tls call them, and requires the same bytes, or errors with the same
// text, for pure, ctx and ph over messages of several lengths. The key is
// given as a PrivateKey and as an ExpandedPrivateKey. This package's
// *Options is compared with crypto/ed25519's *Options of the same fields.
func TestSignerOptsMatchStdlib(t *testing.T) {
	seed := bytes.Repeat([]byte{7}, ed25519.SeedSize)
	var std crypto.Signer = stded25519.NewKeyFromSeed(seed)
	priv := ed25519.NewKeyFromSeed(seed)
	exp, err := ed25519.ExpandPrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	h := sha512.Sum512([]byte("prehashed"))
	msgs := [][]byte{nil, []byte("message"), h[:]}
	variants := map[string]int{}
	for _, opts := range signerOptsCases() {
		for _, msg := range msgs {
			want, wantErr := std.Sign(nil, msg, stdEquivalent(opts))
			for _, ours := range []crypto.Signer{priv, exp} {
				got, gotErr := ours.Sign(nil, msg, opts)
				name := fmt.Sprintf("%T with %s, %d-byte message", ours, describeOpts(opts), len(msg))
				switch {
				case (gotErr == nil) != (wantErr == nil):
					t.Errorf("%s: err %v, crypto/ed25519's %v", name, gotErr, wantErr)
				case wantErr != nil && gotErr.Error() != wantErr.Error():
					t.Errorf("%s: err %q, crypto/ed25519's %q", name, gotErr, wantErr)
				case !bytes.Equal(got, want):
					t.Errorf("%s: signature differs from crypto/ed25519's", name)
				}
			}
			if wantErr == nil {
				variants[classify(t, std.Public().(stded25519.PublicKey), msg, want)]++
			}
		}
	}
	// The grid must reach every variant, or the comparison proves little.
	for _, v := range []string{"pure", "ctx", "ph", "ph+ctx"} {
		if variants[v] == 0 {
			t.Errorf("no case signed %s", v)
		}
	}
}

// stdEquivalent returns the opts crypto/ed25519 takes for o: this
// package's *Options as crypto/ed25519's (crypto/ed25519 would read it as a
// foreign type), anything else unchanged.
func stdEquivalent(o crypto.SignerOpts) crypto.SignerOpts {
	if v, ok := o.(*ed25519.Options); ok {
		return &stded25519.Options{Hash: v.Hash, Context: v.Context}
	}
	return o
}

// classify names the variant of a valid signature by verifying it with
// crypto/ed25519 under each variant.
func classify(t *testing.T, pub stded25519.PublicKey, msg, sig []byte) string {
	for _, c := range []struct {
		name string
		o    stded25519.Options
	}{{"pure", stded25519.Options{}}, {"ctx", stded25519.Options{Context: "v1"}},
		{"ph", stded25519.Options{Hash: crypto.SHA512}}, {"ph+ctx", stded25519.Options{Hash: crypto.SHA512, Context: "v1"}}} {
		if stded25519.VerifyWithOptions(pub, msg, sig, &c.o) == nil {
			return c.name
		}
	}
	return "other"
}

// TestSignerStdOptionsContext is the case by name: a curvekit key
// given crypto/ed25519's Options with a context signs Ed25519ctx and
// Ed25519ph with that context, never pure Ed25519.
func TestSignerStdOptionsContext(t *testing.T) {
	pub, priv, _ := ed25519.GenerateKey(nil)
	var s crypto.Signer = priv
	msg := []byte("m")
	sig, err := s.Sign(nil, msg, &stded25519.Options{Context: "v1"})
	if err != nil {
		t.Fatal(err)
	}
	if stded25519.Verify(pub, msg, sig) {
		t.Error("Options{Context: \"v1\"} produced a pure signature")
	}
	if err := stded25519.VerifyWithOptions(pub, msg, sig, &stded25519.Options{Context: "v1"}); err != nil {
		t.Errorf("not an Ed25519ctx signature with context v1: %v", err)
	}
	h := sha512.Sum512(msg)
	sig, err = s.Sign(nil, h[:], &stded25519.Options{Hash: crypto.SHA512, Context: "v1"})
	if err != nil {
		t.Fatal(err)
	}
	if stded25519.VerifyWithOptions(pub, h[:], sig, &stded25519.Options{Hash: crypto.SHA512}) == nil {
		t.Error("Ed25519ph signed without its context")
	}
	if err := stded25519.VerifyWithOptions(pub, h[:], sig, &stded25519.Options{Hash: crypto.SHA512, Context: "v1"}); err != nil {
		t.Errorf("not an Ed25519ph signature with context v1: %v", err)
	}
}

// TestSignerNilStdOptions: crypto/ed25519 panics on a nil *Options (its
// HashFunc dereferences it) and on a nil pointer of a foreign type whose
// HashFunc does the same; this package returns an error.
func TestSignerNilStdOptions(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(nil)
	exp, _ := ed25519.ExpandPrivateKey(priv)
	for _, o := range []crypto.SignerOpts{(*stded25519.Options)(nil), (*rsa.PSSOptions)(nil)} {
		for _, s := range []crypto.Signer{priv, exp} {
			if sig, err := s.Sign(nil, []byte("m"), o); err == nil || sig != nil {
				t.Errorf("%T.Sign with a nil %T: %x, %v", s, o, sig, err)
			}
		}
	}
}
