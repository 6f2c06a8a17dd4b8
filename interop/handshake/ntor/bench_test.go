package ntor_test

import (
	"testing"

	"github.com/curvekit/curvekit/handshake/ntor"
	"github.com/curvekit/curvekit/internal/benchutil"
)

const benchKeyLen = 92

type benchSetup struct {
	id      []byte
	onion   *ntor.PrivateKey
	relay   *ntor.Relay
	refKeys map[string]refKey // the onion key parsed by each reference
}

func newBenchSetup(b *testing.B) *benchSetup {
	r, id, keys := newTestRelay(b, 1)
	s := &benchSetup{id: id, onion: keys[0], relay: r, refKeys: map[string]refKey{}}
	for _, dh := range []refDH{refECDH, refCircl, refVoi} {
		s.refKeys[dh.Name] = dh.NewKey(keys[0].Bytes())
	}
	return s
}

func (s *benchSetup) ours(b *testing.B) {
	s.oursWith(b, func() (*ntor.ClientState, []byte, error) { return ntor.ClientHandshake(nil, s.id, s.onion.PublicKey()) })
}

// oursWith runs one full handshake whose client side starts with start.
func (s *benchSetup) oursWith(b *testing.B, start func() (*ntor.ClientState, []byte, error)) {
	state, msg, err := start()
	if err != nil {
		b.Fatal(err)
	}
	reply, sk, err := s.relay.ServerHandshake(nil, msg)
	if err != nil {
		b.Fatal(err)
	}
	ck, err := state.Finish(reply)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := sk.Bytes(benchKeyLen); err != nil {
		b.Fatal(err)
	}
	if _, err := ck.Bytes(benchKeyLen); err != nil {
		b.Fatal(err)
	}
}

func (s *benchSetup) ref(b *testing.B, dh refDH) {
	c, msg := refClientCreate(dh, nil, s.id, s.onion.PublicKey())
	reply, _, err := refServer(dh, nil, s.id, s.refKeys[dh.Name], msg, benchKeyLen)
	if err != nil {
		b.Fatal(err)
	}
	if _, err := c.Finish(reply, benchKeyLen); err != nil {
		b.Fatal(err)
	}
}

// BenchmarkHandshake times a full handshake (client create, server respond,
// client finish, 92 key bytes each side) with ephemeral keys generated inline.
func BenchmarkHandshake(b *testing.B) {
	s := newBenchSetup(b)
	b.Run("curvekit", func(b *testing.B) {
		benchutil.RunCPU(b, func() { s.ours(b) })
	})
	for _, dh := range []refDH{refECDH, refCircl, refVoi} {
		b.Run(dh.Name, func(b *testing.B) {
			benchutil.RunCPU(b, func() { s.ref(b, dh) })
		})
	}
}

// BenchmarkHandshakePrecomputed is BenchmarkHandshake with both ephemeral key
// pairs generated outside the timed loop.
func BenchmarkHandshakePrecomputed(b *testing.B) {
	s := newBenchSetup(b)
	b.Run("curvekit", func(b *testing.B) {
		xs, ys := make([]*ntor.PrivateKey, b.N), make([]*ntor.PrivateKey, b.N)
		for i := range xs {
			xs[i], _ = ntor.GenerateKey(nil)
			ys[i], _ = ntor.GenerateKey(nil)
		}
		i := 0
		benchutil.RunCPU(b, func() {
			state, msg, err := ntor.ClientHandshakeWithKey(xs[i], s.id, s.onion.PublicKey())
			if err != nil {
				b.Fatal(err)
			}
			reply, _, err := s.relay.ServerHandshakeWithKey(ys[i], msg)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := state.Finish(reply); err != nil {
				b.Fatal(err)
			}
			i++
		})
	})
}

// BenchmarkClient times the client side: create (one fixed-base
// multiplication) and finish (two ladders).
func BenchmarkClient(b *testing.B) {
	s := newBenchSetup(b)
	b.Run("create/curvekit", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			if _, _, err := ntor.ClientHandshake(nil, s.id, s.onion.PublicKey()); err != nil {
				b.Fatal(err)
			}
		})
	})
	for _, dh := range []refDH{refECDH, refCircl, refVoi} {
		b.Run("create/"+dh.Name, func(b *testing.B) {
			benchutil.RunCPU(b, func() { refClientCreate(dh, nil, s.id, s.onion.PublicKey()) })
		})
	}
	b.Run("finish/curvekit", func(b *testing.B) {
		// A state finishes once: b.N states for one ephemeral key (so one
		// reply fits them all), made outside the timed loop.
		x, _ := ntor.GenerateKey(nil)
		states := make([]*ntor.ClientState, b.N)
		var msg []byte
		for i := range states {
			states[i], msg, _ = ntor.ClientHandshakeWithKey(x, s.id, s.onion.PublicKey())
		}
		reply, _, _ := s.relay.ServerHandshake(nil, msg)
		i := 0
		benchutil.RunCPU(b, func() {
			if _, err := states[i].Finish(reply); err != nil {
				b.Fatal(err)
			}
			i++
		})
	})
	for _, dh := range []refDH{refECDH, refCircl, refVoi} {
		b.Run("finish/"+dh.Name, func(b *testing.B) {
			c, msg := refClientCreate(dh, nil, s.id, s.onion.PublicKey())
			reply, _, _ := refServer(dh, nil, s.id, s.refKeys[dh.Name], msg, benchKeyLen)
			benchutil.RunCPU(b, func() {
				if _, err := c.Finish(reply, benchKeyLen); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}

// BenchmarkServer times the relay side: one fixed-base and two variable-base
// multiplications.
func BenchmarkServer(b *testing.B) {
	s := newBenchSetup(b)
	_, msg, _ := ntor.ClientHandshake(nil, s.id, s.onion.PublicKey())
	b.Run("curvekit", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			if _, _, err := s.relay.ServerHandshake(nil, msg); err != nil {
				b.Fatal(err)
			}
		})
	})
	for _, dh := range []refDH{refECDH, refCircl, refVoi} {
		b.Run(dh.Name, func(b *testing.B) {
			benchutil.RunCPU(b, func() {
				if _, _, err := refServer(dh, nil, s.id, s.refKeys[dh.Name], msg, benchKeyLen); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
