package curve25519

import "github.com/curvekit/curvekit/tables"

// Verification's Straus loop on fe64 (DESIGN.md, "The Edwards code on
// fe64"): where the fe64 assembly runs (splitPathFor),
// VarTimeSplitBaseMult runs varTimeStrausEAEC64, the loop of
// straus.tmpl over straus64Acc, whose running sum stays in the completed
// form on four fe64 elements and whose doublings and additions are one
// assembly call each (fe64EdDoubleAsm, fe64Ed{Add,Sub}{Cached,Affine}Asm,
// generated from internal/gen/curve/ladder64.go's plans). The basepoint's
// odd multiples get their fe64 form at the tables' first-use load, the
// odd multiples of [2^128]B at theirs, and the per-call tables of A and C
// are made on fe64 from the points (oddMultiples64). Everything here is
// variable time, for public inputs only.

// cached64From sets dst to c's fe64 form (the tests' reference for
// oddMultiples64).
func cached64From(dst *cached64, c *projCached) {
	var z2 fieldElement
	z2.Add(&c.Z, &c.Z)
	for i, e := range [4]*fieldElement{&c.YplusX, &c.YminusX, &z2, &c.T2d} {
		fe64From(&dst[i], e)
	}
}

// oddMultiples64 sets dst[i] = (2i+1)·P in cached64 form, on fe64 with g:
// P moves over through its coordinates' canonical words, as the completed
// form ((X : Z), (Y : Z)); 2P is one doubling, each next multiple one
// addition, each entry one conversion to the cached form.
func oddMultiples64(g fe64Group, dst []cached64, P *Point) {
	var r, r2 [4]fe64
	completed64(&r, P)
	r2 = r
	var c2 cached64
	c2[3] = fe64D2
	dst[0][3] = fe64D2
	g.double(&r2)
	g.toCached(&r2, &c2)
	g.toCached(&r, &dst[0])
	for i := 1; i < len(dst); i++ {
		g.addCached(&r, &c2)
		dst[i][3] = fe64D2
		g.toCached(&r, &dst[i])
	}
}

// affine64From sets dst to e's halved fe64 form (comb64FromAffine).
func affine64From(dst []affine64, src []affineCached) {
	for i := range src {
		comb64FromAffine(&dst[i], &src[i])
	}
}

// straus64Load gives the verified basepoint tables bt the fe64 form of
// their odd multiples and of base128Table where the fe64 loop can run
// (ladder64HasAsm), checked on that loop; elsewhere only the tests make
// them, on copies, with straus64Make.
func straus64Load(bt *basepointTables) {
	if ladder64HasAsm {
		straus64Make(bt, fe64GroupAsm)
	}
}

// straus64Make gives bt the fe64 forms of its odd multiples of B and of
// base128Table's odd multiples of [2^128]B, and checks them on the fe64
// loop with g (straus64Check). If the check fails, bt keeps neither
// (verification and VarTimeMultiScalarMult's Pippenger stay on
// field25519) and records the failure in straus64Failed. It reports
// whether bt has the forms. bt's field25519 entries must be the verified
// ones.
func straus64Make(bt *basepointTables, g fe64Group) bool {
	odd := make([]affine64, len(bt.odd))
	affine64From(odd, bt.odd)
	b128 := base128Table()
	t128 := make([]affine64, len(b128))
	affine64From(t128, b128[:])
	bt.odd64, bt.base128x64 = odd, t128
	if bt.fault64 != nil {
		bt.fault64("straus64", bt)
	}
	if !straus64Check(bt, g) {
		bt.odd64, bt.base128x64 = nil, nil
		bt.straus64Failed = true
		return false
	}
	return true
}

