package field

// This file generates the unsaturated ("Solinas") field family: fields
// p = 2^N − c whose elements are held in limbs narrower than the machine
// word, so that products of limbs can be summed without carries and reduced
// with a few shifts. A field is described by its reduction identity
// (2^N ≡ Σ coef·2^e); a representation by its limb offsets and word size.
// From those the generator derives, for every product of two limbs, the
// column it lands in and its integer coefficient, folds the coefficients into
// precomputed multiples of the operands, groups products that are used alike
// into shared partial sums, and tracks the largest possible value of every
// intermediate (math/big) to prove that nothing overflows and to compute the
// limb bounds that the generated comments document and the tests assert.
//
// Every representation also gets a loose form (fiat-crypto's tight and loose
// bounds): Loose.Add and Loose.Subtract return their limb sums uncarried,
// and Multiply, Square, Mult32 and Carry are proved on those larger limbs, so
// one body serves both. The bounds are a joint fixpoint: tight outputs of the
// loose-input operations widen the tight bounds, which widen the loose ones.
// Where the proof fails uncarried, the loose Add/Subtract carry instead.

import (
	"bytes"
	_ "embed"
	"fmt"
	"math/big"
	"sort"
	"strings"
	"text/template"

	"github.com/curvekit/curvekit/internal/gen/registry"
)

//go:embed unsat.tmpl
var unsatTemplate string

// unsatField is a prime field p = 2^N − c with small c, as the generator
// works on it (built from the registry: unsatFields).
type unsatField struct {
	pkg   string
	name  string      // for comments, e.g. "GF(2^255−19)"
	n     int         // N
	red   []unsatPow  // 2^N ≡ Σ coef·2^e (mod p), every e < N
	size  int         // encoding length in bytes
	reps  []*unsatRep // the representations
	p     *big.Int
	extra string // which field-specific extras the template emits
	// safegcd makes Invert call invertSafegcd (hand-written per
	// representation on fieldarith/internal/safegcd) instead of the Fermat
	// chain, which stays as invertFermat for the tests.
	safegcd bool
}

type unsatPow struct {
	e    int
	coef int64
}

// unsatRep is one limb representation of a field.
type unsatRep struct {
	f         *unsatField
	typ       string // Go type name, e.g. "fe51"
	word      int    // 64 or 32: limb word size; products are 2·word bits wide
	width     []int  // limb widths
	off       []int  // limb offsets (prefix sums of width)
	karatsuba bool   // use the 2^(N/2) "golden ratio" Karatsuba split (needs 2^N ≡ 2^(N/2)+1)
	doc       string // a sentence on the representation's origin
	// asm names the Go bodies of Multiply and Square multiplyGeneric and
	// squareGeneric; unsatasm.go then writes amd64 assembly for them and the
	// build-tagged Multiply and Square that choose between the two.
	asm bool
	// asmMult32 does the same for Mult32 (mult32Generic), on the grouped
	// path (unsatasm_grouped.go) only.
	asmMult32 bool
	// asm32 is asm for 32-bit words: unsatasm32.go writes arm and 386
	// assembly for Multiply and Square instead of amd64's.
	asm32 bool
	// unrollLooseSub writes Loose.Subtract unrolled, not inlined, rather
	// than as inlinable loops (see emitLooseAddSub). For fe56 the loops
	// (two of 4 and 3 limbs) took 7.9% of an X448 profile against 2.6% for
	// the unrolled, not inlined Loose.Add; unrolled, X448's shared secret
	// measured 0.872 of circl's against 0.909, and for fe51 X25519's went
	// from 1.380 to 1.319 of circl's, the group operations within ±1%
	// (interleaved rounds; `go test -run X -bench Compare ./interop/curve448/`).
	unrollLooseSub bool

	bound []*big.Int // limb bounds between operations (inclusive), found by fixpoint
	subK  int64      // Subtract adds subK·p

	// The loose form: what Loose.Add/Subtract return and what Multiply,
	// Square, Mult32 and Carry accept. Its ops skip the carry unless the
	// multiplication cannot be proved on their outputs (looseAddCarry,
	// looseSubCarry), in which case they are the tight ops.
	lbound        []*big.Int // loose limb bounds (inclusive), ≥ bound
	looseAddCarry bool
	looseSubCarry bool
}

// unsatNewRep describes a representation. Wide columns are carried in two
// parallel passes when word is 64 (128-bit columns), and by two interleaved
// carry chains when word is 32 (64-bit columns).
func unsatNewRep(f *unsatField, typ string, word int, widths []int, karatsuba bool, doc string) *unsatRep {
	r := &unsatRep{f: f, typ: typ, word: word, width: widths, karatsuba: karatsuba, doc: doc}
	o := 0
	for _, w := range widths {
		r.off = append(r.off, o)
		o += w
	}
	if o != f.n {
		panic("unsat: widths do not add up to N")
	}
	return r
}

func (r *unsatRep) n() int { return len(r.width) }

// redDoc renders the reduction identity.
func (f *unsatField) redDoc() string {
	var t []string
	for _, r := range f.red {
		switch {
		case r.e == 0:
			t = append(t, fmt.Sprint(r.coef))
		case r.coef == 1:
			t = append(t, fmt.Sprintf("2^%d", r.e))
		default:
			t = append(t, fmt.Sprintf("%d·2^%d", r.coef, r.e))
		}
	}
	return fmt.Sprintf("2^%d ≡ %s", f.n, strings.Join(t, " + "))
}

func unsatPow2(k int) *big.Int { return new(big.Int).Lsh(big.NewInt(1), uint(k)) }

func unsatMaxWord(bits int) *big.Int { return new(big.Int).Sub(unsatPow2(bits), big.NewInt(1)) }

// place adds coef·2^w, reduced by the field identity, to out as column → coefficient.
func (r *unsatRep) place(w int, coef int64, out map[int]int64) {
	if w >= r.f.n {
		for _, t := range r.f.red {
			r.place(w-r.f.n+t.e, coef*t.coef, out)
		}
		return
	}
	k := 0
	for i, o := range r.off {
		if o <= w {
			k = i
		}
	}
	out[k] += coef << uint(w-r.off[k])
}

type unsatUse struct {
	col  int
	coef int64
}

func unsatSortedUses(m map[int]int64) []unsatUse {
	var u []unsatUse
	for c, k := range m {
		if k != 0 {
			u = append(u, unsatUse{c, k})
		}
	}
	sort.Slice(u, func(i, j int) bool { return u[i].col < u[j].col })
	return u
}

// An operand is a limb (or a sum of two limbs) times a small constant.
type unsatOperand struct {
	base string // variable holding the limb, e.g. "a3" or "aa1"
	mult int64
}

func (o unsatOperand) name() string {
	if o.mult == 1 {
		return o.base
	}
	return fmt.Sprintf("%s_%d", o.base, o.mult)
}

