package batch_test

import (
	stded25519 "crypto/ed25519"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/curvekit/curvekit/batch"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/hdevalence/ed25519consensus"
	voied "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"
)

// benchSizes are the batch sizes measured: small, the crossover region and large.
var benchSizes = []int{1, 4, 16, 64, 256, 1024}

// benchSet is n honest signatures (pure Ed25519, distinct keys, 32-byte
// messages), optionally with one corrupted at a random position.
type benchSet struct {
	pubs []ed25519.PublicKey
	msgs [][]byte
	sigs [][]byte
}

func newBenchSet(b *testing.B, n, bad int) *benchSet {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(bad)))
	s := &benchSet{}
	var seed [32]byte
	for i := 0; i < n; i++ {
		for j := range seed {
			seed[j] = byte(rng.Uint32())
		}
		priv := ed25519.NewKeyFromSeed(seed[:])
		msg := make([]byte, 32)
		for j := range msg {
			msg[j] = byte(rng.Uint32())
		}
		s.pubs = append(s.pubs, priv.Public().(ed25519.PublicKey))
		s.msgs = append(s.msgs, msg)
		s.sigs = append(s.sigs, ed25519.Sign(priv, msg))
	}
	for i := 0; i < bad; i++ {
		s.sigs[rng.IntN(n)][40] ^= 1
	}
	return s
}

// perSig runs op b.N times and reports per-signature wall and thread-CPU
// time (the machine is shared: cpu-ns/sig is the steadier figure).
func perSig(b *testing.B, n int, op func()) {
	b.ReportAllocs()
	runtime.GC()
	b.ResetTimer()
	c0 := benchutil.ThreadCPU()
	for i := 0; i < b.N; i++ {
		op()
	}
	c1 := benchutil.ThreadCPU()
	b.StopTimer()
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(n), "ns/sig")
	b.ReportMetric(float64(c1-c0)/float64(b.N)/float64(n), "cpu-ns/sig")
}

func median(x []float64) float64 {
	s := append([]float64(nil), x...)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}

// peerBatches are the peers' ZIP-215 batch verifiers, each run on a whole
// benchSet; ok reports the batch's answer.
func peerBatches(s *benchSet) []struct {
	name string
	run  func() bool
} {
	voiOpts := &voied.Options{Verify: voied.VerifyOptionsZIP_215}
	return []struct {
		name string
		run  func() bool
	}{
		{"consensus", func() bool {
			v := ed25519consensus.NewBatchVerifier()
			for i := range s.pubs {
				v.Add(stded25519.PublicKey(s.pubs[i]), s.msgs[i], s.sigs[i])
			}
			return v.Verify()
		}},
		{"voi", func() bool {
			v := voied.NewBatchVerifier()
			for i := range s.pubs {
				v.AddWithOptions(voied.PublicKey(s.pubs[i]), s.msgs[i], s.sigs[i], voiOpts)
			}
			ok, _ := v.Verify(nil)
			return ok
		}},
	}
}

// oursZIP215 is a whole ZIP-215 batch (creation, Add, Verify) on s.
func oursZIP215(s *benchSet) func() bool {
	opts := &ed25519.Options{Policy: ed25519.PolicyZIP215}
	return func() bool {
		v := batch.NewVerifier()
		for i := range s.pubs {
			v.AddWithOptions(s.pubs[i], s.msgs[i], s.sigs[i], opts)
		}
		ok, _ := v.Verify(nil)
		return ok
	}
}

// BenchmarkVerify times a whole ZIP-215 batch per signature, curvekit's and
// the peers', all verifying the same signatures (the library's own
// BenchmarkVerify covers every policy, the subgroup method and single
// verification). Run with GOMAXPROCS=1: go test -run XXX -bench Verify -cpu 1 ./batch.
func BenchmarkVerify(b *testing.B) {
	for _, bad := range []int{0, 1} {
		for _, n := range benchSizes {
			s := newBenchSet(b, n, bad)
			wantOK := bad == 0
			runs := append([]struct {
				name string
				run  func() bool
			}{{"ZIP215", oursZIP215(s)}}, peerBatches(s)...)
			for _, r := range runs {
				b.Run(fmt.Sprintf("bad=%d/n=%d/%s", bad, n, r.name), func(b *testing.B) {
					perSig(b, n, func() {
						if r.run() != wantOK {
							b.Fatal("wrong result")
						}
					})
				})
			}
		}
	}
}

// BenchmarkPaired measures, on a noisy shared machine, per-signature costs
// with a paired design: every iteration runs curvekit's ZIP-215 batch and
// each peer's back to back on the same signatures, timing each with the
// thread's CPU clock, and the reported figures are medians over iterations
// of the per-iteration values and ratios ("ours/x"). Run with -benchtime Nx
// (N iterations) and GOMAXPROCS=1.
func BenchmarkPaired(b *testing.B) {
	for _, bad := range []int{0, 1} {
		for _, n := range benchSizes {
			b.Run(fmt.Sprintf("bad=%d/n=%d/ZIP215", bad, n), func(b *testing.B) {
				s := newBenchSet(b, n, bad)
				peers := peerBatches(s)
				runs := append([]struct {
					name string
					run  func() bool
				}{{"ours", oursZIP215(s)}}, peers...)
				oursT := make([]float64, 0, b.N)
				ratios := make([][]float64, len(peers))
				t := make([]float64, len(runs))
				for i := 0; i < b.N; i++ {
					for j := range runs {
						r := (i + j) % len(runs)
						t0 := benchutil.ThreadCPU()
						runs[r].run()
						t[r] = float64(benchutil.ThreadCPU() - t0)
					}
					oursT = append(oursT, t[0]/float64(n))
					for j := range peers {
						ratios[j] = append(ratios[j], t[0]/t[j+1])
					}
				}
				b.ReportMetric(median(oursT), "cpu-ns/sig")
				for j, pe := range peers {
					b.ReportMetric(median(ratios[j]), "ours/"+pe.name)
				}
			})
		}
	}
}

// BenchmarkCoefficients compares, paired per iteration on thread CPU time,
// the whole ZIP-215 batch with the coefficients Verify picks (auto) and
// ed25519consensus's on the same signatures, reporting the medians per
// signature and of the per-iteration ratio (the library's own
// BenchmarkCoefficients sets auto beside dense 128-bit coefficients).
func BenchmarkCoefficients(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			s := newBenchSet(b, n, 0)
			runs := []struct {
				name string
				run  func() bool
			}{{"auto", oursZIP215(s)}, peerBatches(s)[0]}
			t := make([][]float64, len(runs))
			var rc []float64
			for i := 0; i < b.N; i++ {
				var x [2]float64
				for j, r := range runs {
					t0 := benchutil.ThreadCPU()
					if !r.run() {
						b.Fatal("wrong result")
					}
					x[j] = float64(benchutil.ThreadCPU() - t0)
					t[j] = append(t[j], x[j]/float64(n))
				}
				rc = append(rc, x[0]/x[1])
			}
			for j, r := range runs {
				b.ReportMetric(median(t[j]), r.name+"-ns/sig")
			}
			b.ReportMetric(median(rc), "auto/consensus")
		})
	}
}
