package ed25519_test

import (
	"crypto"
	"crypto/rand"
	"testing"

	"github.com/curvekit/curvekit/ed25519"
)

// The fail-closed rule (package documentation): uninitialised keys refuse.
// Each case below was a bug before the rule was enforced.

func TestZeroExpandedPublicKeyVerifiesNothing(t *testing.T) {
	msg := []byte("message")
	for _, e := range []*ed25519.ExpandedPublicKey{new(ed25519.ExpandedPublicKey), nil} {
		for range 50 {
			_, priv, err := ed25519.GenerateKey(nil)
			if err != nil {
				t.Fatal(err)
			}
			sig := ed25519.Sign(priv, msg)
			junk := make([]byte, ed25519.SignatureSize) // random R, S = 0
			rand.Read(junk[:32])
			for _, s := range [][]byte{sig, junk} {
				if e.Verify(msg, s) {
					t.Fatalf("key %p accepted %x", e, s)
				}
				for _, p := range []ed25519.Policy{ed25519.PolicyDefault, ed25519.PolicyZIP215, ed25519.PolicyStrict} {
					if err := e.VerifyWithOptions(msg, s, &ed25519.Options{Policy: p}); err == nil {
						t.Fatalf("key %p accepted %x under %v", e, s, p)
					}
				}
			}
		}
		if e.PublicKey() != nil {
			t.Errorf("key %p has a public key %x", e, e.PublicKey())
		}
	}
}

func TestZeroExpandedPrivateKeyRefuses(t *testing.T) {
	for _, e := range []*ed25519.ExpandedPrivateKey{new(ed25519.ExpandedPrivateKey), nil} {
		for _, opts := range []crypto.SignerOpts{crypto.Hash(0), &ed25519.Options{Context: "c"}} {
			if sig, err := e.Sign(nil, []byte("m"), opts); err == nil {
				t.Errorf("key %p signed: %x", e, sig)
			}
		}
		if e.Bytes() != nil || e.PublicKey() != nil || e.Public() != nil {
			t.Errorf("key %p has key bytes", e)
		}
		if e.Equal(e) || e.Equal(new(ed25519.ExpandedPrivateKey)) {
			t.Errorf("key %p equals an uninitialised key", e)
		}
	}
	// A real key still equals itself and signs.
	_, priv, _ := ed25519.GenerateKey(nil)
	k, err := ed25519.ExpandPrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	if !k.Equal(k) || k.Equal(new(ed25519.ExpandedPrivateKey)) {
		t.Error("Equal on a real key")
	}
	sig, err := k.Sign(nil, []byte("m"), crypto.Hash(0))
	if err != nil || !ed25519.Verify(k.PublicKey(), []byte("m"), sig) {
		t.Errorf("real key: %v", err)
	}
}

func TestSignNilOptions(t *testing.T) {
	_, priv, _ := ed25519.GenerateKey(nil)
	k, _ := ed25519.ExpandPrivateKey(priv)
	// A nil crypto.SignerOpts is refused (crypto/ed25519 panics).
	if _, err := priv.Sign(nil, []byte("m"), nil); err == nil {
		t.Error("PrivateKey.Sign with nil opts: no error")
	}
	if _, err := k.Sign(nil, []byte("m"), nil); err == nil {
		t.Error("ExpandedPrivateKey.Sign with nil opts: no error")
	}
	// A nil *Options is the zero Options, as for VerifyWithOptions.
	var o *ed25519.Options
	if o.HashFunc() != 0 {
		t.Error("(*Options)(nil).HashFunc() != 0")
	}
	for _, s := range []crypto.Signer{priv, k} {
		sig, err := s.Sign(nil, []byte("m"), o)
		if err != nil || !ed25519.Verify(pubOf(s.Public()), []byte("m"), sig) {
			t.Errorf("%T.Sign with a nil *Options: %v", s, err)
		}
	}
}

func TestShortPrivateKeyAccessors(t *testing.T) {
	for _, priv := range []ed25519.PrivateKey{nil, make(ed25519.PrivateKey, 31), make(ed25519.PrivateKey, 63)} {
		if pub := priv.Public(); pub != nil {
			t.Errorf("%d-byte key: Public = %#v, want an untyped nil", len(priv), pub)
		}
		if seed := priv.Seed(); seed != nil {
			t.Errorf("%d-byte key: Seed = %x", len(priv), seed)
		}
	}
}

// pubOf returns the bytes of a public key returned by Public (nil for any
// type but ed25519.PublicKey, an alias of crypto/ed25519.PublicKey).
func pubOf(k crypto.PublicKey) ed25519.PublicKey {
	if k, ok := k.(ed25519.PublicKey); ok {
		return k
	}
	return nil
}

// Blind on a nil or zero key refuses instead of dereferencing nil or
// blinding the zero scalar.
func TestBlindUninitialized(t *testing.T) {
	factor := make([]byte, 32)
	factor[0] = 1
	for name, e := range map[string]*ed25519.ExpandedPrivateKey{"nil": nil, "zero": new(ed25519.ExpandedPrivateKey)} {
		if b, err := e.Blind(factor); err == nil || b != nil {
			t.Errorf("%s key: Blind = %v, %v; want an error", name, b, err)
		}
	}
}
