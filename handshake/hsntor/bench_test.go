package hsntor

import (
	"bytes"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/hsntorref"
)

// The benchmarks time this package beside the reference hs-ntor of
// internal/hsntorref (crypto/ecdh, crypto/sha3, crypto/aes) interleaved in
// one run (benchutil.Compare): each round runs both, and the results are the
// median thread CPU time of each ("cpu-ns-curvekit", "cpu-ns-ecdh") and the
// speed-up "speedup-ecdh" = reference time ÷ curvekit time (above 1:
// curvekit is faster). Ephemeral keys come from fixed readers, so that the
// client's reply is valid in every round; both sides read 128 bytes of key
// material and encrypt a 246-byte plaintext (an INTRODUCE1 of 490 bytes, as
// arti pads it, with a 180-byte header).
//
//	go test -run '^$' -bench Interleaved -count 10 ./handshake/hsntor/ | benchstat -col /op -

type benchSetup struct {
	key        *PrivateKey
	svc        *Service
	rsvc       *hsntorref.Service
	auth, sub  []byte
	hdr, pt    []byte
	x, y       []byte
	msg, reply []byte
}

func newBenchSetup(b *testing.B) *benchSetup {
	in := inputsFrom([]byte("bench"))
	s := &benchSetup{auth: in.auth, sub: in.subcreds[0], x: in.x, y: in.y,
		hdr: bytes.Repeat([]byte{1}, 180), pt: bytes.Repeat([]byte{2}, 490-180-IntroduceOverhead)}
	var err error
	if s.key, err = NewPrivateKey(in.b); err != nil {
		b.Fatal(err)
	}
	if s.svc, err = NewService(s.key, s.auth, s.sub); err != nil {
		b.Fatal(err)
	}
	if s.rsvc, err = hsntorref.NewService(in.b, s.auth, s.sub); err != nil {
		b.Fatal(err)
	}
	_, s.msg, err = ClientHandshake(bytes.NewReader(s.x), s.auth, s.key.PublicKey(), s.sub, s.hdr, s.pt)
	if err != nil {
		b.Fatal(err)
	}
	st, _, err := s.svc.Receive(s.hdr, s.msg)
	if err != nil {
		b.Fatal(err)
	}
	if s.reply, _, err = st.Reply(bytes.NewReader(s.y)); err != nil {
		b.Fatal(err)
	}
	return s
}

func (s *benchSetup) client(b *testing.B) {
	c, _, err := ClientHandshake(bytes.NewReader(s.x), s.auth, s.key.PublicKey(), s.sub, s.hdr, s.pt)
	if err != nil {
		b.Fatal(err)
	}
	k, err := c.Finish(s.reply)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := k.Bytes(CircuitKeySize); err != nil {
		b.Fatal(err)
	}
}

func (s *benchSetup) refClient(b *testing.B) {
	c, _, err := hsntorref.ClientIntro(bytes.NewReader(s.x), s.auth, s.key.PublicKey(), s.sub, s.hdr, s.pt)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.Finish(s.reply, CircuitKeySize); err != nil {
		b.Fatal(err)
	}
}

func (s *benchSetup) service(b *testing.B) {
	st, _, err := s.svc.Receive(s.hdr, s.msg)
	if err != nil {
		b.Fatal(err)
	}
	_, k, err := st.Reply(bytes.NewReader(s.y))
	if err != nil {
		b.Fatal(err)
	}
	if _, err := k.Bytes(CircuitKeySize); err != nil {
		b.Fatal(err)
	}
}

func (s *benchSetup) refService(b *testing.B) {
	p, _, err := s.rsvc.Receive(s.hdr, s.msg)
	if err != nil {
		b.Fatal(err)
	}
	if _, _, err := p.Reply(bytes.NewReader(s.y), CircuitKeySize); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkInterleaved compares each side with the reference: the client
// (ClientHandshake and Finish: one fixed-base multiplication, two ladders),
// the service (Receive and Reply: the same) and the whole handshake.
func BenchmarkInterleaved(b *testing.B) {
	s := newBenchSetup(b)
	b.Run("op=Client", func(b *testing.B) {
		benchutil.Compare(b,
			benchutil.Contender{Name: "curvekit", F: func() { s.client(b) }},
			benchutil.Contender{Name: "ecdh", F: func() { s.refClient(b) }})
	})
	b.Run("op=Service", func(b *testing.B) {
		benchutil.Compare(b,
			benchutil.Contender{Name: "curvekit", F: func() { s.service(b) }},
			benchutil.Contender{Name: "ecdh", F: func() { s.refService(b) }})
	})
	b.Run("op=Handshake", func(b *testing.B) {
		benchutil.Compare(b,
			benchutil.Contender{Name: "curvekit", F: func() { s.client(b); s.service(b) }},
			benchutil.Contender{Name: "ecdh", F: func() { s.refClient(b); s.refService(b) }})
	})
}
