package tables_test

import (
	"fmt"

	"github.com/curvekit/curvekit/tables"
)

// Recoding 1000 into signed radix-16 digits: 1000 = -8 + (-1)·16 + 4·256.
func ExampleSignedRadix() {
	k := make([]byte, 32)
	k[0], k[1] = 0xe8, 0x03 // 1000, little-endian
	digits := make([]int8, 4)
	tables.SignedRadix(digits, k, 4)
	fmt.Println(digits)
	// Output: [-8 -1 4 0]
}
