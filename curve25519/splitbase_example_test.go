package curve25519_test

import (
	"fmt"

	"github.com/curvekit/curvekit/curve25519"
)

// A 256-bit multiple of B split into 128-bit halves, s = b0 + 2^128·b1,
// plus a·A − a·A through a key's precomputed table: the result is s·B.
func ExamplePoint_VarTimeSplitBaseMultPrecomputed() {
	var sb [32]byte
	for i := range 31 {
		sb[i] = byte(7*i + 3)
	}
	s, _ := curve25519.NewScalar().SetCanonicalBytes(sb[:])
	var lo, hi [32]byte
	copy(lo[:16], sb[:16])
	copy(hi[:16], sb[16:])
	b0, _ := curve25519.NewScalar().SetCanonicalBytes(lo[:])
	b1, _ := curve25519.NewScalar().SetCanonicalBytes(hi[:])

	a := b0
	A := new(curve25519.Point).ScalarBaseMult(b1)
	pre := curve25519.NewVarTimePrecomputedPoint(A) // once per key
	negA := new(curve25519.Point).Negate(A)

	got := new(curve25519.Point).VarTimeSplitBaseMultPrecomputed(b0, b1, a, pre, a, negA)
	want := new(curve25519.Point).ScalarBaseMult(s)
	fmt.Println(got.Equal(want) == 1)
	// Output: true
}
