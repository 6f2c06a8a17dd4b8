package field

import (
	"bytes"
	_ "embed"
	"fmt"
	"math/big"
	"math/bits"
	"strings"
	"text/template"

	"github.com/curvekit/curvekit/internal/gen/registry"
)

// This file is the Montgomery family: prime fields with no special shape we
// exploit by hand (the scalar fields mod ℓ, q and n, and the P-256 base
// field), kept in Montgomery form in saturated limbs. One template
// (mont.tmpl) and the emitters below stamp out, per field and per word size,
// the unrolled CIOS multiplication, addition and subtraction with a masked
// final correction, the byte conversions and the exported Element wrapper.
// Every constant (limbs of m, R² mod m, −m⁻¹ mod 2^w, wide-reduction powers)
// is computed here with math/big.

//go:embed mont.tmpl
var montTemplateText string

// montField is one field of the family: a registry field with Montgomery
// representations.
type montField = registry.Field

// montFields are the registry's fields kept in Montgomery form.
var montFields = func() []*montField {
	var fs []*montField
	for _, f := range registry.Fields {
		if len(f.RepsOf(registry.Montgomery)) > 0 {
			fs = append(fs, f)
		}
	}
	return fs
}()

// montAsmOn reports whether f's 64-bit representation gets MULX/ADCX/ADOX
// amd64 assembly for Multiply and Square (montasm.go), selected at run
// time.
func montAsmOn(f *montField) bool {
	r := f.Rep("elem64")
	return r != nil && r.Asm
}

func init() {
	for _, f := range montFields {
		register("mont-"+f.Pkg, func() (map[string][]byte, error) { return montGenerate(f) })
	}
}

// montRep is one limb representation of a field: the template's data.
type montRep struct {
	F        *montField
	W        int    // word size in bits
	N        int    // number of limbs
	Typ      string // Go type name, e.g. elem64
	Word     string // uint64 or uint32
	Order    string // binary.LittleEndian or binary.BigEndian
	Mod      []uint64
	R2, One  []string // R² mod m and R mod m, as limb literals
	NoCarry  bool     // the modulus leaves room for the no-carry CIOS variant
	mInv     uint64   // −m⁻¹ mod 2^w
	Chunks   []montChunk
	WideBuf  int // Wide rounded up to whole words
	Inverse  string
	SqrtCode string
	// Asm: Multiply and Square are written by montasm.go's files, which
	// choose between the assembly and Mul/Square.
	Asm bool
	// Asm32: Multiply and Square are written by montasm32.go's files (arm
	// and 386 assembly, or the Go code by build tag).
	Asm32 bool
	// sparse is m as a sum of signed powers of two (its NAF) when that
	// is short enough for sparseProduct to beat the multiplications by
	// m's limbs (see sparseTerms); nil otherwise.
	sparse []sparseTerm
}

// montChunk is one piece of a wide input: words [Lo, Hi) of it, and the
// Montgomery constant that places the piece at its weight.
type montChunk struct {
	Words []int
	K     []string
}

func montNewRep(f *montField, w int) *montRep {
	if f.Size*8%w != 0 {
		panic("gen: size is not a whole number of words")
	}
	r := &montRep{F: f, W: w, N: f.Size * 8 / w, Typ: fmt.Sprintf("elem%d", w), Word: fmt.Sprintf("uint%d", w), Asm: montAsmOn(f) && w == 64}
	r.Asm32 = montAsm32On(f) && w == 32
	r.Order = "binary.LittleEndian"
	if f.BigEndian {
		r.Order = "binary.BigEndian"
	}
	m := f.Modulus
	r.Mod = montLimbs(m, w, r.N)
	R := new(big.Int).Lsh(big.NewInt(1), uint(w*r.N))
	if m.Cmp(R) >= 0 || m.Bit(0) == 0 {
		panic("gen: modulus must be odd and fit the limbs")
	}
	r.R2 = r.lits(new(big.Int).Mod(new(big.Int).Mul(R, R), m))
	r.One = r.lits(new(big.Int).Mod(R, m))
	W := new(big.Int).Lsh(big.NewInt(1), uint(w))
	inv := new(big.Int).ModInverse(m, W)
	r.mInv = new(big.Int).Sub(W, inv).Uint64()
	// The no-carry CIOS of gnark-crypto (Botrel, Housni, "Faster Montgomery
	// multiplication and multi-scalar-multiplication for SNARKs", 2023)
	// needs the top limb of m to be at most 2^(w−1) − 2.
	r.NoCarry = r.Mod[r.N-1] <= uint64(1)<<(w-1)-2
	r.sparse = sparseTerms(m, w, r.mInv)
	if f.Wide > 0 {
		// Pieces of c words are below 2^(wc) ≤ 2^(bitlen−1) < m, so they
		// are valid Montgomery multiplication inputs as they are.
		c := (m.BitLen() - 1) / w
		nw := (f.Wide*8 + w - 1) / w
		r.WideBuf = nw * w / 8
		for lo := 0; lo < nw; lo += c {
			var ch montChunk
			for i := lo; i < lo+c && i < nw; i++ {
				ch.Words = append(ch.Words, i)
			}
			k := new(big.Int).Lsh(big.NewInt(1), uint(w*lo))
			k.Mul(k, R).Mul(k, R).Mod(k, m)
			ch.K = r.lits(k)
			r.Chunks = append(r.Chunks, ch)
		}
	}
	if f.Reduced {
		max := new(big.Int).Lsh(big.NewInt(1), uint(8*f.Size))
		if max.Cmp(new(big.Int).Lsh(m, 1)) > 0 {
			panic("gen: SetReducedBytes needs 2^(8·Size) ≤ 2m")
		}
	}
	r.Inverse = buildChainSplitRuns(new(big.Int).Sub(m, big.NewInt(2)), "a", "v").code(r.Typ)
	if f.Sqrt {
		if m.Bit(0) != 1 || m.Bit(1) != 1 {
			panic("gen: Sqrt needs m ≡ 3 mod 4")
		}
		e := new(big.Int).Rsh(new(big.Int).Add(m, big.NewInt(1)), 2)
		r.SqrtCode = buildChainSplitRuns(e, "a", "r").code(r.Typ)
	}
	return r
}

