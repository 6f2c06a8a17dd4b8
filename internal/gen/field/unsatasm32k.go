package field

// The 32-bit emitters for plans whose groups are not single columns: the
// Karatsuba plans (fe28), where a group of products is added to two columns,
// or subtracted from one, and the top limb carries into two limbs. The
// fe2625 emitters (unsatarm.go, unsat386.go) keep their tuned layouts for
// plans of one group per column; these take any number of limbs whose
// carries run k → k+1 and from the top limb into limbs 0 and h = n/2.
//
// As there, the assembly computes the Go code's plan variable for variable:
// every group sK is the same sum of the same products, every column rK the
// same signed combination of groups modulo 2^64 (the Go code's uint64
// arithmetic), and the carries are emitWideCarry's, in the order explained
// in unsatasm32.go. The sums modulo 2^64 do not depend on the order of the
// additions, and the generator's proof bounds each column's true value, so
// the limbs are bit-identical to multiplyGeneric's and squareGeneric's.
//
// arm (armK): the columns are summed in pairs (k, k+h), k = 0 … h−1. The
// two 64-bit sums and one group sum take six registers; the other seven
// cache operands, loaded from the frame (into which the inputs, the
// Karatsuba sums a_i + a_{i+h} and the doubled operands are copied first)
// and evicted furthest-next-use first. A group used once with coefficient
// 1 is multiplied into its column directly; any other group is summed
// apart and added to or subtracted from its columns (ADD.S/ADC,
// SUB.S/SBC). The carries out of k and k+h become the next pair's sums.
//
// 386 (x86K): MULL fixes EDX:EAX and leaves four registers, so the groups
// that are not direct are summed first into the frame; then the columns are
// summed one at a time along the two chains in CX:BX, each adding or
// subtracting its stored groups, as unsat386.go does for direct columns.
//
// Instructions are ARMv4 ones (UMULL, UMLAL, LDM/STM) on arm, so every
// GOARM runs the code, and R10 (g) is never written. The code is
// straight-line with addresses fixed by the arguments and the frame:
// constant time. Every input limb is read before v is written, so v may
// alias a and b.

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// asm32K is one multiplication or squaring as the Karatsuba emitters see it.
type asm32K struct {
	r      *unsatRep
	name   string
	square bool
	pl     *unsatPlan
	n, h   int
	direct map[*unsatGroup]bool // used once, coefficient 1
	top    []unsatUse           // where the carry out of limb n−1 goes
}

func (r *unsatRep) asm32KPrepare(name string, square bool) (*asm32K, error) {
	n := r.n()
	if r.word != 32 || n%8 != 0 {
		return nil, fmt.Errorf("%s: the Karatsuba 32-bit emitters are written for 32-bit words and a multiple of 8 limbs", r.typ)
	}
	pl, err := r.provedPlan(square)
	if err != nil {
		return nil, err
	}
	m := &asm32K{r: r, name: name, square: square, pl: pl, n: n, h: n / 2, direct: map[*unsatGroup]bool{}}
	for _, g := range pl.groups {
		if len(g.uses) == 1 && g.uses[0].coef == 1 {
			m.direct[g] = true
		}
		for _, u := range g.uses {
			if u.coef != 1 && u.coef != -1 {
				return nil, fmt.Errorf("%s: group %s has coefficient %d", r.typ, g.name, u.coef)
			}
		}
	}
	for k := 0; k < n; k++ {
		t := r.carryTargets(k)
		if k < n-1 && (len(t) != 1 || t[0].col != k+1 || t[0].coef != 1) {
			return nil, fmt.Errorf("%s: carry out of limb %d is not into limb %d", r.typ, k, k+1)
		}
		if k == n-1 {
			for _, u := range t {
				if (u.col != 0 && u.col != m.h) || u.coef != 1 {
					return nil, fmt.Errorf("%s: the top carry goes to limb %d ·%d", r.typ, u.col, u.coef)
				}
			}
			m.top = t
		}
	}
	return m, nil
}

// opnd splits an operand base such as "aa3" into its variable ("aa") and
// limb index.
func opnd(base string) (string, int) {
	i := strings.IndexFunc(base, func(c rune) bool { return c >= '0' && c <= '9' })
	k, _ := strconv.Atoi(base[i:])
	return base[:i], k
}

