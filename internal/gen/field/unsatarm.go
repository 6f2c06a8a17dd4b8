package field

// The arm emitter of the 32-bit Multiply and Square (see unsatasm32.go for
// what it shares with the 386 one and why its output equals the Go code's).
//
// Registers: R0–R9, R11, R12 and R14 (the frame saves LR, so R14 is free);
// never R10 (g, read by the signal handler) nor R13. R11 is the
// assembler's temporary: the code uses only encodable immediates and small
// offsets, so the assembler never needs it (TestUnsatARMNoSynthesis checks
// the text for anything it would have to synthesise). Instructions are
// ARMv4 ones (UMULL, UMLAL, MLA, LDM/STM), so every GOARM runs the code.
//
// Layout: the input limbs are loaded with one LDM each and stored in the
// frame with one STM; the precomputed operands (2·a, 19·b, …) are made from
// the loaded limbs and stored there too. Two ways to sum the columns are
// written, and armBest keeps the shorter text:
//
//   - emit: blocks of consecutive columns of one carry chain; each block's
//     64-bit sums take two registers each, and the other registers cache
//     operands, loaded from the frame and evicted furthest-next-use first.
//     The block partition and the product order are chosen for the fewest
//     instructions. A column's carry is the next column's initial sum when
//     that column starts the next block. (Square: 251 instructions.)
//   - emitWindow, for a·b whose columns are windows of operand tables: one
//     column at a time, its operands read by four LDMs (Multiply: 283; the
//     cache layout gave 320).
//
// The finished limbs wait in the frame; at the end one LDM brings them
// back, the two deferred carries are added and carried, and one STM
// writes v.

import (
	"fmt"
	"math/big"
	"slices"
	"strings"
)

var armRegs = []string{"R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7", "R8", "R9", "R11", "R12", "R14"}

// armImm reports whether x is an ARM data-processing immediate (an 8-bit
// value rotated right by an even amount).
func armImm(x uint32) bool {
	for rot := 0; rot < 32; rot += 2 {
		if (x<<rot|x>>(32-rot))&^0xff == 0 {
			return true
		}
	}
	return false
}

type armGen struct {
	m     *asm32Mul
	s     asmText
	count int // instructions emitted
	free  []string
	slot  map[string]int // operand name → frame offset
	lOff  int            // limb k at lOff+4k
	cOff  map[int]int    // deferred carry out of limb k: lo, hi
	frame int
}

func (g *armGen) op(op string, args ...string) {
	g.count++
	g.s.op(op, args...)
}

func (g *armGen) get() (string, error) {
	if len(g.free) == 0 {
		return "", fmt.Errorf("out of registers")
	}
	r := g.free[0]
	g.free = g.free[1:]
	return r, nil
}

func (g *armGen) put(r string) { g.free = append(g.free, r) }

func sp(off int) string { return fmt.Sprintf("%d(R13)", off) }

// armAcc is a 64-bit column sum (or carry) in registers; hi is "" when it
// is known to be zero.
type armAcc struct {
	lo, hi  string
	started bool
}

// armBest emits fn with every block partition of the two chains and both
// product orders, and returns the shortest text.
func (m *asm32Mul) armBest() (string, error) {
	best, bestN := "", -1
	var firstErr error
	chains := m.chains()
	for _, pa := range compositions(len(chains[0]), 5) {
		for _, pb := range compositions(len(chains[1]), 5) {
			for _, greedy := range []bool{false, true} {
				g := &armGen{m: m}
				err := g.emit(append(split(chains[0], pa), split(chains[1], pb)...), greedy)
				if err != nil {
					if firstErr == nil {
						firstErr = err
					}
					continue
				}
				if bestN < 0 || g.count < bestN {
					best, bestN = g.s.b.String(), g.count
				}
			}
		}
	}
	if g := (&armGen{m: m}); g.emitWindow() == nil && (bestN < 0 || g.count < bestN) {
		best, bestN = g.s.b.String(), g.count
	}
	if bestN < 0 {
		return "", firstErr
	}
	return best, nil
}

