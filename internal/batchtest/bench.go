package batchtest

import (
	"math/rand/v2"
	"runtime"
	"testing"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/benchutil"
)

// BenchSet is n honest signatures (pure Ed25519, distinct keys, 32-byte
// messages), optionally with some corrupted at random positions.
type BenchSet struct {
	Pubs []ed25519.PublicKey
	Msgs [][]byte
	Sigs [][]byte
}

// NewBenchSet returns n honest signatures of which bad are then corrupted,
// drawn from a generator seeded with (n, bad). The same n and bad give the
// same set in every benchmark, so the library's and the interop module's
// figures are measured on the same signatures.
func NewBenchSet(n, bad int) *BenchSet {
	rng := rand.New(rand.NewPCG(uint64(n), uint64(bad)))
	s := &BenchSet{}
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
		s.Pubs = append(s.Pubs, priv.Public().(ed25519.PublicKey))
		s.Msgs = append(s.Msgs, msg)
		s.Sigs = append(s.Sigs, ed25519.Sign(priv, msg))
	}
	for i := 0; i < bad; i++ {
		s.Sigs[rng.IntN(n)][40] ^= 1
	}
	return s
}

// PerSig runs op b.N times and reports per-signature wall and thread-CPU
// time, op covering n signatures. The machine is shared, so cpu-ns/sig is
// the steadier figure.
func PerSig(b *testing.B, n int, op func()) {
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

// Run is one batch (or loop of single verifications) that Paired times.
type Run struct {
	Name string
	Run  func()
}

// Paired times ours and each peer back to back on every iteration, each
// with the thread's CPU clock, in an order rotated from one iteration to
// the next so that no run always meets the caches another left or pays for
// another's garbage, and reports the median of ours per signature (n signatures a
// run) as cpu-ns/sig and the median per-iteration ratio to each peer as
// "ours/<name>". Load from other processes then hits all runs alike, so the
// ratios are steadier than ones taken from separate benchmarks.
func Paired(b *testing.B, n int, ours func(), peers []Run) {
	// No forced garbage collection between runs: it would empty the
	// sync.Pools that the batch code and curve25519 keep their buffers in.
	runs := append([]Run{{Name: "ours", Run: ours}}, peers...)
	oursT := make([]float64, 0, b.N)
	ratios := make([][]float64, len(peers))
	t := make([]float64, len(runs))
	for i := 0; i < b.N; i++ {
		for j := range runs {
			r := (i + j) % len(runs)
			t0 := benchutil.ThreadCPU()
			runs[r].Run()
			t[r] = float64(benchutil.ThreadCPU() - t0)
		}
		oursT = append(oursT, t[0]/float64(n))
		for j := range peers {
			ratios[j] = append(ratios[j], t[0]/t[j+1])
		}
	}
	b.ReportMetric(benchutil.Median(oursT), "cpu-ns/sig")
	for j, pe := range peers {
		b.ReportMetric(benchutil.Median(ratios[j]), "ours/"+pe.Name)
	}
}