// groupsOfPair lists the groups whose columns are within {k, k+h}: the
// direct ones first, then those with positive uses only, then the others,
// so that no column is first subtracted from.
func (m *asm32K) groupsOfPair(k int) []*unsatGroup {
	var out []*unsatGroup
	for pass := 0; pass < 3; pass++ {
		for _, g := range m.pl.groups {
			if g.uses[0].col%m.h != k {
				continue
			}
			neg := false
			for _, u := range g.uses {
				neg = neg || u.coef < 0
			}
			if (pass == 0 && m.direct[g]) || (pass == 1 && !m.direct[g] && !neg) || (pass == 2 && neg) {
				out = append(out, g)
			}
		}
	}
	return out
}

// deferredInto lists, for limbs 0 and h, the carries (out of limbs h−1 and
// n−1) that arrive after their own first carry.
func (m *asm32K) deferredInto(t int) []int {
	var ks []int
	if t == m.h {
		ks = append(ks, m.h-1)
	}
	for _, u := range m.top {
		if u.col == t {
			ks = append(ks, m.n-1)
		}
	}
	return ks
}

type armKGen struct {
	m     *asm32K
	s     asmText
	count int
	free  []string
	cache map[string]string // operand → register
	seq   [][2]string       // the operands of every product, in order
	pos   int               // products emitted
	slot  map[string]int
	lOff  int
	// ldm loads the operands of runs of products with one LDM per factor
	// (the products sorted by the first factor's slot) instead of caching
	// them one by one.
	ldm bool
}

func (g *armKGen) op(op string, args ...string) {
	g.count++
	g.s.op(op, args...)
}

func (g *armKGen) nextUse(name string) int {
	for j := g.pos; j < len(g.seq); j++ {
		if g.seq[j][0] == name || g.seq[j][1] == name {
			return j
		}
	}
	return len(g.seq) + 1
}

// alloc returns a free register, evicting the cached operand used last
// (never keep).
func (g *armKGen) alloc(keep string) (string, error) {
	if len(g.free) == 0 {
		victim, far := "", -1
		names := make([]string, 0, len(g.cache))
		for name := range g.cache {
			names = append(names, name)
		}
		slices.Sort(names)
		for _, name := range names {
			if name == keep {
				continue
			}
			if u := g.nextUse(name); u > far {
				victim, far = name, u
			}
		}
		if victim == "" {
			return "", fmt.Errorf("out of registers")
		}
		g.free = append(g.free, g.cache[victim])
		delete(g.cache, victim)
	}
	r := g.free[0]
	g.free = g.free[1:]
	return r, nil
}

func (g *armKGen) release(rs ...string) {
	for _, r := range rs {
		if r != "" {
			g.free = append(g.free, r)
		}
	}
	slices.SortFunc(g.free, func(x, y string) int { return slices.Index(armRegs, x) - slices.Index(armRegs, y) })
}

func (g *armKGen) ensure(o unsatOperand, keep string) (string, error) {
	if reg, ok := g.cache[o.name()]; ok {
		return reg, nil
	}
	off, ok := g.slot[o.name()]
	if !ok {
		return "", fmt.Errorf("operand %s has no slot", o.name())
	}
	reg, err := g.alloc(keep)
	if err != nil {
		return "", err
	}
	g.op("MOVW", sp(off), reg)
	g.cache[o.name()] = reg
	return reg, nil
}

// armAcc64 is a 64-bit sum in two registers; started is false while no
// value has been written.
type armAcc64 struct {
	lo, hi  string
	started bool
}

// loadRun loads the operands os, whose slots are consecutive in some
// order, into registers with one LDM (one MOVW for a single operand).
func (g *armKGen) loadRun(os []unsatOperand) (map[string]string, error) {
	regs := make([]string, len(os))
	for i := range os {
		var err error
		if regs[i], err = g.alloc(""); err != nil {
			return nil, err
		}
	}
	slices.SortFunc(regs, func(x, y string) int { return slices.Index(armRegs, x) - slices.Index(armRegs, y) })
	byAddr := slices.Clone(os)
	slices.SortFunc(byAddr, func(x, y unsatOperand) int { return g.slot[x.name()] - g.slot[y.name()] })
	out := map[string]string{}
	for i, o := range byAddr {
		out[o.name()] = regs[i]
	}
	if len(os) == 1 {
		g.op("MOVW", sp(g.slot[os[0].name()]), regs[0])
		return out, nil
	}
	base := g.slot[byAddr[0].name()]
	if !armImm(uint32(base)) {
		return nil, fmt.Errorf("frame offset %d is not an immediate", base)
	}
	g.op("ADD", fmt.Sprintf("$%d", base), "R13", regs[0])
	g.op("MOVM.IA", "("+regs[0]+")", "["+strings.Join(regs, ",")+"]")
	return out, nil
}

