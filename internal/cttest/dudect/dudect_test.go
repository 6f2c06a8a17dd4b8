package dudect

import (
	"bytes"
	"math"
	"math/rand/v2"
	"testing"
)

// TestWelchKnownAnswer checks T against a value worked out by hand:
// class 0 = {1, 2, 3, 4} (mean 2.5, variance 5/3), class 1 = {2, 4, 6, 8,
// 10} (mean 6, variance 10): t = (2.5 − 6) / sqrt(5/12 + 2) = −2.2517...
func TestWelchKnownAnswer(t *testing.T) {
	var w Welch
	for _, x := range []float64{1, 2, 3, 4} {
		w.Push(0, x)
	}
	for _, x := range []float64{2, 4, 6, 8, 10} {
		w.Push(1, x)
	}
	want := -3.5 / math.Sqrt(5.0/12+2)
	if got := w.T(); math.Abs(got-want) > 1e-12 {
		t.Fatalf("T = %v, want %v", got, want)
	}
	if w.N() != 9 {
		t.Fatalf("N = %d", w.N())
	}
}

// TestWelchSynthetic: two classes drawn from one normal distribution give a
// small |t|; a shift of half a standard deviation over 10^4 samples a class
// gives t ≈ −0.5/sqrt(2/10^4) ≈ −35.
func TestWelchSynthetic(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	var same, shifted Welch
	for i := 0; i < 10000; i++ {
		same.Push(0, rng.NormFloat64())
		same.Push(1, rng.NormFloat64())
		shifted.Push(0, rng.NormFloat64())
		shifted.Push(1, rng.NormFloat64()+0.5)
	}
	if a := math.Abs(same.T()); a > 4.5 {
		t.Errorf("identical distributions: |t| = %.2f", a)
	}
	if s := shifted.T(); s > -30 || s < -40 {
		t.Errorf("shifted distributions: t = %.2f, want about -35", s)
	}
}

func TestWelchDegenerate(t *testing.T) {
	var w Welch
	w.Push(0, 1)
	w.Push(1, 1)
	if w.T() != 0 {
		t.Fatal("t with one sample a class")
	}
	w.Push(0, 1)
	w.Push(1, 1)
	if w.T() != 0 {
		t.Fatal("t with zero variance")
	}
}

// TestMeasureShape runs Measure on a small operation and checks the result
// is well formed (it asserts nothing about timing, which the machine decides).
func TestMeasureShape(t *testing.T) {
	var sink uint64
	cls := make([]int, 256)
	op := Target{
		Slots:   len(cls),
		Prepare: func(i, c int, _ *rand.Rand) { cls[i] = c },
		Run: func(i int) {
			for j := 0; j < 100+cls[i]; j++ {
				sink += uint64(j) * 0x9e3779b97f4a7c15
			}
		},
	}
	r := Measure(op, 3000, 2, 7)
	if r.N != 3000 || r.MaxT < r.TAll || r.MaxTN == 0 || r.MaxTN > r.N || r.Batch != 2 || r.MedianNs <= 0 {
		t.Fatalf("result %+v", r)
	}
	_ = sink
}

func TestEmitParse(t *testing.T) {
	r := Result{N: 5, MaxT: 1.5, MaxTTest: "all", MaxTN: 5, TAll: 1.5, Batch: 1, MedianNs: 3}
	var b bytes.Buffer
	b.WriteString("=== RUN x\n")
	if err := Emit(&b, r); err != nil {
		t.Fatal(err)
	}
	b.WriteString("PASS\n")
	got, ok := ParseEmitted(b.Bytes())
	if !ok || got != r {
		t.Fatalf("got %+v, %v", got, ok)
	}
}
