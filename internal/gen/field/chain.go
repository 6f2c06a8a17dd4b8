package field

import (
	"fmt"
	"math/big"
	"math/bits"
	"sort"
	"strings"
)

// This file turns a fixed exponent into straight-line code made of Square
// and Multiply calls: the one exponentiation routine every field uses for
// Invert (exponent p−2) and square roots. The exponent is public, so the
// generated code is constant time by construction.
//
// The method: scan the exponent from the top; a run of at least
// longRun ones becomes one multiplication by x^(2^L−1), built once by the
// doubling chain x^(2^(a+b)−1) = (x^(2^a−1))^(2^b) · x^(2^b−1); any other
// stretch becomes a sliding window of at most window bits ending in a one,
// multiplied in from a table of the odd powers of x it needs (the runs'
// x^(2^L−1) count as such). Every window size up to chainWindow is tried and
// the cheapest chain kept.
//
// A second family of chains seeds the runs: the windows' odd powers and one
// x^(2^k−1) (k < chainLongRun) come from a shortest addition sequence found
// by search, so that the powers a window needs are stepping stones of the
// runs' seed, and each run's x^(2^L−1) then comes from the shortest chain of
// lengths over the seeds (x^(2^(a+b)−1) from lengths a and b). For
// 2^255−21 this finds 254 squarings + 11 multiplications, the count of the
// classic hand-made chain (x^11 on the way to x^(2^5−1), then 5, 10, 20,
// 40, 50, 100, 200, 250); the unseeded chains need 14.

const (
	chainWindow  = 6 // the widest sliding window tried
	chainLongRun = 8 // runs of ones at least this long use the doubling chain
)

// chainOp is one step: dst = src^(2^sq) (sq ≥ 1), or dst = x·y (sq == 0).
type chainOp struct {
	dst, x, y string
	sq        int
}

type chain struct {
	ops  []chainOp
	vars map[string]bool
}

func (c *chain) square(dst, src string, n int) {
	if n > 0 {
		c.ops = append(c.ops, chainOp{dst: dst, x: src, sq: n})
		c.vars[dst] = true
	}
}

func (c *chain) mul(dst, x, y string) {
	c.ops = append(c.ops, chainOp{dst: dst, x: x, y: y})
	c.vars[dst] = true
}

type chainToken struct {
	run   int // > 0: a run of ones of this length
	value uint
	width int // bits consumed (for run tokens, == run)
	zeros int // zero bits after this token and before the next
}

// buildChain computes the steps for "out = in^e". Temporaries are named
// t<something>; in and out are the caller's names (out may be written many times).
//
// It tries every window size up to chainWindow and keeps the cheapest chain
// (fewest squarings plus multiplications, then fewest multiplications).
func buildChain(e *big.Int, in, out string) *chain {
	if e.Sign() <= 0 {
		panic("gen: exponent must be positive")
	}
	var best *chain
	bestCost, bestMul := 0, 0
	for seed := 0; seed < chainLongRun; seed++ {
		if seed == 1 {
			continue // seed 0: the unseeded chains
		}
		for w := 1; w <= chainWindow; w++ {
			c := buildChainSeeded(e, in, out, w, 0, seed)
			if c == nil {
				continue
			}
			s, m := c.counts()
			if best == nil || s+m < bestCost || (s+m == bestCost && m < bestMul) {
				best, bestCost, bestMul = c, s+m, m
			}
		}
	}
	return best
}

// buildChainSplitRuns is buildChain, also trying to cap the runs of ones
// that get their own doubling chain at maxRun bits: a longer run is then
// multiplied in as pieces whose x^(2^L−1) the capped chains already built,
// instead of paying L−1 extra squarings for its own chain. This pays off
// when the exponent has several long runs of different lengths (P-256's
// p − 2 has runs of 32 and 94 ones: 255 instead of 345 squarings).
func buildChainSplitRuns(e *big.Int, in, out string) *chain {
	best := buildChain(e, in, out)
	bestS, bestM := best.counts()
	for _, maxRun := range []int{16, 32, 64, 128} {
		for w := 1; w <= chainWindow; w++ {
			c := buildChainWindowRuns(e, in, out, w, maxRun)
			s, m := c.counts()
			if s+m < bestS+bestM || (s+m == bestS+bestM && m < bestM) {
				best, bestS, bestM = c, s, m
			}
		}
	}
	return best
}