// mulInto adds rx·ry to every sum of accs.
func (g *armKGen) mulInto(accs []*armAcc64, rx, ry string) {
	for _, a := range accs {
		if a.started {
			g.op("MULALU", rx, ry, fmt.Sprintf("(%s, %s)", a.hi, a.lo))
		} else {
			g.op("MULLU", rx, ry, fmt.Sprintf("(%s, %s)", a.hi, a.lo))
			a.started = true
		}
	}
}

// accumulateRuns adds grp's products into accs, loading their factors by runs.
func (g *armKGen) accumulateRuns(accs []*armAcc64, grp *unsatGroup) error {
	ps := slices.Clone(grp.prods)
	slot := func(o unsatOperand) int { return g.slot[o.name()] }
	slices.SortStableFunc(ps, func(p, q unsatProduct) int { return slot(p.x) - slot(q.x) })
	for len(ps) > 0 {
		limit := max(1, len(g.free)/2)
		c := 1
		for c < len(ps) && c < limit {
			p, q := ps[c-1], ps[c]
			dy := slot(q.y) - slot(p.y)
			if slot(q.x)-slot(p.x) != 4 || (dy != 4 && dy != -4) || (c > 1 && dy != slot(ps[1].y)-slot(ps[0].y)) {
				break
			}
			c++
		}
		run := ps[:c]
		ps = ps[c:]
		var xs, ys []unsatOperand
		for _, p := range run {
			xs, ys = append(xs, p.x), append(ys, p.y)
		}
		rx, err := g.loadRun(xs)
		if err != nil {
			return err
		}
		ry := rx
		if c > 1 || xs[0].name() != ys[0].name() {
			if ry, err = g.loadRun(ys); err != nil {
				return err
			}
		}
		for _, p := range run {
			g.pos++
			g.mulInto(accs, rx[p.x.name()], ry[p.y.name()])
		}
		for _, reg := range rx {
			g.release(reg)
		}
		if c > 1 || xs[0].name() != ys[0].name() {
			for _, reg := range ry {
				g.release(reg)
			}
		}
	}
	return nil
}

// accumulate adds grp's products into every sum of accs (one, or the
// columns of a small group multiplied into each rather than summed apart).
func (g *armKGen) accumulate(accs []*armAcc64, grp *unsatGroup) error {
	for _, a := range accs {
		if a.lo != "" {
			continue
		}
		var err error
		if a.lo, err = g.alloc(""); err != nil {
			return err
		}
		if a.hi, err = g.alloc(""); err != nil {
			return err
		}
	}
	if g.ldm {
		return g.accumulateRuns(accs, grp)
	}
	for _, p := range grp.prods {
		rx, err := g.ensure(p.x, "")
		if err != nil {
			return err
		}
		ry, err := g.ensure(p.y, p.x.name())
		if err != nil {
			return err
		}
		g.pos++
		g.mulInto(accs, rx, ry)
	}
	return nil
}

// armKBest returns the shorter of the two ways of loading operands.
func (m *asm32K) armKBest() (string, error) {
	best, bestN := "", -1
	for _, ldm := range []bool{false, true} {
		text, count, err := m.armK(ldm)
		if err != nil {
			return "", err
		}
		if bestN < 0 || count < bestN {
			best, bestN = text, count
		}
	}
	return best, nil
}

