package ed448_test

import (
	"crypto"
	"reflect"
	"testing"

	"github.com/curvekit/curvekit/ed448"
	"github.com/curvekit/curvekit/internal/apisweep"
)

// TestSweep calls every exported function and method with zero values, nil
// keys, nil and short slices and failing readers (internal/apisweep):
// nothing panics but the programming errors circl documents as panics
// (NewKeyFromSeed with a seed of the wrong length; Sign and SignPh with a
// bad private key or an over-long context, circl panicking on the same
// inputs), and nothing answers "ok" on a nil PublicKey or PrivateKey.
func TestSweep(t *testing.T) {
	pub, priv, err := ed448.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	const badInput = "ed448: bad " // bad private key length / bad context length / bad private key: public key does not match seed
	apisweep.Run(t, apisweep.Config{
		Dir: ".",
		State: []reflect.Type{
			reflect.TypeFor[ed448.PublicKey](),
			reflect.TypeFor[ed448.PrivateKey](),
		},
		Valid: []any{pub, priv, crypto.Hash(0), crypto.SHA512,
			ed448.SignerOptions{Scheme: ed448.ED448Ph, Context: "ctx"},
			&ed448.SignerOptions{Scheme: 99}, &ed448.SignerOptions{Policy: 99}},
		Lengths: []int{ed448.SeedSize, ed448.SignatureSize, ed448.PrivateKeySize},
		Cases: []apisweep.Case{
			{Fn: ed448.GenerateKey, Mode: apisweep.NoPanic},
			{Fn: ed448.MarshalPKCS8PrivateKey},
			{Fn: ed448.MarshalPKIXPublicKey},
			{Fn: ed448.NewKeyFromSeed, Panics: "ed448: bad seed length"}, // as circl
			{Fn: ed448.ParsePKCS8PrivateKey},
			{Fn: ed448.ParsePKIXPublicKey},
			{Fn: ed448.Policy.String, Mode: apisweep.NoPanic},
			{Fn: ed448.PrivateKey.Equal},
			{Fn: ed448.PrivateKey.MarshalBinary},
			{Fn: ed448.PrivateKey.Public},
			{Fn: ed448.PrivateKey.Seed},
			{Fn: ed448.PrivateKey.Sign},
			{Fn: ed448.PrivateKeyToX448},
			{Fn: ed448.PublicKey.Equal},
			{Fn: ed448.PublicKey.MarshalBinary},
			{Fn: ed448.PublicKeyToX448},
			{Fn: ed448.SeedToX448},
			{Fn: ed448.Sign, Panics: badInput},   // as circl
			{Fn: ed448.SignPh, Panics: badInput}, // as circl
			{Fn: ed448.Verify},
			{Fn: ed448.VerifyAny},
			{Fn: ed448.VerifyPh},
		},
	})
}
