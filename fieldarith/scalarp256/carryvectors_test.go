package scalarp256

import (
	"math/big"
	"testing"
)

// Inputs that take the rare carries of the Montgomery assembly, which
// neither the limb grid nor random inputs reach: each needs one 64-bit limb
// of the running sum to be exactly 2^64 − 1 when a carry arrives. They were
// made by construction, not search: the row's quotient q is a0·b0·(−m⁻¹)
// mod 2^64, linear in a0, so fixing b0 and the top limbs of a and choosing
// q to put the row's result t = (a·b0 + q·m)/2^64 just above 2^256 gives a0 =
// q·(b0·(−m⁻¹))⁻¹ mod 2^64; an emulator of the generated instructions then
// confirmed that the carry fires (scripts/asmmutate's survivors
// elem64MulAsm ADCXQ AX, R8#1 and ADCXQ AX, R9#1, elem64SquareAsm ADCXQ
// AX, SI#1 and #2).
var elem64CarryVectors = []struct{ name, a, b string }{
	// Row 1's top carry (t4 + hi(a3·b1) + the carries is 2^64 − 1 when the
	// carry from t3 arrives): a wide a (≥ m, < R, allowed for Multiply's
	// first argument) and b1 = 2^64 − 1.
	{"mul row 1 top carry",
		"ffffffffffffffffffffffffffffffffffffffffffffffff9e6f568f5250fade",
		"9ae085bf0b500a3fffffffffffffffffffffffffffffffff5815a3d516a91f39"},
	// Row 2's top carry: b0 = 0 makes row 1 the first row, b2 = 2^64 − 1.
	{"mul row 2 top carry",
		"fffffffffffffffffffffffffffffffb8cb4a0d7d6225675d9f9cfe292963587",
		"85ef3430ed038db4ffffffffffffffff311624273bfd1d330000000000000000"},
	// Square's first reduction row carries out of t4: a canonical scalar
	// (a < m), so any caller of Square can reach it.
	{"square reduction row 0 carry",
		"ae6891d146280666d76d4330f1446bea0000000000000000b0c11fdecb91ce37",
		"ae6891d146280666d76d4330f1446bea0000000000000000b0c11fdecb91ce37"},
	// Square's second reduction row carries out of t5 on the CF chain
	// (elem64SquareAsm ADCXQ AX, SI#2): a1 = 0 and a2 = 2^32 − 1 keep t5 and
	// the quotients apart, and a3 was solved so that t5 is 2^64 − 1 when the
	// previous row's carry arrives (lo(2·a2·a3) moves t5 by 2·a2 per unit
	// of a3). Canonical scalars.
	{"square reduction row 1 carry",
		"1227a3b6c70c742700000000ffffffff000000000000000000000000000db5b5",
		"1227a3b6c70c742700000000ffffffff000000000000000000000000000db5b5"},
	{"square reduction row 1 carry, second",
		"36e771fcd89e371000000000ffffffff0000000000000000000000000007734d",
		"36e771fcd89e371000000000ffffffff0000000000000000000000000007734d"},
}

// TestElem64AsmCarryVectors runs the assembly, the Go code and math/big on
// elem64CarryVectors; elem64AsmCheck also squares a when a < m.
func TestElem64AsmCarryVectors(t *testing.T) {
	for _, v := range elem64CarryVectors {
		a, _ := new(big.Int).SetString(v.a, 16)
		b, _ := new(big.Int).SetString(v.b, 16)
		if b.Cmp(elem64AsmM) >= 0 || a.BitLen() > 256 {
			t.Fatalf("%s: input out of Multiply's range", v.name)
		}
		elem64AsmCheck(t, a, b)
	}
}
