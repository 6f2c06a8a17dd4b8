package curve25519

import (
	"bytes"
	"crypto/ecdh"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
	"github.com/curvekit/curvekit/internal/testenv"
	"github.com/curvekit/curvekit/internal/xdhtest"
)

// precompTestScalars are random scalars plus the edge cases of the signed
// radix-16 recoding (0, 1, ℓ−1, every digit 8, mixed signs).
func precompTestScalars(t testing.TB, n int) []*Scalar {
	var out []*Scalar
	for _, b := range crossVerifyScalars {
		out = append(out, scalarFrom(t, b[:]))
	}
	out = append(out, NewScalar(), scalarFrom(t, append([]byte{1}, make([]byte, 31)...)))
	for i := 0; i < n; i++ {
		out = append(out, scalarFrom(t, randScalarBytes(t)))
	}
	return out
}

// TestScalarMultPrecomputed checks x·P from the table against ScalarMult on
// prime-order points, each of them plus every torsion point, and the
// torsion points themselves.
func TestScalarMultPrecomputed(t *testing.T) {
	var points []*Point
	for i := 0; i < 3; i++ {
		P := randPoint(t)
		points = append(points, P)
	}
	var torsion []*Point
	for _, h := range smallOrderHex {
		T, err := new(Point).SetBytes(mustHex(t, h))
		if err != nil {
			t.Fatal(err)
		}
		torsion = append(torsion, T)
	}
	mixed := append([]*Point(nil), torsion...)
	for _, P := range points[:1] {
		for _, T := range torsion {
			mixed = append(mixed, new(Point).Add(P, T))
		}
	}
	points = append(points, mixed...)
	points = append(points, NewGeneratorPoint())

	scalars := precompTestScalars(t, 4)
	for i, P := range points {
		tab := NewPrecomputedPoint(P)
		for j, s := range scalars {
			var got, want Point
			got.ScalarMultPrecomputed(s, tab)
			want.ScalarMult(s, P)
			if got.Equal(&want) != 1 {
				t.Fatalf("point %d, scalar %d: ScalarMultPrecomputed = %x, ScalarMult = %x", i, j, got.Bytes(), want.Bytes())
			}
		}
	}
	// The generator's table must agree with the generated basepoint table.
	tab := NewPrecomputedPoint(NewGeneratorPoint())
	for _, s := range scalars {
		var got, want Point
		got.ScalarMultPrecomputed(s, tab)
		want.ScalarBaseMult(s)
		if got.Equal(&want) != 1 {
			t.Fatalf("generator: %x != %x", got.Bytes(), want.Bytes())
		}
	}
}

// checkPrecomputedX25519 compares t.X25519(scalar) with X25519(scalar, point):
// same result or both an error.
func checkPrecomputedX25519(t *testing.T, what string, scalar, point []byte) {
	t.Helper()
	want, wantErr := X25519(scalar, point)
	tab, err := NewPrecomputedX25519(point)
	if err != nil {
		t.Fatalf("%s: NewPrecomputedX25519: %v", what, err)
	}
	got, gotErr := tab.X25519(scalar)
	if (gotErr != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
		t.Fatalf("%s: precomputed = %x, %v; X25519 = %x, %v", what, got, gotErr, want, wantErr)
	}
}

func TestPrecomputedX25519Lengths(t *testing.T) {
	if _, err := NewPrecomputedX25519(make([]byte, 31)); err == nil {
		t.Error("NewPrecomputedX25519 accepted 31 bytes")
	}
	if _, err := NewPrecomputedX25519(nil); err == nil {
		t.Error("NewPrecomputedX25519 accepted nil")
	}
	tab, err := NewPrecomputedX25519(Basepoint)
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range []int{0, 31, 33} {
		if _, err := tab.X25519(make([]byte, n)); err == nil {
			t.Errorf("X25519 accepted a %d-byte scalar", n)
		}
	}
}

func TestPrecomputedAllocs(t *testing.T) {
	if testenv.Race {
		t.Skip("the race detector allocates")
	}
	if testing.Short() {
		t.Skip("allocation counts are checked in the full run")
	}
	P := randPoint(t)
	tab := NewPrecomputedPoint(P)
	s := scalarFrom(t, randScalarBytes(t))
	var v Point
	if n := testing.AllocsPerRun(5, func() { v.ScalarMultPrecomputed(s, tab) }); n != 0 {
		t.Errorf("ScalarMultPrecomputed allocates %v times", n)
	}
	xt, _ := NewPrecomputedX25519(P.BytesMontgomery())
	k := randScalarBytes(t)
	var dst [32]byte
	if n := testing.AllocsPerRun(5, func() { _, _ = xt.x25519(&dst, k) }); n != 0 {
		t.Errorf("PrecomputedX25519 allocates %v times", n)
	}
}

