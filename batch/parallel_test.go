package batch

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"runtime"
	"slices"
	"sync/atomic"
	"testing"
	"time"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/batchtest"
	"github.com/curvekit/curvekit/internal/benchutil"
)

// verifyWith runs entries (entry i under pol[i]) through a Verifier with
// the given workers and chunk floor (0: the package's), subgroup method
// forced on or off, and returns its verdicts and how many chunks it used.
func verifyWith(entries []batchtest.Entry, pol []ed25519.Policy, subgroup bool, workers, floor int, rand rngLike) (bool, []bool, int) {
	v := NewVerifierWithOptions(0, &Options{Workers: workers})
	v.work.method = methodFor(subgroup)
	v.work.minChunk = floor
	for i := range entries {
		o := entries[i].Opts
		o.Policy = pol[i]
		v.AddWithOptions(entries[i].Pub, entries[i].Msg, entries[i].Sig, &o)
	}
	ok, valid := v.Verify(rand)
	return ok, valid, v.work.chunks(v.workers, len(entries))
}

// checkWorkers compares Workers = 0 with several worker counts, and both
// with single verification, on one batch.
func checkWorkers(t *testing.T, name string, entries []batchtest.Entry, pol []ed25519.Policy, subgroup bool, rng *rand.Rand) {
	t.Helper()
	want := make([]bool, len(entries))
	for i := range entries {
		want[i] = singleResult(&entries[i], pol[i])
	}
	ok0, valid0, c := verifyWith(entries, pol, subgroup, 0, 0, rngReader{rng})
	if c != 1 {
		t.Fatalf("%s: Workers=0 used %d chunks", name, c)
	}
	if !slices.Equal(valid0, want) {
		t.Fatalf("%s: Workers=0 disagrees with single verification", name)
	}
	for _, workers := range []int{2, 3, 5} {
		floor := max(1, len(entries)/(workers+1)) // force the parallel path
		ok, valid, c := verifyWith(entries, pol, subgroup, workers, floor, rngReader{rng})
		if c < 2 && len(entries) >= 2*floor {
			t.Fatalf("%s: Workers=%d used %d chunks", name, workers, c)
		}
		if ok != ok0 || !slices.Equal(valid, valid0) {
			for i := range valid {
				if valid[i] != valid0[i] {
					t.Errorf("%s: Workers=%d: entry %d (%s, %v): %v, Workers=0 %v",
						name, workers, i, entries[i].Name, pol[i], valid[i], valid0[i])
				}
			}
			t.FailNow()
		}
	}
}

func TestWorkersAgree(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	corpus := batchtest.GenCorpus(t, false)
	setWant(corpus)
	honest := batchtest.HonestEntries(t, 96, rng)
	setWant(honest)
	bad := make([]batchtest.Entry, len(honest))
	for i := range honest {
		bad[i] = batchtest.Corrupt(honest[i], rng)
	}
	mixed := append(append([]batchtest.Entry{}, honest...), corpus...)
	for i := 0; i < len(mixed); i += 7 {
		mixed[i] = batchtest.Corrupt(mixed[i], rng)
	}
	rng.Shuffle(len(mixed), func(i, j int) { mixed[i], mixed[j] = mixed[j], mixed[i] })
	sets := []struct {
		name    string
		entries []batchtest.Entry
	}{
		{"valid", honest},
		{"invalid", bad},
		{"one-bad", append(append([]batchtest.Entry{}, honest[:50]...), append([]batchtest.Entry{bad[50]}, honest[51:]...)...)},
		{"corpus", corpus}, // small-order, mixed-order, non-canonical, S ≥ ℓ
		{"mixed", mixed},
	}
	for _, s := range sets {
		for _, subgroup := range []bool{false, true} {
			for _, p := range allPolicies {
				checkWorkers(t, s.name, s.entries, samePolicy(len(s.entries), p), subgroup, rng)
			}
			pol := make([]ed25519.Policy, len(s.entries))
			for i := range pol {
				pol[i] = allPolicies[rng.IntN(3)]
			}
			checkWorkers(t, s.name+"/mixed-policies", s.entries, pol, subgroup, rng)
		}
	}
}

