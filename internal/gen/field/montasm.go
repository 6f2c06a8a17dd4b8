package field

// This file writes MULX/ADCX/ADOX amd64 assembly for Multiply and Square of
// the 4 and 6 × 64-bit Montgomery representations marked Asm (fieldp256,
// scalarp256; fieldp384, scalarp384). It is the CIOS of MulBody, row for
// row, on the same
// montRep — the limbs of m, −m⁻¹ mod 2^64, and the shortcut MulBody takes
// when m0 = 2^64 − 1 and −m⁻¹ = 1 (the reduction factor is t0 itself and
// t0 + q·m0 = t0·2^64, so the row adds t0 into t1 and skips the product) —
// and ends, as MulBody does, with one masked subtraction of m from t < 2m.
// For P-256's p, whose low 192 bits are 2^96 − 1 (p256Shape), a row's
// reduction is two shifts and one MULX instead of two MULX (t0 + q·(2^96
// − 1) = q·2^96 for q = t0), as the Go code's rows use shifts; the result
// is the same fully reduced value.
// Products by zero limbs of m are left out, as madd leaves them out.
// For P-384's p = 2^384 − 2^128 − 2^96 + 2^32 − 1 (p384Shape) a row's
// reduction is shifts and one borrow chain (p384Reduce), and for −m⁻¹ =
// 2^k + 1 the factor q is a shift and an add (quotient): the rows are
// latency-bound on q, and both shorten that path.
// Squaring is, for 4 limbs, the SOS of SquareBody: the cross products
// once, doubled by a one-bit shift, the squares added, then the word-by-word
// reduction of redc. For 6 limbs the SOS's 12 product words do not fit
// next to MULX's registers, so Square runs CIOS rows that multiply each
// pair of limbs once (sqrRows, with 2a's words in the frame); the
// multiply keeps its 8 accumulator words in registers (montRegs) and
// reloads b's address from the frame each row, so nothing spills. The
// results are fully reduced, so they are the Go code's limb for limb;
// the fields' tests compare the two and math/big.
//
// Each product row runs two carry chains at once, ADCX on the carry flag
// for the low words and ADOX on the overflow flag for the high ones, which
// is what BMI2's flagless MULX and ADX are for; Go's bits.Add64 code cannot
// express two live chains. The code is straight-line with fixed addresses
// (constant time: the final correction is CMOVs on the borrow) and uses no
// stack. mulRows, squareRows and correct take their operands as addresses
// and registers so that pointasm.go can inline them into p256's point
// routines. The Go declarations select it at run time when the CPU has BMI2
// and ADX (golang.org/x/sys/cpu) and fall back to the Go code otherwise.

import (
	"fmt"
	"math/bits"
	"regexp"
	"strings"
)

func init() {
	for _, f := range montFields {
		if montAsmOn(f) {
			f := f
			register("montasm-"+f.Pkg, func() (map[string][]byte, error) { return montAsmGenerate(f) })
		}
	}
}

// montAsm emits one function; t holds the names of the registers holding
// the accumulator words, t[0] the lowest.
type montAsm struct {
	r    *montRep
	s    *asmText
	full uint64 // 2^64 − 1
	// notes marks the rows whose mutants are equivalent for b < m (the
	// field functions; the point code's operands are not all reduced).
	notes bool
}

const (
	maZero = "AX" // a zero register (also clears the flags with XORQ)
	maLo   = "BX" // MULX's low half
	maHi   = "CX" // MULX's high half
	maA    = "SI" // a
	maB    = "DI" // b, then out
)

// invAddr is −m⁻¹ mod 2^64 in the file's read-only data.
func (g *montAsm) invAddr() string { return g.r.Typ + "Inv<>(SB)" }

// modAddr is limb j of m in the file's read-only data.
func (g *montAsm) modAddr(j int) string {
	return fmt.Sprintf("%sMod<>+%d(SB)", g.r.Typ, 8*j)
}

// special reports whether row reductions take MulBody's shortcut.
func (g *montAsm) special() bool { return g.r.mInv == 1 && g.r.Mod[0] == g.full }

// mulRow emits t[0..n+1] += DX·x[0..n−1] (x given by addr, n limbs),
// t[n+1] = 0 on entry: the low halves on the CF chain, the high halves on
// the OF chain.
func (g *montAsm) mulRow(t []string, addr func(j int) string, skip func(j int) bool) {
	s := g.s
	n := g.r.N
	s.op("XORQ", maZero, maZero) // clears CF and OF
	for j := 0; j < n; j++ {
		if skip(j) {
			s.op("ADCXQ", maZero, t[j])
			s.op("ADOXQ", maZero, t[j+1])
			continue
		}
		s.op("MULXQ", addr(j), maLo, maHi)
		s.op("ADCXQ", maLo, t[j])
		s.op("ADOXQ", maHi, t[j+1])
	}
	s.op("ADCXQ", maZero, t[n])
	s.op("ADOXQ", maZero, t[n+1])
	s.op("ADCXQ", maZero, t[n+1])
}

// p256Shape reports whether the low 192 bits of m are 2^96 − 1 (and
// −m⁻¹ = 1), as for P-256's p = 2^256 − 2^224 + 2^192 + 2^96 − 1: then
// t0 + q·(m mod 2^192) = q·2^96 for q = t0, two shifts instead of two
// products.
func (g *montAsm) p256Shape() bool {
	return g.r.N == 4 && g.special() && g.r.Mod[1] == 0xffffffff && g.r.Mod[2] == 0
}

// p256Reduce emits t = (t + q·m)/2^64 for q = t0 when p256Shape holds, on
// the carry flag alone: q<<32 into t1, q>>32 into t2, q·m3 (MULX) into t3
// and t4, the carry into top. t0 is left holding garbage. It uses BX, CX
// and DX.
func (g *montAsm) p256Reduce(t []string, top string) {
	s := g.s
	s.comment("q = t0; t0 + q·(2^96 − 1) = q·2^96: q<<32 into t1, q>>32 into t2, q·m3 into t3, t4.")
	s.op("MOVQ", t[0], "DX")
	s.op("MOVQ", t[0], maLo)
	s.op("SHLQ", "$32", maLo)
	s.op("SHRQ", "$32", t[0])
	s.op("ADDQ", maLo, t[1])
	s.op("ADCQ", t[0], t[2])
	s.op("MULXQ", g.modAddr(3), maLo, maHi) // leaves the flags alone
	s.op("ADCQ", maLo, t[3])
	s.op("ADCQ", maHi, t[4])
	s.op("ADCQ", "$0", top)
}

