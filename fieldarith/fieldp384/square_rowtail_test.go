package fieldp384

import "testing"

// squareRowTails are Montgomery limbs (low word first, each below p) that
// take the rare paths of elem64SquareAsm's half-product rows: the last
// carry of row r's product half (t6 into t7 on the CF chain) for r = 1 … 5,
// and a reduction whose borrow runs past t3 (through t5 for rows 0 … 5).
// Random and grid inputs reach neither. They are the δ = Z² vectors of
// p384's TestJacobianAsmDoubleRowTails, whose model of the rows (sqrTails)
// checks that each takes its path; here each square, and each product
// a·a, is checked against math/big.
var squareRowTails = [][6]uint64{
	{0x7f69534b926dc60b, 0xfffffffffffffffe, 0x7fffffffffffffff, 0x354348c2de0ef5e8, 0x9fd4375190e54ff1, 0x8000000000000000}, // row 1 product
	{0x7fffffffffffffff, 0x3367f63977b39f72, 0x8000000000000000, 0x0000000100000000, 0xfffffffffffffffe, 0xfffffffffffffffe}, // row 2 product
	{0x23877577b0430550, 0xfffffffffffffffe, 0xffffffff00000000, 0x7fffffffffffffff, 0xbd78cc2ea805d387, 0xffffffffffffffff}, // row 3 product
	{0x0000000000000000, 0x0000000000000001, 0xffffffff00000001, 0xfffffffffffffffe, 0xfffffffffffffffe, 0x8000000000000000}, // row 4 product
	{0x0000000000000000, 0xffffffff00000001, 0x00000000ffffffff, 0x8000000000000000, 0x8000000000000000, 0xffffffffffffffff}, // row 5 product
	{5}, // row 0 reduction, through t5
	{0x00000000ffffffff, 0, 0x000000001c8384a0, 0x00000000718df408, 0, 0x8000000000000000}, // row 1 reduction, through t5
	{0, 5},                     // row 2 reduction, through t5
	{0, 0x8000000000000000, 3}, // row 3 reduction, through t5
	{0, 0, 5},                  // row 4 reduction, through t5
	{0, 0, 0x0000000100000000}, // row 5 reduction, through t5
}

func TestElem64AsmSquareRowTails(t *testing.T) {
	for _, v := range squareRowTails {
		a := elem64(v)
		x := elem64AsmToBig(&a)
		if x.Cmp(elem64AsmM) >= 0 {
			t.Fatalf("vector %x is not below p", v)
		}
		elem64AsmCheck(t, x, x)
	}
}