func montLimbs(x *big.Int, w, n int) []uint64 {
	out := make([]uint64, n)
	mask := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(w)), big.NewInt(1))
	t := new(big.Int).Set(x)
	for i := range out {
		out[i] = new(big.Int).And(t, mask).Uint64()
		t.Rsh(t, uint(w))
	}
	if t.Sign() != 0 {
		panic("gen: value does not fit")
	}
	return out
}

func (r *montRep) lit(v uint64) string {
	return fmt.Sprintf("0x%0*x", r.W/4, v)
}

func (r *montRep) lits(x *big.Int) []string {
	var out []string
	for _, l := range montLimbs(x, r.W, r.N) {
		out = append(out, r.lit(l))
	}
	return out
}

// ModLits returns the limbs of m as literals.
func (r *montRep) ModLits() []string {
	var out []string
	for _, l := range r.Mod {
		out = append(out, r.lit(l))
	}
	return out
}

// Offsets returns the byte offset of each limb in the encoding.
func (r *montRep) Offsets() []int {
	wb := r.W / 8
	out := make([]int, r.N)
	for i := range out {
		if r.F.BigEndian {
			out[i] = (r.N - 1 - i) * wb
		} else {
			out[i] = i * wb
		}
	}
	return out
}

// WordBytes is the size of a limb in bytes.
func (r *montRep) WordBytes() int { return r.W / 8 }

// Top is the index of the top limb.
func (r *montRep) Top() int { return r.N - 1 }

// Shift is the shift that turns a borrow-carrying word into its sign bit.
func (r *montRep) Shift() int { return r.W - 1 }

// montEmit builds unrolled straight-line code.
type montEmit struct {
	r *montRep
	b strings.Builder
	// vars collects the names sparseProduct assigns, for the body's
	// declarations.
	vars []string
}

func (e *montEmit) line(format string, args ...any) {
	fmt.Fprintf(&e.b, format, args...)
	e.b.WriteByte('\n')
}

// montOp is a multiplicand: a variable, or a constant limb.
type montOp struct {
	name    string
	isConst bool
	val     uint64
}

func montVar(name string) montOp { return montOp{name: name} }

func (e *montEmit) con(v uint64) montOp { return montOp{name: e.r.lit(v), isConst: true, val: v} }

