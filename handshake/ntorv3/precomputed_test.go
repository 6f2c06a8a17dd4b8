package ntorv3

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"
)

// TestPrecomputedVector runs the C tor vector's client side with a prepared
// relay key: the same handshake, messages and keys.
func TestPrecomputedVector(t *testing.T) {
	_, vs := loadV3(t)
	for _, v := range vs {
		pk, err := PrecomputeRelayKey(unhex(t, v.BigB))
		if err != nil {
			t.Fatal(err)
		}
		id, ver := unhex(t, v.ID), unhex(t, v.Verification)
		state, msg, err := ClientHandshakePrecomputed(bytes.NewReader(unhex(t, v.X)), id, pk, ver, unhex(t, v.ClientMessage))
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(msg) != v.ClientHandshake {
			t.Fatalf("client handshake\n got %x\nwant %s", msg, v.ClientHandshake)
		}
		sm, cks, err := state.Finish(unhex(t, v.ServerHandshake))
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(sm) != v.ServerMessage {
			t.Fatalf("client decrypted SM = %x", sm)
		}
		if got := hex.EncodeToString(mustBytes(t, cks, 256)); got != v.Keys256 {
			t.Fatalf("client keys %s", got)
		}
	}
}

// TestPrecomputedLowOrder: a low-order onion key is refused when it is
// prepared, as the plain client refuses it; bad lengths and nil keys are
// errors.
func TestPrecomputedLowOrder(t *testing.T) {
	_, id, keys := newTestRelay(t, 1)
	for _, h := range lowOrder {
		if pk, err := PrecomputeRelayKey(unhex(t, h)); !errors.Is(err, ErrInvalidPoint) || pk != nil {
			t.Errorf("PrecomputeRelayKey accepted onion key %s: %v", h, err)
		}
	}
	pk, err := PrecomputeRelayKey(keys[0].PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ClientHandshakePrecomputed(nil, id[:IDSize-1], pk, nil, nil); !errors.Is(err, ErrInvalidLength) {
		t.Errorf("short relay ID: %v", err)
	}
	if _, _, err := ClientHandshakePrecomputed(nil, id, nil, nil, nil); err == nil {
		t.Error("nil relay key accepted")
	}
	if _, err := PrecomputeRelayKey(make([]byte, 31)); !errors.Is(err, ErrInvalidLength) {
		t.Errorf("31-byte key: %v", err)
	}
}