// compositions lists the ways of writing n as an ordered sum of parts of at
// most maxPart.
func compositions(n, maxPart int) [][]int {
	if n == 0 {
		return [][]int{nil}
	}
	var out [][]int
	for p := 1; p <= min(n, maxPart); p++ {
		for _, rest := range compositions(n-p, maxPart) {
			out = append(out, append([]int{p}, rest...))
		}
	}
	return out
}

func split(xs []int, parts []int) [][]int {
	var out [][]int
	for _, p := range parts {
		out = append(out, xs[:p])
		xs = xs[p:]
	}
	return out
}

func (g *armGen) emit(blocks [][]int, greedy bool) error {
	m, r := g.m, g.m.r
	n := r.n()
	g.free = slices.Clone(armRegs)
	// The frame: the limbs, the deferred carries, the operands.
	g.slot, g.cOff = map[string]int{}, map[int]int{}
	off := 4
	g.lOff = off
	off += 4 * n
	for k := 0; k < n; k++ {
		if m.deferred(k) {
			g.cOff[k] = off
			off += 8
		}
	}
	inputs := []byte{'a', 'b'}
	if m.square {
		inputs = inputs[:1]
	}
	plainOff := map[byte]int{}
	for _, v := range inputs {
		plainOff[v] = off
		for i := 0; i < n; i++ {
			g.slot[fmt.Sprintf("%c%d", v, i)] = off
			off += 4
		}
	}
	// Multiples: stored in order of their base limb when every base has at
	// most one (one STM), else one by one.
	multOf := map[byte][]unsatOperand{}
	for _, o := range m.multi {
		multOf[o.base[0]] = append(multOf[o.base[0]], o)
	}
	baseIdx := func(o unsatOperand) int {
		var i int
		fmt.Sscanf(o.base[1:], "%d", &i)
		return i
	}
	multOff := map[byte]int{}
	for _, v := range inputs {
		ms := multOf[v]
		slices.SortStableFunc(ms, func(x, y unsatOperand) int { return baseIdx(x) - baseIdx(y) })
		multOff[v] = off
		for _, o := range ms {
			g.slot[o.name()] = off
			off += 4
		}
	}
	g.frame = off - 4

	args, frameArgs := "v, a, b", 12
	if m.square {
		args, frameArgs = "v, a", 8
	}
	g.s.line("")
	g.s.line(fmt.Sprintf("// func %s(%s *%s)", m.name, args, r.typ))
	g.s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-%d", m.name, g.frame, frameArgs))

	regList := "[R0-R9]"
	if n != 10 {
		return fmt.Errorf("the arm emitter loads ten limbs into R0–R9")
	}
	limbReg := func(i int) string { return fmt.Sprintf("R%d", i) }
	for _, v := range inputs {
		argOff := 4
		if v == 'b' {
			argOff = 8
		}
		g.s.comment("%c's limbs and their multiples into the frame.", v)
		g.op("MOVW", fmt.Sprintf("%c+%d(FP)", v, argOff), "R11")
		g.op("MOVM.IA", "(R11)", regList)
		g.op("ADD", fmt.Sprintf("$%d", plainOff[v]), "R13", "R11")
		g.op("MOVM.IA", regList, "(R11)")
		ms := multOf[v]
		oneEach := true
		for i := 1; i < len(ms); i++ {
			if baseIdx(ms[i]) == baseIdx(ms[i-1]) {
				oneEach = false
			}
		}
		times := func(src, dst string, mult int64) error { return armShiftAdd(g.op, src, dst, mult) }
		if len(ms) == 0 {
			continue
		}
		if oneEach {
			var list []string
			for _, o := range ms {
				reg := limbReg(baseIdx(o))
				if err := times(reg, reg, o.mult); err != nil {
					return err
				}
				list = append(list, reg)
			}
			g.op("ADD", fmt.Sprintf("$%d", multOff[v]), "R13", "R11")
			g.op("MOVM.IA", "["+strings.Join(list, ",")+"]", "(R11)")
			continue
		}
		for _, o := range ms {
			if err := times(limbReg(baseIdx(o)), "R14", o.mult); err != nil {
				return err
			}
			g.op("MOVW", "R14", sp(g.slot[o.name()]))
		}
	}

	var bl []string
	cur := make([]*big.Int, n)
	for k, c := range m.colMax {
		bl = append(bl, fmt.Sprint(c.BitLen()))
		cur[k] = new(big.Int).Set(c)
	}
	g.s.comment("The columns fit in %s bits (proved by the generator).", strings.Join(bl, ", "))

	var pending *armAcc // the carry into the next block's first column
	deferredC := map[int]*big.Int{}
	for bi, blk := range blocks {
		acc := map[int]*armAcc{}
		for i, k := range blk {
			if i > 0 && blk[i-1]+1 != k {
				return fmt.Errorf("block %v is not consecutive", blk)
			}
		}
		for i, k := range blk {
			if i == 0 && pending != nil {
				if pending.hi == "" {
					hi, err := g.get()
					if err != nil {
						return err
					}
					g.op("MOVW", "$0", hi)
					pending.hi = hi
				}
				pending.started = true
				acc[k] = pending
				pending = nil
				continue
			}
			lo, err := g.get()
			if err != nil {
				return err
			}
			hi, err := g.get()
			if err != nil {
				return err
			}
			acc[k] = &armAcc{lo: lo, hi: hi}
		}
		if pending != nil {
			return fmt.Errorf("a carry into block %d is lost", bi)
		}
		if len(g.free) < 2 {
			return fmt.Errorf("block %v leaves fewer than two registers for operands", blk)
		}
		// The products, canonically by the first operand (a row of the
		// schoolbook), then by column.
		type prod struct {
			k    int
			x, y unsatOperand
		}
		var ps []prod
		for _, k := range blk {
			for _, p := range m.cols[k].prods {
				ps = append(ps, prod{k, p.x, p.y})
			}
		}
		key := func(o unsatOperand) string { return fmt.Sprintf("%s%03d_%d", o.base[:1], baseIdx(o), o.mult) }
		slices.SortStableFunc(ps, func(p, q prod) int {
			if c := strings.Compare(key(p.x), key(q.x)); c != 0 {
				return c
			}
			return p.k - q.k
		})
		cache := map[string]string{}
		if greedy {
			var out []prod
			left := slices.Clone(ps)
			// Simulate the cache loosely: a product whose operands were
			// just used goes first.
			recent := map[string]bool{}
			for len(left) > 0 {
				bestI, bestS := 0, -1
				for i, p := range left {
					s := 0
					if recent[p.x.name()] {
						s++
					}
					if recent[p.y.name()] {
						s++
					}
					if s > bestS {
						bestI, bestS = i, s
					}
				}
				p := left[bestI]
				left = slices.Delete(left, bestI, bestI+1)
				out = append(out, p)
				recent = map[string]bool{p.x.name(): true, p.y.name(): true}
			}
			ps = out
		}
		g.s.line("")
		g.s.comment("Columns %v.", blk)
		for pi, p := range ps {
			nextUse := func(name string) int {
				for j := pi + 1; j < len(ps); j++ {
					if ps[j].x.name() == name || ps[j].y.name() == name {
						return j
					}
				}
				return len(ps) + 1
			}
			ensure := func(o unsatOperand, keep string) (string, error) {
				if reg, ok := cache[o.name()]; ok {
					return reg, nil
				}
				if len(g.free) == 0 {
					victim, far := "", -1
					var names []string
					for name := range cache {
						names = append(names, name)
					}
					slices.Sort(names)
					for _, name := range names {
						if name == keep {
							continue
						}
						if u := nextUse(name); u > far {
							victim, far = name, u
						}
					}
					if victim == "" {
						return "", fmt.Errorf("no register to evict")
					}
					g.put(cache[victim])
					delete(cache, victim)
				}
				reg, err := g.get()
				if err != nil {
					return "", err
				}
				off, ok := g.slot[o.name()]
				if !ok {
					return "", fmt.Errorf("operand %s has no slot", o.name())
				}
				g.op("MOVW", sp(off), reg)
				cache[o.name()] = reg
				return reg, nil
			}
			rx, err := ensure(p.x, "")
			if err != nil {
				return err
			}
			ry, err := ensure(p.y, p.x.name())
			if err != nil {
				return err
			}
			a := acc[p.k]
			if a.started {
				g.op("MULALU", rx, ry, fmt.Sprintf("(%s, %s)", a.hi, a.lo))
			} else {
				g.op("MULLU", rx, ry, fmt.Sprintf("(%s, %s)", a.hi, a.lo))
				a.started = true
			}
		}
		for _, reg := range cache {
			g.put(reg)
		}
		slices.SortFunc(g.free, func(x, y string) int { return slices.Index(armRegs, x) - slices.Index(armRegs, y) })
		// The carries, up the block.
		for _, k := range blk {
			a := acc[k]
			w := r.width[k]
			c := new(big.Int).Rsh(cur[k], uint(w))
			g.s.comment("Carry out of r%d; l%d to the frame.", k, k)
			clo, err := g.get()
			if err != nil {
				return err
			}
			g.op("MOVW", fmt.Sprintf("%s>>%d", a.lo, w), clo)
			g.op("ORR", fmt.Sprintf("%s<<%d", a.hi, 32-w), clo)
			nm := uint32(^unsatMaxWord(w).Uint64())
			if !armImm(nm) {
				return fmt.Errorf("mask of limb %d is not an immediate", k)
			}
			g.op("BIC", fmt.Sprintf("$0x%x", nm), a.lo)
			g.op("MOVW", a.lo, sp(g.lOff+4*k))
			g.put(a.lo)
			chi := ""
			if c.Cmp(two32) >= 0 {
				g.op("MOVW", fmt.Sprintf("%s>>%d", a.hi, w), a.hi)
				chi = a.hi
			} else {
				g.put(a.hi)
			}
			cur[k] = unsatMaxWord(w)
			t := m.target(k)
			switch {
			case m.deferred(k):
				g.op("MOVW", clo, sp(g.cOff[k]))
				if chi != "" {
					g.op("MOVW", chi, sp(g.cOff[k]+4))
				}
				g.put(clo)
				if chi != "" {
					g.put(chi)
				}
				deferredC[k] = c
			case slices.Contains(blk, t):
				ta := acc[t]
				g.op("ADD.S", clo, ta.lo)
				if chi != "" {
					g.op("ADC", chi, ta.hi)
					g.put(chi)
				} else {
					g.op("ADC", "$0", ta.hi)
				}
				g.put(clo)
				cur[t].Add(cur[t], c)
			default:
				if bi+1 >= len(blocks) || blocks[bi+1][0] != t {
					return fmt.Errorf("carry out of limb %d has nowhere to go", k)
				}
				pending = &armAcc{lo: clo, hi: chi}
				cur[t].Add(cur[t], c)
			}
			if cur[t].Cmp(unsatMaxWord(64)) > 0 {
				return fmt.Errorf("column %d overflows", t)
			}
		}
	}
	return g.finish(cur, deferredC)
}

