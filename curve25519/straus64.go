package curve25519

import "sync"

// Verification's Straus loop on fe64 (DESIGN.md, "The Edwards code on
// fe64"): where the fe64 assembly runs (straus64UseAsm),
// VarTimeSplitBaseMult runs varTimeStrausEAEC64, the loop of
// straus.tmpl over straus64Acc, whose running sum stays in the completed
// form on four fe64 elements and whose doublings and additions are one
// assembly call each (fe64EdDoubleAsm, fe64Ed{Add,Sub}{Cached,Affine}Asm,
// generated from internal/curvegen/ladder64.go's plans). The basepoint's
// odd multiples get their fe64 form at the tables' first-use load, the
// odd multiples of [2^128]B at theirs, and the per-call tables of A and C
// are made on fe64 from the points (oddMultiples64). Everything here is
// variable time, for public inputs only.

// affine64 is an affine entry on fe64, halved as the comb's
// (comb64Entry): ((y+x)/2, (y−x)/2, d·x·y).
type affine64 = [3]fe64

// cached64 is a cached entry on fe64: (Y+X, Y−X, 2Z, 2d·T), canonical.
type cached64 = [4]fe64

// straus64UseAsm makes VarTimeSplitBaseMult run the fe64 loop with the
// assembly; straus64GoModel (tests only) runs the same loop on the Go
// model instead, on any build.
var (
	straus64UseAsm  = ladder64HasAsm
	straus64GoModel = false
)

// straus64Acc is the fe64 loop's running sum, in completed form.
type straus64Acc struct{ r [4]fe64 }

// setIdentity sets the sum to the completed identity ((0 : 1), (1 : 1)).
func (a *straus64Acc) setIdentity() { a.r = [4]fe64{{}, {1}, {1}, {1}} }

func (a *straus64Acc) double() {
	if straus64GoModel {
		fe64EdDoubleGo(&a.r)
		return
	}
	fe64EdDoubleAsm(&a.r)
}

// addNAFCached adds d·P for an odd NAF digit d, t the cached odd
// multiples of P.
func (a *straus64Acc) addNAFCached(t []cached64, d int) {
	switch {
	case straus64GoModel && d > 0:
		fe64EdAddCachedGo(&a.r, &t[d/2])
	case straus64GoModel:
		fe64EdSubCachedGo(&a.r, &t[-d/2])
	case d > 0:
		fe64EdAddCachedAsm(&a.r, &t[d/2])
	default:
		fe64EdSubCachedAsm(&a.r, &t[-d/2])
	}
}

// addNAFAffine adds d·P for an odd NAF digit d, t the halved affine odd
// multiples of P.
func (a *straus64Acc) addNAFAffine(t []affine64, d int) {
	switch {
	case straus64GoModel && d > 0:
		fe64EdAddAffineGo(&a.r, &t[d/2])
	case straus64GoModel:
		fe64EdSubAffineGo(&a.r, &t[-d/2])
	case d > 0:
		fe64EdAddAffineAsm(&a.r, &t[d/2])
	default:
		fe64EdSubAffineAsm(&a.r, &t[-d/2])
	}
}

func (a *straus64Acc) endDigit() {}

// finish sets v to the sum: the conversion to extended coordinates (4M),
// then to field25519.
func (a *straus64Acc) finish(v *Point) *Point {
	var p [4]fe64
	for i, m := range [4][2]int{{0, 3}, {1, 2}, {2, 3}, {0, 1}} {
		if straus64GoModel {
			fe64Mul(&p[i], &a.r[m[0]], &a.r[m[1]])
		} else {
			fe64MulAsm(&p[i], &a.r[m[0]], &a.r[m[1]])
		}
	}
	return v.fromFe64(&p)
}

// cached64From sets dst to c's fe64 form (the tests' reference for
// oddMultiples64).
func cached64From(dst *cached64, c *projCached) {
	var z2 fieldElement
	z2.Add(&c.Z, &c.Z)
	for i, e := range [4]*fieldElement{&c.YplusX, &c.YminusX, &z2, &c.T2d} {
		fe64SetBytes(&dst[i], (*[32]byte)(e.Bytes()))
	}
}

// fe64D2 is 2d, canonical.
var fe64D2 = func() fe64 {
	var v fe64
	fe64SetBytes(&v, (*[32]byte)(feD2.Bytes()))
	return v
}()

