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

// TestIndicesPrepare checks both classes: the fixed one always 0, the
// random one every value of its range and nothing outside it.
func TestIndicesPrepare(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, c := range []struct {
		n      int
		signed bool
		lo, hi int
	}{{8, false, 0, 8}, {16, true, -16, 16}} {
		x := make(Indices, 2)
		prep := x.Prepare(c.n, c.signed)
		seen := map[int]bool{}
		for range 4000 {
			x[0], x[1] = 99, 99
			prep(0, 0, rng)
			prep(1, 1, rng)
			if x[0] != 0 {
				t.Fatalf("n %d: fixed class index %d", c.n, x[0])
			}
			if x[1] < c.lo || x[1] > c.hi {
				t.Fatalf("n %d: random class index %d outside %d…%d", c.n, x[1], c.lo, c.hi)
			}
			seen[x[1]] = true
		}
		if len(seen) != c.hi-c.lo+1 {
			t.Errorf("n %d signed %v: %d distinct indices, want %d", c.n, c.signed, len(seen), c.hi-c.lo+1)
		}
	}
}

// TestHostedTestSkips checks that an ordinary run skips without building
// the targets.
func TestHostedTestSkips(t *testing.T) {
	t.Setenv(EnvTarget, "")
	built := false
	t.Run("hosted", func(t *testing.T) {
		HostedTest(t, func() map[string]Spec { built = true; return nil })
		t.Error("HostedTest returned without a hosted target")
	})
	if built {
		t.Error("the targets were built for an ordinary run")
	}
}

// TestIndexSpec checks that run is given the index Prepare put in the slot.
func TestIndexSpec(t *testing.T) {
	got := 99
	spec := IndexSpec(5, true, func(idx int) { got = idx })
	tg := spec.Target()
	rng := rand.New(rand.NewPCG(3, 4))
	for i := range tg.Slots {
		tg.Prepare(i, i%2, rng)
	}
	for i := range tg.Slots {
		tg.Run(i)
		if i%2 == 0 && got != 0 || got < -5 || got > 5 {
			t.Fatalf("slot %d (class %d): index %d", i, i%2, got)
		}
	}
	if spec.Batch != 16 || tg.Slots != IndexSlots {
		t.Errorf("batch %d, slots %d", spec.Batch, tg.Slots)
	}
}