// TestWorkersDefaultChunks checks the chunk count with the package's floor
// and a real parallel run of a batch big enough for it.
func TestWorkersDefaultChunks(t *testing.T) {
	var w workspace
	for _, c := range []struct{ workers, n, want int }{
		{0, 1000, 1}, {1, 1000, 1}, {-3, 1000, 1}, {2, 2*minChunk - 1, 1},
		{2, 2 * minChunk, 2}, {4, 3 * minChunk, 3}, {4, 1 << 20, 4},
	} {
		if got := w.chunks(c.workers, c.n); got != c.want {
			t.Errorf("chunks(%d, %d) = %d, want %d", c.workers, c.n, got, c.want)
		}
	}
	if NewVerifierWithOptions(0, &Options{Workers: -1}).workers != 0 || NewVerifierWithOptions(0, nil).workers != 0 {
		t.Error("negative or nil Workers not treated as 0")
	}
	rng := rand.New(rand.NewPCG(43, 44))
	n := 2 * minChunk
	entries := batchtest.HonestEntries(t, n, rng)
	setWant(entries)
	entries[3] = batchtest.Corrupt(entries[3], rng)
	entries[n-2] = batchtest.Corrupt(entries[n-2], rng)
	pol := samePolicy(n, ed25519.PolicyZIP215)
	ok, valid, c := verifyWith(entries, pol, false, 2, 0, rngReader{rng})
	if c != 2 {
		t.Fatalf("%d chunks, want 2", c)
	}
	for i := range valid {
		if valid[i] != singleResult(&entries[i], pol[i]) {
			t.Errorf("entry %d: %v", i, valid[i])
		}
	}
	if ok {
		t.Error("ok with two bad entries")
	}
}

var errReaderFailure = errors.New("no entropy")

// countingFailReader fails every read after the first `good` ones.
type countingFailReader struct {
	good  int32
	reads atomic.Int32
	rng   *rand.Rand
}

func (r *countingFailReader) Read(p []byte) (int, error) {
	if r.reads.Add(1) > r.good {
		return 0, errReaderFailure
	}
	return rngReader{r.rng}.Read(p)
}

// TestWorkersRandFailure: when rand fails for some chunks only, each is
// checked exactly, so the answers do not change.
func TestWorkersRandFailure(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	entries := batchtest.HonestEntries(t, 24, rng)
	setWant(entries)
	for _, i := range []int{1, 13, 20} {
		entries[i] = batchtest.Corrupt(entries[i], rng)
	}
	pol := samePolicy(len(entries), ed25519.PolicyZIP215)
	_, want, _ := verifyWith(entries, pol, false, 0, 0, rngReader{rng})
	for good := int32(0); good <= 3; good++ {
		ok, valid, c := verifyWith(entries, pol, false, 3, 8, &countingFailReader{good: good, rng: rng})
		if c != 3 || ok || !slices.Equal(valid, want) {
			t.Errorf("%d good reads: chunks %d, ok %v, valid %v, want %v", good, c, ok, valid, want)
		}
	}
}

