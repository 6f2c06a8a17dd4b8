package safegcd

import (
	"math/big"
	"math/rand/v2"
	"testing"
)

// The helpers below serve the tests of both Modulus (4 words) and Modulus384
// (6 words): integers are read from and written to little-endian 64-bit
// words of either length.

// wordsInt reads little-endian 64-bit words as an integer.
func wordsInt(w []uint64) *big.Int {
	x := new(big.Int)
	for i := len(w) - 1; i >= 0; i-- {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(w[i]))
	}
	return x
}

// intWords writes x into w as little-endian 64-bit words; it panics unless
// 0 ≤ x < 2^(64·len(w)).
func intWords(x *big.Int, w []uint64) {
	if x.Sign() < 0 || x.BitLen() > 64*len(w) {
		panic("out of range")
	}
	mask := new(big.Int).SetUint64(^uint64(0))
	for i := range w {
		w[i] = new(big.Int).And(new(big.Int).Rsh(x, uint(64*i)), mask).Uint64()
	}
}

// randInt returns an integer of words random 64-bit words, drawn from rng
// least significant first.
func randInt(rng *rand.Rand, words int) *big.Int {
	w := make([]uint64, words)
	for j := range w {
		w[j] = rng.Uint64()
	}
	return wordsInt(w)
}

// randOddModulus returns a random odd modulus of at most 64·words bits (a
// random integer shifted right by a random amount, its bit 0 set), or nil
// when that is 1.
func randOddModulus(rng *rand.Rand, words int) *big.Int {
	m := randInt(rng, words)
	m.Rsh(m, uint(rng.IntN(64*words-2)))
	m.SetBit(m, 0, 1)
	if m.Cmp(big.NewInt(1)) == 0 {
		return nil
	}
	return m
}

// edgeValues returns the fixed inputs every modulus m is tested on, for an
// inverter of bits-bit inputs: small values, m and its neighbours, (m±1)/2,
// 2^bits − 1 and − 2, every multiple of m below 2^bits and its neighbours,
// and every power of two below 2^bits, minus one, and m minus it.
func edgeValues(m *big.Int, bits uint) []*big.Int {
	one := big.NewInt(1)
	top := new(big.Int).Lsh(one, bits)
	vals := []*big.Int{
		big.NewInt(0), big.NewInt(1), big.NewInt(2), big.NewInt(3),
		new(big.Int).Sub(m, one), new(big.Int).Sub(m, big.NewInt(2)),
		new(big.Int).Set(m), new(big.Int).Add(m, one),
		new(big.Int).Rsh(m, 1), new(big.Int).Add(new(big.Int).Rsh(m, 1), one),
		new(big.Int).Sub(top, one), new(big.Int).Sub(top, big.NewInt(2)),
	}
	for k := int64(2); ; k++ {
		km := new(big.Int).Mul(m, big.NewInt(k))
		if km.Cmp(top) >= 0 {
			break
		}
		vals = append(vals, km, new(big.Int).Sub(km, one))
		if km1 := new(big.Int).Add(km, one); km1.Cmp(top) < 0 {
			vals = append(vals, km1)
		}
	}
	for k := uint(0); k < bits; k++ {
		p := new(big.Int).Lsh(one, k)
		vals = append(vals, p, new(big.Int).Sub(p, one))
		if p.Cmp(m) < 0 {
			vals = append(vals, new(big.Int).Sub(m, p))
		}
	}
	return vals
}

// invertInputs returns the inputs an inverter for m of words-word inputs is
// checked on: edgeValues, then extra, then n random integers drawn from rng,
// every other one reduced mod m.
func invertInputs(rng *rand.Rand, m *big.Int, words, n int, extra []*big.Int) []*big.Int {
	vals := append(edgeValues(m, uint(64*words)), extra...)
	for i := 0; i < n; i++ {
		x := randInt(rng, words)
		if i%2 == 0 {
			x.Mod(x, m)
		}
		vals = append(vals, x)
	}
	return vals
}