// finish writes the end: the limbs back into R0–R9, the deferred carries
// added and carried once more (Go's second pass over limbs 0 and h), v
// written. cur holds the limbs' bounds, deferredC the deferred carries'.
func (g *armGen) finish(cur []*big.Int, deferredC map[int]*big.Int) error {
	m, r := g.m, g.m.r
	n := r.n()
	regList := "[R0-R9]"
	limbReg := func(i int) string { return fmt.Sprintf("R%d", i) }
	g.s.line("")
	g.s.comment("The limbs back; the carries into limbs 0 and %d, and their carries.", m.h)
	g.op("ADD", fmt.Sprintf("$%d", g.lOff), "R13", "R11")
	g.op("MOVM.IA", "(R11)", regList)
	for _, k := range []int{n - 1, m.h - 1} {
		t := m.target(k)
		c := deferredC[k]
		coef := int64(1)
		if k == n-1 {
			coef = m.topC
		}
		lo := limbReg(t)
		hi := "R14"
		sum := new(big.Int).Add(cur[t], new(big.Int).Mul(c, big.NewInt(coef)))
		g.op("MOVW", sp(g.cOff[k]), "R11")
		if coef == 1 {
			if c.Cmp(two32) >= 0 {
				g.op("MOVW", sp(g.cOff[k]+4), "R12")
				hi = "R12"
			} else {
				g.op("MOVW", "$0", hi)
			}
			g.op("ADD.S", "R11", lo)
			g.op("ADC", "$0", hi)
		} else {
			if !armImm(uint32(coef)) {
				return fmt.Errorf("carry factor %d is not an immediate", coef)
			}
			g.op("MOVW", fmt.Sprintf("$%d", coef), "R12")
			g.op("MOVW", "$0", hi)
			g.op("MULALU", "R11", "R12", fmt.Sprintf("(%s, %s)", hi, lo))
			if c.Cmp(two32) >= 0 {
				g.op("MOVW", sp(g.cOff[k]+4), "R11")
				g.op("MULA", "R11", "R12", hi, hi)
			}
		}
		if sum.Cmp(unsatMaxWord(64)) > 0 {
			return fmt.Errorf("limb %d overflows", t)
		}
		// Carry t into t+1, which then needs no further carry.
		w := r.width[t]
		ct := new(big.Int).Rsh(sum, uint(w))
		u := m.target(t)
		next := new(big.Int).Add(cur[u], ct)
		if ct.Cmp(two32) >= 0 || next.Cmp(two32) >= 0 {
			return fmt.Errorf("the last carry out of limb %d does not fit a word", t)
		}
		g.op("MOVW", fmt.Sprintf("%s>>%d", lo, w), "R11")
		g.op("ORR", fmt.Sprintf("%s<<%d", hi, 32-w), "R11")
		g.op("BIC", fmt.Sprintf("$0x%x", uint32(^unsatMaxWord(w).Uint64())), lo)
		g.op("ADD", "R11", limbReg(u))
		cur[t], cur[u] = unsatMaxWord(w), next
	}
	for k := 0; k < n; k++ {
		if cur[k].Cmp(two32) >= 0 {
			return fmt.Errorf("limb %d does not fit a word", k)
		}
	}
	g.op("MOVW", "v+0(FP)", "R11")
	g.op("MOVM.IA", regList, "(R11)")
	g.op("RET")
	return nil
}

