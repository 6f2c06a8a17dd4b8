package curve25519

import (
	"crypto/rand"
	"math/big"
	"os"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
)

// edgeScalars returns 0, 1, 2, ℓ-1, ℓ-2, (ℓ-1)/2, 2^k for k = 0..252, and a
// few all-ones patterns, all canonical.
func edgeScalars(t testing.TB) [][]byte {
	var out [][]byte
	add := func(v *big.Int) { out = append(out, bigToLE(new(big.Int).Mod(v, bigL))) }
	add(big.NewInt(0))
	add(big.NewInt(1))
	add(big.NewInt(2))
	add(big.NewInt(8))
	add(new(big.Int).Sub(bigL, big.NewInt(1)))
	add(new(big.Int).Sub(bigL, big.NewInt(2)))
	add(new(big.Int).Rsh(bigL, 1))
	add(new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 252), big.NewInt(1)))
	for k := 0; k < 253; k += 7 {
		add(new(big.Int).Lsh(big.NewInt(1), uint(k)))
	}
	add(new(big.Int).Lsh(big.NewInt(1), 252))
	return out
}

// mulBig is the reference k·P by double-and-add over Add (no tables, no
// recoding), for the edge-scalar tests.
func mulBig(k *big.Int, p *Point) *Point {
	acc := NewIdentityPoint()
	for i := k.BitLen() - 1; i >= 0; i-- {
		acc.Add(acc, acc)
		if k.Bit(i) == 1 {
			acc.Add(acc, p)
		}
	}
	return acc
}

// mixedOrderPoint returns a random prime-order point plus the small-order
// point smallOrderHex[k].
func mixedOrderPoint(t testing.TB, k int) *Point {
	p := randPoint(t)
	s, err := new(Point).SetBytes(mustHex(t, smallOrderHex[k]))
	if err != nil {
		t.Fatal(err)
	}
	return p.Add(p, s)
}

// TestEdgeScalars checks the multiplications on the edge scalars against
// mulBig (double-and-add over math/big scalars); the interop module
// compares them with filippo's too.
func TestEdgeScalars(t *testing.T) {
	P := randPoint(t)
	M := mixedOrderPoint(t, 3)
	Q := randPoint(t)
	G := NewGeneratorPoint()
	for _, kb := range edgeScalars(t) {
		k := scalarFrom(t, kb)
		K := bigle.Int(kb)
		kG, kP, kM, kQ := mulBig(K, G), mulBig(K, P), mulBig(K, M), mulBig(K, Q)
		checkSame(t, "ScalarBaseMult edge", new(Point).ScalarBaseMult(k), kG.Bytes())
		checkSame(t, "ScalarMult edge", new(Point).ScalarMult(k, P), kP.Bytes())
		checkSame(t, "ScalarMult mixed-order edge", new(Point).ScalarMult(k, M), kM.Bytes())
		checkSame(t, "VarTimeDoubleScalarBaseMult edge", new(Point).VarTimeDoubleScalarBaseMult(k, P, k),
			new(Point).Add(kP, kG).Bytes())
		checkSame(t, "DoubleScalarMult edge", new(Point).DoubleScalarMult(k, P, k, Q),
			new(Point).Add(kP, kQ).Bytes())
		checkSame(t, "VarTimeDoubleScalarMult edge", new(Point).VarTimeDoubleScalarMult(k, M, k, Q),
			new(Point).Add(kM, kQ).Bytes())
	}
	// ℓ itself is rejected as a scalar encoding, and ℓ·P via the wide
	// reduction is the identity.
	if _, err := NewScalar().SetCanonicalBytes(bigToLE(bigL)); err == nil {
		t.Fatal("ℓ accepted")
	}
	if mulBig(bigL, P).Equal(NewIdentityPoint()) != 1 {
		t.Fatal("ℓ·P ≠ identity")
	}
}

