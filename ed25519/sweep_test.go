package ed25519_test

import (
	"crypto"
	"reflect"
	"testing"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/apisweep"
)

// TestSweep calls every exported function and method with zero values, nil
// pointers, nil and short slices (internal/apisweep): nothing panics but
// the programming errors crypto/ed25519 documents as panics, and nothing
// answers "ok" on an uninitialised ExpandedPublicKey or ExpandedPrivateKey.
func TestSweep(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	epub, err := ed25519.NewExpandedPublicKey(pub)
	if err != nil {
		t.Fatal(err)
	}
	epriv, err := ed25519.ExpandPrivateKey(priv)
	if err != nil {
		t.Fatal(err)
	}
	const badKeyLength = "ed25519: bad private key" // as crypto/ed25519: "ed25519: bad private key length: "
	apisweep.Run(t, apisweep.Config{
		Dir: ".",
		State: []reflect.Type{
			reflect.TypeFor[ed25519.ExpandedPublicKey](),
			reflect.TypeFor[ed25519.ExpandedPrivateKey](),
		},
		Valid: []any{pub, priv, epub, epriv, crypto.Hash(0), crypto.SHA512,
			&ed25519.Options{Context: "ctx"}, &ed25519.Options{Policy: 99}},
		Lengths: []int{ed25519.SeedSize, ed25519.PrivateKeySize},
		Cases: []apisweep.Case{
			{Fn: ed25519.BlindPublicKey},
			{Fn: ed25519.ExpandPrivateKey},
			{Fn: (*ed25519.ExpandedPrivateKey).Blind},
			{Fn: (*ed25519.ExpandedPrivateKey).Bytes},
			{Fn: (*ed25519.ExpandedPrivateKey).Equal},
			{Fn: (*ed25519.ExpandedPrivateKey).Public},
			{Fn: (*ed25519.ExpandedPrivateKey).PublicKey},
			{Fn: (*ed25519.ExpandedPrivateKey).Sign},
			{Fn: (*ed25519.ExpandedPublicKey).PublicKey},
			{Fn: (*ed25519.ExpandedPublicKey).Verify},
			{Fn: (*ed25519.ExpandedPublicKey).VerifyWithOptions},
			{Fn: ed25519.GenerateKey, Mode: apisweep.NoPanic},
			{Fn: ed25519.NewExpandedPrivateKey},
			{Fn: ed25519.NewExpandedPrivateKeyFromX25519},
			{Fn: ed25519.NewExpandedPublicKey},
			{Fn: ed25519.MarshalPKCS8PrivateKey},
			{Fn: ed25519.ParsePKCS8PrivateKey},
			{Fn: ed25519.NewKeyFromSeed, Panics: "ed25519: bad seed length"}, // documented, as crypto/ed25519
			{Fn: (*ed25519.Options).HashFunc, Mode: apisweep.NoPanic},
			{Fn: ed25519.Policy.String, Mode: apisweep.NoPanic},
			{Fn: ed25519.PrivateKey.Equal},
			{Fn: ed25519.PrivateKey.Public, Mode: apisweep.NoPanic},
			{Fn: ed25519.PrivateKey.Seed, Mode: apisweep.NoPanic},
			{Fn: ed25519.PrivateKey.Sign},
			{Fn: ed25519.PrivateKeyToX25519},
			{Fn: ed25519.PublicKeyFromX25519},
			{Fn: ed25519.PublicKeyToX25519},
			{Fn: ed25519.SeedToX25519},
			{Fn: ed25519.Sign, Panics: badKeyLength}, // documented, as crypto/ed25519
			{Fn: ed25519.TorBlindingFactor, Mode: apisweep.NoPanic},
			{Fn: ed25519.TorTimePeriod},
			{Fn: ed25519.Verify},
			{Fn: ed25519.VerifyWithOptions},
		},
	})
}