func trailingZeros(x int64) int {
	n := 0
	for x > 1 && x%2 == 0 {
		x /= 2
		n++
	}
	return n
}

// times writes dst = src·mult (mod 2^32), a plain move for ·1.
func (g *armGen) times(src, dst string, mult int64) error {
	if mult == 1 {
		if src != dst {
			g.op("MOVW", src, dst)
		}
		return nil
	}
	return armShiftAdd(g.op, src, dst, mult)
}

// armShiftAdd writes dst = src·mult (mod 2^32) with op by shifts and adds,
// R12 the temporary of ·19: one shifted move for a power of two (·1 too),
// one shifted add for 2^k + 1.
func armShiftAdd(op func(string, ...string), src, dst string, mult int64) error {
	switch {
	case mult&(mult-1) == 0:
		op("MOVW", fmt.Sprintf("%s<<%d", src, trailingZeros(mult)), dst)
	case mult == 19:
		op("ADD", src+"<<4", src, "R12")
		op("ADD", src+"<<1", "R12", dst)
	case mult == 3 || mult == 5 || mult == 9 || mult == 17:
		op("ADD", fmt.Sprintf("%s<<%d", src, trailingZeros(mult-1)), src, dst)
	default:
		return fmt.Errorf("no shift-add sequence for ·%d", mult)
	}
	return nil
}