// buildChainWindowRuns builds the chain with sliding windows of at most
// window bits, and runs of ones capped at maxRun bits (0: no cap).
func buildChainWindowRuns(e *big.Int, in, out string, window, maxRun int) *chain {
	return buildChainSeeded(e, in, out, window, maxRun, 0)
}

// buildChainSeeded is buildChainWindowRuns; with seed ≥ 2, the windows'
// odd powers and x^(2^seed−1) come from one shortest addition sequence
// (chainSequence), and the runs from the shortest chains of lengths over
// the run lengths that sequence holds (buildRunFrom). It returns nil when
// the exponent has no run for the seed to feed or the sequence search
// gives up.
func buildChainSeeded(e *big.Int, in, out string, window, maxRun, seed int) *chain {
	c := &chain{vars: map[string]bool{}}
	// Work on a copy of the input, so that out may alias in.
	c.ops = append(c.ops, chainOp{dst: "tIn", x: in, sq: -1})
	c.vars["tIn"] = true
	in = "tIn"
	// Tokenize from the top bit.
	var toks []chainToken
	i := e.BitLen() - 1
	for i >= 0 {
		if e.Bit(i) == 0 {
			toks[len(toks)-1].zeros++
			i--
			continue
		}
		run := 0
		for i-run >= 0 && e.Bit(i-run) == 1 {
			run++
		}
		if run >= chainLongRun {
			toks = append(toks, chainToken{run: run, width: run})
			i -= run
			continue
		}
		// Sliding window: the longest stretch of ≤ chainWindow bits starting
		// at i and ending in a one.
		w := window
		if i+1 < w {
			w = i + 1
		}
		for e.Bit(i-w+1) == 0 {
			w--
		}
		var v uint
		for j := 0; j < w; j++ {
			v = v<<1 | e.Bit(i-j)
		}
		toks = append(toks, chainToken{value: v, width: w})
		i -= w
	}

	// Runs: x^(2^L−1) for each needed L, by a doubling chain from 1.
	runs := map[int]bool{}
	need := map[uint]bool{}
	for _, t := range toks {
		if t.run > 0 {
			runs[t.run] = true
		} else {
			need[t.value] = true
		}
	}
	runVar := func(l int) string {
		if l == 1 {
			return in
		}
		return fmt.Sprintf("tRun%d", l)
	}
	have := map[int]bool{1: true}
	var lengths []int
	for l := range runs {
		if maxRun > 0 && l > maxRun {
			l = maxRun
		}
		lengths = append(lengths, l)
	}
	sort.Ints(lengths)
	avail := map[uint]string{1: in}
	if seed >= 2 {
		if len(lengths) == 0 {
			return nil
		}
		targets := []uint{1<<uint(seed) - 1}
		for v := range need {
			targets = append(targets, v)
		}
		seq := chainSequence(targets)
		if seq == nil {
			return nil
		}
		c.sequence(seq, avail, in, func(v uint) string {
			if l := bits.Len(v); v == 1<<uint(l)-1 {
				have[l] = true
				return runVar(l)
			}
			return fmt.Sprintf("tPow%d", v)
		})
		for _, l := range lengths {
			c.buildRunFrom(l, have, runVar)
		}
	} else {
		for _, l := range lengths {
			c.buildRun(l, have, runVar)
		}
	}
	if maxRun > 0 {
		// Cut the runs longer than the cap into pieces of lengths built
		// above, largest first; the last piece keeps the trailing zeros.
		var split []chainToken
		for _, t := range toks {
			if t.run <= maxRun {
				split = append(split, t)
				continue
			}
			for left := t.run; left > 0; {
				p := 1
				for l := range have {
					if l <= left && l > p {
						p = l
					}
				}
				left -= p
				piece := chainToken{run: p, width: p}
				if left == 0 {
					piece.zeros = t.zeros
				}
				split = append(split, piece)
			}
		}
		toks = split
	}
	// Odd powers needed by windows. The runs built above are odd powers
	// x^(2^L−1) already; every other needed power v is reached from the
	// largest smaller odd power available by multiplications by x².
	for l := range have {
		if l < 32 {
			avail[1<<uint(l)-1] = runVar(l)
		}
	}
	var needed []uint
	for v := range need {
		needed = append(needed, v)
	}
	sort.Slice(needed, func(i, j int) bool { return needed[i] < needed[j] })
	for _, v := range needed {
		if _, ok := avail[v]; ok {
			continue
		}
		if !c.vars["tPow2"] {
			c.square("tPow2", in, 1)
		}
		u := v - 2
		for ; avail[u] == ""; u -= 2 {
		}
		for ; u < v; u += 2 {
			name := fmt.Sprintf("tPow%d", u+2)
			c.mul(name, avail[u], "tPow2")
			avail[u+2] = name
		}
	}
	pow := func(v uint) string { return avail[v] }

	// Main loop.
	first := true
	for _, t := range toks {
		v := runVar(t.run)
		if t.run == 0 {
			v = pow(t.value)
		}
		if first {
			c.ops = append(c.ops, chainOp{dst: out, x: v, sq: -1}) // copy
			first = false
		} else {
			c.square(out, out, t.width)
			c.mul(out, out, v)
		}
		c.square(out, out, t.zeros)
	}
	return c
}

