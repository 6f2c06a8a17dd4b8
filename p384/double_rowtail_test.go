package p384

import (
	"math/big"
	"math/bits"
	"testing"
)

// The doubling's inlined Montgomery multiplications (zz_generated_jacobian_amd64.s)
// are 6-limb CIOS rows: t += a·b_r on two chains (ADCX adds the low halves
// into t_j, ADOX the high halves into t_(j+1)), then t += q·p the same way,
// q = t0·(−p⁻¹) mod 2^64, and t shifted down a word. Each half-row ends with
//
//	ADCXQ AX, t6    // the CF chain's carry from t5
//	ADOXQ AX, t7    // the OF chain's carry from t6
//	ADCXQ AX, t7    // the carry of the ADCX above: t6 was 2^64 − 1
//
// and the last add carries only if t6 = 2^64 − 1 after its high-half add
// while t5 carries on the CF chain. In a multiply half-row that takes
// a5 = b_r = 2^64 − 1, t6 = 1 and t5 + hi(a4·b_r) + OF = 2^64 − 1 or
// 2^64 − 2: both operands below p put t just above 2^384 and a near p, which
// random inputs reach with odds about 2^−62. The vectors below were solved
// for with math/big and rowTails (the 2^64 − 1 limbs set, a4 solved from t5,
// the other limbs drawn until the carry fires); the test checks that each
// still reaches its carry in rowTails and that the doubling matches the
// formulas evaluated in math/big.

// rowTails runs a·b·2^−384 mod p (a, b < p, Montgomery limbs) with the
// carries of the assembly's CIOS rows in their emitted order, and reports
// for each row r whether the last carry of its multiply half (tails[r][0];
// row 0's multiply has one chain and no such carry) and of its reduction
// half (tails[r][1]) is 1.
func rowTails(a, b [6]uint64) (out [6]uint64, tails [6][2]bool) {
	p := [6]uint64{0x00000000ffffffff, 0xffffffff00000000, 0xfffffffffffffffe,
		1<<64 - 1, 1<<64 - 1, 1<<64 - 1}
	const pInvNeg = 0x100000001 // −p⁻¹ mod 2^64
	var t [8]uint64
	var cf, of, hi, lo uint64
	// tail adds the chains' carries into t6 and t7 and reports the carry
	// of the CF chain's add into t6.
	tail := func() bool {
		var c uint64
		t[6], c = bits.Add64(t[6], 0, cf)
		t[7], _ = bits.Add64(t[7], 0, of)
		t[7] += c
		return c == 1
	}
	// half adds x·y into t, x on the row's limbs.
	half := func(x [6]uint64, y uint64) bool {
		cf, of = 0, 0
		for j := range 6 {
			hi, lo = bits.Mul64(x[j], y)
			t[j], cf = bits.Add64(t[j], lo, cf)
			t[j+1], of = bits.Add64(t[j+1], hi, of)
		}
		return tail()
	}
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
			tails[r][0] = half(a, b[r])
		}
		tails[r][1] = half(p, t[0]*pInvNeg)
		copy(t[:7], t[1:])
		t[7] = 0
	}
	var s [6]uint64
	var borrow uint64
	for j := range 6 {
		s[j], borrow = bits.Sub64(t[j], p[j], borrow)
	}
	if _, borrow = bits.Sub64(t[6], 0, borrow); borrow == 1 {
		copy(s[:], t[:6])
	}
	return s, tails
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
// Z3 = 2Y·Z multiplication takes a row's last carry (t6 into t7 on the CF
// chain), each solved for with math/big (see above), and checks the result
// against the formulas evaluated in math/big.
func TestJacobianAsmDoubleRowTails(t *testing.T) {
	const ones = 1<<64 - 1
	vectors := []struct {
		name    string
		z3      bool // the product is Z3 = 2Y·Z (else δ = Z·Z)
		row     int
		reduce  bool // the reduction half of the row (else the multiply half)
		x, y, z [6]uint64
	}{{
		// t6 = hi(Z·Z0) = 2^64 − q: Z0 was drawn with Z0 + q > 2^64, Z
		// drawn from the interval where ⌊Z·Z0/2^384⌋ = 2^64 − q.
		"δ row 0 reduction", false, 0, true,
		[6]uint64{5}, [6]uint64{7},
		[6]uint64{0xe0120d47d0cf9d81, 0x4a010e2c4078d94c, 0x1a3cd92207a64f7c, 0x7d5a55de80558f3f, 0x4971e70e43ee1cf0, 0xec561ea2cea661f6},
	}, {
		// Z5 = Z1 = 2^64 − 1, Z4 solved from row 0's t5.
		"δ row 1 multiply", false, 1, false,
		[6]uint64{5}, [6]uint64{7},
		[6]uint64{0xb85afe0d1bad498e, ones, 0x7f3df1ecece5af81, 0x93ec2b0e35b57374, 0x4c3173f271446bae, ones},
	}, {
		// 2Y's top limb and Z1 are 2^64 − 1, 2Y's limb 4 solved from row
		// 0's t5; Y = 2Y/2 mod p.
		"Z3 row 1 multiply", true, 1, false,
		[6]uint64{5},
		[6]uint64{0x1c0dbe47b1738639, 0x638b3f1a3959aaa7, 0x4adc05610ea7e457, 0x3d905856fa0e22d7, 0xcb95f56105c30f56, ones},
		[6]uint64{0xdd308f5f52e98c99, ones, 0x41c7ba2ce824f914, 0xcf3602dfe9e42a43, 0xbb1b62a631cab157, 0x4dd90a35f3e66255},
	}, {
		// 2Y's top limb and Z3 are 2^64 − 1, 2Y's limb 4 solved from row
		// 2's t5.
		"Z3 row 3 multiply", true, 3, false,
		[6]uint64{5},
		[6]uint64{0x71614d7fcd6a47d4, 0xb6035f706d7ae9b0, 0x57aea56fe66911eb, 0xfac394ce1d645eb4, 0xbe8ae4721d702eae, 0x7fffffffffffffff},
		[6]uint64{0xc00074827115c053, 0xc9e7ab7697426adf, 0xf072444bd10d341e, ones, 0x5c8e33db0034b432, 0x4f1932496d0faaac},
	}}
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
			prod, tails := rowTails(a, b)
			want := new(big.Int).Mul(limbsToBig(a), limbsToBig(b))
			if want.Mul(want, Ri).Mod(want, p); limbsToBig(prod).Cmp(want) != 0 {
				t.Fatalf("%s: rowTails product %x, want %x", v.name, prod, bigToLimbs(want))
			}
			half := 0
			if v.reduce {
				half = 1
			}
			if !tails[v.row][half] {
				t.Fatalf("%s: the row's last carry does not fire (%v)", v.name, tails)
			}
			jacCheckDoubleFormulas(t, v.name, value(t, v.x), value(t, v.y), value(t, v.z))
		})
	}
}
