package ntor

import (
	"bytes"
	"encoding/hex"
	"errors"
	"testing"
)

// TestPrecomputedRelayKeyVector runs the arti vector's client side through a
// PrecomputedRelayKey: same message and key material.
func TestPrecomputedRelayKeyVector(t *testing.T) {
	f := loadVectors(t)
	for _, v := range f.Vectors {
		id := unhex(t, v.RelayID)
		pk, err := PrecomputeRelayKey(unhex(t, v.BigB))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(pk.Bytes(), unhex(t, v.BigB)) {
			t.Fatalf("Bytes = %x, want %s", pk.Bytes(), v.BigB)
		}
		state, msg, err := ClientHandshakePrecomputed(bytes.NewReader(unhex(t, v.X)), id, pk)
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(msg) != v.ClientHandshake {
			t.Fatalf("client handshake %x, want %s", msg, v.ClientHandshake)
		}
		ckeys, err := state.Finish(unhex(t, v.ServerHandshake))
		if err != nil {
			t.Fatal(err)
		}
		ck, err := ckeys.Bytes(v.KeyLength)
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(ck) != v.KeyMaterial {
			t.Fatalf("keys %x, want %s", ck, v.KeyMaterial)
		}
	}
}

// TestPrecomputedRelayKeyRoundTrip compares the precomputed client with the
// plain one on random keys (same ephemeral key, same keys out) and checks
// that a tampered reply still fails.
func TestPrecomputedRelayKeyRoundTrip(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	pk, err := PrecomputeRelayKey(keys[0].PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 8; i++ {
		eph, err := GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		fast, msg, err := ClientHandshakePrecomputedWithKey(eph, id, pk)
		if err != nil {
			t.Fatal(err)
		}
		plain, msg2, err := ClientHandshakeWithKey(eph, id, keys[0].PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(msg, msg2) {
			t.Fatal("messages differ")
		}
		reply, skeys, err := relay.ServerHandshake(nil, msg)
		if err != nil {
			t.Fatal(err)
		}
		k1, err := fast.Finish(reply)
		if err != nil {
			t.Fatal(err)
		}
		k2, err := plain.Finish(reply)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := k1.Bytes(72)
		b, _ := k2.Bytes(72)
		c, _ := skeys.Bytes(72)
		if !bytes.Equal(a, b) || !bytes.Equal(a, c) {
			t.Fatalf("keys differ: precomputed %x, plain %x, relay %x", a, b, c)
		}
		bad := append([]byte(nil), reply...)
		bad[i*8%len(bad)] ^= 1
		fast, _, err = ClientHandshakePrecomputedWithKey(eph, id, pk)
		if err != nil {
			t.Fatal(err)
		}
		if k, err := fast.Finish(bad); err == nil || k != nil {
			t.Fatalf("precomputed client accepted a tampered reply (byte %d)", i*8%len(bad))
		}
	}
}

// TestPrecomputedRelayKeyLowOrder: PrecomputeRelayKey refuses each
// low-order onion key, as ClientHandshake does, and wrong lengths.
func TestPrecomputedRelayKeyLowOrder(t *testing.T) {
	_, id, keys := newTestRelay(t, 1)
	for _, h := range lowOrder {
		if pk, err := PrecomputeRelayKey(unhex(t, h)); !errors.Is(err, ErrInvalidPoint) || pk != nil {
			t.Errorf("PrecomputeRelayKey(%s): %v", h, err)
		}
	}
	for _, n := range []int{0, 31, 33} {
		if _, err := PrecomputeRelayKey(make([]byte, n)); !errors.Is(err, ErrInvalidLength) {
			t.Errorf("PrecomputeRelayKey accepted %d bytes: %v", n, err)
		}
	}
	pk, _ := PrecomputeRelayKey(keys[0].PublicKey())
	if _, _, err := ClientHandshakePrecomputed(nil, id[:19], pk); !errors.Is(err, ErrInvalidLength) {
		t.Errorf("short relay ID: %v", err)
	}
}