type unsatProduct struct {
	x, y unsatOperand
	uses []unsatUse
}

// products lists the limb products of a·b (or a·a when square), each with the
// columns it is added to.
func (r *unsatRep) products(square bool) []unsatProduct {
	n := r.n()
	var ps []unsatProduct
	add := func(x, y string, uses map[int]int64) {
		ps = append(ps, unsatProduct{x: unsatOperand{x, 1}, y: unsatOperand{y, 1}, uses: unsatSortedUses(uses)})
	}
	if !r.karatsuba {
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				var mult int64 = 1
				yb := "b"
				if square {
					if j < i {
						continue
					}
					if j > i {
						mult = 2
					}
					yb = "a"
				}
				u := map[int]int64{}
				r.place(r.off[i]+r.off[j], mult, u)
				add(fmt.Sprintf("a%d", i), fmt.Sprintf("%s%d", yb, j), u)
			}
		}
		return ps
	}
	// Karatsuba on φ = 2^(N/2), p = φ² − φ − 1 (Hamburg's "golden ratio"):
	// with a = a0 + a1·φ and P0 = a0·b0, P1 = a1·b1, P2 = (a0+a1)·(b0+b1),
	// each split as P = Plo + Phi·φ,
	//   a·b ≡ (P0lo + P1lo + P2hi − P0hi) + (P1hi + P2lo − P0lo + P2hi)·φ.
	// Both halves are non-negative column by column, since P2 ≥ P0 limb-wise.
	h := n / 2
	half := r.f.n / 2
	type sub struct{ x, y string }
	for pi, s := range []sub{{"a%d", "b%d"}, {"a%d", "b%d"}, {"aa%d", "bb%d"}} {
		for i := 0; i < h; i++ {
			for j := 0; j < h; j++ {
				var mult int64 = 1
				ys := s.y
				if square {
					if j < i {
						continue
					}
					if j > i {
						mult = 2
					}
					ys = strings.ReplaceAll(ys, "b", "a")
				}
				xi, yj := i, j
				if pi == 1 {
					xi, yj = i+h, j+h
				}
				w := r.off[i] + r.off[j]
				hi := w >= half
				if hi {
					w -= half
				}
				inner := map[int]int64{}
				r.place(w, mult, inner) // columns < h
				u := map[int]int64{}
				for c, k := range inner {
					switch {
					case pi == 0 && !hi: // +P0lo at c, −P0lo at h+c
						u[c] += k
						u[h+c] -= k
					case pi == 0 && hi: // −P0hi at c
						u[c] -= k
					case pi == 1 && !hi: // +P1lo at c
						u[c] += k
					case pi == 1 && hi: // +P1hi at h+c
						u[h+c] += k
					case pi == 2 && !hi: // +P2lo at h+c
						u[h+c] += k
					case pi == 2 && hi: // +P2hi at c and h+c
						u[c] += k
						u[h+c] += k
					}
				}
				add(fmt.Sprintf(s.x, xi), fmt.Sprintf(ys, yj), u)
			}
		}
	}
	return ps
}

func unsatGCD(a, b int64) int64 {
	if a < 0 {
		a = -a
	}
	if b < 0 {
		b = -b
	}
	for b != 0 {
		a, b = b, a%b
	}
	return a
}

// A group is a set of products used alike, summed once.
type unsatGroup struct {
	name  string
	prods []unsatProduct
	uses  []unsatUse
	max   *big.Int
}

// unsatPlan is the folded, grouped form of a multiplication.
type unsatPlan struct {
	operands map[string]*big.Int // operand name → max value (precomputed multiples included)
	pre      []string            // statements computing the operands
	groups   []*unsatGroup
	cols     []*big.Int // max of each column (positive part)
}

// plan folds coefficients into operands and groups products; in holds the
// max of each input limb.
func (r *unsatRep) plan(square bool, in []*big.Int) (*unsatPlan, error) {
	n := r.n()
	h := n / 2
	pl := &unsatPlan{operands: map[string]*big.Int{}}
	word := unsatMaxWord(r.word)
	for _, v := range []string{"a", "b"} {
		if square && v == "b" {
			continue
		}
		for i := 0; i < n; i++ {
			pl.operands[fmt.Sprintf("%s%d", v, i)] = in[i]
		}
		if r.karatsuba {
			for i := 0; i < h; i++ {
				name := fmt.Sprintf("%s%s%d", v, v, i)
				m := new(big.Int).Add(in[i], in[i+h])
				if m.Cmp(word) > 0 {
					return nil, fmt.Errorf("%s: %s overflows", r.typ, name)
				}
				pl.operands[name] = m
				pl.pre = append(pl.pre, fmt.Sprintf("%s := %s%d + %s%d", name, v, i, v, i+h))
			}
		}
	}
	prods := r.products(square)
	bySig := map[string]*unsatGroup{}
	var order []string
	for _, p := range prods {
		g := int64(0)
		for _, u := range p.uses {
			g = unsatGCD(g, u.coef)
		}
		if g == 0 {
			continue
		}
		for k := range p.uses {
			p.uses[k].coef /= g
		}
		// Fold g = 2^e·m: the power of two on x, the odd part on y, unless it
		// does not fit, in which case try the other way round.
		e := int64(1)
		m := g
		for m%2 == 0 {
			m /= 2
			e *= 2
		}
		fits := func(o unsatOperand) bool {
			v := new(big.Int).Mul(pl.operands[o.base], big.NewInt(o.mult))
			return v.Cmp(word) <= 0
		}
		x, y := p.x, p.y
		x.mult, y.mult = e, m
		if !fits(x) || !fits(y) {
			x.mult, y.mult = 1, g
			if !fits(y) {
				x.mult, y.mult = g, 1
				if !fits(x) {
					return nil, fmt.Errorf("%s: coefficient %d does not fit", r.typ, g)
				}
			}
		}
		p.x, p.y = x, y
		for _, o := range []unsatOperand{x, y} {
			if _, ok := pl.operands[o.name()]; !ok {
				pl.operands[o.name()] = new(big.Int).Mul(pl.operands[o.base], big.NewInt(o.mult))
				pl.pre = append(pl.pre, fmt.Sprintf("%s := %s * %d", o.name(), o.base, o.mult))
			}
		}
		sig := fmt.Sprint(p.uses)
		grp, ok := bySig[sig]
		if !ok {
			grp = &unsatGroup{uses: p.uses, max: new(big.Int)}
			bySig[sig] = grp
			order = append(order, sig)
		}
		grp.prods = append(grp.prods, p)
		grp.max.Add(grp.max, new(big.Int).Mul(pl.operands[x.name()], pl.operands[y.name()]))
	}
	sort.SliceStable(order, func(i, j int) bool {
		a, b := bySig[order[i]].uses, bySig[order[j]].uses
		if a[0].col != b[0].col {
			return a[0].col < b[0].col
		}
		return len(a) < len(b)
	})
	wide := unsatMaxWord(2 * r.word)
	pl.cols = make([]*big.Int, n)
	for i := range pl.cols {
		pl.cols[i] = new(big.Int)
	}
	for k, sig := range order {
		g := bySig[sig]
		g.name = fmt.Sprintf("s%d", k)
		if g.max.Cmp(wide) > 0 {
			return nil, fmt.Errorf("%s: partial sum overflows", r.typ)
		}
		for _, u := range g.uses {
			if u.coef > 0 {
				pl.cols[u.col].Add(pl.cols[u.col], new(big.Int).Mul(g.max, big.NewInt(u.coef)))
			}
		}
		pl.groups = append(pl.groups, g)
	}
	for k, c := range pl.cols {
		if c.Cmp(wide) > 0 {
			return nil, fmt.Errorf("%s: column %d overflows", r.typ, k)
		}
	}
	return pl, nil
}

