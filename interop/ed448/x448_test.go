package ed448_test

import (
	"bytes"
	"testing"

	"github.com/cloudflare/circl/dh/x448"
	"github.com/curvekit/curvekit/ed448"
	"github.com/curvekit/curvekit/internal/ed448test"
)

func TestX448Conversion(t *testing.T) {
	for i := 0; i < 20; i++ {
		pubA, privA, _ := ed448.GenerateKey(nil)
		pubB, privB, _ := ed448.GenerateKey(nil)
		ua, err := ed448.PublicKeyToX448(pubA)
		if err != nil {
			t.Fatal(err)
		}
		ub, _ := ed448.PublicKeyToX448(pubB)
		ka, err := ed448.PrivateKeyToX448(privA)
		if err != nil {
			t.Fatal(err)
		}
		kb, _ := ed448.SeedToX448(privB.Seed())
		var sk, pk, sA, sB x448.Key
		copy(sk[:], ka)
		x448.KeyGen(&pk, &sk)
		if !bytes.Equal(pk[:], ua) {
			t.Fatal("X448(SeedToX448(seed), 5) ≠ PublicKeyToX448(public key)")
		}
		var pkA, pkB, skB x448.Key
		copy(pkA[:], ua)
		copy(pkB[:], ub)
		copy(skB[:], kb)
		if !x448.Shared(&sA, &sk, &pkB) || !x448.Shared(&sB, &skB, &pkA) || sA != sB {
			t.Fatal("converted keys do not agree on a shared secret")
		}
	}
	T := ed448test.Torsion(t)
	for i, p := range T {
		if _, err := ed448.PublicKeyToX448(p.Bytes()); err == nil {
			t.Errorf("small-order key %d converted", i)
		}
	}
	if _, err := ed448.PublicKeyToX448(make([]byte, 56)); err == nil {
		t.Error("short key converted")
	}
	if _, err := ed448.SeedToX448(make([]byte, 56)); err == nil {
		t.Error("short seed converted")
	}
	if _, err := ed448.PrivateKeyToX448(nil); err == nil {
		t.Error("nil private key converted")
	}
}
