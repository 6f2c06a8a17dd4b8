package curve448_test

import (
	"crypto/rand"
	"reflect"
	"testing"

	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/internal/apisweep"
)

// TestSweep calls X448 and every function and method of the ecdh-shaped
// key types with zero values, nil pointers, nil and short slices and
// failing readers (internal/apisweep): nothing panics, and nothing answers
// "ok" on a nil or zero PrivateKey or PublicKey. Point and Scalar are group
// arithmetic, outside the fail-closed rule (see the package doc).
func TestSweep(t *testing.T) {
	priv, err := curve448.GenerateKey(rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	apisweep.Run(t, apisweep.Config{
		Dir:        ".",
		Arithmetic: []string{"Point", "Scalar", "NewGeneratorPoint", "NewIdentityPoint", "NewScalar"},
		State: []reflect.Type{
			reflect.TypeFor[curve448.PrivateKey](),
			reflect.TypeFor[curve448.PublicKey](),
		},
		Valid:   []any{priv, priv.PublicKey()},
		Lengths: []int{56, 57},
		Cases: []apisweep.Case{
			{Fn: curve448.Assembly, Mode: apisweep.NoPanic},
			{Fn: curve448.BasepointTableOK, Mode: apisweep.NoPanic},
			{Fn: curve448.GenerateKey},
			{Fn: curve448.MarshalPKCS8PrivateKey},
			{Fn: curve448.MarshalPKIXPublicKey},
			{Fn: curve448.NewPrivateKey},
			{Fn: curve448.NewPublicKey},
			{Fn: curve448.ParsePKCS8PrivateKey},
			{Fn: curve448.ParsePKIXPublicKey},
			{Fn: (*curve448.PrivateKey).Bytes},
			{Fn: (*curve448.PrivateKey).ECDH},
			{Fn: (*curve448.PrivateKey).Equal},
			{Fn: (*curve448.PrivateKey).Public},
			{Fn: (*curve448.PrivateKey).PublicKey},
			{Fn: (*curve448.PublicKey).Bytes},
			{Fn: (*curve448.PublicKey).Equal},
			{Fn: curve448.X448},
		},
	})
}
