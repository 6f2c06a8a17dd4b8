package curve25519

import (
	"sync"
	"unsafe"

	"github.com/curvekit/curvekit/tables"
)

// The constant-time a·P + c·Q on fe64: the fixed-window Straus loop of
// DoubleScalarMult (signed radix-16 digits, two tables of 1…8 multiples
// scanned in full, 252 shared doublings and 128 additions), with the
// running sum in the completed form on four fe64 elements and every group
// operation one call of the fe64 Edwards arithmetic.

// fe64CTOn reports whether ScalarMult, DoubleScalarMult and
// MultiScalarMult run on the fe64 assembly: this build and CPU have it,
// and it passed its first-use self-test (fe64CTCheck).
func fe64CTOn() bool { return ladder64HasAsm && fe64CTCheck() }

// fe64CTCheck runs the first-use self-test of the constant-time fe64 loops
// once: DoubleScalarMult of fixed full-size scalars on fe64GroupAsm
// against the field25519 loop (about 0.1 ms). A failure switches the
// loops off for the life of the process (FastPathFailures names it).
var fe64CTCheck = sync.OnceValue(func() bool {
	return fe64CTSelfTest(func(v *Point, a *Scalar, P *Point, c *Scalar, Q *Point) {
		v.doubleScalarMult64(fe64GroupAsm, a, P, c, Q)
	})
})

// fe64CTSelfTest reports whether dsm, a double-scalar multiplication
// (v = a·P + c·Q), agrees with the field25519 loop on a·B + c·2B, a and c
// two fixed 253-bit scalars (crossVerifyScalars); the inputs are fixed
// and public.
func fe64CTSelfTest(dsm func(v *Point, a *Scalar, P *Point, c *Scalar, Q *Point)) bool {
	var a, c Scalar
	if _, err := a.SetCanonicalBytes(crossVerifyScalars[0][:]); err != nil {
		return false
	}
	if _, err := c.SetCanonicalBytes(crossVerifyScalars[1][:]); err != nil {
		return false
	}
	var Q, want, got Point
	Q.double(generator)
	want.doubleScalarMultWindow(&a, generator, &c, &Q)
	dsm(&got, &a, generator, &c, &Q)
	return got.Equal(&want) == 1
}

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

// cached64Row is a cached64 entry (Y+X, Y−X, 2Z, 2d·T) followed by
// −2d·T: 20 words, the shape of the AVX2 scan scan8x20AVX2. With the
// negated product beside it, negating an entry is two masked swaps
// (Y+X with Y−X, 2d·T with −2d·T).
type cached64Row = [20]uint64

// cached64Identity is the identity (0 : 1 : 1 : 0) in cached form: Y+X = 1,
// Y−X = 1, 2Z = 2, ±2d·T = 0.
var cached64Identity = cached64Row{0: 1, 4: 1, 8: 2}

// rowCached views the first 16 words of a row as its cached64 entry.
func rowCached(r *cached64Row) *cached64 { return (*cached64)(unsafe.Pointer(r)) }

// completed64 sets r to P's completed form on fe64, (X : Z), (Y : Z):
// P's coordinates move over through their canonical bytes.
func completed64(r *[4]fe64, P *Point) {
	fe64SetBytes(&r[0], (*[32]byte)(P.x.Bytes()))
	fe64SetBytes(&r[1], (*[32]byte)(P.y.Bytes()))
	fe64SetBytes(&r[2], (*[32]byte)(P.z.Bytes()))
	r[3] = r[2]
}

// multiples64 sets t[i] = (i+1)·P in cached form on fe64 (rows of
// cached64Row): P, one doubling for 2P, then one addition of P per entry.
func multiples64(g fe64Group, t *[8]cached64Row, P *Point) {
	var r, acc [4]fe64
	completed64(&r, P)
	for i := range t {
		t[i] = cached64Row{12: fe64D2[0], 13: fe64D2[1], 14: fe64D2[2], 15: fe64D2[3]}
	}
	g.toCached(&r, rowCached(&t[0]))
	acc = r
	g.double(&acc)
	g.toCached(&acc, rowCached(&t[1]))
	for i := 2; i < len(t); i++ {
		g.addCached(&acc, rowCached(&t[0]))
		g.toCached(&acc, rowCached(&t[i]))
	}
	// −2d·T: each 2d·T is a product's result, below 2^256 − 38, so
	// fe64Sub's one wrap is exact.
	var zero fe64
	for i := range t {
		fe64Sub((*fe64)(t[i][16:20]), &zero, (*fe64)(t[i][12:16]))
	}
}