// quotient emits DX = t0·(−m⁻¹) mod 2^64, the row's reduction factor: a
// shift and an add when −m⁻¹ = 2^k + 1 (P-384's p: 2^32 + 1), two cycles
// on the rows' critical path where IMULQ takes three; IMULQ otherwise. It
// changes the flags.
func (g *montAsm) quotient(t0 string) {
	s := g.s
	s.op("MOVQ", t0, "DX")
	switch {
	case g.r.mInv == 1:
	case !g.imul():
		s.op("SHLQ", fmt.Sprintf("$%d", bits.TrailingZeros64(g.r.mInv-1)), "DX")
		s.op("ADDQ", t0, "DX")
	default:
		s.op("IMULQ", g.invAddr(), "DX")
	}
}

// imul reports whether quotient multiplies by −m⁻¹ (it is neither 1 nor
// 2^k + 1).
func (g *montAsm) imul() bool {
	v := g.r.mInv - 1
	return v != 0 && v&(v-1) != 0
}

// p384Shape reports whether m = 2^384 − 2^128 − 2^96 + 2^32 − 1 in
// signed terms (mont.go's sparseTerms), P-384's p: then q·m is shifts and
// one borrow chain (p384Reduce).
func (g *montAsm) p384Shape() bool {
	want := []sparseTerm{{0, true}, {32, false}, {96, true}, {128, true}, {384, false}}
	if g.r.N != 6 || len(g.r.sparse) != len(want) {
		return false
	}
	for i, t := range want {
		if g.r.sparse[i] != t {
			return false
		}
	}
	return true
}

// p384Reduce emits t = (t + q·m)/2^64 for q = t0·(2^32 + 1) mod 2^64 (the
// quotient) when p384Shape holds, without products: q·m = q·2^384 − c for
// c = q·(2^128 + 2^96 − 2^32 + 1), whose words follow from L = q<<32 and
// H = q>>32: c0 = q − L (borrow b0), c1 = L − H − b0 (borrow b1), c2 =
// q + H − b1 (carry c3). c0 = t0, as q makes t + q·m a multiple of 2^64,
// so the borrow chain t − c starts at t1 and its borrow out of t5 is
// taken from q before q·2^384 is added at t6. The next row's t0 = t1 − c1 is four
// single-cycle steps from q, where the MULX row takes a product and two
// adds more. It uses AX, BX, CX and DX; t[n+1] may be nonzero on entry.
func (g *montAsm) p384Reduce(t []string) {
	s := g.s
	s.comment("q·m = q·2^384 − c, c = q·(2^128 + 2^96 − 2^32 + 1); L = q<<32, H = q>>32.")
	g.quotient(t[0])
	s.op("MOVQ", "DX", maLo)
	s.op("SHLQ", "$32", maLo) // L
	s.op("MOVQ", "DX", maHi)
	s.op("SHRQ", "$32", maHi) // H
	s.op("CMPQ", "DX", maLo)  // b0 = q < L: c0 = q − L = t0
	s.op("SBBQ", maHi, maLo)  // c1 = L − H − b0, borrow b1
	s.op("MOVQ", "DX", maZero)
	s.op("SBBQ", "$0", maZero) // q − b1 (q = 0 makes b1 = 0: no borrow)
	s.op("ADDQ", maHi, maZero) // c2 = q + H − b1, carry c3
	s.op("MOVQ", "$0", maHi)
	s.op("ADCQ", "$0", maHi) // c3
	s.op("SUBQ", maLo, t[1])
	s.op("SBBQ", maZero, t[2])
	s.op("SBBQ", maHi, t[3])
	s.op("SBBQ", "$0", t[4])
	s.op("SBBQ", "$0", t[5])
	s.op("SBBQ", "$0", "DX") // q − the borrow out of t5 (q = 0 makes c = 0: no borrow)
	s.op("ADDQ", "DX", t[6]) // + q·2^384
	s.op("ADCQ", "$0", t[7])
}

// reduceRow emits t = (t + q·m)/2^64 for the n + 2 words t (t[n+1] may be
// nonzero), q = t0·(−m⁻¹) mod 2^64, and returns the new accumulator names
// (the old t[1..5] and t[0], now free, last).
func (g *montAsm) reduceRow(t []string) []string {
	s := g.s
	r := g.r
	n := r.N
	if g.p256Shape() {
		g.p256Reduce(t, t[5])
	} else if g.p384Shape() {
		g.p384Reduce(t)
	} else if g.special() {
		s.comment("q = t0; t0 + q·m0 = t0·2^64: add t0 into t1.")
		s.op("MOVQ", t[0], "DX")
		s.op("XORQ", maZero, maZero)
		s.op("ADOXQ", t[0], t[1])
		for j := 1; j < n; j++ {
			if r.Mod[j] == 0 {
				s.op("ADCXQ", maZero, t[j])
				s.op("ADOXQ", maZero, t[j+1])
				continue
			}
			s.op("MULXQ", g.modAddr(j), maLo, maHi)
			s.op("ADCXQ", maLo, t[j])
			s.op("ADOXQ", maHi, t[j+1])
		}
		s.op("ADCXQ", maZero, t[n])
		s.op("ADOXQ", maZero, t[n+1])
		s.op("ADCXQ", maZero, t[n+1])
	} else {
		s.comment("q = t0·(−m⁻¹) mod 2^64; t += q·m, t0 becomes 0.")
		g.quotient(t[0])
		g.mulRow(t, g.modAddr, func(j int) bool { return r.Mod[j] == 0 })
	}
	return append(append([]string{}, t[1:]...), t[0])
}

// finish emits out = t − m if t ≥ m else t, for t = t[0..n] < 2m, and RET;
// the address of out goes to register o, which must not be in r.
func (g *montAsm) finish(t []string, r []string, o string) {
	g.correct(t, r)
	s := g.s
	s.op("MOVQ", "out+0(FP)", o)
	for j := 0; j < g.r.N; j++ {
		s.op("MOVQ", r[j], fmt.Sprintf("%d(%s)", 8*j, o))
	}
	s.op("RET")
}

// correct emits r = t − m if t ≥ m else t, for t = t[0..n] < 2m: one
// subtraction and CMOVs on its borrow (constant time). r must not overlap t.
func (g *montAsm) correct(t []string, r []string) {
	s := g.s
	n := g.r.N
	s.comment("t < 2m: subtract m, keep t if that borrows.")
	for j := 0; j < n; j++ {
		s.op("MOVQ", t[j], r[j])
	}
	s.op("SUBQ", g.modAddr(0), r[0])
	for j := 1; j < n; j++ {
		s.op("SBBQ", g.modAddr(j), r[j])
	}
	s.op("SBBQ", "$0", t[n])
	for j := 0; j < n; j++ {
		s.op("CMOVQCS", t[j], r[j])
	}
}

