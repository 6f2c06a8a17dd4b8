package ntor_test

import (
	"reflect"
	"testing"

	"github.com/curvekit/curvekit/handshake/ntor"
	"github.com/curvekit/curvekit/internal/apisweep"
)

// TestSweep calls every exported function and method with zero values, nil
// pointers, nil and short slices and failing readers (internal/apisweep):
// nothing panics, and no handshake step succeeds with an uninitialised key,
// relay, state or key material.
func TestSweep(t *testing.T) {
	id := make([]byte, ntor.IDSize)
	b, err := ntor.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	relay, err := ntor.NewRelay(id, b)
	if err != nil {
		t.Fatal(err)
	}
	pre, err := ntor.PrecomputeRelayKey(b.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	state, msg, err := ntor.ClientHandshake(nil, id, b.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	reply, _, err := relay.ServerHandshake(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	eph, err := ntor.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	apisweep.Run(t, apisweep.Config{
		Dir: ".",
		State: []reflect.Type{
			reflect.TypeFor[ntor.PrivateKey](),
			reflect.TypeFor[ntor.ClientState](),
			reflect.TypeFor[ntor.Relay](),
			reflect.TypeFor[ntor.PrecomputedRelayKey](),
			reflect.TypeFor[ntor.KeyMaterial](),
		},
		// The messages get calls past the parsing to the use of the state.
		Valid:   []any{eph, relay, pre, state, msg, reply},
		Lengths: []int{ntor.IDSize, ntor.KeySize, ntor.ServerReplySize, ntor.ClientMessageSize},
		Cases: []apisweep.Case{
			{Fn: ntor.ClientHandshake},
			{Fn: ntor.ClientHandshakeWithKey},
			{Fn: (*ntor.ClientState).Finish},
			{Fn: ntor.GenerateKey, Mode: apisweep.NoPanic},
			{Fn: (*ntor.KeyMaterial).Bytes},
			{Fn: (*ntor.KeyMaterial).Read},
			{Fn: ntor.NewPrivateKey},
			{Fn: ntor.NewRelay},
			{Fn: ntor.PrecomputeRelayKey},
			{Fn: (*ntor.PrecomputedRelayKey).Bytes},
			{Fn: ntor.ClientHandshakePrecomputed},
			{Fn: ntor.ClientHandshakePrecomputedWithKey},
			{Fn: (*ntor.PrecomputedRelayKey).X25519},
			{Fn: (*ntor.PrivateKey).Bytes},
			{Fn: (*ntor.PrivateKey).Equal, Mode: apisweep.NoPanic},
			{Fn: (*ntor.PrivateKey).PublicKey},
			{Fn: (*ntor.PrivateKey).Valid},
			{Fn: (*ntor.Relay).ServerHandshake},
			{Fn: (*ntor.Relay).ServerHandshakeWithKey},
		},
	})
}
