package hsntor

// The independent hs-ntor of internal/hsntorref (crypto/ecdh, crypto/sha3,
// crypto/aes; written from rend-spec-v3, sharing no code with this package)
// is the differential oracle of the tests and the baseline of the
// benchmarks.

import (
	"bytes"
	"crypto/aes"
	"crypto/cipher"
	"crypto/ecdh"
	"crypto/sha512"
	"encoding/hex"
	"errors"
	"testing"

	"github.com/curvekit/curvekit/internal/hsntorref"
)

func refMAC(k []byte, m ...[]byte) []byte {
	var all []byte
	for _, p := range m {
		all = append(all, p...)
	}
	return hsntorref.MAC(k, all)
}

// refCTR is AES-256-CTR with a zero IV, on the standard library.
func refCTR(key, data []byte) []byte {
	b, err := aes.NewCipher(key)
	if err != nil {
		panic(err)
	}
	out := make([]byte, len(data))
	cipher.NewCTR(b, make([]byte, aes.BlockSize)).XORKeyStream(out, data)
	return out
}

func hexBytes(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		panic(err)
	}
	return b
}

func mustX25519(t testing.TB, scalar, point []byte) []byte {
	t.Helper()
	k, err := ecdh.X25519().NewPrivateKey(scalar)
	if err != nil {
		t.Fatal(err)
	}
	p, err := ecdh.X25519().NewPublicKey(point)
	if err != nil {
		t.Fatal(err)
	}
	s, err := k.ECDH(p)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// lowOrder lists X25519 public keys whose product with any clamped scalar
// is all zero (the points of order 1, 2, 4 and 8, and some non-canonical
// encodings of them).
var lowOrder = [][]byte{
	make([]byte, 32),
	hexBytes("0100000000000000000000000000000000000000000000000000000000000000"),
	hexBytes("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"),
	hexBytes("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157"),
	hexBytes("ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
	hexBytes("edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
	hexBytes("eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f"),
}

// handshakeInputs derives every input of one handshake from seed.
type handshakeInputs struct {
	b, x, y, auth, header, pt []byte
	subcreds                  [][]byte
	pick                      int // which subcredential the client uses
}

func inputsFrom(seed []byte) handshakeInputs {
	h := sha512.Sum512(seed)
	h2 := sha512.Sum512(h[:])
	h3 := sha512.Sum512(h2[:])
	in := handshakeInputs{b: h[:32], x: h[32:], y: h2[:32], auth: h2[32:]}
	n := 1 + int(h3[0]%3)
	for i := range n {
		sc := sha512.Sum512(append(h3[:], byte(i)))
		in.subcreds = append(in.subcreds, sc[:32])
	}
	in.pick = int(h3[1]) % n
	in.header = bytes.Repeat([]byte{h3[2]}, int(h3[3]%80))
	in.pt = bytes.Repeat(h3[4:12], int(h3[12]%40))
	return in
}

// TestDifferential runs random handshakes on both implementations, each
// side against each other side (curvekit client with reference service and
// the reverse, as well as each with itself), and requires the same messages,
// replies, plaintexts and 200 bytes of keys.
func TestDifferential(t *testing.T) {
	n := 200
	if testing.Short() {
		n = 30
	}
	for i := range n {
		in := inputsFrom([]byte{byte(i), byte(i >> 8), 'd'})
		sub := in.subcreds[in.pick]
		key, err := NewPrivateKey(in.b)
		if err != nil {
			t.Fatal(err)
		}
		B := key.PublicKey()

		// Client messages: ours and the reference's, from the same x.
		cs, msg, err := ClientHandshake(bytes.NewReader(in.x), in.auth, B, sub, in.header, in.pt)
		if err != nil {
			t.Fatal(err)
		}
		rc, rmsg, err := hsntorref.ClientIntro(bytes.NewReader(in.x), in.auth, B, sub, in.header, in.pt)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(msg, rmsg) {
			t.Fatalf("#%d: introduce messages differ:\n%x\n%x", i, msg, rmsg)
		}

		// Services: ours and the reference's, each receiving the other's
		// client message (they are equal, so each receives both).
		svc, err := NewService(key, in.auth, in.subcreds...)
		if err != nil {
			t.Fatal(err)
		}
		rsvc, err := hsntorref.NewService(in.b, in.auth, in.subcreds...)
		if err != nil {
			t.Fatal(err)
		}
		st, pt, err := svc.Receive(in.header, rmsg)
		if err != nil {
			t.Fatalf("#%d: Receive: %v", i, err)
		}
		rp, rpt, err := rsvc.Receive(in.header, msg)
		if err != nil {
			t.Fatalf("#%d: reference Receive: %v", i, err)
		}
		if !bytes.Equal(pt, in.pt) || !bytes.Equal(rpt, in.pt) {
			t.Fatalf("#%d: plaintexts %x / %x, want %x", i, pt, rpt, in.pt)
		}
		reply, skeys, err := st.Reply(bytes.NewReader(in.y))
		if err != nil {
			t.Fatal(err)
		}
		rreply, rskeys, err := rp.Reply(bytes.NewReader(in.y), 200)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(reply, rreply) {
			t.Fatalf("#%d: replies differ:\n%x\n%x", i, reply, rreply)
		}
		sk, _ := skeys.Bytes(200)
		if !bytes.Equal(sk, rskeys) {
			t.Fatalf("#%d: service keys differ", i)
		}
		// Our client finishes on the reference's reply, the reference
		// client on ours.
		ck, err := cs.Finish(rreply)
		if err != nil {
			t.Fatalf("#%d: Finish: %v", i, err)
		}
		rck, err := rc.Finish(reply, 200)
		if err != nil {
			t.Fatalf("#%d: reference Finish: %v", i, err)
		}
		c, _ := ck.Bytes(200)
		if !bytes.Equal(c, rck) || !bytes.Equal(c, sk) {
			t.Fatalf("#%d: client keys differ", i)
		}
	}
}

// TestDifferentialTampered flips one byte of the introduce message or the
// reply and requires both implementations to refuse alike (and, for a byte
// of the header, both services to refuse).
func TestDifferentialTampered(t *testing.T) {
	for i := range 60 {
		in := inputsFrom([]byte{byte(i), 't'})
		sub := in.subcreds[in.pick]
		key, _ := NewPrivateKey(in.b)
		svc, _ := NewService(key, in.auth, in.subcreds...)
		rsvc, _ := hsntorref.NewService(in.b, in.auth, in.subcreds...)
		_, msg, err := ClientHandshake(bytes.NewReader(in.x), in.auth, key.PublicKey(), sub, in.header, in.pt)
		if err != nil {
			t.Fatal(err)
		}
		pos := (i * 7) % len(msg)
		msg[pos] ^= 1 << (i % 8)
		_, _, err = svc.Receive(in.header, msg)
		_, _, rerr := rsvc.Receive(in.header, msg)
		if err == nil || rerr == nil {
			t.Fatalf("#%d: tampered byte %d accepted: %v / %v", i, pos, err, rerr)
		}
		if pos < KeySize {
			// A changed X may still be a valid point: then the MAC fails.
			if !errors.Is(err, ErrAuthFailed) && !errors.Is(err, ErrInvalidPoint) {
				t.Fatalf("#%d: %v", i, err)
			}
		} else if !errors.Is(err, ErrAuthFailed) {
			t.Fatalf("#%d: %v, want ErrAuthFailed", i, err)
		}

		// The reply.
		cs, msg, _ := ClientHandshake(bytes.NewReader(in.x), in.auth, key.PublicKey(), sub, in.header, in.pt)
		rc, _, _ := hsntorref.ClientIntro(bytes.NewReader(in.x), in.auth, key.PublicKey(), sub, in.header, in.pt)
		st, _, err := svc.Receive(in.header, msg)
		if err != nil {
			t.Fatal(err)
		}
		reply, _, _ := st.Reply(bytes.NewReader(in.y))
		rpos := (i * 11) % len(reply)
		reply[rpos] ^= 1 << (i % 8)
		_, err = cs.Finish(reply)
		_, rerr = rc.Finish(reply, 32)
		if err == nil || rerr == nil {
			t.Fatalf("#%d: tampered reply byte %d accepted: %v / %v", i, rpos, err, rerr)
		}
	}
}
