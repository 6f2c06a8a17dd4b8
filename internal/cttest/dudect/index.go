package dudect

import (
	"math/rand/v2"
	"os"
)

// Indices holds one secret table index per slot, for targets whose secret
// is which entry a constant-time scan or lookup selects.
type Indices []int

// Prepare returns a Target.Prepare for x: slot i gets index 0 in the fixed
// class (c = 0) and, in the random class, a uniform index in 0…n, or a
// signed digit in −n…n if signed.
func (x Indices) Prepare(n int, signed bool) func(i, c int, rng *rand.Rand) {
	return func(i, c int, rng *rand.Rand) {
		x[i] = 0
		if c == 1 {
			if signed {
				x[i] = rng.IntN(2*n+1) - n
			} else {
				x[i] = rng.IntN(n + 1)
			}
		}
	}
}

// IndexSlots is the slot count of an [IndexSpec] target.
const IndexSlots = 4096

// IndexSpec is a target whose secret is a table index, for the
// constant-time scans and lookups: run is called with slot i's index, 0 in
// the fixed class and uniform in 0…n (−n…n if signed) in the random one
// ([Indices.Prepare]), 16 calls a measurement.
func IndexSpec(n int, signed bool, run func(idx int)) Spec {
	return Spec{Batch: 16, Target: func() Target {
		x := make(Indices, IndexSlots)
		return Target{Slots: IndexSlots, Prepare: x.Prepare(n, signed), Run: func(i int) { run(x[i]) }}
	}}
}

// TB is the part of testing.TB that HostedTest uses.
type TB interface {
	Helper()
	Skip(args ...any)
	Fatal(args ...any)
}

// HostedTest is the body of a package's TestCTTest: it skips unless the
// environment names a target (an ordinary test run), and otherwise runs
// [Hosted] on targets(), failing t for an unknown target. targets is called
// only in a hosted run, so its set-up costs ordinary runs nothing.
func HostedTest(t TB, targets func() map[string]Spec) {
	t.Helper()
	if os.Getenv(EnvTarget) == "" {
		t.Skip("run by go run ./internal/cttest")
	}
	if _, err := Hosted(targets()); err != nil {
		t.Fatal(err)
	}
}