// runInvert checks an inverter for m of words-word inputs with scale 1
// and with scale R² = 2^(128·words) mod m, one subtest named name each, on
// invertInputs drawn from rng when the subtest starts. newCheck returns the
// check of one input for a scale.
func runInvert(t *testing.T, rng *rand.Rand, name string, m *big.Int, words, n int, extra []*big.Int, newCheck func(scale *big.Int) func(t *testing.T, x *big.Int)) {
	r2 := new(big.Int).Mod(new(big.Int).Lsh(big.NewInt(1), uint(128*words)), m)
	for _, scale := range []*big.Int{big.NewInt(1), r2} {
		check := newCheck(scale)
		t.Run(name, func(t *testing.T) {
			for _, x := range invertInputs(rng, m, words, n, extra) {
				check(t, x)
			}
		})
	}
}

// forOtherModuli calls f on 3000 (300 with -short) random odd moduli of at
// most 64·words bits (randOddModulus), each with a random input of words
// words, all drawn from rng.
func forOtherModuli(rng *rand.Rand, words int, f func(m, x *big.Int)) {
	n := 3000
	if testing.Short() {
		n = 300
	}
	for i := 0; i < n; i++ {
		m := randOddModulus(rng, words)
		if m == nil {
			continue
		}
		f(m, randInt(rng, words))
	}
}

// divstepInput returns round i's inputs to one batch of divsteps: f (odd)
// and g of words random words and a counter in [−20, 20). Rounds i ≡ 1…4
// mod 8 take g = 0, g = 2^(64·words) − 1, f = 1 and f = 2^(64·words) − 1;
// rounds i ≡ 5, 6, … take the counters in extremes.
func divstepInput(rng *rand.Rand, words, i int, extremes ...int64) (f, g *big.Int, counter int64) {
	allOnes := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(64*words)), big.NewInt(1))
	f = randInt(rng, words)
	f.SetBit(f, 0, 1)
	g = randInt(rng, words)
	counter = int64(rng.IntN(40)) - 20
	switch j := i % 8; {
	case j == 1:
		g.SetInt64(0)
	case j == 2:
		g.Set(allOnes)
	case j == 3:
		f.SetInt64(1)
	case j == 4:
		f.Set(allOnes)
	case j >= 5 && j-5 < len(extremes):
		counter = extremes[j-5]
	}
	return f, g, counter
}

// checkMatrix checks a batch's transition matrix tm on (f, g): it must map
// them to 2^62 times wf and wg, the integer divsteps' results, and each row's
// absolute values must sum to at most 2^62.
func checkMatrix(t *testing.T, tm matrix, f, g, wf, wg *big.Int) {
	t.Helper()
	nf := new(big.Int).Add(new(big.Int).Mul(big.NewInt(tm.u), f), new(big.Int).Mul(big.NewInt(tm.v), g))
	ng := new(big.Int).Add(new(big.Int).Mul(big.NewInt(tm.q), f), new(big.Int).Mul(big.NewInt(tm.r), g))
	if nf.Cmp(new(big.Int).Lsh(wf, 62)) != 0 || ng.Cmp(new(big.Int).Lsh(wg, 62)) != 0 {
		t.Fatalf("matrix %+v does not map (f, g) to 2^62·divsteps(f, g)", tm)
	}
	abs := func(x int64) uint64 {
		if x < 0 {
			return uint64(-x)
		}
		return uint64(x)
	}
	if abs(tm.u)+abs(tm.v) > 1<<62 || abs(tm.q)+abs(tm.r) > 1<<62 {
		t.Fatalf("matrix %+v exceeds the 2^62 row bound", tm)
	}
}

// checkRejects checks that newModulus panics on an even modulus, on 1, and
// on scale = m, each given by its low word.
func checkRejects(t *testing.T, name string, newModulus func(m, scale uint64)) {
	for _, tc := range []struct {
		name     string
		m, scale uint64
	}{
		{"even", 2, 1},
		{"one", 1, 0},
		{"scale = m", 7, 7},
	} {
		func() {
			defer func() {
				if recover() == nil {
					t.Errorf("%s: %s did not panic", tc.name, name)
				}
			}()
			newModulus(tc.m, tc.scale)
		}()
	}
}
