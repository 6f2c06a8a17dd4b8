package curve25519

import (
	"bytes"
	"sync"
	"testing"

	"github.com/curvekit/curvekit/internal/xdhtest"
)

// TestConcurrentUse runs the operations that share process-wide state — the
// basepoint tables built once, the multiscalar scratch pool — from several
// goroutines at once and checks each answer against one computed alone. It
// is what `go test -race` exercises in CI.
func TestConcurrentUse(t *testing.T) {
	P := randPoint(t)
	Q := randPoint(t)
	a, b := scalarFrom(t, randScalarBytes(t)), scalarFrom(t, randScalarBytes(t))
	var scalars []*Scalar
	var points []*Point
	for i := 0; i < 40; i++ {
		scalars = append(scalars, scalarFrom(t, randScalarBytes(t)))
		points = append(points, []*Point{P, Q, generator}[i%3])
	}
	k, u := xdhtest.Random(t, 32), xdhtest.Random(t, 32)
	type result struct{ base, dbl, split, msm2, msm40, x []byte }
	run := func() result {
		var r result
		r.base = new(Point).ScalarBaseMult(a).Bytes()
		r.dbl = new(Point).VarTimeDoubleScalarBaseMult(a, P, b).Bytes()
		r.split = new(Point).VarTimeSplitBaseMult(a, b, a, P, b, Q).Bytes()
		r.msm2 = new(Point).VarTimeMultiScalarMult(scalars[:2], points[:2]).Bytes()
		r.msm40 = new(Point).VarTimeMultiScalarMult(scalars, points).Bytes()
		r.x, _ = X25519(k, u)
		return r
	}
	// The goroutines start first, so that when this test runs alone they
	// race on building the tables too.
	const goroutines, rounds = 4, 8
	got := make([][]result, goroutines)
	var wg sync.WaitGroup
	for g := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < rounds; i++ {
				got[g] = append(got[g], run())
			}
		}()
	}
	wg.Wait()
	want := run()
	for _, rs := range got {
		for _, r := range rs {
			for name, pair := range map[string][2][]byte{
				"ScalarBaseMult": {r.base, want.base}, "VarTimeDoubleScalarBaseMult": {r.dbl, want.dbl},
				"VarTimeSplitBaseMult": {r.split, want.split}, "VarTimeMultiScalarMult(2)": {r.msm2, want.msm2},
				"VarTimeMultiScalarMult(40)": {r.msm40, want.msm40}, "X25519": {r.x, want.x},
			} {
				if !bytes.Equal(pair[0], pair[1]) {
					t.Fatalf("%s differs when run concurrently", name)
				}
			}
		}
	}
}
