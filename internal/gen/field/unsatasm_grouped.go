package field

// This file writes the assembly of the representations whose columns are
// not single sums of products: the Karatsuba plans (fe56), where a partial
// sum sK of the plan is added to one column and added to or subtracted from
// another. It walks the same plan as emitMul: the same limb products, the
// same precomputed operands (aa_i = a_i + a_{i+4}, 2·a_i, 2·aa_i), the same
// groups and signed uses, the same 128-bit column sums mod 2^128 (emitMul's
// bits.Add64/Sub64 pairs drop the carry out of the high word; ADDQ/ADCQ and
// SUBQ/SBBQ do too), then emitWideCarry's split c = hi<<(64−w) | lo>>w,
// l = lo&mask + carries, and the one parallel carry. Only the order of the
// additions differs, which cannot matter modulo 2^128, so the limbs are the
// Go code's bit for bit and its interval proof covers them.
//
// The layout: the precomputed operands are computed once into the frame
// (MULQ reads them from there, as it reads the limbs from the arguments);
// the columns are summed by clusters (columns that share a group: {k, k+4}
// for fe56), each column in two registers, a group of several products that
// feeds several columns summed in the accumulator of one of them ("host")
// before anything else goes there and then applied to the others; finished
// limbs whose carries are in are parked in the frame when the registers run
// short. The mask 2^w−1 is in the frame too. Straight-line code, addresses
// fixed by the arguments and the stack pointer: constant time.