// mul writes <typ>MulAsm(out, a, b): MulBody's CIOS.
func (g *montAsm) mul(name string) {
	s := g.s
	n := g.r.N
	s.line("")
	s.line(fmt.Sprintf("// func %s(out, a, b *%s)", name, g.r.Typ))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-24", name))
	s.op("MOVQ", "a+8(FP)", maA)
	if n == 4 {
		s.op("MOVQ", "b+16(FP)", maB)
		t := g.mulRows(
			func(j int) string { return fmt.Sprintf("%d(%s)", 8*j, maA) },
			func(j int) string { return fmt.Sprintf("%d(%s)", 8*j, maB) })
		s.line("")
		g.finish(t, []string{maLo, maHi, "DX", maA}, maB)
		return
	}
	// Past 4 limbs DI holds an accumulator word (montRegs), so each row
	// reloads b's address from the frame into DX and then b_i over it.
	t := g.rows(
		func(j int) string { return fmt.Sprintf("%d(%s)", 8*j, maA) },
		func(i int) {
			s.op("MOVQ", "b+16(FP)", "DX")
			s.op("MOVQ", fmt.Sprintf("%d(DX)", 8*i), "DX")
		})
	s.line("")
	g.finish(t[:n+1], g.resultRegs(t), t[0])
}

// montRegs returns the n + 2 accumulator registers of the CIOS rows. For
// 4 limbs they are R8 … R13 (pointasm.go's routines keep SI, DI, R14 and
// R15 for their own use); for 6 limbs R8 … R14 and DI, which with AX (zero),
// BX, CX (MULX's halves), DX (the multiplier) and SI (a) are the 13
// registers ABI0 assembly can use without BP, SP and R15 (R15 is clobbered
// by global accesses when dynamic linking): the product stays in registers
// and nothing spills.
func (g *montAsm) montRegs() []string {
	switch g.r.N {
	case 4:
		return []string{"R8", "R9", "R10", "R11", "R12", "R13"}
	case 6:
		return []string{"R8", "R9", "R10", "R11", "R12", "R13", "R14", "DI"}
	}
	panic(fmt.Sprintf("gen: no register plan for %d limbs", g.r.N))
}

// resultRegs returns n registers for correct's result past 4 limbs: BX,
// CX, DX, SI, AX and the accumulator word t[n+1], free after the last row.
func (g *montAsm) resultRegs(t []string) []string {
	return []string{maLo, maHi, "DX", maA, maZero, t[g.r.N+1]}
}

// mulRows emits the n CIOS rows of a·b·R⁻¹ with limb j of a and b at
// aAddr(j) and bAddr(j) (memory operands; a may be any value below R, b
// below m) and returns the names of the n + 1 accumulator words t < 2m,
// lowest first, for correct. It uses AX, BX, CX, DX and montRegs and
// leaves every other register alone.
func (g *montAsm) mulRows(aAddr, bAddr func(j int) string) []string {
	return g.rows(aAddr, func(i int) { g.s.op("MOVQ", bAddr(i), "DX") })[:g.r.N+1]
}

// rows is mulRows with b_i loaded into DX by loadB(i), and returns all
// n + 2 accumulator registers (the last is free).
func (g *montAsm) rows(aAddr func(j int) string, loadB func(i int)) []string {
	s := g.s
	n := g.r.N
	t := g.montRegs()
	for i := 0; i < n; i++ {
		s.line("")
		s.comment("Row %d: t += a·b%d, then t = (t + q·m)/2^64.", i, i)
		loadB(i)
		s.op("XORQ", t[n+1], t[n+1])
		if i == 0 {
			// t = a·b0 on one carry chain: t is 0 before it.
			s.op("XORQ", maZero, maZero)
			s.op("MULXQ", aAddr(0), t[0], t[1])
			for j := 1; j < n; j++ {
				s.op("MULXQ", aAddr(j), maLo, t[j+1])
				s.op("ADCXQ", maLo, t[j])
			}
			s.op("ADCXQ", maZero, t[n]) // hi(a_(n−1)·b0) + 1 does not wrap
		} else {
			if g.notes && i == n-1 && g.r.Mod[n-1] <= 1<<64-1<<32+1 {
				// A note for scripts/asmmutate/allowlist.txt.
				s.comment("Mutation-equivalent: this row's carries into t%d and t%d are always 0: b%d ≤ m%d ≤ 2^64 − 2^32 + 1 (b < m),", n, n+1, n-1, n-1)
				s.comment("so hi(a%d·b%d) ≤ 2^64 − 2^32 and t%d + hi + two carries never wraps.", n-1, n-1, n)
			}
			g.mulRow(t, aAddr, func(int) bool { return false })
		}
		t = g.reduceRow(t)
	}
	return t
}

// sqrScratch is the number of memory words sqrRows needs: 2a's words
// V_1 … V_(n−1) and W_2 … W_(n−1), and the mask of its top bit.
func (g *montAsm) sqrScratch() int { return 2*g.r.N - 2 }

