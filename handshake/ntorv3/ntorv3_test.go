package ntorv3

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"os"
	"testing"
)

type v3Vector struct {
	B               string `json:"relay_onion_secret_b"`
	BigB            string `json:"relay_onion_public_B"`
	ID              string `json:"relay_ed25519_id"`
	X               string `json:"client_secret_x"`
	BigX            string `json:"client_public_X"`
	Y               string `json:"relay_ephemeral_secret_y"`
	BigY            string `json:"relay_ephemeral_public_Y"`
	ClientMessage   string `json:"client_message"`
	Verification    string `json:"verification"`
	ServerMessage   string `json:"server_message"`
	ClientHandshake string `json:"client_handshake"`
	ServerHandshake string `json:"server_handshake"`
	Keys256         string `json:"keys_256"`
}

func loadV3(t *testing.T) (map[string]string, []v3Vector) {
	t.Helper()
	data, err := os.ReadFile("testdata/ntor_v3.json")
	if err != nil {
		t.Fatal(err)
	}
	var f struct {
		Constants map[string]string `json:"constants"`
		Vectors   []v3Vector        `json:"vectors"`
	}
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Vectors) == 0 {
		t.Fatal("no vectors")
	}
	return f.Constants, f.Vectors
}

func unhex(t testing.TB, s string) []byte {
	t.Helper()
	b, err := hex.DecodeString(s)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func randBytes(t testing.TB, n int) []byte {
	b := make([]byte, n)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return b
}

func TestConstants(t *testing.T) {
	c, _ := loadV3(t)
	for name, got := range map[string]string{
		"PROTOID": protoID, "t_msgkdf": tMsgKDF, "t_msgmac": tMsgMAC, "t_key_seed": tKeySeed,
		"t_verify": tVerify, "t_final": tFinal, "t_auth": tAuth,
	} {
		if c[name] != got {
			t.Errorf("%s = %q, vector file says %q", name, got, c[name])
		}
	}
}

// TestVector reproduces C tor's / arti's ntor v3 vector byte for byte.
func TestVector(t *testing.T) {
	_, vs := loadV3(t)
	for _, v := range vs {
		b, err := NewPrivateKey(unhex(t, v.B))
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(b.PublicKey()) != v.BigB {
			t.Fatalf("B = %x", b.PublicKey())
		}
		id, ver := unhex(t, v.ID), unhex(t, v.Verification)
		state, msg, err := ClientHandshake(bytes.NewReader(unhex(t, v.X)), id, b.PublicKey(), ver, unhex(t, v.ClientMessage))
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(msg) != v.ClientHandshake {
			t.Fatalf("client handshake\n got %x\nwant %s", msg, v.ClientHandshake)
		}
		relay, err := NewRelay(id, b)
		if err != nil {
			t.Fatal(err)
		}
		ss, cm, err := relay.ServerHandshake(bytes.NewReader(unhex(t, v.Y)), msg, ver)
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(cm) != v.ClientMessage {
			t.Fatalf("relay decrypted CM = %x", cm)
		}
		reply, sks, err := ss.Reply(unhex(t, v.ServerMessage))
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(reply) != v.ServerHandshake {
			t.Fatalf("server handshake\n got %x\nwant %s", reply, v.ServerHandshake)
		}
		sm, cks, err := state.Finish(reply)
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(sm) != v.ServerMessage {
			t.Fatalf("client decrypted SM = %x", sm)
		}
		if got := hex.EncodeToString(mustBytes(t, cks, 256)); got != v.Keys256 {
			t.Fatalf("client keys %s", got)
		}
		// The relay reads its stream in pieces.
		var got []byte
		for _, n := range []int{1, 19, 20, 16, 200} {
			got = append(got, mustBytes(t, sks, n)...)
		}
		if hex.EncodeToString(got) != v.Keys256 {
			t.Fatalf("relay keys %x", got)
		}
	}
}

// TestIntermediates checks the intermediate values of proposal 332 §X.2.
func TestIntermediates(t *testing.T) {
	_, vs := loadV3(t)
	v := vs[0]
	data, err := os.ReadFile("testdata/ntor_v3_intermediates.json")
	if err != nil {
		t.Fatal(err)
	}
	var want map[string]string
	if err := json.Unmarshal(data, &want); err != nil {
		t.Fatal(err)
	}
	b, _ := NewPrivateKey(unhex(t, v.B))
	x, _ := NewPrivateKey(unhex(t, v.X))
	y, _ := NewPrivateKey(unhex(t, v.Y))
	id, ver := unhex(t, v.ID), unhex(t, v.Verification)
	state, msg, err := ClientHandshakeWithKey(x, id, b.PublicKey(), ver, unhex(t, v.ClientMessage))
	if err != nil {
		t.Fatal(err)
	}
	encK1, macK1 := phase1Keys(state.bx[:], id, x.PublicKey(), b.PublicKey(), ver)
	shared := func(k *PrivateKey, p []byte) []byte {
		e, _ := ecdh.X25519().NewPrivateKey(k.Bytes())
		pk, _ := ecdh.X25519().NewPublicKey(p)
		s, _ := e.ECDH(pk)
		return s
	}
	keySeed, verify := finalSeed(shared(y, x.PublicKey()), shared(b, x.PublicKey()), id, b.PublicKey(), x.PublicKey(), y.PublicKey(), ver)
	encKey, _ := finalKeys(&keySeed)
	reply := unhex(t, v.ServerHandshake)
	auth := authTag(&verify, id, b.PublicKey(), y.PublicKey(), x.PublicKey(), state.msgMAC[:], reply[64:])
	for name, got := range map[string][]byte{
		"ENC_K1": encK1[:], "MAC_K1": macK1[:], "msg_mac": state.msgMAC[:], "key_seed": keySeed[:],
		"verify": verify[:], "ENC_KEY": encKey[:], "AUTH": auth[:],
	} {
		if hex.EncodeToString(got) != want[name] {
			t.Errorf("%s = %x, want %s", name, got, want[name])
		}
	}
	if !bytes.Equal(msg[len(msg)-32:], state.msgMAC[:]) {
		t.Error("message does not end with msg_mac")
	}
}

func newTestRelay(t testing.TB, nkeys int) (*Relay, []byte, []*PrivateKey) {
	t.Helper()
	id := randBytes(t, IDSize)
	var keys []*PrivateKey
	for i := 0; i < nkeys; i++ {
		k, err := GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	r, err := NewRelay(id, keys...)
	if err != nil {
		t.Fatal(err)
	}
	return r, id, keys
}

// TestRoundTrip runs handshakes on random keys, messages and verification
// strings, and checks both sides against the reference on crypto/ecdh.
func TestRoundTrip(t *testing.T) {
	relay, id, keys := newTestRelay(t, 2)
	for i, n := range []int{0, 1, 11, 16, 17, 255, 300} {
		b := keys[i%2]
		cm, sm, ver := randBytes(t, n), randBytes(t, n/2+3), randBytes(t, i)
		xk, yk := randBytes(t, 32), randBytes(t, 32)
		state, msg, err := ClientHandshake(bytes.NewReader(xk), id, b.PublicKey(), ver, cm)
		if err != nil {
			t.Fatal(err)
		}
		if len(msg) != ClientOverhead+len(cm) {
			t.Fatalf("client handshake is %d bytes", len(msg))
		}
		ss, gotCM, err := relay.ServerHandshake(bytes.NewReader(yk), msg, ver)
		if err != nil || !bytes.Equal(gotCM, cm) {
			t.Fatalf("relay: %v, CM %x want %x", err, gotCM, cm)
		}
		reply, sks, err := ss.Reply(sm)
		if err != nil {
			t.Fatal(err)
		}
		gotSM, cks, err := state.Finish(reply)
		if err != nil || !bytes.Equal(gotSM, sm) {
			t.Fatalf("client: %v, SM %x want %x", err, gotSM, sm)
		}
		sk, ck := mustBytes(t, sks, 92), mustBytes(t, cks, 92)
		if !bytes.Equal(sk, ck) {
			t.Fatal("keys differ")
		}

		// The reference on crypto/ecdh, same randomness.
		be, _ := ecdh.X25519().NewPrivateKey(b.Bytes())
		rc, rmsg, err := refClientCreate(bytes.NewReader(xk), id, b.PublicKey(), ver, cm)
		if err != nil || !bytes.Equal(rmsg, msg) {
			t.Fatalf("reference client message differs (%v)", err)
		}
		rreply, rcm, rkeys, err := refServer(bytes.NewReader(yk), id, be, ver, msg, sm, 92)
		if err != nil || !bytes.Equal(rreply, reply) || !bytes.Equal(rcm, cm) || !bytes.Equal(rkeys, sk) {
			t.Fatalf("reference relay differs (%v)", err)
		}
		rsm, rk, err := rc.finish(reply, 92)
		if err != nil || !bytes.Equal(rsm, sm) || !bytes.Equal(rk, ck) {
			t.Fatalf("reference client differs (%v)", err)
		}
	}
}

// TestTamperClient: any change to the client's handshake is an error at the
// relay (every byte is covered by the MAC, or names the relay or its key).
func TestTamperClient(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	ver := []byte("ver")
	_, msg, err := ClientHandshake(nil, id, keys[0].PublicKey(), ver, []byte("hello world"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range msg {
		for _, mask := range []byte{0x01, 0x80} {
			bad := append([]byte(nil), msg...)
			bad[i] ^= mask
			if _, cm, err := relay.ServerHandshake(nil, bad, ver); err == nil || cm != nil {
				t.Fatalf("relay accepted byte %d ^ %#x", i, mask)
			}
		}
	}
	// Truncation and extension break the MAC too.
	for _, bad := range [][]byte{msg[:len(msg)-1], append(append([]byte(nil), msg...), 0), msg[:ClientOverhead-1], nil} {
		if _, _, err := relay.ServerHandshake(nil, bad, ver); err == nil {
			t.Fatalf("relay accepted a %d-byte message", len(bad))
		}
	}
	// A different verification string is rejected.
	if _, _, err := relay.ServerHandshake(nil, msg, []byte("veR")); !errors.Is(err, ErrAuthFailed) {
		t.Fatalf("verification mismatch: %v", err)
	}
	if _, _, err := relay.ServerHandshake(nil, msg, ver); err != nil {
		t.Fatalf("genuine message rejected: %v", err)
	}
}

// TestTamperReply: any change to the relay's reply makes the client fail.
func TestTamperReply(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	// States are single-use: each attempt gets a new state for the same
	// ephemeral key, hence the same message and genuine reply.
	x, _ := GenerateKey(nil)
	newState := func() *ClientState {
		state, _, err := ClientHandshakeWithKey(x, id, keys[0].PublicKey(), nil, []byte("hi"))
		if err != nil {
			t.Fatal(err)
		}
		return state
	}
	_, msg, err := ClientHandshakeWithKey(x, id, keys[0].PublicKey(), nil, []byte("hi"))
	if err != nil {
		t.Fatal(err)
	}
	ss, _, err := relay.ServerHandshake(nil, msg, nil)
	if err != nil {
		t.Fatal(err)
	}
	reply, _, err := ss.Reply([]byte("server says hi"))
	if err != nil {
		t.Fatal(err)
	}
	for i := range reply {
		for _, mask := range []byte{0x01, 0x80, 0xff} {
			bad := append([]byte(nil), reply...)
			bad[i] ^= mask
			if sm, ks, err := newState().Finish(bad); err == nil || sm != nil || ks != nil {
				t.Fatalf("client accepted byte %d ^ %#x", i, mask)
			}
		}
	}
	for _, bad := range [][]byte{reply[:len(reply)-1], append(append([]byte(nil), reply...), 0), reply[:63], nil} {
		if _, _, err := newState().Finish(bad); err == nil {
			t.Fatalf("client accepted a %d-byte reply", len(bad))
		}
	}
	if _, _, err := newState().Finish(reply); err != nil {
		t.Fatalf("genuine reply rejected: %v", err)
	}
}

var lowOrder = []string{
	"0000000000000000000000000000000000000000000000000000000000000000",
	"0100000000000000000000000000000000000000000000000000000000000000",
	"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
	"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
}

func TestLowOrderRejected(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	for _, h := range lowOrder {
		p := unhex(t, h)
		if _, _, err := ClientHandshake(nil, id, p, nil, nil); !errors.Is(err, ErrInvalidPoint) {
			t.Errorf("client accepted onion key %s: %v", h, err)
		}
		msg := append(append(append(append([]byte{}, id...), keys[0].PublicKey()...), p...), make([]byte, 32)...)
		if _, _, err := relay.ServerHandshake(nil, msg, nil); !errors.Is(err, ErrInvalidPoint) {
			t.Errorf("relay accepted X = %s: %v", h, err)
		}
		state, _, err := ClientHandshake(nil, id, keys[0].PublicKey(), nil, nil)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := state.Finish(append(append([]byte{}, p...), make([]byte, 32)...)); !errors.Is(err, ErrInvalidPoint) {
			t.Errorf("client accepted Y = %s: %v", h, err)
		}
	}
}

func TestWrongRelayAndKey(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	other, _ := GenerateKey(nil)
	if _, msg, err := ClientHandshake(nil, id, other.PublicKey(), nil, nil); err != nil {
		t.Fatal(err)
	} else if _, _, err := relay.ServerHandshake(nil, msg, nil); !errors.Is(err, ErrUnknownKey) {
		t.Errorf("unknown key: %v", err)
	}
	wrongID := append([]byte(nil), id...)
	wrongID[0] ^= 1
	if _, msg, err := ClientHandshake(nil, wrongID, keys[0].PublicKey(), nil, nil); err != nil {
		t.Fatal(err)
	} else if _, _, err := relay.ServerHandshake(nil, msg, nil); !errors.Is(err, ErrWrongRelay) {
		t.Errorf("wrong relay: %v", err)
	}
	if _, _, err := ClientHandshake(nil, id[:31], keys[0].PublicKey(), nil, nil); !errors.Is(err, ErrInvalidLength) {
		t.Errorf("31-byte ID: %v", err)
	}
	if _, _, err := ClientHandshake(nil, id, keys[0].PublicKey()[:31], nil, nil); !errors.Is(err, ErrInvalidLength) {
		t.Errorf("31-byte key: %v", err)
	}
	if _, err := NewRelay(id[:20], keys[0]); err == nil {
		t.Error("20-byte relay ID accepted")
	}
	if _, err := NewRelay(id); err == nil {
		t.Error("relay without keys accepted")
	}
	if _, err := NewRelay(id, nil); err == nil {
		t.Error("nil onion key accepted")
	}
	if _, _, err := ClientHandshakeWithKey(nil, id, keys[0].PublicKey(), nil, nil); err == nil {
		t.Error("nil ephemeral key accepted")
	}
	_, msg, _ := ClientHandshake(nil, id, keys[0].PublicKey(), nil, nil)
	if _, _, err := relay.ServerHandshakeWithKey(nil, msg, nil); err == nil {
		t.Error("nil relay ephemeral key accepted")
	}
	if _, err := NewPrivateKey(make([]byte, 31)); err == nil {
		t.Error("31-byte private key accepted")
	}
	if _, err := GenerateKey(bytes.NewReader(make([]byte, 10))); err == nil {
		t.Error("short rand accepted")
	}
}

func FuzzServerHandshake(f *testing.F) {
	relay, id, keys := newTestRelay(f, 1)
	_, msg, _ := ClientHandshake(nil, id, keys[0].PublicKey(), nil, []byte("hello"))
	f.Add(msg)
	f.Add(msg[:100])
	f.Add(msg[:128])
	f.Fuzz(func(t *testing.T, m []byte) {
		ss, _, err := relay.ServerHandshake(nil, m, nil)
		if err == nil && (!bytes.Equal(m, msg) || ss == nil) {
			t.Fatalf("relay accepted forged message %x", m)
		}
	})
}

func FuzzClientFinish(f *testing.F) {
	relay, id, keys := newTestRelay(f, 1)
	x, _ := GenerateKey(nil)
	_, msg, _ := ClientHandshakeWithKey(x, id, keys[0].PublicKey(), nil, nil)
	ss, _, _ := relay.ServerHandshake(nil, msg, nil)
	reply, _, _ := ss.Reply([]byte("x"))
	f.Add(reply[:64])
	f.Add(reply[:10])
	f.Fuzz(func(t *testing.T, r []byte) {
		state, _, _ := ClientHandshakeWithKey(x, id, keys[0].PublicKey(), nil, nil)
		_, _, err := state.Finish(r)
		if err == nil && !bytes.Equal(r, reply) {
			t.Fatalf("client accepted forged reply %x", r)
		}
	})
}

// mustBytes reads n bytes of ks, failing the test on an error.
func mustBytes(t testing.TB, ks *KeyMaterial, n int) []byte {
	t.Helper()
	b, err := ks.Bytes(n)
	if err != nil {
		t.Fatal(err)
	}
	return b
}
