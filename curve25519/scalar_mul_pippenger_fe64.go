package curve25519

// Pippenger's bucket method on fe64 (DESIGN.md, "The Edwards code on
// fe64"): where the fe64 assembly runs (msm64On), msm.tmpl's
// pippenger hands its windows, after the batch inversion (sc.toAffine) and
// the recoding, to pippenger64: the points move to the halved fe64 affine
// form once, the buckets, running sums and accumulator stay in the
// completed form on four fe64 elements, and every addition or doubling is
// one assembly call (fe64Ed{Add,Sub}AffineAsm into the buckets,
// fe64EdToCachedAsm and fe64EdAddCachedAsm for the sums,
// fe64EdDoubleAsm). It is written here rather than stamped from
// msm.tmpl a second time: the bucket loop is short and curve25519's alone
// (curve448 has no fe64), while a second stamping would need the
// template's Point-level steps (Set, Negate, the first-point copies)
// parametrised too. Everything here is variable time, for public inputs
// only.

import "github.com/curvekit/curvekit/internal/msm"

// msm64Scratch holds the fe64 buffers of VarTimeMultiScalarMult in
// msmScratch (pippenger64's and straus64's), and the path its hooks take.
type msm64Scratch struct {
	aff     []affine64
	xy      [][2]fe64 // each point's (x, y)
	buckets [][4]fe64 // completed form
	// straus64's tables: dense terms' odd multiples, sparse terms' ±P.
	tabs      [][1 << (nafWindow - 2)]cached64
	sparseAff []affine64 // points with Z = 1, halved
	sparsePrj []cached64 // the others
	// path is p64Dispatch (the zero value, and all the package sets):
	// the fe64 assembly where msm64On, else field25519. The tests
	// set the others on scratch of their own.
	path msm64Path
}

// msm64Path is the code pippenger64Hook and straus64Hook run.
type msm64Path uint8

const (
	p64Dispatch   msm64Path = iota // fe64 assembly where msm64On
	p64Field25519                  // the template's field25519 loops
	p64GoModel                     // fe64 on the Go model
)

// msm64On reports whether VarTimeMultiScalarMult's Straus and Pippenger
// run on fe64 with the tables bt: the assembly runs here and the fe64
// Straus loop did not fail its first-use check (straus64Check runs the
// same fe64 routines; its failure turns both off).
func msm64On(bt *basepointTables) bool {
	return ladder64HasAsm && !bt.straus64Failed
}

// pippenger64Hook is msm.tmpl's Pippenger hook: it runs pippenger64 on
// the path sc names, reporting whether it did.
func pippenger64Hook(v *Point, sc *msmScratch, digits []int16, c uint) bool {
	switch sc.fast.path {
	case p64GoModel:
		pippenger64(fe64GroupGo, v, sc, digits, c)
		return true
	case p64Dispatch:
		if msm64On(baseTables()) {
			pippenger64(fe64GroupAsm, v, sc, digits, c)
			return true
		}
	}
	return false
}

// p64Add sets r = r + q, both completed, through q's cached form, on g.
func p64Add(g fe64Group, r, q *[4]fe64) {
	var t cached64
	t[3] = fe64D2
	g.toCached(q, &t)
	g.addCached(r, &t)
}

// pippenger64 is msm.tmpl's pippenger from sc.aff (n points) and the
// digits on: the same windows, buckets and running sums, on fe64 with g.
func pippenger64(g fe64Group, v *Point, sc *msmScratch, digits []int16, c uint) *Point {
	n := len(sc.words)
	nd := msm.Digits(msmCosts.OrderBits, c)
	f := &sc.fast
	if cap(f.aff) < n {
		f.aff = make([]affine64, n)
		f.xy = make([][2]fe64, n)
	}
	aff, xy := f.aff[:n], f.xy[:n]
	affine64From(aff, sc.aff[:n])
	for i := range aff {
		// (y+x)/2 ± (y−x)/2: y and x, below 2^256 (they only feed
		// products).
		fe64Add(&xy[i][1], &aff[i][0], &aff[i][1])
		fe64Sub(&xy[i][0], &aff[i][0], &aff[i][1])
	}
	nb := 1 << (c - 1)
	if cap(f.buckets) < nb {
		f.buckets = make([][4]fe64, nb)
	}
	buckets := f.buckets[:nb]
	acc := straus64Acc{g: g}
	var sum, total [4]fe64
	var filled [1 << 11]bool // nb ≤ 2^11 for c ≤ 12
	acc.setIdentity()
	for k := nd - 1; k >= 0; k-- {
		if k != nd-1 {
			for range c {
				acc.double()
			}
		}
		// A bucket's first point is copied in as the completed
		// ((±x : 1), (y : 1)).
		clear(filled[:nb])
		for i, d := range digits[k*n : k*n+n] {
			switch {
			case d > 0 && filled[d-1]:
				g.addAffine(&buckets[d-1], &aff[i])
			case d > 0:
				buckets[d-1] = [4]fe64{xy[i][0], xy[i][1], {1}, {1}}
				filled[d-1] = true
			case d < 0 && filled[-d-1]:
				g.subAffine(&buckets[-d-1], &aff[i])
			case d < 0:
				b := &buckets[-d-1]
				*b = [4]fe64{{}, xy[i][1], {1}, {1}}
				fe64Sub(&b[0], &aff[i][1], &aff[i][0]) // −x
				filled[-d-1] = true
			}
		}
		// total = Σ (b+1)·bucket[b] via running sums from the top.
		sumSet, totalSet := false, false
		for b := nb - 1; b >= 0; b-- {
			if filled[b] {
				if sumSet {
					p64Add(g, &sum, &buckets[b])
				} else {
					sum = buckets[b]
					sumSet = true
				}
			}
			if !sumSet {
				continue
			}
			if totalSet {
				p64Add(g, &total, &sum)
			} else {
				total = sum
				totalSet = true
			}
		}
		if totalSet {
			p64Add(g, &acc.r, &total)
		}
	}
	return acc.finish(v)
}