// sqrRows emits a²·R⁻¹ for a < m (limb j at a(j), a memory operand) as
// rows(a, a) does, but each row multiplies only half the limbs:
// a² = Σ_i a_i·D_i·2^(64i) with D_i = a_i + 2·Σ_(j>i) a_j·2^(64(j−i)),
// so row i adds a_i times a_i at word i, V_(i+1) = a_(i+1)<<1 at word
// i + 1, W_j = a_j<<1 | a_(j−1)>>63 above, and a_i under the mask of
// a_(n−1)'s top bit at word n (2a's top word, 0 or 1), then reduces as
// rows does: n(n+1)/2 products and n reductions instead of n² and n (21
// and 36 MULX instead of 72 for 6 limbs). The rows' window keeps its n + 2
// registers: after row i's reduction it holds less than 2^(64n+2), and
// the last leaves (a² + q·m)/R < 2m, as rows does. scratch(k) addresses
// the 2n − 2 words (sqrScratch) the routine reserves for V, W and the
// mask, written first from BX and CX. It returns all n + 2 accumulator
// registers (the last is free) and uses what rows uses.
func (g *montAsm) sqrRows(a func(j int) string, scratch func(k int) string) []string {
	s := g.s
	n := g.r.N
	v := func(j int) string { return scratch(j - 1) }
	w := func(j int) string { return scratch(n - 3 + j) }
	mask := scratch(2*n - 3)
	s.comment("2a's words: V_j = a_j<<1, W_j = a_j<<1 | a_(j−1)>>63 (the ADCQ chain),")
	s.comment("and the mask −(a_(n−1)>>63) of its top word.")
	s.op("MOVQ", a(1), maHi)
	s.op("ADDQ", maHi, maHi) // V_1; CF = a_1>>63
	s.op("MOVQ", maHi, v(1))
	for j := 2; j < n; j++ {
		s.op("MOVQ", a(j), maHi)
		s.op("LEAQ", fmt.Sprintf("(%s)(%s*1)", maHi, maHi), maLo) // leaves the flags alone
		s.op("MOVQ", maLo, v(j))
		s.op("ADCQ", maHi, maHi)
		s.op("MOVQ", maHi, w(j))
	}
	s.op("SBBQ", maLo, maLo)
	s.op("MOVQ", maLo, mask)
	// d(i, j) is limb j of D_i.
	d := func(i, j int) string {
		switch j {
		case i:
			return a(i)
		case i + 1:
			return v(j)
		}
		return w(j)
	}
	t := g.montRegs()
	for i := 0; i < n; i++ {
		s.line("")
		s.comment("Row %d: t += a%d·D%d, then t = (t + q·m)/2^64.", i, i, i)
		s.op("XORQ", t[n+1], t[n+1])
		s.op("MOVQ", a(i), "DX")
		if i < n-1 {
			s.comment("2a's top word: a%d under the mask, at word %d.", i, n)
			s.op("MOVQ", mask, maLo)
			s.op("ANDQ", "DX", maLo)
		}
		s.op("XORQ", maZero, maZero) // clears CF and OF
		if i == 0 {
			// t = a0·D0 on one carry chain: t is 0 before it.
			s.op("MULXQ", a(0), t[0], t[1])
			for j := 1; j < n; j++ {
				s.op("MULXQ", d(0, j), maHi, t[j+1])
				s.op("ADCXQ", maHi, t[j])
			}
			s.op("ADCXQ", maLo, t[n])
			s.op("ADCXQ", maZero, t[n+1])
		} else {
			if i < n-1 {
				s.op("ADOXQ", maLo, t[n])
				s.op("ADOXQ", maZero, t[n+1])
			}
			for j := i; j < n; j++ {
				s.op("MULXQ", d(i, j), maLo, maHi)
				s.op("ADCXQ", maLo, t[j])
				s.op("ADOXQ", maHi, t[j+1])
			}
			s.op("ADCXQ", maZero, t[n])
			s.op("ADOXQ", maZero, t[n+1])
			s.op("ADCXQ", maZero, t[n+1])
		}
		t = g.reduceRow(t)
	}
	return t
}

// square writes <typ>SquareAsm(out, a): SquareBody's SOS for 4 limbs; past
// 4 limbs the half-product rows of sqrRows (the SOS's 2n words do not fit
// the registers; see montRegs), with 2a's words in the frame.
func (g *montAsm) square(name string) {
	s := g.s
	s.line("")
	s.line(fmt.Sprintf("// func %s(out, a *%s)", name, g.r.Typ))
	if g.r.N != 4 {
		s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-16", name, 8*g.sqrScratch()))
		s.op("MOVQ", "a+8(FP)", maA)
		at := func(j int) string { return fmt.Sprintf("%d(%s)", 8*j, maA) }
		t := g.sqrRows(at, func(k int) string { return fmt.Sprintf("%d(SP)", 8*k) })
		s.line("")
		g.finish(t[:g.r.N+1], g.resultRegs(t), t[0])
		return
	}
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $0-16", name))
	s.op("MOVQ", "a+8(FP)", maA)
	t := g.squareRows(func(j int) string { return fmt.Sprintf("%d(%s)", 8*j, maA) })
	s.line("")
	g.finish(t, []string{maLo, maHi, "DX", maZero}, maB)
}

// squareRows emits SquareBody's SOS of a²·R⁻¹ with limb j of a < m at
// a(j) (a memory operand, read before SI is first written) and returns the
// names of the five result words t < 2m, lowest first, for correct. It
// uses AX, BX, CX, DX, SI, DI and R8 … R14.
func (g *montAsm) squareRows(a func(j int) string) []string {
	s := g.s
	// u0 … u7 of SquareBody, in registers.
	u := []string{"R8", "R9", "R10", "R11", "R12", "R13", "R14", "DI"}
	s.comment("Cross products a_i·a_j, i < j, into u1 … u6.")
	s.op("XORQ", maZero, maZero)
	s.op("MOVQ", a(0), "DX")
	s.op("MULXQ", a(1), u[1], u[2])
	s.op("MULXQ", a(2), maLo, u[3])
	s.op("ADCXQ", maLo, u[2])
	s.op("MULXQ", a(3), maLo, u[4])
	s.op("ADCXQ", maLo, u[3])
	s.op("MOVQ", a(1), "DX")
	s.op("MULXQ", a(3), maLo, u[5])
	s.op("ADCXQ", maLo, u[4])
	s.op("ADCXQ", maZero, u[5]) // hi(a1·a3) + 1 does not wrap: CF = 0
	s.op("MULXQ", a(2), maLo, maHi)
	s.op("ADCXQ", maLo, u[3])
	s.op("ADOXQ", maHi, u[4])
	s.op("ADCXQ", maZero, u[4])
	s.op("MOVQ", a(2), "DX")
	s.op("MULXQ", a(3), maLo, u[6])
	s.op("ADCXQ", maLo, u[5])
	s.op("ADOXQ", maZero, u[5])
	s.op("ADCXQ", maZero, u[6])
	s.op("ADOXQ", maZero, u[6]) // the cross products are below 2^448: done
	s.comment("Double them (u7 = the bit shifted out), then add the squares a_i².")
	s.op("XORQ", u[7], u[7])
	s.op("XORQ", maZero, maZero)
	for k := 1; k <= 6; k++ {
		s.op("ADCXQ", u[k], u[k]) // u_k = 2·u_k + CF
	}
	s.op("ADCXQ", maZero, u[7])
	s.op("MOVQ", a(0), "DX")
	s.op("MULXQ", "DX", u[0], maHi)
	s.op("ADOXQ", maHi, u[1])
	for i := 1; i < 4; i++ {
		s.op("MOVQ", a(i), "DX")
		s.op("MULXQ", "DX", maLo, maHi)
		s.op("ADOXQ", maLo, u[2*i])
		s.op("ADOXQ", maHi, u[2*i+1])
	}
	s.comment("Montgomery reduction, one word per row (redc).")
	// Row i works on u[i … i+4] and the carry word cr; the top word u[i+4]
	// takes the row's carry, as redc's bits.Add64(top, C, cr) does.
	crw := maA // the carry word cr; a is not read again
	s.op("XORQ", crw, crw)
	for i := 0; i < 4; i++ {
		w := u[i : i+5]
		s.comment("Row %d.", i)
		if g.p256Shape() {
			if i > 0 {
				s.comment("The previous row's carry into w4 first, then q·m on one chain.")
				s.op("ADDQ", crw, w[4])
				s.op("MOVQ", "$0", crw)
				s.op("ADCQ", "$0", crw)
			}
			g.p256Reduce(w, crw)
			continue
		}
		g.quotient(w[0])
		s.op("XORQ", maZero, maZero)
		start := 0
		if g.special() {
			s.op("ADOXQ", w[0], w[1])
			start = 1
		}
		for j := start; j < 4; j++ {
			if g.r.Mod[j] == 0 {
				s.op("ADCXQ", maZero, w[j])
				s.op("ADOXQ", maZero, w[j+1])
				continue
			}
			s.op("MULXQ", g.modAddr(j), maLo, maHi)
			s.op("ADCXQ", maLo, w[j])
			s.op("ADOXQ", maHi, w[j+1])
		}
		// Pending: CF out of w[3] into w[4], OF out of w[4]; and the
		// previous row's carry cr into w[4].
		s.op("ADCXQ", crw, w[4])
		s.op("MOVQ", "$0", crw)
		s.op("ADOXQ", maZero, crw)
		s.op("ADCXQ", maZero, crw)
	}
	return append(append([]string{}, u[4:8]...), crw)
}

