package ace

import (
	"bytes"
	"crypto/rand"
	"errors"
	"testing"
)

// Offsets of B, X1 and X2 in the client message NODEID ‖ B ‖ X1 ‖ X2.
const (
	offB  = IDSize
	offX1 = offB + PublicKeySize
	offX2 = offX1 + PublicKeySize
)

func mustKey(t testing.TB) *PrivateKey {
	t.Helper()
	k, err := GenerateKey(nil)
	if err != nil {
		t.Fatal(err)
	}
	return k
}

func randomNodeID(t testing.TB) []byte {
	t.Helper()
	id := make([]byte, IDSize)
	if _, err := rand.Read(id); err != nil {
		t.Fatal(err)
	}
	return id
}

// testRelay returns a relay with one fresh onion key.
func testRelay(t testing.TB) (*Relay, *PrivateKey, []byte) {
	t.Helper()
	id := randomNodeID(t)
	k := mustKey(t)
	r, err := NewRelay(id, k)
	if err != nil {
		t.Fatal(err)
	}
	return r, k, id
}

func TestRoundTrip(t *testing.T) {
	n := 20
	if testing.Short() {
		n = 4
	}
	for i := 0; i < n; i++ {
		relay, k, id := testRelay(t)
		st, msg, err := ClientHandshakePrecomputed(nil, id, k.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		if len(msg) != ClientMessageSize {
			t.Fatalf("client message is %d bytes", len(msg))
		}
		if !bytes.Equal(msg[:IDSize], id) || !bytes.Equal(msg[offB:offX1], k.PublicKey().Bytes()) {
			t.Fatal("client message does not start with NODEID ‖ B")
		}
		reply, serverKeys, err := relay.ServerHandshake(nil, msg)
		if err != nil {
			t.Fatal(err)
		}
		if len(reply) != ServerReplySize || len(serverKeys) != KeyMaterialSize {
			t.Fatalf("reply %d bytes, keys %d bytes", len(reply), len(serverKeys))
		}
		clientKeys, err := st.Finish(reply)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(clientKeys, serverKeys) {
			t.Fatal("client and server keys differ")
		}
		if bytes.Equal(clientKeys, make([]byte, KeyMaterialSize)) {
			t.Fatal("all-zero keys")
		}
		if _, err := st.Finish(reply); !errors.Is(err, ErrStateUsed) {
			t.Fatalf("second Finish: got %v, want ErrStateUsed", err)
		}
	}
}

func TestFreshKeysEachHandshake(t *testing.T) {
	relay, k, id := testRelay(t)
	seen := map[string]bool{}
	for i := 0; i < 3; i++ {
		st, msg, err := ClientHandshakePrecomputed(nil, id, k.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		reply, keys, err := relay.ServerHandshake(nil, msg)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := st.Finish(reply); err != nil {
			t.Fatal(err)
		}
		for _, v := range [][]byte{msg[offX1:offX2], msg[offX2:], reply[:PublicKeySize], keys} {
			if seen[string(v)] {
				t.Fatal("repeated ephemeral key or key material")
			}
			seen[string(v)] = true
		}
	}
}

func TestKeyRotation(t *testing.T) {
	id := randomNodeID(t)
	oldKey, newKey, otherKey := mustKey(t), mustKey(t), mustKey(t)
	relay, err := NewRelay(id, newKey, oldKey)
	if err != nil {
		t.Fatal(err)
	}
	for _, k := range []*PrivateKey{oldKey, newKey} {
		st, msg, err := ClientHandshakePrecomputed(nil, id, k.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		reply, sk, err := relay.ServerHandshake(nil, msg)
		if err != nil {
			t.Fatal(err)
		}
		ck, err := st.Finish(reply)
		if err != nil || !bytes.Equal(ck, sk) {
			t.Fatalf("handshake with a rotated key failed: %v", err)
		}
	}
	_, msg, err := ClientHandshakePrecomputed(nil, id, otherKey.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := relay.ServerHandshake(nil, msg); !errors.Is(err, ErrUnknownKey) {
		t.Fatalf("unknown key: got %v", err)
	}
	_, msg, err = ClientHandshakePrecomputed(nil, randomNodeID(t), newKey.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := relay.ServerHandshake(nil, msg); !errors.Is(err, ErrWrongRelay) {
		t.Fatalf("wrong node: got %v", err)
	}
}

// A client that believes in the wrong onion key for the right node (for
// example an attacker's key) must not agree on keys with the relay holding
// another key: the relay refuses the key ID.
func TestWrongRelayKey(t *testing.T) {
	relay, _, id := testRelay(t)
	impostor := mustKey(t)
	st, msg, err := ClientHandshakePrecomputed(nil, id, impostor.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := relay.ServerHandshake(nil, msg); !errors.Is(err, ErrUnknownKey) {
		t.Fatalf("got %v", err)
	}
	// A relay with a different key that answers anyway, as if the key ID
	// matched, cannot produce an AUTH the client accepts.
	forged := append([]byte(nil), msg...)
	copy(forged[offB:offX1], relay.keys[0].pub.enc[:])
	reply, _, err := relay.ServerHandshake(nil, forged)
	if err != nil {
		t.Fatal(err)
	}
	if keys, err := st.Finish(reply); !errors.Is(err, ErrAuthFailed) || keys != nil {
		t.Fatalf("got keys=%x err=%v, want ErrAuthFailed", keys, err)
	}
}

// fixedHandshake returns a client state factory and a relay whose ephemeral
// keys are fixed, so that a reply can be replayed against identical states.
type fixedHandshake struct {
	relay      *Relay
	key        *PrivateKey
	id         []byte
	k1, k2, ky *PrivateKey
}

func newFixedHandshake(t testing.TB) *fixedHandshake {
	relay, k, id := testRelay(t)
	return &fixedHandshake{relay, k, id, mustKey(t), mustKey(t), mustKey(t)}
}

func (f *fixedHandshake) client(t testing.TB) (*ClientState, []byte) {
	st, msg, err := newClientHandshake(f.id, f.key.PublicKey(), f.k1, f.k2)
	if err != nil {
		t.Fatal(err)
	}
	return st, msg
}

func TestTamperedReply(t *testing.T) {
	f := newFixedHandshake(t)
	st, msg := f.client(t)
	reply, sk, err := serverHandshake(msg, f.relay, f.ky)
	if err != nil {
		t.Fatal(err)
	}
	if ck, err := st.Finish(reply); err != nil || !bytes.Equal(ck, sk) {
		t.Fatal("untampered handshake failed")
	}
	step := 1
	if testing.Short() {
		step = 7
	}
	for bit := 0; bit < 8*ServerReplySize; bit += step {
		bad := append([]byte(nil), reply...)
		bad[bit/8] ^= 1 << (bit % 8)
		st, _ := f.client(t)
		keys, err := st.Finish(bad)
		if err == nil || keys != nil {
			t.Fatalf("bit %d flipped in the reply: keys=%x err=%v", bit, keys, err)
		}
		if bit >= 8*PublicKeySize && !errors.Is(err, ErrAuthFailed) {
			t.Fatalf("bit %d flipped in AUTH: got %v, want ErrAuthFailed", bit, err)
		}
	}
	// Other replies: a valid Y with the wrong AUTH, and a valid Y ‖ AUTH for
	// a different client message.
	other, _, err := serverHandshake(msg, f.relay, mustKey(t))
	if err != nil {
		t.Fatal(err)
	}
	mixed := append(append([]byte(nil), other[:PublicKeySize]...), reply[PublicKeySize:]...)
	st, _ = f.client(t)
	if keys, err := st.Finish(mixed); !errors.Is(err, ErrAuthFailed) || keys != nil {
		t.Fatalf("spliced reply: keys=%x err=%v", keys, err)
	}
	f2 := newFixedHandshake(t)
	_, msg2 := f2.client(t)
	reply2, _, err := serverHandshake(msg2, f2.relay, f2.ky)
	if err != nil {
		t.Fatal(err)
	}
	st, _ = f.client(t)
	if keys, err := st.Finish(reply2); !errors.Is(err, ErrAuthFailed) || keys != nil {
		t.Fatalf("reply from another handshake: keys=%x err=%v", keys, err)
	}
}

func TestTamperedClientMessage(t *testing.T) {
	f := newFixedHandshake(t)
	_, msg := f.client(t)
	step := 1
	if testing.Short() {
		step = 7
	}
	accepted := 0
	for bit := 0; bit < 8*ClientMessageSize; bit += step {
		bad := append([]byte(nil), msg...)
		bad[bit/8] ^= 1 << (bit % 8)
		reply, serverKeys, err := serverHandshake(bad, f.relay, f.ky)
		if err != nil {
			if reply != nil || serverKeys != nil {
				t.Fatalf("bit %d: error %v with output", bit, err)
			}
			switch {
			case bit < 8*offB && !errors.Is(err, ErrWrongRelay):
				t.Fatalf("bit %d (NODEID): got %v", bit, err)
			case bit >= 8*offB && bit < 8*offX1 && !errors.Is(err, ErrUnknownKey):
				t.Fatalf("bit %d (KEYID): got %v", bit, err)
			case bit >= 8*offX1 && !errors.Is(err, ErrInvalidPoint):
				t.Fatalf("bit %d (X1, X2): got %v", bit, err)
			}
			continue
		}
		// The server accepted a different valid point; the client, which
		// sent the original, must then reject the reply.
		accepted++
		st, _ := f.client(t)
		keys, err := st.Finish(reply)
		if !errors.Is(err, ErrAuthFailed) || keys != nil {
			t.Fatalf("bit %d: client got keys=%x err=%v, want ErrAuthFailed", bit, keys, err)
		}
	}
	t.Logf("%d tampered messages passed the server's checks; all failed AUTH at the client", accepted)
}

// Replacing X1 or X2 by another valid point (which the server accepts) makes
// the client fail, and so does swapping X1 and X2.
func TestSubstitutedClientKeys(t *testing.T) {
	f := newFixedHandshake(t)
	_, msg := f.client(t)
	other := mustKey(t).PublicKey().Bytes()
	for name, mutate := range map[string]func(m []byte){
		"X1":   func(m []byte) { copy(m[offX1:offX2], other) },
		"X2":   func(m []byte) { copy(m[offX2:], other) },
		"swap": func(m []byte) { copy(m[offX1:offX2], msg[offX2:]); copy(m[offX2:], msg[offX1:offX2]) },
	} {
		bad := append([]byte(nil), msg...)
		mutate(bad)
		reply, _, err := serverHandshake(bad, f.relay, f.ky)
		if err != nil {
			t.Fatalf("%s: server rejected a valid point: %v", name, err)
		}
		st, _ := f.client(t)
		if keys, err := st.Finish(reply); !errors.Is(err, ErrAuthFailed) || keys != nil {
			t.Fatalf("%s: keys=%x err=%v", name, keys, err)
		}
	}
}

func TestMalformedLengths(t *testing.T) {
	relay, k, id := testRelay(t)
	st, msg, err := ClientHandshakePrecomputed(nil, id, k.PublicKey())
	if err != nil {
		t.Fatal(err)
	}
	reply, _, err := relay.ServerHandshake(nil, msg)
	if err != nil {
		t.Fatal(err)
	}
	long := append(append([]byte(nil), msg...), msg...)
	for n := 0; n <= len(long); n++ {
		if n == ClientMessageSize {
			continue
		}
		if _, _, err := relay.ServerHandshake(nil, long[:n]); !errors.Is(err, ErrInvalidLength) {
			t.Fatalf("client message of %d bytes: got %v", n, err)
		}
		if n != IDSize {
			if _, _, err := ClientHandshakePrecomputed(nil, long[:n], k.PublicKey()); !errors.Is(err, ErrInvalidLength) {
				t.Fatalf("node ID of %d bytes: got %v", n, err)
			}
			if _, err := NewRelay(long[:n], k); !errors.Is(err, ErrInvalidLength) {
				t.Fatalf("relay node ID of %d bytes: got %v", n, err)
			}
		}
		if n != PublicKeySize {
			if _, err := NewPublicKey(long[:n]); !errors.Is(err, ErrInvalidLength) {
				t.Fatalf("public key of %d bytes: got %v", n, err)
			}
		}
		if n != PrivateKeySize {
			if _, err := NewPrivateKey(long[:n]); !errors.Is(err, ErrInvalidLength) {
				t.Fatalf("private key of %d bytes: got %v", n, err)
			}
		}
		if n != ServerReplySize && n <= 2*ServerReplySize {
			st2, _, err := ClientHandshakePrecomputed(nil, id, k.PublicKey())
			if err != nil {
				t.Fatal(err)
			}
			in := append(append([]byte(nil), reply...), reply...)
			if keys, err := st2.Finish(in[:n]); !errors.Is(err, ErrInvalidLength) || keys != nil {
				t.Fatalf("reply of %d bytes: got %v", n, err)
			}
		}
	}
	if _, _, err := (*Relay)(nil).ServerHandshake(nil, msg); err == nil {
		t.Fatal("nil relay accepted")
	}
	if _, _, err := ClientHandshakePrecomputed(nil, id, nil); err == nil {
		t.Fatal("nil public key accepted")
	}
	if _, err := NewRelay(id); err == nil {
		t.Fatal("relay without keys accepted")
	}
	if _, err := NewRelay(id, nil); err == nil {
		t.Fatal("nil key accepted")
	}
	// Zero values are refused rather than used.
	if _, err := NewRelay(id, &PrivateKey{}); err == nil {
		t.Fatal("zero PrivateKey accepted")
	}
	if _, _, err := ClientHandshakePrecomputed(nil, id, &PublicKey{}); err == nil {
		t.Fatal("zero PublicKey accepted")
	}
	if _, _, err := ClientHandshakePrecomputedWithKeys(&PrivateKey{}, mustKey(t), id, k.PublicKey()); err == nil {
		t.Fatal("zero ephemeral key accepted")
	}
	if _, _, err := relay.ServerHandshakeWithKey(&PrivateKey{}, msg); err == nil {
		t.Fatal("zero server ephemeral key accepted")
	}
	if keys, err := new(ClientState).Finish(reply); !errors.Is(err, ErrStateUsed) || keys != nil {
		t.Fatalf("zero ClientState: %v", err)
	}
	var nilState *ClientState
	if _, err := nilState.Finish(reply); !errors.Is(err, ErrStateUsed) {
		t.Fatalf("nil ClientState: %v", err)
	}
	if keys, err := st.Finish(reply); err != nil || len(keys) != KeyMaterialSize {
		t.Fatal("the good reply failed after the bad ones")
	}
}

func TestPrivateKeyEncoding(t *testing.T) {
	k := mustKey(t)
	k2, err := NewPrivateKey(k.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if !k.Equal(k2) || !k.PublicKey().Equal(k2.PublicKey()) {
		t.Fatal("private key does not round-trip")
	}
	pub, err := NewPublicKey(k.PublicKey().Bytes())
	if err != nil || !pub.Equal(k.PublicKey()) {
		t.Fatalf("public key does not round-trip: %v", err)
	}
	if k.Equal(mustKey(t)) {
		t.Fatal("two generated keys are equal")
	}
	// Zero, ℓ and 2^256-1 are rejected; ℓ-1 is the largest valid scalar.
	zero := make([]byte, 32)
	ell := []byte{0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10}
	ones := bytes.Repeat([]byte{0xff}, 32)
	for _, b := range [][]byte{zero, ell, ones} {
		if _, err := NewPrivateKey(b); err == nil {
			t.Errorf("NewPrivateKey(%x) accepted", b)
		}
	}
	ellMinus1 := append([]byte(nil), ell...)
	ellMinus1[0]--
	if _, err := NewPrivateKey(ellMinus1); err != nil {
		t.Errorf("NewPrivateKey(ℓ-1): %v", err)
	}
	// Bytes returns a copy.
	b := k.PublicKey().Bytes()
	b[0] ^= 1
	if bytes.Equal(b, k.PublicKey().Bytes()) {
		t.Fatal("PublicKey.Bytes aliases the key")
	}
}

func TestGenerateKeyReaderErrors(t *testing.T) {
	if _, err := GenerateKey(bytes.NewReader(make([]byte, 63))); err == nil {
		t.Fatal("short reader accepted")
	}
	// A reader whose first 64 bytes reduce to zero mod ℓ is retried.
	in := append(make([]byte, 64), bytes.Repeat([]byte{7}, 64)...)
	k, err := GenerateKey(bytes.NewReader(in))
	if err != nil {
		t.Fatal(err)
	}
	var want scalar
	if _, err := want.SetUniformBytes(in[64:]); err != nil {
		t.Fatal(err)
	}
	if k.s.Equal(&want) != 1 {
		t.Fatal("zero scalar not skipped")
	}
}

// With x1 = x2 an attacker without b could answer as the relay: Y = y'·G - B
// gives the client the point x·(Y + B) = y'·X. Equal ephemeral keys are
// therefore refused.
func TestEqualEphemeralKeysRefused(t *testing.T) {
	_, k, id := testRelay(t)
	x := mustKey(t)
	if _, _, err := ClientHandshakePrecomputedWithKeys(x, x, id, k.PublicKey()); err == nil {
		t.Fatal("equal ephemeral keys accepted")
	}
	x2, err := NewPrivateKey(x.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := ClientHandshakePrecomputedWithKeys(x, x2, id, k.PublicKey()); err == nil {
		t.Fatal("equal ephemeral keys accepted")
	}
}

func TestConcurrentHandshakes(t *testing.T) {
	relay, k, id := testRelay(t)
	pub := k.PublicKey()
	errc := make(chan error, 8)
	for g := 0; g < 4; g++ {
		go func() {
			for i := 0; i < 2; i++ {
				st, msg, err := ClientHandshakePrecomputed(nil, id, pub)
				if err != nil {
					errc <- err
					return
				}
				reply, sk, err := relay.ServerHandshake(nil, msg)
				if err != nil {
					errc <- err
					return
				}
				ck, err := st.Finish(reply)
				if err == nil && !bytes.Equal(ck, sk) {
					err = errors.New("keys differ")
				}
				if err != nil {
					errc <- err
					return
				}
			}
			errc <- nil
		}()
	}
	for g := 0; g < 4; g++ {
		if err := <-errc; err != nil {
			t.Fatal(err)
		}
	}
}

// newClientHandshake starts a client with the ephemeral keys k1 and k2, or,
// if either is nil, fresh ones from crypto/rand.
func newClientHandshake(id []byte, key *PublicKey, k1, k2 *PrivateKey) (*ClientState, []byte, error) {
	return clientHandshake(nil, id, key, k1, k2)
}

// serverHandshake answers msg as relay with the ephemeral key ky, or, if ky
// is nil, a fresh one from crypto/rand.
func serverHandshake(msg []byte, relay *Relay, ky *PrivateKey) ([]byte, []byte, error) {
	return relay.serverHandshake(nil, msg, ky)
}
