package ntor

import (
	"bytes"
	"crypto/hkdf"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"io"
	"os"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
)

type ntorVectorFile struct {
	Constants map[string]string `json:"constants"`
	Vectors   []struct {
		RelayID         string `json:"relay_id"`
		B               string `json:"relay_onion_secret_b"`
		BigB            string `json:"relay_onion_public_B"`
		X               string `json:"client_secret_x"`
		BigX            string `json:"client_public_X"`
		Y               string `json:"relay_ephemeral_secret_y"`
		BigY            string `json:"relay_ephemeral_public_Y"`
		ClientHandshake string `json:"client_handshake"`
		ServerHandshake string `json:"server_handshake"`
		KeyMaterial     string `json:"key_material"`
		KeyLength       int    `json:"key_material_length"`
	} `json:"vectors"`
	Derived struct {
		KeySeed string `json:"key_seed"`
		Verify  string `json:"verify"`
	} `json:"derived_here_not_in_source"`
	HKDF []struct {
		IKM    string `json:"ikm_hex"`
		Length int    `json:"length"`
		OKM    string `json:"okm"`
	} `json:"hkdf_vectors"`
}

func loadVectors(t *testing.T) *ntorVectorFile {
	t.Helper()
	data, err := os.ReadFile("testdata/ntor.json")
	if err != nil {
		t.Fatal(err)
	}
	var f ntorVectorFile
	if err := json.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	if len(f.Vectors) == 0 || len(f.HKDF) != 3 {
		t.Fatal("vector file is missing cases")
	}
	return &f
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
	f := loadVectors(t)
	for name, got := range map[string]string{
		"PROTOID": protoID, "t_mac": tMac, "t_key": tKey, "t_verify": tVerify,
		"m_expand": mExpand, "server_string": server,
	} {
		if want := f.Constants[name]; got != want {
			t.Errorf("%s = %q, vector file says %q", name, got, want)
		}
	}
}

