package hsntor

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/curvekit/curvekit/handshake"
	"github.com/curvekit/curvekit/internal/randfault"
)

// fixture is one valid handshake's inputs and messages.
type fixture struct {
	key                *PrivateKey
	auth, sub, hdr, pt []byte
	svc                *Service
	msg                []byte // CLIENT_PK ‖ ENCRYPTED_DATA ‖ MAC
	reply              []byte // SERVER_PK ‖ AUTH
	newClient          func() *ClientState
	newServiceState    func() *ServiceState
	x, y               []byte
}

func newFixture(t testing.TB) *fixture {
	t.Helper()
	in := inputsFrom([]byte("fixture"))
	f := &fixture{auth: in.auth, sub: in.subcreds[in.pick], hdr: []byte("header"), pt: []byte("the plaintext"), x: in.x, y: in.y}
	var err error
	if f.key, err = NewPrivateKey(in.b); err != nil {
		t.Fatal(err)
	}
	if f.svc, err = NewService(f.key, f.auth, f.sub); err != nil {
		t.Fatal(err)
	}
	f.newClient = func() *ClientState {
		c, msg, err := ClientHandshake(bytes.NewReader(f.x), f.auth, f.key.PublicKey(), f.sub, f.hdr, f.pt)
		if err != nil {
			t.Fatal(err)
		}
		f.msg = msg
		return c
	}
	f.newServiceState = func() *ServiceState {
		st, _, err := f.svc.Receive(f.hdr, f.msg)
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	f.newClient()
	st := f.newServiceState()
	if f.reply, _, err = st.Reply(bytes.NewReader(f.y)); err != nil {
		t.Fatal(err)
	}
	return f
}

// wantErr fails unless err wraps want and names the package.
func wantErr(t *testing.T, what string, err, want error) {
	t.Helper()
	if !errors.Is(err, want) {
		t.Errorf("%s: error %v, want %v", what, err, want)
		return
	}
	if !strings.HasPrefix(err.Error(), "hsntor: ") {
		t.Errorf("%s: error %q does not name the package", what, err)
	}
}

func TestSharedErrors(t *testing.T) {
	for _, c := range []struct{ ours, shared error }{
		{ErrInvalidLength, handshake.ErrInvalidLength},
		{ErrInvalidPoint, handshake.ErrInvalidPoint},
		{ErrAuthFailed, handshake.ErrAuthFailed},
		{ErrStateUsed, handshake.ErrStateUsed},
	} {
		if c.ours != c.shared {
			t.Errorf("%v is not the shared value", c.ours)
		}
	}
}

func TestWrongLengths(t *testing.T) {
	f := newFixture(t)
	B := f.key.PublicKey()
	for _, n := range []int{0, 1, 31, 33, 64} {
		b := make([]byte, n)
		_, _, err := ClientHandshake(bytes.NewReader(f.x), b, B, f.sub, nil, nil)
		wantErr(t, "ClientHandshake AUTH_KEY", err, ErrInvalidLength)
		_, _, err = ClientHandshake(bytes.NewReader(f.x), f.auth, b, f.sub, nil, nil)
		wantErr(t, "ClientHandshake B", err, ErrInvalidLength)
		_, _, err = ClientHandshake(bytes.NewReader(f.x), f.auth, B, b, nil, nil)
		wantErr(t, "ClientHandshake subcredential", err, ErrInvalidLength)
		_, err = NewService(f.key, b, f.sub)
		wantErr(t, "NewService AUTH_KEY", err, ErrInvalidLength)
		_, err = NewService(f.key, f.auth, f.sub, b)
		wantErr(t, "NewService subcredential", err, ErrInvalidLength)
		_, err = NewPrivateKey(b)
		wantErr(t, "NewPrivateKey", err, ErrInvalidLength)
	}
	if _, err := NewService(f.key, f.auth); !errors.Is(err, ErrInvalidLength) {
		t.Errorf("NewService without subcredentials: %v", err)
	}
	for _, n := range []int{0, 1, 32, 63} {
		_, _, err := f.svc.Receive(f.hdr, f.msg[:n])
		wantErr(t, "Receive", err, ErrInvalidLength)
	}
	for _, n := range []int{0, 32, 63, 65} {
		c := f.newClient()
		r := append(append([]byte(nil), f.reply...), 0)[:n]
		_, err := c.Finish(r)
		wantErr(t, "Finish", err, ErrInvalidLength)
		// The failure used the state up.
		if *c != (ClientState{}) {
			t.Errorf("Finish(%d bytes) left the state's secrets", n)
		}
	}
	// An empty plaintext is fine: the message is CLIENT_PK ‖ MAC.
	c, msg, err := ClientHandshake(bytes.NewReader(f.x), f.auth, B, f.sub, nil, nil)
	if err != nil || len(msg) != IntroduceOverhead {
		t.Fatalf("empty plaintext: %d bytes, %v", len(msg), err)
	}
	st, pt, err := f.svc.Receive(nil, msg)
	if err != nil || len(pt) != 0 {
		t.Fatalf("empty plaintext: Receive %x, %v", pt, err)
	}
	reply, _, err := st.Reply(nil)
	if err != nil {
		t.Fatal(err)
	}
	km, err := c.Finish(reply)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := km.Bytes(-1); !errors.Is(err, ErrInvalidLength) {
		t.Errorf("Bytes(-1): %v", err)
	}
}

func TestLowOrderRefused(t *testing.T) {
	f := newFixture(t)
	for i, p := range lowOrder {
		// B enters at ClientHandshake.
		_, _, err := ClientHandshake(bytes.NewReader(f.x), f.auth, p, f.sub, f.hdr, f.pt)
		wantErr(t, "ClientHandshake, low-order B", err, ErrInvalidPoint)

		// X enters at Receive: refused before the MAC is looked at.
		msg := append([]byte(nil), f.msg...)
		copy(msg, p)
		_, _, err = f.svc.Receive(f.hdr, msg)
		wantErr(t, "Receive, low-order X", err, ErrInvalidPoint)

		// Y enters at Finish.
		c := f.newClient()
		reply := append(append([]byte(nil), p...), f.reply[KeySize:]...)
		_, err = c.Finish(reply)
		wantErr(t, "Finish, low-order Y", err, ErrInvalidPoint)
		if *c != (ClientState{}) {
			t.Errorf("#%d: failed Finish left the state's secrets", i)
		}
	}
}

func TestBadMAC(t *testing.T) {
	f := newFixture(t)
	// Any changed byte of the encrypted data or the MAC, or of the header.
	for i := KeySize; i < len(f.msg); i++ {
		msg := append([]byte(nil), f.msg...)
		msg[i] ^= 0x80
		_, _, err := f.svc.Receive(f.hdr, msg)
		wantErr(t, "Receive, tampered message", err, ErrAuthFailed)
	}
	_, _, err := f.svc.Receive([]byte("other header"), f.msg)
	wantErr(t, "Receive, other header", err, ErrAuthFailed)

	// Another subcredential, or another AUTH_KEY, at the service.
	other := bytes.Repeat([]byte{7}, KeySize)
	svc, _ := NewService(f.key, f.auth, other)
	_, _, err = svc.Receive(f.hdr, f.msg)
	wantErr(t, "Receive, other subcredential", err, ErrAuthFailed)
	svc, _ = NewService(f.key, other, f.sub)
	_, _, err = svc.Receive(f.hdr, f.msg)
	wantErr(t, "Receive, other AUTH_KEY", err, ErrAuthFailed)
	// Another intro point key b.
	k2, _ := NewPrivateKey(other)
	svc, _ = NewService(k2, f.auth, f.sub)
	_, _, err = svc.Receive(f.hdr, f.msg)
	wantErr(t, "Receive, other key", err, ErrAuthFailed)

	// Any changed byte of AUTH, and a changed Y that is still a point.
	for i := range f.reply {
		c := f.newClient()
		reply := append([]byte(nil), f.reply...)
		reply[i] ^= 0x01
		_, err := c.Finish(reply)
		if i < KeySize && errors.Is(err, ErrInvalidPoint) {
			continue
		}
		wantErr(t, "Finish, tampered reply", err, ErrAuthFailed)
		if *c != (ClientState{}) {
			t.Errorf("failed Finish left the state's secrets")
		}
	}
	// A client with another AUTH_KEY: the service refuses its MAC.
	_, msg, _ := ClientHandshake(bytes.NewReader(f.x), other, f.key.PublicKey(), f.sub, f.hdr, f.pt)
	_, _, err = f.svc.Receive(f.hdr, msg)
	wantErr(t, "Receive, client with other AUTH_KEY", err, ErrAuthFailed)
}

// TestSeveralSubcredentials: a service with several subcredentials accepts a
// client using any one of them, and the keys agree.
func TestSeveralSubcredentials(t *testing.T) {
	f := newFixture(t)
	subs := [][]byte{bytes.Repeat([]byte{1}, 32), bytes.Repeat([]byte{2}, 32), bytes.Repeat([]byte{3}, 32)}
	svc, err := NewService(f.key, f.auth, subs...)
	if err != nil {
		t.Fatal(err)
	}
	for i, sub := range subs {
		c, msg, err := ClientHandshake(nil, f.auth, f.key.PublicKey(), sub, f.hdr, f.pt)
		if err != nil {
			t.Fatal(err)
		}
		st, pt, err := svc.Receive(f.hdr, msg)
		if err != nil || !bytes.Equal(pt, f.pt) {
			t.Fatalf("subcredential %d: %x, %v", i, pt, err)
		}
		reply, sk, err := st.Reply(nil)
		if err != nil {
			t.Fatal(err)
		}
		ck, err := c.Finish(reply)
		if err != nil {
			t.Fatal(err)
		}
		a, _ := sk.Bytes(64)
		b, _ := ck.Bytes(64)
		if !bytes.Equal(a, b) {
			t.Fatalf("subcredential %d: keys differ", i)
		}
	}
}

// TestSingleUse: Finish and Reply erase the state, whether they succeed or
// fail, and a second call returns ErrStateUsed.
func TestSingleUse(t *testing.T) {
	f := newFixture(t)
	c := f.newClient()
	if _, err := c.Finish(f.reply); err != nil {
		t.Fatal(err)
	}
	if *c != (ClientState{}) {
		t.Error("Finish left the state's secrets")
	}
	_, err := c.Finish(f.reply)
	wantErr(t, "second Finish", err, ErrStateUsed)

	c = f.newClient()
	bad := append([]byte(nil), f.reply...)
	bad[len(bad)-1] ^= 1
	if _, err := c.Finish(bad); !errors.Is(err, ErrAuthFailed) {
		t.Fatal(err)
	}
	if *c != (ClientState{}) {
		t.Error("a failed Finish left the state's secrets")
	}
	_, err = c.Finish(f.reply)
	wantErr(t, "Finish after a failed Finish", err, ErrStateUsed)

	st := f.newServiceState()
	if _, _, err := st.Reply(bytes.NewReader(f.y)); err != nil {
		t.Fatal(err)
	}
	if *st != (ServiceState{}) {
		t.Error("Reply left the state's secrets")
	}
	_, _, err = st.Reply(bytes.NewReader(f.y))
	wantErr(t, "second Reply", err, ErrStateUsed)

	st = f.newServiceState()
	if _, _, err := st.Reply(randfault.Fail()); !errors.Is(err, randfault.ErrFault) {
		t.Fatalf("Reply with a failing reader: %v", err)
	}
	if *st != (ServiceState{}) {
		t.Error("failed Reply left the state's secrets")
	}
	_, _, err = st.Reply(bytes.NewReader(f.y))
	wantErr(t, "Reply after a failed Reply", err, ErrStateUsed)
}

func TestNilAndZeroRefused(t *testing.T) {
	f := newFixture(t)
	for _, c := range []struct {
		name string
		f    func() error
	}{
		{"(*ClientState)(nil).Finish", func() error { _, err := (*ClientState)(nil).Finish(f.reply); return err }},
		{"new(ClientState).Finish", func() error { _, err := new(ClientState).Finish(f.reply); return err }},
		{"(*ServiceState)(nil).Reply", func() error { _, _, err := (*ServiceState)(nil).Reply(nil); return err }},
		{"new(ServiceState).Reply", func() error { _, _, err := new(ServiceState).Reply(nil); return err }},
		{"(*Service)(nil).Receive", func() error { _, _, err := (*Service)(nil).Receive(f.hdr, f.msg); return err }},
		{"new(Service).Receive", func() error { _, _, err := new(Service).Receive(f.hdr, f.msg); return err }},
		{"NewService(nil)", func() error { _, err := NewService(nil, f.auth, f.sub); return err }},
		{"NewService(new(PrivateKey))", func() error { _, err := NewService(new(PrivateKey), f.auth, f.sub); return err }},
		{"(*KeyMaterial)(nil).Read", func() error { _, err := (*KeyMaterial)(nil).Read(make([]byte, 4)); return err }},
		{"new(KeyMaterial).Read", func() error { _, err := new(KeyMaterial).Read(make([]byte, 4)); return err }},
		{"new(KeyMaterial).Bytes(0)", func() error { _, err := new(KeyMaterial).Bytes(0); return err }},
	} {
		func() {
			defer func() {
				if p := recover(); p != nil {
					t.Errorf("%s panicked: %v", c.name, p)
				}
			}()
			wantErr(t, c.name, c.f(), ErrStateUsed)
		}()
	}
	for _, k := range []*PrivateKey{nil, new(PrivateKey)} {
		if k.Bytes() != nil || k.PublicKey() != nil || k.Equal(k) || f.key.Equal(k) || k.Equal(f.key) {
			t.Errorf("uninitialised key %p is usable", k)
		}
	}
	k2, _ := NewPrivateKey(f.key.Bytes())
	if !f.key.Equal(k2) || f.key.Equal(nil) || f.key.Equal(*k2) || f.key.Equal(f.key.Bytes()) {
		t.Error("PrivateKey.Equal")
	}
	k3, _ := GenerateKey(nil)
	if f.key.Equal(k3) {
		t.Error("different keys Equal")
	}
}

// TestFailingReader: a reader that fails, or ends early, makes the call fail
// with an error that wraps the reader's; one that returns a byte at a time
// gives the same result as a full read.
func TestFailingReader(t *testing.T) {
	f := newFixture(t)
	B := f.key.PublicKey()
	client := func(r io.Reader) ([]byte, error) {
		_, msg, err := ClientHandshake(r, f.auth, B, f.sub, f.hdr, f.pt)
		return msg, err
	}
	reply := func(r io.Reader) ([]byte, error) {
		st := f.newServiceState()
		out, _, err := st.Reply(r)
		return out, err
	}
	gen := func(r io.Reader) ([]byte, error) {
		k, err := GenerateKey(r)
		return k.Bytes(), err
	}
	for name, fn := range map[string]func(io.Reader) ([]byte, error){"ClientHandshake": client, "Reply": reply, "GenerateKey": gen} {
		stream := f.x
		if _, err := fn(randfault.Fail()); !errors.Is(err, randfault.ErrFault) || !strings.HasPrefix(err.Error(), "hsntor: ") {
			t.Errorf("%s, failing reader: %v", name, err)
		}
		if _, err := fn(randfault.After(stream, 31, false)); !errors.Is(err, randfault.ErrFault) {
			t.Errorf("%s, reader failing after 31 bytes: %v", name, err)
		}
		if _, err := fn(randfault.After(stream, 31, true)); !errors.Is(err, io.ErrUnexpectedEOF) {
			t.Errorf("%s, reader ending after 31 bytes: %v", name, err)
		}
		full, err := fn(bytes.NewReader(stream))
		if err != nil {
			t.Fatal(err)
		}
		dribbled, err := fn(randfault.Dribble(stream))
		if err != nil || !bytes.Equal(full, dribbled) {
			t.Errorf("%s, one byte per Read: %x, %v; want %x", name, dribbled, err, full)
		}
	}
}
