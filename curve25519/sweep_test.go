package curve25519_test

import (
	"crypto/rand"
	"reflect"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/apisweep"
)

// TestSweep calls the X25519 functions, PrecomputedX25519 and every
// function and method of the ecdh-shaped key types with zero values, nil
// pointers, nil and short slices and failing readers (internal/apisweep):
// nothing panics, and nothing answers "ok" on a nil or zero PrivateKey,
// PublicKey or PrecomputedX25519. Point, Scalar and the precomputed point
// tables are group arithmetic, outside the fail-closed rule (see the
// package doc).
func TestSweep(t *testing.T) {
	priv, err := curve25519.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	pre, err := curve25519.NewPrecomputedX25519(priv.PublicKey().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	apisweep.Run(t, apisweep.Config{
		Dir: ".",
		Arithmetic: []string{"Point", "Scalar", "PrecomputedPoint", "VarTimePrecomputedPoint",
			"NewGeneratorPoint", "NewIdentityPoint", "NewScalar", "NewPrecomputedPoint",
			"NewVarTimePrecomputedPoint"},
		State: []reflect.Type{
			reflect.TypeFor[curve25519.PrivateKey](),
			reflect.TypeFor[curve25519.PublicKey](),
			reflect.TypeFor[curve25519.PrecomputedX25519](),
		},
		Valid:   []any{priv, priv.PublicKey(), pre},
		Lengths: []int{32, 33},
		Cases: []apisweep.Case{
			{Fn: curve25519.Assembly, Mode: apisweep.NoPanic},
			{Fn: curve25519.BasepointTableOK, Mode: apisweep.NoPanic},
			{Fn: curve25519.FastPathFailures, Mode: apisweep.NoPanic},
			{Fn: curve25519.FromECDH},
			{Fn: curve25519.FromECDHPublicKey},
			{Fn: curve25519.GenerateKey},
			{Fn: curve25519.NewPrecomputedX25519},
			{Fn: curve25519.MarshalPKCS8PrivateKey},
			{Fn: curve25519.MarshalPKIXPublicKey},
			{Fn: curve25519.NewPrivateKey},
			{Fn: curve25519.NewPublicKey},
			{Fn: curve25519.ParsePKCS8PrivateKey},
			{Fn: curve25519.ParsePKIXPublicKey},
			{Fn: (*curve25519.PrecomputedX25519).X25519},
			{Fn: (*curve25519.PrivateKey).Bytes},
			{Fn: (*curve25519.PrivateKey).ECDH},
			{Fn: (*curve25519.PrivateKey).Equal},
			{Fn: (*curve25519.PrivateKey).Public},
			{Fn: (*curve25519.PrivateKey).PublicKey},
			{Fn: (*curve25519.PrivateKey).ToECDH},
			{Fn: (*curve25519.PublicKey).Bytes},
			{Fn: (*curve25519.PublicKey).Equal},
			{Fn: (*curve25519.PublicKey).ToECDH},
			{Fn: curve25519.ScalarBaseMult, Panics: "curve25519: nil array pointer"}, // documented: no error to return; x/crypto dereferences nil
			{Fn: curve25519.ScalarMult, Panics: "curve25519: nil array pointer"},     // as ScalarBaseMult
			{Fn: curve25519.X25519},
			{Fn: curve25519.X25519Multi},
		},
	})
}