// madd emits H, L = x·y + adds…, where the result fits two words (at most
// two addends besides a real product). H or L may be "_".
func (e *montEmit) madd(H, L, x string, y montOp, adds ...string) {
	if e.r.W == 32 {
		var terms []string
		switch {
		case y.isConst && y.val == 0:
		case y.isConst && y.val == 1:
			terms = append(terms, "uint64("+x+")")
		case y.isConst && y.val&(y.val-1) == 0:
			terms = append(terms, fmt.Sprintf("uint64(%s)<<%d", x, bits.TrailingZeros64(y.val)))
		case y.isConst && y.val == 0xffffffff:
			terms = append(terms, fmt.Sprintf("uint64(%s)<<32 - uint64(%s)", x, x))
		default:
			terms = append(terms, fmt.Sprintf("uint64(%s)*uint64(%s)", x, y.name))
		}
		for _, a := range adds {
			terms = append(terms, "uint64("+a+")")
		}
		e.line("p = %s", strings.Join(terms, " + "))
		if L != "_" {
			e.line("%s = uint32(p)", L)
		}
		if H != "_" {
			e.line("%s = uint32(p >> 32)", H)
		}
		return
	}
	// 64-bit: Mul64, then carry each addend into the high word.
	first := true
	switch {
	case y.isConst && y.val == 0:
	case y.isConst && y.val == 1:
		adds = append([]string{x}, adds...)
	case y.isConst && y.val&(y.val-1) == 0:
		k := bits.TrailingZeros64(y.val)
		e.line("hi, lo = %s>>%d, %s<<%d // × 2^%d", x, 64-k, x, k, k)
		first = false
	case y.isConst && y.val > 1 && -(y.val-1) >= 4 && (-(y.val-1))&(-(y.val-1)-1) == 0:
		// y = 2^64 − 2^k + 1, 2 ≤ k < 64 (P-256's p3): x·y = x·2^64 + x − x·2^k,
		// by shifts and one borrow chain instead of a multiplication (11%
		// off fieldp256's Multiply, 14% off Square; k = 1, y = 2^64 − 1,
		// measured within ±3% on scalarp256 and scalar448, so it stays a
		// Mul64).
		k := bits.TrailingZeros64(-(y.val - 1))
		e.line("lo, bb = bits.Sub64(%s, %s<<%d, 0) // × (2^64 − 2^%d + 1)", x, x, k, k)
		e.line("hi, _ = bits.Sub64(%s, %s>>%d, bb)", x, x, 64-k)
		first = false
	default:
		e.line("hi, lo = bits.Mul64(%s, %s)", x, y.name)
		first = false
	}
	for i, a := range adds {
		if first {
			e.line("hi, lo = 0, %s", a)
			first = false
			continue
		}
		lo := "lo" // the last low word is dropped when L is _ (staticcheck SA4006)
		if L == "_" && i == len(adds)-1 {
			lo = "_"
		}
		e.line("%s, cc = bits.Add64(lo, %s, 0)", lo, a)
		e.line("hi, _ = bits.Add64(hi, 0, cc)")
	}
	if L != "_" {
		e.line("%s = lo", L)
	}
	if H != "_" {
		e.line("%s = hi", H)
	}
}

// addCarry emits S, C = x + y (C the carry word, 0 or 1).
func (e *montEmit) addCarry(S, C, x, y string) {
	if e.r.W == 32 {
		e.line("p = uint64(%s) + uint64(%s)", x, y)
		e.line("%s, %s = uint32(p), uint32(p>>32)", S, C)
		return
	}
	e.line("%s, %s = bits.Add64(%s, %s, 0)", S, C, x, y)
}

// condSub emits out[j] = t − m if t ≥ m, else t, where t is the value in
// the words ts plus, if top != "", a top word (0 or 1) above them.
// Constant time: the borrow becomes a mask.
func (e *montEmit) condSub(out string, ts []string, top string) {
	r := e.r
	for j, t := range ts {
		if r.W == 64 {
			bin := "bb"
			if j == 0 {
				bin = "0"
			}
			e.line("r%d, bb = bits.Sub64(%s, %s, %s)", j, t, r.lit(r.Mod[j]), bin)
		} else {
			if j == 0 {
				e.line("d = uint64(%s) - %s", t, r.lit(r.Mod[j]))
			} else {
				e.line("d = uint64(%s) - %s - d>>63", t, r.lit(r.Mod[j]))
			}
			e.line("r%d = uint32(d)", j)
		}
	}
	if r.W == 64 {
		if top != "" {
			e.line("_, bb = bits.Sub64(%s, 0, bb)", top)
		}
		e.line("mask = -bb")
	} else {
		if top != "" {
			e.line("d = uint64(%s) - d>>63", top)
		}
		e.line("mask = -uint32(d >> 63)")
	}
	e.line("// The borrow is set when t < m: keep t then.")
	for j, t := range ts {
		e.line("%s[%d] = r%d ^ (mask & (%s ^ r%d))", out, j, j, t, j)
	}
}

func montNames(prefix string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s%d", prefix, i)
	}
	return out
}

func (e *montEmit) decls(names ...string) {
	e.line("var %s %s", strings.Join(names, ", "), e.r.Word)
}

