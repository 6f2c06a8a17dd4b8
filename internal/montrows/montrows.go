// Package montrows models the 6-limb Montgomery rows of the generated amd64
// assembly for P-384's fields (internal/gen/field's montasm.go): the CIOS
// multiply rows, the half-product squaring rows (sqrRows), the generic q·m
// reduction and P-384's shape reduction (p384Reduce). Each model runs the
// carries in the order the assembly does and reports the rare ones, so a
// test can show that its vectors still take the paths they were solved for.
// It is used only by tests.
package montrows

import "math/bits"

// Reduce runs one reduction half-row on t: it adds a multiple of the
// modulus that clears t[0], shifts t down a word, and reports how far its
// carry or borrow ran (0 when the model does not track it).
type Reduce func(t *[8]uint64) int

// P384 is p384Reduce: q·p = q·2^384 − c with c = q·(2^128 + 2^96 − 2^32 + 1),
// subtracted from t1 … t5 in one borrow chain, the borrow taken from q and
// q added at t6. It reports 0 if the borrow stopped in t1 … t3, else the
// highest word it left (3, 4 or 5).
func P384(t *[8]uint64) int {
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
	shift(t)
	return deep
}

// Generic returns the q·m reduction for the modulus m (low word first) and
// nInv = −m⁻¹ mod 2^64: t += q·m with q = t0·nInv, word by word with each
// carry run to its end. It reports 0.
func Generic(m [6]uint64, nInv uint64) Reduce {
	return func(t *[8]uint64) int {
		q := t[0] * nInv
		for j := range 6 {
			hi, lo := bits.Mul64(q, m[j])
			var c, c2 uint64
			t[j], c2 = bits.Add64(t[j], lo, 0)
			t[j+1], c = bits.Add64(t[j+1], hi+c2, 0) // hi+c2 fits: hi ≤ 2^64−2
			for k := j + 2; k < 8 && c == 1; k++ {
				t[k], c = bits.Add64(t[k], 0, c)
			}
		}
		shift(t)
		return 0
	}
}

func shift(t *[8]uint64) {
	copy(t[:7], t[1:])
	t[7] = 0
}

// Mul runs a·b·2^−384 (Montgomery limbs, low word first) as the CIOS rows
// do, reducing each row with reduce. It returns t before the final
// subtraction (t[6] holds the word above 2^384) and, for each row r, the
// last carry of its multiply half (tails[r][0]: the carry out of t6 on the
// low-half chain; row 0 has one chain and no such carry) and what reduce
// reported (tails[r][1]).
func Mul(a, b [6]uint64, reduce Reduce) (t [8]uint64, tails [6][2]int) {
	for r := range 6 {
		if r == 0 {
			t[6] += firstRow(&t, b[0], a[:])
		} else {
			tails[r][0] = productRow(&t, b[r], a[:], 0)
		}
		tails[r][1] = reduce(&t)
	}
	return t, tails
}

// firstRow sets t = x·y (y's six words) on one carry chain, the word above
// y[5] left out: it returns the carry into t[6].
func firstRow(t *[8]uint64, x uint64, y []uint64) uint64 {
	var cf, hi, lo uint64
	t[1], t[0] = bits.Mul64(x, y[0])
	for j := 1; j < 6; j++ {
		hi, lo = bits.Mul64(x, y[j])
		t[j], cf = bits.Add64(t[j], lo, cf)
		t[j+1] = hi
	}
	return cf
}

// productRow adds x·y[j]·2^(64j) for j = from … 5 to t on two chains, the
// low halves into t_j on one and the high halves into t_(j+1) on the
// other, as the assembly's ADCX/ADOX rows do. It returns the last carry
// of the low-half chain: the carry out of t6 when t6 = 2^64 − 1.
func productRow(t *[8]uint64, x uint64, y []uint64, from int) int {
	var cf, of, hi, lo, c uint64
	for j := from; j < 6; j++ {
		hi, lo = bits.Mul64(x, y[j])
		t[j], cf = bits.Add64(t[j], lo, cf)
		t[j+1], of = bits.Add64(t[j+1], hi, of)
	}
	t[6], c = bits.Add64(t[6], 0, cf)
	t[7] += of + c
	return int(c)
}

// Square runs a²·2^−384 as sqrRows does: row r adds a_r times
// D_r = a_r + 2·Σ_(j>r) a_j·2^(64(j−r)), from 2a's words (V = a_j<<1 at
// word r + 1, W = a_j<<1 | a_(j−1)>>63 above it) and a_r under the mask of
// a5's top bit at word 6, then reduces with reduce. Its results are Mul's.
func Square(a [6]uint64, reduce Reduce) (t [8]uint64, tails [6][2]int) {
	mask := -(a[5] >> 63)
	for r := range 6 {
		// D_r's words: a_r, then 2a's words from r + 1 up.
		var d [6]uint64
		d[r] = a[r]
		for j := r + 1; j < 6; j++ {
			d[j] = a[j] << 1
			if j > r+1 {
				d[j] |= a[j-1] >> 63
			}
		}
		top := a[r] & mask
		if r == 5 {
			top = 0
		}
		if r == 0 {
			var cf uint64
			t[6], cf = bits.Add64(t[6], top, firstRow(&t, a[0], d[:]))
			t[7] = cf
		} else {
			var of uint64
			t[6], of = bits.Add64(t[6], top, 0)
			t[7] = of
			tails[r][0] = productRow(&t, a[r], d[:], r)
		}
		tails[r][1] = reduce(&t)
	}
	return t, tails
}