// BenchmarkPrecomputedX25519 compares X25519 with a precomputed peer key to
// the ladder and to crypto/ecdh, and times building the table.
func BenchmarkPrecomputedX25519(b *testing.B) {
	k := make([]byte, 32)
	if _, err := rand.Read(k); err != nil {
		b.Fatal(err)
	}
	P := randPoint(b)
	u := P.BytesMontgomery()
	tab, err := NewPrecomputedX25519(u)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("curvekit-precomputed", func(b *testing.B) {
		var dst [32]byte
		benchutil.RunCPU(b, func() {
			if _, err := tab.x25519(&dst, k); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("curvekit-ladder", func(b *testing.B) {
		var dst [32]byte
		benchutil.RunCPU(b, func() {
			if _, err := xdh(&dst, k, u); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("ecdh", func(b *testing.B) {
		priv, err := ecdh.X25519().NewPrivateKey(k)
		if err != nil {
			b.Fatal(err)
		}
		pub, err := ecdh.X25519().NewPublicKey(u)
		if err != nil {
			b.Fatal(err)
		}
		benchutil.RunCPU(b, func() {
			if _, err := priv.ECDH(pub); err != nil {
				b.Fatal(err)
			}
		})
	})
	b.Run("build", func(b *testing.B) {
		benchutil.RunCPU(b, func() {
			if _, err := NewPrecomputedX25519(u); err != nil {
				b.Fatal(err)
			}
		})
	})
}

// FuzzPrecomputedX25519 checks that a prepared point gives X25519's answer
// for any point bytes and scalar.
func FuzzPrecomputedX25519(f *testing.F) {
	f.Add(make([]byte, 32), Basepoint)
	f.Add(bytes.Repeat([]byte{0xff}, 32), bytes.Repeat([]byte{0xff}, 32))
	f.Add(bytes.Repeat([]byte{7}, 32), append([]byte{2}, make([]byte, 31)...))
	f.Fuzz(func(t *testing.T, scalar, point []byte) {
		tab, err := NewPrecomputedX25519(point)
		if (err != nil) != (len(point) != PointSize) {
			t.Fatalf("NewPrecomputedX25519(%d bytes): %v", len(point), err)
		}
		if err != nil {
			return
		}
		got, gotErr := tab.X25519(scalar)
		want, wantErr := X25519(scalar, point)
		if (gotErr != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
			t.Fatalf("precomputed = %x, %v; X25519 = %x, %v", got, gotErr, want, wantErr)
		}
	})
}

// TestPrecomputedX25519 checks the precomputed path against X25519 on the
// Wycheproof vectors (twist points, low-order points, non-canonical u), the
// edge inputs of the X25519 tests, random points on the curve and the twist,
// u = -1 and every torsion point's u-coordinate.
func TestPrecomputedX25519(t *testing.T) {
	data, err := os.ReadFile("testdata/x25519_wycheproof_test.json")
	if err != nil {
		t.Fatal(err)
	}
	var file struct {
		TestGroups []struct {
			Tests []struct {
				TcID    int    `json:"tcId"`
				Public  string `json:"public"`
				Private string `json:"private"`
			} `json:"tests"`
		} `json:"testGroups"`
	}
	if err := json.Unmarshal(data, &file); err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, g := range file.TestGroups {
		for _, tc := range g.Tests {
			n++
			checkPrecomputedX25519(t, fmt.Sprintf("wycheproof tcId %d", tc.TcID), xdhtest.Hex(t, tc.Private), xdhtest.Hex(t, tc.Public))
		}
	}
	if n != 518 {
		t.Fatalf("ran %d Wycheproof cases, want 518", n)
	}

	scalars, points := x25519EdgeInputs(t)
	pMinus1 := xdhtest.Hex(t, "ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f")
	points = append(points, pMinus1)
	for _, h := range smallOrderHex {
		T, _ := new(Point).SetBytes(mustHex(t, h))
		points = append(points, T.BytesMontgomery())
	}
	for i := 0; i < 8; i++ {
		points = append(points, xdhtest.Random(t, 32)) // about half on the twist
		P := randPoint(t)
		points = append(points, P.BytesMontgomery())
	}
	for i := 0; i < 4; i++ {
		scalars = append(scalars, xdhtest.Random(t, 32))
	}
	for _, p := range points {
		for _, s := range scalars {
			checkPrecomputedX25519(t, "edge", s, p)
		}
	}
}
