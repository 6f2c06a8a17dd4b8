package curve25519

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/bigle"
)

// p25519 is 2^255 − 19.
var p25519 = new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), 255), big.NewInt(19))

// wordsInt is the integer of little-endian 64-bit words.
func wordsInt(w []uint64) *big.Int {
	b := make([]byte, 8*len(w))
	for i, x := range w {
		binary.LittleEndian.PutUint64(b[8*i:], x)
	}
	return bigle.Int(b)
}

// fe64Groups are the fe64 implementations a test runs: the Go model
// always, the assembly where this build and CPU have it.
func fe64Groups() map[string]fe64Group {
	m := map[string]fe64Group{"go": fe64GroupGo}
	if ladder64HasAsm {
		m["asm"] = fe64GroupAsm
	}
	return m
}

// testRandScalar returns a scalar from 64 random bytes (reduced mod ℓ).
func testRandScalar(t testing.TB) *Scalar {
	var b [64]byte
	if _, err := rand.Read(b[:]); err != nil {
		t.Fatal(err)
	}
	s, err := NewScalar().SetUniformBytes(b[:])
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// ctTestPoints are the points the constant-time fe64 loops are checked
// on: random points of the prime-order subgroup, the identity, the points
// of order 8 and 2, and random points with a torsion component (the loops
// take any point of the curve).
func ctTestPoints(t testing.TB) []*Point {
	t.Helper()
	// T8 is a point of order 8 (its canonical encoding).
	t8, err := hex.DecodeString("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")
	if err != nil {
		t.Fatal(err)
	}
	T8, err := new(Point).SetCanonicalBytes(t8)
	if err != nil {
		t.Fatal(err)
	}
	T2 := new(Point).Double(T8)
	T2.Double(T2)
	pts := []*Point{NewIdentityPoint(), T8, T2, NewGeneratorPoint()}
	for range 4 {
		P := new(Point).ScalarBaseMult(testRandScalar(t))
		pts = append(pts, P, new(Point).Add(P, T8))
	}
	return pts
}

// ctTestScalars are the scalars the constant-time fe64 loops are checked
// on: 0, 1, 2, 8, ℓ − 1, ℓ − 8, the scalars whose radix-16 digits are all
// 8 or all −8 where they exist in range (0x88…8 and its negation), the
// self-test's fixed scalars and random ones.
func ctTestScalars(t testing.TB) []*Scalar {
	t.Helper()
	small := func(k uint64) *Scalar {
		var b [32]byte
		binary.LittleEndian.PutUint64(b[:], k)
		s, err := NewScalar().SetCanonicalBytes(b[:])
		if err != nil {
			t.Fatal(err)
		}
		return s
	}
	var eights [32]byte
	for i := range 31 {
		eights[i] = 0x88
	}
	eights[31] = 0x08
	s8, err := NewScalar().SetCanonicalBytes(eights[:])
	if err != nil {
		t.Fatal(err)
	}
	out := []*Scalar{small(0), small(1), small(2), small(8),
		NewScalar().Subtract(small(0), small(1)), NewScalar().Subtract(small(0), small(8)),
		s8, NewScalar().Negate(s8)}
	for i := range crossVerifyScalars {
		s, err := NewScalar().SetCanonicalBytes(crossVerifyScalars[i][:])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, s)
	}
	for range 4 {
		out = append(out, testRandScalar(t))
	}
	return out
}

func TestScalarMult64(t *testing.T) {
	pts, scs := ctTestPoints(t), ctTestScalars(t)
	for name, g := range fe64Groups() {
		t.Run(name, func(t *testing.T) {
			for i, P := range pts {
				for j, s := range scs {
					var want, got Point
					want.scalarMultWindow(s, P)
					got.scalarMult64(g, s, P)
					if got.Equal(&want) != 1 {
						t.Fatalf("point %d, scalar %d: fe64 result differs from field25519", i, j)
					}
				}
			}
		})
	}
}

func TestDoubleScalarMult64(t *testing.T) {
	pts, scs := ctTestPoints(t), ctTestScalars(t)
	for name, g := range fe64Groups() {
		t.Run(name, func(t *testing.T) {
			for i := range 64 {
				// Every pair of points and of scalars shows up across
				// the cases (the indexes run at coprime strides).
				P, Q := pts[i%len(pts)], pts[(3*i+1)%len(pts)]
				a, c := scs[i%len(scs)], scs[(5*i+2)%len(scs)]
				var want, got Point
				want.doubleScalarMultWindow(a, P, c, Q)
				got.doubleScalarMult64(g, a, P, c, Q)
				if got.Equal(&want) != 1 {
					t.Fatalf("case %d: fe64 result differs from field25519", i)
				}
				// The public method, whichever path it runs.
				if got.DoubleScalarMult(a, P, c, Q).Equal(&want) != 1 {
					t.Fatalf("case %d: DoubleScalarMult differs from field25519", i)
				}
			}
		})
	}
}

func TestMultiScalarMult64(t *testing.T) {
	pts, scs := ctTestPoints(t), ctTestScalars(t)
	for name, g := range fe64Groups() {
		t.Run(name, func(t *testing.T) {
			for _, n := range []int{1, 3, 7} {
				P := make([]*Point, n)
				s := make([]*Scalar, n)
				for i := range n {
					P[i], s[i] = pts[(i*5+n)%len(pts)], scs[(i*3+n)%len(scs)]
				}
				var want, got Point
				want.multiScalarMultWindow(s, P)
				got.multiScalarMult64(g, s, P)
				if got.Equal(&want) != 1 {
					t.Fatalf("n = %d: fe64 result differs from field25519", n)
				}
			}
		})
	}
}

