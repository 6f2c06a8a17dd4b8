package handshake_test

import (
	"errors"
	"testing"

	"github.com/curvekit/curvekit/handshake"
	"github.com/curvekit/curvekit/handshake/ace"
	"github.com/curvekit/curvekit/handshake/hsntor"
	"github.com/curvekit/curvekit/handshake/ntor"
	"github.com/curvekit/curvekit/handshake/ntorv3"
)

// TestErrorsAcrossPackages provokes the same failures in each handshake
// package and checks that one errors.Is test against the shared value
// matches all of them, and that the packages' variables are those values.
func TestErrorsAcrossPackages(t *testing.T) {
	for _, c := range []struct {
		name   string
		shared error
		pkgs   []error
	}{
		{"ErrInvalidLength", handshake.ErrInvalidLength, []error{ntor.ErrInvalidLength, ntorv3.ErrInvalidLength, ace.ErrInvalidLength, hsntor.ErrInvalidLength}},
		{"ErrInvalidPoint", handshake.ErrInvalidPoint, []error{ntor.ErrInvalidPoint, ntorv3.ErrInvalidPoint, ace.ErrInvalidPoint, hsntor.ErrInvalidPoint}},
		{"ErrWrongRelay", handshake.ErrWrongRelay, []error{ntor.ErrWrongRelay, ntorv3.ErrWrongRelay, ace.ErrWrongRelay}},
		{"ErrUnknownKey", handshake.ErrUnknownKey, []error{ntor.ErrUnknownKey, ntorv3.ErrUnknownKey, ace.ErrUnknownKey}},
		{"ErrAuthFailed", handshake.ErrAuthFailed, []error{ntor.ErrAuthFailed, ntorv3.ErrAuthFailed, ace.ErrAuthFailed, hsntor.ErrAuthFailed}},
		{"ErrStateUsed", handshake.ErrStateUsed, []error{ntor.ErrStateUsed, ntorv3.ErrStateUsed, ace.ErrStateUsed, hsntor.ErrStateUsed}},
	} {
		for i, e := range c.pkgs {
			if e != c.shared {
				t.Errorf("%s of package %d is not handshake.%s", c.name, i, c.name)
			}
		}
	}

	type failures map[error]error // shared value → the error a package returned
	got := map[string]failures{"ntor": ntorFailures(t), "ntorv3": ntorv3Failures(t), "ace": aceFailures(t), "hsntor": hsntorFailures(t)}
	// hs-ntor has no relay identity or onion-key choice: its service is
	// one introduction point with one key.
	provoked := map[string]int{"ntor": 6, "ntorv3": 6, "ace": 6, "hsntor": 4}
	for pkg, fs := range got {
		for want, err := range fs {
			if !errors.Is(err, want) {
				t.Errorf("%s: %v does not wrap %v", pkg, err, want)
			}
			for _, other := range []error{handshake.ErrInvalidLength, handshake.ErrInvalidPoint, handshake.ErrWrongRelay,
				handshake.ErrUnknownKey, handshake.ErrAuthFailed, handshake.ErrStateUsed} {
				if other != want && errors.Is(err, other) {
					t.Errorf("%s: %v also matches %v", pkg, err, other)
				}
			}
		}
		if len(fs) != provoked[pkg] {
			t.Errorf("%s: %d failures provoked, want %d", pkg, len(fs), provoked[pkg])
		}
	}
}

func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 1
	return c
}

