package scalarp384

import "testing"

// squareRowTails are Montgomery limbs (low word first, each below n) whose
// products a·a carry out of the top word of a CIOS row: in rows 1 and 2 of
// elem64MulAsm with b = a, t6 is 2^64 − 1 after its high-half add while t5
// carries into it. Random and grid inputs reach this about once in 2^62
// rows; these were found by solving for the row words with math/big, and
// each one's product and square are checked below against math/big, so a
// lost or moved carry in those rows fails.
var squareRowTails = [][6]uint64{
	{0x742aee1d19a531b1, 0xffffffffffffffff, 0x2e12022456fe2da1, 0x5e1511f218a21f7d, 0xac254aa0676d2c2a, 0xffffffffffffffff}, // row 1
	{0xdda657b9a6dbedbe, 0x8495efc0386b7cdd, 0xffffffffffffffff, 0x1e0f1699faef7478, 0xceaaf4b1c9ea0ec9, 0xffffffffffffffff}, // row 2
}

func TestElem64AsmSquareRowTails(t *testing.T) {
	for _, v := range squareRowTails {
		a := elem64(v)
		x := elem64AsmToBig(&a)
		if x.Cmp(elem64AsmM) >= 0 {
			t.Fatalf("vector %x is not below n", v)
		}
		elem64AsmCheck(t, x, x)
	}
}
