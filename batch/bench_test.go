package batch

import (
	stded25519 "crypto/ed25519"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/benchutil"
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

// BenchmarkVerify times a whole batch — verifier creation, every Add, and
// Verify — per signature, for each policy and against single verification
// and crypto/ed25519, all verifying the same signatures (the interop module's
// BenchmarkVerify sets the peers' batch verifiers beside the default batch). Run with GOMAXPROCS=1 (the targets are
// single-core): go test -run XXX -bench Verify -cpu 1 ./batch.
func BenchmarkVerify(b *testing.B) {
	for _, bad := range []int{0, 1} {
		for _, n := range benchSizes {
			s := newBenchSet(b, n, bad)
			name := func(what string) string { return fmt.Sprintf("bad=%d/n=%d/%s", bad, n, what) }
			wantOK := bad == 0
			for _, p := range allPolicies {
				for _, sub := range []bool{false, true} {
					if sub && p == ed25519.PolicyZIP215 {
						continue
					}
					what := p.String()
					if sub {
						what += "-subgroup"
					}
					opts := &ed25519.Options{Policy: p}
					b.Run(name(what), func(b *testing.B) {
						perSig(b, n, func() {
							v := NewVerifier()
							v.work.method = methodFor(sub)
							for i := range s.pubs {
								v.AddWithOptions(s.pubs[i], s.msgs[i], s.sigs[i], opts)
							}
							if ok, _ := v.Verify(nil); ok != wantOK {
								b.Fatal("wrong result")
							}
						})
					})
				}
			}
			b.Run(name("single-ZIP215"), func(b *testing.B) {
				opts := &ed25519.Options{Policy: ed25519.PolicyZIP215}
				perSig(b, n, func() {
					for i := range s.pubs {
						ed25519.VerifyWithOptions(s.pubs[i], s.msgs[i], s.sigs[i], opts)
					}
				})
			})
			b.Run(name("single-Default"), func(b *testing.B) {
				perSig(b, n, func() {
					for i := range s.pubs {
						ed25519.Verify(s.pubs[i], s.msgs[i], s.sigs[i])
					}
				})
			})
			b.Run(name("crypto-ed25519"), func(b *testing.B) {
				perSig(b, n, func() {
					for i := range s.pubs {
						stded25519.Verify(stded25519.PublicKey(s.pubs[i]), s.msgs[i], s.sigs[i])
					}
				})
			})
		}
	}
}

// BenchmarkMSM times curve25519.VarTimeMultiScalarMult, which the batch
// equation uses, on that equation's shape: the basepoint, m decoded points
// with 128-bit scalars and m with full-size ones.
func BenchmarkMSM(b *testing.B) {
	for _, m := range []int{1, 4, 16, 64, 256, 1024} {
		rng := rand.New(rand.NewPCG(uint64(m), 99))
		n := 2*m + 1
		cs := make([]*curve25519.Scalar, n)
		cp := make([]*curve25519.Point, n)
		for i := 0; i < n; i++ {
			var buf [64]byte
			for j := range buf {
				buf[j] = byte(rng.Uint32())
			}
			if i%2 == 1 {
				clear(buf[16:])
			}
			s, _ := new(curve25519.Scalar).SetUniformBytes(buf[:])
			for j := range buf {
				buf[j] = byte(rng.Uint32())
			}
			k, _ := new(curve25519.Scalar).SetUniformBytes(buf[:])
			P := new(curve25519.Point).ScalarBaseMult(k)
			P, _ = new(curve25519.Point).SetBytes(P.Bytes()) // Z = 1, as decoded
			if i == 0 {
				P = curve25519.NewGeneratorPoint()
			}
			cs[i], cp[i] = s, P
		}
		b.Run(fmt.Sprintf("m=%d/curve25519", m), func(b *testing.B) {
			var V curve25519.Point
			perSig(b, m, func() { V.VarTimeMultiScalarMult(cs, cp) })
		})
	}
}

// BenchmarkPaired measures, on a noisy shared machine, per-signature costs
// with a paired design: every iteration runs our batch (whole: creation,
// Add, Verify) and each peer back to back on the same signatures, timing
// each with the thread's CPU clock, and the reported figures are medians
// over iterations of the per-iteration values and ratios ("ours/x"). Run
// with -benchtime Nx (N iterations) and GOMAXPROCS=1.
func BenchmarkPaired(b *testing.B) {
	for _, bad := range []int{0, 1} {
		for _, n := range benchSizes {
			for _, p := range allPolicies {
				for _, sub := range []bool{false, true} {
					if sub && p == ed25519.PolicyZIP215 {
						continue
					}
					name := p.String()
					if sub {
						name += "-subgroup"
					}
					b.Run(fmt.Sprintf("bad=%d/n=%d/%s", bad, n, name), func(b *testing.B) {
						pairedRun(b, newBenchSet(b, n, bad), p, sub)
					})
				}
			}
		}
	}
}

func pairedRun(b *testing.B, s *benchSet, p ed25519.Policy, subgroup bool) {
	n := len(s.pubs)
	wantOK := true
	for i := range s.pubs {
		wantOK = wantOK && ed25519.VerifyWithOptions(s.pubs[i], s.msgs[i], s.sigs[i], &ed25519.Options{Policy: p}) == nil
	}
	opts := &ed25519.Options{Policy: p}
	ours := func() {
		v := NewVerifier()
		v.work.method = methodFor(subgroup)
		for i := range s.pubs {
			v.AddWithOptions(s.pubs[i], s.msgs[i], s.sigs[i], opts)
		}
		if ok, _ := v.Verify(nil); ok != wantOK {
			b.Fatal("wrong result")
		}
	}
	peers := []struct {
		name string
		run  func()
	}{
		{"crypto", func() {
			for i := range s.pubs {
				stded25519.Verify(stded25519.PublicKey(s.pubs[i]), s.msgs[i], s.sigs[i])
			}
		}},
		{"single", func() {
			for i := range s.pubs {
				ed25519.VerifyWithOptions(s.pubs[i], s.msgs[i], s.sigs[i], opts)
			}
		}},
	}
	// Every iteration times ours and each peer once, in an order rotated
	// from one iteration to the next, so that no one always runs on the
	// caches another left or pays for another's garbage. (No forced
	// garbage collection between runs: it would empty the sync.Pools that
	// ours and curve25519 keep their buffers in.)
	runs := append([]struct {
		name string
		run  func()
	}{{"ours", ours}}, peers...)
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
}

func median(x []float64) float64 {
	s := append([]float64(nil), x...)
	slices.Sort(s)
	if len(s) == 0 {
		return 0
	}
	return s[len(s)/2]
}