// emitter collects generated statements.
type unsatEmitter struct {
	b strings.Builder
}

func (e *unsatEmitter) p(format string, args ...any) {
	fmt.Fprintf(&e.b, format, args...)
	e.b.WriteByte('\n')
}

func (r *unsatRep) wordType() string { return fmt.Sprintf("uint%d", r.word) }

func (r *unsatRep) mask(k int) string { return fmt.Sprintf("0x%x", unsatMaxWord(r.width[k])) }

// carryTargets is where the carry out of limb k goes: the next limb, or for
// the top limb the columns of the reduction identity.
func (r *unsatRep) carryTargets(k int) []unsatUse {
	u := map[int]int64{}
	r.place(r.off[k]+r.width[k], 1, u)
	return unsatSortedUses(u)
}

// unsatShiftAdd writes v·c as a sum of shifts, so that a 64-bit value is never
// multiplied on 32-bit targets (only 32×32→64-bit products are allowed there).
func unsatShiftAdd(v string, c int64) string {
	var t []string
	for k := 62; k >= 0; k-- {
		if c>>uint(k)&1 == 1 {
			if k == 0 {
				t = append(t, v)
			} else {
				t = append(t, fmt.Sprintf("%s<<%d", v, k))
			}
		}
	}
	if len(t) == 1 {
		return t[0]
	}
	return "(" + strings.Join(t, " + ") + ")"
}

func unsatTimes(v string, c int64) string {
	if c == 1 {
		return v
	}
	return fmt.Sprintf("%s*%d", v, c)
}

// emitMul writes the body of a multiplication or squaring into v.l; it
// returns the bound of the output limbs.
func (r *unsatRep) emitMul(e *unsatEmitter, square bool, in []*big.Int) ([]*big.Int, error) {
	pl, err := r.plan(square, in)
	if err != nil {
		return nil, err
	}
	n := r.n()
	if r.karatsuba {
		e.p("// Karatsuba on φ = 2^%d (see the package documentation): the half", r.f.n/2)
		e.p("// products of a0·b0, a1·b1 and (a0+a1)·(b0+b1) are summed once per use")
		e.p("// pattern (sK) and added to or subtracted from the columns rK.")
	} else {
		e.p("// Schoolbook product reduced on the fly by %s: a limb product of", r.f.redDoc())
		e.p("// weight ≥ 2^%d goes to the column it wraps to, and its factor (from the", r.f.n)
		e.p("// identity and from uneven limb widths) is folded into precomputed")
		e.p("// operands (x_19 = 19·x). The rK are the column sums.")
	}
	for i := 0; i < n; i++ {
		e.p("a%d := a.l[%d]", i, i)
	}
	if !square {
		for i := 0; i < n; i++ {
			e.p("b%d := b.l[%d]", i, i)
		}
	}
	for _, s := range pl.pre {
		e.p("%s", s)
	}
	// A column that is exactly one group with coefficient 1 takes the group's
	// sum directly.
	colGroups := make([][]*unsatGroup, n)
	for _, g := range pl.groups {
		for _, u := range g.uses {
			colGroups[u.col] = append(colGroups[u.col], g)
		}
	}
	direct := map[*unsatGroup]int{}
	for k, gs := range colGroups {
		if len(gs) == 1 && len(gs[0].uses) == 1 && gs[0].uses[0].coef == 1 {
			direct[gs[0]] = k
		}
	}
	coefOf := func(g *unsatGroup, col int) int64 {
		for _, u := range g.uses {
			if u.col == col {
				return u.coef
			}
		}
		return 0
	}
	if r.word == 32 {
		for _, g := range pl.groups {
			name := g.name
			if k, ok := direct[g]; ok {
				name = fmt.Sprintf("r%d", k)
			}
			var terms []string
			for _, p := range g.prods {
				terms = append(terms, fmt.Sprintf("uint64(%s)*uint64(%s)", p.x.name(), p.y.name()))
			}
			e.p("%s := %s", name, strings.Join(terms, " + "))
		}
		for k := 0; k < n; k++ {
			if len(colGroups[k]) == 1 {
				if _, ok := direct[colGroups[k][0]]; ok {
					continue
				}
			}
			var s string
			for i, g := range colGroups[k] {
				c := coefOf(g, k)
				t := unsatTimes(g.name, unsatAbs(c))
				switch {
				case i == 0 && c < 0:
					s = "-" + t
				case i == 0:
					s = t
				case c < 0:
					s += " - " + t
				default:
					s += " + " + t
				}
			}
			e.p("r%d := %s", k, s)
		}
	} else {
		e.p("var c, hi, lo uint64")
		for _, g := range pl.groups {
			name := g.name
			if k, ok := direct[g]; ok {
				name = fmt.Sprintf("r%d", k)
			}
			for i, p := range g.prods {
				if i == 0 {
					e.p("%shi, %slo := bits.Mul64(%s, %s)", name, name, p.x.name(), p.y.name())
					continue
				}
				e.p("hi, lo = bits.Mul64(%s, %s)", p.x.name(), p.y.name())
				e.p("%slo, c = bits.Add64(%slo, lo, 0)", name, name)
				e.p("%shi, _ = bits.Add64(%shi, hi, c)", name, name)
			}
		}
		for k := 0; k < n; k++ {
			if len(colGroups[k]) == 1 {
				if _, ok := direct[colGroups[k][0]]; ok {
					continue
				}
			}
			first := true
			for _, g := range colGroups[k] {
				c := coefOf(g, k)
				for range unsatAbs(c) {
					if first && c > 0 {
						e.p("r%dhi, r%dlo := %shi, %slo", k, k, g.name, g.name)
					} else {
						if first {
							e.p("var r%dhi, r%dlo uint64", k, k)
						}
						op := "Add64"
						if c < 0 {
							op = "Sub64"
						}
						e.p("r%dlo, c = bits.%s(r%dlo, %slo, 0)", k, op, k, g.name)
						e.p("r%dhi, _ = bits.%s(r%dhi, %shi, c)", k, op, k, g.name)
					}
					first = false
				}
			}
		}
	}
	return r.emitWideCarry(e, pl.cols)
}

