package ntor

import (
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// The benchmarks time our ntor beside the reference ntor of ntor_ref_test.go
// on crypto/ecdh (the baseline) in the same run; the interop module's
// benchmarks of the same names add the reference on circl and voi. "inline"
// generates the ephemeral keys inside the timed loop; "precomputed" does so
// outside it, as the Ace paper's benchmark did.

const benchKeyLen = 92

type benchSetup struct {
	id      []byte
	onion   *PrivateKey
	relay   *Relay
	refKeys map[string]refKey // the onion key parsed by each reference
}

func newBenchSetup(b *testing.B) *benchSetup {
	r, id, keys := newTestRelay(b, 1)
	s := &benchSetup{id: id, onion: keys[0], relay: r, refKeys: map[string]refKey{}}
	for _, dh := range []refDH{refECDH} {
		s.refKeys[dh.Name] = dh.NewKey(keys[0].Bytes())
	}
	return s
}

func (s *benchSetup) ours(b *testing.B) {
	s.oursWith(b, func() (*ClientState, []byte, error) { return ClientHandshake(nil, s.id, s.onion.PublicKey()) })
}

// oursWith runs one full handshake whose client side starts with start.
func (s *benchSetup) oursWith(b *testing.B, start func() (*ClientState, []byte, error)) {
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
	for _, dh := range []refDH{refECDH} {
		b.Run(dh.Name, func(b *testing.B) {
			benchutil.RunCPU(b, func() { s.ref(b, dh) })
		})
	}
}

// BenchmarkHandshakeRelayKey is BenchmarkHandshake with the client's relay
// key prepared once (PrecomputedRelayKey), beside the plain client and the
// crypto/ecdh reference, and the cost of preparing it.
func BenchmarkHandshakeRelayKey(b *testing.B) {
	s := newBenchSetup(b)
	pk, err := PrecomputeRelayKey(s.onion.PublicKey())
	if err != nil {
		b.Fatal(err)
	}
	b.Run("curvekit-relaykey", func(b *testing.B) {
		start := func() (*ClientState, []byte, error) { return ClientHandshakePrecomputed(nil, s.id, pk) }
		benchutil.RunCPU(b, func() { s.oursWith(b, start) })
	})
	b.Run("curvekit", func(b *testing.B) {
		benchutil.RunCPU(b, func() { s.ours(b) })
	})
	b.Run(refECDH.Name, func(b *testing.B) {
		benchutil.RunCPU(b, func() { s.ref(b, refECDH) })
	})
	b.Run("prepare", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			if _, err := PrecomputeRelayKey(s.onion.PublicKey()); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// BenchmarkHandshakePrecomputed is BenchmarkHandshake with both ephemeral key
// pairs generated outside the timed loop.
func BenchmarkHandshakePrecomputed(b *testing.B) {
	s := newBenchSetup(b)
	b.Run("curvekit", func(b *testing.B) {
		xs, ys := make([]*PrivateKey, b.N), make([]*PrivateKey, b.N)
		for i := range xs {
			xs[i], _ = GenerateKey(nil)
			ys[i], _ = GenerateKey(nil)
		}
		i := 0
		benchutil.RunCPU(b, func() {
			state, msg, err := ClientHandshakeWithKey(xs[i], s.id, s.onion.PublicKey())
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
			if _, _, err := ClientHandshake(nil, s.id, s.onion.PublicKey()); err != nil {
				b.Fatal(err)
			}
		})
	})
	for _, dh := range []refDH{refECDH} {
		b.Run("create/"+dh.Name, func(b *testing.B) {
			benchutil.RunCPU(b, func() { refClientCreate(dh, nil, s.id, s.onion.PublicKey()) })
		})
	}
	b.Run("finish/curvekit", func(b *testing.B) {
		// A state finishes once: b.N states for one ephemeral key (so one
		// reply fits them all), made outside the timed loop.
		x, _ := GenerateKey(nil)
		states := make([]*ClientState, b.N)
		var msg []byte
		for i := range states {
			states[i], msg, _ = ClientHandshakeWithKey(x, s.id, s.onion.PublicKey())
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
	for _, dh := range []refDH{refECDH} {
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
	_, msg, _ := ClientHandshake(nil, s.id, s.onion.PublicKey())
	b.Run("curvekit", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			if _, _, err := s.relay.ServerHandshake(nil, msg); err != nil {
				b.Fatal(err)
			}
		})
	})
	for _, dh := range []refDH{refECDH} {
		b.Run(dh.Name, func(b *testing.B) {
			benchutil.RunCPU(b, func() {
				if _, _, err := refServer(dh, nil, s.id, s.refKeys[dh.Name], msg, benchKeyLen); err != nil {
					b.Fatal(err)
				}
			})
		})
	}
}