// buildRun makes x^(2^l−1) available, reusing the lengths already built.
func (c *chain) buildRun(l int, have map[int]bool, name func(int) string) {
	if have[l] {
		return
	}
	// x^(2^(2k)−1) = (x^(2^k−1))^(2^k)·x^(2^k−1) and
	// x^(2^(k+1)−1) = (x^(2^k−1))^2·x: l−1 squarings in all.
	if l%2 == 0 {
		c.buildRun(l/2, have, name)
		c.square(name(l), name(l/2), l/2)
		c.mul(name(l), name(l), name(l/2))
	} else {
		c.buildRun(l-1, have, name)
		c.square(name(l), name(l-1), 1)
		c.mul(name(l), name(l), name(1))
	}
	have[l] = true
}

// buildRunFrom makes x^(2^l−1) available by a chain of lengths over the
// lengths in have, each new length the double of the one before it or its
// sum with a length in have (x^(2^(a+b)−1) = (x^(2^a−1))^(2^b)·x^(2^b−1):
// the shorter length in squarings and one multiplication). Of such chains
// it takes a shortest, and of those one with the fewest squarings.
func (c *chain) buildRunFrom(l int, have map[int]bool, name func(int) string) {
	if have[l] {
		return
	}
	type way struct{ steps, sq, a, b int }
	ways := make([]way, l+1)
	for k := 1; k <= l; k++ {
		if have[k] {
			continue
		}
		ways[k] = way{steps: -1}
		try := func(a, b int) {
			if a < 1 || b < 1 || ways[a].steps < 0 {
				return
			}
			w := way{steps: ways[a].steps + 1, sq: ways[a].sq + min(a, b), a: a, b: b}
			if ways[k].steps < 0 || w.steps < ways[k].steps || (w.steps == ways[k].steps && w.sq < ways[k].sq) {
				ways[k] = w
			}
		}
		if k%2 == 0 {
			try(k/2, k/2)
		}
		var hs []int
		for h := range have {
			hs = append(hs, h)
		}
		sort.Ints(hs)
		for _, h := range hs {
			try(k-h, h)
		}
	}
	var build func(k int)
	build = func(k int) {
		if have[k] {
			return
		}
		w := ways[k]
		build(w.a)
		// Square the longer run by the shorter one's length.
		long, short := w.a, w.b
		if short > long {
			long, short = short, long
		}
		c.square(name(k), name(long), short)
		c.mul(name(k), name(k), name(short))
		have[k] = true
	}
	build(l)
}

// chainSequenceMax bounds the search of chainSequence: the largest target
// and the longest sequence it tries.
const (
	chainSequenceMax   = 127
	chainSequenceSteps = 9
)