func randInputs(t testing.TB, n int) ([]*Scalar, []*Point) {
	scalars := make([]*Scalar, n)
	points := make([]*Point, n)
	for i := range points {
		scalars[i] = scalarFrom(t, randScalarBytes(t))
		if i%5 == 4 {
			points[i] = mixedOrderPoint(t, i%8)
		} else {
			points[i] = randPoint(t)
		}
	}
	return scalars, points
}

func TestMultiScalarMult(t *testing.T) {
	sizes := []int{0, 1, 2, 3, 7, 16, 33}
	if !testing.Short() {
		sizes = append(sizes, 120, 160, 200) // around the Straus/Pippenger crossover
	}
	if os.Getenv("CURVEKIT_SLOW_TESTS") != "" {
		sizes = append(sizes, 600, 900)
	}
	for _, n := range sizes {
		scalars, points := randInputs(t, n)
		want := naiveSum(scalars, points).Bytes()
		checkSame(t, "MultiScalarMult", new(Point).MultiScalarMult(scalars, points), want)
		checkSame(t, "VarTimeMultiScalarMult", new(Point).VarTimeMultiScalarMult(scalars, points), want)
		if n <= 33 {
			checkStrausPaths(t, "Straus", scalars, points, want)
			for c := uint(2); c <= 8; c++ {
				checkSame(t, "Pippenger", new(Point).varTimePippenger(scalars, points, c), want)
			}
		}
	}
	// Edge scalars mixed in.
	edges := edgeScalars(t)
	scalars := make([]*Scalar, len(edges))
	points := make([]*Point, len(edges))
	for i := range edges {
		scalars[i] = scalarFrom(t, edges[i])
		points[i] = mixedOrderPoint(t, i%8)
	}
	want := naiveSum(scalars, points).Bytes()
	checkSame(t, "MultiScalarMult edges", new(Point).MultiScalarMult(scalars, points), want)
	checkSame(t, "VarTimeMultiScalarMult edges", new(Point).VarTimeMultiScalarMult(scalars, points), want)
	checkSame(t, "Pippenger edges", new(Point).varTimePippenger(scalars, points, 6), want)
	checkStrausPaths(t, "Straus edges", scalars, points, want)
}

func TestMultiScalarMultLengthMismatch(t *testing.T) {
	defer func() {
		if recover() == nil {
			t.Fatal("no panic on mismatched lengths")
		}
	}()
	new(Point).VarTimeMultiScalarMult([]*Scalar{NewScalar()}, nil)
}

func TestIsTorsionFree(t *testing.T) {
	for i := 0; i < 64; i++ {
		k := i % 8
		p := mixedOrderPoint(t, k)
		// Reference: ℓ·P by plain double-and-add.
		want := 0
		if mulBig(bigL, p).Equal(NewIdentityPoint()) == 1 {
			want = 1
		}
		if (want == 1) != (k == 0) {
			t.Fatal("reference disagrees with construction")
		}
		if got := p.IsTorsionFree(); got != want {
			t.Fatalf("IsTorsionFree(P + T%d) = %d, want %d", k, got, want)
		}
		if got := p.isTorsionFreeMultL(); got != want {
			t.Fatalf("isTorsionFreeMultL(P + T%d) = %d", k, got)
		}
		if p.IsSmallOrder() != 0 {
			t.Fatal("mixed-order point is small order")
		}
	}
	if NewIdentityPoint().IsTorsionFree() != 1 || NewGeneratorPoint().IsTorsionFree() != 1 {
		t.Fatal("identity / generator")
	}
	// Every small-order point, in every projective representation.
	for k, h := range smallOrderHex {
		p, _ := new(Point).SetBytes(mustHex(t, h))
		s := scalarFrom(t, randScalarBytes(t))
		q := new(Point).ScalarBaseMult(s)
		q.Subtract(q, q) // identity with random Z
		p.Add(p, q)
		want := 0
		if k == 0 {
			want = 1
		}
		if p.IsTorsionFree() != want || p.isTorsionFreeMultL() != want {
			t.Fatalf("small-order point %d", k)
		}
	}
	// Points of the form 8·Q (torsion-free) and 8·Q + T (not), for points
	// Q that are not in the prime-order subgroup themselves.
	for i := 0; i < 32; i++ {
		q := mixedOrderPoint(t, i%8)
		q.MultByCofactor(q)
		if q.IsTorsionFree() != 1 {
			t.Fatal("8·Q not torsion-free")
		}
		T, _ := new(Point).SetBytes(mustHex(t, smallOrderHex[1+i%7]))
		q.Add(q, T)
		if q.IsTorsionFree() != 0 {
			t.Fatal("8·Q + T torsion-free")
		}
	}
}

