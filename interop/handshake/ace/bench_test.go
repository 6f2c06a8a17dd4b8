package ace_test

// Benchmarks: curvekit's Ace through its public API (ace: ClearCofactor, the
// default; ace-strict: RejectTorsion on both sides) beside
// interop/aceref's Ace-shaped handshakes on filippo.io/edwards25519 and
// curve25519-voi (Ace's group work and KDF without the subgroup checks, a
// lower bound on Ace on those libraries) and Tor's ntor on crypto/ecdh
// (internal/ntorref), the baseline. Each operation is a full handshake:
// client create, server respond, client finish, ephemeral keys generated
// inline. The library's own benchmarks of the same names add the
// Ace-shaped handshake on curvekit and the ntor variants.

import (
	"bytes"
	"crypto/rand"
	"errors"
	"runtime"
	"testing"

	"github.com/curvekit/curvekit/handshake/ace"
	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/ntorref"
	"github.com/curvekit/curvekit/interop/aceref"
)

// fullHandshake runs one handshake and checks that both sides agree.
type fullHandshake func() error

var errKeys = errors.New("bench: the two sides' keys differ")

func curvekitAce(tb testing.TB, check ace.SubgroupCheck) fullHandshake {
	key, err := ace.GenerateKey(nil)
	if err != nil {
		tb.Fatal(err)
	}
	id := make([]byte, ace.IDSize)
	rand.Read(id)
	relay, err := ace.NewRelay(id, key)
	if err != nil {
		tb.Fatal(err)
	}
	relay = relay.WithSubgroupCheck(check)
	pub := key.PublicKey().Bytes()
	return func() error {
		st, msg, err := ace.ClientHandshake(nil, id, pub)
		if err != nil {
			return err
		}
		st.SetSubgroupCheck(check)
		reply, sk, err := relay.ServerHandshake(nil, msg)
		if err != nil {
			return err
		}
		ck, err := st.Finish(reply)
		if err != nil {
			return err
		}
		if !bytes.Equal(ck, sk) {
			return errKeys
		}
		return nil
	}
}

func shapedAce(tb testing.TB, g *aceref.Group) fullHandshake {
	id := make([]byte, aceref.IDSize)
	rand.Read(id)
	relay, err := aceref.NewRelay(g, rand.Reader, id)
	if err != nil {
		tb.Fatal(err)
	}
	return func() error {
		c, msg, err := aceref.ClientCreate(g, rand.Reader, id, relay.PublicKey())
		if err != nil {
			return err
		}
		reply, sk, err := relay.Respond(rand.Reader, msg)
		if err != nil {
			return err
		}
		ck, err := c.Finish(reply)
		if err != nil {
			return err
		}
		if !bytes.Equal(ck, sk) {
			return errKeys
		}
		return nil
	}
}

func ntorECDH(tb testing.TB) fullHandshake {
	dh := ntorref.ECDH
	id := make([]byte, 20)
	priv := make([]byte, 32)
	rand.Read(id)
	rand.Read(priv)
	relayKey := dh.NewKey(priv)
	return func() error {
		c, msg := ntorref.ClientCreate(dh, nil, id, relayKey.Pub())
		reply, sk, err := ntorref.Server(dh, nil, id, relayKey, msg, ace.KeyMaterialSize)
		if err != nil {
			return err
		}
		ck, err := c.Finish(reply, ace.KeyMaterialSize)
		if err != nil {
			return err
		}
		if !bytes.Equal(ck, sk) {
			return errKeys
		}
		return nil
	}
}

func benchImpls(tb testing.TB) []struct {
	name string
	run  fullHandshake
} {
	return []struct {
		name string
		run  fullHandshake
	}{
		{"ace", curvekitAce(tb, ace.ClearCofactor)},
		{"ace-strict", curvekitAce(tb, ace.RejectTorsion)},
		{"ace-shaped-filippo", shapedAce(tb, aceref.Filippo)},
		{"ace-shaped-voi", shapedAce(tb, aceref.Voi)},
		{"ntor-ecdh", ntorECDH(tb)},
	}
}

// BenchmarkHandshake times a full handshake per implementation, reporting
// thread CPU time (cpu-ns/op) beside wall time.
func BenchmarkHandshake(b *testing.B) {
	for _, impl := range benchImpls(b) {
		b.Run(impl.name, func(b *testing.B) {
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			start := benchutil.ThreadCPU()
			for i := 0; i < b.N; i++ {
				if err := impl.run(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64(benchutil.ThreadCPU()-start)/float64(b.N), "cpu-ns/op")
		})
	}
}

// BenchmarkRatio interleaves two implementations' full handshakes (in
// alternating order) and reports the ratio a/b of their median thread CPU
// times, the most robust figure on a shared machine.
func BenchmarkRatio(b *testing.B) {
	impls := map[string]fullHandshake{}
	for _, i := range benchImpls(b) {
		impls[i.name] = i.run
	}
	for _, pair := range [][2]string{
		{"ace-shaped-voi", "ntor-ecdh"}, {"ace-shaped-filippo", "ntor-ecdh"},
		{"ace", "ace-shaped-voi"}, {"ace", "ace-shaped-filippo"},
	} {
		b.Run("inline/"+pair[0]+"-vs-"+pair[1], func(b *testing.B) {
			h := [2]fullHandshake{impls[pair[0]], impls[pair[1]]}
			runtime.LockOSThread()
			defer runtime.UnlockOSThread()
			times := [2][]float64{make([]float64, 0, b.N), make([]float64, 0, b.N)}
			for i := 0; i < b.N; i++ {
				for k := 0; k < 2; k++ {
					j := (i + k) % 2
					start := benchutil.ThreadCPU()
					if err := h[j](); err != nil {
						b.Fatal(err)
					}
					times[j] = append(times[j], float64(benchutil.ThreadCPU()-start))
				}
			}
			m0, m1 := benchutil.Median(times[0]), benchutil.Median(times[1])
			b.ReportMetric(m0, "a-cpu-ns")
			b.ReportMetric(m1, "b-cpu-ns")
			b.ReportMetric(m0/m1, "a/b")
		})
	}
}

// The baselines must complete a handshake, or the figures above would
// measure broken code.
func TestBenchBaselines(t *testing.T) {
	for _, impl := range benchImpls(t) {
		if err := impl.run(); err != nil {
			t.Fatalf("%s: %v", impl.name, err)
		}
	}
}
