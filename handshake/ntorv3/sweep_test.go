package ntorv3_test

import (
	"reflect"
	"testing"

	"github.com/curvekit/curvekit/handshake/ntorv3"
	"github.com/curvekit/curvekit/internal/apisweep"
)

// TestSweep calls every exported function and method with zero values, nil
// pointers, nil and short slices and failing readers (internal/apisweep):
// nothing panics, and no handshake step succeeds with an uninitialised key,
// relay, state or key stream.
func TestSweep(t *testing.T) {
	id := make([]byte, ntorv3.IDSize)
	b, err := ntorv3.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	relay, err := ntorv3.NewRelay(id, b)
	if err != nil {
		t.Fatal(err)
	}
	pre, err := ntorv3.PrecomputeRelayKey(b.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	state, msg, err := ntorv3.ClientHandshake(nil, id, b.PublicKey(), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	ss, _, err := relay.ServerHandshake(nil, msg, nil)
	if err != nil {
		t.Fatal(err)
	}
	reply, _, err := ss.Reply(nil)
	if err != nil {
		t.Fatal(err)
	}
	eph, err := ntorv3.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	apisweep.Run(t, apisweep.Config{
		Dir: ".",
		State: []reflect.Type{
			reflect.TypeFor[ntorv3.PrivateKey](),
			reflect.TypeFor[ntorv3.ClientState](),
			reflect.TypeFor[ntorv3.ServerState](),
			reflect.TypeFor[ntorv3.Relay](),
			reflect.TypeFor[ntorv3.PrecomputedRelayKey](),
			reflect.TypeFor[ntorv3.KeyMaterial](),
		},
		// The messages get calls past the parsing to the use of the state.
		Valid:   []any{eph, relay, pre, state, ss, msg, reply},
		Lengths: []int{ntorv3.KeySize, ntorv3.ServerOverhead, ntorv3.ClientOverhead},
		Cases: []apisweep.Case{
			{Fn: ntorv3.ClientHandshake},
			{Fn: ntorv3.ClientHandshakePrecomputed},
			{Fn: ntorv3.ClientHandshakePrecomputedWithKey},
			{Fn: ntorv3.ClientHandshakeWithKey},
			{Fn: (*ntorv3.ClientState).Finish},
			{Fn: ntorv3.GenerateKey, Mode: apisweep.NoPanic},
			{Fn: (*ntorv3.KeyMaterial).Bytes},
			{Fn: (*ntorv3.KeyMaterial).Read},
			{Fn: ntorv3.NewPrivateKey},
			{Fn: ntorv3.NewRelay},
			{Fn: ntorv3.PrecomputeRelayKey},
			{Fn: (*ntorv3.Relay).ServerHandshake},
			{Fn: (*ntorv3.ServerState).Reply},
			{Fn: (*ntorv3.Relay).ServerHandshakeWithKey},
		},
	})
}
