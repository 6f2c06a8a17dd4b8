package ntor

import (
	"bytes"
	"errors"
	"testing"
)

// TestClientStateSingleUse: Finish erases the ephemeral secret whether it
// succeeds or fails, and every later Finish returns ErrStateUsed, even with
// the genuine reply.
func TestClientStateSingleUse(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	pre, err := PrecomputeRelayKey(keys[0].PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	starts := map[string]func() (*ClientState, []byte, error){
		"plain":       func() (*ClientState, []byte, error) { return ClientHandshake(nil, id, keys[0].PublicKey()) },
		"precomputed": func() (*ClientState, []byte, error) { return ClientHandshakePrecomputed(nil, id, pre) },
	}
	for name, start := range starts {
		for _, fail := range []bool{false, true} {
			state, msg, err := start()
			if err != nil {
				t.Fatal(err)
			}
			if state.x == [KeySize]byte{} {
				t.Fatalf("%s: the new state holds no secret", name)
			}
			reply, _, err := relay.ServerHandshake(nil, msg)
			if err != nil {
				t.Fatal(err)
			}
			first := reply
			if fail {
				first = append([]byte(nil), reply...)
				first[40] ^= 1
			}
			k, err := state.Finish(first)
			if fail != (err != nil) || fail != (k == nil) {
				t.Fatalf("%s, fail %v: first Finish: %v", name, fail, err)
			}
			if fail && !errors.Is(err, ErrAuthFailed) {
				t.Errorf("%s: tampered AUTH: %v, want ErrAuthFailed", name, err)
			}
			if state.x != [KeySize]byte{} || state.ready {
				t.Errorf("%s, fail %v: Finish left x = %x, ready = %v", name, fail, state.x, state.ready)
			}
			if k, err := state.Finish(reply); !errors.Is(err, ErrStateUsed) || k != nil {
				t.Errorf("%s, fail %v: second Finish: %v", name, fail, err)
			}
		}
	}
	// A wrong-length reply uses the state up too.
	state, _, _ := ClientHandshake(nil, id, keys[0].PublicKey())
	if _, err := state.Finish(nil); !errors.Is(err, ErrInvalidLength) {
		t.Fatal(err)
	}
	if _, err := state.Finish(make([]byte, ServerReplySize)); !errors.Is(err, ErrStateUsed) {
		t.Errorf("Finish after a wrong-length reply: %v", err)
	}
}

// TestEphemeralErased: the state holds its own copy of the ephemeral key
// given to ClientHandshakeWithKey; Finish erases the copy and leaves the
// caller's key alone.
func TestEphemeralErased(t *testing.T) {
	_, id, keys := newTestRelay(t, 1)
	x, _ := GenerateKey(nil)
	saved := x.Bytes()
	state, _, err := ClientHandshakeWithKey(x, id, keys[0].PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(state.x[:], saved) || !bytes.Equal(x.Bytes(), saved) {
		t.Fatal("ClientHandshakeWithKey: the state does not hold a copy of x")
	}
	state.Finish(nil)
	if !bytes.Equal(x.Bytes(), saved) {
		t.Error("Finish changed the caller's key")
	}
}

func TestPrivateKeyEqual(t *testing.T) {
	a, _ := GenerateKey(nil)
	b, _ := NewPrivateKey(a.Bytes())
	c, _ := GenerateKey(nil)
	if !a.Equal(b) || a.Equal(c) || a.Equal(nil) || a.Equal(new(PrivateKey)) || a.Equal(*a) || new(PrivateKey).Equal(new(PrivateKey)) {
		t.Error("Equal")
	}
}
