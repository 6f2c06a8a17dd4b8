package batch

import (
	stded25519 "crypto/ed25519"
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/batchtest"
)

// benchSizes are the batch sizes measured: small, the crossover region and large.
var benchSizes = []int{1, 4, 16, 64, 256, 1024}

// BenchmarkVerify times a whole batch — verifier creation, every Add, and
// Verify — per signature, for each policy and against single verification
// and crypto/ed25519, all verifying the same signatures (the interop module's
// BenchmarkVerify sets the peers' batch verifiers beside the default batch). Run with GOMAXPROCS=1 (the targets are
// single-core): go test -run XXX -bench Verify -cpu 1 ./batch.
func BenchmarkVerify(b *testing.B) {
	for _, bad := range []int{0, 1} {
		for _, n := range benchSizes {
			s := batchtest.NewBenchSet(n, bad)
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
						batchtest.PerSig(b, n, func() {
							v := NewVerifier()
							v.work.method = methodFor(sub)
							for i := range s.Pubs {
								v.AddWithOptions(s.Pubs[i], s.Msgs[i], s.Sigs[i], opts)
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
				batchtest.PerSig(b, n, func() {
					for i := range s.Pubs {
						ed25519.VerifyWithOptions(s.Pubs[i], s.Msgs[i], s.Sigs[i], opts)
					}
				})
			})
			b.Run(name("single-Default"), func(b *testing.B) {
				batchtest.PerSig(b, n, func() {
					for i := range s.Pubs {
						ed25519.Verify(s.Pubs[i], s.Msgs[i], s.Sigs[i])
					}
				})
			})
			b.Run(name("crypto-ed25519"), func(b *testing.B) {
				batchtest.PerSig(b, n, func() {
					for i := range s.Pubs {
						stded25519.Verify(stded25519.PublicKey(s.Pubs[i]), s.Msgs[i], s.Sigs[i])
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
			batchtest.PerSig(b, m, func() { V.VarTimeMultiScalarMult(cs, cp) })
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
						pairedRun(b, batchtest.NewBenchSet(n, bad), p, sub)
					})
				}
			}
		}
	}
}

func pairedRun(b *testing.B, s *batchtest.BenchSet, p ed25519.Policy, subgroup bool) {
	n := len(s.Pubs)
	wantOK := true
	for i := range s.Pubs {
		wantOK = wantOK && ed25519.VerifyWithOptions(s.Pubs[i], s.Msgs[i], s.Sigs[i], &ed25519.Options{Policy: p}) == nil
	}
	opts := &ed25519.Options{Policy: p}
	ours := func() {
		v := NewVerifier()
		v.work.method = methodFor(subgroup)
		for i := range s.Pubs {
			v.AddWithOptions(s.Pubs[i], s.Msgs[i], s.Sigs[i], opts)
		}
		if ok, _ := v.Verify(nil); ok != wantOK {
			b.Fatal("wrong result")
		}
	}
	peers := []batchtest.Run{
		{Name: "crypto", Run: func() {
			for i := range s.Pubs {
				stded25519.Verify(stded25519.PublicKey(s.Pubs[i]), s.Msgs[i], s.Sigs[i])
			}
		}},
		{Name: "single", Run: func() {
			for i := range s.Pubs {
				ed25519.VerifyWithOptions(s.Pubs[i], s.Msgs[i], s.Sigs[i], opts)
			}
		}},
	}
	batchtest.Paired(b, n, ours, peers)
}