// TestIsTorsionFreeRandomEncodings compares the halving test with ℓ·P on
// points decoded from random bytes, which fall in all eight cosets.
func TestIsTorsionFreeRandomEncodings(t *testing.T) {
	seen := [2]int{}
	var enc [32]byte
	for seen[0]+seen[1] < 200 {
		rand.Read(enc[:])
		p, err := new(Point).SetBytes(enc[:])
		if err != nil {
			continue
		}
		want := p.isTorsionFreeMultL()
		if got := p.IsTorsionFree(); got != want {
			t.Fatalf("%x: IsTorsionFree %d, ℓ·P says %d", enc, got, want)
		}
		seen[want]++
		// Push a few into the subgroup to exercise the positive answer.
		p.MultByCofactor(p)
		if p.IsTorsionFree() != 1 {
			t.Fatalf("8·P not torsion-free")
		}
	}
}

// batchShapeInputs returns the shape of a batch-verification equation: the
// generator with a full scalar, then pairs of a decoded point (Z = 1) with
// a 128-bit scalar and a point with Z ≠ 1 with a full scalar; every 7th
// scalar is zero.
func batchShapeInputs(t testing.TB, m int) ([]*Scalar, []*Point) {
	scalars := []*Scalar{scalarFrom(t, randScalarBytes(t))}
	points := []*Point{NewGeneratorPoint()}
	for j := 0; j < m; j++ {
		short := randScalarBytes(t)
		clear(short[16:])
		P := randPoint(t)
		dec, err := new(Point).SetBytes(P.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		scalars = append(scalars, scalarFrom(t, short), scalarFrom(t, randScalarBytes(t)))
		points = append(points, dec, mixedOrderPoint(t, j%8).Add(mixedOrderPoint(t, j%8), P))
		if j%7 == 3 {
			scalars[len(scalars)-1] = NewScalar()
		}
	}
	return scalars, points
}

// TestVarTimeMultiScalarMultShapes checks both methods, every window width
// and the basepoint-table path against the naive sum of ScalarMults on short
// scalars, decoded (Z = 1) and projective points (the interop module
// compares VarTimeMultiScalarMult with filippo's on the same shapes).
func TestVarTimeMultiScalarMultShapes(t *testing.T) {
	ms := []int{0, 1, 4, 20}
	if !testing.Short() {
		ms = append(ms, 90, 300)
	}
	for _, m := range ms {
		scalars, points := batchShapeInputs(t, m)
		want := naiveSum(scalars, points).Bytes()
		checkSame(t, "VarTimeMultiScalarMult", new(Point).VarTimeMultiScalarMult(scalars, points), want)
		if m <= 20 {
			checkStrausPaths(t, "Straus", scalars, points, want)
			for c := uint(2); c <= 12; c++ {
				checkSame(t, "Pippenger", new(Point).varTimePippenger(scalars, points, c), want)
			}
		}
		// The generator not first, and twice: only one uses its table.
		scalars = append(scalars, scalars[0])
		points = append(points, NewGeneratorPoint())
		want = naiveSum(scalars, points).Bytes()
		checkStrausPaths(t, "Straus, generator twice", scalars, points, want)
	}
}