func unsatAbs(x int64) int64 {
	if x < 0 {
		return -x
	}
	return x
}

// emitWideCarry reduces the double-word columns r0… (max values in cols) to
// limbs stored in v.l, returning their bounds.
func (r *unsatRep) emitWideCarry(e *unsatEmitter, cols []*big.Int) ([]*big.Int, error) {
	n := r.n()
	word := unsatMaxWord(r.word)
	var bl []string
	for _, c := range cols {
		bl = append(bl, fmt.Sprint(c.BitLen()))
	}
	e.p("// The columns r0… fit in %s bits (proved by the generator).", strings.Join(bl, ", "))
	cur := make([]*big.Int, n)
	for k := range cur {
		cur[k] = new(big.Int).Set(cols[k])
	}
	if r.word == 64 {
		e.p("// Split each 128-bit column into its limb and a 64-bit carry, add the")
		e.p("// carries to the next limbs, then carry once more, all in parallel.")
		// Pass 1, in parallel: split every 128-bit column into its low
		// limb and a 64-bit carry, then add each carry to its target.
		for k := 0; k < n; k++ {
			e.p("c%d := r%dhi<<%d | r%dlo>>%d", k, k, 64-r.width[k], k, r.width[k])
		}
		next := make([]*big.Int, n)
		adds := make([][]string, n)
		for k := 0; k < n; k++ {
			next[k] = unsatMaxWord(r.width[k])
		}
		for k := 0; k < n; k++ {
			c := new(big.Int).Rsh(cur[k], uint(r.width[k]))
			if c.Cmp(word) > 0 {
				return nil, fmt.Errorf("%s: carry out of column %d overflows", r.typ, k)
			}
			for _, t := range r.carryTargets(k) {
				next[t.col].Add(next[t.col], new(big.Int).Mul(c, big.NewInt(t.coef)))
				adds[t.col] = append(adds[t.col], unsatTimes(fmt.Sprintf("c%d", k), t.coef))
			}
		}
		for k := 0; k < n; k++ {
			if next[k].Cmp(word) > 0 {
				return nil, fmt.Errorf("%s: limb %d overflows after the first carry", r.typ, k)
			}
			e.p("l%d := r%dlo&%s + %s", k, k, r.mask(k), strings.Join(adds[k], " + "))
		}
		return r.emitParallelCarry(e, "l", next)
	}
	// 32-bit: two interleaved carry chains over 64-bit columns (as in ref10
	// and Goldilocks arch_32), then one more carry for each limb that received
	// a carry after its own.
	h := n / 2
	var sched []int
	for i := 0; i < h; i++ {
		sched = append(sched, i, h+i)
	}
	if n%2 == 1 {
		sched = append(sched, n-1)
	}
	e.p("// Two interleaved carry chains, from limbs 0 and %d, then one more carry", h)
	e.p("// for each limb that received a carry after its own (as ref10 does).")
	dirty := map[int]bool{}
	carry := func(k int) error {
		c := new(big.Int).Rsh(cur[k], uint(r.width[k]))
		e.p("c = r%d >> %d", k, r.width[k])
		e.p("r%d &= %s", k, r.mask(k))
		cur[k] = unsatMaxWord(r.width[k])
		delete(dirty, k)
		for _, t := range r.carryTargets(k) {
			e.p("r%d += %s", t.col, unsatShiftAdd("c", t.coef))
			cur[t.col] = new(big.Int).Add(cur[t.col], new(big.Int).Mul(c, big.NewInt(t.coef)))
			if cur[t.col].Cmp(unsatMaxWord(64)) > 0 {
				return fmt.Errorf("%s: column %d overflows in the carry chain", r.typ, t.col)
			}
			dirty[t.col] = true
		}
		return nil
	}
	e.p("var c uint64")
	for _, k := range sched {
		if err := carry(k); err != nil {
			return nil, err
		}
	}
	var again []int
	for k := range dirty {
		again = append(again, k)
	}
	sort.Ints(again)
	for _, k := range again {
		if err := carry(k); err != nil {
			return nil, err
		}
	}
	for k := 0; k < n; k++ {
		if cur[k].Cmp(word) > 0 {
			return nil, fmt.Errorf("%s: limb %d does not fit its word", r.typ, k)
		}
		e.p("v.l[%d] = uint32(r%d)", k, k)
	}
	return cur, nil
}

// emitParallelCarry carries the word-size limbs <name>0… (max values in in)
// once, in parallel, into v.l, and returns the bounds of the result.
func (r *unsatRep) emitParallelCarry(e *unsatEmitter, name string, in []*big.Int) ([]*big.Int, error) {
	return r.emitParallelCarryTo(e, name, in, "v.l[%d] =")
}

// emitParallelCarryTo is emitParallelCarry writing limb k to the
// destination dst formats with k ("v.l[%d] =", or "n%d :=" for a local).
func (r *unsatRep) emitParallelCarryTo(e *unsatEmitter, name string, in []*big.Int, dst string) ([]*big.Int, error) {
	n := r.n()
	out := make([]*big.Int, n)
	adds := make([][]string, n)
	for k := 0; k < n; k++ {
		out[k] = unsatMaxWord(r.width[k])
	}
	for k := 0; k < n; k++ {
		c := new(big.Int).Rsh(in[k], uint(r.width[k]))
		for _, t := range r.carryTargets(k) {
			out[t.col].Add(out[t.col], new(big.Int).Mul(c, big.NewInt(t.coef)))
			adds[t.col] = append(adds[t.col], unsatTimes(fmt.Sprintf("(%s%d>>%d)", name, k, r.width[k]), t.coef))
		}
	}
	for k := 0; k < n; k++ {
		if out[k].Cmp(unsatMaxWord(r.word)) > 0 {
			return nil, fmt.Errorf("%s: limb %d overflows in the carry", r.typ, k)
		}
		e.p(dst+" %s%d&%s + %s", k, name, k, r.mask(k), strings.Join(adds[k], " + "))
	}
	return out, nil
}

// emitMult32 writes v = a·y for a uint32 y.
func (r *unsatRep) emitMult32(e *unsatEmitter, in []*big.Int) ([]*big.Int, error) {
	n := r.n()
	cols := make([]*big.Int, n)
	y := unsatMaxWord(32)
	for k := 0; k < n; k++ {
		cols[k] = new(big.Int).Mul(in[k], y)
		if r.word == 64 {
			e.p("r%dhi, r%dlo := bits.Mul64(a.l[%d], uint64(y))", k, k, k)
		} else {
			e.p("r%d := uint64(a.l[%d]) * uint64(y)", k, k)
		}
	}
	return r.emitWideCarry(e, cols)
}