// emitWindow writes a multiplication whose columns read their operands as
// windows of tables, one column at a time, with LDM: the schoolbook of an
// unreduced a·b where column k pairs x_i (a_i times a multiplier that
// depends on i and on k's parity) with y_i = b_{k−i}, or its multiple past
// the wrap. The y of column k are then the run E[k … k+n−1] of one table
// E = (19·b_1 … 19·b_{n−1}, b_0 … b_{n−1}), read backwards as i grows: one
// pointer serves both halves of every column (LDM.IA above it, LDM.DB
// below) and moves one word per column. The x come from one table per
// multiplier pattern. Per column: four LDMs, two address additions, one
// pointer step and ten multiplies, against one load per product or more
// for the register cache of emit. It returns an error when the plan does
// not have this shape; armBest then keeps the cache's text.
func (g *armGen) emitWindow() error {
	m, r := g.m, g.m.r
	n := r.n()
	h := n / 2
	if m.square || n != 10 {
		return fmt.Errorf("the window layout is written for ten-limb products a·b")
	}
	idx := func(o unsatOperand) int {
		var i int
		fmt.Sscanf(o.base[1:], "%d", &i)
		return i
	}
	xs := make([][]unsatOperand, n)
	ys := make([][]unsatOperand, n)
	for k, grp := range m.cols {
		xs[k], ys[k] = make([]unsatOperand, n), make([]unsatOperand, n)
		seen := make([]bool, n)
		if len(grp.prods) != n {
			return fmt.Errorf("column %d has %d products", k, len(grp.prods))
		}
		for _, p := range grp.prods {
			i := idx(p.x)
			if p.x.base[0] != 'a' || p.y.base[0] != 'b' || seen[i] {
				return fmt.Errorf("column %d is not a row of a_i·b_j", k)
			}
			seen[i] = true
			xs[k][i], ys[k][i] = p.x, p.y
		}
	}
	// E: the y of column k, x_i's partner at n−1+k−i.
	E := make([]unsatOperand, 2*n-1)
	set := make([]bool, 2*n-1)
	for k := 0; k < n; k++ {
		for i := 0; i < n; i++ {
			e := n - 1 + k - i
			if set[e] && E[e] != ys[k][i] {
				return fmt.Errorf("the b side is not one table")
			}
			E[e], set[e] = ys[k][i], true
		}
	}
	for e := range E {
		want := e - (n - 1)
		if e < n-1 {
			want = e + 1
		}
		if !set[e] || idx(E[e]) != want || (e >= n-1 && E[e].mult != 1) {
			return fmt.Errorf("the b side is not (c·b_1 … c·b_%d, b_0 … b_%d)", n-1, n-1)
		}
	}
	// The x tables, in an order in which each is made in place from the
	// one before by left shifts.
	var xtabs [][]unsatOperand
	xtab := make([]int, n)
	for k := 0; k < n; k++ {
		xtab[k] = -1
		for t, tab := range xtabs {
			if slices.Equal(tab, xs[k]) {
				xtab[k] = t
			}
		}
		if xtab[k] < 0 {
			xtab[k] = len(xtabs)
			xtabs = append(xtabs, xs[k])
		}
	}
	order := make([]int, len(xtabs))
	for t := range order {
		order[t] = t
	}
	sum := func(tab []unsatOperand) (s int64) {
		for _, o := range tab {
			s += o.mult
		}
		return s
	}
	slices.SortStableFunc(order, func(a, b int) int { return int(sum(xtabs[a]) - sum(xtabs[b])) })

	g.free = nil
	g.cOff = map[int]int{}
	off := 4
	g.lOff = off
	off += 4 * n
	for k := 0; k < n; k++ {
		if m.deferred(k) {
			g.cOff[k] = off
			off += 8
		}
	}
	xOff := make([]int, len(xtabs))
	for t := range xtabs {
		xOff[t] = off
		off += 4 * n
	}
	eOff := off
	off += 4 * len(E)
	g.frame = off - 4

	g.s.line("")
	g.s.line(fmt.Sprintf("// func %s(v, a, b *%s)", m.name, r.typ))
	g.s.line(fmt.Sprintf("TEXT ·%s(SB), NOSPLIT, $%d-12", m.name, g.frame))
	g.s.comment("The x tables (a_i times the multipliers of each column pattern).")
	g.op("MOVW", "a+4(FP)", "R11")
	g.op("MOVM.IA", "(R11)", "[R0-R9]")
	curMult := make([]int64, n)
	for i := range curMult {
		curMult[i] = 1
	}
	for _, t := range order {
		for i, o := range xtabs[t] {
			if idx(o) != i {
				return fmt.Errorf("x table %d is not a_0 … a_%d", t, n-1)
			}
			if o.mult == curMult[i] {
				continue
			}
			q := o.mult / curMult[i]
			if o.mult%curMult[i] != 0 || q&(q-1) != 0 {
				return fmt.Errorf("x table %d is not made by shifts of the one before", t)
			}
			reg := fmt.Sprintf("R%d", i)
			g.op("MOVW", fmt.Sprintf("%s<<%d", reg, trailingZeros(q)), reg)
			curMult[i] = o.mult
		}
		g.op("ADD", fmt.Sprintf("$%d", xOff[t]), "R13", "R11")
		g.op("MOVM.IA", "[R0-R9]", "(R11)")
	}
	g.s.comment("E = (c·b_1 … c·b_%d, b_0 … b_%d).", n-1, n-1)
	g.op("MOVW", "b+8(FP)", "R11")
	g.op("MOVM.IA", "(R11)", "[R0-R9]")
	g.op("ADD", fmt.Sprintf("$%d", eOff+4*(n-1)), "R13", "R11")
	g.op("MOVM.IA", "[R0-R9]", "(R11)")
	for e := 0; e < n-1; e++ {
		reg := fmt.Sprintf("R%d", e+1)
		if err := g.times(reg, reg, E[e].mult); err != nil {
			return err
		}
	}
	g.op("ADD", fmt.Sprintf("$%d", eOff), "R13", "R11")
	g.op("MOVM.IA", "[R1-R9]", "(R11)")

	var bl []string
	cur := make([]*big.Int, n)
	for k, c := range m.colMax {
		bl = append(bl, fmt.Sprint(c.BitLen()))
		cur[k] = new(big.Int).Set(c)
	}
	g.s.comment("The columns fit in %s bits (proved by the generator).", strings.Join(bl, ", "))
	g.s.comment("R14 walks E: column k reads E[k+%d …] upwards and E[k …] below it.", h)
	g.op("ADD", fmt.Sprintf("$%d", eOff+4*h), "R13", "R14")
	deferredC := map[int]*big.Int{}
	started := false // R12:R11 holds the carry into the column
	for _, chain := range m.chains() {
		for _, k := range chain {
			g.s.line("")
			g.s.comment("r%d in R12:R11.", k)
			for half := 0; half < 2; half++ {
				g.op("ADD", fmt.Sprintf("$%d", xOff[xtab[k]]+4*h*half), "R13", "R0")
				g.op("MOVM.IA", "(R0)", "[R0-R4]")
				if half == 0 {
					g.op("MOVM.IA", "(R14)", "[R5-R9]")
				} else {
					g.op("MOVM.DB", "(R14)", "[R5-R9]")
				}
				// Down the half: the first multiply reads R5, the y LDM's
				// first word, so an in-order core waits least for it.
				for i := h*(half+1) - 1; i >= h*half; i-- {
					// x_i in R(i−5·half); y_i at E[n−1+k−i], loaded into
					// R5 + (its index − the run's first).
					first := h + k
					if half == 1 {
						first = k
					}
					rx := fmt.Sprintf("R%d", i-h*half)
					ry := fmt.Sprintf("R%d", h+(n-1+k-i)-first)
					if started {
						g.op("MULALU", rx, ry, "(R12, R11)")
					} else {
						g.op("MULLU", rx, ry, "(R12, R11)")
						started = true
					}
				}
			}
			g.op("ADD", "$4", "R14")
			w := r.width[k]
			nm := uint32(^unsatMaxWord(w).Uint64())
			if !armImm(nm) {
				return fmt.Errorf("mask of limb %d is not an immediate", k)
			}
			c := new(big.Int).Rsh(cur[k], uint(w))
			g.s.comment("Carry out of r%d, into R12:R11; l%d to the frame.", k, k)
			g.op("BIC", fmt.Sprintf("$0x%x", nm), "R11", "R0")
			g.op("MOVW", "R0", sp(g.lOff+4*k))
			g.op("MOVW", fmt.Sprintf("R11>>%d", w), "R11")
			g.op("ORR", fmt.Sprintf("R12<<%d", 32-w), "R11")
			g.op("MOVW", fmt.Sprintf("R12>>%d", w), "R12")
			cur[k] = unsatMaxWord(w)
			t := m.target(k)
			if m.deferred(k) {
				g.op("MOVW", "R11", sp(g.cOff[k]))
				g.op("MOVW", "R12", sp(g.cOff[k]+4))
				deferredC[k] = c
				started = false
				continue
			}
			if chain[len(chain)-1] == k {
				return fmt.Errorf("carry out of limb %d has nowhere to go", k)
			}
			cur[t].Add(cur[t], c)
			if cur[t].Cmp(unsatMaxWord(64)) > 0 {
				return fmt.Errorf("column %d overflows", t)
			}
		}
	}
	return g.finish(cur, deferredC)
}
