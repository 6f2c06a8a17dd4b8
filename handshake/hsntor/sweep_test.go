package hsntor_test

import (
	"reflect"
	"testing"

	"github.com/curvekit/curvekit/handshake/hsntor"
	"github.com/curvekit/curvekit/internal/apisweep"
)

// TestSweep calls every exported function and method with zero values, nil
// pointers, nil and short slices and failing readers (internal/apisweep):
// nothing panics, and no handshake step succeeds with an uninitialised key,
// service, state or key material.
func TestSweep(t *testing.T) {
	auth := make([]byte, hsntor.KeySize)
	sub := make([]byte, hsntor.KeySize)
	b, err := hsntor.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	svc, err := hsntor.NewService(b, auth, sub)
	if err != nil {
		t.Fatal(err)
	}
	state, msg, err := hsntor.ClientHandshake(nil, auth, b.PublicKey(), sub, nil, []byte("hi"))
	if err != nil {
		t.Fatal(err)
	}
	st, _, err := svc.Receive(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	_, st2Msg, _ := hsntor.ClientHandshake(nil, auth, b.PublicKey(), sub, nil, nil)
	st2, _, err := svc.Receive(nil, st2Msg)
	if err != nil {
		t.Fatal(err)
	}
	reply, keys, err := st2.Reply(nil)
	if err != nil {
		t.Fatal(err)
	}
	apisweep.Run(t, apisweep.Config{
		Dir: ".",
		State: []reflect.Type{
			reflect.TypeFor[hsntor.PrivateKey](),
			reflect.TypeFor[hsntor.ClientState](),
			reflect.TypeFor[hsntor.Service](),
			reflect.TypeFor[hsntor.ServiceState](),
			reflect.TypeFor[hsntor.KeyMaterial](),
		},
		// The messages get calls past the parsing to the use of the state.
		Valid:   []any{b, svc, state, st, keys, msg, reply},
		Lengths: []int{hsntor.KeySize, hsntor.ReplySize, len(msg)},
		Cases: []apisweep.Case{
			{Fn: hsntor.ClientHandshake, Defaults: []int{0}},
			{Fn: (*hsntor.ClientState).Finish},
			{Fn: hsntor.GenerateKey, Mode: apisweep.NoPanic},
			{Fn: (*hsntor.KeyMaterial).Bytes},
			{Fn: (*hsntor.KeyMaterial).Read},
			{Fn: hsntor.NewPrivateKey},
			{Fn: hsntor.NewService},
			{Fn: (*hsntor.Service).Receive},
			{Fn: (*hsntor.ServiceState).Reply, Defaults: []int{1}},
			// PrivateKey is ntor's; its methods are swept there.
		},
	})
}