// BenchmarkWorkers measures what Options.Workers is for: wall-clock
// signatures per second of a whole batch of n = 1024 (AddWithOptions ×n
// and Verify; PolicyZIP215, and PolicyDefault, which batches with the
// subgroup method) on one core against two, interleaved in one process. Each iteration runs the batch
// once under GOMAXPROCS=1 with Workers = 0 and once under GOMAXPROCS=2
// with Workers = 2; the figures are medians over the iterations:
//
//   - sig/s-1core, sig/s-2core and speedup: wall clock, what the option
//     is for, and what a loaded machine distorts (the two threads then
//     share cores with other processes);
//   - cpu-ratio: the process's CPU time (all threads) with two workers
//     over one's, the parallel path's extra work, which load barely
//     changes;
//   - idle-speedup: the speedup the CPU times predict for an idle
//     machine, T1 / (A + (C2 − A)/2), with A the serial part (the Adds,
//     timed) and C2 the two-worker run's CPU time; a projection, not a
//     measurement.
//
// Thread CPU time, which benchutil.Compare uses, would miss the second
// worker's work. Run with a fixed count of rounds:
//
//	go test -run XXX -bench Workers -benchtime 20x ./batch
func BenchmarkWorkers(b *testing.B) {
	const n = 1024
	s := batchtest.NewBenchSet(n, 0)
	for _, p := range []ed25519.Policy{ed25519.PolicyZIP215, ed25519.PolicyDefault} {
		opts := &ed25519.Options{Policy: p}
		// run returns the wall time, the Adds' wall time and the
		// process CPU time of one whole batch.
		run := func(procs, workers int) (wall, add, cpu float64) {
			runtime.GOMAXPROCS(procs)
			c0, t0 := benchutil.ProcessCPU(), time.Now()
			v := NewVerifierWithOptions(0, &Options{Workers: workers})
			for i := range s.Pubs {
				v.AddWithOptions(s.Pubs[i], s.Msgs[i], s.Sigs[i], opts)
			}
			t1 := time.Now()
			if ok, _ := v.Verify(nil); !ok {
				b.Fatal("wrong result")
			}
			t2, c2 := time.Now(), benchutil.ProcessCPU()
			return t2.Sub(t0).Seconds(), t1.Sub(t0).Seconds(), float64(c2-c0) / 1e9
		}
		b.Run(fmt.Sprintf("n=%d/%v", n, p), func(b *testing.B) {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(0))
			if runtime.NumCPU() < 2 {
				b.Skip("one CPU")
			}
			var one, two, cpuRatio, idle []float64
			run(1, 0) // warm the pools
			run(2, 2)
			for i := 0; i < b.N; i++ {
				w1, a1, c1 := run(1, 0)
				w2, _, c2 := run(2, 2)
				one = append(one, float64(n)/w1)
				two = append(two, float64(n)/w2)
				cpuRatio = append(cpuRatio, c2/c1)
				// One core: wall ≈ CPU on an idle machine; use the
				// CPU time, which load does not inflate.
				a := a1 * c1 / w1
				idle = append(idle, c1/(a+(c2-a)/2))
			}
			m1, m2 := benchutil.Median(one), benchutil.Median(two)
			b.ReportMetric(m1, "sig/s-1core")
			b.ReportMetric(m2, "sig/s-2core")
			b.ReportMetric(m2/m1, "speedup")
			b.ReportMetric(benchutil.Median(cpuRatio), "cpu-ratio")
			b.ReportMetric(benchutil.Median(idle), "idle-speedup")
		})
	}
}

// TestWorkersCopyMessages checks the deferred challenges of Workers > 1:
// Add copies the message (overwriting the caller's buffer after Add
// changes nothing), a second Verify gives the same answers, and Reset
// drops the old messages. Each half of the check fails if Verify hashed
// the caller's buffer or a stale copy.
func TestWorkersCopyMessages(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 46))
	honest := batchtest.HonestEntries(t, 40, rng)
	for _, workers := range []int{0, 2} {
		v := NewVerifierWithOptions(0, &Options{Workers: workers})
		v.work.minChunk = 8
		bufs := make([][]byte, len(honest))
		for i, e := range honest {
			bufs[i] = append([]byte(nil), e.Msg...)
			o := e.Opts
			v.AddWithOptions(e.Pub, bufs[i], e.Sig, &o)
		}
		for _, b := range bufs {
			for j := range b {
				b[j] ^= 0xff
			}
		}
		for round := 0; round < 2; round++ {
			if ok, valid := v.Verify(rngReader{rng}); !ok {
				t.Fatalf("Workers=%d round %d: valid batch rejected after the caller's buffers changed: %v", workers, round, valid)
			}
		}
		// The changed buffers are wrong messages: after Reset, the same
		// signatures on them must all fail.
		v.Reset()
		for i, e := range honest {
			o := e.Opts
			v.AddWithOptions(e.Pub, bufs[i], e.Sig, &o)
		}
		_, valid := v.Verify(rngReader{rng})
		for i, ok := range valid {
			if ok && len(bufs[i]) > 0 {
				t.Fatalf("Workers=%d: entry %d accepted on a changed message", workers, i)
			}
		}
	}
}
