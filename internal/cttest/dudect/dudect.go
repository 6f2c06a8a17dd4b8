// Package dudect measures whether an operation's running time depends on its
// secret input, as dudect does (Reparaz, Balasch and Verbauwhede, "Dude, is
// my code constant time?", DATE 2017): it times the operation on two classes
// of inputs — class 0 one fixed secret, class 1 fresh random secrets —
// interleaved in random order, and applies Welch's t-test to the two timing
// distributions, uncropped and cropped at a ladder of upper percentiles (which
// discards the long tail of interrupts and preemptions). |t| above 4.5 is
// dudect's threshold for "probably not constant time"; below it the test has
// found no leak at that sample size, which is evidence, not proof.
//
// It is a measurement tool (internal/cttest's engine), not a unit test: its
// answer depends on the machine, its load and the sample count.
package dudect

import (
	"math"
	"math/rand/v2"
	"slices"
	"strconv"
	"time"
)

// Welch accumulates one class's samples online (Welford's algorithm).
type Welch struct {
	n        [2]float64
	mean, m2 [2]float64
}

// Push adds sample x to class c (0 or 1).
func (w *Welch) Push(c int, x float64) {
	w.n[c]++
	d := x - w.mean[c]
	w.mean[c] += d / w.n[c]
	w.m2[c] += d * (x - w.mean[c])
}

// N returns the number of samples in both classes.
func (w *Welch) N() int { return int(w.n[0] + w.n[1]) }

// T returns Welch's t statistic (mean0 − mean1) / sqrt(var0/n0 + var1/n1),
// with the unbiased sample variances; 0 while a class has fewer than two
// samples or both variances are zero.
func (w *Welch) T() float64 {
	if w.n[0] < 2 || w.n[1] < 2 {
		return 0
	}
	v0 := w.m2[0] / (w.n[0] - 1)
	v1 := w.m2[1] / (w.n[1] - 1)
	den := math.Sqrt(v0/w.n[0] + v1/w.n[1])
	if den == 0 {
		return 0
	}
	return (w.mean[0] - w.mean[1]) / den
}

// Target is one operation under test. Prepare fills slot i of a batch with
// an input of class c (0: the fixed secret, 1: a fresh random one), outside
// the timed region; Run runs the operation on slot i. Slots is how many
// inputs Prepare can hold; both classes must be laid out alike in memory
// (the fixed secret copied into each of its slots, not shared), so that
// caching cannot tell the classes apart.
type Target struct {
	Slots   int
	Prepare func(i, c int, rng *rand.Rand)
	Run     func(i int)
}

// Result is the outcome of Measure.
type Result struct {
	N        int     // measurements taken
	MaxT     float64 // the largest |t| over the uncropped and cropped tests
	MaxTTest string  // which test gave it ("all", "crop p…")
	MaxTN    int     // samples in that test
	TAll     float64 // |t| of the uncropped test
	Batch    int     // calls of Run per measurement
	MedianNs float64 // median time of one call of Run (ns)
}

// cropCount is the number of cropped tests, as dudect's DUDECT_NUMBER_PERCENTILES.
const cropCount = 100

// Measure takes n timed measurements of t, each of batch consecutive calls
// of Run on one slot, and returns the test statistics. The class of every
// measurement is drawn at random; the crop thresholds are dudect's
// percentiles 1 − 0.5^(10(k+1)/100) of the timings of the first slot-full of
// measurements (discarded as warm-up), as dudect sets them.
func Measure(t Target, n, batch int, seed uint64) Result {
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	classes := make([]int, t.Slots)
	times := make([]float64, t.Slots)
	var all Welch
	crops := make([]Welch, cropCount)
	var thresholds []float64
	var medians []float64
	taken := 0
	for taken < n {
		for i := range classes {
			classes[i] = rng.IntN(2)
			t.Prepare(i, classes[i], rng)
		}
		for i := range classes {
			start := time.Now()
			for j := 0; j < batch; j++ {
				t.Run(i)
			}
			times[i] = float64(time.Since(start).Nanoseconds())
		}
		if thresholds == nil {
			sorted := slices.Clone(times)
			slices.Sort(sorted)
			thresholds = make([]float64, cropCount)
			for k := range thresholds {
				p := 1 - math.Pow(0.5, 10*float64(k+1)/cropCount)
				thresholds[k] = sorted[int(p*float64(len(sorted)-1))]
			}
			continue // warm-up
		}
		sorted := slices.Clone(times)
		slices.Sort(sorted)
		medians = append(medians, sorted[len(sorted)/2])
		for i, x := range times {
			if taken >= n {
				break
			}
			taken++
			all.Push(classes[i], x)
			for k, th := range thresholds {
				if x < th {
					crops[k].Push(classes[i], x)
				}
			}
		}
	}
	r := Result{N: taken, TAll: math.Abs(all.T()), Batch: batch}
	r.MaxT, r.MaxTTest, r.MaxTN = r.TAll, "all", all.N()
	for k := range crops {
		// dudect ignores tests with too few samples to mean anything.
		if crops[k].N() < 1000 && crops[k].N() < n/10 {
			continue
		}
		if a := math.Abs(crops[k].T()); a > r.MaxT {
			r.MaxT, r.MaxTN = a, crops[k].N()
			r.MaxTTest = "crop p" + ftoa(100*(1-math.Pow(0.5, 10*float64(k+1)/cropCount)))
		}
	}
	slices.Sort(medians)
	if len(medians) > 0 {
		r.MedianNs = medians[len(medians)/2] / float64(batch)
	}
	return r
}

func ftoa(x float64) string { return strconv.FormatFloat(x, 'f', 2, 64) }
