package main

import (
	"fmt"
	"math/big"
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
// multiplied in from a table of odd powers of x. For 2^255−21 this gives the
// classic 254 squarings + 12 multiplications.

const (
	chainWindow  = 4 // bits per sliding window
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
func buildChain(e *big.Int, in, out string) *chain {
	if e.Sign() <= 0 {
		panic("gen: exponent must be positive")
	}
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
		w := chainWindow
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

	// Odd powers needed by windows: in^1, in^3, …, up to the largest.
	maxOdd := uint(0)
	runs := map[int]bool{}
	for _, t := range toks {
		if t.run > 0 {
			runs[t.run] = true
		} else if t.value > maxOdd {
			maxOdd = t.value
		}
	}
	pow := func(v uint) string {
		if v == 1 {
			return in
		}
		return fmt.Sprintf("tPow%d", v)
	}
	if maxOdd >= 3 {
		c.square("tPow2", in, 1)
		for v := uint(3); v <= maxOdd; v += 2 {
			c.mul(pow(v), pow(v-2), "tPow2")
		}
	}
	// Runs: x^(2^L−1) for each needed L, by a doubling chain from 1.
	runVar := func(l int) string {
		if l == 1 {
			return in
		}
		return fmt.Sprintf("tRun%d", l)
	}
	have := map[int]bool{1: true}
	var lengths []int
	for l := range runs {
		lengths = append(lengths, l)
	}
	sort.Ints(lengths)
	for _, l := range lengths {
		c.buildRun(l, have, runVar)
	}

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

// code renders the chain as Go statements for the given element type, whose
// methods Square and Multiply follow the fieldarith contract (and Set for copies).
func (c *chain) code(typ string) string {
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