func montAsmGenerate(f *montField) (map[string][]byte, error) {
	r := montNewRep(f, 64)
	if r.N != 4 && r.N != 6 {
		return nil, fmt.Errorf("%s: the assembly is written for 4 or 6 limbs of 64 bits", f.Pkg)
	}
	g := &montAsm{r: r, s: &asmText{}, full: ^uint64(0), notes: true}
	s := g.s
	s.line(strings.TrimSuffix(header, "\n"))
	s.line("//go:build " + asmBuildTag)
	s.line("")
	s.line("#include \"textflag.h\"")
	s.line("")
	s.line("// m, least significant limb first.")
	for j, l := range r.Mod {
		s.line(fmt.Sprintf("DATA %sMod<>+%d(SB)/8, $0x%016x", r.Typ, 8*j, l))
	}
	s.line(fmt.Sprintf("GLOBL %sMod<>(SB), RODATA|NOPTR, $%d", r.Typ, 8*r.N))
	s.line("")
	if g.p256Shape() {
		s.line("// −m⁻¹ mod 2^64 (unread: the P-256-shaped reduction takes q = t0; mutation-equivalent).")
		s.line(fmt.Sprintf("DATA %sInv<>+0(SB)/8, $0x%016x", r.Typ, r.mInv))
		s.line(fmt.Sprintf("GLOBL %sInv<>(SB), RODATA|NOPTR, $8", r.Typ))
	} else if g.imul() {
		s.line("// −m⁻¹ mod 2^64.")
		s.line(fmt.Sprintf("DATA %sInv<>+0(SB)/8, $0x%016x", r.Typ, r.mInv))
		s.line(fmt.Sprintf("GLOBL %sInv<>(SB), RODATA|NOPTR, $8", r.Typ))
	}
	mulName, sqName := r.Typ+"MulAsm", r.Typ+"SquareAsm"
	g.mul(mulName)
	g.square(sqName)

	t := r.Typ
	stubs := header + fmt.Sprintf(`//go:build %[1]s

package %[2]s

import "golang.org/x/sys/cpu"

// %[3]sHasAsm reports whether this CPU runs the assembly
// (zz_generated_%[3]s_amd64.s), which needs BMI2 (MULX) and ADX (ADCX,
// ADOX). It is set once at start-up and never assigned again; the tests
// call %[4]s and %[3]sMul directly to compare the two.
var %[3]sHasAsm = cpu.X86.HasBMI2 && cpu.X86.HasADX

// Multiply sets v = a·b and returns v: %[4]s where the CPU has BMI2 and
// ADX, %[3]sMul otherwise, with the same result limb for limb.
func (v *%[3]s) Multiply(a, b *%[3]s) *%[3]s {
	if %[3]sHasAsm {
		%[4]s(v, a, b)
	} else {
		%[3]sMul(v, a, b)
	}
	return v
}

// Square sets v = a² and returns v: %[5]s where the CPU has BMI2 and ADX,
// %[3]sSquare otherwise, with the same result limb for limb.
func (v *%[3]s) Square(a *%[3]s) *%[3]s {
	if %[3]sHasAsm {
		%[5]s(v, a)
	} else {
		%[3]sSquare(v, a)
	}
	return v
}

// Assembly names the routines of this build that run assembly rather than
// Go: Multiply and Square where the CPU has BMI2 and ADX (checked at run
// time), "" on other CPUs. It is "" with -tags purego, curvekit_purego or
// curvekit32 and on other architectures.
func Assembly() string {
	if %[3]sHasAsm {
		return "amd64 BMI2/ADX Multiply, Square"
	}
	return ""
}

// %[4]s is %[3]sMul in MULX/ADCX/ADOX assembly: out = a·b·R⁻¹ mod m for
// a < R, b < m. out, a and b may alias.
//
//go:noescape
func %[4]s(out, a, b *%[3]s)

// %[5]s is %[3]sSquare in MULX/ADCX/ADOX assembly: out = a²·R⁻¹ mod m
// for a < m. out and a may alias.
//
//go:noescape
func %[5]s(out, a *%[3]s)
`, asmBuildTag, f.Pkg, t, mulName, sqName)
	generic := header + fmt.Sprintf(`//go:build !(%[1]s)

package %[2]s

// %[3]sHasAsm is false: this build has no assembly (amd64 without the
// purego, curvekit_purego and curvekit32 tags has).
const %[3]sHasAsm = false

%[6]s

// Multiply sets v = a·b and returns v.
func (v *%[3]s) Multiply(a, b *%[3]s) *%[3]s {
	%[3]sMul(v, a, b)
	return v
}

// Square sets v = a² and returns v.
func (v *%[3]s) Square(a *%[3]s) *%[3]s {
	%[3]sSquare(v, a)
	return v
}

// %[4]s and %[5]s are the Go code in this build, so that the tests
// that compare them build everywhere.
func %[4]s(out, a, b *%[3]s) { %[3]sMul(out, a, b) }
func %[5]s(out, a *%[3]s)    { %[3]sSquare(out, a) }
`, asmBuildTag, f.Pkg, t, mulName, sqName, montAsmNoneAssembly(f))
	// The generated grid test: every value whose limbs come from a set, so
	// n limbs take smaller sets past 4 (2^6 and 4^6 values rather than 4^6
	// and 10^6) to keep the test near a second.
	var lit, cnt []string
	for k := 0; k < r.N; k++ {
		d := "i"
		if k > 0 {
			d = "i/" + strings.TrimSuffix(strings.Repeat("n*", k), "*")
			if k > 1 {
				d = "i/(" + strings.TrimSuffix(strings.Repeat("n*", k), "*") + ")"
			}
		}
		if k < r.N-1 {
			d += "%n"
		}
		lit = append(lit, "limbs["+d+"]")
		cnt = append(cnt, "n")
	}
	gridLit, gridCount := strings.Join(lit, ", "), strings.Join(cnt, "*")
	gridSmall, gridSmallDoc := "0, 1, 1 << 63, 1<<64 - 1", "0, 1, 2^63 and 2^64 − 1"
	gridWide, gridWideDoc, gridDoc := "0, 1, 2, 1<<32 - 1, 1 << 32, 1<<63 - 1, 1 << 63, 1<<64 - 1<<32, 1<<64 - 2, 1<<64 - 1", "ten", "4^4"
	if r.N != 4 {
		gridSmall, gridSmallDoc = "0, 1<<64 - 1", "0 and 2^64 − 1"
		gridWide, gridWideDoc, gridDoc = "1, 1 << 63, 1<<64 - 1<<32, 1<<64 - 1", "four", fmt.Sprintf("2^%d", r.N)
	}
	numWord := map[int]string{4: "four", 6: "six"}
	test := header + fmt.Sprintf(`package %[2]s

import (
	"math/big"
	"math/rand/v2"
	"testing"

	"github.com/curvekit/curvekit/internal/benchutil"
)

// The assembly (%[4]s, %[5]s) against the Go code (%[3]sMul,
// %[3]sSquare) and math/big, on raw limbs: Mul is a·b·R⁻¹ mod m for
// a < R and b < m, Square a²·R⁻¹ mod m for a < m. Where the build or the
// CPU has no assembly the comparisons are trivial, and say so.

var %[3]sAsmM, _ = new(big.Int).SetString("%[6]s", 16)

func %[3]sAsmFromBig(x *big.Int) *%[3]s {
	var v %[3]s
	b := x.FillBytes(make([]byte, %[8]d))
	for i := range v {
		for k := 0; k < 8; k++ {
			v[i] |= uint64(b[%[20]d-8*i-k]) << (8 * k)
		}
	}
	return &v
}

func %[3]sAsmToBig(v *%[3]s) *big.Int {
	x := new(big.Int)
	for i := len(v) - 1; i >= 0; i-- {
		x.Lsh(x, 64).Or(x, new(big.Int).SetUint64(v[i]))
	}
	return x
}

// %[3]sAsmWant is x·y·R⁻¹ mod m.
func %[3]sAsmWant(x, y *big.Int) *big.Int {
	R := new(big.Int).Lsh(big.NewInt(1), %[9]d)
	Ri := new(big.Int).ModInverse(R, %[3]sAsmM)
	z := new(big.Int).Mul(x, y)
	z.Mul(z, Ri)
	return z.Mod(z, %[3]sAsmM)
}

// %[3]sAsmEdges are 0, 1, 2, m−2, m−1, each all-ones limb alone (2^64 − 1
// at limb i, when below m) and, for Mul's first argument only (wide), m,
// m+1, 2^%[9]d−m, 2^%[10]d and 2^%[9]d−2, 2^%[9]d−1. A wide a = 2^%[9]d − 1 with an
// all-ones limb of b drives every row's top carry.
func %[3]sAsmEdges(wide bool) []*big.Int {
	one := big.NewInt(1)
	m := %[3]sAsmM
	R := new(big.Int).Lsh(one, %[9]d)
	out := []*big.Int{big.NewInt(0), one, big.NewInt(2), new(big.Int).Sub(m, big.NewInt(2)), new(big.Int).Sub(m, one)}
	ones := new(big.Int).Sub(new(big.Int).Lsh(one, 64), one)
	for i := 0; i < %[11]d; i++ {
		if v := new(big.Int).Lsh(ones, uint(64*i)); v.Cmp(m) < 0 {
			out = append(out, v)
		}
	}
	if wide {
		out = append(out, new(big.Int).Set(m), new(big.Int).Add(m, one), new(big.Int).Sub(R, m),
			new(big.Int).Lsh(one, %[10]d), new(big.Int).Sub(R, big.NewInt(2)), new(big.Int).Sub(R, one))
	}
	return out
}

// %[3]sAsmGrid is the limb grid: every value whose %[17]s limbs are each
// taken from limbs (%[18]s or more values), and m − 1 − v for each such v
// below m. The carries of a row fire together when its limbs are all
// ones, and the rare ones (a carry out of a word that is all ones after
// a carry in) need exactly such words.
func %[3]sAsmGrid(limbs []uint64) []%[3]s {
	var out []%[3]s
	n := len(limbs)
	for i := 0; i < %[14]s; i++ {
		v := %[3]s{%[13]s}
		out = append(out, v)
		if x := %[3]sAsmToBig(&v); x.Cmp(%[3]sAsmM) < 0 {
			out = append(out, *%[3]sAsmFromBig(x.Sub(new(big.Int).Sub(%[3]sAsmM, big.NewInt(1)), x)))
		}
	}
	return out
}

// Test%[7]sAsmGrid compares the assembly with the Go code limb for limb on
// the limb grid: Mul on every a (wide) and every b below m of the grid of
// %[15]s, then a from a grid of %[16]s limbs against b with
// limbs of 0 and 2^64 − 1; Square on every grid value below m. The Go code
// is compared with math/big in Test%[7]sAsm and the package's tests.
func Test%[7]sAsmGrid(t *testing.T) {
	if !%[3]sHasAsm {
		t.Log("no assembly in this build or on this CPU: the Go code is compared with itself")
	}
	small := %[3]sAsmGrid([]uint64{%[19]s})
	wide := %[3]sAsmGrid([]uint64{%[21]s})
	ones := %[3]sAsmGrid([]uint64{0, 1<<64 - 1})
	below := func(v *%[3]s) bool { return %[3]sAsmToBig(v).Cmp(%[3]sAsmM) < 0 }
	mul := func(a, b *%[3]s) {
		var got, ref %[3]s
		%[4]s(&got, a, b)
		%[3]sMul(&ref, a, b)
		if got != ref {
			t.Fatalf("Mul(%%x, %%x): asm %%x, Go %%x", *a, *b, got, ref)
		}
	}
	for i := range small {
		for j := range small {
			if below(&small[j]) {
				mul(&small[i], &small[j])
			}
		}
	}
	for i := range wide {
		for j := range ones {
			if below(&ones[j]) {
				mul(&wide[i], &ones[j])
			}
		}
	}
	for _, g := range [][]%[3]s{small, wide} {
		for i := range g {
			if !below(&g[i]) {
				continue
			}
			var got, ref %[3]s
			%[5]s(&got, &g[i])
			%[3]sSquare(&ref, &g[i])
			if got != ref {
				t.Fatalf("Square(%%x): asm %%x, Go %%x", g[i], got, ref)
			}
		}
	}
}

func %[3]sAsmRand(rng *rand.Rand, bound *big.Int) *big.Int {
	b := make([]byte, %[12]d)
	for i := range b {
		b[i] = byte(rng.Uint32())
	}
	// Sometimes a value with long runs of ones or zeros, near the edges.
	switch rng.IntN(4) {
	case 0:
		for i := range b[8:] {
			b[8+i] = 0xff
		}
		b[8+rng.IntN(%[8]d)] = byte(rng.Uint32())
	case 1:
		for i := range b[8:20] {
			b[8+i] = 0
		}
	}
	return new(big.Int).Mod(new(big.Int).SetBytes(b), bound)
}

// %[3]sAsmCheck compares both routines on x, y with math/big.
func %[3]sAsmCheck(t testing.TB, x, y *big.Int) {
	t.Helper()
	a, b := %[3]sAsmFromBig(x), %[3]sAsmFromBig(y)
	want := %[3]sAsmWant(x, y)
	var got, ref %[3]s
	%[4]s(&got, a, b)
	%[3]sMul(&ref, a, b)
	if got != ref || %[3]sAsmToBig(&got).Cmp(want) != 0 {
		t.Fatalf("Mul(%%x, %%x): asm %%x, Go %%x, want %%x", x, y, got, ref, want)
	}
	// Aliased output.
	c := *a
	%[4]s(&c, &c, b)
	if c != ref {
		t.Fatalf("Mul(%%x, %%x) into a: %%x, want %%x", x, y, c, ref)
	}
	if x.Cmp(%[3]sAsmM) >= 0 {
		return
	}
	want = %[3]sAsmWant(x, x)
	%[5]s(&got, a)
	%[3]sSquare(&ref, a)
	if got != ref || %[3]sAsmToBig(&got).Cmp(want) != 0 {
		t.Fatalf("Square(%%x): asm %%x, Go %%x, want %%x", x, got, ref, want)
	}
	c = *a
	%[5]s(&c, &c)
	if c != ref {
		t.Fatalf("Square(%%x) in place: %%x, want %%x", x, c, ref)
	}
}

func Test%[7]sAsm(t *testing.T) {
	if !%[3]sHasAsm {
		t.Log("no assembly in this build or on this CPU: the Go code is compared with itself")
	}
	R := new(big.Int).Lsh(big.NewInt(1), %[9]d)
	for _, x := range %[3]sAsmEdges(true) {
		for _, y := range %[3]sAsmEdges(false) {
			%[3]sAsmCheck(t, x, y)
		}
	}
	rng := rand.New(rand.NewPCG(1, 2))
	n := 20000
	if testing.Short() {
		n = 2000
	}
	for range n {
		%[3]sAsmCheck(t, %[3]sAsmRand(rng, R), %[3]sAsmRand(rng, %[3]sAsmM))
		%[3]sAsmCheck(t, %[3]sAsmRand(rng, %[3]sAsmM), %[3]sAsmRand(rng, %[3]sAsmM))
	}
}

// Test%[7]sAsmDispatch runs Multiply and Square through the dispatch
// (the assembly where %[3]sHasAsm, the Go code otherwise; Test%[7]sAsm
// compares both with math/big directly) and checks that Assembly says
// which runs.
func Test%[7]sAsmDispatch(t *testing.T) {
	if (Assembly() != "") != %[3]sHasAsm {
		t.Fatalf("Assembly() = %%q with %[3]sHasAsm %%v", Assembly(), %[3]sHasAsm)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	for range 500 {
		x, y := %[3]sAsmRand(rng, %[3]sAsmM), %[3]sAsmRand(rng, %[3]sAsmM)
		var v %[3]s
		v.Multiply(%[3]sAsmFromBig(x), %[3]sAsmFromBig(y))
		if %[3]sAsmToBig(&v).Cmp(%[3]sAsmWant(x, y)) != 0 {
			t.Fatalf("Multiply(%%x, %%x) = %%x", x, y, v)
		}
		v.Square(%[3]sAsmFromBig(x))
		if %[3]sAsmToBig(&v).Cmp(%[3]sAsmWant(x, x)) != 0 {
			t.Fatalf("Square(%%x) = %%x", x, v)
		}
	}
}

// %[3]sAsmInvertWith sets v = a^(m−2) (1/a, 0 for a = 0) by invertFermat's
// addition chain, with mul and sq in place of Multiply and Square, so that
// the chain runs on the assembly or on the Go code as the caller chooses.
func %[3]sAsmInvertWith(v, a *%[3]s, mul func(out, a, b *%[3]s), sq func(out, a *%[3]s)) {
%[22]s}

// Test%[7]sAsmInvertFermat runs invertFermat's chain on the assembly and on
// the Go code and compares both with invertFermat and math/big.
func Test%[7]sAsmInvertFermat(t *testing.T) {
	rng := rand.New(rand.NewPCG(9, 10))
	xs := []*big.Int{big.NewInt(0), big.NewInt(1), new(big.Int).Sub(%[3]sAsmM, big.NewInt(1))}
	for range 20 {
		xs = append(xs, %[3]sAsmRand(rng, %[3]sAsmM))
	}
	R := new(big.Int).Lsh(big.NewInt(1), %[9]d)
	R2 := new(big.Int).Mod(new(big.Int).Mul(R, R), %[3]sAsmM)
	for _, x := range xs {
		a := %[3]sAsmFromBig(x)
		var got, ref, fermat %[3]s
		%[3]sAsmInvertWith(&got, a, %[4]s, %[5]s)
		%[3]sAsmInvertWith(&ref, a, %[3]sMul, %[3]sSquare)
		fermat.invertFermat(a)
		// The limbs x are the Montgomery form of x·R⁻¹, whose inverse has
		// the form x⁻¹·R², and x^(m−2) is x⁻¹ (0 for 0).
		want := new(big.Int).Exp(x, new(big.Int).Sub(%[3]sAsmM, big.NewInt(2)), %[3]sAsmM)
		want.Mul(want, R2).Mod(want, %[3]sAsmM)
		if got != ref || got != fermat || %[3]sAsmToBig(&got).Cmp(want) != 0 {
			t.Fatalf("invert %%x: asm %%x, Go %%x, invertFermat %%x, want %%x", x, got, ref, fermat, want)
		}
	}
}

// Benchmark%[7]sAsm times the assembly against the Go code, interleaved
// (benchutil.Compare, thread CPU time): chains of 100 dependent Mul and
// Square calls, per call, and invertFermat's chain (%[3]sAsmInvertWith, both
// contenders calling through the same function values).
func Benchmark%[7]sAsm(b *testing.B) {
	if !%[3]sHasAsm {
		b.Skip("no assembly in this build or on this CPU")
	}
	rng := rand.New(rand.NewPCG(5, 6))
	x, y := %[3]sAsmFromBig(%[3]sAsmRand(rng, %[3]sAsmM)), %[3]sAsmFromBig(%[3]sAsmRand(rng, %[3]sAsmM))
	const chain = 100
	var v %[3]s
	b.Run("Multiply", func(b *testing.B) {
		benchutil.Compare(b,
			benchutil.Contender{Name: "asm", F: func() {
				for range chain {
					%[4]s(x, x, y)
				}
			}},
			benchutil.Contender{Name: "go", F: func() {
				for range chain {
					%[3]sMul(x, x, y)
				}
			}})
	})
	b.Run("Square", func(b *testing.B) {
		benchutil.Compare(b,
			benchutil.Contender{Name: "asm", F: func() {
				for range chain {
					%[5]s(x, x)
				}
			}},
			benchutil.Contender{Name: "go", F: func() {
				for range chain {
					%[3]sSquare(x, x)
				}
			}})
	})
	b.Run("InvertFermat", func(b *testing.B) {
		benchutil.Compare(b,
			benchutil.Contender{Name: "asm", F: func() { %[3]sAsmInvertWith(&v, x, %[4]s, %[5]s) }},
			benchutil.Contender{Name: "go", F: func() { %[3]sAsmInvertWith(&v, x, %[3]sMul, %[3]sSquare) }})
	})
}

func Fuzz%[7]sAsm(f *testing.F) {
	f.Add(make([]byte, %[8]d), make([]byte, %[8]d))
	f.Add(%[3]sAsmM.Bytes(), new(big.Int).Sub(%[3]sAsmM, big.NewInt(1)).Bytes())
	f.Fuzz(func(t *testing.T, x, y []byte) {
		if len(x) > %[8]d || len(y) > %[8]d {
			return
		}
		X := new(big.Int).SetBytes(x) // any value below R
		Y := new(big.Int).Mod(new(big.Int).SetBytes(y), %[3]sAsmM)
		%[3]sAsmCheck(t, X, Y)
		%[3]sAsmCheck(t, new(big.Int).Mod(X, %[3]sAsmM), Y)
	})
}
`, asmBuildTag, f.Pkg, t, mulName, sqName, r.ModulusHex(), strings.ToUpper(t[:1])+t[1:],
		f.Size, 8*f.Size, 8*f.Size-1, r.N, f.Size+8, gridLit, gridCount, gridSmallDoc, gridWideDoc,
		numWord[r.N], gridDoc, gridSmall, f.Size-1, gridWide, montAsmChainWith(r.Inverse))
	if montAsm32On(f) {
		// Assembly also names the 32-bit backend's arm and 386 routines.
		test = strings.Replace(test, `if (Assembly() != "") != `+t+`HasAsm {`,
			`if (Assembly() != "") != (`+t+`HasAsm || elem32Assembly() != "") {`, 1)
	}
	base := fmt.Sprintf("%s/zz_generated_%s", f.Pkg, t)
	return map[string][]byte{
		base + "_asm_test.go": []byte(test),
		base + "_amd64.s":     []byte(s.b.String()),
		base + "_amd64.go":    []byte(stubs),
		base + "_noasm.go":    []byte(generic),
	}, nil
}

