package ntor

import (
	"testing"
)

// The fail-closed rule (package documentation): nil and zero values refuse.
// Each case below was a nil dereference or an accepted zero value before.

func TestNilAndZeroRefused(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	b := keys[0]
	_, msg, err := ClientHandshake(nil, id, b.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	reply, _, err := relay.ServerHandshake(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	eph, _ := GenerateKey(nil)
	pre, _ := PrecomputeRelayKey(b.PublicKey())

	for _, c := range []struct {
		name string
		f    func() error
	}{
		{"(*ClientState)(nil).Finish", func() error { _, err := (*ClientState)(nil).Finish(reply); return err }},
		{"new(ClientState).Finish", func() error { _, err := new(ClientState).Finish(reply); return err }},
		{"(*Relay)(nil).ServerHandshake", func() error { _, _, err := (*Relay)(nil).ServerHandshake(nil, msg); return err }},
		{"new(Relay).ServerHandshake", func() error { _, _, err := new(Relay).ServerHandshake(nil, msg); return err }},
		{"(*Relay)(nil).ServerHandshakeWithKey", func() error { _, _, err := (*Relay)(nil).ServerHandshakeWithKey(eph, msg); return err }},
		{"ServerHandshakeWithKey(new(PrivateKey))", func() error { _, _, err := relay.ServerHandshakeWithKey(new(PrivateKey), msg); return err }},
		{"NewRelay(id, new(PrivateKey))", func() error { _, err := NewRelay(id, new(PrivateKey)); return err }},
		{"NewRelay(id, b, new(PrivateKey))", func() error { _, err := NewRelay(id, b, new(PrivateKey)); return err }},
		{"ClientHandshakeWithKey(new(PrivateKey))", func() error { _, _, err := ClientHandshakeWithKey(new(PrivateKey), id, b.PublicKey()); return err }},
		{"ClientHandshakePrecomputed(new(PrecomputedRelayKey))", func() error {
			_, _, err := ClientHandshakePrecomputed(nil, id, new(PrecomputedRelayKey))
			return err
		}},
		{"ClientHandshakePrecomputedWithKey(nil PrecomputedRelayKey)", func() error {
			_, _, err := ClientHandshakePrecomputedWithKey(eph, id, nil)
			return err
		}},
		{"new(PrecomputedRelayKey).X25519", func() error { _, err := new(PrecomputedRelayKey).X25519(eph); return err }},
		{"pre.X25519(new(PrivateKey))", func() error { _, err := pre.X25519(new(PrivateKey)); return err }},
		{"ClientHandshakePrecomputedWithKey(new(PrivateKey))", func() error {
			_, _, err := ClientHandshakePrecomputedWithKey(new(PrivateKey), id, pre)
			return err
		}},
		{"new(KeyMaterial).Read", func() error { _, err := new(KeyMaterial).Read(make([]byte, 5)); return err }},
		{"(*KeyMaterial)(nil).Bytes", func() error { _, err := (*KeyMaterial)(nil).Bytes(5); return err }},
		{"new(KeyMaterial).Bytes(0)", func() error { _, err := new(KeyMaterial).Bytes(0); return err }},
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
	for _, k := range []*PrivateKey{nil, new(PrivateKey)} {
		if k.Valid() || k.Bytes() != nil || k.PublicKey() != nil {
			t.Errorf("uninitialised key %p: Valid %v, Bytes %x, PublicKey %x", k, k.Valid(), k.Bytes(), k.PublicKey())
		}
	}
	if !b.Valid() || (*PrecomputedRelayKey)(nil).Bytes() != nil || new(PrecomputedRelayKey).Bytes() != nil {
		t.Error("Valid or PrecomputedRelayKey.Bytes")
	}
}
