package curve25519

// Straus's method of VarTimeMultiScalarMult on fe64 (DESIGN.md, "The fe64
// representation on amd64"): where the fe64 assembly runs (msm64On),
// msm.tmpl's straus hands the loaded scalars to straus64, which walks the
// same terms as the template's loop — the generator's wider NAF over the
// basepoint tables' checked fe64 odd multiples, each dense scalar's
// width-5 NAF over a per-call table made on fe64 (oddMultiples64), each
// sparse scalar's plain NAF adding ±P — with the running sum in the
// completed form on four fe64 elements and every doubling or addition one
// call of the fe64 arithmetic. It is written here rather than stamped from
// msm.tmpl a second time, as pippenger64 is: curve448 has no fe64, and the
// template's loop reads the package's Point-level forms; the sort of the
// sparse terms' digits is the template's (msmScratch.sortSparse), with
// the fe64 entries filled in. Everything here is variable time, for
// public inputs only.

import "github.com/curvekit/curvekit/tables"

// straus64Hook is msm.tmpl's Straus hook: it runs straus64 on the path sc
// names, reporting whether it did.
func straus64Hook(v *Point, sc *msmScratch, points []*Point) bool {
	switch sc.fast.path {
	case p64GoModel:
		sc.straus64(fe64GroupGo, baseTables(), v, points)
		return true
	case p64Dispatch:
		if bt := baseTables(); msm64On(bt) {
			sc.straus64(fe64GroupAsm, bt, v, points)
			return true
		}
	}
	return false
}

// cached64FromPoint sets dst to P's cached form on fe64 with g: P's
// canonical words as the completed ((X : Z), (Y : Z)), then one
// conversion.
func cached64FromPoint(g fe64Group, dst *cached64, P *Point) {
	var r [4]fe64
	completed64(&r, P)
	dst[3] = fe64D2
	g.toCached(&r, dst)
}

// straus64 is msm.tmpl's straus on fe64 with g, for the scalars sc holds
// (load) and points: the same split into the generator's term (the first
// point equal to it, over bt's fe64 odd multiples when bt is verified and
// has them), dense terms and sparse ones (msmCosts.StrausTerm), the same
// shared chain of doublings from the highest nonzero digit. Its buffers
// are sc's, so that in steady state it does not allocate.
func (sc *msmScratch) straus64(g fe64Group, bt *basepointTables, v *Point, points []*Point) *Point {
	n := len(points)
	f := &sc.fast
	if cap(f.tabs) < n {
		f.tabs = make([][1 << (nafWindow - 2)]cached64, n)
	}
	if cap(sc.nafs) < n {
		sc.nafs = make([][257]int8, n)
	}
	baseOdd, baseW := bt.odd64, uint(bt.oddWindow)
	baseOK := bt.ok && len(baseOdd) > 0
	var baseNAF [257]int16
	hasBase, baseIdx := false, -1
	top := -1
	m := 0 // terms in tabs and nafs
	// Sparse terms: their points now, their digits below.
	var count [257]int32 // digits per position (then start offsets)
	nAff, nPrj, nDig := 0, 0, 0
	for i, p := range points {
		if !hasBase && baseOK && isGenerator(p) {
			hasBase, baseIdx = true, i
			tables.VarTimeNAF16(baseNAF[:], sc.bytes[i][:], baseW)
			top = max(top, nafTop(&baseNAF, int(sc.terms[i].Bits)))
			continue
		}
		if _, sparse := msmCosts.StrausTerm(sc.terms[i]); sparse {
			if p.z.Equal(feOne) == 1 {
				nAff++
			} else {
				nPrj++
			}
			nDig += int(sc.terms[i].NAFWeight)
			continue
		}
		naf := &sc.nafs[m]
		oddMultiples64(g, f.tabs[m][:], p)
		tables.VarTimeNAF(naf[:], sc.bytes[i][:], nafWindow)
		top = max(top, nafTop(naf, int(sc.terms[i].Bits)))
		m++
	}
	tabs, nafs := f.tabs[:m], sc.nafs[:m]

	if nDig > 0 {
		if cap(f.sparseAff) < nAff {
			f.sparseAff = make([]affine64, nAff)
		}
		if cap(f.sparsePrj) < nPrj {
			f.sparsePrj = make([]cached64, nPrj)
		}
		top = sc.sortSparse(points, baseIdx, nDig, &count, top, func(idx int32, proj bool, p *Point) {
			if proj {
				cached64FromPoint(g, &f.sparsePrj[idx], p)
			} else {
				var a affineCached
				comb64FromAffine(&f.sparseAff[idx], a.fromZ1(p))
			}
		})
	}
	sparseAff, sparsePrj, dig := f.sparseAff, f.sparsePrj, sc.sparseDig[:nDig]

	acc := straus64Acc{g: g}
	acc.setIdentity()
	for k := top; k >= 0; k-- {
		acc.double()
		if d := int(baseNAF[k]); d != 0 {
			acc.addNAFAffine(baseOdd, d)
		}
		for i := range nafs {
			if d := int(nafs[i][k]); d != 0 {
				acc.addNAFCached(tabs[i][:], d)
			}
		}
		if nDig > 0 {
			lo := int32(0)
			if k > 0 {
				lo = count[k-1]
			}
			for _, d := range dig[lo:count[k]] {
				switch {
				case d.proj && d.neg:
					g.subCached(&acc.r, &sparsePrj[d.idx])
				case d.proj:
					g.addCached(&acc.r, &sparsePrj[d.idx])
				case d.neg:
					g.subAffine(&acc.r, &sparseAff[d.idx])
				default:
					g.addAffine(&acc.r, &sparseAff[d.idx])
				}
			}
		}
	}
	return acc.finish(v)
}
