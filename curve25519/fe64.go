package curve25519

import "math/bits"

// The fe64 backend: GF(2^255−19) on four 64-bit words, where whole Edwards
// group operations are one call each (the generated assembly, with a Go
// model of the same words), and the running sum of its loops stays in the
// completed form ((X : Z), (Y : T)) between them. The loops over it —
// the fixed-base comb (scalar_mul_comb_fe64.go), the constant-time windows
// (scalar_mul_window_fe64.go), verification's Straus loop
// (scalar_mul_straus_fe64.go, zz_generated_straus.go), and
// VarTimeMultiScalarMult's Straus (scalar_mul_msm_straus_fe64.go) and
// Pippenger (scalar_mul_pippenger_fe64.go) — take the arithmetic as a parameter,
// fe64Group; the exported methods choose it at one point each.

// fe64Group is the Edwards arithmetic on fe64 that the fe64 loops run: the
// generated assembly (fe64GroupAsm) or its Go model (fe64GroupGo), which
// give the same words. The loops take it as a parameter, so that the tests
// run both in one binary; its methods call the two directly (not through
// function values, which would move the loops' tables to the heap).
type fe64Group uint8

const (
	fe64GroupGo fe64Group = iota
	fe64GroupAsm
)

func (g fe64Group) double(r *[4]fe64) {
	if g == fe64GroupAsm {
		fe64EdDoubleAsm(r)
	} else {
		fe64EdDoubleGo(r)
	}
}

func (g fe64Group) addCached(r *[4]fe64, q *[4]fe64) {
	if g == fe64GroupAsm {
		fe64EdAddCachedAsm(r, q)
	} else {
		fe64EdAddCachedGo(r, q)
	}
}

func (g fe64Group) subCached(r *[4]fe64, q *[4]fe64) {
	if g == fe64GroupAsm {
		fe64EdSubCachedAsm(r, q)
	} else {
		fe64EdSubCachedGo(r, q)
	}
}

func (g fe64Group) addAffine(r *[4]fe64, q *[3]fe64) {
	if g == fe64GroupAsm {
		fe64EdAddAffineAsm(r, q)
	} else {
		fe64EdAddAffineGo(r, q)
	}
}

func (g fe64Group) subAffine(r *[4]fe64, q *[3]fe64) {
	if g == fe64GroupAsm {
		fe64EdSubAffineAsm(r, q)
	} else {
		fe64EdSubAffineGo(r, q)
	}
}

func (g fe64Group) toCached(r *[4]fe64, q *[4]fe64) {
	if g == fe64GroupAsm {
		fe64EdToCachedAsm(r, q)
	} else {
		fe64EdToCachedGo(r, q)
	}
}

func (g fe64Group) mul(v, a, b *fe64) {
	if g == fe64GroupAsm {
		fe64MulAsm(v, a, b)
	} else {
		fe64Mul(v, a, b)
	}
}

// affine64 is an affine entry on fe64, halved as the comb's
// (comb64Entry): ((y+x)/2, (y−x)/2, d·x·y).
type affine64 = [3]fe64

// cached64 is a cached entry on fe64: (Y+X, Y−X, 2Z, 2d·T), each an fe64
// value below 2^256 and not reduced further (fe64EdToCached's sums and
// product; cached64From's, in the tests, happen to be canonical).
type cached64 = [4]fe64

// straus64Acc is the fe64 loop's running sum, in completed form, and the
// fe64 arithmetic it runs on.
type straus64Acc struct {
	r [4]fe64
	g fe64Group
}

// setIdentity sets the sum to the completed identity ((0 : 1), (1 : 1)).
func (a *straus64Acc) setIdentity() { a.r = [4]fe64{{}, {1}, {1}, {1}} }

func (a *straus64Acc) double() { a.g.double(&a.r) }

// addNAFCached adds d·P for an odd NAF digit d, t the cached odd
// multiples of P.
func (a *straus64Acc) addNAFCached(t []cached64, d int) {
	if d > 0 {
		a.g.addCached(&a.r, &t[d/2])
	} else {
		a.g.subCached(&a.r, &t[-d/2])
	}
}

// addNAFAffine adds d·P for an odd NAF digit d, t the halved affine odd
// multiples of P.
func (a *straus64Acc) addNAFAffine(t []affine64, d int) {
	if d > 0 {
		a.g.addAffine(&a.r, &t[d/2])
	} else {
		a.g.subAffine(&a.r, &t[-d/2])
	}
}

func (a *straus64Acc) endDigit() {}

// finish sets v to the sum: the conversion to extended coordinates (4M),
// then to field25519.
func (a *straus64Acc) finish(v *Point) *Point { return v.fromCompleted64(a.g, &a.r) }

// fe64D2 is 2d, canonical.
var fe64D2 = func() fe64 {
	var v fe64
	fe64From(&v, feD2)
	return v
}()

// fe64From sets v to e's canonical words: the two representations of
// GF(2^255−19) meet at the words, not at bytes.
func fe64From(v *fe64, e *fieldElement) { e.Words((*[4]uint64)(v)) }

// fieldFrom64 sets e to the value of v (any value below 2^256).
func fieldFrom64(e *fieldElement, v *fe64) {
	w := fe64Reduce(v)
	e.SetWords((*[4]uint64)(&w))
}

// completed64 sets r to P's completed form on fe64, (X : Z), (Y : Z).
func completed64(r *[4]fe64, P *Point) {
	fe64From(&r[0], &P.x)
	fe64From(&r[1], &P.y)
	fe64From(&r[2], &P.z)
	r[3] = r[2]
}

// fromCompleted64 sets v to the completed sum r: the conversion to
// extended coordinates (4M), then to field25519.
func (v *Point) fromCompleted64(g fe64Group, r *[4]fe64) *Point {
	var p [4]fe64
	g.mul(&p[0], &r[0], &r[3])
	g.mul(&p[1], &r[1], &r[2])
	g.mul(&p[2], &r[2], &r[3])
	g.mul(&p[3], &r[0], &r[1])
	return v.fromFe64(&p)
}

// fe64NegCanonical sets v = −v for a canonical v (below p), canonical:
// p − v, or 0 for 0. The entries it negates are public.
func fe64NegCanonical(v *fe64) {
	if *v == (fe64{}) {
		return
	}
	r0, b := bits.Sub64(0xffffffffffffffed, v[0], 0)
	r1, b := bits.Sub64(0xffffffffffffffff, v[1], b)
	r2, b := bits.Sub64(0xffffffffffffffff, v[2], b)
	r3, _ := bits.Sub64(0x7fffffffffffffff, v[3], b)
	*v = fe64{r0, r1, r2, r3}
}