import (
	"fmt"
	"math/big"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// asmOperandParts returns the limbs (argument letter, index) whose sum is
// the plan operand base: a limb "a3", or a Karatsuba sum "aa1" = a1 + a5.
func (r *unsatRep) asmOperandParts(base string) ([][2]int, byte, error) {
	n := r.n()
	if len(base) >= 3 && base[0] == base[1] {
		i, err := strconv.Atoi(base[2:])
		if err != nil || !r.karatsuba || i < 0 || i >= n/2 {
			return nil, 0, fmt.Errorf("operand %s is not a Karatsuba sum", base)
		}
		return [][2]int{{0, i}, {0, i + n/2}}, base[0], nil
	}
	i, err := strconv.Atoi(base[1:])
	if err != nil || i < 0 || i >= n {
		return nil, 0, fmt.Errorf("operand %s is not a limb", base)
	}
	return [][2]int{{0, i}}, base[0], nil
}

// groupedLayout is the frame and column structure shared by the candidate
// schedules of one function.
type groupedLayout struct {
	slot     map[string]int // precomputed operand → frame offset
	maskSlot int
	park     []int // limb k → frame offset where it is parked
	frame    int
}

// asmMulGrouped writes one multiplication or squaring of a plan with shared
// groups (see the file comment).
func (r *unsatRep) asmMulGrouped(s *asmText, fn asmFunc) error {
	n := r.n()
	if r.word != 64 {
		return fmt.Errorf("%s: assembly is written for 64-bit limbs", r.typ)
	}
	w := r.width[0]
	for _, x := range r.width {
		if x != w {
			return fmt.Errorf("%s: assembly needs equal limb widths", r.typ)
		}
	}
	var scratch unsatEmitter
	var pl *unsatPlan
	if fn.mult32 {
		// emitMult32's plan: column k is the one product a_k·y.
		if _, err := r.emitMult32(&scratch, r.lbound); err != nil {
			return err
		}
		pl = &unsatPlan{}
		for k := 0; k < n; k++ {
			pl.groups = append(pl.groups, &unsatGroup{name: fmt.Sprintf("r%d", k),
				prods: []unsatProduct{{x: unsatOperand{fmt.Sprintf("a%d", k), 1}, y: unsatOperand{"y", 1}}},
				uses:  []unsatUse{{k, 1}}})
			pl.cols = append(pl.cols, new(big.Int).Mul(r.lbound[k], unsatMaxWord(32)))
		}
	} else {
		if _, err := r.emitMul(&scratch, fn.square, r.lbound); err != nil {
			return err
		}
		var err error
		if pl, err = r.plan(fn.square, r.lbound); err != nil {
			return err
		}
	}
	// The frame: every operand that is not a bare limb, then the mask, then
	// a parking slot per limb.
	lay := &groupedLayout{slot: map[string]int{}}
	var pre []unsatOperand
	for _, g := range pl.groups {
		for _, p := range g.prods {
			for _, o := range []unsatOperand{p.x, p.y} {
				if o.base == "y" { // Mult32's uint32, zero-extended into BX
					if !slices.ContainsFunc(pre, func(p unsatOperand) bool { return p.base == "y" }) {
						pre = append(pre, o)
					}
					continue
				}
				parts, _, err := r.asmOperandParts(o.base)
				if err != nil {
					return err
				}
				if len(parts) == 1 && o.mult == 1 {
					continue
				}
				if _, ok := lay.slot[o.name()]; !ok {
					lay.slot[o.name()] = 8 * len(pre)
					pre = append(pre, o)
				}
			}
		}
	}
	lay.maskSlot = 8 * len(pre)
	for k := 0; k < n; k++ {
		lay.park = append(lay.park, 8*(len(pre)+1+k))
	}
	lay.frame = 8 * (len(pre) + 1 + n)

	// Clusters: columns joined by a group that feeds both.
	parent := make([]int, n)
	for k := range parent {
		parent[k] = k
	}
	var find func(int) int
	find = func(k int) int {
		if parent[k] != k {
			parent[k] = find(parent[k])
		}
		return parent[k]
	}
	for _, g := range pl.groups {
		for _, u := range g.uses[1:] {
			parent[find(u.col)] = find(g.uses[0].col)
		}
	}
	var clusters [][]int        // columns of each cluster, ascending
	var cgroups [][]*unsatGroup // groups of each cluster, plan order
	idx := map[int]int{}
	for k := 0; k < n; k++ {
		root := find(k)
		i, ok := idx[root]
		if !ok {
			i = len(clusters)
			idx[root] = i
			clusters = append(clusters, nil)
			cgroups = append(cgroups, nil)
		}
		clusters[i] = append(clusters[i], k)
	}
	for _, g := range pl.groups {
		i := idx[find(g.uses[0].col)]
		cgroups[i] = append(cgroups[i], g)
	}
	// Within a cluster, the order of the groups that needs the fewest
	// instructions (ties: the first in permutation order); it does not
	// depend on what else is live.
	for i, gs := range cgroups {
		best, bestCost := []*unsatGroup(nil), -1
		for _, perm := range permutations(len(gs)) {
			order := make([]*unsatGroup, len(gs))
			for j, p := range perm {
				order[j] = gs[p]
			}
			var t asmText
			g := &groupedGen{r: r, s: &t, fn: fn, lay: lay, regs: newAsmRegs()}
			g.init()
			if err := g.cluster(order); err != nil {
				continue
			}
			if c := strings.Count(t.b.String(), "\n\t") - strings.Count(t.b.String(), "\n\t//"); bestCost < 0 || c < bestCost {
				best, bestCost = order, c
			}
		}
		if best == nil {
			return fmt.Errorf("%s: no schedule for the columns %v", r.typ, clusters[i])
		}
		cgroups[i] = best
	}
	// The order of the clusters: the first (in permutation order) whose
	// limbs fit the registers with the fewest parked.
	var body *asmText
	bestParked := -1
	orders := permutations(min(len(clusters), 5))
	if len(clusters) > 5 {
		// Too many to try: the rotations of the natural order.
		orders = nil
		for i := range clusters {
			var o []int
			for j := range clusters {
				o = append(o, (i+j)%len(clusters))
			}
			orders = append(orders, o)
		}
	}
	for _, perm := range orders {
		var t asmText
		g := &groupedGen{r: r, s: &t, fn: fn, lay: lay}
		if err := g.emit(pre, perm, cgroups); err != nil {
			continue
		}
		if bestParked < 0 || g.parked < bestParked {
			body, bestParked = &t, g.parked
		}
	}
	if body == nil {
		return fmt.Errorf("%s: the columns do not fit the registers", r.typ)
	}
	args, argSize := "v, a, b *"+r.typ, 24
	switch {
	case fn.loop:
		args, argSize = "v, a *"+r.typ+", n int", 24
		// The same body n times, v as the next pass's input: the pass
		// starts after a's pointer is loaded and ends at the stores.
		text := body.b.String()
		first := "\tMOVQ    a+8(FP), CX\n"
		last := "\tRET\n"
		if !strings.HasPrefix(text, first) || !strings.HasSuffix(text, last) {
			return fmt.Errorf("%s: unexpected body shape for the squaring loop", r.typ)
		}
		text = first + "loop:\n" + strings.TrimSuffix(text[len(first):], last) +
			"\t// The next pass squares v; the count lives in its argument slot.\n" +
			"\tMOVQ    AX, CX\n\tDECQ    n+16(FP)\n\tJNZ     loop\n" + last
		body = &asmText{}
		body.b.WriteString(text)
	case fn.square:
		args, argSize = "v, a *"+r.typ, 16
	case fn.mult32:
		args, argSize = "v, a *"+r.typ+", y uint32", 20
	}
	var bl []string
	for _, c := range pl.cols {
		bl = append(bl, fmt.Sprint(c.BitLen()))
	}
	s.line("")
	s.line(fmt.Sprintf("// func %s(%s)", fn.name, args))
	s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-%d", fn.name, lay.frame, argSize))
	s.comment("The columns fit in %s bits (proved by the generator).", strings.Join(bl, ", "))
	s.b.WriteString(body.b.String())
	return nil
}

// permutations lists the permutations of 0…n−1 in lexicographic order.
func permutations(n int) [][]int {
	if n == 0 {
		return [][]int{{}}
	}
	var out [][]int
	for _, p := range permutations(n - 1) {
		for i := 0; i <= len(p); i++ {
			q := append(append(append([]int{}, p[:i]...), n-1), p[i:]...)
			out = append(out, q)
		}
	}
	slices.SortFunc(out, slices.Compare[[]int])
	return out
}

// groupedGen is the state of one candidate schedule.
type groupedGen struct {
	r    *unsatRep
	s    *asmText
	fn   asmFunc
	lay  *groupedLayout
	regs *asmRegs
	ptr  map[byte]string

	acc     map[int][2]string // column → lo, hi accumulator
	pending map[int]int       // column → uses not yet applied
	l, c    []string          // limbs after the first carry, carries
	done    []bool            // column split
	added   []bool            // carry added to its targets
	inLimb  []int             // carries still to come into limb k
	park    []bool            // limb k is in the frame
	parked  int
}

func (g *groupedGen) init() {
	n := g.r.n()
	g.ptr = map[byte]string{'a': "CX", 'b': "BX"}
	pinned := []string{"CX", "BX"}
	if g.fn.square {
		delete(g.ptr, 'b')
		pinned = pinned[:1]
	}
	g.regs = newAsmRegs(pinned...)
	g.acc = map[int][2]string{}
	g.pending = map[int]int{}
	g.l, g.c = make([]string, n), make([]string, n)
	g.done, g.added, g.park = make([]bool, n), make([]bool, n), make([]bool, n)
	g.inLimb = make([]int, n)
	for k := 0; k < n; k++ {
		for _, t := range g.r.carryTargets(k) {
			g.inLimb[t.col]++
		}
	}
}

func (g *groupedGen) limbMem(arg byte, i int) (string, error) {
	reg, ok := g.ptr[arg]
	if !ok {
		return "", fmt.Errorf("no argument %c", arg)
	}
	if i == 0 {
		return "(" + reg + ")", nil
	}
	return fmt.Sprintf("%d(%s)", 8*i, reg), nil
}

func frameMem(off int) string {
	if off == 0 {
		return "(SP)"
	}
	return fmt.Sprintf("%d(SP)", off)
}

// operand is the memory holding the plan operand o.
func (g *groupedGen) operand(o unsatOperand) (string, error) {
	if o.base == "y" {
		return "BX", nil
	}
	if off, ok := g.lay.slot[o.name()]; ok {
		return frameMem(off), nil
	}
	parts, arg, err := g.r.asmOperandParts(o.base)
	if err != nil {
		return "", err
	}
	return g.limbMem(arg, parts[0][1])
}

// emit writes the whole body for one order of the clusters.
func (g *groupedGen) emit(pre []unsatOperand, order []int, cgroups [][]*unsatGroup) error {
	r, s := g.r, g.s
	n, w := r.n(), r.width[0]
	g.init()
	s.op("MOVQ", "a+8(FP)", "CX")
	if !g.fn.square && !g.fn.mult32 {
		s.op("MOVQ", "b+16(FP)", "BX")
	}
	// The precomputed operands, each base computed once.
	s.comment("Precomputed operands and the mask, in the frame.")
	tmp, err := g.regs.get()
	if err != nil {
		return err
	}
	var bases []string
	for _, o := range pre {
		if !slices.Contains(bases, o.base) {
			bases = append(bases, o.base)
		}
	}
	for _, base := range bases {
		if base == "y" { // in BX, pinned as b's pointer is elsewhere
			s.op("MOVL", "y+16(FP)", "BX")
			continue
		}
		parts, arg, err := r.asmOperandParts(base)
		if err != nil {
			return err
		}
		m, err := g.limbMem(arg, parts[0][1])
		if err != nil {
			return err
		}
		s.op("MOVQ", m, tmp)
		for _, p := range parts[1:] {
			m, err := g.limbMem(arg, p[1])
			if err != nil {
				return err
			}
			s.op("ADDQ", m, tmp)
		}
		// Every multiple of this base, smallest multiplier first.
		var ms []unsatOperand
		for _, o := range pre {
			if o.base == base {
				ms = append(ms, o)
			}
		}
		slices.SortFunc(ms, func(x, y unsatOperand) int { return int(x.mult - y.mult) })
		cur := int64(1)
		for _, o := range ms {
			switch {
			case o.mult == cur:
			case o.mult%cur == 0 && (o.mult/cur)&(o.mult/cur-1) == 0:
				s.op("SHLQ", fmt.Sprintf("$%d", bits.TrailingZeros64(uint64(o.mult/cur))), tmp)
				cur = o.mult
			default:
				return fmt.Errorf("multiplier %d of %s is not a power of two", o.mult, base)
			}
			s.op("MOVQ", tmp, frameMem(g.lay.slot[o.name()]))
		}
	}
	s.op("MOVQ", fmt.Sprintf("$0x%x", unsatMaxWord(w)), tmp)
	s.op("MOVQ", tmp, frameMem(g.lay.maskSlot))
	g.regs.put(tmp)
	for _, ci := range order {
		if err := g.cluster(cgroups[ci]); err != nil {
			return err
		}
	}
	for k := 0; k < n; k++ {
		if !g.done[k] || !g.added[k] {
			return fmt.Errorf("%s: internal error: column %d or its carry left over", r.typ, k)
		}
	}
	// The pointers are free now; bring the parked limbs back.
	g.regs.put("CX")
	if !g.fn.square { // b's pointer, or Mult32's y
		g.regs.put("BX")
	}
	s.line("")
	s.comment("Second carry, in parallel: v.l[k] = l&mask + carries.")
	for k := 0; k < n; k++ {
		if g.park[k] {
			reg, err := g.regs.get()
			if err != nil {
				return err
			}
			s.op("MOVQ", frameMem(g.lay.park[k]), reg)
			g.l[k], g.park[k] = reg, false
		}
	}
	return g.secondCarry()
}

// cluster sums the columns of one cluster, groups in the given order, and
// splits each column as soon as its last group is in.
func (g *groupedGen) cluster(order []*unsatGroup) error {
	r, s := g.r, g.s
	w := r.width[0]
	cols := map[int]bool{}
	needT := false
	for _, gr := range order {
		for _, u := range gr.uses {
			cols[u.col] = true
			g.pending[u.col]++
		}
		if len(gr.uses) > 1 && len(gr.prods) > 1 {
			needT = true
		}
	}
	need := 2 * len(cols)
	if needT {
		need += 2
	}
	// Park finished limbs whose carries are in until the accumulators fit.
	for k := 0; len(g.regs.free) < need && k < r.n(); k++ {
		if g.done[k] && g.inLimb[k] == 0 && !g.park[k] {
			s.op("MOVQ", g.l[k], frameMem(g.lay.park[k]))
			g.regs.put(g.l[k])
			g.park[k] = true
			g.parked++
		}
	}
	if len(g.regs.free) < need {
		return fmt.Errorf("out of registers")
	}
	pair := func() ([2]string, error) {
		lo, err := g.regs.get()
		if err != nil {
			return [2]string{}, err
		}
		hi, err := g.regs.get()
		return [2]string{lo, hi}, err
	}
	// apply adds coef·(hi:lo) to column col's accumulator, mod 2^128.
	apply := func(col int, coef int64, lo, hi string) error {
		for range unsatAbs(coef) {
			a, ok := g.acc[col]
			switch {
			case !ok:
				var err error
				if a, err = pair(); err != nil {
					return err
				}
				g.acc[col] = a
				if coef > 0 {
					s.op("MOVQ", lo, a[0])
					s.op("MOVQ", hi, a[1])
					continue
				}
				s.op("XORQ", a[0], a[0])
				s.op("XORQ", a[1], a[1])
				fallthrough
			case coef < 0:
				s.op("SUBQ", lo, a[0])
				s.op("SBBQ", hi, a[1])
			default:
				s.op("ADDQ", lo, a[0])
				s.op("ADCQ", hi, a[1])
			}
		}
		return nil
	}
	mul := func(p unsatProduct) error {
		x, err := g.operand(p.x)
		if err != nil {
			return err
		}
		y, err := g.operand(p.y)
		if err != nil {
			return err
		}
		s.op("MOVQ", x, "AX")
		s.op("MULQ", y)
		return nil
	}
	for _, gr := range order {
		s.line("")
		var ps, us []string
		for _, p := range gr.prods {
			ps = append(ps, p.x.name()+"·"+p.y.name())
		}
		for _, u := range gr.uses {
			us = append(us, fmt.Sprintf("%+d·r%d", u.coef, u.col))
		}
		s.comment("%s = %s, into %s", gr.name, strings.Join(ps, " + "), strings.Join(us, " "))
		if len(gr.prods) == 1 || len(gr.uses) == 1 {
			// Each product straight into every column it feeds.
			for _, p := range gr.prods {
				if err := mul(p); err != nil {
					return err
				}
				for _, u := range gr.uses {
					if err := apply(u.col, u.coef, "AX", "DX"); err != nil {
						return err
					}
				}
			}
		} else {
			// Sum the group in a column that has nothing yet and takes it
			// with coefficient 1 (its host), or else in a temporary; then
			// apply the sum to the other columns.
			host := -1
			for _, u := range gr.uses {
				if _, ok := g.acc[u.col]; !ok && u.coef == 1 && host < 0 {
					host = u.col
				}
			}
			t, err := pair()
			if err != nil {
				return err
			}
			if host >= 0 {
				g.acc[host] = t
			}
			for i, p := range gr.prods {
				if err := mul(p); err != nil {
					return err
				}
				if i == 0 {
					s.op("MOVQ", "AX", t[0])
					s.op("MOVQ", "DX", t[1])
				} else {
					s.op("ADDQ", "AX", t[0])
					s.op("ADCQ", "DX", t[1])
				}
			}
			for _, u := range gr.uses {
				if u.col != host {
					if err := apply(u.col, u.coef, t[0], t[1]); err != nil {
						return err
					}
				}
			}
			if host < 0 {
				g.regs.put(t[0])
				g.regs.put(t[1])
			}
		}
		for _, u := range gr.uses {
			g.pending[u.col]--
		}
		// Split the columns that are complete, and add the carries whose
		// source and targets are split.
		for _, u := range gr.uses {
			if err := g.split(u.col, w); err != nil {
				return err
			}
		}
	}
	return nil
}

// split finishes column k if all its uses are in: c = hi<<(64−w) | lo>>w,
// l = lo&mask; then adds every carry that is ready.
func (g *groupedGen) split(k, w int) error {
	if g.done[k] || g.pending[k] != 0 {
		return nil
	}
	a, ok := g.acc[k]
	if !ok {
		return fmt.Errorf("internal error: column %d is empty", k)
	}
	s := g.s
	s.comment("First carry of r%d: c%d = hi<<%d | lo>>%d in %s, l%d = lo&mask + carries in %s.", k, k, 64-w, w, a[1], k, a[0])
	asmSplit(s, a[0], a[1], w, false)
	s.op("ANDQ", frameMem(g.lay.maskSlot), a[0])
	g.l[k], g.c[k], g.done[k] = a[0], a[1], true
	delete(g.acc, k)
	for j := 0; j < g.r.n(); j++ {
		ready := g.done[j] && !g.added[j]
		for _, t := range g.r.carryTargets(j) {
			ready = ready && g.done[t.col] && !g.park[t.col]
		}
		if !ready {
			continue
		}
		for _, t := range g.r.carryTargets(j) {
			if t.coef == 1 {
				s.op("ADDQ", g.c[j], g.l[t.col])
			} else {
				s.op("IMUL3Q", fmt.Sprintf("$%d", t.coef), g.c[j], "DX")
				s.op("ADDQ", "DX", g.l[t.col])
			}
			g.inLimb[t.col]--
		}
		g.added[j] = true
		g.regs.put(g.c[j])
	}
	return nil
}

// secondCarry writes v.l[k] = l_k&mask + Σ coef·(l_j>>w) over the carries
// into k, from the limbs in registers, and returns. A limb is masked only
// after its carry is taken; a carry needed after that is kept in a
// register.
func (g *groupedGen) secondCarry() error {
	r, s := g.r, g.s
	n, w := r.n(), r.width[0]
	into := make([][]unsatUse, n) // into[k]: the carries (source j, coef) into limb k
	for j := 0; j < n; j++ {
		for _, t := range r.carryTargets(j) {
			into[t.col] = append(into[t.col], unsatUse{col: j, coef: t.coef})
		}
	}
	mask, err := g.regs.get()
	if err != nil {
		return err
	}
	s.op("MOVQ", frameMem(g.lay.maskSlot), mask)
	s.op("MOVQ", "v+0(FP)", "AX")
	// Outputs from the top down, so that limb k−1 is still whole when
	// limb k takes its carry; the carries of limbs masked before their
	// last use are saved first.
	saved := map[int]string{}
	masked := make([]bool, n)
	for k := n - 1; k >= 0; k-- {
		// Limb k is about to be masked: save its carry if an output still
		// to come (below k) needs it.
		later := false
		for o := k - 1; o >= 0; o-- {
			for _, u := range into[o] {
				later = later || u.col == k
			}
		}
		if later {
			reg, err := g.regs.get()
			if err != nil {
				return err
			}
			s.op("MOVQ", g.l[k], reg)
			s.op("SHRQ", fmt.Sprintf("$%d", w), reg)
			saved[k] = reg
		}
		tmp, err := g.regs.get()
		if err != nil {
			return err
		}
		// The carry of a limb below k is taken before that limb is
		// masked; a limb above k is masked, its carry was saved.
		for _, u := range into[k] {
			c, ok := saved[u.col]
			if !ok {
				if masked[u.col] || u.col == k {
					return fmt.Errorf("internal error: carry of limb %d lost", u.col)
				}
				s.op("MOVQ", g.l[u.col], tmp)
				s.op("SHRQ", fmt.Sprintf("$%d", w), tmp)
				c = tmp
			}
			if u.coef != 1 {
				s.op("IMUL3Q", fmt.Sprintf("$%d", u.coef), c, "DX")
				c = "DX"
			}
			if !masked[k] {
				s.op("ANDQ", mask, g.l[k])
				masked[k] = true
			}
			s.op("ADDQ", c, g.l[k])
		}
		if !masked[k] {
			s.op("ANDQ", mask, g.l[k])
			masked[k] = true
		}
		g.regs.put(tmp)
		dst := "(AX)"
		if k > 0 {
			dst = fmt.Sprintf("%d(AX)", 8*k)
		}
		s.op("MOVQ", g.l[k], dst)
	}
	s.op("RET")
	return nil
}
