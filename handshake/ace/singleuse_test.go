package ace

import (
	"bytes"
	"errors"
	"testing"
)

// TestClientStateSingleUse: Finish erases x1 and x2 (and x1·8⁻¹) whether it
// succeeds or fails, and a later Finish returns ErrStateUsed, even with the
// genuine reply.
func TestClientStateSingleUse(t *testing.T) {
	relay, k, id := testRelay(t)
	for _, fail := range []bool{false, true} {
		st, msg, err := ClientHandshake(nil, id, k.PublicKey().Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if st.x1.s.Equal(zeroScalar) == 1 || st.x1.s8.Equal(zeroScalar) == 1 || st.x2.Equal(zeroScalar) == 1 {
			t.Fatal("the new state holds no secret")
		}
		reply, _, err := relay.ServerHandshake(nil, msg)
		if err != nil {
			t.Fatal(err)
		}
		first := reply
		if fail {
			first = append([]byte(nil), reply...)
			first[PublicKeySize] ^= 1 // AUTH
		}
		keys, err := st.Finish(first)
		if fail != (err != nil) || fail != (keys == nil) {
			t.Fatalf("fail %v: first Finish: %v", fail, err)
		}
		if fail && !errors.Is(err, ErrAuthFailed) {
			t.Errorf("tampered AUTH: %v, want ErrAuthFailed", err)
		}
		if st.x1.s.Equal(zeroScalar) != 1 || st.x1.s8.Equal(zeroScalar) != 1 || st.x2.Equal(zeroScalar) != 1 || st.ready {
			t.Errorf("fail %v: Finish left a secret or ready = %v", fail, st.ready)
		}
		if keys, err := st.Finish(reply); !errors.Is(err, ErrStateUsed) || keys != nil {
			t.Errorf("fail %v: second Finish: %v", fail, err)
		}
	}
}

// TestClientHandshakeBytes: the bytes-in constructors give the message the
// parsed-key ones give, and refuse an invalid or low-order onion key before
// sending anything.
func TestClientHandshakeBytes(t *testing.T) {
	relay, k, id := testRelay(t)
	x1, x2 := mustKey(t), mustKey(t)
	_, m1, err := ClientHandshakeWithKeys(x1, x2, id, k.PublicKey().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	_, m2, err := ClientHandshakePrecomputedWithKeys(x1, x2, id, k.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(m1, m2) {
		t.Fatal("bytes-in and parsed-key messages differ")
	}
	st, msg, err := ClientHandshake(nil, id, k.PublicKey().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	reply, sk, err := relay.ServerHandshake(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	if ck, err := st.Finish(reply); err != nil || !bytes.Equal(ck, sk) {
		t.Fatalf("ClientHandshake: %v", err)
	}
	identity := make([]byte, PublicKeySize)
	identity[fieldSize] = 1 // (0, 1)
	for name, b := range map[string][]byte{"identity": identity, "zero": make([]byte, PublicKeySize)} {
		if st, m, err := ClientHandshake(nil, id, b); !errors.Is(err, ErrInvalidPoint) || st != nil || m != nil {
			t.Errorf("ClientHandshake accepted the %s key: %v", name, err)
		}
		if st, m, err := ClientHandshakeWithKeys(x1, x2, id, b); !errors.Is(err, ErrInvalidPoint) || st != nil || m != nil {
			t.Errorf("ClientHandshakeWithKeys accepted the %s key: %v", name, err)
		}
	}
	if _, _, err := ClientHandshake(nil, id, k.PublicKey().Bytes()[1:]); !errors.Is(err, ErrInvalidLength) {
		t.Errorf("short key: %v", err)
	}
	if _, _, err := ClientHandshakeWithKeys(nil, x2, id, k.PublicKey().Bytes()); err == nil {
		t.Error("nil x1 accepted")
	}
	if _, _, err := relay.ServerHandshakeWithKey(nil, msg); err == nil {
		t.Error("nil y accepted")
	}
}

// TestEqualTypes: Equal takes crypto.PrivateKey and crypto.PublicKey and is
// false for other types, values included.
func TestEqualTypes(t *testing.T) {
	k := mustKey(t)
	k2, err := NewPrivateKey(k.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !k.Equal(k2) || k.Equal(*k2) || k.Equal(k.PublicKey()) || k.Equal("key") {
		t.Error("PrivateKey.Equal")
	}
	if !k.PublicKey().Equal(k2.PublicKey()) || k.PublicKey().Equal(*k2.PublicKey()) || k.PublicKey().Equal(k) {
		t.Error("PublicKey.Equal")
	}
}
