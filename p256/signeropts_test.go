package p256

import (
	"bytes"
	"crypto"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/rsa"
	"crypto/sha256"
	"fmt"
	"testing"
)

// p256ForeignOpts is a crypto.SignerOpts of a type neither package knows.
type p256ForeignOpts struct{ h crypto.Hash }

func (o p256ForeignOpts) HashFunc() crypto.Hash { return o.h }

// TestSignerOptsMatchECDSA checks that PrivateKey.Sign answers every opts
// value as crypto/ecdsa's does: ECDSA has no variant an opts could select,
// so crypto/ecdsa reads only opts.HashFunc(), and only for the deterministic
// (nil rand) signature, whatever the opts type. With a nil rand the DER
// bytes must be crypto/ecdsa's, or both must fail; the cases where
// crypto/ecdsa panics (a hash that is not linked in) must be errors here.
func TestSignerOptsMatchECDSA(t *testing.T) {
	var raw [32]byte
	raw[31] = 7
	priv, err := NewPrivateKey(raw[:])
	if err != nil {
		t.Fatal(err)
	}
	std, err := priv.ToECDSA()
	if err != nil {
		t.Fatal(err)
	}
	var ours, theirs crypto.Signer = priv, std
	digest := sha256.Sum256([]byte("message"))
	cases := []crypto.SignerOpts{
		crypto.SHA256,
		crypto.SHA384, // length mismatch
		p256ForeignOpts{crypto.SHA256},
		&rsa.PSSOptions{Hash: crypto.SHA256},
		&ed25519.Options{Hash: crypto.SHA256, Context: "ignored by ECDSA"},
	}
	for _, opts := range cases {
		name := fmt.Sprintf("%T(%v)", opts, opts.HashFunc())
		got, gotErr := ours.Sign(nil, digest[:], opts)
		want, wantErr := theirs.Sign(nil, digest[:], opts)
		if (gotErr == nil) != (wantErr == nil) || !bytes.Equal(got, want) {
			t.Errorf("%s: got %x, %v; crypto/ecdsa %x, %v", name, got, gotErr, want, wantErr)
		}
		// With a rand, both ignore opts: the signature verifies.
		sig, err := ours.Sign(bytes.NewReader(make([]byte, 1024)), digest[:], opts)
		if err != nil || !ecdsa.VerifyASN1(&std.PublicKey, digest[:], sig) {
			t.Errorf("%s with a rand: %v", name, err)
		}
	}
	// crypto/ecdsa panics on these (nil opts; crypto.Hash(0).Size());
	// this package returns errors.
	for _, opts := range []crypto.SignerOpts{nil, crypto.Hash(0), p256ForeignOpts{0}, crypto.Hash(99), (*rsa.PSSOptions)(nil)} {
		if sig, err := ours.Sign(nil, digest[:], opts); err == nil || sig != nil {
			t.Errorf("%v: %x, %v; want an error", opts, sig, err)
		}
	}
}
