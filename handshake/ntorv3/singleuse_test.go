package ntorv3

import (
	"errors"
	"testing"
)

// TestClientStateSingleUse: Finish erases x and EXP(B, x) whether it
// succeeds or fails, and a later Finish returns ErrStateUsed, even with the
// genuine reply.
func TestClientStateSingleUse(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	pre, err := PrecomputeRelayKey(keys[0].PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	starts := map[string]func() (*ClientState, []byte, error){
		"plain": func() (*ClientState, []byte, error) {
			return ClientHandshake(nil, id, keys[0].PublicKey(), []byte("v"), []byte("cm"))
		},
		"precomputed": func() (*ClientState, []byte, error) {
			return ClientHandshakePrecomputed(nil, id, pre, []byte("v"), []byte("cm"))
		},
	}
	for name, start := range starts {
		for _, fail := range []bool{false, true} {
			state, msg, err := start()
			if err != nil {
				t.Fatal(err)
			}
			if state.x == [KeySize]byte{} || state.bx == [KeySize]byte{} {
				t.Fatalf("%s: the new state holds no secret", name)
			}
			ss, _, err := relay.ServerHandshake(nil, msg, []byte("v"))
			if err != nil {
				t.Fatal(err)
			}
			reply, _, err := ss.Reply([]byte("sm"))
			if err != nil {
				t.Fatal(err)
			}
			first := reply
			if fail {
				first = append([]byte(nil), reply...)
				first[40] ^= 1
			}
			_, k, err := state.Finish(first)
			if fail != (err != nil) || fail != (k == nil) {
				t.Fatalf("%s, fail %v: first Finish: %v", name, fail, err)
			}
			if fail && !errors.Is(err, ErrAuthFailed) {
				t.Errorf("%s: tampered AUTH: %v, want ErrAuthFailed", name, err)
			}
			if state.x != [KeySize]byte{} || state.bx != [KeySize]byte{} || state.ready {
				t.Errorf("%s, fail %v: Finish left x = %x, bx = %x, ready = %v", name, fail, state.x, state.bx, state.ready)
			}
			if sm, k, err := state.Finish(reply); !errors.Is(err, ErrStateUsed) || k != nil || sm != nil {
				t.Errorf("%s, fail %v: second Finish: %v", name, fail, err)
			}
		}
	}
}

// TestServerStateSingleUse: Reply erases y and EXP(X, b), and a second
// Reply returns ErrStateUsed instead of a second, different reply; a
// failed MAC leaves no state at all.
func TestServerStateSingleUse(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	y, _ := GenerateKey(nil)
	for _, withKey := range []bool{false, true} {
		_, msg, err := ClientHandshake(nil, id, keys[0].PublicKey(), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		var ss *ServerState
		if withKey {
			ss, _, err = relay.ServerHandshakeWithKey(y, msg, nil)
		} else {
			ss, _, err = relay.ServerHandshake(nil, msg, nil)
		}
		if err != nil {
			t.Fatal(err)
		}
		if ss.y == [KeySize]byte{} || ss.xb == [KeySize]byte{} {
			t.Fatalf("withKey %v: the new state holds no secret", withKey)
		}
		if _, _, err := ss.Reply(nil); err != nil {
			t.Fatal(err)
		}
		if ss.y != [KeySize]byte{} || ss.xb != [KeySize]byte{} || ss.ready {
			t.Errorf("withKey %v: Reply left y = %x, xb = %x, ready = %v", withKey, ss.y, ss.xb, ss.ready)
		}
		if r, k, err := ss.Reply(nil); !errors.Is(err, ErrStateUsed) || r != nil || k != nil {
			t.Errorf("withKey %v: second Reply: %v", withKey, err)
		}
	}
	if y.Bytes() == nil {
		t.Error("ServerHandshakeWithKey erased the caller's key")
	}
	_, msg, _ := ClientHandshake(nil, id, keys[0].PublicKey(), nil, nil)
	msg[len(msg)-1] ^= 1
	if ss, cm, err := relay.ServerHandshake(nil, msg, nil); !errors.Is(err, ErrAuthFailed) || ss != nil || cm != nil {
		t.Errorf("tampered MAC: %v", err)
	}
}