// TestVector reproduces arti's ntor vector byte for byte, on both sides.
func TestVector(t *testing.T) {
	f := loadVectors(t)
	for _, v := range f.Vectors {
		id := unhex(t, v.RelayID)
		b, err := NewPrivateKey(unhex(t, v.B))
		if err != nil {
			t.Fatal(err)
		}
		if got := b.PublicKey(); !bytes.Equal(got, unhex(t, v.BigB)) {
			t.Fatalf("B = %x, want %s", got, v.BigB)
		}
		relay, err := NewRelay(id, b)
		if err != nil {
			t.Fatal(err)
		}
		// The ephemeral keys come from the rand readers.
		state, msg, err := ClientHandshake(bytes.NewReader(unhex(t, v.X)), id, b.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(msg) != v.ClientHandshake {
			t.Fatalf("client handshake %x, want %s", msg, v.ClientHandshake)
		}
		if hex.EncodeToString(state.pub[:]) != v.BigX {
			t.Fatalf("X = %x, want %s", state.pub, v.BigX)
		}
		reply, skeys, err := relay.ServerHandshake(bytes.NewReader(unhex(t, v.Y)), msg)
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(reply) != v.ServerHandshake {
			t.Fatalf("server handshake %x, want %s", reply, v.ServerHandshake)
		}
		if hex.EncodeToString(reply[:32]) != v.BigY {
			t.Fatalf("Y = %x, want %s", reply[:32], v.BigY)
		}
		ckeys, err := state.Finish(reply)
		if err != nil {
			t.Fatal(err)
		}
		sk, err := skeys.Bytes(v.KeyLength)
		if err != nil {
			t.Fatal(err)
		}
		ck, err := ckeys.Bytes(v.KeyLength)
		if err != nil {
			t.Fatal(err)
		}
		if hex.EncodeToString(sk) != v.KeyMaterial || hex.EncodeToString(ck) != v.KeyMaterial {
			t.Fatalf("keys: server %x, client %x, want %s", sk, ck, v.KeyMaterial)
		}

		// Intermediates: KEY_SEED and verify (derived_here_not_in_source).
		var si secretInput
		y, _ := NewPrivateKey(unhex(t, v.Y))
		if si.exchange2(&y.secret, &b.secret, unhex(t, v.BigX)) != 1 {
			t.Fatal("exchange failed")
		}
		si.append(id, b.PublicKey(), unhex(t, v.BigX), unhex(t, v.BigY))
		keySeed, _ := si.derive(id, b.PublicKey(), unhex(t, v.BigY), unhex(t, v.BigX))
		if hex.EncodeToString(keySeed[:]) != f.Derived.KeySeed {
			t.Errorf("KEY_SEED = %x, want %s", keySeed, f.Derived.KeySeed)
		}
		m := hmac.New(sha256.New, []byte(tVerify))
		m.Write(si.buf[:])
		if got := hex.EncodeToString(m.Sum(nil)); got != f.Derived.Verify {
			t.Errorf("verify = %s, want %s", got, f.Derived.Verify)
		}
	}
}

// TestHKDFVectors checks the KDF against proposal 216's HKDF-SHA256 vectors
// (salt t_key, info m_expand).
func TestHKDFVectors(t *testing.T) {
	f := loadVectors(t)
	for _, v := range f.HKDF {
		m := hmac.New(sha256.New, []byte(tKey))
		m.Write(unhex(t, v.IKM))
		k := newKeyMaterial(m.Sum(nil))
		got, err := k.Bytes(v.Length)
		if err != nil || hex.EncodeToString(got) != v.OKM {
			t.Errorf("IKM %q: got %x, %v; want %s", v.IKM, got, err, v.OKM)
		}
	}
}

// TestKeyMaterialStream checks the streaming HKDF-Expand against crypto/hkdf
// for random inputs read in uneven pieces, and the 8160-byte limit.
func TestKeyMaterialStream(t *testing.T) {
	for _, chunk := range []int{1, 7, 31, 32, 33, 100, 8160} {
		ikm := randBytes(t, 50)
		want, err := hkdf.Key(sha256.New, ikm, []byte(tKey), mExpand, MaxKeyMaterial)
		if err != nil {
			t.Fatal(err)
		}
		m := hmac.New(sha256.New, []byte(tKey))
		m.Write(ikm)
		k := newKeyMaterial(m.Sum(nil))
		var got []byte
		buf := make([]byte, chunk)
		for len(got) < MaxKeyMaterial {
			n, err := k.Read(buf)
			got = append(got, buf[:n]...)
			if err != nil {
				if len(got) != MaxKeyMaterial {
					t.Fatalf("chunk %d: error after %d bytes: %v", chunk, len(got), err)
				}
				break
			}
		}
		if !bytes.Equal(got, want) {
			t.Fatalf("chunk %d: stream differs from crypto/hkdf", chunk)
		}
		if n, err := k.Read(buf[:1]); n != 0 || err == nil {
			t.Fatalf("read past the HKDF limit: %d, %v", n, err)
		}
		if _, err := k.Bytes(1); err == nil {
			t.Fatal("Bytes past the HKDF limit succeeded")
		}
	}
	k := newKeyMaterial(make([]byte, 32))
	if _, err := k.Bytes(MaxKeyMaterial + 1); err == nil {
		t.Fatal("Bytes(8161) succeeded")
	}
	if _, err := k.Bytes(-1); err == nil {
		t.Fatal("Bytes(-1) succeeded")
	}
	if b, err := k.Bytes(MaxKeyMaterial); err != nil || len(b) != MaxKeyMaterial {
		t.Fatal("Bytes(8160) failed after a refused request")
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

// TestRoundTrip runs handshakes on random keys with every onion key the
// relay holds, and checks both sides against the independent reference
// ntor (ntor_ref_test.go) run on the same keys.
func TestRoundTrip(t *testing.T) {
	relay, id, keys := newTestRelay(t, 3)
	for i := 0; i < 9; i++ {
		b := keys[i%len(keys)]
		x, yk := randBytes(t, 32), randBytes(t, 32)
		state, msg, err := ClientHandshake(bytes.NewReader(x), id, b.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		reply, skeys, err := relay.ServerHandshake(bytes.NewReader(yk), msg)
		if err != nil {
			t.Fatal(err)
		}
		ckeys, err := state.Finish(reply)
		if err != nil {
			t.Fatal(err)
		}
		sk, _ := skeys.Bytes(92)
		ck, _ := ckeys.Bytes(92)
		if !bytes.Equal(sk, ck) {
			t.Fatal("client and relay keys differ")
		}

		for _, dh := range []refDH{refECDH} {
			rc, rmsg := refClientCreate(dh, bytes.NewReader(x), id, b.PublicKey())
			if !bytes.Equal(rmsg, msg) {
				t.Fatalf("%s: client message differs", dh.Name)
			}
			rreply, rkeys, err := refServer(dh, bytes.NewReader(yk), id, dh.NewKey(b.Bytes()), msg, 92)
			if err != nil || !bytes.Equal(rreply, reply) || !bytes.Equal(rkeys, sk) {
				t.Fatalf("%s: reference relay differs (%v)", dh.Name, err)
			}
			if rk, err := rc.Finish(reply, 92); err != nil || !bytes.Equal(rk, ck) {
				t.Fatalf("%s: reference client differs (%v)", dh.Name, err)
			}
		}
	}
}

func TestWithKey(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	x, _ := GenerateKey(nil)
	y, _ := GenerateKey(nil)
	state, msg, err := ClientHandshakeWithKey(x, id, keys[0].PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	reply, skeys, err := relay.ServerHandshakeWithKey(y, msg)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(reply[:32], y.PublicKey()) || !bytes.Equal(msg[52:], x.PublicKey()) {
		t.Fatal("ephemeral keys not used")
	}
	ckeys, err := state.Finish(reply)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := skeys.Bytes(100)
	b, _ := ckeys.Bytes(100)
	if !bytes.Equal(a, b) {
		t.Fatal("keys differ")
	}
}

// TestTamperReply: any change to the relay's reply makes the client fail.
func TestTamperReply(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	// States are single-use: each attempt gets a new state for the same
	// ephemeral key, hence the same message and genuine reply.
	x, _ := GenerateKey(nil)
	newState := func() *ClientState {
		state, _, err := ClientHandshakeWithKey(x, id, keys[0].PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		return state
	}
	_, msg, err := ClientHandshakeWithKey(x, id, keys[0].PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	reply, _, err := relay.ServerHandshake(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	for i := range reply {
		for _, mask := range []byte{0x01, 0x80, 0xff} {
			bad := append([]byte(nil), reply...)
			bad[i] ^= mask
			if k, err := newState().Finish(bad); err == nil || k != nil {
				t.Fatalf("client accepted a reply with byte %d ^ %#x", i, mask)
			}
		}
	}
	for _, bad := range [][]byte{nil, reply[:63], append(append([]byte(nil), reply...), 0)} {
		if _, err := newState().Finish(bad); !errors.Is(err, ErrInvalidLength) {
			t.Fatalf("reply of %d bytes: %v", len(bad), err)
		}
	}
	if _, err := newState().Finish(reply); err != nil {
		t.Fatalf("the genuine reply fails after tampering attempts: %v", err)
	}
}

// TestTamperClientMessage: any change to the client's message gives an error
// at the relay or an AUTH failure at the client, never agreed keys.
func TestTamperClientMessage(t *testing.T) {
	relay, id, keys := newTestRelay(t, 2)
	x, _ := GenerateKey(nil)
	_, msg, err := ClientHandshakeWithKey(x, id, keys[0].PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	for i := range msg {
		for _, mask := range []byte{0x01, 0x80} {
			bad := append([]byte(nil), msg...)
			bad[i] ^= mask
			reply, _, err := relay.ServerHandshake(nil, bad)
			if err != nil {
				switch {
				case i < IDSize && errors.Is(err, ErrWrongRelay):
				case i >= IDSize && i < IDSize+KeySize && errors.Is(err, ErrUnknownKey):
				case i >= IDSize+KeySize && errors.Is(err, ErrInvalidPoint):
				default:
					t.Fatalf("byte %d ^ %#x: unexpected error %v", i, mask, err)
				}
				continue
			}
			if i < IDSize+KeySize {
				t.Fatalf("relay accepted a wrong ID or KEYID (byte %d)", i)
			}
			state, _, err := ClientHandshakeWithKey(x, id, keys[0].PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			if k, err := state.Finish(reply); err == nil || k != nil {
				t.Fatalf("client accepted keys after byte %d ^ %#x of its message", i, mask)
			}
		}
	}
	for _, bad := range [][]byte{nil, msg[:83], append(append([]byte(nil), msg...), 0)} {
		if _, _, err := relay.ServerHandshake(nil, bad); !errors.Is(err, ErrInvalidLength) {
			t.Fatalf("message of %d bytes: %v", len(bad), err)
		}
	}
}

// lowOrder lists u-coordinates of low-order points (order 1, 2, 4, 8), whose
// X25519 results are all zero.
var lowOrder = []string{
	"0000000000000000000000000000000000000000000000000000000000000000",
	"0100000000000000000000000000000000000000000000000000000000000000",
	"e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800",
	"5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
}

func TestLowOrderRejected(t *testing.T) {
	relay, id, keys := newTestRelay(t, 1)
	for _, h := range lowOrder {
		p := unhex(t, h)
		// Client sends a low-order X.
		msg := append(append(append([]byte{}, id...), keys[0].PublicKey()...), p...)
		if _, k, err := relay.ServerHandshake(nil, msg); !errors.Is(err, ErrInvalidPoint) || k != nil {
			t.Errorf("relay accepted X = %s: %v", h, err)
		}
		// Relay (or an attacker) answers with a low-order Y.
		state, _, err := ClientHandshake(nil, id, keys[0].PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		reply := append(append([]byte{}, p...), make([]byte, 32)...)
		if k, err := state.Finish(reply); !errors.Is(err, ErrInvalidPoint) || k != nil {
			t.Errorf("client accepted Y = %s: %v", h, err)
		}
		// The client is given a low-order onion key B, with or without
		// bit 255 (which X25519 ignores): refused before any message.
		for _, top := range []byte{0, 0x80} {
			q := append([]byte(nil), p...)
			q[31] |= top
			if st, m, err := ClientHandshake(nil, id, q); !errors.Is(err, ErrInvalidPoint) || st != nil || m != nil {
				t.Errorf("client accepted B = %x: %v", q, err)
			}
			x, _ := GenerateKey(nil)
			if st, m, err := ClientHandshakeWithKey(x, id, q); !errors.Is(err, ErrInvalidPoint) || st != nil || m != nil {
				t.Errorf("ClientHandshakeWithKey accepted B = %x: %v", q, err)
			}
		}
	}
}

// TestLowOrderList checks the list isLowOrder refuses against X25519
// itself: every listed key, with or without bit 255, makes X25519 fail
// (all-zero output), and keys off the list near the listed ones, small
// values, values near p and 2^255, and random keys do not.
func TestLowOrderList(t *testing.T) {
	scalar := make([]byte, 32)
	rand.Read(scalar)
	x25519Fails := func(u []byte) bool {
		_, err := curve25519.X25519(scalar, u)
		return err != nil
	}
	if len(lowOrderKeys) != len(lowOrder)+1 {
		t.Fatalf("%d keys on the list, want %d", len(lowOrderKeys), len(lowOrder)+1)
	}
	var candidates [][]byte
	for _, k := range lowOrderKeys {
		for _, top := range []byte{0, 0x80} {
			for _, d := range []int{0, 1, -1, 2} {
				u := k
				u[0] += byte(d)
				u[31] |= top
				candidates = append(candidates, u[:])
			}
		}
	}
	for i := 0; i < 256; i++ {
		u := make([]byte, 32)
		u[0] = byte(i)
		candidates = append(candidates, u)
		v := bytes.Repeat([]byte{0xff}, 32)
		v[0] = byte(i)
		candidates = append(candidates, v)
		w := make([]byte, 32)
		rand.Read(w)
		candidates = append(candidates, w)
	}
	n := 0
	for _, u := range candidates {
		got, want := isLowOrder(u), x25519Fails(u)
		if got != want {
			t.Errorf("isLowOrder(%x) = %v, X25519 fails: %v", u, got, want)
		}
		if got {
			n++
		}
	}
	if n < 2*len(lowOrderKeys) {
		t.Errorf("only %d low-order candidates", n)
	}
}

func TestBadInputs(t *testing.T) {
	k, _ := GenerateKey(nil)
	if _, _, err := ClientHandshake(nil, make([]byte, 19), k.PublicKey()); err == nil {
		t.Error("19-byte ID accepted")
	}
	if _, _, err := ClientHandshake(nil, make([]byte, 20), k.PublicKey()[:31]); err == nil {
		t.Error("31-byte key accepted")
	}
	if _, err := NewRelay(make([]byte, 21), k); err == nil {
		t.Error("21-byte relay ID accepted")
	}
	if _, err := NewRelay(make([]byte, 20)); err == nil {
		t.Error("relay without keys accepted")
	}
	if _, err := NewRelay(make([]byte, 20), nil); err == nil {
		t.Error("nil onion key accepted")
	}
	if _, _, err := ClientHandshakeWithKey(nil, make([]byte, 20), k.PublicKey()); err == nil {
		t.Error("nil ephemeral key accepted")
	}
	relay, _ := NewRelay(make([]byte, 20), k)
	_, msg, _ := ClientHandshake(nil, make([]byte, 20), k.PublicKey())
	if _, _, err := relay.ServerHandshakeWithKey(nil, msg); err == nil {
		t.Error("nil relay ephemeral key accepted")
	}
	if _, err := NewPrivateKey(make([]byte, 33)); err == nil {
		t.Error("33-byte private key accepted")
	}
	if _, err := GenerateKey(bytes.NewReader(make([]byte, 31))); err == nil {
		t.Error("short rand accepted")
	}
	if _, _, err := ClientHandshake(bytes.NewReader(nil), make([]byte, 20), k.PublicKey()); !errors.Is(err, io.EOF) {
		t.Errorf("empty rand: %v", err)
	}
	if got := k.Bytes(); len(got) != 32 {
		t.Error("Bytes length")
	}
	k2, _ := NewPrivateKey(k.Bytes())
	if !bytes.Equal(k2.PublicKey(), k.PublicKey()) {
		t.Error("NewPrivateKey(Bytes()) changed the key")
	}
}

// FuzzServerHandshake feeds arbitrary client messages to a relay: it must
// never panic, and may only succeed on well-formed messages for its ID and key.
func FuzzServerHandshake(f *testing.F) {
	relay, id, keys := newTestRelay(f, 1)
	_, msg, _ := ClientHandshake(nil, id, keys[0].PublicKey())
	f.Add(msg)
	f.Add(msg[:50])
	f.Add(append(append([]byte{}, msg[:52]...), make([]byte, 32)...))
	f.Fuzz(func(t *testing.T, m []byte) {
		reply, k, err := relay.ServerHandshake(nil, m)
		if err != nil {
			return
		}
		if len(m) != ClientMessageSize || !bytes.Equal(m[:52], msg[:52]) || len(reply) != ServerReplySize || k == nil {
			t.Fatalf("accepted malformed message %x", m)
		}
	})
}

// FuzzClientFinish feeds arbitrary replies to a client: no panic, no keys.
func FuzzClientFinish(f *testing.F) {
	relay, id, keys := newTestRelay(f, 1)
	x, _ := GenerateKey(nil)
	_, msg, _ := ClientHandshakeWithKey(x, id, keys[0].PublicKey())
	reply, _, _ := relay.ServerHandshake(nil, msg)
	bad := append([]byte(nil), reply...)
	bad[40] ^= 1
	f.Add(bad)
	f.Add(reply[:10])
	f.Fuzz(func(t *testing.T, r []byte) {
		state, _, _ := ClientHandshakeWithKey(x, id, keys[0].PublicKey())
		k, err := state.Finish(r)
		if err == nil && !bytes.Equal(r, reply) {
			t.Fatalf("accepted forged reply %x (keys %v)", r, k != nil)
		}
	})
}
