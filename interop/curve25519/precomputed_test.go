package curve25519_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"testing"

	"github.com/curvekit/curvekit/curve25519"
	"github.com/curvekit/curvekit/internal/xdhtest"
)

// checkPrecomputedX25519 compares t.X25519(scalar) with X25519(scalar, point):
// same result or both an error.
func checkPrecomputedX25519(t *testing.T, what string, scalar, point []byte) {
	t.Helper()
	want, wantErr := curve25519.X25519(scalar, point)
	tab, err := curve25519.NewPrecomputedX25519(point)
	if err != nil {
		t.Fatalf("%s: NewPrecomputedX25519: %v", what, err)
	}
	got, gotErr := tab.X25519(scalar)
	if (gotErr != nil) != (wantErr != nil) || !bytes.Equal(got, want) {
		t.Fatalf("%s: precomputed = %x, %v; X25519 = %x, %v", what, got, gotErr, want, wantErr)
	}
}

// TestPrecomputedX25519 checks the precomputed path against X25519 on the
// Wycheproof vectors (twist points, low-order points, non-canonical u), the
// edge inputs of the X25519 tests, random points on the curve and the twist,
// u = -1 and every torsion point's u-coordinate.
func TestPrecomputedX25519(t *testing.T) {
	data, err := os.ReadFile("../../curve25519/testdata/x25519_wycheproof_test.json")
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
		T, _ := new(curve25519.Point).SetBytes(mustHex(t, h))
		points = append(points, T.BytesMontgomery())
	}
	for i := 0; i < 8; i++ {
		points = append(points, xdhtest.Random(t, 32)) // about half on the twist
		P, _, _ := randPoint(t)
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