// oddMultiples64 sets dst[i] = (2i+1)·P in cached64 form, on fe64: P
// moves over through its coordinates' canonical bytes, as the completed
// form ((X : Z), (Y : Z)); 2P is one fe64EdDouble, each next multiple one
// fe64EdAddCached, each entry one fe64EdToCached.
func oddMultiples64(dst []cached64, P *Point) {
	var r, r2 [4]fe64
	for i, c := range [3]*fieldElement{&P.x, &P.y, &P.z} {
		fe64SetBytes(&r[i], (*[32]byte)(c.Bytes()))
	}
	r[3] = r[2]
	r2 = r
	var c2 cached64
	c2[3] = fe64D2
	dst[0][3] = fe64D2
	if straus64GoModel {
		fe64EdDoubleGo(&r2)
		fe64EdToCachedGo(&r2, &c2)
		fe64EdToCachedGo(&r, &dst[0])
		for i := 1; i < len(dst); i++ {
			fe64EdAddCachedGo(&r, &c2)
			dst[i][3] = fe64D2
			fe64EdToCachedGo(&r, &dst[i])
		}
		return
	}
	fe64EdDoubleAsm(&r2)
	fe64EdToCachedAsm(&r2, &c2)
	fe64EdToCachedAsm(&r, &dst[0])
	for i := 1; i < len(dst); i++ {
		fe64EdAddCachedAsm(&r, &c2)
		dst[i][3] = fe64D2
		fe64EdToCachedAsm(&r, &dst[i])
	}
}

// affine64From sets dst to e's halved fe64 form (comb64FromAffine).
func affine64From(dst []affine64, src []affineCached) {
	for i := range src {
		comb64FromAffine(&dst[i], &src[i])
	}
}

// base128Table64 is base128Table's fe64 form, made on first use.
var base128Table64 = sync.OnceValue(func() *[1 << (base128Window - 2)]affine64 {
	t := new([1 << (base128Window - 2)]affine64)
	affine64From(t[:], base128Table()[:])
	return t
})

// straus64Load gives the verified basepoint tables bt the fe64 form of
// their odd multiples where the fe64 loop can run (ladder64HasAsm;
// elsewhere only the tests make it, on copies, with straus64Make).
func straus64Load(bt *basepointTables) {
	if ladder64HasAsm {
		straus64Make(bt)
	}
}

// straus64Make gives bt the fe64 form of its odd multiples and checks it:
// VarTimeSplitBaseMult of a fixed set of full-size scalars (a 253-bit
// scalar for every term: each table is used many times) on the fe64 loop
// must equal the field25519 loop's. If it does not, bt keeps no fe64 form and
// verification stays on field25519; it reports whether bt has it.
func straus64Make(bt *basepointTables) bool {
	odd := make([]affine64, len(bt.odd))
	affine64From(odd, bt.odd)
	var s [4]Scalar
	for i := range s {
		if _, err := s[i].SetCanonicalBytes(crossVerifyScalars[i][:]); err != nil {
			return false
		}
	}
	var A Point
	A.Double(generator)
	for i := range 1 { // one set: each check costs about 50 µs on field25519
		var want, got Point
		b0, b1, a, c := &s[i], &s[(i+1)%4], &s[(i+2)%4], &s[(i+3)%4]
		want.varTimeSplitWith(bt, false, b0, b1, a, nil, &A, nafWindow, c, generator)
		bt.odd64 = odd
		got.varTimeSplitWith(bt, true, b0, b1, a, nil, &A, nafWindow, c, generator)
		bt.odd64 = nil
		if got.Equal(&want) != 1 {
			return false
		}
	}
	bt.odd64 = odd
	return true
}

// fe64Assembly names the fe64 Edwards assembly that runs in this build on
// this CPU, for Assembly: "BMI2/ADX fixed-base comb" (comb64.go: BMI2,
// ADX and AVX2) and "BMI2/ADX verification loop" (VarTimeSplitBaseMult's
// Straus loop: BMI2 and ADX), comma-separated, or empty.
func fe64Assembly() string {
	s := ""
	if comb64UseAsm {
		s = "BMI2/ADX fixed-base comb"
	}
	if straus64UseAsm {
		if s != "" {
			s += ", "
		}
		s += "BMI2/ADX verification loop"
	}
	return s
}
