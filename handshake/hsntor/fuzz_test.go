package hsntor

import (
	"bytes"
	"errors"
	"testing"

	"github.com/curvekit/curvekit/internal/hsntorref"
)

// isOurError reports whether err wraps one of the package's error values.
func isOurError(err error) bool {
	for _, e := range []error{ErrInvalidLength, ErrInvalidPoint, ErrAuthFailed, ErrStateUsed} {
		if errors.Is(err, e) {
			return true
		}
	}
	return false
}

// FuzzReceive feeds arbitrary INTRODUCE2 encrypted sections to a service
// and to the reference's: they must accept and refuse alike, agree on the
// plaintext, and every refusal must wrap one of the package's errors.
func FuzzReceive(f *testing.F) {
	fx := newFixture(f)
	rsvc, err := hsntorref.NewService(fx.key.Bytes(), fx.auth, fx.sub)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(fx.hdr, fx.msg)
	f.Add(fx.hdr, fx.msg[:IntroduceOverhead-1])
	f.Add([]byte{}, []byte{})
	f.Add(fx.hdr, append(append([]byte(nil), lowOrder[2]...), fx.msg[KeySize:]...))
	tampered := append([]byte(nil), fx.msg...)
	tampered[40] ^= 1
	f.Add(fx.hdr, tampered)
	f.Fuzz(func(t *testing.T, header, msg []byte) {
		st, pt, err := fx.svc.Receive(header, msg)
		_, rpt, rerr := rsvc.Receive(header, msg)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("Receive error %v, reference %v", err, rerr)
		}
		if err != nil {
			if !isOurError(err) || st != nil || pt != nil {
				t.Fatalf("refusal %v returned %v, %x", err, st, pt)
			}
			return
		}
		if !bytes.Equal(pt, rpt) {
			t.Fatalf("plaintext %x, reference %x", pt, rpt)
		}
	})
}

// FuzzFinish feeds arbitrary RENDEZVOUS2 replies to a client and to the
// reference's client for the same handshake: they must accept and refuse
// alike and agree on the keys.
func FuzzFinish(f *testing.F) {
	fx := newFixture(f)
	f.Add(fx.reply)
	f.Add(fx.reply[:ReplySize-1])
	f.Add(append(append([]byte(nil), lowOrder[3]...), fx.reply[KeySize:]...))
	tampered := append([]byte(nil), fx.reply...)
	tampered[50] ^= 4
	f.Add(tampered)
	f.Fuzz(func(t *testing.T, reply []byte) {
		c := fx.newClient()
		rc, _, err := hsntorref.ClientIntro(bytes.NewReader(fx.x), fx.auth, fx.key.PublicKey(), fx.sub, fx.hdr, fx.pt)
		if err != nil {
			t.Fatal(err)
		}
		km, err := c.Finish(reply)
		rk, rerr := rc.Finish(reply, 64)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("Finish error %v, reference %v", err, rerr)
		}
		if *c != (ClientState{}) {
			t.Fatal("Finish left the state's secrets")
		}
		if err != nil {
			if !isOurError(err) || km != nil {
				t.Fatalf("refusal %v returned keys", err)
			}
			return
		}
		k, _ := km.Bytes(64)
		if !bytes.Equal(k, rk) {
			t.Fatalf("keys %x, reference %x", k, rk)
		}
	})
}

// FuzzClientHandshake gives ClientHandshake arbitrary keys, subcredential,
// header and plaintext: it must agree with the reference on acceptance and
// on the message.
func FuzzClientHandshake(f *testing.F) {
	fx := newFixture(f)
	f.Add(fx.x, fx.auth, fx.key.PublicKey(), fx.sub, fx.hdr, fx.pt)
	f.Add(fx.x, fx.auth, lowOrder[4], fx.sub, fx.hdr, fx.pt)
	f.Add(fx.x, fx.auth[:31], fx.key.PublicKey(), fx.sub, fx.hdr, fx.pt)
	f.Add(fx.x[:5], fx.auth, fx.key.PublicKey(), fx.sub, []byte{}, []byte{})
	f.Fuzz(func(t *testing.T, x, auth, B, sub, header, pt []byte) {
		c, msg, err := ClientHandshake(bytes.NewReader(x), auth, B, sub, header, pt)
		_, rmsg, rerr := hsntorref.ClientIntro(bytes.NewReader(x), auth, B, sub, header, pt)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("error %v, reference %v", err, rerr)
		}
		if err != nil {
			if c != nil || msg != nil {
				t.Fatal("refusal returned a state or message")
			}
			return
		}
		if !bytes.Equal(msg, rmsg) {
			t.Fatalf("message %x, reference %x", msg, rmsg)
		}
	})
}