// emitAddSub writes v = a + b, or v = a − b computed as a + k·p − b.
func (r *unsatRep) emitAddSub(e *unsatEmitter, sub bool, in []*big.Int) ([]*big.Int, error) {
	n := r.n()
	sums := make([]*big.Int, n)
	for k := 0; k < n; k++ {
		sums[k] = new(big.Int).Add(in[k], in[k])
		if sub {
			kp := r.subLimb(k)
			sums[k] = new(big.Int).Add(in[k], kp)
			e.p("t%d := a.l[%d] + 0x%x - b.l[%d]", k, k, kp, k)
		} else {
			e.p("t%d := a.l[%d] + b.l[%d]", k, k, k)
		}
		if sums[k].Cmp(unsatMaxWord(r.word)) > 0 {
			return nil, fmt.Errorf("%s: Add/Subtract overflows limb %d", r.typ, k)
		}
	}
	return r.emitParallelCarry(e, "t", sums)
}

// emitNegate writes v = −a computed as k·p − a limb by limb and carried,
// or, with cond, v = −v if cond == 1 (a masked select of that negation, for
// the sign of a table lookup). Written out rather than as Subtract(0, a) so
// that it inlines without a zeroed temporary.
func (r *unsatRep) emitNegate(e *unsatEmitter, cond bool, in []*big.Int) ([]*big.Int, error) {
	n := r.n()
	src := "a"
	if cond {
		src = "v"
		e.p("m := ct.Mask%d(cond)", r.word)
	}
	sums := make([]*big.Int, n)
	for k := 0; k < n; k++ {
		kp := r.subLimb(k)
		if kp.Cmp(in[k]) < 0 {
			return nil, fmt.Errorf("%s: Negate: %d·p does not cover limb %d", r.typ, r.subK, k)
		}
		sums[k] = kp
		e.p("t%d := 0x%x - %s.l[%d]", k, kp, src, k)
	}
	if !cond {
		return r.emitParallelCarry(e, "t", sums)
	}
	out, err := r.emitParallelCarryTo(e, "t", sums, "n%d :=")
	if err != nil {
		return nil, err
	}
	for k := 0; k < n; k++ {
		e.p("v.l[%d] ^= m & (v.l[%d] ^ n%d)", k, k, k)
		// The result is one of the two inputs: the bound is the larger.
		if in[k].Cmp(out[k]) > 0 {
			out[k] = in[k]
		}
	}
	return out, nil
}

// emitLooseAddSub writes the loose v = a + b, or v = a − b computed as
// a + k·p − b, of tight a and b (limbs ≤ in): limb by limb without a carry,
// unless the chosen loose form carries.
func (r *unsatRep) emitLooseAddSub(e *unsatEmitter, sub bool, in []*big.Int) ([]*big.Int, error) {
	if (sub && r.looseSubCarry) || (!sub && r.looseAddCarry) {
		return r.emitAddSub(e, sub, in)
	}
	n := r.n()
	out := make([]*big.Int, n)
	for k := 0; k < n; k++ {
		if sub {
			kp := r.subLimb(k)
			if kp.Cmp(in[k]) < 0 {
				return nil, fmt.Errorf("%s: loose Subtract: %d·p does not cover limb %d", r.typ, r.subK, k)
			}
			out[k] = new(big.Int).Add(in[k], kp)
		} else {
			out[k] = new(big.Int).Add(in[k], in[k])
		}
		if out[k].Cmp(unsatMaxWord(r.word)) > 0 {
			return nil, fmt.Errorf("%s: loose Add/Subtract overflows limb %d", r.typ, k)
		}
	}
	if !sub {
		for k := 0; k < n; k++ {
			e.p("v.l[%d] = a.l[%d] + b.l[%d]", k, k, k)
		}
		return out, nil
	}
	// On 64-bit words, runs of limbs with the same k·p limb are written as
	// loops: unrolled, fe51's Subtract costs just over the inliner's budget of
	// 80 once wrapped by Loose.Subtract, and it was measured to need the
	// inlining. Not for the representations marked unrollLooseSub (now
	// fe51 and fe56), where re-measured the loops cost more than the call
	// of the unrolled form.
	loops := r.word == 64 && !r.unrollLooseSub
	if loops {
		e.p("// Loops over limbs with equal %d·p limbs keep this within the inliner's budget.", r.subK)
	}
	for k := 0; k < n; {
		kp := r.subLimb(k)
		j := k + 1
		for loops && j < n && r.subLimb(j).Cmp(kp) == 0 {
			j++
		}
		if j-k == 1 {
			e.p("v.l[%d] = a.l[%d] + 0x%x - b.l[%d]", k, k, kp, k)
		} else {
			e.p("for i := %d; i < %d; i++ {", k, j)
			e.p("v.l[i] = a.l[i] + 0x%x - b.l[i]", kp)
			e.p("}")
		}
		k = j
	}
	return out, nil
}

// emitCarry writes the tight v of the loose a (limbs ≤ in): one parallel carry.
func (r *unsatRep) emitCarry(e *unsatEmitter, in []*big.Int) ([]*big.Int, error) {
	for k := 0; k < r.n(); k++ {
		e.p("t%d := a.l[%d]", k, k)
	}
	return r.emitParallelCarry(e, "t", in)
}

// pLimbs writes p = Σ p_k·2^off_k with 0 ≤ p_k < 2^width_k.
func (r *unsatRep) pLimbs() []*big.Int {
	n := r.n()
	out := make([]*big.Int, n)
	for k := 0; k < n; k++ {
		out[k] = new(big.Int).And(new(big.Int).Rsh(r.f.p, uint(r.off[k])), unsatMaxWord(r.width[k]))
	}
	return out
}

func (r *unsatRep) subLimb(k int) *big.Int {
	return new(big.Int).Mul(r.pLimbs()[k], big.NewInt(r.subK))
}

// deltaLimbs is 2^N − p = 2^N mod p spread over the limbs.
func (r *unsatRep) deltaLimbs() []int64 {
	u := map[int]int64{}
	r.place(r.f.n, 1, u)
	d := make([]int64, r.n())
	for c, k := range u {
		d[c] = k
	}
	return d
}

// limbsOf splits a value into canonical limbs.
func (r *unsatRep) limbsOf(x *big.Int) []*big.Int {
	out := make([]*big.Int, r.n())
	for k := range out {
		out[k] = new(big.Int).And(new(big.Int).Rsh(x, uint(r.off[k])), unsatMaxWord(r.width[k]))
	}
	return out
}

