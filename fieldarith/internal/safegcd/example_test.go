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
