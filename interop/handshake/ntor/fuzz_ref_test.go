package ntor_test

import (
	"bytes"
	"crypto/sha512"
	"testing"

	"github.com/curvekit/curvekit/handshake/ntor"
)

// FuzzAgainstReference runs a handshake with keys drawn from the input on
// this package and on internal/ntorref (crypto/ecdh, circl or voi, as the
// input picks), with the client message and the reply optionally tampered
// with (a byte xored, or X or Y replaced by a low-order point), and requires
// the two to agree on every step: the same client message, the same accept
// or reject at the relay and the same reply and 92 bytes of keys, and at the
// client the same accept or reject and keys.
func FuzzAgainstReference(f *testing.F) {
	f.Add([]byte("keys"), uint16(0), byte(0), uint16(0), byte(0), byte(0))
	f.Add([]byte("keys"), uint16(60), byte(1), uint16(0), byte(0), byte(1))
	f.Add([]byte("keys"), uint16(0), byte(0), uint16(33), byte(4), byte(2))
	f.Add([]byte("keys"), uint16(0), byte(0), uint16(0), byte(0), byte(1<<2|1))
	f.Add([]byte("keys"), uint16(0), byte(0), uint16(0), byte(0), byte(3<<2|2))
	f.Add([]byte("keys"), uint16(5), byte(9), uint16(0), byte(0), byte(0))
	f.Fuzz(func(t *testing.T, seed []byte, mpos uint16, mxor byte, rpos uint16, rxor byte, mode byte) {
		h := sha512.Sum512(seed)
		h2 := sha512.Sum512(h[:])
		bk, x, y, id := h[:32], h[32:], h2[:32], h2[32:52]
		dh := []refDH{refECDH, refCircl, refVoi}[int(mode)%3]
		low := func() []byte { return unhex(t, lowOrder[int(mode>>2)%len(lowOrder)]) }

		b, err := ntor.NewPrivateKey(bk)
		if err != nil {
			t.Fatal(err)
		}
		relay, err := ntor.NewRelay(id, b)
		if err != nil {
			t.Fatal(err)
		}
		state, msg, err := ntor.ClientHandshake(bytes.NewReader(x), id, b.PublicKey())
		if err != nil {
			t.Fatal(err)
		}
		rc, rmsg := refClientCreate(dh, bytes.NewReader(x), id, b.PublicKey())
		if !bytes.Equal(msg, rmsg) {
			t.Fatalf("%s: client messages differ", dh.Name)
		}
		if mxor != 0 {
			msg[int(mpos)%len(msg)] ^= mxor
		}
		if mode&0x40 != 0 {
			copy(msg[52:], low())
		}
		reply, skeys, err := relay.ServerHandshake(bytes.NewReader(y), msg)
		rreply, rkeys, rerr := refServer(dh, bytes.NewReader(y), id, dh.NewKey(bk), msg, 92)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("%s: msg %x: relay error %v, reference %v", dh.Name, msg, err, rerr)
		}
		if err != nil {
			return
		}
		sk, err := skeys.Bytes(92)
		if err != nil || !bytes.Equal(reply, rreply) || !bytes.Equal(sk, rkeys) {
			t.Fatalf("%s: reply or keys differ from the reference (%v)", dh.Name, err)
		}
		if rxor != 0 {
			reply[int(rpos)%len(reply)] ^= rxor
		}
		if mode&0x80 != 0 {
			copy(reply[:32], low())
		}
		ckeys, cerr := state.Finish(reply)
		rck, rcerr := rc.Finish(reply, 92)
		if (cerr == nil) != (rcerr == nil) {
			t.Fatalf("%s: reply %x: client error %v, reference %v", dh.Name, reply, cerr, rcerr)
		}
		if cerr == nil {
			ck, err := ckeys.Bytes(92)
			if err != nil || !bytes.Equal(ck, rck) || !bytes.Equal(ck, sk) {
				t.Fatalf("%s: client keys differ (%v)", dh.Name, err)
			}
		}
	})
}