// solve finds the limb bounds, trying the loose forms from the loosest (no
// carry in Loose.Add nor Loose.Subtract) to the tightest (both carry, the
// loose form is the tight one): the first whose multiplication the interval
// arithmetic proves is taken.
func (r *unsatRep) solve() error {
	var errs []string
	for _, c := range [][2]bool{{false, false}, {false, true}, {true, true}} {
		r.looseAddCarry, r.looseSubCarry = c[0], c[1]
		err := r.solveBounds()
		if err == nil {
			return nil
		}
		errs = append(errs, err.Error())
	}
	return fmt.Errorf("%s: no loose form works: %s", r.typ, strings.Join(errs, "; "))
}

// solveBounds finds the limb bounds for the chosen loose form: the smallest
// per-limb tight bounds B and loose bounds L with every operation mapping
// inputs ≤ B (tight) or ≤ L (loose) to outputs ≤ B, resp. ≤ L.
func (r *unsatRep) solveBounds() error {
	n := r.n()
	b := make([]*big.Int, n)
	for k := range b {
		b[k] = unsatMaxWord(r.width[k])
	}
	for iter := 0; ; iter++ {
		if iter > 20 {
			return fmt.Errorf("%s: limb bounds do not converge", r.typ)
		}
		// Subtract adds the smallest power-of-two multiple of p whose limbs
		// all exceed the bound.
		for r.subK = 2; ; r.subK *= 2 {
			ok := true
			for k, pk := range r.pLimbs() {
				if new(big.Int).Mul(pk, big.NewInt(r.subK)).Cmp(b[k]) < 0 {
					ok = false
				}
			}
			if ok {
				break
			}
		}
		r.bound = b
		var e unsatEmitter
		// The loose bound: the larger of the tight bound and what the loose
		// Add/Subtract return on tight inputs.
		lb := make([]*big.Int, n)
		for k := range lb {
			lb[k] = new(big.Int).Set(b[k])
		}
		for _, sub := range []bool{false, true} {
			out, err := r.emitLooseAddSub(&e, sub, b)
			if err != nil {
				return err
			}
			for k := range lb {
				if out[k].Cmp(lb[k]) > 0 {
					lb[k] = out[k]
				}
			}
		}
		r.lbound = lb
		changed := false
		for _, f := range []func() ([]*big.Int, error){
			func() ([]*big.Int, error) { return r.emitMul(&e, false, lb) },
			func() ([]*big.Int, error) { return r.emitMul(&e, true, lb) },
			func() ([]*big.Int, error) { return r.emitMult32(&e, lb) },
			func() ([]*big.Int, error) { return r.emitCarry(&e, lb) },
			func() ([]*big.Int, error) { return r.emitAddSub(&e, false, b) },
			func() ([]*big.Int, error) { return r.emitAddSub(&e, true, b) },
		} {
			out, err := f()
			if err != nil {
				return err
			}
			for k := range b {
				if out[k].Cmp(b[k]) > 0 {
					b[k] = out[k]
					changed = true
				}
			}
		}
		if !changed {
			break
		}
	}
	// The canonical reduction needs the value to be below 2p.
	max := new(big.Int)
	for k := range b {
		max.Add(max, new(big.Int).Lsh(b[k], uint(r.off[k])))
	}
	if max.Cmp(new(big.Int).Lsh(r.f.p, 1)) >= 0 {
		return fmt.Errorf("%s: limb bounds allow values ≥ 2p", r.typ)
	}
	return nil
}

// boundDoc renders the bounds as 2^w + x, or for loose bounds of more than
// twice that, as m·2^w + x.
func (r *unsatRep) boundDoc(bound []*big.Int) string {
	var s []string
	for k, b := range bound {
		w := unsatPow2(r.width[k])
		m := new(big.Int).Quo(new(big.Int).Add(b, big.NewInt(1)), w)
		x := new(big.Int).Sub(new(big.Int).Add(b, big.NewInt(1)), new(big.Int).Mul(m, w))
		switch {
		case m.Cmp(big.NewInt(1)) <= 0:
			x = new(big.Int).Sub(b, unsatMaxWord(r.width[k]))
			s = append(s, fmt.Sprintf("//	l[%d] < 2^%d + %s", k, r.width[k], x))
		case x.Sign() == 0:
			s = append(s, fmt.Sprintf("//	l[%d] < %s·2^%d", k, m, r.width[k]))
		default:
			s = append(s, fmt.Sprintf("//	l[%d] < %s·2^%d + %s", k, m, r.width[k], x))
		}
	}
	return strings.Join(s, "\n")
}

// emitReduce writes the canonical reduction of t.l (limbs within bounds, so
// the value is below 2p): subtract p once if v + (2^N − p) carries out of 2^N.
func (r *unsatRep) emitReduce(e *unsatEmitter) {
	n := r.n()
	d := r.deltaLimbs()
	for k := 0; k < n; k++ {
		term := fmt.Sprintf("v.l[%d]", k)
		if d[k] != 0 {
			term += fmt.Sprintf(" + %d", d[k])
		}
		if k == 0 {
			e.p("c := (%s) >> %d", term, r.width[k])
		} else {
			e.p("c = (%s + c) >> %d", term, r.width[k])
		}
	}
	for k := 0; k < n; k++ {
		if d[k] != 0 {
			e.p("v.l[%d] += %s", k, unsatTimes("c", d[k]))
		}
	}
	for k := 0; k < n-1; k++ {
		e.p("v.l[%d] += v.l[%d] >> %d", k+1, k, r.width[k])
		e.p("v.l[%d] &= %s", k, r.mask(k))
	}
	e.p("v.l[%d] &= %s", n-1, r.mask(n-1))
}

// emitFromBytes sets v.l from the little-endian x, ignoring bits ≥ N.
func (r *unsatRep) emitFromBytes(e *unsatEmitter) {
	for k := 0; k < r.n(); k++ {
		o, w := r.off[k], r.width[k]
		var terms []string
		for i := o / 8; i*8 < o+w; i++ {
			sh := i*8 - o
			switch {
			case sh < 0:
				terms = append(terms, fmt.Sprintf("%s(x[%d])>>%d", r.wordType(), i, -sh))
			case sh == 0:
				terms = append(terms, fmt.Sprintf("%s(x[%d])", r.wordType(), i))
			default:
				terms = append(terms, fmt.Sprintf("%s(x[%d])<<%d", r.wordType(), i, sh))
			}
		}
		e.p("v.l[%d] = (%s) & %s", k, strings.Join(terms, " | "), r.mask(k))
	}
}

