package ace_test

import (
	"reflect"
	"testing"

	"github.com/curvekit/curvekit/handshake/ace"
	"github.com/curvekit/curvekit/internal/apisweep"
)

// TestSweep calls every exported function and method with zero values, nil
// pointers, nil and short slices and unknown SubgroupChecks
// (internal/apisweep): nothing panics, and no handshake step succeeds with
// an uninitialised key, relay or state.
func TestSweep(t *testing.T) {
	id := make([]byte, ace.IDSize)
	b, err := ace.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	relay, err := ace.NewRelay(id, b)
	if err != nil {
		t.Fatal(err)
	}
	state, msg, err := ace.ClientHandshakePrecomputed(nil, id, b.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	eph, err := ace.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	apisweep.Run(t, apisweep.Config{
		Dir: ".",
		State: []reflect.Type{
			reflect.TypeFor[ace.PrivateKey](),
			reflect.TypeFor[ace.PublicKey](),
			reflect.TypeFor[ace.ClientState](),
			reflect.TypeFor[ace.Relay](),
		},
		Valid:   []any{eph, eph.PublicKey(), relay, state, msg},
		Lengths: []int{ace.IDSize, ace.PrivateKeySize, ace.PublicKeySize, ace.ServerReplySize},
		Cases: []apisweep.Case{
			{Fn: (*ace.ClientState).Finish},
			{Fn: (*ace.ClientState).SetSubgroupCheck, Mode: apisweep.NoPanic},
			{Fn: ace.GenerateKey, Mode: apisweep.NoPanic},
			{Fn: ace.ClientHandshake},
			{Fn: ace.ClientHandshakePrecomputed},
			{Fn: ace.ClientHandshakeWithKeys},
			{Fn: ace.ClientHandshakePrecomputedWithKeys},
			{Fn: ace.NewPrivateKey},
			{Fn: ace.NewPublicKey},
			{Fn: ace.NewRelay},
			{Fn: (*ace.PrivateKey).Bytes},
			{Fn: (*ace.PrivateKey).Equal},
			{Fn: (*ace.PrivateKey).PublicKey},
			{Fn: (*ace.PublicKey).Bytes},
			{Fn: (*ace.PublicKey).Equal},
			// A copy of a zero Relay is as unusable as the original (ServerHandshake refuses it).
			{Fn: (*ace.Relay).WithSubgroupCheck, Mode: apisweep.NoPanic},
			{Fn: (*ace.Relay).ServerHandshake},
			{Fn: (*ace.Relay).ServerHandshakeWithKey},
		},
	})
}