// chainSequence returns a shortest addition sequence from 1 holding every
// target (each element the sum of two earlier ones, or twice one), with the
// most doublings among the shortest; nil if the targets are more than
// three, above chainSequenceMax, or need more than chainSequenceSteps steps.
func chainSequence(targets []uint) []uint {
	top := uint(0)
	want := map[uint]bool{}
	for _, t := range targets {
		if t != 1 {
			want[t] = true
		}
		top = max(top, t)
	}
	if len(want) > 3 || top > chainSequenceMax {
		return nil
	}
	if len(want) == 0 {
		return []uint{1}
	}
	var best []uint
	bestDbl := -1
	seq := []uint{1}
	var walk func(depth, dbl int)
	walk = func(depth, dbl int) {
		last := seq[len(seq)-1]
		missing := 0
		for t := range want {
			if t > last {
				missing++
			} else if !containsUint(seq, t) {
				return // passed over: the sequence only grows
			}
		}
		if missing == 0 {
			for t := range want {
				if !containsUint(seq, t) {
					return
				}
			}
			if dbl > bestDbl {
				best, bestDbl = append([]uint(nil), seq...), dbl
			}
			return
		}
		if depth == 0 || last<<uint(depth) < top || missing > depth {
			return
		}
		for i := len(seq) - 1; i >= 0; i-- {
			for j := i; j >= 0; j-- {
				v := seq[i] + seq[j]
				if v <= last || v > top {
					continue
				}
				d := 0
				if i == j {
					d = 1
				}
				seq = append(seq, v)
				walk(depth-1, dbl+d)
				seq = seq[:len(seq)-1]
			}
		}
	}
	for steps := 1; steps <= chainSequenceSteps && best == nil; steps++ {
		walk(steps, 0)
	}
	return best
}

func containsUint(s []uint, v uint) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

// sequence computes x^v for every v of seq (an addition sequence from 1)
// into name(v), recording each in avail.
func (c *chain) sequence(seq []uint, avail map[uint]string, in string, name func(uint) string) {
	for k, v := range seq {
		if k == 0 {
			continue
		}
		n := name(v)
		// The doubling if there is one, else the sum with the largest part.
		var a, b uint
		if v%2 == 0 && containsUint(seq[:k], v/2) {
			a = v / 2
		} else {
			for _, x := range seq[:k] {
				if x < v && containsUint(seq[:k], v-x) && x > a && x >= v-x {
					a, b = x, v-x
				}
			}
		}
		if b == 0 {
			c.square(n, avail[a], 1)
		} else {
			c.mul(n, avail[a], avail[b])
		}
		avail[v] = n
	}
}

// code renders the chain as Go statements for the given element type, whose
// methods Square and Multiply follow the fieldarith contract (and Set for copies).
func (c *chain) code(typ string) string { return c.codeWith(typ, false) }

// codeWith is code; with squareN, a run of k ≥ 2 squarings is one call
// dst.squareN(x, k) (the unsaturated types have it, in assembly where the
// squaring is).
func (c *chain) codeWith(typ string, squareN bool) string {
	var b strings.Builder
	var tmps []string
	for v := range c.vars {
		if strings.HasPrefix(v, "t") {
			tmps = append(tmps, v)
		}
	}
	sort.Strings(tmps)
	if len(tmps) > 0 {
		fmt.Fprintf(&b, "var %s %s\n", strings.Join(tmps, ", "), typ)
	}
	ref := func(v string) string {
		if strings.HasPrefix(v, "t") {
			return "&" + v
		}
		return v
	}
	for _, op := range c.ops {
		switch {
		case op.sq < 0:
			fmt.Fprintf(&b, "%s.Set(%s)\n", op.dst, ref(op.x))
		case op.sq == 0:
			fmt.Fprintf(&b, "%s.Multiply(%s, %s)\n", op.dst, ref(op.x), ref(op.y))
		case op.sq == 1:
			fmt.Fprintf(&b, "%s.Square(%s)\n", op.dst, ref(op.x))
		case squareN:
			fmt.Fprintf(&b, "%s.squareN(%s, %d)\n", op.dst, ref(op.x), op.sq)
		default:
			fmt.Fprintf(&b, "%s.Square(%s)\n", op.dst, ref(op.x))
			fmt.Fprintf(&b, "for i := 1; i < %d; i++ {\n%s.Square(%s)\n}\n", op.sq, op.dst, ref(op.dst))
		}
	}
	return b.String()
}

