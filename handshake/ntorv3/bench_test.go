package ntorv3

import (
	"crypto/ecdh"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// Benchmarks: our ntor v3 beside the reference ntor v3 on crypto/ecdh
// (ntorv3_ref_test.go) in the same run; 11-byte CM and SM, 92 key bytes.

var (
	benchCM  = []byte("hello world")
	benchSM  = []byte("Hola Mundo!")
	benchVer = []byte("xyzzy")
)

func BenchmarkHandshake(b *testing.B) {
	relay, id, keys := newTestRelay(b, 1)
	b.Run("curvekit", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			state, msg, err := ClientHandshake(nil, id, keys[0].PublicKey(), benchVer, benchCM)
			if err != nil {
				b.Fatal(err)
			}
			ss, _, err := relay.ServerHandshake(nil, msg, benchVer)
			if err != nil {
				b.Fatal(err)
			}
			reply, sk, err := ss.Reply(benchSM)
			if err != nil {
				b.Fatal(err)
			}
			_, ck, err := state.Finish(reply)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := sk.Bytes(92); err != nil {
				b.Fatal(err)
			}
			if _, err := ck.Bytes(92); err != nil {
				b.Fatal(err)
			}
		})
	})
	be, _ := ecdh.X25519().NewPrivateKey(keys[0].Bytes())
	b.Run("ecdh", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			c, msg, err := refClientCreate(nil, id, keys[0].PublicKey(), benchVer, benchCM)
			if err != nil {
				b.Fatal(err)
			}
			reply, _, _, err := refServer(nil, id, be, benchVer, msg, benchSM, 92)
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := c.finish(reply, 92); err != nil {
				b.Fatal(err)
			}
		})
	})
}

func BenchmarkClient(b *testing.B) {
	relay, id, keys := newTestRelay(b, 1)
	b.Run("create/curvekit", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			if _, _, err := ClientHandshake(nil, id, keys[0].PublicKey(), benchVer, benchCM); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("create/ecdh", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			if _, _, err := refClientCreate(nil, id, keys[0].PublicKey(), benchVer, benchCM); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("finish/curvekit", func(b *testing.B) {
		// A state finishes once: b.N states for one ephemeral key (so one
		// reply fits them all), made outside the timed loop.
		x, _ := GenerateKey(nil)
		states := make([]*ClientState, b.N)
		var msg []byte
		for i := range states {
			states[i], msg, _ = ClientHandshakeWithKey(x, id, keys[0].PublicKey(), benchVer, benchCM)
		}
		ss, _, _ := relay.ServerHandshake(nil, msg, benchVer)
		reply, _, _ := ss.Reply(benchSM)
		i := 0
		benchutil.RunCPU(b, func() {
			if _, _, err := states[i].Finish(reply); err != nil {
				b.Fatal(err)
			}
			i++
		})
	})
	be, _ := ecdh.X25519().NewPrivateKey(keys[0].Bytes())
	rc, rmsg, _ := refClientCreate(nil, id, keys[0].PublicKey(), benchVer, benchCM)
	rreply, _, _, _ := refServer(nil, id, be, benchVer, rmsg, benchSM, 92)
	b.Run("finish/ecdh", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			if _, _, err := rc.finish(rreply, 92); err != nil {
				b.Fatal(err)
			}
		})
	})
}

func BenchmarkServer(b *testing.B) {
	relay, id, keys := newTestRelay(b, 1)
	_, msg, _ := ClientHandshake(nil, id, keys[0].PublicKey(), benchVer, benchCM)
	b.Run("curvekit", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			ss, _, err := relay.ServerHandshake(nil, msg, benchVer)
			if err != nil {
				b.Fatal(err)
			}
			if _, _, err := ss.Reply(benchSM); err != nil {
				b.Fatal(err)
			}
		})
	})
	be, _ := ecdh.X25519().NewPrivateKey(keys[0].Bytes())
	b.Run("ecdh", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			if _, _, _, err := refServer(nil, id, be, benchVer, msg, benchSM, 92); err != nil {
				b.Fatal(err)
			}
		})
	})
}
