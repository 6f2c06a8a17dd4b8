package batch_test

import (
	"reflect"
	"testing"

	"github.com/curvekit/curvekit/batch"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/apisweep"
)

// TestSweep calls every exported function and method with zero values, nil
// pointers, nil and short slices and failing readers (internal/apisweep):
// nothing panics, and a nil Verifier verifies nothing.
func TestSweep(t *testing.T) {
	pub, priv, err := ed25519.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	msg := []byte("message")
	v := batch.NewVerifier()
	v.Add(pub, msg, ed25519.Sign(priv, msg))
	apisweep.Run(t, apisweep.Config{
		Dir: ".",
		// The zero Verifier is documented as an empty, usable Verifier; as
		// it is empty, Verify answers false, as for nil.
		State:   []reflect.Type{reflect.TypeFor[batch.Verifier]()},
		Valid:   []any{v, pub, msg, ed25519.Sign(priv, msg), &ed25519.Options{Policy: 99}, &batch.Options{Workers: 2}},
		Lengths: []int{ed25519.PublicKeySize, ed25519.SignatureSize},
		Cases: []apisweep.Case{
			{Fn: batch.NewVerifier, Mode: apisweep.NoPanic},
			{Fn: batch.NewVerifierWithCapacity, Mode: apisweep.NoPanic},
			{Fn: batch.NewVerifierWithOptions, Mode: apisweep.NoPanic},
			{Fn: (*batch.Verifier).Add},
			{Fn: (*batch.Verifier).AddWithOptions},
			{Fn: (*batch.Verifier).Len},
			{Fn: (*batch.Verifier).Reset},
			{Fn: (*batch.Verifier).Verify},
		},
	})
}
