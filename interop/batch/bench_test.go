package batch_test

import (
	stded25519 "crypto/ed25519"
	"fmt"
	"testing"

	"github.com/curvekit/curvekit/batch"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/batchtest"
	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/hdevalence/ed25519consensus"
	voied "github.com/oasisprotocol/curve25519-voi/primitives/ed25519"
)

// benchSizes are the batch sizes measured: small, the crossover region and large.
var benchSizes = []int{1, 4, 16, 64, 256, 1024}

// peerBatches are the peers' ZIP-215 batch verifiers, each run on a whole
// benchSet; ok reports the batch's answer.
func peerBatches(s *batchtest.BenchSet) []struct {
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
			for i := range s.Pubs {
				v.Add(stded25519.PublicKey(s.Pubs[i]), s.Msgs[i], s.Sigs[i])
			}
			return v.Verify()
		}},
		{"voi", func() bool {
			v := voied.NewBatchVerifier()
			for i := range s.Pubs {
				v.AddWithOptions(voied.PublicKey(s.Pubs[i]), s.Msgs[i], s.Sigs[i], voiOpts)
			}
			ok, _ := v.Verify(nil)
			return ok
		}},
	}
}

// oursZIP215 is a whole ZIP-215 batch (creation, Add, Verify) on s.
func oursZIP215(s *batchtest.BenchSet) func() bool {
	opts := &ed25519.Options{Policy: ed25519.PolicyZIP215}
	return func() bool {
		v := batch.NewVerifier()
		for i := range s.Pubs {
			v.AddWithOptions(s.Pubs[i], s.Msgs[i], s.Sigs[i], opts)
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
			s := batchtest.NewBenchSet(n, bad)
			wantOK := bad == 0
			runs := append([]struct {
				name string
				run  func() bool
			}{{"ZIP215", oursZIP215(s)}}, peerBatches(s)...)
			for _, r := range runs {
				b.Run(fmt.Sprintf("bad=%d/n=%d/%s", bad, n, r.name), func(b *testing.B) {
					batchtest.PerSig(b, n, func() {
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
				s := batchtest.NewBenchSet(n, bad)
				var peers []batchtest.Run
				for _, p := range peerBatches(s) {
					peers = append(peers, batchtest.Run{Name: p.name, Run: func() { p.run() }})
				}
				ours := oursZIP215(s)
				batchtest.Paired(b, n, func() { ours() }, peers)
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
			s := batchtest.NewBenchSet(n, 0)
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
				b.ReportMetric(benchutil.Median(t[j]), r.name+"-ns/sig")
			}
			b.ReportMetric(benchutil.Median(rc), "auto/consensus")
		})
	}
}
