package ace

import (
	"errors"
	"testing"
)

// The fail-closed rule (package documentation): nil and zero values, and
// unknown SubgroupChecks, refuse. Each case below was a nil dereference or a
// silently accepted value before.

func TestEqualNilAndZero(t *testing.T) {
	k := mustKey(t)
	for _, c := range []struct {
		name string
		got  func() bool
	}{
		{"PublicKey.Equal(nil)", func() bool { return k.PublicKey().Equal(nil) }},
		{"(*PublicKey)(nil).Equal", func() bool { return (*PublicKey)(nil).Equal(k.PublicKey()) }},
		{"zero PublicKey.Equal(zero)", func() bool { return new(PublicKey).Equal(new(PublicKey)) }},
		{"PrivateKey.Equal(nil)", func() bool { return k.Equal(nil) }},
		{"(*PrivateKey)(nil).Equal", func() bool { return (*PrivateKey)(nil).Equal(k) }},
		{"zero PrivateKey.Equal(zero)", func() bool { return new(PrivateKey).Equal(new(PrivateKey)) }},
	} {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s panicked: %v", c.name, p)
				}
			}()
			if c.got() {
				t.Errorf("%s = true", c.name)
			}
		}()
	}
	if !k.Equal(k) || !k.PublicKey().Equal(k.PublicKey()) {
		t.Error("a key does not equal itself")
	}
	if new(PrivateKey).Bytes() != nil || new(PublicKey).Bytes() != nil || (*PrivateKey)(nil).PublicKey() != nil {
		t.Error("uninitialised key has bytes")
	}
}

func TestUnknownSubgroupCheck(t *testing.T) {
	relay, key, id := testRelay(t)
	for _, check := range []SubgroupCheck{-1, 2, 99} {
		st, msg, err := ClientHandshakePrecomputed(nil, id, key.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := relay.WithSubgroupCheck(check).ServerHandshake(nil, msg); !errors.Is(err, errUnknownCheck) {
			t.Errorf("WithSubgroupCheck(%d): ServerHandshake error %v", check, err)
		}
		reply, _, err := relay.ServerHandshake(nil, msg)
		if err != nil {
			t.Fatal(err)
		}
		st.SetSubgroupCheck(check)
		if _, err := st.Finish(reply); !errors.Is(err, errUnknownCheck) {
			t.Errorf("SetSubgroupCheck(%d): Finish error %v", check, err)
		}
	}
	(*ClientState)(nil).SetSubgroupCheck(RejectTorsion) // no panic
	if (*Relay)(nil).WithSubgroupCheck(RejectTorsion) != nil {
		t.Error("nil Relay WithSubgroupCheck is not nil")
	}
}

func TestUninitializedKeysRefused(t *testing.T) {
	relay, key, id := testRelay(t)
	k := mustKey(t)
	if _, _, err := ClientHandshakePrecomputedWithKeys(nil, new(PrivateKey), id, key.PublicKey()); err == nil {
		t.Error("NewClientHandshakeWithKeys(nil, zero key): no error")
	}
	if _, _, err := ClientHandshakePrecomputedWithKeys(new(PrivateKey), nil, id, key.PublicKey()); err == nil {
		t.Error("NewClientHandshakeWithKeys(zero key, nil): no error")
	}
	if _, _, err := ClientHandshakePrecomputedWithKeys(k, mustKey(t), id, new(PublicKey)); err == nil {
		t.Error("zero relay key: no error")
	}
	_, msg, err := ClientHandshakePrecomputed(nil, id, key.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := new(Relay).ServerHandshake(nil, msg); err == nil {
		t.Error("zero Relay: no error")
	}
	if _, _, err := relay.ServerHandshakeWithKey(new(PrivateKey), msg); err == nil {
		t.Error("zero ephemeral key: no error")
	}
}