// MulBody is the body of func <typ>Mul(out, a, b *<typ>): out = a·b·R⁻¹ mod m,
// by CIOS (Koç, Acar, Kaliski, "Analyzing and comparing Montgomery
// multiplication algorithms", 1996), or its no-carry variant when m allows.
// Separated operand scanning (the full product, then redc) measured the same
// or up to 9% slower here with Go 1.26 on amd64, for every field and both
// word sizes, so multiplication stays CIOS; squaring, which halves the cross
// products, uses SOS.
func (r *montRep) MulBody() string {
	if r.sparse != nil {
		return r.sparseMulBody()
	}
	e := &montEmit{r: r}
	N := r.N
	as, bs, ts := montNames("a", N), montNames("b", N), montNames("t", N)
	e.line("%s := %s", strings.Join(as, ", "), strings.Join(montIndex("a", N), ", "))
	e.line("%s := %s", strings.Join(bs, ", "), strings.Join(montIndex("b", N), ", "))
	e.decls(ts...)
	e.decls(montNames("r", N)...)
	if r.W == 64 {
		e.line("var hi, lo, cc, bb, mask, C, m uint64")
	} else {
		e.line("var p, d uint64")
		e.line("var mask, C, m uint32")
	}
	if r.NoCarry {
		e.line("var A %s", r.Word)
	} else {
		e.line("var tN, D %s", r.Word)
	}
	mfactor := func() {
		if r.mInv == 1 {
			e.line("m = t0")
		} else {
			e.line("m = t0 * %s", r.lit(r.mInv))
		}
		mask := uint64(1)<<r.W - 1
		if r.W == 64 {
			mask = ^uint64(0)
		}
		if r.mInv == 1 && r.Mod[0] == mask {
			e.line("C = t0 // m·m0 + t0 = t0·2^w exactly, as m0 = 2^w − 1 and m = t0")
		} else {
			e.madd("C", "_", "m", e.con(r.Mod[0]), "t0")
		}
	}
	for i := 0; i < N; i++ {
		e.line("// Row %d: t = (t + a·b%d + m·M) / 2^%d.", i, i, r.W)
		if r.NoCarry {
			var adds []string
			if i > 0 {
				adds = []string{"t0"}
			}
			e.madd("A", "t0", "a0", montVar(bs[i]), adds...)
			mfactor()
			for j := 1; j < N; j++ {
				adds := []string{"A"}
				if i > 0 {
					adds = []string{ts[j], "A"}
				}
				e.madd("A", ts[j], as[j], montVar(bs[i]), adds...)
				e.madd("C", ts[j-1], "m", e.con(r.Mod[j]), ts[j], "C")
			}
			e.line("%s = C + A", ts[N-1])
			continue
		}
		for j := 0; j < N; j++ {
			var adds []string
			if i > 0 {
				adds = append(adds, ts[j])
			}
			if j > 0 {
				adds = append(adds, "C")
			}
			e.madd("C", ts[j], as[j], montVar(bs[i]), adds...)
		}
		if i == 0 {
			e.line("tN = C")
		} else {
			e.addCarry("tN", "D", "tN", "C")
		}
		mfactor()
		for j := 1; j < N; j++ {
			if j == 1 && r.shiftLimb1() {
				e.line("// m·m1 + C = m·(m1 + 1), as C = m")
				e.madd("C", ts[0], "m", e.con(r.Mod[1]+1), ts[1])
				continue
			}
			e.madd("C", ts[j-1], "m", e.con(r.Mod[j]), ts[j], "C")
		}
		if i == 0 {
			e.addCarry(ts[N-1], "tN", "tN", "C")
		} else {
			e.addCarry(ts[N-1], "C", "tN", "C")
			e.line("tN = D + C")
		}
	}
	if r.NoCarry {
		e.line("// t < 2m.")
		e.condSub("out", ts, "")
	} else {
		e.line("// tN:t < 2m.")
		e.condSub("out", ts, "tN")
	}
	return e.b.String()
}

