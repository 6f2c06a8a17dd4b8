package curve25519

import (
	"crypto/rand"
	"fmt"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
	"github.com/curvekit/curvekit/internal/testenv"
)

// shortScalarBytes returns a random canonical scalar below 2^bits.
func shortScalarBytes(t testing.TB, bits int) []byte {
	t.Helper()
	b := make([]byte, 32)
	if _, err := rand.Read(b[:(bits+7)/8]); err != nil {
		t.Fatal(err)
	}
	if bits%8 != 0 {
		b[bits/8] &= 1<<(bits%8) - 1
	}
	return b
}

// splitWant is b0·B + b1·2^128·B + a·A + c·C computed as a naive sum of
// constant-time ScalarMults, with 2^128·B from ScalarMult too (the interop
// module's copy of these tests computes it with filippo's multi-scalar
// multiplication).
func splitWant(t testing.TB, sc [4][]byte, A, C *Point) []byte {
	t.Helper()
	var two128 [32]byte
	two128[16] = 1
	G := NewGeneratorPoint()
	B128 := new(Point).ScalarMult(scalarFrom(t, two128[:]), G)
	s := make([]*Scalar, 4)
	for i := range sc {
		s[i] = scalarFrom(t, sc[i])
	}
	return naiveSum(s, []*Point{G, B128, A, C}).Bytes()
}

// checkSplit runs both entry points on sc, A, C against the oracle, also
// with the receiver aliasing C.
func checkSplit(t *testing.T, what string, sc [4][]byte, A, C *Point) {
	t.Helper()
	want := splitWant(t, sc, A, C)
	b0, b1, a, c := scalarFrom(t, sc[0]), scalarFrom(t, sc[1]), scalarFrom(t, sc[2]), scalarFrom(t, sc[3])
	checkSame(t, what+": VarTimeSplitBaseMult", new(Point).VarTimeSplitBaseMult(b0, b1, a, A, c, C), want)
	pre := NewVarTimePrecomputedPoint(A)
	checkSame(t, what+": VarTimeSplitBaseMultPrecomputed", new(Point).VarTimeSplitBaseMultPrecomputed(b0, b1, a, pre, c, C), want)
	v := new(Point).Set(C)
	checkSame(t, what+": alias", v.VarTimeSplitBaseMultPrecomputed(b0, b1, a, pre, c, v), want)
	if !baseTables().ok {
		return // the table-free fallback: the exported methods took it
	}
	// Each loop by name, A as a point and precomputed.
	bt, err := fe64SplitTables()
	if err != nil {
		t.Fatal(err)
	}
	if !ladder64HasAsm {
		affine64From(pre.odd64[:], pre.odd[:]) // Set makes them only where the fe64 loop runs
	}
	for _, path := range splitTestPaths() {
		name := fmt.Sprintf("%s: path %d", what, path)
		checkSame(t, name, new(Point).varTimeSplitWith(bt, path, b0, b1, a, nil, nil, A, nafWindow, c, C), want)
		checkSame(t, name+" precomputed", new(Point).varTimeSplitWith(bt, path, b0, b1, a, pre.odd[:], pre.odd64[:], nil, precomputedWindow, c, C), want)
	}
}

func TestVarTimeSplitBaseMult(t *testing.T) {
	n := 30
	if testing.Short() {
		n = 8
	}
	for i := 0; i < n; i++ {
		A := randPoint(t)
		C := mixedOrderPoint(t, i%8)
		if i%3 == 0 {
			A, C = C, A
		}
		// The half-size shape: 128-bit halves, ~128-bit a and c, with a
		// sometimes negated (above ℓ/2).
		sc := [4][]byte{shortScalarBytes(t, 128), shortScalarBytes(t, 125), shortScalarBytes(t, 128), shortScalarBytes(t, 127)}
		if i%2 == 1 {
			neg := new(big.Int).Sub(bigL, bigle.Int(sc[2]))
			sc[2] = bigToLE(neg)
		}
		checkSplit(t, "half-size shape", sc, A, C)
		// Full-size scalars everywhere.
		checkSplit(t, "full size", [4][]byte{randScalarBytes(t), randScalarBytes(t), randScalarBytes(t), randScalarBytes(t)}, A, C)
	}
}

func TestVarTimeSplitBaseMultEdgeScalars(t *testing.T) {
	A := randPoint(t)
	C := mixedOrderPoint(t, 5)
	edges := edgeScalars(t)
	for pos := 0; pos < 4; pos++ {
		for j, e := range edges {
			if testing.Short() && j%4 != 0 {
				continue
			}
			sc := [4][]byte{shortScalarBytes(t, 128), shortScalarBytes(t, 128), shortScalarBytes(t, 128), shortScalarBytes(t, 128)}
			sc[pos] = e
			checkSplit(t, "edge", sc, A, C)
		}
	}
	// All zero: the identity.
	z := make([]byte, 32)
	checkSplit(t, "zero", [4][]byte{z, z, z, z}, A, C)
	if new(Point).VarTimeSplitBaseMult(NewScalar(), NewScalar(), NewScalar(), A, NewScalar(), C).Equal(NewIdentityPoint()) != 1 {
		t.Fatal("zero scalars: not the identity")
	}
}

// TestVarTimeSplitBaseMultFallback checks the table-free path taken when
// the basepoint tables fail their verification.
func TestVarTimeSplitBaseMultFallback(t *testing.T) {
	saved := basepointTableLoad.Swap(func() *basepointTables { return &basepointTables{} })
	defer func() { basepointTableLoad.Swap(saved) }()
	A := randPoint(t)
	C := randPoint(t)
	checkSplit(t, "fallback", [4][]byte{randScalarBytes(t), shortScalarBytes(t, 128), randScalarBytes(t), shortScalarBytes(t, 100)}, A, C)
}

