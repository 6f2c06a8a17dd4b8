package scalarp384

import (
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/montrows"
)

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

// squareHalfRowTails take the last carry of a row's product half (t6 into
// t7 on the CF chain) in rows 1 to 4 of elem64SquareAsm's half-product rows
// (row 5's is reached by the limb grid); montrows.Square models the rows. They were found
// by a search over limbs of 0, 1, 3, 5, 2^32 − 1, 2^32, 2^63 ± 1, 2^64 − 2^32
// (+ 1), 2^64 − 2, 2^64 − 1 and random words (a4, a5 from the top of the
// range for row 4); random inputs reach such a carry about once in 2^64.
var squareHalfRowTails = []struct {
	row int
	a   [6]uint64
}{
	{1, [6]uint64{0x00000000ffffffff, 0x8000000000000000, 0x0000000000000000, 0x761b94ca59439271, 0xaf5b79233425ed40, 0xffffffffffffffff}},
	{2, [6]uint64{0x7fffffffffffffff, 0x750a9c2e76d8089f, 0xfffffffffffffffe, 0x0000000000000000, 0x9b78412f16811f76, 0x8000000000000000}},
	{3, [6]uint64{0x0000000000000000, 0x582507950cb6fbd2, 0x0000000000000001, 0xffffffffffffffff, 0xd9a6c96d56a68fce, 0x8000000000000000}},
	{4, [6]uint64{0x792f083df1cd400f, 0x25b3995b081a8239, 0x44e112370b93593f, 0x0000000000000005, 0x8000000000000001, 0xfffffffffffffffe}},
}

func TestElem64AsmSquareHalfRowTails(t *testing.T) {
	m := elem64AsmM
	var n [6]uint64
	for j := range n {
		w := new(big.Int).Rsh(m, uint(64*j))
		n[j] = w.And(w, new(big.Int).SetUint64(1<<64-1)).Uint64()
	}
	W := new(big.Int).Lsh(big.NewInt(1), 64)
	nInv := new(big.Int).Sub(W, new(big.Int).ModInverse(m, W)).Uint64()
	Ri := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 384), m)
	for _, v := range squareHalfRowTails {
		a := elem64(v.a)
		x := elem64AsmToBig(&a)
		if x.Cmp(m) >= 0 {
			t.Fatalf("vector %x is not below n", v.a)
		}
		rows, tails := montrows.Square(v.a, montrows.Generic(n, nInv))
		out := new(big.Int)
		for j := 6; j >= 0; j-- {
			out.Lsh(out, 64).Or(out, new(big.Int).SetUint64(rows[j]))
		}
		want := new(big.Int).Mul(x, x)
		if want.Mul(want, Ri).Mod(want, m); out.Mod(out, m).Cmp(want) != 0 {
			t.Fatalf("row %d: the model's square %x, want %x", v.row, out, want)
		}
		if tails[v.row][0] != 1 {
			t.Fatalf("row %d: the carry does not fire in the model (%v)", v.row, tails)
		}
		elem64AsmCheck(t, x, x)
	}
}