// SquareBody is the body of func <typ>Square(out, a *<typ>): out = a²·R⁻¹
// mod m for a < m. The square is computed first, each cross product once
// and doubled by a shift, then reduced word by word (separated operand
// scanning, the SOS of Koç, Acar and Kaliski).
func (r *montRep) SquareBody() string {
	e := &montEmit{r: r}
	N := r.N
	as, us := montNames("a", N), montNames("u", 2*N)
	e.line("%s := %s", strings.Join(as, ", "), strings.Join(montIndex("a", N), ", "))
	e.decls(us...)
	e.decls(montNames("r", N)...)
	if r.W == 64 {
		e.decls(montNames("h", N)...)
		e.decls(montNames("l", N)...)
		e.line("var hi, lo, cc, bb, mask, C, m, cr uint64")
	} else {
		e.line("var p, d, s uint64")
		e.line("var mask, C, m, cr uint32")
	}
	e.line("// Cross products a_i·a_j, i < j.")
	for i := 0; i < N-1; i++ {
		for j := i + 1; j < N; j++ {
			var adds []string
			if i > 0 {
				adds = append(adds, us[i+j])
			}
			if j > i+1 {
				adds = append(adds, "C")
			}
			e.madd("C", us[i+j], as[i], montVar(as[j]), adds...)
		}
		e.line("%s = C", us[i+N])
	}
	e.line("// Double them, then add the squares a_i².")
	sh := r.W - 1
	e.line("%s = %s >> %d", us[2*N-1], us[2*N-2], sh)
	for p := 2*N - 2; p >= 2; p-- {
		e.line("%s = %s<<1 | %s>>%d", us[p], us[p], us[p-1], sh)
	}
	e.line("u1 = u1 << 1")
	if r.W == 64 {
		for i := 0; i < N; i++ {
			e.line("h%d, l%d = bits.Mul64(a%d, a%d)", i, i, i, i)
		}
		e.line("u0 = l0")
		for p := 1; p < 2*N; p++ {
			d := fmt.Sprintf("l%d", p/2)
			if p%2 == 1 {
				d = fmt.Sprintf("h%d", p/2)
			}
			cin, cout := "cc", "cc"
			if p == 1 {
				cin = "0"
			}
			if p == 2*N-1 {
				cout = "_" // a square fits 2N words: no carry out
			}
			e.line("%s, %s = bits.Add64(%s, %s, %s)", us[p], cout, us[p], d, cin)
		}
	} else {
		for i := 0; i < N; i++ {
			e.line("p = uint64(a%d) * uint64(a%d)", i, i)
			if i == 0 {
				e.line("u0 = uint32(p)")
				e.line("s = uint64(u1) + p>>32")
			} else {
				e.line("s = uint64(u%d) + uint64(uint32(p)) + s>>32", 2*i)
				e.line("u%d = uint32(s)", 2*i)
				e.line("s = uint64(u%d) + p>>32 + s>>32", 2*i+1)
			}
			e.line("u%d = uint32(s)", 2*i+1)
		}
	}
	e.redc(us)
	return e.b.String()
}

// redc emits the Montgomery reduction of the 2N-word value in us into out:
// out = us·R⁻¹ mod m, for us < R·m.
func (e *montEmit) redc(us []string) {
	r := e.r
	N := r.N
	e.line("// Montgomery reduction, one word per row.")
	if r.sparse != nil {
		e.sparseRedc(us)
		return
	}
	full := ^uint64(0) >> (64 - r.W)
	for i := 0; i < N; i++ {
		if r.mInv == 1 {
			e.line("m = %s", us[i])
		} else {
			e.line("m = %s * %s", us[i], r.lit(r.mInv))
		}
		if r.mInv == 1 && r.Mod[0] == full {
			e.line("C = m // m·m0 + u = u·2^w exactly, as m0 = 2^w − 1 and m = u")
		} else {
			e.madd("C", "_", "m", e.con(r.Mod[0]), us[i])
		}
		for j := 1; j < N; j++ {
			if j == 1 && r.shiftLimb1() {
				e.line("// m·m1 + C = m·(m1 + 1), as C = m")
				e.madd("C", us[i+1], "m", e.con(r.Mod[1]+1), us[i+1])
				continue
			}
			e.madd("C", us[i+j], "m", e.con(r.Mod[j]), us[i+j], "C")
		}
		top, cr := us[i+N], "cr"
		if r.NoCarry && i == N-1 {
			cr = "_" // the final carry is 0, as said below
		}
		switch {
		case i == 0:
			e.addCarry(top, cr, top, "C")
		case r.W == 64:
			e.line("%s, %s = bits.Add64(%s, C, cr)", top, cr, top)
		default:
			e.line("s = uint64(%s) + uint64(C) + uint64(cr)", top)
			e.line("%s, %s = uint32(s), uint32(s>>32)", top, cr)
		}
	}
	if r.NoCarry {
		e.line("// The result is below 2m < R: the final carry cr is 0.")
		e.condSub("out", us[N:], "")
	} else {
		e.condSub("out", us[N:], "cr")
	}
}

// sparseRedc is redc's rows for a sparse m: each row forms w = m·M by
// sparseProduct (shifts and two carry chains) and adds it in one carry
// chain. The row's carry into the word above the window, with the carry cr
// left by the row before, is at most 1: the window plus cr·2^(wN) plus m·M
// stays below 2^(w(N+1)+1).
func (e *montEmit) sparseRedc(us []string) {
	r := e.r
	N := r.N
	e.sparseDecls()
	for i := 0; i < N; i++ {
		e.line("// Row %d: u += m·M·2^(64·%d), m = u%d·(−M⁻¹) mod 2^64.", i, i, i)
		e.line("m = %s * %s", us[i], r.lit(r.mInv))
		e.sparseProduct()
		e.line("_, cc = bits.Add64(%s, w0, 0) // 0 by the choice of m", us[i])
		for j := 1; j < N; j++ {
			e.line("%s, cc = bits.Add64(%s, w%d, cc)", us[i+j], us[i+j], j)
		}
		top := us[i+N]
		if i == 0 {
			e.line("%s, cr = bits.Add64(%s, w%d, cc)", top, top, N)
			continue
		}
		e.line("%s, C = bits.Add64(%s, w%d, cc)", top, top, N)
		e.line("%s, cc = bits.Add64(%s, 0, cr)", top, top)
		e.line("cr = C + cc")
	}
	e.condSub("out", us[N:], "cr")
}

