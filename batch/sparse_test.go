package batch

import (
	"bytes"
	cryptorand "crypto/rand"
	"fmt"
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/curvekit/curvekit/ed25519"
	"github.com/curvekit/curvekit/internal/batchtest"
	"github.com/curvekit/curvekit/internal/benchutil"
)

// naf returns the non-adjacent form of v > 0 (digits −1, 0, 1, least
// significant first), computed with math/big.
func naf(v *big.Int) []int {
	v = new(big.Int).Set(v)
	var d []int
	four := big.NewInt(4)
	for v.Sign() > 0 {
		if v.Bit(0) == 0 {
			d = append(d, 0)
		} else {
			r := int(new(big.Int).Mod(v, four).Int64())
			k := 2 - r // 1 if v ≡ 1, −1 if v ≡ 3 (mod 4)
			d = append(d, k)
			v.Sub(v, big.NewInt(int64(k)))
		}
		v.Rsh(v, 1)
	}
	return d
}

// TestSparseCoefficients checks drawSparse's output with math/big: a
// positive integer below 2^252 (so below ℓ) whose NAF has exactly
// sparseWeight nonzero digits, and that every position and both signs
// occur.
func TestSparseCoefficients(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	var w workspace
	w.grow(1)
	limit := new(big.Int).Lsh(big.NewInt(1), 252)
	var seenPos, seenNeg [sparseSpan]bool
	seen := map[string]bool{}
	for i := 0; i < 2000; i++ {
		c := coins{src: rngReader{rng}, buf: w.rnd[:sparseBytes]}
		if !c.fill() || !drawSparse(&w.z[0], &c) {
			t.Fatal("draw failed")
		}
		b := w.z[0].Bytes()
		if seen[string(b)] {
			t.Fatal("repeated coefficient")
		}
		seen[string(b)] = true
		slices.Reverse(b)
		v := new(big.Int).SetBytes(b)
		if v.Sign() <= 0 || v.Cmp(limit) >= 0 {
			t.Fatalf("coefficient %x out of (0, 2^252)", v)
		}
		nz := 0
		for e, d := range naf(v) {
			switch d {
			case 1:
				seenPos[e] = true
				nz++
			case -1:
				seenNeg[e] = true
				nz++
			}
		}
		if nz != sparseWeight {
			t.Fatalf("coefficient %x has NAF weight %d, want %d", v, nz, sparseWeight)
		}
	}
	for e := 0; e < sparseSpan; e++ {
		if !seenPos[e] || (!seenNeg[e] && e < sparseSpan-2) {
			t.Errorf("position %d never drawn (+: %v, −: %v)", e, seenPos[e], seenNeg[e])
		}
	}
}

// constReader yields the bytes of p over and over.
type constReader struct{ p []byte }

func (r constReader) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = r.p[i%len(r.p)]
	}
	return len(p), nil
}

// TestSparseCoinsEdges: a source of rejected bytes makes the draw give up
// instead of looping; one that rejects often still yields a valid draw
// through refills; a short one fails.
func TestSparseCoinsEdges(t *testing.T) {
	var z scalar
	buf := make([]byte, sparseBytes)
	c := coins{src: constReader{[]byte{0xff}}, buf: buf}
	if !c.fill() || drawSparse(&z, &c) {
		t.Fatal("all-0xff source: draw succeeded")
	}
	// Five rejections before each accepted byte: refills on the way.
	c = coins{src: constReader{append(bytes.Repeat([]byte{0xfe}, 5), 3)}, buf: buf}
	if !c.fill() || !drawSparse(&z, &c) {
		t.Fatal("rejecting source: draw failed")
	}
	c = coins{src: &errReader{4 + 3}, buf: buf[:4]}
	if !c.fill() || drawSparse(&z, &c) {
		t.Fatal("short source: draw succeeded")
	}
}

// BenchmarkCoefficients compares, paired per iteration on thread CPU time,
// the whole ZIP-215 batch (creation, Add, Verify) with the coefficients
// Verify picks (auto) and with dense 128-bit ones on the same signatures (the
// interop module's BenchmarkCoefficients sets ed25519consensus beside auto); it reports the medians per signature and of the
// per-iteration ratios. Run with GOMAXPROCS=1 and -benchtime Nx.
func BenchmarkCoefficients(b *testing.B) {
	for _, n := range benchSizes {
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			s := batchtest.NewBenchSet(n, 0)
			opts := &ed25519.Options{Policy: ed25519.PolicyZIP215}
			ours := func(dense bool) func() {
				return func() {
					v := NewVerifier()
					v.work.denseOnly = dense
					for i := range s.Pubs {
						v.AddWithOptions(s.Pubs[i], s.Msgs[i], s.Sigs[i], opts)
					}
					if ok, _ := v.Verify(nil); !ok {
						b.Fatal("wrong result")
					}
				}
			}
			runs := []struct {
				name string
				f    func()
			}{
				{"auto", ours(false)},
				{"dense", ours(true)},
			}
			t := make([][]float64, len(runs))
			var rd []float64
			for i := 0; i < b.N; i++ {
				var x [2]float64
				for j, r := range runs {
					t0 := benchutil.ThreadCPU()
					r.f()
					x[j] = float64(benchutil.ThreadCPU() - t0)
					t[j] = append(t[j], x[j]/float64(n))
				}
				rd = append(rd, x[0]/x[1])
			}
			for j, r := range runs {
				b.ReportMetric(benchutil.Median(t[j]), r.name+"-ns/sig")
			}
			b.ReportMetric(benchutil.Median(rd), "auto/dense")
		})
	}
}