// counts reports the number of squarings and multiplications of the chain.
func (c *chain) counts() (squarings, multiplications int) {
	for _, op := range c.ops {
		if op.sq > 0 {
			squarings += op.sq
		} else if op.sq == 0 {
			multiplications++
		}
	}
	return
}

// ChainPlan returns "out = in^e" as a plan in the generator's format
// (internal/gen/plan): the chain every field's exponentiations use, with
// sqr, sqrn and mul steps, each commented with the exponent of the element
// it sets. Only the last step writes out, so out may alias in.
func ChainPlan(e *big.Int, in, out string) string {
	c := buildChain(e, in, "tOut")
	// The chain's copies exist for Go's aliasing: in is read through tIn,
	// and tOut starts as a copy of a power. Here in is read directly and
	// the copy is folded into the squarings that follow it.
	rename := map[string]string{"tIn": in}
	name := func(v string) string {
		if r, ok := rename[v]; ok {
			return r
		}
		return v
	}
	var ops []chainOp
	for i := 0; i < len(c.ops); i++ {
		op := c.ops[i]
		op.x, op.y = name(op.x), name(op.y)
		switch {
		case op.dst == "tIn":
			continue
		case op.sq < 0 && i+1 < len(c.ops) && c.ops[i+1].sq > 0 && c.ops[i+1].x == op.dst:
			op.sq = 0 // the copy becomes the next squaring's source
			next := c.ops[i+1]
			i++
			op = chainOp{dst: next.dst, x: op.x, sq: next.sq}
		}
		if n := len(ops); n > 0 && op.sq > 0 && ops[n-1].sq > 0 && ops[n-1].dst == op.dst && op.x == op.dst {
			ops[n-1].sq += op.sq // consecutive squarings in place: one run
			continue
		}
		ops = append(ops, op)
	}
	last := len(ops) - 1
	exp := map[string]*big.Int{in: big.NewInt(1)}
	var b strings.Builder
	for i, op := range ops {
		var v *big.Int
		step := ""
		switch {
		case op.sq < 0:
			v = exp[op.x]
			step = "copy " + op.x
		case op.sq == 0:
			v = new(big.Int).Add(exp[op.x], exp[op.y])
			step = "mul " + op.x + " " + op.y
		case op.sq == 1:
			v = new(big.Int).Lsh(exp[op.x], 1)
			step = "sqr " + op.x
		default:
			v = new(big.Int).Lsh(exp[op.x], uint(op.sq))
			step = fmt.Sprintf("sqrn %s %d", op.x, op.sq)
		}
		dst := op.dst
		if i == last {
			dst = out
		}
		exp[dst] = v
		fmt.Fprintf(&b, "%s = %s // %s\n", dst, step, exponentString(v))
	}
	if exp[out].Cmp(e) != 0 {
		panic("gen: ChainPlan computes the wrong power")
	}
	return b.String()
}

// exponentString writes e as a decimal below 2^16, else as 2^k ± d with d
// a decimal below 2^16 or a power of two, else in hexadecimal.
func exponentString(e *big.Int) string {
	if e.BitLen() <= 16 {
		return e.String()
	}
	for _, k := range []int{e.BitLen(), e.BitLen() - 1} {
		d := new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(k)), e)
		switch {
		case d.Sign() == 0:
			return fmt.Sprintf("2^%d", k)
		case d.Sign() > 0 && d.BitLen() > 16 && d.TrailingZeroBits() == uint(d.BitLen()-1):
			return fmt.Sprintf("2^%d − 2^%d", k, d.BitLen()-1)
		case d.Sign() > 0 && d.BitLen() <= 16:
			return fmt.Sprintf("2^%d − %s", k, d)
		case d.Sign() < 0 && d.BitLen() <= 16:
			return fmt.Sprintf("2^%d + %s", k, new(big.Int).Neg(d))
		}
	}
	return "0x" + e.Text(16)
}