// straus64Check checks bt's fe64 forms: every entry against the entry it
// came from (halvedEntryOK), then VarTimeSplitBaseMult of one set of
// full-size fixed scalars (a 253-bit scalar for every term: each table is
// used many times) on the fe64 loop with g against the field25519 loop
// (splitTable). Both paths are named explicitly: bt is not marked ok yet
// while the loader runs this.
func straus64Check(bt *basepointTables, g fe64Group) bool {
	b128 := base128Table()
	if len(bt.odd64) != len(bt.odd) || len(bt.base128x64) != len(b128) {
		return false
	}
	for i := range bt.odd64 {
		if !halvedEntryOK(&bt.odd64[i], &bt.odd[i]) {
			return false
		}
	}
	for i := range bt.base128x64 {
		if !halvedEntryOK(&bt.base128x64[i], &b128[i]) {
			return false
		}
	}
	var s [4]Scalar
	for i := range s {
		if _, err := s[i].SetCanonicalBytes(crossVerifyScalars[i][:]); err != nil {
			return false
		}
	}
	var A Point
	A.Double(generator)
	path := splitFe64
	if g == fe64GroupGo {
		path = splitFe64Go
	}
	// One set: each check costs about 50 µs on field25519.
	var want, got Point
	want.varTimeSplitWith(bt, splitTable, &s[0], &s[1], &s[2], nil, nil, &A, nafWindow, &s[3], generator)
	got.varTimeSplitWith(bt, path, &s[0], &s[1], &s[2], nil, nil, &A, nafWindow, &s[3], generator)
	return got.Equal(&want) == 1
}

// fe64Assembly names the fe64 Edwards assembly that runs in this build on
// this CPU, for Assembly: "BMI2/ADX constant-time multiplication"
// (scalar_mul_window_fe64.go), "BMI2/ADX fixed-base comb" (scalar_mul_comb_fe64.go: BMI2,
// ADX and AVX2) and "BMI2/ADX verification loop" (VarTimeSplitBaseMult's
// Straus loop, and VarTimeMultiScalarMult's Straus and Pippenger, which
// the same first-use check switches off: BMI2 and ADX), comma-separated,
// or empty. A path whose
// first-use check failed is not named (it does not run); to know that,
// it loads the basepoint tables.
func fe64Assembly() string {
	s := ""
	if fe64CTOn() {
		s = "BMI2/ADX constant-time multiplication"
	}
	if !comb64HasAsm && !ladder64HasAsm {
		return s
	}
	bt := baseTables()
	if comb64HasAsm && bt.fixed64 != nil {
		if s != "" {
			s += ", "
		}
		s += "BMI2/ADX fixed-base comb"
	}
	if splitPathFor(bt) == splitFe64 {
		if s != "" {
			s += ", "
		}
		s += "BMI2/ADX verification loop"
	}
	return s
}

// varTime64Group reports the arithmetic of the fe64 Straus loop and
// whether it runs: the verification loop's gate (splitPathFor), whose
// first-use check covers the same routines. Public.
func varTime64Group() (fe64Group, bool) { return splitPathFor(baseTables()).fe64() }

// varTimeDoubleScalarMult64 is VarTimeDoubleScalarMult on the fe64 Straus
// loop with g: the width-5 NAFs of a and c over per-call tables of P's and
// Q's odd multiples, the loop's two basepoint terms left empty (their
// all-zero digits never reach a table). Variable time.
func (v *Point) varTimeDoubleScalarMult64(g fe64Group, a *Scalar, P *Point, c *Scalar, Q *Point) *Point {
	var buf [32]byte
	var none, nA [257]int16
	var nC [257]int8
	tables.VarTimeNAF16(nA[:], a.bytes(&buf), nafWindow)
	tables.VarTimeNAF(nC[:], c.bytes(&buf), nafWindow)
	var qA, qC [1 << (nafWindow - 2)]cached64
	oddMultiples64(g, qA[:], P)
	oddMultiples64(g, qC[:], Q)
	return v.varTimeStrausEAEC64(g, &none, nil, nil, &none, nil, &nA, nil, qA[:], &nC, qC[:])
}

// varTimeDoubleBase64 is VarTimeDoubleScalarBaseMult on the fe64 Straus
// loop with g and the basepoint tables bt (their checked fe64 forms): b's
// NAF over B's odd multiples, a's width-5 NAF over a per-call table of A's.
// Variable time.
func (v *Point) varTimeDoubleBase64(g fe64Group, bt *basepointTables, a *Scalar, A *Point, b *Scalar) *Point {
	var buf [32]byte
	var nB, none, nA [257]int16
	var noneC [257]int8
	tables.VarTimeNAF16(nB[:], b.bytes(&buf), uint(bt.oddWindow))
	tables.VarTimeNAF16(nA[:], a.bytes(&buf), nafWindow)
	var qA [1 << (nafWindow - 2)]cached64
	oddMultiples64(g, qA[:], A)
	return v.varTimeStrausEAEC64(g, &nB, bt.odd64, nil, &none, nil, &nA, nil, qA[:], &noneC, nil)
}
