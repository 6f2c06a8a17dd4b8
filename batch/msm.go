package batch

import (
	"encoding/binary"

	"github.com/curvekit/curvekit/curve25519"
)

// The batch equation's variable-time multi-scalar multiplication. It only
// sees public data (keys, signatures, challenges and the random
// coefficients, which are public once drawn). Two methods, chosen per call by
// an operation count: Straus's method with width-5 NAFs and per-point tables
// of odd multiples for small batches, Pippenger's bucket method with signed
// radix-2^c digits for large ones. Unlike curve25519.VarTimeMultiScalarMult
// it knows that half of the scalars (the coefficients of the R_j) are only
// 128 bits long, skips their empty top digits, and reuses its buffers across
// calls.

// scalarWords is a scalar < 2^256 as little-endian 64-bit words, with a zero
// fifth word so windows may read past the top.
type scalarWords [5]uint64

func (x *scalarWords) set(s *scalar) {
	b := s.Bytes()
	for i := 0; i < 4; i++ {
		x[i] = binary.LittleEndian.Uint64(b[8*i:])
	}
	x[4] = 0
}

// window returns the c ≤ 16 bits of x starting at bit pos.
func (x *scalarWords) window(pos, c uint) uint64 {
	i, off := pos/64, pos%64
	if i >= 4 {
		return 0
	}
	v := x[i] >> off
	if off+c > 64 {
		v |= x[i+1] << (64 - off)
	}
	return v & (1<<c - 1)
}

const nafWidth = 5

// naf sets digits to the width-5 non-adjacent form of x (every non-zero
// digit odd, in [−15, 15], followed by at least four zeros), for x < 2^255,
// and returns the index of the top non-zero digit (−1 if x = 0).
func naf(digits *[256]int8, x *scalarWords) int {
	*digits = [256]int8{}
	const width = 1 << nafWidth
	carry := uint64(0)
	top := -1
	for pos := uint(0); pos < 256; {
		w := x.window(pos, nafWidth) + carry
		if w&1 == 0 {
			// (bit + carry) even: digit 0 here, carry moves up unchanged.
			pos++
			continue
		}
		if w < width/2 {
			carry = 0
			digits[pos] = int8(w)
		} else {
			carry = 1
			digits[pos] = int8(int64(w) - width)
		}
		top = int(pos)
		pos += nafWidth
	}
	return top
}

// radix sets out[k·stride] for k < nd to the signed radix-2^c digits of x:
// x = Σ d_k·2^(c·k), |d_k| ≤ 2^(c−1). nd·c must be ≥ 254 (x < 2^253 needs
// one more bit for the last carry).
func radix(out []int16, stride int, x *scalarWords, c uint, nd int) {
	carry := uint64(0)
	for k := 0; k < nd; k++ {
		w := x.window(uint(k)*c, c) + carry
		if k < nd-1 && w >= 1<<(c-1) {
			out[k*stride] = int16(int64(w) - 1<<c)
			carry = 1
		} else {
			out[k*stride] = int16(w)
			carry = 0
		}
	}
}

// basepoint tables, computed once.
var (
	basepointExt    extPoint
	basepointCached cachedPoint
	basepointOdd    [8]cachedPoint
)

func init() {
	basepointExt.fromCurve(curve25519.NewGeneratorPoint())
	basepointExt.normalize()
	basepointCached.fromExt(&basepointExt)
	oddMultiples(&basepointOdd, &basepointExt)
}

// oddMultiples sets t[i] = (2i+1)·p.
func oddMultiples(t *[8]cachedPoint, p *extPoint) {
	var p2, q extPoint
	var r completedPoint
	var pp projPoint
	pp.fromExt(p)
	r.double(&pp)
	p2.fromCompleted(&r)
	var c2 cachedPoint
	c2.fromExt(&p2)
	t[0].fromExt(p)
	q = *p
	for i := 1; i < 8; i++ {
		r.add(&q, &c2)
		q.fromCompleted(&r)
		t[i].fromExt(&q)
	}
}

// msmScratch holds the buffers of one multi-scalar multiplication.
type msmScratch struct {
	words   []scalarWords // per term
	bits    []int         // per term: 128 or 253
	points  []*extPoint   // per term
	tabs    [][8]cachedPoint
	nafs    [][256]int8
	cached  []affineCached
	digits  []int16
	buckets []extPoint
}

