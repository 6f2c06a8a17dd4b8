package p256_test

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"reflect"
	"testing"

	"github.com/curvekit/curvekit/internal/apisweep"
	"github.com/curvekit/curvekit/p256"
)

// TestSweep calls every exported function and method with zero values, nil
// pointers, nil and short slices and failing readers (internal/apisweep):
// nothing panics, and nothing answers "ok" on a nil or zero PrivateKey or
// PublicKey.
func TestSweep(t *testing.T) {
	priv, err := p256.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	ek, err := ecdh.P256().GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	sk, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	apisweep.Run(t, apisweep.Config{
		Dir: ".",
		State: []reflect.Type{
			reflect.TypeFor[p256.PrivateKey](),
			reflect.TypeFor[p256.PublicKey](),
		},
		Valid: []any{priv, priv.PublicKey(), ek, ek.PublicKey(), sk, &sk.PublicKey,
			new(ecdh.PrivateKey), new(ecdh.PublicKey), new(ecdsa.PrivateKey), new(ecdsa.PublicKey),
			crypto.Hash(0), crypto.SHA256, crypto.SHA512},
		Lengths: []int{32, 33, 64, 65},
		Cases: []apisweep.Case{
			{Fn: p256.Assembly, Mode: apisweep.NoPanic},
			{Fn: p256.BasepointTableOK, Mode: apisweep.NoPanic},
			{Fn: p256.FastPathFailures, Mode: apisweep.NoPanic},
			{Fn: p256.FromECDH},
			{Fn: p256.FromECDHPublicKey},
			{Fn: p256.FromECDSA},
			{Fn: p256.FromECDSAPublicKey},
			{Fn: p256.GenerateKey, Mode: apisweep.NoPanic},
			{Fn: p256.MarshalPKCS8PrivateKey},
			{Fn: p256.MarshalPKIXPublicKey},
			{Fn: p256.MarshalPKIXPublicKeyCompressed},
			{Fn: p256.MarshalSEC1PrivateKey},
			{Fn: p256.NewPrivateKey},
			{Fn: p256.NewPublicKey},
			{Fn: p256.NormalizeLowS},
			{Fn: p256.ParsePKCS8PrivateKey},
			{Fn: p256.ParsePKIXPublicKey},
			{Fn: p256.ParseSEC1PrivateKey},
			{Fn: (*p256.PrivateKey).Bytes},
			{Fn: (*p256.PrivateKey).ECDH},
			{Fn: (*p256.PrivateKey).Equal},
			{Fn: (*p256.PrivateKey).Public},
			{Fn: (*p256.PrivateKey).PublicKey},
			{Fn: (*p256.PrivateKey).Sign},
			{Fn: (*p256.PrivateKey).ToECDH},
			{Fn: (*p256.PrivateKey).ToECDSA},
			{Fn: (*p256.PublicKey).Bytes},
			{Fn: (*p256.PublicKey).BytesCompressed},
			{Fn: (*p256.PublicKey).Equal},
			{Fn: (*p256.PublicKey).ToECDH},
			{Fn: (*p256.PublicKey).ToECDSA},
			{Fn: p256.SignASN1},
			{Fn: p256.SignDeterministic},
			{Fn: p256.SignP1363},
			{Fn: p256.VerifyASN1},
			{Fn: p256.VerifyASN1LowS},
			{Fn: p256.VerifyP1363},
		},
	})
}