// shiftLimb1 reports whether the reduction rows may fold the carry C = m
// of limb 0 (m0 = 2^w − 1, −m⁻¹ = 1) into limb 1: m·m1 + m = m·2^k when
// m1 = 2^k − 1, a shift on the 64-bit backend (P-256's p has m1 = 2^32 − 1).
func (r *montRep) shiftLimb1() bool {
	if r.W != 64 || r.N < 2 || r.mInv != 1 || r.Mod[0] != ^uint64(0) {
		return false
	}
	v := r.Mod[1] + 1
	return v > 1 && v&(v-1) == 0
}

func montIndex(v string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("%s[%d]", v, i)
	}
	return out
}

// AddBody is the body of func <typ>Add(out, a, b *<typ>): out = a + b mod m
// for a, b < m.
func (r *montRep) AddBody() string {
	e := &montEmit{r: r}
	N := r.N
	ts := montNames("t", N)
	e.decls(ts...)
	e.decls(montNames("r", N)...)
	if r.W == 64 {
		e.line("var c, bb, mask uint64")
		for j := 0; j < N; j++ {
			cin := "c"
			if j == 0 {
				cin = "0"
			}
			e.line("t%d, c = bits.Add64(a[%d], b[%d], %s)", j, j, j, cin)
		}
	} else {
		e.line("var s, d uint64")
		e.line("var c, mask uint32")
		for j := 0; j < N; j++ {
			if j == 0 {
				e.line("s = uint64(a[0]) + uint64(b[0])")
			} else {
				e.line("s = uint64(a[%d]) + uint64(b[%d]) + s>>32", j, j)
			}
			e.line("t%d = uint32(s)", j)
		}
		e.line("c = uint32(s >> 32)")
	}
	e.condSub("out", ts, "c")
	return e.b.String()
}

// HalveBody is the body of func <typ>Halve(out, a *<typ>): out = a/2 mod m
// for a < m: a + m if a is odd (under a mask), shifted right one bit with
// the carry; (a + m)/2 < m, so the result is reduced.
func (r *montRep) HalveBody() string {
	e := &montEmit{r: r}
	N := r.N
	ts := montNames("t", N)
	e.decls(ts...)
	if r.W == 64 {
		e.line("var c uint64")
		e.line("mask := -(a[0] & 1)")
		for j := 0; j < N; j++ {
			cin := "c"
			if j == 0 {
				cin = "0"
			}
			e.line("t%d, c = bits.Add64(a[%d], %s&mask, %s)", j, j, r.lit(r.Mod[j]), cin)
		}
	} else {
		e.line("var s uint64")
		e.line("var c uint32")
		e.line("mask := -(a[0] & 1)")
		for j := 0; j < N; j++ {
			if j == 0 {
				e.line("s = uint64(a[0]) + uint64(%s&mask)", r.lit(r.Mod[j]))
			} else {
				e.line("s = uint64(a[%d]) + uint64(%s&mask) + s>>32", j, r.lit(r.Mod[j]))
			}
			e.line("t%d = uint32(s)", j)
		}
		e.line("c = uint32(s >> 32)")
	}
	for j := 0; j < N; j++ {
		next := "c"
		if j < N-1 {
			next = ts[j+1]
		}
		e.line("out[%d] = %s>>1 | %s<<%d", j, ts[j], next, r.W-1)
	}
	return e.b.String()
}

// SubBody is the body of func <typ>Sub(out, a, b *<typ>): out = a − b mod m
// for a, b < m; m is added back under a mask when the subtraction borrows.
func (r *montRep) SubBody() string {
	e := &montEmit{r: r}
	N := r.N
	ts := montNames("t", N)
	e.decls(ts...)
	if r.W == 64 {
		e.line("var c, bb, mask uint64")
		for j := 0; j < N; j++ {
			bin := "bb"
			if j == 0 {
				bin = "0"
			}
			e.line("t%d, bb = bits.Sub64(a[%d], b[%d], %s)", j, j, j, bin)
		}
		e.line("mask = -bb")
		for j := 0; j < N; j++ {
			cin := "c"
			if j == 0 {
				cin = "0"
			}
			e.line("out[%d], c = bits.Add64(t%d, %s&mask, %s)", j, j, r.lit(r.Mod[j]), cin)
		}
		e.line("_ = c")
	} else {
		e.line("var d, s uint64")
		for j := 0; j < N; j++ {
			if j == 0 {
				e.line("d = uint64(a[0]) - uint64(b[0])")
			} else {
				e.line("d = uint64(a[%d]) - uint64(b[%d]) - d>>63", j, j)
			}
			e.line("t%d = uint32(d)", j)
		}
		e.line("mask := -uint32(d >> 63)")
		for j := 0; j < N; j++ {
			if j == 0 {
				e.line("s = uint64(t0) + uint64(%s&mask)", r.lit(r.Mod[j]))
			} else {
				e.line("s = uint64(t%d) + uint64(%s&mask) + s>>32", j, r.lit(r.Mod[j]))
			}
			e.line("out[%d] = uint32(s)", j)
		}
	}
	return e.b.String()
}

