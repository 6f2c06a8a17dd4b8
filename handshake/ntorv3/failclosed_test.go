package ntorv3

import (
	"testing"
)

// The fail-closed rule (package documentation): nil and zero values refuse.
// Each case below was a nil dereference or an accepted zero value before.

func TestNilAndZeroRefused(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	b := keys[0]
	_, msg, err := ClientHandshake(nil, id, b.PublicKey(), nil, nil)
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
	eph, _ := GenerateKey(nil)
	pre, _ := PrecomputeRelayKey(b.PublicKey())

	for _, c := range []struct {
		name string
		f    func() error
	}{
		{"(*ServerState)(nil).Reply", func() error { _, _, err := (*ServerState)(nil).Reply(nil); return err }},
		{"new(ServerState).Reply", func() error { _, _, err := new(ServerState).Reply(nil); return err }},
		{"(*Relay)(nil).ServerHandshakeWithKey", func() error { _, _, err := (*Relay)(nil).ServerHandshakeWithKey(eph, msg, nil); return err }},
		{"ServerHandshakeWithKey(new(PrivateKey))", func() error {
			_, _, err := relay.ServerHandshakeWithKey(new(PrivateKey), msg, nil)
			return err
		}},
		{"used ss.Reply", func() error { _, _, err := ss.Reply(nil); return err }},
		{"new(KeyMaterial).Bytes(5)", func() error { _, err := new(KeyMaterial).Bytes(5); return err }},
		{"(*KeyMaterial)(nil).Read", func() error { _, err := (*KeyMaterial)(nil).Read(make([]byte, 5)); return err }},
		{"(*ClientState)(nil).Finish", func() error { _, _, err := (*ClientState)(nil).Finish(reply); return err }},
		{"new(ClientState).Finish", func() error { _, _, err := new(ClientState).Finish(reply); return err }},
		{"(*Relay)(nil).ServerHandshake", func() error { _, _, err := (*Relay)(nil).ServerHandshake(nil, msg, nil); return err }},
		{"new(Relay).ServerHandshake", func() error { _, _, err := new(Relay).ServerHandshake(nil, msg, nil); return err }},
		{"NewRelay(id, new(PrivateKey))", func() error { _, err := NewRelay(id, new(PrivateKey)); return err }},
		{"ClientHandshakeWithKey(new(PrivateKey))", func() error {
			_, _, err := ClientHandshakeWithKey(new(PrivateKey), id, b.PublicKey(), nil, nil)
			return err
		}},
		{"ClientHandshakePrecomputedWithKey(new(PrivateKey))", func() error {
			_, _, err := ClientHandshakePrecomputedWithKey(new(PrivateKey), id, pre, nil, nil)
			return err
		}},
		{"ClientHandshakePrecomputed(new(PrecomputedRelayKey))", func() error {
			_, _, err := ClientHandshakePrecomputed(nil, id, new(PrecomputedRelayKey), nil, nil)
			return err
		}},
	} {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s panicked: %v", c.name, p)
				}
			}()
			if c.f() == nil {
				t.Errorf("%s: no error", c.name)
			}
		}()
	}
}

func TestKeyStreamBytesNegative(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	_, msg, _ := ClientHandshake(nil, id, keys[0].PublicKey(), nil, nil)
	ss, _, _ := relay.ServerHandshake(nil, msg, nil)
	_, ks, err := ss.Reply(nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ks.Bytes(-1); err == nil {
		t.Error("Bytes(-1): no error")
	}
	if b, err := ks.Bytes(0); err != nil || len(b) != 0 {
		t.Errorf("Bytes(0) = %x, %v", b, err)
	}
}
