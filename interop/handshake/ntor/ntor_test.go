package ntor_test

import (
	"bytes"
	"crypto/rand"
	"encoding/hex"
	"testing"

	"github.com/curvekit/curvekit/handshake/ntor"
)

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

func newTestRelay(t testing.TB, nkeys int) (*ntor.Relay, []byte, []*ntor.PrivateKey) {
	t.Helper()
	id := randBytes(t, ntor.IDSize)
	var keys []*ntor.PrivateKey
	for i := 0; i < nkeys; i++ {
		k, err := ntor.GenerateKey(nil)
		if err != nil {
			t.Fatal(err)
		}
		keys = append(keys, k)
	}
	r, err := ntor.NewRelay(id, keys...)
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
		state, msg, err := ntor.ClientHandshake(bytes.NewReader(x), id, b.PublicKey())
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

		for _, dh := range []refDH{refECDH, refCircl, refVoi} {
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