// LessBody is the body of func <typ>Less(a *<typ>) int: 1 if a < m.
func (r *montRep) LessBody() string {
	e := &montEmit{r: r}
	if r.W == 64 {
		e.line("var bb uint64")
		for j := 0; j < r.N; j++ {
			bin := "bb"
			if j == 0 {
				bin = "0"
			}
			e.line("_, bb = bits.Sub64(a[%d], %s, %s)", j, r.lit(r.Mod[j]), bin)
		}
		e.line("return int(bb)")
	} else {
		e.line("var d uint64")
		for j := 0; j < r.N; j++ {
			if j == 0 {
				e.line("d = uint64(a[0]) - %s", r.lit(r.Mod[j]))
			} else {
				e.line("d = uint64(a[%d]) - %s - d>>63", j, r.lit(r.Mod[j]))
			}
		}
		e.line("return int(d >> 63)")
	}
	return e.b.String()
}

// ReduceOnceBody is the body of func <typ>ReduceOnce(out, a *<typ>): out = a
// mod m for a < 2m (no top word).
func (r *montRep) ReduceOnceBody() string {
	e := &montEmit{r: r}
	e.decls(montNames("r", r.N)...)
	if r.W == 64 {
		e.line("var bb, mask uint64")
	} else {
		e.line("var d uint64")
		e.line("var mask uint32")
	}
	e.line("%s := %s", strings.Join(montNames("t", r.N), ", "), strings.Join(montIndex("a", r.N), ", "))
	e.condSub("out", montNames("t", r.N), "")
	return e.b.String()
}

// ModulusHex is m in hexadecimal, for tests.
func (r *montRep) ModulusHex() string { return r.F.Modulus.Text(16) }