// Operation-count model, in units of one point addition; a doubling costs
// about 0.8 of one.
func strausCost(nFull, nHalf int) float64 {
	return float64(nFull)*(8+253.0/6) + float64(nHalf)*(8+128.0/6) + 254*0.8
}

func pippengerCost(nFull, nHalf int, c uint) float64 {
	nd := float64((254 + c - 1) / c)
	ndHalf := float64((129 + c - 1) / c)
	return float64(nFull)*nd + float64(nHalf)*ndHalf + nd*float64(uint(1)<<c) + 254*0.8
}

// msm sets V = Σ s_t·P_t over the terms in sc (words, bits, points filled
// for n terms). Every point must have Z = 1, as decoded points do.
func (sc *msmScratch) msm(V *extPoint, n int) {
	nFull, nHalf := 0, 0
	for t := 0; t < n; t++ {
		if sc.bits[t] > 128 {
			nFull++
		} else {
			nHalf++
		}
	}
	best, bestC := strausCost(nFull, nHalf), uint(0)
	for c := uint(4); c <= 12; c++ {
		if cost := pippengerCost(nFull, nHalf, c); cost < best {
			best, bestC = cost, c
		}
	}
	if bestC == 0 {
		sc.straus(V, n)
	} else {
		sc.pippenger(V, n, bestC)
	}
}

func (sc *msmScratch) straus(V *extPoint, n int) {
	if len(sc.tabs) < n {
		sc.tabs = make([][8]cachedPoint, n)
		sc.nafs = make([][256]int8, n)
	}
	top := -1
	for t := 0; t < n; t++ {
		if sc.points[t] == &basepointExt {
			sc.tabs[t] = basepointOdd
		} else {
			oddMultiples(&sc.tabs[t], sc.points[t])
		}
		top = max(top, naf(&sc.nafs[t], &sc.words[t]))
	}
	var acc projPoint
	var r completedPoint
	var e extPoint
	acc.setIdentity()
	if top < 0 {
		V.setIdentity()
		return
	}
	for k := top; k >= 0; k-- {
		r.double(&acc)
		for t := 0; t < n; t++ {
			d := sc.nafs[t][k]
			if d == 0 {
				continue
			}
			e.fromCompleted(&r)
			if d > 0 {
				r.add(&e, &sc.tabs[t][d/2])
			} else {
				r.sub(&e, &sc.tabs[t][(-d)/2])
			}
		}
		if k > 0 {
			acc.fromCompleted(&r)
		}
	}
	V.fromCompleted(&r)
}

func (sc *msmScratch) pippenger(V *extPoint, n int, c uint) {
	nd := int((254 + c - 1) / c)
	if len(sc.cached) < n {
		sc.cached = make([]affineCached, n)
	}
	if len(sc.digits) < n*nd {
		sc.digits = make([]int16, n*nd)
	}
	nb := 1 << (c - 1)
	if len(sc.buckets) < nb {
		sc.buckets = make([]extPoint, nb)
	}
	buckets := sc.buckets[:nb]
	// digits[k·n + t] is term t's k-th digit: each window scans a run.
	for t := 0; t < n; t++ {
		sc.cached[t].fromAffine(sc.points[t])
		radix(sc.digits[t:], n, &sc.words[t], c, nd)
	}
	var acc, sum, total extPoint
	var r completedPoint
	var pp projPoint
	acc.setIdentity()
	for k := nd - 1; k >= 0; k-- {
		if k != nd-1 {
			pp.fromExt(&acc)
			for i := uint(0); i < c; i++ {
				r.double(&pp)
				pp.fromCompleted(&r)
			}
			acc.fromCompleted(&r)
		}
		for b := range buckets {
			buckets[b].setIdentity()
		}
		row := sc.digits[k*n : k*n+n]
		for t, d := range row {
			if d == 0 {
				continue
			}
			if d > 0 {
				r.addAffine(&buckets[d-1], &sc.cached[t])
				buckets[d-1].fromCompleted(&r)
			} else {
				r.subAffine(&buckets[-d-1], &sc.cached[t])
				buckets[-d-1].fromCompleted(&r)
			}
		}
		// Σ (b+1)·bucket[b] by running sums from the top bucket down.
		sum = buckets[nb-1]
		total = sum
		for b := nb - 2; b >= 0; b-- {
			sum.addExt(&sum, &buckets[b])
			total.addExt(&total, &sum)
		}
		acc.addExt(&acc, &total)
	}
	*V = acc
}