func (m *asm32K) armK(ldm bool) (string, int, error) {
	r, n, h := m.r, m.n, m.h
	g := &armKGen{m: m, cache: map[string]string{}, slot: map[string]int{}, ldm: ldm}
	g.free = slices.Clone(armRegs)
	// The frame: the limbs, then for each input its limbs, its Karatsuba
	// sums and its multiples.
	off := 4
	g.lOff = off
	off += 4 * n
	inputs := []string{"a", "b"}
	if m.square {
		inputs = inputs[:1]
	}
	kara := false
	for name := range m.pl.operands {
		if v, _ := opnd(name); len(v) == 2 {
			kara = true
		}
	}
	// Tables: for each variable (a, b and the sums aa, bb) and each factor
	// it is used with, the whole row of limbs times the factor, ascending,
	// so that runs of operands load with one LDM.
	mults := map[string][]int64{}
	for _, grp := range m.pl.groups {
		for _, p := range grp.prods {
			for _, o := range []unsatOperand{p.x, p.y} {
				v, _ := opnd(o.base)
				if o.mult != 1 && !slices.Contains(mults[v], o.mult) {
					mults[v] = append(mults[v], o.mult)
					slices.Sort(mults[v])
				}
			}
		}
	}
	var vars []string
	for _, v := range inputs {
		vars = append(vars, v)
		if kara {
			vars = append(vars, v+v)
		}
	}
	for _, v := range vars {
		cnt := n
		if len(v) == 2 {
			cnt = h
		}
		for _, mult := range append([]int64{1}, mults[v]...) {
			for i := 0; i < cnt; i++ {
				g.slot[unsatOperand{fmt.Sprintf("%s%d", v, i), mult}.name()] = off
				off += 4
			}
		}
	}
	frame := off - 4
	if frame >= 1024 {
		return "", 0, fmt.Errorf("frame too large for immediate offsets")
	}

	args, frameArgs := "v, a, b", 12
	if m.square {
		args, frameArgs = "v, a", 8
	}
	g.s.line("")
	g.s.line(fmt.Sprintf("// func %s(%s *%s)", m.name, args, r.typ))
	g.s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-%d", m.name, frame, frameArgs))

	// Copy-in, four limbs and their partners h above at a time: R0–R3 and
	// R4–R7 hold them, R8, R9, R12, R14 their multiples, R11 addresses.
	store := func(v string, i int, mult int64, list string) {
		g.op("ADD", fmt.Sprintf("$%d", g.slot[unsatOperand{fmt.Sprintf("%s%d", v, i), mult}.name()]), "R13", "R11")
		g.op("MOVM.IA", list, "(R11)")
	}
	storeMultiples := func(v string, i int, src int) error {
		for _, mult := range mults[v] {
			for j, dst := range []string{"R8", "R9", "R12", "R14"} {
				if mult != 1 && mult&(mult-1) != 0 && mult != 3 && mult != 5 && mult != 9 && mult != 17 {
					return fmt.Errorf("no one-instruction sequence for ·%d", mult)
				}
				if err := g.times(fmt.Sprintf("R%d", src+j), dst, mult); err != nil {
					return err
				}
			}
			store(v, i, mult, "[R8,R9,R12,R14]")
		}
		return nil
	}
	for _, v := range inputs {
		argOff := 4
		if v == "b" {
			argOff = 8
		}
		g.s.comment("%s's limbs, sums and multiples into the frame.", v)
		for c := 0; c < h; c += 4 {
			g.op("MOVW", fmt.Sprintf("%s+%d(FP)", v, argOff), "R11")
			if c == 0 {
				g.op("MOVM.IA", "(R11)", "[R0-R3]")
			} else {
				g.op("ADD", fmt.Sprintf("$%d", 4*c), "R11", "R12")
				g.op("MOVM.IA", "(R12)", "[R0-R3]")
			}
			g.op("ADD", fmt.Sprintf("$%d", 4*(c+h)), "R11", "R12")
			g.op("MOVM.IA", "(R12)", "[R4-R7]")
			store(v, c, 1, "[R0-R3]")
			store(v, c+h, 1, "[R4-R7]")
			if err := storeMultiples(v, c, 0); err != nil {
				return "", 0, err
			}
			if err := storeMultiples(v, c+h, 4); err != nil {
				return "", 0, err
			}
			if !kara {
				continue
			}
			for j := 0; j < 4; j++ {
				g.op("ADD", fmt.Sprintf("R%d", j+4), fmt.Sprintf("R%d", j))
			}
			store(v+v, c, 1, "[R0-R3]")
			if err := storeMultiples(v+v, c, 0); err != nil {
				return "", 0, err
			}
		}
	}

	// The product sequence, for the eviction choices.
	pairs := make([][]*unsatGroup, h)
	total := 0
	for k := 0; k < h; k++ {
		pairs[k] = m.groupsOfPair(k)
		for _, grp := range pairs[k] {
			total++
			for _, p := range grp.prods {
				g.seq = append(g.seq, [2]string{p.x.name(), p.y.name()})
			}
		}
	}
	if total != len(m.pl.groups) {
		return "", 0, fmt.Errorf("a group spans two column pairs")
	}

	var bl []string
	cur := make([]*big.Int, n)
	for k, c := range m.pl.cols {
		bl = append(bl, fmt.Sprint(c.BitLen()))
		cur[k] = new(big.Int).Set(c)
	}
	g.s.comment("The columns fit in %s bits (proved by the generator).", strings.Join(bl, ", "))
	acc := make([]*armAcc64, n)
	for k := range acc {
		acc[k] = &armAcc64{}
	}
	deferred := map[int]*armAcc64{}
	deferredMax := map[int]*big.Int{}
	for k := 0; k < h; k++ {
		g.s.line("")
		g.s.comment("Columns %d and %d.", k, k+h)
		for _, grp := range pairs[k] {
			// A single product added to several columns is multiplied into
			// each: one more UMLAL per extra column against a UMULL into a
			// sum of its own and two additions per column. (For p products
			// the instructions favour this while p·(uses−1) < 2·uses, but
			// each UMLAL costs several issue cycles on in-order cores: the
			// weighted count, UMLAL as 4, breaks even at one product.)
			positive := true
			for _, u := range grp.uses {
				positive = positive && u.coef > 0
			}
			if m.direct[grp] || (positive && len(grp.prods) == 1) {
				var accs []*armAcc64
				for _, u := range grp.uses {
					accs = append(accs, acc[u.col])
				}
				if err := g.accumulate(accs, grp); err != nil {
					return "", 0, err
				}
				continue
			}
			t := &armAcc64{}
			if err := g.accumulate([]*armAcc64{t}, grp); err != nil {
				return "", 0, err
			}
			for _, u := range grp.uses {
				a := acc[u.col]
				switch {
				case !a.started && u.coef > 0:
					var err error
					if a.lo, err = g.alloc(""); err != nil {
						return "", 0, err
					}
					if a.hi, err = g.alloc(""); err != nil {
						return "", 0, err
					}
					g.op("MOVW", t.lo, a.lo)
					g.op("MOVW", t.hi, a.hi)
					a.started = true
				case !a.started:
					return "", 0, fmt.Errorf("column %d is first subtracted from", u.col)
				case u.coef > 0:
					g.op("ADD.S", t.lo, a.lo)
					g.op("ADC", t.hi, a.hi)
				default:
					g.op("SUB.S", t.lo, a.lo)
					g.op("SBC", t.hi, a.hi)
				}
			}
			g.release(t.lo, t.hi)
		}
		for _, c := range []int{k, k + h} {
			a := acc[c]
			if !a.started {
				return "", 0, fmt.Errorf("column %d is empty", c)
			}
			w := r.width[c]
			nm := uint32(^unsatMaxWord(w).Uint64())
			if !armImm(nm) {
				return "", 0, fmt.Errorf("mask of limb %d is not an immediate", c)
			}
			cm := new(big.Int).Rsh(cur[c], uint(w))
			g.s.comment("Carry out of r%d; l%d to the frame.", c, c)
			clo, err := g.alloc("")
			if err != nil {
				return "", 0, err
			}
			g.op("MOVW", fmt.Sprintf("%s>>%d", a.lo, w), clo)
			g.op("ORR", fmt.Sprintf("%s<<%d", a.hi, 32-w), clo)
			g.op("BIC", fmt.Sprintf("$0x%x", nm), a.lo)
			g.op("MOVW", a.lo, sp(g.lOff+4*c))
			g.release(a.lo)
			carry := &armAcc64{lo: clo, started: true}
			if cm.Cmp(two32) >= 0 {
				g.op("MOVW", fmt.Sprintf("%s>>%d", a.hi, w), a.hi)
				carry.hi = a.hi
			} else {
				g.release(a.hi)
			}
			cur[c] = unsatMaxWord(w)
			if c == h-1 || c == n-1 {
				deferred[c], deferredMax[c] = carry, cm
				continue
			}
			if carry.hi == "" {
				if carry.hi, err = g.alloc(""); err != nil {
					return "", 0, err
				}
				g.op("MOVW", "$0", carry.hi)
			}
			acc[c+1] = carry
			cur[c+1].Add(cur[c+1], cm)
			if cur[c+1].Cmp(unsatMaxWord(64)) > 0 {
				return "", 0, fmt.Errorf("column %d overflows", c+1)
			}
		}
	}
	// The end: each half of the limbs back into eight registers; limbs 0
	// and h receive the deferred carries and carry once more into 1 and
	// h+1; the half goes to v.
	if h != 8 {
		return "", 0, fmt.Errorf("the end is written for halves of eight limbs")
	}
	for reg := range g.cache {
		delete(g.cache, reg)
	}
	g.free = nil
	busy := map[string]bool{}
	for _, c := range deferred {
		busy[c.lo], busy[c.hi] = true, true
	}
	for _, reg := range armRegs {
		if !busy[reg] {
			g.free = append(g.free, reg)
		}
	}
	for _, t := range []int{0, h} {
		g.s.line("")
		ks := m.deferredInto(t)
		g.s.comment("Limbs %d–%d; the carries out of %v into %d, and its carry.", t, t+h-1, ks, t)
		regs := make([]string, h)
		for i := range regs {
			var err error
			if regs[i], err = g.alloc(""); err != nil {
				return "", 0, err
			}
		}
		g.op("ADD", fmt.Sprintf("$%d", g.lOff+4*t), "R13", regs[0])
		g.op("MOVM.IA", "("+regs[0]+")", "["+strings.Join(regs, ",")+"]")
		hi, err := g.alloc("")
		if err != nil {
			return "", 0, err
		}
		if len(ks) > 0 {
			lo := regs[0]
			sum := new(big.Int).Set(cur[t])
			g.op("MOVW", "$0", hi)
			for _, k := range ks {
				c := deferred[k]
				g.op("ADD.S", c.lo, lo)
				if c.hi != "" {
					g.op("ADC", c.hi, hi)
				} else {
					g.op("ADC", "$0", hi)
				}
				sum.Add(sum, deferredMax[k])
			}
			if sum.Cmp(unsatMaxWord(64)) > 0 {
				return "", 0, fmt.Errorf("limb %d overflows", t)
			}
			w := r.width[t]
			ct := new(big.Int).Rsh(sum, uint(w))
			u := t + 1
			next := new(big.Int).Add(cur[u], ct)
			if ct.Cmp(two32) >= 0 || next.Cmp(two32) >= 0 {
				return "", 0, fmt.Errorf("the last carry out of limb %d does not fit a word", t)
			}
			// The carry, sum >> w, fits a word: hi<<(32−w) | lo>>w.
			g.op("MOVW", fmt.Sprintf("%s<<%d", hi, 32-w), hi)
			g.op("ORR", fmt.Sprintf("%s>>%d", lo, w), hi)
			g.op("BIC", fmt.Sprintf("$0x%x", uint32(^unsatMaxWord(w).Uint64())), lo)
			g.op("ADD", hi, regs[1])
			cur[t], cur[u] = unsatMaxWord(w), next
		}
		g.op("MOVW", "v+0(FP)", hi)
		if t > 0 {
			g.op("ADD", fmt.Sprintf("$%d", 4*t), hi)
		}
		g.op("MOVM.IA", "["+strings.Join(regs, ",")+"]", "("+hi+")")
		g.release(hi)
		g.release(regs...)
	}
	for k := 0; k < n; k++ {
		if cur[k].Cmp(two32) >= 0 {
			return "", 0, fmt.Errorf("limb %d does not fit a word", k)
		}
	}
	g.op("RET")
	return g.s.b.String(), g.count, nil
}