func montGenerate(f *montField) (map[string][]byte, error) {
	tmpl, err := template.New("mont").Funcs(template.FuncMap{
		"join": strings.Join,
		"add":  func(a, b int) int { return a + b },
		"mul":  func(a, b int) int { return a * b },
	}).Parse(montTemplateText)
	if err != nil {
		return nil, err
	}
	r64, r32 := montNewRep(f, 64), montNewRep(f, 32)
	out := map[string][]byte{}
	run := func(name, path string, data any) error {
		var buf bytes.Buffer
		if err := tmpl.ExecuteTemplate(&buf, name, data); err != nil {
			return err
		}
		out[f.Pkg+"/"+path] = buf.Bytes()
		return nil
	}
	if err := run("rep", "zz_generated_elem64.go", r64); err != nil {
		return nil, err
	}
	if err := run("rep", "zz_generated_elem32.go", r32); err != nil {
		return nil, err
	}
	data := struct {
		F        *montField
		R64, R32 *montRep
		Reps     []*montRep
	}{f, r64, r32, []*montRep{r64, r32}}
	if err := run("element", "zz_generated_element.go", data); err != nil {
		return nil, err
	}
	if err := run("test", "zz_generated_elem_test.go", data); err != nil {
		return nil, err
	}
	if f.Safegcd {
		// fieldarith/internal/safegcd has one fixed-size type per width:
		// Modulus (below 2^256, four words) and Modulus384 (below 2^384,
		// six words), so that each runs on fixed-size arrays.
		var ctor string
		switch f.Size {
		case 32:
			ctor = "NewModulus"
		case 48:
			ctor = "NewModulus384"
		default:
			return nil, fmt.Errorf("%s: safegcd inversion needs a 32- or 48-byte field, not %d bytes", f.Pkg, f.Size)
		}
		words := f.Size / 8
		// Pack32 joins the 32-bit limbs of a into words, one line each.
		pack := make([]string, words)
		for i := range pack {
			pack[i] = fmt.Sprintf("uint64(a[%d]) | uint64(a[%d])<<32,", 2*i, 2*i+1)
		}
		sdata := struct {
			F        *montField
			R64, R32 *montRep
			Ctor     string
			Words    int
			Bits     int
			Pack32   []string
		}{f, r64, r32, ctor, words, 8 * f.Size, pack}
		if err := run("safegcd", "zz_generated_safegcd.go", sdata); err != nil {
			return nil, err
		}
		if err := run("safegcdtest", "zz_generated_safegcd_test.go", sdata); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// sparseTerm is ±2^K, one term of a modulus written as a signed sum.
type sparseTerm struct {
	K   int
	Neg bool
}

// sparseTerms returns m's non-adjacent form when the Montgomery rows
// should form m·p from it (sparseProduct): 64-bit words, at most six
// terms, and −m⁻¹ ≠ 1 (P-256's rows, with −m⁻¹ = 1, have their own
// shortcuts in madd and shiftLimb1). P-384's p = 2^384 − 2^128 − 2^96 +
// 2^32 − 1 qualifies: its reduction row costs shifts and two carry chains
// instead of six 64×64-bit products.
func sparseTerms(m *big.Int, w int, mInv uint64) []sparseTerm {
	if w != 64 || mInv == 1 {
		return nil
	}
	var out []sparseTerm
	x := new(big.Int).Set(m)
	for k := 0; x.Sign() != 0; k++ {
		if x.Bit(0) == 1 {
			// The NAF digit is 2 − (x mod 4): +1 or −1.
			if x.Bit(1) == 0 {
				out = append(out, sparseTerm{K: k})
				x.Sub(x, big.NewInt(1))
			} else {
				out = append(out, sparseTerm{K: k, Neg: true})
				x.Add(x, big.NewInt(1))
			}
		}
		x.Rsh(x, 1)
	}
	if len(out) > 6 {
		return nil
	}
	return out
}

// sparseProduct emits w0 … wN = m·M (N + 1 words) from the terms of M:
// the positive terms' shifted copies of m summed into x0 … xN, the
// negative ones' into y0 … yN, then one borrow chain x − y. m·M ≥ 0, so
// the chain's final borrow is 0.
func (e *montEmit) sparseProduct() {
	r := e.r
	N := r.N
	side := func(name string, neg bool) []string {
		// The addends of each word: m shifted, placed by each term.
		add := make([][]string, N+2)
		for _, t := range r.sparse {
			if t.Neg != neg {
				continue
			}
			j, s := t.K/64, t.K%64
			if s == 0 {
				add[j] = append(add[j], "m")
				continue
			}
			add[j] = append(add[j], fmt.Sprintf("m<<%d", s))
			add[j+1] = append(add[j+1], fmt.Sprintf("m>>%d", 64-s))
		}
		words := make([]string, N+1)
		for j := 0; j <= N; j++ {
			switch len(add[j]) {
			case 0:
				words[j] = "0"
			case 1:
				words[j] = add[j][0]
			default:
				// Two addends meet: their carry joins the next word.
				if len(add[j]) > 2 {
					panic("gen: more than two terms of the modulus in one word")
				}
				v := fmt.Sprintf("%s%d", name, j)
				c := fmt.Sprintf("%sc%d", name, j)
				e.vars = append(e.vars, v, c)
				e.line("%s, %s = bits.Add64(%s, %s, 0)", v, c, add[j][0], add[j][1])
				words[j] = v
				add[j+1] = append(add[j+1], c)
			}
		}
		if len(add[N+1]) > 0 {
			panic("gen: a modulus term past the top word")
		}
		return words
	}
	xs := side("x", false)
	ys := side("y", true)
	for j := 0; j <= N; j++ {
		bin := "bb"
		if j == 0 {
			bin = "0"
		}
		bout := "bb"
		if j == N {
			bout = "_" // m·M ≥ 0: no borrow out
		}
		e.line("w%d, %s = bits.Sub64(%s, %s, %s)", j, bout, xs[j], ys[j], bin)
	}
}

// sparseDecls declares the words sparseProduct assigns.
func (e *montEmit) sparseDecls() {
	dry := &montEmit{r: e.r}
	dry.sparseProduct()
	e.decls(append(montNames("w", e.r.N+1), dry.vars...)...)
}

// sparseMulBody is MulBody for a sparse m: the product by schoolbook rows,
// then redc, whose rows form m·M by sparseProduct.
func (r *montRep) sparseMulBody() string {
	e := &montEmit{r: r}
	N := r.N
	as, bs, us := montNames("a", N), montNames("b", N), montNames("u", 2*N)
	e.line("%s := %s", strings.Join(as, ", "), strings.Join(montIndex("a", N), ", "))
	e.line("%s := %s", strings.Join(bs, ", "), strings.Join(montIndex("b", N), ", "))
	e.decls(us...)
	e.decls(montNames("r", N)...)
	e.line("var hi, lo, cc, bb, mask, C, m, cr uint64")
	e.line("// The product a·b, one row per limb of b.")
	for i := 0; i < N; i++ {
		for j := 0; j < N; j++ {
			var adds []string
			if i > 0 {
				adds = append(adds, us[i+j])
			}
			if j > 0 {
				adds = append(adds, "C")
			}
			e.madd("C", us[i+j], as[j], montVar(bs[i]), adds...)
		}
		e.line("%s = C", us[i+N])
	}
	e.redc(us)
	return e.b.String()
}