// TestBase128Table checks every entry of the [2^128]B table against
// (2i+1)·2^128·B computed by double-and-add.
func TestBase128Table(t *testing.T) {
	tab := base128Table()
	B128 := mulBig(new(big.Int).Lsh(big.NewInt(1), 128), NewGeneratorPoint())
	for i := range tab {
		want := mulBig(big.NewInt(int64(2*i+1)), B128)
		if !affineEquals(&tab[i], want) {
			t.Fatalf("entry %d wrong", i)
		}
	}
}

func TestVarTimePrecomputedPoint(t *testing.T) {
	P := mixedOrderPoint(t, 7)
	pre := NewVarTimePrecomputedPoint(P)
	for i := range pre.odd {
		want := mulBig(big.NewInt(int64(2*i+1)), P)
		if !affineEquals(&pre.odd[i], want) {
			t.Fatalf("entry %d wrong", i)
		}
	}
	neg := new(VarTimePrecomputedPoint).Negate(pre)
	negP := new(Point).Negate(P)
	for i := range neg.odd {
		want := mulBig(big.NewInt(int64(2*i+1)), negP)
		if !affineEquals(&neg.odd[i], want) {
			t.Fatalf("negated entry %d wrong", i)
		}
	}
	// In place, and used in the multiplication.
	pre.Negate(pre)
	sc := [4][]byte{shortScalarBytes(t, 128), shortScalarBytes(t, 128), randScalarBytes(t), shortScalarBytes(t, 128)}
	C := randPoint(t)
	want := splitWant(t, sc, negP, C)
	got := new(Point).VarTimeSplitBaseMultPrecomputed(scalarFrom(t, sc[0]), scalarFrom(t, sc[1]), scalarFrom(t, sc[2]), pre, scalarFrom(t, sc[3]), C)
	checkSame(t, "negated precomputed", got, want)
}

func TestAllocsVarTimeSplitBaseMult(t *testing.T) {
	if testenv.Race {
		t.Skip("the race detector allocates")
	}
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	s := scalarFrom(t, randScalarBytes(t))
	h := scalarFrom(t, shortScalarBytes(t, 128))
	A := randPoint(t)
	C := randPoint(t)
	var pre VarTimePrecomputedPoint
	var v Point
	f := func() { v.VarTimeSplitBaseMult(h, h, s, A, h, C) }
	g := func() { v.VarTimeSplitBaseMultPrecomputed(h, h, s, &pre, h, C) }
	p := func() { pre.Set(A) }
	n := func() { pre.Negate(&pre) }
	f()
	p()
	for name, fn := range map[string]func(){"VarTimeSplitBaseMult": f, "VarTimeSplitBaseMultPrecomputed": g, "VarTimePrecomputedPoint.Set": p, "VarTimePrecomputedPoint.Negate": n} {
		if n := testing.AllocsPerRun(10, fn); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}

// BenchmarkVarTimeSplitBaseMult compares the half-size verification shape
// (two 128-bit base halves, ~128-bit a and c) through the dedicated entry
// points and through VarTimeMultiScalarMult.
func BenchmarkVarTimeSplitBaseMult(b *testing.B) {
	h := [4]*Scalar{}
	for i := range h {
		h[i] = scalarFrom(b, shortScalarBytes(b, 128))
	}
	A := randPoint(b)
	C := randPoint(b)
	pre := NewVarTimePrecomputedPoint(A)
	var two128 [32]byte
	two128[16] = 1
	B128 := new(Point).ScalarBaseMult(scalarFrom(b, two128[:]))
	var v Point
	b.Run("split", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			v.VarTimeSplitBaseMult(h[0], h[1], h[2], A, h[3], C)
		}
	})
	b.Run("split-precomputed", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			v.VarTimeSplitBaseMultPrecomputed(h[0], h[1], h[2], pre, h[3], C)
		}
	})
	b.Run("multiscalar", func(b *testing.B) {
		s, p := h[:], []*Point{generator, B128, A, C}
		for i := 0; i < b.N; i++ {
			v.VarTimeMultiScalarMult(s, p)
		}
	})
	b.Run("precompute", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			pre.Set(A)
		}
	})
}

// TestVarTimePrecomputedNegate64 checks Negate's fe64 form, made by
// negating in place, against the conversion of the negated entries.
func TestVarTimePrecomputedNegate64(t *testing.T) {
	if !ladder64HasAsm {
		t.Skip("the fe64 form exists only where the fe64 loop runs")
	}
	for k := range 8 {
		pre := NewVarTimePrecomputedPoint(mixedOrderPoint(t, k))
		neg := new(VarTimePrecomputedPoint).Negate(pre)
		var want [len(neg.odd)]affine64
		affine64From(want[:], neg.odd[:])
		if neg.odd64 != want {
			t.Fatalf("point %d: Negate's fe64 form differs from the converted negation", k)
		}
	}
	// The identity's entries have d·x·y = 0, whose negation stays 0.
	pre := NewVarTimePrecomputedPoint(NewIdentityPoint())
	neg := new(VarTimePrecomputedPoint).Negate(pre)
	var want [len(neg.odd)]affine64
	affine64From(want[:], neg.odd[:])
	if neg.odd64 != want {
		t.Fatal("identity: Negate's fe64 form differs")
	}
}