// emitToBytes writes the canonical limbs t.l to out, little-endian.
func (r *unsatRep) emitToBytes(e *unsatEmitter) {
	for i := 0; i < r.f.size; i++ {
		var terms []string
		for k := 0; k < r.n(); k++ {
			o, w := r.off[k], r.width[k]
			if o >= i*8+8 || o+w <= i*8 {
				continue
			}
			sh := i*8 - o
			switch {
			case sh < 0:
				terms = append(terms, fmt.Sprintf("t.l[%d]<<%d", k, -sh))
			case sh == 0:
				terms = append(terms, fmt.Sprintf("t.l[%d]", k))
			default:
				terms = append(terms, fmt.Sprintf("t.l[%d]>>%d", k, sh))
			}
		}
		e.p("out[%d] = byte(%s)", i, strings.Join(terms, " | "))
	}
}

// emitFromWords sets v.l from the little-endian 64-bit words x, ignoring
// bits ≥ N: emitFromBytes with 64-bit words for bytes.
func (r *unsatRep) emitFromWords(e *unsatEmitter) {
	for k := 0; k < r.n(); k++ {
		o, w := r.off[k], r.width[k]
		var terms []string
		for i := o / 64; i*64 < o+w; i++ {
			switch sh := i*64 - o; {
			case sh < 0:
				terms = append(terms, fmt.Sprintf("x[%d]>>%d", i, -sh))
			case sh == 0:
				terms = append(terms, fmt.Sprintf("x[%d]", i))
			default:
				terms = append(terms, fmt.Sprintf("x[%d]<<%d", i, sh))
			}
		}
		v := strings.Join(terms, " | ")
		if r.wordType() != "uint64" {
			v = r.wordType() + "(" + v + ")"
		} else if len(terms) > 1 {
			v = "(" + v + ")"
		}
		e.p("v.l[%d] = %s & %s", k, v, r.mask(k))
	}
}

// emitToWords writes the canonical limbs t.l to out as little-endian
// 64-bit words: emitToBytes with 64-bit words for bytes.
func (r *unsatRep) emitToWords(e *unsatEmitter) {
	for i := 0; i < r.nWords(); i++ {
		var terms []string
		for k := 0; k < r.n(); k++ {
			o, w := r.off[k], r.width[k]
			if o >= i*64+64 || o+w <= i*64 {
				continue
			}
			l := fmt.Sprintf("t.l[%d]", k)
			if r.wordType() != "uint64" {
				l = "uint64(" + l + ")"
			}
			switch sh := i*64 - o; {
			case sh < 0:
				terms = append(terms, fmt.Sprintf("%s<<%d", l, -sh))
			case sh == 0:
				terms = append(terms, l)
			default:
				terms = append(terms, fmt.Sprintf("%s>>%d", l, sh))
			}
		}
		e.p("out[%d] = %s", i, strings.Join(terms, " | "))
	}
}

// nWords is the number of 64-bit words of the encoding.
func (r *unsatRep) nWords() int { return (r.f.size + 7) / 8 }

// limbLiteral renders a constant as a composite literal of the representation.
func (r *unsatRep) limbLiteral(x *big.Int) string {
	var s []string
	for _, l := range r.limbsOf(x) {
		s = append(s, fmt.Sprintf("0x%x", l))
	}
	return fmt.Sprintf("%s{l: [%d]%s{%s}}", r.typ, r.n(), r.wordType(), strings.Join(s, ", "))
}

// unsatData is what the template sees for one representation.
type unsatData struct {
	Pkg, Type, Word, FieldName, Doc, Bounds string
	N, Size, WordBits, SubK                 int
	Wide, Karatsuba, Is25519, Is448         bool
	Widths, Offsets                         string
	BoundList                               string
	MulBody, SquareBody, Mult32Body         string
	AddBody, SubBody, ReduceBody            string
	NegBody, CondNegBody                    string
	FromBytesBody, ToBytesBody              string
	FromWordsBody, ToWordsBody              string
	NWords                                  int
	InvertBody, Pow22523Body, PowP34Body    string
	Safegcd                                 bool
	Asm, AsmMult32, AsmSquareN              bool
	AsmLooseAdd, AsmLooseSub, AsmSwap       bool
	AsmAddSub                               bool   // the tight Add and Subtract
	AsmArch                                 string // where the assembly runs: "amd64", "arm and 386"
	SqrtM1                                  string
	MulCount, SquareCount                   int
	InvSq, InvMul                           int

	LooseBounds, LooseBoundList  string
	LooseAddBody, LooseSubBody   string
	CarryBody                    string
	LooseAddCarry, LooseSubCarry bool
	Types                        []string // every representation of the field (for the limb tests)
}