// times writes dst = src·mult (mod 2^32) by shifts and adds (armShiftAdd).
func (g *armKGen) times(src, dst string, mult int64) error {
	return armShiftAdd(g.op, src, dst, mult)
}

func (m *asm32K) x86K() (string, error) {
	r, n, h := m.r, m.n, m.h
	var s asmText
	// The frame: the limbs (low words, masked when read back), the deferred
	// carry out of h−1, the groups summed apart, the Karatsuba sums and the
	// multiples.
	off := 0
	lOff := off
	off += 4 * n
	cOff := off
	off += 8
	gOff := map[*unsatGroup]int{}
	for _, grp := range m.pl.groups {
		if !m.direct[grp] {
			gOff[grp] = off
			off += 8
		}
	}
	slot := map[string]int{}
	var derived []unsatOperand
	for _, grp := range m.pl.groups {
		for _, p := range grp.prods {
			for _, o := range []unsatOperand{p.x, p.y} {
				v, _ := opnd(o.base)
				if _, ok := slot[o.name()]; ok || (o.mult == 1 && len(v) == 1) {
					continue
				}
				if len(v) == 2 {
					if _, ok := slot[o.base]; !ok {
						slot[o.base] = off
						off += 4
						derived = append(derived, unsatOperand{o.base, 1})
					}
				}
				if o.mult != 1 {
					slot[o.name()] = off
					off += 4
					derived = append(derived, o)
				}
			}
		}
	}
	frame := off
	ptr := map[string]string{"a": "SI", "b": "DI"}
	mem := func(o unsatOperand) string {
		v, i := opnd(o.base)
		if o.mult == 1 && len(v) == 1 {
			if i == 0 {
				return "(" + ptr[v] + ")"
			}
			return fmt.Sprintf("%d(%s)", 4*i, ptr[v])
		}
		return fmt.Sprintf("%d(SP)", slot[o.name()])
	}
	text386(&s, m.name, r.typ, m.square, frame)
	s.comment("The Karatsuba sums and the multiples into the frame.")
	for _, o := range derived {
		v, i := opnd(o.base)
		if len(v) == 2 && o.mult == 1 {
			s.op("MOVL", mem(unsatOperand{v[:1] + fmt.Sprint(i), 1}), "AX")
			s.op("ADDL", mem(unsatOperand{v[:1] + fmt.Sprint(i+h), 1}), "AX")
			s.op("MOVL", "AX", mem(o))
			continue
		}
		if o.mult&(o.mult-1) == 0 {
			s.op("MOVL", mem(unsatOperand{o.base, 1}), "AX")
			s.op("SHLL", fmt.Sprintf("$%d", trailingZeros(o.mult)), "AX")
		} else {
			s.op("IMUL3L", fmt.Sprintf("$%d", o.mult), mem(unsatOperand{o.base, 1}), "AX")
		}
		s.op("MOVL", "AX", mem(o))
	}
	sumInto := func(grp *unsatGroup, started bool) {
		for _, p := range grp.prods {
			s.op("MOVL", mem(p.x), "AX")
			s.op("MULL", mem(p.y))
			if started {
				s.op("ADDL", "AX", "BX")
				s.op("ADCL", "DX", "CX")
			} else {
				s.op("MOVL", "AX", "BX")
				s.op("MOVL", "DX", "CX")
				started = true
			}
		}
	}
	s.comment("The groups added to two columns or subtracted, into the frame.")
	for _, grp := range m.pl.groups {
		if m.direct[grp] {
			continue
		}
		sumInto(grp, false)
		s.op("MOVL", "BX", fmt.Sprintf("%d(SP)", gOff[grp]))
		s.op("MOVL", "CX", fmt.Sprintf("%d(SP)", gOff[grp]+4))
	}
	var bl []string
	cur := make([]*big.Int, n)
	for k, c := range m.pl.cols {
		bl = append(bl, fmt.Sprint(c.BitLen()))
		cur[k] = new(big.Int).Set(c)
	}
	s.comment("The columns fit in %s bits (proved by the generator).", strings.Join(bl, ", "))
	deferredMax := map[int]*big.Int{}
	masked := make([]bool, n)
	for ci, chain := range [][2]int{{0, h}, {h, n}} {
		started := false
		for k := chain[0]; k < chain[1]; k++ {
			s.line("")
			s.comment("r%d in CX:BX.", k)
			// Direct groups, then stored ones added, then subtracted.
			for pass := 0; pass < 3; pass++ {
				for _, grp := range m.pl.groups {
					for _, u := range grp.uses {
						if u.col != k {
							continue
						}
						switch {
						case pass == 0 && m.direct[grp]:
							sumInto(grp, started)
							started = true
						case pass == 1 && !m.direct[grp] && u.coef > 0:
							if started {
								s.op("ADDL", fmt.Sprintf("%d(SP)", gOff[grp]), "BX")
								s.op("ADCL", fmt.Sprintf("%d(SP)", gOff[grp]+4), "CX")
							} else {
								s.op("MOVL", fmt.Sprintf("%d(SP)", gOff[grp]), "BX")
								s.op("MOVL", fmt.Sprintf("%d(SP)", gOff[grp]+4), "CX")
								started = true
							}
						case pass == 2 && u.coef < 0:
							if !started {
								return "", fmt.Errorf("column %d is first subtracted from", k)
							}
							s.op("SUBL", fmt.Sprintf("%d(SP)", gOff[grp]), "BX")
							s.op("SBBL", fmt.Sprintf("%d(SP)", gOff[grp]+4), "CX")
						}
					}
				}
			}
			if !started {
				return "", fmt.Errorf("column %d is empty", k)
			}
			w := r.width[k]
			c := new(big.Int).Rsh(cur[k], uint(w))
			s.comment("Carry out of r%d; its low word (l%d unmasked) to the frame.", k, k)
			s.op("MOVL", "BX", fmt.Sprintf("%d(SP)", lOff+4*k))
			s.op("SHRL", fmt.Sprintf("$%d", w), "CX", "BX")
			s.op("SHRL", fmt.Sprintf("$%d", w), "CX")
			cur[k] = unsatMaxWord(w)
			if k == chain[1]-1 {
				deferredMax[k] = c
				if ci == 0 {
					s.op("MOVL", "BX", fmt.Sprintf("%d(SP)", cOff))
					s.op("MOVL", "CX", fmt.Sprintf("%d(SP)", cOff+4))
				}
				continue
			}
			cur[k+1].Add(cur[k+1], c)
			if cur[k+1].Cmp(unsatMaxWord(64)) > 0 {
				return "", fmt.Errorf("column %d overflows", k+1)
			}
		}
	}
	// CX:BX holds the carry out of n−1.
	s.line("")
	s.comment("The carries into limbs 0 and %d, and their carries.", h)
	for _, t := range []int{0, h} {
		ks := m.deferredInto(t)
		if len(ks) == 0 {
			continue
		}
		w := r.width[t]
		sum := new(big.Int).Set(cur[t])
		s.op("MOVL", fmt.Sprintf("%d(SP)", lOff+4*t), "AX")
		s.op("ANDL", fmt.Sprintf("$0x%x", unsatMaxWord(w)), "AX")
		s.op("MOVL", "$0", "DX")
		for _, k := range ks {
			if k == n-1 {
				s.op("ADDL", "BX", "AX")
				s.op("ADCL", "CX", "DX")
			} else {
				s.op("ADDL", fmt.Sprintf("%d(SP)", cOff), "AX")
				s.op("ADCL", fmt.Sprintf("%d(SP)", cOff+4), "DX")
			}
			sum.Add(sum, deferredMax[k])
		}
		if sum.Cmp(unsatMaxWord(64)) > 0 {
			return "", fmt.Errorf("limb %d overflows", t)
		}
		ct := new(big.Int).Rsh(sum, uint(w))
		u := t + 1
		next := new(big.Int).Add(cur[u], ct)
		if ct.Cmp(two32) >= 0 || next.Cmp(two32) >= 0 {
			return "", fmt.Errorf("the last carry out of limb %d does not fit a word", t)
		}
		s.op("MOVL", "AX", "SI")
		s.op("ANDL", fmt.Sprintf("$0x%x", unsatMaxWord(w)), "SI")
		s.op("MOVL", "SI", fmt.Sprintf("%d(SP)", lOff+4*t))
		s.op("SHRL", fmt.Sprintf("$%d", w), "DX", "AX")
		s.op("MOVL", fmt.Sprintf("%d(SP)", lOff+4*u), "SI")
		s.op("ANDL", fmt.Sprintf("$0x%x", unsatMaxWord(r.width[u])), "SI")
		s.op("ADDL", "AX", "SI")
		s.op("MOVL", "SI", fmt.Sprintf("%d(SP)", lOff+4*u))
		masked[t], masked[u] = true, true
		cur[t], cur[u] = unsatMaxWord(w), next
	}
	s.comment("The limbs to v.")
	s.op("MOVL", "v+0(FP)", "DI")
	for k := 0; k < n; k++ {
		if cur[k].Cmp(two32) >= 0 {
			return "", fmt.Errorf("limb %d does not fit a word", k)
		}
		dst := fmt.Sprintf("%d(DI)", 4*k)
		if k == 0 {
			dst = "(DI)"
		}
		s.op("MOVL", fmt.Sprintf("%d(SP)", lOff+4*k), "AX")
		if !masked[k] {
			s.op("ANDL", fmt.Sprintf("$0x%x", unsatMaxWord(r.width[k])), "AX")
		}
		s.op("MOVL", "AX", dst)
	}
	s.op("RET")
	return s.b.String(), nil
}