// Correct is the final subtraction of m from t < 2m.
func Correct(t [8]uint64, m [6]uint64) (s [6]uint64) {
	var borrow uint64
	for j := range 6 {
		s[j], borrow = bits.Sub64(t[j], m[j], borrow)
	}
	if _, borrow = bits.Sub64(t[6], 0, borrow); borrow == 1 {
		copy(s[:], t[:6])
	}
	return s
}

// A Path is a Montgomery operand whose square takes a rare path of the
// rows: with Depth 0, the last carry of row Row's product half
// (tails[Row][0] = 1); with Depth > 0, a reduction borrow in row Row that
// leaves at least t_Depth (tails[Row][1] ≥ Depth).
type Path struct {
	Row, Depth int
	A          [6]uint64
}

// P384SquarePaths are limbs below P-384's p whose squares take each rare
// path of Square with P384: every row's product-half carry (rows 1 … 5)
// and every row's reduction borrow out of t3 and through t5. Random inputs
// reach none of them (odds about 2^−62 or less). The one-limb values
// z·2^(64k) leave the window zero until row 2k; the others came from a
// search over limbs of 0, 1, 3, 2^32, 2^32 − 1, 2^63, 2^63 − 1,
// 2^64 − 2^32, 2^64 − 2^32 + 1, 2^64 − 2, 2^64 − 1 and random words,
// checked against math/big.
var P384SquarePaths = []Path{
	{1, 0, [6]uint64{0x7f69534b926dc60b, 0xfffffffffffffffe, 0x7fffffffffffffff, 0x354348c2de0ef5e8, 0x9fd4375190e54ff1, 0x8000000000000000}},
	{2, 0, [6]uint64{0x7fffffffffffffff, 0x3367f63977b39f72, 0x8000000000000000, 0x0000000100000000, 0xfffffffffffffffe, 0xfffffffffffffffe}},
	{3, 0, [6]uint64{0x23877577b0430550, 0xfffffffffffffffe, 0xffffffff00000000, 0x7fffffffffffffff, 0xbd78cc2ea805d387, 0xffffffffffffffff}},
	{4, 0, [6]uint64{0x0000000000000000, 0x0000000000000001, 0xffffffff00000001, 0xfffffffffffffffe, 0xfffffffffffffffe, 0x8000000000000000}},
	{5, 0, [6]uint64{0x0000000000000000, 0xffffffff00000001, 0x00000000ffffffff, 0x8000000000000000, 0x8000000000000000, 0xffffffffffffffff}},
	{0, 3, [6]uint64{0x0000000000000003, 0xbc83b0d341aac0e4, 0x00000000ffffffff, 0x0000000000000000, 0xbccf7c0d19629089, 0x8000000000000000}},
	{1, 3, [6]uint64{0x7fffffffffffffff, 0x0000000000000003, 0x0000000000000001, 0x0000000000000000, 0x0000000000000000, 0xfffffffffffffffe}},
	{2, 3, [6]uint64{0x8000000000000000, 0x0000000000000003, 0x0000000000000000, 0x0000000000000003, 0x0000000000000000, 0xffffffffffffffff}},
	{3, 3, [6]uint64{0x8000000000000000, 0x7fffffffffffffff, 0x7fffffffffffffff, 0xffffffff00000000, 0xfffffffffffffffe, 0xffffffff00000000}},
	{4, 3, [6]uint64{0x0000000100000000, 0x00000000ffffffff, 0x00000000ffffffff, 0xfffffffffffffffe, 0x7fffffffffffffff, 0xffffffffffffffff}},
	{5, 3, [6]uint64{0xffffffff00000001, 0x0000000000000001, 0x0000000100000000, 0xfffffffffffffffe, 0xffffffff00000000, 0x0000000000000000}},
	{0, 5, [6]uint64{5}},
	{1, 5, [6]uint64{0x00000000ffffffff, 0, 0x000000001c8384a0, 0x00000000718df408, 0, 0x8000000000000000}},
	{2, 5, [6]uint64{0, 5}},
	{3, 5, [6]uint64{0, 0x8000000000000000, 3}},
	{4, 5, [6]uint64{0, 0, 5}},
	{5, 5, [6]uint64{0, 0, 0x0000000100000000}},
}

// Taken reports whether a's square takes path's rare path in Square with
// P384.
func (path Path) Taken() bool {
	_, tails := Square(path.A, P384)
	if path.Depth == 0 {
		return tails[path.Row][0] == 1
	}
	return tails[path.Row][1] >= path.Depth
}