// lookup64 sets dst = d·P for a signed digit −8 ≤ d ≤ 8 and the table t of
// 1·P … 8·P, reading every entry (the AVX2 scan where it runs, else
// select8Rows) and negating with masks: −(Y+X, Y−X, 2Z, 2d·T) is
// (Y−X, Y+X, 2Z, −2d·T).
func lookup64(dst *cached64Row, t *[8]cached64Row, d int8) {
	abs, neg := tables.AbsNeg(d)
	if haveAVX2 { // public: fixed for the life of the process
		scan8x20AVX2(dst, &cached64Identity, t, abs)
	} else {
		select8Rows(dst, t, abs)
	}
	m := -uint64(neg)
	for w := range 4 {
		x := (dst[w] ^ dst[4+w]) & m
		dst[w] ^= x
		dst[4+w] ^= x
		y := (dst[12+w] ^ dst[16+w]) & m
		dst[12+w] ^= y
		dst[16+w] ^= y
	}
}

// select8Rows sets dst to t[abs−1], or to cached64Identity if abs = 0,
// reading all of them.
func select8Rows(dst *cached64Row, t *[8]cached64Row, abs int) {
	m0, m1, m2, m3, m4, m5, m6, m7, m8 := masks8(0, abs)
	id := &cached64Identity
	for w := range dst {
		dst[w] = ((id[w]&m0 | t[0][w]&m1) | (t[1][w]&m2 | t[2][w]&m3)) |
			((t[3][w]&m4 | t[4][w]&m5) | (t[5][w]&m6 | t[6][w]&m7)) | t[7][w]&m8
	}
}

// scalarMult64 sets v = x·q on fe64 with g, in constant time: ScalarMult's
// loop (q initialized).
func (v *Point) scalarMult64(g fe64Group, x *Scalar, q *Point) *Point {
	var tabs [1][8]cached64Row
	var digits [1][64]int8
	multiples64(g, &tabs[0], q)
	var buf [32]byte
	tables.SignedRadix(digits[0][:], x.bytes(&buf), 4)
	return v.straus64CT(g, tabs[:], digits[:])
}

// doubleScalarMult64 sets v = a·P + c·Q on fe64 with g, in constant time:
// DoubleScalarMult's loop (P and Q initialized).
func (v *Point) doubleScalarMult64(g fe64Group, a *Scalar, P *Point, c *Scalar, Q *Point) *Point {
	var tabs [2][8]cached64Row
	var digits [2][64]int8
	multiples64(g, &tabs[0], P)
	multiples64(g, &tabs[1], Q)
	var bufA, bufC [32]byte
	tables.SignedRadix(digits[0][:], a.bytes(&bufA), 4)
	tables.SignedRadix(digits[1][:], c.bytes(&bufC), 4)
	return v.straus64CT(g, tabs[:], digits[:])
}

// multiScalarMult64 sets v = Σ scalars[i]·points[i] on fe64 with g, in
// constant time: MultiScalarMult's loop (the lengths equal, the points
// initialized).
func (v *Point) multiScalarMult64(g fe64Group, scalars []*Scalar, points []*Point) *Point {
	tabs := make([][8]cached64Row, len(points))
	digits := make([][64]int8, len(points))
	for i := range points {
		multiples64(g, &tabs[i], points[i])
		var buf [32]byte
		tables.SignedRadix(digits[i][:], scalars[i].bytes(&buf), 4)
	}
	return v.straus64CT(g, tabs, digits)
}

// straus64CT sets v = Σ digits[j]·P_j, tabs[j] the table of 1…8 multiples
// of P_j and digits[j] its signed radix-16 digits, most significant last:
// from the top digit down, four doublings per digit (none before the
// first) and one addition per point, each entry read by a full scan. The
// work depends only on len(tabs).
func (v *Point) straus64CT(g fe64Group, tabs [][8]cached64Row, digits [][64]int8) *Point {
	acc := [4]fe64{{}, {1}, {1}, {1}} // the identity, completed
	var e cached64Row
	for i := 63; i >= 0; i-- {
		if i != 63 {
			g.double(&acc)
			g.double(&acc)
			g.double(&acc)
			g.double(&acc)
		}
		for j := range tabs {
			lookup64(&e, &tabs[j], digits[j][i])
			g.addCached(&acc, rowCached(&e))
		}
	}
	return v.fromCompleted64(g, &acc)
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
