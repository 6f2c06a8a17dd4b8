package safegcd_test

import (
	"fmt"

	"github.com/curvekit/curvekit/fieldarith/internal/safegcd"
)

// Invert 2 modulo 2^255 − 19: the result is (p + 1)/2.
func Example() {
	p := [4]uint64{0xffffffffffffffed, 0xffffffffffffffff, 0xffffffffffffffff, 0x7fffffffffffffff}
	m := safegcd.NewModulus(p, [4]uint64{1})
	x := [4]uint64{2}
	m.Invert(&x, &x)
	fmt.Printf("%016x %016x %016x %016x\n", x[3], x[2], x[1], x[0])
	// Output: 3fffffffffffffff ffffffffffffffff ffffffffffffffff fffffffffffffff7
}

// Invert 2 modulo P-384's p = 2^384 − 2^128 − 2^96 + 2^32 − 1: the result is
// (p + 1)/2.
func ExampleModulus384() {
	p := [6]uint64{0x00000000ffffffff, 0xffffffff00000000, 0xfffffffffffffffe, 0xffffffffffffffff, 0xffffffffffffffff, 0xffffffffffffffff}
	m := safegcd.NewModulus384(p, [6]uint64{1})
	x := [6]uint64{2}
	m.Invert(&x, &x)
	fmt.Printf("%016x %016x %016x %016x %016x %016x\n", x[5], x[4], x[3], x[2], x[1], x[0])
	// Output: 7fffffffffffffff ffffffffffffffff ffffffffffffffff ffffffffffffffff 7fffffff80000000 0000000080000000
}