// BenchmarkDrawSparse times one sparse coefficient from crypto/rand.
func BenchmarkDrawSparse(b *testing.B) {
	var w workspace
	w.grow(64)
	w.m = 64
	for i := 0; i < b.N; i++ {
		w.drawCoefficients(cryptorand.Reader)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/64, "ns/coef")
}

// BenchmarkDrawDense times one 128-bit coefficient from crypto/rand.
func BenchmarkDrawDense(b *testing.B) {
	var w workspace
	w.grow(64)
	w.m = 64
	w.denseOnly = true
	for i := 0; i < b.N; i++ {
		w.drawCoefficients(cryptorand.Reader)
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/64, "ns/coef")
}

// TestRadixCoefficients checks drawRadix's output with math/big: a
// positive integer below 2^248 whose signed radix-256 form (digits −128 …
// 127) has exactly radixWeight nonzero digits, and that every position and
// digit value occurs.
func TestRadixCoefficients(t *testing.T) {
	rng := rand.New(rand.NewPCG(33, 34))
	var w workspace
	w.grow(1)
	limit := new(big.Int).Lsh(big.NewInt(1), 8*radixSpan)
	var seenPos [radixSpan]bool
	var seenDigit [256]bool
	seen := map[string]bool{}
	for i := 0; i < 3000; i++ {
		c := coins{src: rngReader{rng}, buf: w.rnd[:sparseBytes]}
		if !c.fill() || !drawRadix(&w.z[0], &c) {
			t.Fatal("draw failed")
		}
		b := w.z[0].Bytes()
		if seen[string(b)] {
			t.Fatal("repeated coefficient")
		}
		seen[string(b)] = true
		slices.Reverse(b)
		v := new(big.Int).SetBytes(b)
		if v.Sign() <= 0 || v.Cmp(limit) >= 0 {
			t.Fatalf("coefficient %x out of (0, 2^248)", v)
		}
		nz := 0
		r := new(big.Int).Set(v)
		for k := 0; r.Sign() != 0; k++ {
			d := new(big.Int).Mod(r, big.NewInt(256)).Int64()
			if d >= 128 {
				d -= 256
			}
			if d != 0 {
				nz++
				seenPos[k] = true
				seenDigit[byte(int8(d))] = true
			}
			r.Sub(r, big.NewInt(d)).Rsh(r, 8)
		}
		if nz != radixWeight {
			t.Fatalf("coefficient %x has %d nonzero radix-256 digits, want %d", v, nz, radixWeight)
		}
	}
	for k, ok := range seenPos {
		if !ok {
			t.Errorf("position %d never drawn", k)
		}
	}
	for d, ok := range seenDigit {
		if !ok && d != 0 {
			t.Errorf("digit %d never drawn", int8(d))
		}
	}
	// A source of rejected bytes gives up instead of looping.
	c := coins{src: constReader{[]byte{0xff}}, buf: w.rnd[:sparseBytes]}
	if !c.fill() || drawRadix(&w.z[0], &c) {
		t.Fatal("all-0xff source: draw succeeded")
	}
}

// TestCoefficientKinds runs batches in each coefficient band — sparse NAF
// (at most sparseMax), dense 128-bit, sparse radix-256 (at least radixMin)
// — with 0, 1 and several bad signatures and the edge corpus mixed in, and
// checks every verdict against single verification.
func TestCoefficientKinds(t *testing.T) {
	rng := rand.New(rand.NewPCG(35, 36))
	pool := batchtest.HonestEntries(t, radixMin+10, rng)
	setWant(pool)
	edge := batchtest.GenCorpus(t, false)
	for _, n := range []int{sparseMax - 20, sparseMax + 20, radixMin + 10} {
		for _, bad := range []int{0, 1, 5} {
			entries := append([]batchtest.Entry{}, pool[:n]...)
			for _, i := range rng.Perm(n)[:bad] {
				entries[i] = batchtest.Corrupt(entries[i], rng)
			}
			if bad == 5 {
				// Edge cases (small-order and mixed-order A and R,
				// non-canonical encodings, …) at random positions.
				for _, e := range edge[:min(len(edge), 60)] {
					entries = slices.Insert(entries, rng.IntN(len(entries)+1), e)
				}
			}
			runBatch(t, entries, samePolicy(len(entries), ed25519.PolicyZIP215), false, rng)
		}
	}
}