func ntorFailures(t *testing.T) map[error]error {
	id := make([]byte, ntor.IDSize)
	b, _ := ntor.GenerateKey(nil)
	relay, err := ntor.NewRelay(id, b)
	if err != nil {
		t.Fatal(err)
	}
	st, msg, err := ntor.ClientHandshake(nil, id, b.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	reply, _, err := relay.ServerHandshake(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	m := map[error]error{}
	_, _, m[handshake.ErrInvalidLength] = relay.ServerHandshake(nil, msg[1:])
	_, _, m[handshake.ErrInvalidPoint] = ntor.ClientHandshake(nil, id, make([]byte, ntor.KeySize))
	_, _, m[handshake.ErrWrongRelay] = relay.ServerHandshake(nil, flip(msg, 0))
	_, _, m[handshake.ErrUnknownKey] = relay.ServerHandshake(nil, flip(msg, ntor.IDSize))
	_, m[handshake.ErrAuthFailed] = st.Finish(flip(reply, ntor.KeySize))
	_, m[handshake.ErrStateUsed] = st.Finish(reply)
	return m
}

func ntorv3Failures(t *testing.T) map[error]error {
	id := make([]byte, ntorv3.IDSize)
	b, _ := ntorv3.GenerateKey(nil)
	relay, err := ntorv3.NewRelay(id, b)
	if err != nil {
		t.Fatal(err)
	}
	st, msg, err := ntorv3.ClientHandshake(nil, id, b.PublicKey(), nil, nil)
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
	m := map[error]error{}
	_, _, m[handshake.ErrInvalidLength] = relay.ServerHandshake(nil, msg[:10], nil)
	_, _, m[handshake.ErrInvalidPoint] = ntorv3.ClientHandshake(nil, id, make([]byte, ntorv3.KeySize), nil, nil)
	_, _, m[handshake.ErrWrongRelay] = relay.ServerHandshake(nil, flip(msg, 0), nil)
	_, _, m[handshake.ErrUnknownKey] = relay.ServerHandshake(nil, flip(msg, ntorv3.IDSize), nil)
	_, _, m[handshake.ErrAuthFailed] = st.Finish(flip(reply, ntorv3.KeySize))
	_, _, m[handshake.ErrStateUsed] = ss.Reply(nil)
	return m
}

func aceFailures(t *testing.T) map[error]error {
	id := make([]byte, ace.IDSize)
	b, _ := ace.GenerateKey(nil)
	relay, err := ace.NewRelay(id, b)
	if err != nil {
		t.Fatal(err)
	}
	st, msg, err := ace.ClientHandshake(nil, id, b.PublicKey().Bytes())
	if err != nil {
		t.Fatal(err)
	}
	reply, _, err := relay.ServerHandshake(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	m := map[error]error{}
	_, _, m[handshake.ErrInvalidLength] = relay.ServerHandshake(nil, msg[1:])
	_, _, m[handshake.ErrInvalidPoint] = ace.ClientHandshake(nil, id, make([]byte, ace.PublicKeySize))
	_, _, m[handshake.ErrWrongRelay] = relay.ServerHandshake(nil, flip(msg, 0))
	_, _, m[handshake.ErrUnknownKey] = relay.ServerHandshake(nil, flip(msg, ace.IDSize))
	_, m[handshake.ErrAuthFailed] = st.Finish(flip(reply, ace.PublicKeySize))
	_, m[handshake.ErrStateUsed] = st.Finish(reply)
	return m
}

func hsntorFailures(t *testing.T) map[error]error {
	key, err := hsntor.GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	auth := make([]byte, 32)
	subcred := make([]byte, 32)
	header := []byte("INTRODUCE1 header")
	svc, err := hsntor.NewService(key, auth, subcred)
	if err != nil {
		t.Fatal(err)
	}
	st, msg, err := hsntor.ClientHandshake(nil, auth, key.PublicKey(), subcred, header, []byte("plaintext"))
	if err != nil {
		t.Fatal(err)
	}
	ss, _, err := svc.Receive(header, msg)
	if err != nil {
		t.Fatal(err)
	}
	reply, _, err := ss.Reply(nil)
	if err != nil {
		t.Fatal(err)
	}
	m := map[error]error{}
	_, _, m[handshake.ErrInvalidLength] = hsntor.ClientHandshake(nil, auth[1:], key.PublicKey(), subcred, header, nil)
	_, _, m[handshake.ErrInvalidPoint] = hsntor.ClientHandshake(nil, auth, make([]byte, hsntor.KeySize), subcred, header, nil)
	_, _, m[handshake.ErrAuthFailed] = svc.Receive(header, flip(msg, len(msg)-1))
	if _, err := st.Finish(reply); err != nil {
		t.Fatal(err)
	}
	_, m[handshake.ErrStateUsed] = st.Finish(reply)
	return m
}