func (r *unsatRep) data() (*unsatData, error) {
	if err := r.solve(); err != nil {
		return nil, err
	}
	d := &unsatData{
		Pkg: r.f.pkg, Type: r.typ, Word: r.wordType(), FieldName: r.f.name, Doc: r.doc,
		N: r.n(), Size: r.f.size, WordBits: r.word, SubK: int(r.subK),
		Wide: r.word == 64, Karatsuba: r.karatsuba,
		Is25519: r.f.extra == "25519", Is448: r.f.extra == "448",
		Bounds: r.boundDoc(r.bound), LooseBounds: r.boundDoc(r.lbound),
		LooseAddCarry: r.looseAddCarry, LooseSubCarry: r.looseSubCarry,
		Asm: r.asm || r.asm32, AsmMult32: r.asmMult32 || r.asm32Mult32(), AsmSquareN: r.asmSquareN(),
		AsmLooseAdd: r.asm32LooseAdd(), AsmLooseSub: r.asm32LooseSub(), AsmSwap: r.asm32Swap(), AsmAddSub: r.asm32AddSub(),
		AsmArch: "amd64",
	}
	if r.asm32 {
		d.AsmArch = "arm and 386"
	}
	var ws, os, bs, ls []string
	for k := range r.width {
		ws = append(ws, fmt.Sprint(r.width[k]))
		os = append(os, fmt.Sprint(r.off[k]))
		bs = append(bs, fmt.Sprintf("0x%x", r.bound[k]))
		ls = append(ls, fmt.Sprintf("0x%x", r.lbound[k]))
	}
	d.Widths, d.Offsets, d.BoundList = strings.Join(ws, ", "), strings.Join(os, ", "), strings.Join(bs, ", ")
	d.LooseBoundList = strings.Join(ls, ", ")
	body := func(f func(e *unsatEmitter) error) (string, error) {
		var e unsatEmitter
		err := f(&e)
		return e.b.String(), err
	}
	checkIn := func(bound []*big.Int) func(out []*big.Int, err error) error {
		return func(out []*big.Int, err error) error {
			if err != nil {
				return err
			}
			for k := range out {
				if out[k].Cmp(bound[k]) > 0 {
					return fmt.Errorf("%s: output limb %d exceeds its bound", r.typ, k)
				}
			}
			return nil
		}
	}
	check, checkLoose := checkIn(r.bound), checkIn(r.lbound)
	var err error
	// Multiply, Square and Mult32 are proved on loose inputs (tight ones are
	// within them), so that the loose forms share their code.
	if d.MulBody, err = body(func(e *unsatEmitter) error { return check(r.emitMul(e, false, r.lbound)) }); err != nil {
		return nil, err
	}
	if d.SquareBody, err = body(func(e *unsatEmitter) error { return check(r.emitMul(e, true, r.lbound)) }); err != nil {
		return nil, err
	}
	if d.Mult32Body, err = body(func(e *unsatEmitter) error { return check(r.emitMult32(e, r.lbound)) }); err != nil {
		return nil, err
	}
	if d.CarryBody, err = body(func(e *unsatEmitter) error { return check(r.emitCarry(e, r.lbound)) }); err != nil {
		return nil, err
	}
	if d.LooseAddBody, err = body(func(e *unsatEmitter) error { return checkLoose(r.emitLooseAddSub(e, false, r.bound)) }); err != nil {
		return nil, err
	}
	if d.LooseSubBody, err = body(func(e *unsatEmitter) error { return checkLoose(r.emitLooseAddSub(e, true, r.bound)) }); err != nil {
		return nil, err
	}
	if d.AddBody, err = body(func(e *unsatEmitter) error { return check(r.emitAddSub(e, false, r.bound)) }); err != nil {
		return nil, err
	}
	if d.SubBody, err = body(func(e *unsatEmitter) error { return check(r.emitAddSub(e, true, r.bound)) }); err != nil {
		return nil, err
	}
	if d.NegBody, err = body(func(e *unsatEmitter) error { return check(r.emitNegate(e, false, r.bound)) }); err != nil {
		return nil, err
	}
	if d.CondNegBody, err = body(func(e *unsatEmitter) error { return check(r.emitNegate(e, true, r.bound)) }); err != nil {
		return nil, err
	}
	d.ReduceBody, _ = body(func(e *unsatEmitter) error { r.emitReduce(e); return nil })
	d.FromBytesBody, _ = body(func(e *unsatEmitter) error { r.emitFromBytes(e); return nil })
	d.ToBytesBody, _ = body(func(e *unsatEmitter) error { r.emitToBytes(e); return nil })
	d.FromWordsBody, _ = body(func(e *unsatEmitter) error { r.emitFromWords(e); return nil })
	d.ToWordsBody, _ = body(func(e *unsatEmitter) error { r.emitToWords(e); return nil })
	d.ToWordsBody = strings.TrimRight(d.ToWordsBody, "\n")
	d.NWords = r.nWords()
	pl, _ := r.plan(false, r.lbound)
	for _, g := range pl.groups {
		d.MulCount += len(g.prods)
	}
	pl, _ = r.plan(true, r.lbound)
	for _, g := range pl.groups {
		d.SquareCount += len(g.prods)
	}
	p := r.f.p
	inv := buildChain(new(big.Int).Sub(p, big.NewInt(2)), "a", "v")
	d.InvertBody = inv.codeWith(r.typ, true)
	d.InvSq, d.InvMul = inv.counts()
	d.Safegcd = r.f.safegcd
	switch r.f.extra {
	case "25519":
		e := new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(5)), 3)
		d.Pow22523Body = buildChain(e, "a", "v").codeWith(r.typ, true)
		// sqrt(−1) = 2^((p−1)/4).
		s := new(big.Int).Exp(big.NewInt(2), new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(1)), 2), p)
		d.SqrtM1 = r.limbLiteral(s)
	case "448":
		e := new(big.Int).Rsh(new(big.Int).Sub(p, big.NewInt(3)), 2)
		d.PowP34Body = buildChain(e, "a", "v").codeWith(r.typ, true)
	}
	return d, nil
}

// unsatFields are the registry's fields with unsaturated representations
// (fe64, a saturated representation of GF(2^255−19), is the curve
// generator's).
var unsatFields = func() []*unsatField {
	var fs []*unsatField
	for _, rf := range registry.Fields {
		reps := rf.RepsOf(registry.Unsaturated)
		if len(reps) == 0 {
			continue
		}
		f := &unsatField{pkg: rf.Pkg, name: rf.Name(), n: rf.Bits, size: rf.Size, p: rf.Modulus,
			extra: strings.TrimPrefix(rf.Pkg, "field"), safegcd: rf.Safegcd}
		for _, t := range rf.Reduction {
			f.red = append(f.red, unsatPow{t.Exp, t.Coef})
		}
		for _, rr := range reps {
			r := unsatNewRep(f, rr.Name, rr.Word, rr.Widths, rr.Karatsuba, rr.Doc)
			r.asm, r.asmMult32, r.asm32, r.unrollLooseSub = rr.Asm, rr.AsmMult32, rr.Asm32, rr.UnrollLooseSub
			f.reps = append(f.reps, r)
		}
		fs = append(fs, f)
	}
	return fs
}()

func init() {
	for _, f := range unsatFields {
		f := f
		register("unsat"+f.extra, func() (map[string][]byte, error) { return unsatGenerate(f) })
	}
}

func unsatGenerate(f *unsatField) (map[string][]byte, error) {
	tmpl, err := template.New("unsat").Parse(unsatTemplate)
	if err != nil {
		return nil, err
	}
	files := map[string][]byte{}
	var all []*unsatData
	var types []string
	for _, r := range f.reps {
		types = append(types, r.typ)
	}
	for _, r := range f.reps {
		d, err := r.data()
		if err != nil {
			return nil, err
		}
		d.Types = types
		all = append(all, d)
		for _, part := range []string{"rep", "reptest"} {
			var b bytes.Buffer
			b.WriteString(header)
			if err := tmpl.ExecuteTemplate(&b, part, d); err != nil {
				return nil, err
			}
			name := fmt.Sprintf("%s/zz_generated_%s.go", f.pkg, r.typ)
			if part == "reptest" {
				name = fmt.Sprintf("%s/zz_generated_%s_test.go", f.pkg, r.typ)
			}
			files[name] = b.Bytes()
		}
	}
	var b bytes.Buffer
	b.WriteString(header)
	if err := tmpl.ExecuteTemplate(&b, "element", all[0]); err != nil {
		return nil, err
	}
	files[f.pkg+"/zz_generated_element.go"] = bytes.Clone(b.Bytes())
	b.Reset()
	b.WriteString(header)
	if err := tmpl.ExecuteTemplate(&b, "limbtest", all[0]); err != nil {
		return nil, err
	}
	files[f.pkg+"/zz_generated_limbs_test.go"] = bytes.Clone(b.Bytes())
	b.Reset()
	b.WriteString(header)
	if err := tmpl.ExecuteTemplate(&b, "bench", all[0]); err != nil {
		return nil, err
	}
	files[f.pkg+"/zz_generated_bench_test.go"] = b.Bytes()
	return files, nil
}
