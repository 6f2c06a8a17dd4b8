package p384

import (
	"fmt"
	"math/big"
	"math/bits"
	"testing"
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
// halves, with the same reduction. The vectors below were solved for with
// math/big and rowTails (the 2^64 − 1 limbs set, a4 solved from t5, the
// other limbs drawn until the carry fires) or set by hand (a one-limb Z
// whose square leaves t1 … t5 zero in row 0); the test checks that each
// still reaches its path in rowTails or sqrTails and that the doubling
// matches the formulas evaluated in math/big.

// p384Mod is p's limbs.
var p384Mod = [6]uint64{0x00000000ffffffff, 0xffffffff00000000, 0xfffffffffffffffe,
	1<<64 - 1, 1<<64 - 1, 1<<64 - 1}

// reduceRow runs one reduction half-row on t as p384Reduce does (shifting
// t down a word) and reports how far its borrow ran: 0 if it stopped in
// t1 … t3, else the highest word it left (3, 4 or 5).
func reduceRow(t *[8]uint64) int {
	q := t[0] * 0x100000001 // −p⁻¹ mod 2^64
	L, H := q<<32, q>>32
	_, b0 := bits.Sub64(q, L, 0)
	c1, b1 := bits.Sub64(L, H, b0)
	c2, c3 := bits.Add64(q-b1, H, 0)
	var b uint64
	t[1], b = bits.Sub64(t[1], c1, 0)
	t[2], b = bits.Sub64(t[2], c2, b)
	t[3], b = bits.Sub64(t[3], c3, b)
	deep := 0
	for j := 4; j < 6 && b == 1; j++ {
		deep = j - 1
		t[j], b = bits.Sub64(t[j], 0, b)
	}
	if b == 1 {
		deep = 5
	}
	var c uint64
	t[6], c = bits.Add64(t[6], q-b, 0)
	t[7] += c
	copy(t[:7], t[1:])
	t[7] = 0
	return deep
}

// correct is the final subtraction of p from t < 2p.
func correct(t *[8]uint64) (s [6]uint64) {
	var borrow uint64
	for j := range 6 {
		s[j], borrow = bits.Sub64(t[j], p384Mod[j], borrow)
	}
	if _, borrow = bits.Sub64(t[6], 0, borrow); borrow == 1 {
		copy(s[:], t[:6])
	}
	return s
}

// rowTails runs a·b·2^−384 mod p (a, b < p, Montgomery limbs) with the
// carries of the assembly's multiply rows in their emitted order, and
// reports for each row r the last carry of its multiply half (tails[r][0];
// row 0's multiply has one chain and no such carry) and how far its
// reduction half's borrow ran (tails[r][1], reduceRow's depth).
func rowTails(a, b [6]uint64) (out [6]uint64, tails [6][2]int) {
	var t [8]uint64
	var cf, of, hi, lo uint64
	for r := range 6 {
		if r == 0 {
			cf = 0
			t[1], t[0] = bits.Mul64(a[0], b[0])
			for j := 1; j < 6; j++ {
				hi, lo = bits.Mul64(a[j], b[0])
				t[j], cf = bits.Add64(t[j], lo, cf)
				t[j+1] = hi
			}
			t[6] += cf
		} else {
			cf, of = 0, 0
			for j := range 6 {
				hi, lo = bits.Mul64(a[j], b[r])
				t[j], cf = bits.Add64(t[j], lo, cf)
				t[j+1], of = bits.Add64(t[j+1], hi, of)
			}
			var c uint64
			t[6], c = bits.Add64(t[6], 0, cf)
			t[7] += of + c
			tails[r][0] = int(c)
		}
		tails[r][1] = reduceRow(&t)
	}
	return correct(&t), tails
}

// sqrTails runs a²·2^−384 mod p (a < p) as montasm's sqrRows does: row r
// adds a_r times D_r = a_r, then 2a's words (V = a_j<<1 at r + 1, W =
// a_j<<1 | a_(j−1)>>63 above, a_r under the mask of a5's top bit at word
// 6). It reports for each row the last carry of its product half
// (tails[r][0], rows 1 to 5) and how far its reduction's borrow ran
// (tails[r][1]).
func sqrTails(a [6]uint64) (out [6]uint64, tails [6][2]int) {
	mask := -(a[5] >> 63)
	d := func(r, j int) uint64 {
		switch {
		case j == r:
			return a[r]
		case j == r+1:
			return a[j] << 1
		}
		return a[j]<<1 | a[j-1]>>63
	}
	var t [8]uint64
	var cf, of, hi, lo uint64
	for r := range 6 {
		top := a[r] & mask
		if r == 5 {
			top = 0
		}
		if r == 0 {
			cf = 0
			t[1], t[0] = bits.Mul64(a[0], a[0])
			for j := 1; j < 6; j++ {
				hi, lo = bits.Mul64(a[0], d(0, j))
				t[j], cf = bits.Add64(t[j], lo, cf)
				t[j+1] = hi
			}
			t[6], cf = bits.Add64(t[6], top, cf)
			t[7] = cf
		} else {
			t[7] = 0
			t[6], of = bits.Add64(t[6], top, 0)
			t[7] += of
			cf, of = 0, 0
			for j := r; j < 6; j++ {
				hi, lo = bits.Mul64(a[r], d(r, j))
				t[j], cf = bits.Add64(t[j], lo, cf)
				t[j+1], of = bits.Add64(t[j+1], hi, of)
			}
			var c uint64
			t[6], c = bits.Add64(t[6], 0, cf)
			t[7] += of + c
			tails[r][0] = int(c)
		}
		tails[r][1] = reduceRow(&t)
	}
	return correct(&t), tails
}

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
// (t6 into t7 on the CF chain) or a reduction's borrow out of t3. Each was
// solved for with math/big or found by a search over limbs of 0, 1, 3,
// 2^32, 2^32 − 1, 2^63, 2^63 − 1, 2^64 − 2^32, 2^64 − 2^32 + 1, 2^64 − 2,
// 2^64 − 1 and random words (see above); the test checks that each still
// takes its path in the model and that the doubling matches the formulas
// evaluated in math/big.
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
	}, {
		// One-limb Zs: Z = z·2^(64k), z < 2^32, leaves the window zero
		// until row 2k, which holds z² alone, and c's borrow runs through t5.
		"δ row 0 reduction, one limb", false, 0, 5,
		[6]uint64{5}, [6]uint64{7}, [6]uint64{5},
	}, {
		"δ row 2 reduction, one limb", false, 2, 5,
		[6]uint64{5}, [6]uint64{7}, [6]uint64{0, 5},
	}, {
		"δ row 4 reduction, one limb", false, 4, 5,
		[6]uint64{5}, [6]uint64{7}, [6]uint64{0, 0, 5},
	}, {
		// Found by the search: the odd rows' borrow through t5.
		"δ row 1 reduction through t5", false, 1, 5,
		[6]uint64{5}, [6]uint64{7}, [6]uint64{0x00000000ffffffff, 0, 0x000000001c8384a0, 0x00000000718df408, 0, 0x8000000000000000},
	}, {
		"δ row 3 reduction through t5", false, 3, 5,
		[6]uint64{5}, [6]uint64{7}, [6]uint64{0, 0x8000000000000000, 3},
	}, {
		"δ row 5 reduction through t5", false, 5, 5,
		[6]uint64{5}, [6]uint64{7}, [6]uint64{0, 0, 0x0000000100000000},
	}}
	// δ = Z² for each row's product tail (rows 1 to 5) and reduction
	// borrow (rows 0 to 5), found by the search.
	for _, v := range []struct {
		row, depth int
		z          [6]uint64
	}{
		{0, 3, [6]uint64{0x0000000000000003, 0xbc83b0d341aac0e4, 0x00000000ffffffff, 0x0000000000000000, 0xbccf7c0d19629089, 0x8000000000000000}},
		{1, 0, [6]uint64{0x7f69534b926dc60b, 0xfffffffffffffffe, 0x7fffffffffffffff, 0x354348c2de0ef5e8, 0x9fd4375190e54ff1, 0x8000000000000000}},
		{1, 3, [6]uint64{0x7fffffffffffffff, 0x0000000000000003, 0x0000000000000001, 0x0000000000000000, 0x0000000000000000, 0xfffffffffffffffe}},
		{2, 0, [6]uint64{0x7fffffffffffffff, 0x3367f63977b39f72, 0x8000000000000000, 0x0000000100000000, 0xfffffffffffffffe, 0xfffffffffffffffe}},
		{2, 3, [6]uint64{0x8000000000000000, 0x0000000000000003, 0x0000000000000000, 0x0000000000000003, 0x0000000000000000, 0xffffffffffffffff}},
		{3, 0, [6]uint64{0x23877577b0430550, 0xfffffffffffffffe, 0xffffffff00000000, 0x7fffffffffffffff, 0xbd78cc2ea805d387, 0xffffffffffffffff}},
		{3, 3, [6]uint64{0x8000000000000000, 0x7fffffffffffffff, 0x7fffffffffffffff, 0xffffffff00000000, 0xfffffffffffffffe, 0xffffffff00000000}},
		{4, 0, [6]uint64{0x0000000000000000, 0x0000000000000001, 0xffffffff00000001, 0xfffffffffffffffe, 0xfffffffffffffffe, 0x8000000000000000}},
		{4, 3, [6]uint64{0x0000000100000000, 0x00000000ffffffff, 0x00000000ffffffff, 0xfffffffffffffffe, 0x7fffffffffffffff, 0xffffffffffffffff}},
		{5, 0, [6]uint64{0x0000000000000000, 0xffffffff00000001, 0x00000000ffffffff, 0x8000000000000000, 0x8000000000000000, 0xffffffffffffffff}},
		{5, 3, [6]uint64{0xffffffff00000001, 0x0000000000000001, 0x0000000100000000, 0xfffffffffffffffe, 0xffffffff00000000, 0x0000000000000000}},
	} {
		half := "product"
		if v.depth > 0 {
			half = "reduction"
		}
		vectors = append(vectors, vector{fmt.Sprintf("δ row %d %s", v.row, half), false, v.row, v.depth,
			[6]uint64{5}, [6]uint64{7}, v.z})
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
			var prod [6]uint64
			var tails [6][2]int
			if v.z3 {
				prod, tails = rowTails(a, b)
			} else {
				prod, tails = sqrTails(a)
			}
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
