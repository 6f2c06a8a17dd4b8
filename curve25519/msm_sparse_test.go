package curve25519

import (
	"math/big"
	"math/rand/v2"
	"slices"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/tables"
)

// sparseScalar returns a random positive integer whose NAF has w nonzero
// digits ±1, at positions below 252 (so it is below ℓ).
func sparseScalar(t testing.TB, rng *rand.Rand, w int) *Scalar {
	t.Helper()
	v := new(big.Int)
	used := make(map[int]bool)
	for len(used) < w {
		e := rng.IntN(252)
		if used[e] || used[e-1] || used[e+1] {
			continue
		}
		used[e] = true
		d := new(big.Int).Lsh(big.NewInt(1), uint(e))
		if rng.IntN(2) == 0 {
			v.Add(v, d)
		} else {
			v.Sub(v, d)
		}
	}
	// Positive (a negative value mod ℓ would be dense), as batch
	// verification draws them.
	v.Abs(v)
	return scalarFrom(t, bigToLE(v))
}

// TestNAFMasks checks the masks of the plain NAF against tables.VarTimeNAF
// with width 2 on random, sparse and edge scalars.
func TestNAFMasks(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	var inputs [][]byte
	for i := 0; i < 200; i++ {
		inputs = append(inputs, randScalarBytes(t), sparseScalar(t, rng, 1+i%40).Bytes())
	}
	inputs = append(inputs, edgeScalars(t)...)
	for _, b := range inputs {
		var naf [257]int8
		tables.VarTimeNAF(naf[:], b, 2)
		sc := new(msmScratch)
		sc.load([]*Scalar{scalarFrom(t, b)})
		pos, neg := sc.words[0].nafMasks()
		w := 0
		for k := 0; k < 256; k++ {
			var got int8
			if pos[k/64]>>(k%64)&1 == 1 {
				got = 1
			}
			if neg[k/64]>>(k%64)&1 == 1 {
				got -= 1
				if got != -1 {
					t.Fatalf("%x: digit %d both signs", b, k)
				}
			}
			if got != naf[k] {
				t.Fatalf("%x: digit %d = %d, want %d", b, k, got, naf[k])
			}
			if got != 0 {
				w++
			}
		}
		if naf[256] != 0 {
			t.Fatalf("%x: NAF longer than 256 digits", b)
		}
		if int(sc.nafw[0]) != w {
			t.Fatalf("%x: weight %d, want %d", b, sc.nafw[0], w)
		}
	}
}

// TestVarTimeMultiScalarMultSparse checks Straus's table-less path for
// sparse scalars, on decoded (Z = 1) and projective points, mixed with
// dense and short scalars and the generator, against filippo.io/edwards25519
// and, for each forced method, against the automatic choice.
func TestVarTimeMultiScalarMultSparse(t *testing.T) {
	rng := rand.New(rand.NewPCG(23, 24))
	ms := []int{1, 3, 12}
	if !testing.Short() {
		ms = append(ms, 60, 150)
	}
	for _, m := range ms {
		scalars, points := batchShapeInputs(t, m)
		for i := 1; i < len(scalars); i += 2 {
			// The short coefficients become sparse ones, as batch
			// verification draws them for small batches.
			scalars[i] = sparseScalar(t, rng, 1+rng.IntN(30))
		}
		// A sparse scalar on a projective point, and a zero one.
		scalars = append(scalars, sparseScalar(t, rng, 5), NewScalar())
		P, _, _ := randPoint(t)
		points = append(points, mixedOrderPoint(t, 3).Add(mixedOrderPoint(t, 3), P), P)

		fs := make([]*fed.Scalar, len(points))
		fp := make([]*fed.Point, len(points))
		for i := range points {
			fs[i] = fedScalarFrom(t, scalars[i].Bytes())
			fp[i], _ = new(fed.Point).SetBytes(points[i].Bytes())
		}
		want := new(fed.Point).VarTimeMultiScalarMult(fs, fp).Bytes()
		checkSame(t, "VarTimeMultiScalarMult", new(Point).VarTimeMultiScalarMult(scalars, points), want)
		checkSame(t, "Straus", new(Point).varTimeStraus(scalars, points), want)
		for _, c := range []uint{2, 5, 9} {
			checkSame(t, "Pippenger", new(Point).varTimePippenger(scalars, points, c), want)
		}
	}
}

// TestRadixEdges checks the signed radix-2^c recoding on the edge scalars
// (0, 1, ℓ−1, 2^k, …) and on scalars of every bit length, against
// math/big, with a reused (dirty) output buffer as Pippenger's.
func TestRadixEdges(t *testing.T) {
	inputs := edgeScalars(t)
	for nb := 0; nb <= 252; nb++ {
		v := new(big.Int).Lsh(big.NewInt(1), uint(nb))
		v.Sub(v, big.NewInt(1)) // nb ones
		inputs = append(inputs, bigToLE(v))
	}
	out := make([]int16, 256)
	for _, b := range inputs {
		sc := new(msmScratch)
		sc.load([]*Scalar{scalarFrom(t, b)})
		x := &sc.words[0]
		be := slices.Clone(b)
		slices.Reverse(be)
		want := new(big.Int).SetBytes(be)
		for c := uint(2); c <= 12; c++ {
			nd := int((254 + c - 1) / c)
			for i := range out {
				out[i] = 0x5555
			}
			radix(out, 1, x, c, nd)
			got := new(big.Int)
			for k := nd - 1; k >= 0; k-- {
				if d := int64(out[k]); d < -(1<<(c-1)) || d > 1<<(c-1) {
					t.Fatalf("c = %d: digit %d out of range", c, d)
				}
				got.Lsh(got, c).Add(got, big.NewInt(int64(out[k])))
			}
			if got.Cmp(want) != 0 {
				t.Fatalf("c = %d: %x: digits sum to %v, want %v", c, b, got, want)
			}
		}
	}
}

// TestRadix256Weight checks the model's count of nonzero radix-256 digits
// against radix with c = 8, on random, sparse-in-radix-256 and edge
// scalars.
func TestRadix256Weight(t *testing.T) {
	rng := rand.New(rand.NewPCG(25, 26))
	inputs := edgeScalars(t)
	for i := 0; i < 300; i++ {
		b := make([]byte, 32)
		for k := 0; k < 1+i%20; k++ {
			b[rng.IntN(31)] = byte(rng.Uint32())
		}
		inputs = append(inputs, randScalarBytes(t), b)
	}
	for _, b := range inputs {
		sc := new(msmScratch)
		sc.load([]*Scalar{scalarFrom(t, b)})
		var out [32]int16
		radix(out[:], 1, &sc.words[0], 8, 32)
		want := 0
		for _, d := range out {
			if d != 0 {
				want++
			}
		}
		if got := radix256Weight(&sc.bytes[0]); got != want {
			t.Fatalf("%x: radix256Weight = %d, want %d", b, got, want)
		}
	}
}
