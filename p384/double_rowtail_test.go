package p384

import (
	"fmt"
	"math/big"
	"testing"

	"github.com/curvekit/curvekit/internal/montrows"
)

// The doubling's inlined Montgomery products (zz_generated_jacobian_amd64.s)
// are 6-limb CIOS rows. A multiply half-row adds a·b_r on two chains (ADCX
// the low halves into t_j, ADOX the high halves into t_(j+1)) and ends with
//
//	ADCXQ AX, t6    // the CF chain's carry from t5
//	ADOXQ AX, t7    // the OF chain's carry from t6
//	ADCXQ AX, t7    // the carry of the ADCX above: t6 was 2^64 − 1
//
// and the last add carries only if t6 = 2^64 − 1 after its high-half add
// while t5 carries on the CF chain. In a multiply half-row that takes
// a5 = b_r = 2^64 − 1, t6 = 1 and t5 + hi(a4·b_r) + OF = 2^64 − 1 or
// 2^64 − 2: both operands below p put t just above 2^384 and a near p, which
// random inputs reach with odds about 2^−62. The reduction half-row
// subtracts c = q·(2^128 + 2^96 − 2^32 + 1) from t1 … t7 in one borrow
// chain and adds q at t6 (montasm's p384Reduce); its borrow leaves t3
// only when t3 = 0 or so, which random inputs never reach. A squaring
// runs the half-product rows of montasm's sqrRows instead of the multiply
// halves, with the same reduction. The Z3 vectors below were solved for
// with math/big and montrows.Mul (the 2^64 − 1 limbs set, a4 solved from
// t5, the other limbs drawn until the carry fires); the δ vectors are
// montrows.P384SquarePaths. The test checks that each still reaches its
// path in montrows.Mul or montrows.Square (with montrows.P384, the model
// of p384Reduce) and that the doubling matches the formulas evaluated in
// math/big.

// p384Mod is p's limbs.
var p384Mod = [6]uint64{0x00000000ffffffff, 0xffffffff00000000, 0xfffffffffffffffe,
	1<<64 - 1, 1<<64 - 1, 1<<64 - 1}

func limbsToBig(x [6]uint64) *big.Int {
	v := new(big.Int)
	for j := 5; j >= 0; j-- {
		v.Lsh(v, 64).Add(v, new(big.Int).SetUint64(x[j]))
	}
	return v
}

func bigToLimbs(v *big.Int) (x [6]uint64) {
	w := new(big.Int).Set(v)
	mask := new(big.Int).SetUint64(1<<64 - 1)
	for j := range x {
		x[j] = new(big.Int).And(w, mask).Uint64()
		w.Rsh(w, 64)
	}
	return x
}

// TestJacobianAsmDoubleRowTails runs the doubling on inputs whose δ = Z² or
// Z3 = 2Y·Z takes a rare path of its rows: a product half-row's last carry
// (t6 into t7 on the CF chain) or a reduction's borrow out of t3 (see
// above); it checks that each still takes its path in the model and that
// the doubling matches the formulas evaluated in math/big.
func TestJacobianAsmDoubleRowTails(t *testing.T) {
	const ones = 1<<64 - 1
	type vector struct {
		name    string
		z3      bool // the product is Z3 = 2Y·Z (else δ = Z·Z)
		row     int
		depth   int // the reduction's borrow leaves at least t_depth (0: the product half's carry)
		x, y, z [6]uint64
	}
	vectors := []vector{{
		// 2Y's top limb and Z1 are 2^64 − 1, 2Y's limb 4 solved from row
		// 0's t5; Y = 2Y/2 mod p.
		"Z3 row 1 multiply", true, 1, 0,
		[6]uint64{5},
		[6]uint64{0x1c0dbe47b1738639, 0x638b3f1a3959aaa7, 0x4adc05610ea7e457, 0x3d905856fa0e22d7, 0xcb95f56105c30f56, ones},
		[6]uint64{0xdd308f5f52e98c99, ones, 0x41c7ba2ce824f914, 0xcf3602dfe9e42a43, 0xbb1b62a631cab157, 0x4dd90a35f3e66255},
	}, {
		// 2Y's top limb and Z3 are 2^64 − 1, 2Y's limb 4 solved from row
		// 2's t5.
		"Z3 row 3 multiply", true, 3, 0,
		[6]uint64{5},
		[6]uint64{0x71614d7fcd6a47d4, 0xb6035f706d7ae9b0, 0x57aea56fe66911eb, 0xfac394ce1d645eb4, 0xbe8ae4721d702eae, 0x7fffffffffffffff},
		[6]uint64{0xc00074827115c053, 0xc9e7ab7697426adf, 0xf072444bd10d341e, ones, 0x5c8e33db0034b432, 0x4f1932496d0faaac},
	}}
	// δ = Z² for each row's product tail (rows 1 to 5) and reduction
	// borrow (rows 0 to 5).
	for _, v := range montrows.P384SquarePaths {
		half := "product"
		if v.Depth > 0 {
			half = fmt.Sprintf("reduction through t%d", v.Depth)
		}
		vectors = append(vectors, vector{fmt.Sprintf("δ row %d %s", v.Row, half), false, v.Row, v.Depth,
			[6]uint64{5}, [6]uint64{7}, v.A})
	}
	p := fieldP
	Ri := new(big.Int).ModInverse(new(big.Int).Lsh(big.NewInt(1), 384), p)
	value := func(t *testing.T, l [6]uint64) *big.Int {
		v := limbsToBig(l)
		if v.Cmp(p) >= 0 {
			t.Fatalf("limbs %x are not below p", l)
		}
		return v.Mul(v, Ri).Mod(v, p)
	}
	for _, v := range vectors {
		t.Run(v.name, func(t *testing.T) {
			a, b := v.z, v.z
			if v.z3 {
				y2 := limbsToBig(v.y)
				a = bigToLimbs(y2.Lsh(y2, 1).Mod(y2, p)) // 2Y in the limbs
			}
			var rows [8]uint64
			var tails [6][2]int
			if v.z3 {
				rows, tails = montrows.Mul(a, b, montrows.P384)
			} else {
				rows, tails = montrows.Square(a, montrows.P384)
			}
			prod := montrows.Correct(rows, p384Mod)
			want := new(big.Int).Mul(limbsToBig(a), limbsToBig(b))
			if want.Mul(want, Ri).Mod(want, p); limbsToBig(prod).Cmp(want) != 0 {
				t.Fatalf("%s: the model's product %x, want %x", v.name, prod, bigToLimbs(want))
			}
			if v.depth == 0 && tails[v.row][0] != 1 || v.depth > 0 && tails[v.row][1] < v.depth {
				t.Fatalf("%s: the row's path is not taken (%v)", v.name, tails)
			}
			jacCheckDoubleFormulas(t, v.name, value(t, v.x), value(t, v.y), value(t, v.z))
		})
	}
}
