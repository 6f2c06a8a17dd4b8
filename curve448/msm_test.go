package curve448

import (
	"bytes"
	"crypto/rand"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/testenv"
)

// msmPoint returns a point of kind i%6: a random multiple of B as computed
// (Z ≠ 1), the same decoded (Z = 1), with 4-torsion added (both forms), B
// itself, and the identity.
func msmPoint(t testing.TB, i int) *Point {
	p := new(Point).ScalarMult(randScalar(t), generator)
	switch i % 6 {
	case 1:
		if _, err := p.SetCanonicalBytes(p.Bytes()); err != nil {
			t.Fatal(err)
		}
	case 2:
		p.Add(p, smallOrder()[i%4])
	case 3:
		p.Add(p, smallOrder()[i%4])
		if _, err := p.SetCanonicalBytes(p.Bytes()); err != nil {
			t.Fatal(err)
		}
	case 4:
		p.Set(generator)
	case 5:
		p.setIdentity()
	}
	return p
}

// msmScalar returns a scalar of kind i%5: uniform, 224-bit, 64-bit, a
// power of two, or 2^a − 2^b (the last two sparse enough for the
// table-less Straus terms).
func msmScalar(t testing.TB, i int) *Scalar {
	var b [56]byte
	switch i % 5 {
	case 0:
		return randScalar(t)
	case 1:
		rand.Read(b[:28])
	case 2:
		rand.Read(b[:8])
	case 3:
		k := (i * 37) % 446
		b[k/8] = 1 << (k % 8)
	case 4:
		x := new(big.Int).Lsh(big.NewInt(1), uint(100+i%300))
		x.Sub(x, new(big.Int).Lsh(big.NewInt(1), uint(i%90)))
		copy(b[:], bigToLE(x, 56))
	}
	s, err := new(Scalar).SetCanonicalBytes(b[:])
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func msmInputs(t testing.TB, n int) ([]*Scalar, []*Point) {
	scalars := make([]*Scalar, n)
	points := make([]*Point, n)
	for i := range points {
		scalars[i] = msmScalar(t, i+n)
		points[i] = msmPoint(t, i)
	}
	return scalars, points
}

func checkPoint(t *testing.T, what string, got *Point, want []byte) {
	t.Helper()
	onCurveBig(t, got)
	if g := got.Bytes(); !bytes.Equal(g, want) {
		t.Fatalf("%s: got %x, want %x", what, g, want)
	}
}

func TestMultiScalarMult(t *testing.T) {
	for _, n := range []int{0, 1, 2, 3, 10, 64, 200} {
		scalars, points := msmInputs(t, n)
		want := naiveSum(scalars, points).Bytes()
		checkPoint(t, "MultiScalarMult", new(Point).MultiScalarMult(scalars, points), want)
		checkPoint(t, "VarTimeMultiScalarMult", new(Point).VarTimeMultiScalarMult(scalars, points), want)
		checkPoint(t, "Straus", new(Point).varTimeStraus(scalars, points), want)
		cs := []uint{4, 7, 12}
		if n <= 10 {
			cs = []uint{2, 3, 4, 5, 6, 8}
		}
		for _, c := range cs {
			checkPoint(t, "Pippenger", new(Point).varTimePippenger(scalars, points, c), want)
		}
		// Uniform scalars only: the dense Straus and Pippenger paths.
		for i := range scalars {
			scalars[i] = randScalar(t)
		}
		want = naiveSum(scalars, points).Bytes()
		checkPoint(t, "VarTimeMultiScalarMult dense", new(Point).VarTimeMultiScalarMult(scalars, points), want)
		checkPoint(t, "Straus dense", new(Point).varTimeStraus(scalars, points), want)
		checkPoint(t, "Pippenger dense", new(Point).varTimePippenger(scalars, points, 6), want)
	}
}

// TestMultiScalarMultRegimes checks that the cost model picks Straus for few
// terms and Pippenger for many (both then covered by TestMultiScalarMult
// through VarTimeMultiScalarMult, too).
func TestMultiScalarMultRegimes(t *testing.T) {
	for _, c := range []struct {
		n         int
		pippenger bool
	}{{2, false}, {10, false}, {64, false}, {150, true}, {200, true}} {
		scalars := make([]*Scalar, c.n)
		for i := range scalars {
			scalars[i] = randScalar(t)
		}
		sc := new(msmScratch)
		sc.load(scalars)
		if got := sc.window() != 0; got != c.pippenger {
			t.Errorf("n = %d: window %d", c.n, sc.window())
		}
	}
}

// TestMultiScalarMultEdges has repeated points, P and −P, the identity, and
// the scalars 0, 1 and q − 1.
func TestMultiScalarMultEdges(t *testing.T) {
	P := new(Point).ScalarMult(randScalar(t), generator)
	negP := new(Point).Negate(P)
	id := NewIdentityPoint()
	one := scalarOne()
	m1 := new(Scalar).Negate(one)
	zero := new(Scalar)
	a, b := randScalar(t), randScalar(t)
	cases := []struct {
		s []*Scalar
		p []*Point
	}{
		{[]*Scalar{a, b}, []*Point{P, P}},
		{[]*Scalar{a, a}, []*Point{P, negP}},
		{[]*Scalar{a, m1, one}, []*Point{id, P, P}},
		{[]*Scalar{zero, zero, zero}, []*Point{P, generator, id}},
		{[]*Scalar{one, a, b, m1}, []*Point{generator, generator, P, generator}},
		{[]*Scalar{a, b, a, b, a, b, a, b}, []*Point{P, P, P, P, negP, negP, negP, negP}},
	}
	for _, c := range cases {
		want := naiveSum(c.s, c.p).Bytes()
		checkPoint(t, "MultiScalarMult", new(Point).MultiScalarMult(c.s, c.p), want)
		checkPoint(t, "VarTimeMultiScalarMult", new(Point).VarTimeMultiScalarMult(c.s, c.p), want)
		checkPoint(t, "Straus", new(Point).varTimeStraus(c.s, c.p), want)
		for _, w := range []uint{2, 5, 9} {
			checkPoint(t, "Pippenger", new(Point).varTimePippenger(c.s, c.p, w), want)
		}
	}
	// Aliasing: the receiver is one of the points.
	v := new(Point).Set(P)
	want := naiveSum([]*Scalar{a, b}, []*Point{P, generator}).Bytes()
	checkPoint(t, "aliased", v.VarTimeMultiScalarMult([]*Scalar{a, b}, []*Point{v, generator}), want)
	v.Set(P)
	checkPoint(t, "aliased CT", v.MultiScalarMult([]*Scalar{a, b}, []*Point{v, generator}), want)
}

// TestDoubleScalarMultTwoPoints checks DoubleScalarMult and
// VarTimeDoubleScalarMult on two variable points, with torsion and the
// identity, against the naive sum (the interop module's
// TestDoubleScalarMultCircl compares c·B + a·P with circl's CombinedMult).
func TestDoubleScalarMultTwoPoints(t *testing.T) {
	for i := 0; i < 20; i++ {
		a, c := randScalar(t), randScalar(t)
		if i == 0 {
			a = new(Scalar)
		}
		// Two variable points, with torsion and the identity too, against
		// the naive sum.
		P, Q := msmPoint(t, i), msmPoint(t, i+1)
		w := naiveSum([]*Scalar{a, c}, []*Point{P, Q}).Bytes()
		checkPoint(t, "DoubleScalarMult PQ", new(Point).DoubleScalarMult(a, P, c, Q), w)
		checkPoint(t, "VarTimeDoubleScalarMult PQ", new(Point).VarTimeDoubleScalarMult(a, P, c, Q), w)
	}
}

func TestMultiScalarMultPanics(t *testing.T) {
	s := []*Scalar{NewScalar()}
	g := []*Point{NewGeneratorPoint()}
	for name, c := range map[string]struct {
		f    func()
		want string
	}{
		"MultiScalarMult lengths":        {func() { new(Point).MultiScalarMult(s, nil) }, "curve448: called MultiScalarMult with different size inputs"},
		"VarTimeMultiScalarMult lengths": {func() { new(Point).VarTimeMultiScalarMult(s, nil) }, "curve448: called VarTimeMultiScalarMult with different size inputs"},
		"MultiScalarMult zero":           {func() { new(Point).MultiScalarMult(s, []*Point{new(Point)}) }, "curve448: use of uninitialized Point"},
		"VarTimeMultiScalarMult zero":    {func() { new(Point).VarTimeMultiScalarMult(s, []*Point{new(Point)}) }, "curve448: use of uninitialized Point"},
		"VarTimeMultiScalarMult nil":     {func() { new(Point).VarTimeMultiScalarMult(s, []*Point{nil}) }, "curve448: use of uninitialized Point"},
		"MultiScalarMult nil":            {func() { new(Point).MultiScalarMult(append(s, s...), append(g, nil)) }, "curve448: use of uninitialized Point"},
		"DoubleScalarMult zero":          {func() { new(Point).DoubleScalarMult(s[0], g[0], s[0], new(Point)) }, "curve448: use of uninitialized Point"},
		"VarTimeDoubleScalarMult nil":    {func() { new(Point).VarTimeDoubleScalarMult(s[0], nil, s[0], g[0]) }, "curve448: use of uninitialized Point"},
	} {
		func() {
			defer func() {
				if r := recover(); r != c.want {
					t.Errorf("%s: recovered %v", name, r)
				}
			}()
			c.f()
		}()
	}
}

// TestAllocsVarTimeMultiScalarMult checks that VarTimeMultiScalarMult
// reuses its pooled buffers: no allocation per call once warm, on both the
// Straus and the Pippenger paths.
func TestAllocsVarTimeMultiScalarMult(t *testing.T) {
	if testenv.Race {
		t.Skip("the race detector allocates")
	}
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	for _, n := range []int{2, 17, 200} {
		scalars, points := msmInputs(t, n)
		if n == 200 {
			for i := range scalars {
				scalars[i] = randScalar(t) // Pippenger (TestMultiScalarMultRegimes)
			}
		}
		var v Point
		f := func() { v.VarTimeMultiScalarMult(scalars, points) }
		f() // grow the pooled buffers
		if a := testing.AllocsPerRun(3, f); a != 0 {
			t.Errorf("n = %d: %v allocations", n, a)
		}
	}
}
