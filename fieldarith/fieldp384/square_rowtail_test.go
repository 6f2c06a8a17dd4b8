package fieldp384

import (
	"testing"

	"github.com/curvekit/curvekit/internal/montrows"
)

// TestElem64AsmSquareRowTails squares montrows.P384SquarePaths, the limbs
// whose squares take each rare path of elem64SquareAsm's half-product rows
// (the last carry of a row's product half, a reduction borrow through t5),
// which random and grid inputs do not reach. It checks that each still
// takes its path in the model and checks each square, and each product
// a·a, against math/big.
func TestElem64AsmSquareRowTails(t *testing.T) {
	for _, v := range montrows.P384SquarePaths {
		if !v.Taken() {
			t.Fatalf("row %d depth %d: the path is not taken in the model", v.Row, v.Depth)
		}
		a := elem64(v.A)
		x := elem64AsmToBig(&a)
		if x.Cmp(elem64AsmM) >= 0 {
			t.Fatalf("vector %x is not below p", v.A)
		}
		elem64AsmCheck(t, x, x)
	}
}