// TestLookup64 checks the constant-time table read against the table for
// every digit, on the Go scan and, where it runs, the AVX2 one.
func TestLookup64(t *testing.T) {
	P := new(Point).ScalarBaseMult(testRandScalar(t))
	var tab [8]cached64Row
	multiples64(fe64GroupGo, &tab, P)
	// Each row's last four words are the negation of 2d·T, computed
	// apart with math/big.
	for i := range tab {
		sum := new(big.Int).Add(wordsInt(tab[i][12:16]), wordsInt(tab[i][16:20]))
		if sum.Mod(sum, p25519).Sign() != 0 {
			t.Fatalf("entry %d: −2d·T is not the negation of 2d·T", i)
		}
	}
	for d := -8; d <= 8; d++ {
		var got cached64Row
		lookup64(&got, &tab, int8(d))
		// The entry for d, computed apart: the identity, the entry, or
		// its negation.
		want := cached64Identity
		if d != 0 {
			want = tab[max(d, -d)-1]
		}
		if d < 0 {
			copy(want[0:4], tab[-d-1][4:8])
			copy(want[4:8], tab[-d-1][0:4])
			copy(want[12:16], tab[-d-1][16:20])
			copy(want[16:20], tab[-d-1][12:16])
		}
		if got != want {
			t.Errorf("d = %d: lookup64 gave %x, want %x", d, got, want)
		}
		for abs := 0; abs <= 8; abs++ {
			var goScan cached64Row
			select8Rows(&goScan, &tab, abs)
			wantRow := cached64Identity
			if abs > 0 {
				wantRow = tab[abs-1]
			}
			if goScan != wantRow {
				t.Errorf("select8Rows(%d) wrong", abs)
			}
			if haveAVX2 {
				var avx cached64Row
				scan8x20AVX2(&avx, &cached64Identity, &tab, abs)
				if avx != wantRow {
					t.Errorf("scan8x20AVX2(%d) wrong", abs)
				}
			}
		}
	}
}

// TestFe64CTSelfTest checks that the first-use self-test passes the real
// loops and fails wrong ones — a table entry off by a torsion point, a
// digit dropped, the scalars swapped — so that such a fast path would be
// switched off.
func TestFe64CTSelfTest(t *testing.T) {
	for name, g := range fe64Groups() {
		ok := fe64CTSelfTest(func(v *Point, a *Scalar, P *Point, c *Scalar, Q *Point) {
			v.doubleScalarMult64(g, a, P, c, Q)
		})
		if !ok {
			t.Errorf("%s: self-test fails on correct code", name)
		}
	}
	T8 := ctTestPoints(t)[1]
	var one Scalar
	if _, err := one.SetCanonicalBytes([]byte{1, 31: 0}); err != nil {
		t.Fatal(err)
	}
	bad := map[string]func(v *Point, a *Scalar, P *Point, c *Scalar, Q *Point){
		"torsion": func(v *Point, a *Scalar, P *Point, c *Scalar, Q *Point) {
			var P8 Point
			P8.Add(P, T8)
			v.doubleScalarMult64(fe64GroupGo, a, &P8, c, Q)
		},
		"digit": func(v *Point, a *Scalar, P *Point, c *Scalar, Q *Point) {
			var a1 Scalar
			a1.Add(a, &one)
			v.doubleScalarMult64(fe64GroupGo, &a1, P, c, Q)
		},
		"swap": func(v *Point, a *Scalar, P *Point, c *Scalar, Q *Point) {
			v.doubleScalarMult64(fe64GroupGo, c, P, a, Q)
		},
	}
	for name, dsm := range bad {
		if fe64CTSelfTest(dsm) {
			t.Errorf("self-test passes a wrong multiplication (%s)", name)
		}
	}
	if ladder64HasAsm && !fe64CTOn() {
		t.Error("the constant-time fe64 path is off on a CPU that has it")
	}
}

func BenchmarkDoubleScalarMultBackends(b *testing.B) {
	a, c := testRandScalar(b), testRandScalar(b)
	P := new(Point).ScalarBaseMult(testRandScalar(b))
	Q := new(Point).ScalarBaseMult(testRandScalar(b))
	var v Point
	b.Run("field25519", func(b *testing.B) {
		for b.Loop() {
			v.DoubleScalarMult(a, P, c, Q)
		}
	})
	for name, g := range fe64Groups() {
		b.Run("fe64-"+name, func(b *testing.B) {
			for b.Loop() {
				v.doubleScalarMult64(g, a, P, c, Q)
			}
		})
	}
}

func BenchmarkFe64GroupOps(b *testing.B) {
	P := new(Point).ScalarBaseMult(testRandScalar(b))
	var r [4]fe64
	completed64(&r, P)
	var t [8]cached64Row
	multiples64(fe64GroupAsm, &t, P)
	var e cached64Row
	b.Run("double", func(b *testing.B) {
		for b.Loop() {
			fe64EdDoubleAsm(&r)
		}
	})
	b.Run("addCached", func(b *testing.B) {
		for b.Loop() {
			fe64EdAddCachedAsm(&r, rowCached(&t[3]))
		}
	})
	b.Run("lookup", func(b *testing.B) {
		for b.Loop() {
			lookup64(&e, &t, -5)
		}
	})
	b.Run("field25519-double", func(b *testing.B) {
		for b.Loop() {
			P.double(P)
		}
	})
	b.Run("ladder", func(b *testing.B) {
		var dst, e, pt [32]byte
		e[0], pt[0] = 9, 9
		for b.Loop() {
			x25519Ladder64Asm(&dst, &e, &pt)
		}
	})
}