// montAsmChainWith rewrites an addition chain's code (chain.code: lines
// dst.Multiply(x, y), dst.Square(x), dst.Set(x) and loops around them) into
// calls of the function values mul and sq, for the generated test that runs
// the chain on the assembly and on the Go code.
func montAsmChainWith(code string) string {
	call := regexp.MustCompile(`^(\w+)\.(Multiply|Square)\((.*)\)$`)
	lines := strings.Split(code, "\n")
	for i, l := range lines {
		m := call.FindStringSubmatch(l)
		if m == nil {
			continue
		}
		dst := m[1]
		if strings.HasPrefix(dst, "t") { // the chain's temporaries are values
			dst = "&" + dst
		}
		fn := map[string]string{"Multiply": "mul", "Square": "sq"}[m[2]]
		lines[i] = fn + "(" + dst + ", " + m[3] + ")"
	}
	return strings.Join(lines, "\n")
}

// montAsmNoneAssembly is Assembly of the builds without the amd64
// assembly: "", or the 32-bit representation's arm and 386 routines where
// montasm32.go writes them.
func montAsmNoneAssembly(f *montField) string {
	if montAsm32On(f) {
		return `// Assembly names the routines of this build that run assembly rather than
// Go: where the 32-bit backend's Multiply, Square and small operations run
// assembly (arm or 386, without the purego and curvekit_purego tags),
// elem32Assembly, which names them; "" in
// other builds (amd64
// without the purego, curvekit_purego and curvekit32 tags runs Multiply
// and Square in assembly where the CPU has BMI2 and ADX).
func Assembly() string { return elem32Assembly() }`
	}
	return `// Assembly names the routines of this build that run assembly rather than
// Go; it is "": this build is pure Go (amd64 without the purego,
// curvekit_purego and curvekit32 tags runs Multiply and Square in assembly
// where the CPU has BMI2 and ADX).
func Assembly() string { return "" }`
}