// FuzzAgainstReference runs a whole handshake with inputs drawn from seed on
// this package and on the reference, with the introduce message and the
// reply optionally tampered with (a byte xored, or X or Y replaced by a
// low-order point), and requires the two to agree at every step.
func FuzzAgainstReference(f *testing.F) {
	f.Add([]byte("keys"), uint16(0), byte(0), uint16(0), byte(0), byte(0))
	f.Add([]byte("keys"), uint16(40), byte(1), uint16(0), byte(0), byte(0))
	f.Add([]byte("keys"), uint16(0), byte(0), uint16(33), byte(4), byte(0))
	f.Add([]byte("keys"), uint16(0), byte(0), uint16(0), byte(0), byte(1))
	f.Add([]byte("keys"), uint16(0), byte(0), uint16(0), byte(0), byte(2|3<<2))
	f.Fuzz(func(t *testing.T, seed []byte, mpos uint16, mxor byte, rpos uint16, rxor byte, mode byte) {
		in := inputsFrom(seed)
		sub := in.subcreds[in.pick]
		key, err := NewPrivateKey(in.b)
		if err != nil {
			t.Fatal(err)
		}
		low := lowOrder[int(mode>>2)%len(lowOrder)]
		c, msg, err := ClientHandshake(bytes.NewReader(in.x), in.auth, key.PublicKey(), sub, in.header, in.pt)
		if err != nil {
			t.Fatal(err)
		}
		rc, _, err := hsntorref.ClientIntro(bytes.NewReader(in.x), in.auth, key.PublicKey(), sub, in.header, in.pt)
		if err != nil {
			t.Fatal(err)
		}
		if mxor != 0 {
			msg[int(mpos)%len(msg)] ^= mxor
		}
		if mode&1 != 0 {
			copy(msg, low)
		}
		svc, _ := NewService(key, in.auth, in.subcreds...)
		rsvc, _ := hsntorref.NewService(in.b, in.auth, in.subcreds...)
		st, pt, err := svc.Receive(in.header, msg)
		rp, rpt, rerr := rsvc.Receive(in.header, msg)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("Receive error %v, reference %v", err, rerr)
		}
		if err != nil {
			return
		}
		if !bytes.Equal(pt, rpt) {
			t.Fatal("plaintexts differ")
		}
		reply, sk, err := st.Reply(bytes.NewReader(in.y))
		rreply, rsk, rerr := rp.Reply(bytes.NewReader(in.y), 96)
		if err != nil || rerr != nil || !bytes.Equal(reply, rreply) {
			t.Fatalf("Reply %x, %v; reference %x, %v", reply, err, rreply, rerr)
		}
		if k, _ := sk.Bytes(96); !bytes.Equal(k, rsk) {
			t.Fatal("service keys differ")
		}
		if rxor != 0 {
			reply[int(rpos)%len(reply)] ^= rxor
		}
		if mode&2 != 0 {
			copy(reply, low)
		}
		ck, err := c.Finish(reply)
		rck, rerr := rc.Finish(reply, 96)
		if (err == nil) != (rerr == nil) {
			t.Fatalf("Finish error %v, reference %v", err, rerr)
		}
		if err != nil {
			return
		}
		if k, _ := ck.Bytes(96); !bytes.Equal(k, rck) {
			t.Fatal("client keys differ")
		}
	})
}
