package curve448

import (
	"github.com/curvekit/curvekit/internal/basetable"
	"github.com/curvekit/curvekit/internal/ct"
	"github.com/curvekit/curvekit/tables"
)

// baseTables are the basepoint tables, decoded from the data that
// internal/gen/tables generates (tables.Edwards448Base, Edwards448BaseOdd,
// Edwards448BaseOddHigh) and verified at first use:
//
//   - comb[j][k−1] = k·256^j·B for 0 ≤ j < 56, 1 ≤ k ≤ 8 (ScalarBaseMult);
//   - odd[i] = (2i+1)·B for 0 ≤ i < 64 (VarTimeDoubleScalarBaseMult);
//   - oddHigh[i] = (2i+1)·[2^224]B (VarTimeSplitBaseMult).
//
// If the check fails, ok is false, comb is left zero (ScalarBaseMult then
// multiplies B without it) and odd and oddHigh are recomputed from B with
// the group law, so that the variable-time multiplications, which always
// read them, stay correct.
type baseTables struct {
	ok      bool
	comb    [56][8]affinePoint
	odd     [64]affinePoint
	oddHigh [64]affinePoint
}

// baseTableLoad loads the basepoint tables on first use with
// internal/basetable's steps (decode, verify, cross-check, fall back);
// a test can substitute corrupted tables.
var baseTableLoad = basetable.New(basetable.Loader[baseTables]{
	Decode: func() (*baseTables, bool) {
		t := new(baseTables)
		return t, decodeBaseTables(t)
	},
	Verify:     verifyBaseTables,
	CrossCheck: crossCheckBaseTables,
	Fallback: func(t *baseTables) *baseTables {
		*t = baseTables{}
		computeOddTables(t)
		return t
	},
	SetOK: func(t *baseTables, ok bool) { t.ok = ok },
})

// basepointTables returns the basepoint tables, decoding and verifying them
// on first use.
func basepointTables() *baseTables { return baseTableLoad.Get() }

// BasepointTableOK reports whether the precomputed basepoint tables passed
// their first-use verification: every coordinate decodes canonically,
// every entry equals the multiple of B it stands for (checked by induction
// from B with the group law), and the table-based fixed-base and
// double-base multiplications agree with table-free ScalarMult on fixed
// scalars. If it returns false, ScalarBaseMult (and so X448 with the
// basepoint, and Ed448 key generation and signing) multiplies B with
// ScalarMult instead: about 4× slower, still correct and still constant
// time; the variable-time multiplications use odd multiples of B
// recomputed from B at that point. The first call pays for decoding and
// verifying, about 960 µs of CPU time, once per process.
func BasepointTableOK() bool {
	return basepointTables().ok
}

// ScalarBaseMult sets v = x·B and returns v, in constant time: a two-round
// signed radix-16 comb over a table of 56 × 8 affine multiples k·256^j·B
// (generated data, verified at first use), with 112 full-scan lookups, 111
// mixed additions and 4 doublings. If the table failed its check (see
// BasepointTableOK), it is ScalarMult(x, B).
func (v *Point) ScalarBaseMult(x *Scalar) *Point {
	t := basepointTables()
	if !t.ok { // public: fixed for the life of the process
		return v.ScalarMult(x, generator)
	}
	return v.scalarBaseMultTable(t, x)
}

// combLookup sets e = d·256^j·B from t's comb, reading every entry of
// position j (comb.tmpl's lookup).
func combLookup(e *affinePoint, t *baseTables, j int, d int8) {
	abs, neg := ct.AbsNeg(d)
	lookupAffine(e, &t.comb[j], abs)
	e.condNegate(neg)
}

// combAcc is the comb's running sum (comb.tmpl), in extended form.
type combAcc struct{ p Point }

func (a *combAcc) start(e *affinePoint)     { a.p.fromAffineEntry(e) }
func (a *combAcc) addAffine(e *affinePoint) { a.p.addAffine(&a.p, e) }
func (a *combAcc) finish(v *Point) *Point   { *v = a.p; return v }
func (a *combAcc) settle()                  {}

func (a *combAcc) doubles(n int) {
	for i := 0; i < n; i++ {
		a.p.double(&a.p)
	}
}

// loadBaseTables loads the tables afresh, with the test-only corrupt hook
// applied after decoding if it is not nil.
func loadBaseTables(corrupt func(*baseTables)) *baseTables { return baseTableLoad.Load(corrupt) }

// decodeBaseTables decodes the generated data into t and reports whether
// its shape is the one of t's arrays and every coordinate is canonical.
func decodeBaseTables(t *baseTables) bool {
	fb, ob, oh := tables.Edwards448Base(), tables.Edwards448BaseOdd(), tables.Edwards448BaseOddHigh()
	if fb.Window != 4 || fb.Spacing != 2 || fb.Positions != len(t.comb) || fb.EntriesPerPosition() != len(t.comb[0]) ||
		fb.EntryBytes != 112 || len(fb.Data) != len(t.comb)*len(t.comb[0])*112 {
		return false
	}
	for _, o := range []tables.OddMultiples{ob, oh} {
		if o.Window != 8 || o.Len() != len(t.odd) || o.EntryBytes != 112 || len(o.Data) != len(t.odd)*112 {
			return false
		}
	}
	for j := range t.comb {
		for k := range t.comb[j] {
			if !decodeAffine(&t.comb[j][k], fb.Entry(j, k+1)) {
				return false
			}
		}
	}
	for i := range t.odd {
		if !decodeAffine(&t.odd[i], ob.Entry(i)) || !decodeAffine(&t.oddHigh[i], oh.Entry(i)) {
			return false
		}
	}
	return true
}

// decodeAffine decodes one entry, canonical 56-byte little-endian x then y,
// into (x, y, d·x·y). The curve equation is not checked here:
// verifyBaseTables proves every entry is the intended multiple of B, which
// implies it.
func decodeAffine(dst *affinePoint, enc string) bool {
	var buf [112]byte
	if len(enc) != len(buf) {
		return false
	}
	copy(buf[:], enc)
	if _, err := dst.x.SetCanonicalBytes(buf[:56]); err != nil {
		return false
	}
	if _, err := dst.y.SetCanonicalBytes(buf[56:]); err != nil {
		return false
	}
	mulD(&dst.dxy, dst.dxy.Multiply(&dst.x, &dst.y))
	return true
}

// affineEquals reports whether the entry e and the point p are the same
// point, the cached d·x·y included: x·Z = X, y·Z = Y and d·x·y·Z = d·T.
func affineEquals(e *affinePoint, p *Point) bool {
	var l, r fieldElement
	l.Multiply(&e.x, &p.z)
	ok := l.Equal(&p.x)
	l.Multiply(&e.y, &p.z)
	ok &= l.Equal(&p.y)
	l.Multiply(&e.dxy, &p.z)
	mulD(&r, &p.t)
	return ok&l.Equal(&r) == 1
}

// verifyBaseTables checks every entry against its definition by induction
// from B with the group law (basecheck.tmpl's loops with the hooks below):
// comb[0][0] = B, comb[j][k] = comb[j][k−1] + comb[j][0], comb[j+1][0] =
// 32·comb[j][7] (= 2^8·comb[j][0], five doublings of the entry already
// checked); odd[0] = B and odd[i+1] = odd[i] + 2B; oddHigh likewise from
// 2^224·B = 256^28·B = comb[28][0]. About 580 additions and 280
// doublings: unlike the fixed-scalar cross-check, it catches a wrong entry
// anywhere.
func verifyBaseTables(t *baseTables) bool {
	if !verifyCombRows(t, generator) {
		return false
	}
	var high Point
	high.fromAffineEntry(&t.comb[28][0])
	return verifyOddMultiples(t.odd[:], generator) && verifyOddMultiples(t.oddHigh[:], &high)
}

// combRow is position j of the comb.
func combRow(t *baseTables, j int) []affinePoint { return t.comb[j][:] }

// nextRowBase sets u = 32·row[7] = 256·u, the next position's unit.
func nextRowBase(_ *baseTables, u *Point, row []affinePoint) {
	u.fromAffineEntry(&row[7]).double(u).double(u).double(u).double(u).double(u)
}

// checkAddAffine sets p = a + b for table entries a and b.
func checkAddAffine(p *Point, a, b *affinePoint) { p.fromAffineEntry(a).addAffine(p, b) }

// oddStep is verifyOddMultiples' step 2P, cached.
type oddStep struct{ twoP cachedPoint }

func (s *oddStep) set(P *Point)                 { s.twoP.fromP(new(Point).double(P)) }
func (s *oddStep) add(p *Point, e *affinePoint) { p.fromAffineEntry(e).addCached(p, &s.twoP) }

// crossCheckScalars are the fixed scalars of the first-use check,
// little-endian, all below q: q − 1; every signed radix-16 digit −8 (the
// largest entry of every position, negated) but the last, 1; mixed digits
// of both signs with runs of zeros.
var crossCheckScalars = [...][56]byte{
	{
		0xf2, 0x44, 0x58, 0xab, 0x92, 0xc2, 0x78, 0x23, 0x55, 0x8f, 0xc5, 0x8d, 0x72, 0xc2,
		0x6c, 0x21, 0x90, 0x36, 0xd6, 0xae, 0x49, 0xdb, 0x4e, 0xc4, 0xe9, 0x23, 0xca, 0x7c,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x3f,
	},
	{
		0x78, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77,
		0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77,
		0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77,
		0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x07,
	},
	{
		0x7f, 0x9e, 0x3c, 0xa5, 0x5a, 0xc3, 0x96, 0x69, 0xf0, 0x0f, 0xe1, 0x1e, 0xd2, 0x2d,
		0xb4, 0x4b, 0x78, 0x87, 0x5f, 0xf5, 0x0a, 0xa0, 0x33, 0xcc, 0x99, 0x66, 0x12, 0x34,
		0x56, 0x78, 0x9a, 0x0b, 0x00, 0x00, 0x80, 0x08, 0xc1, 0x1c, 0xe7, 0x7e, 0x00, 0x01,
		0xa9, 0x9a, 0x4d, 0xd4, 0x18, 0x81, 0x62, 0x26, 0xfe, 0xef, 0x3b, 0xb3, 0x45, 0x2b,
	},
}

// crossCheckBaseTables compares the table-based code with table-free code.
// The comb's results for the fixed scalars, added up, must equal one
// table-free ScalarMult of their sum (one constant-time multiplication
// rather than three, 150 µs each; a fault in the comb would have to cancel
// out across the three digit patterns to pass). Then the Straus loop over
// the odd tables, a·B + b0·B + b1·[2^224]B, must equal the (by then
// checked) comb of a + b0 + b1·2^224; its scalars are the low 224 bits of
// the fixed ones, the size of half-size verification, for half the
// doublings.
func crossCheckBaseTables(t *baseTables) bool {
	var s [len(crossCheckScalars)]Scalar
	var sum Scalar
	var got, want, p Point
	got.setIdentity()
	for i := range crossCheckScalars {
		if _, err := s[i].SetCanonicalBytes(crossCheckScalars[i][:]); err != nil {
			return false
		}
		got.Add(&got, p.scalarBaseMultTable(t, &s[i]))
		sum.Add(&sum, &s[i])
	}
	if got.Equal(want.ScalarMult(&sum, generator)) != 1 {
		return false
	}
	var h [3]Scalar
	var b [56]byte
	for i := range h {
		copy(b[:28], crossCheckScalars[i][:28])
		h[i].SetCanonicalBytes(b[:])
	}
	var two224 Scalar
	clear(b[:])
	b[28] = 1
	two224.SetCanonicalBytes(b[:])
	var zero Scalar
	got.varTimeSplitBase(t, &h[1], &h[2], &h[0], generator, &zero, generator)
	sum.MultiplyAdd(&h[2], &two224, &h[1])
	sum.Add(&sum, &h[0])
	want.scalarBaseMultTable(t, &sum)
	return got.Equal(&want) == 1
}

// computeOddTables sets t.odd and t.oddHigh from B with the group law and
// one batched inversion: the fallback when the generated data fails.
func computeOddTables(t *baseTables) {
	var pts [2 * 64]Point
	high := new(Point).Set(generator)
	for i := 0; i < 224; i++ {
		high.double(high)
	}
	for k, P := range []*Point{generator, high} {
		odd := pts[64*k : 64*(k+1)]
		var twoP cachedPoint
		twoP.fromP(new(Point).double(P))
		odd[0].Set(P)
		for i := 1; i < len(odd); i++ {
			odd[i].addCached(&odd[i-1], &twoP)
		}
	}
	var aff [2 * 64]affinePoint
	toAffine(aff[:], pts[:])
	copy(t.odd[:], aff[:64])
	copy(t.oddHigh[:], aff[64:])
}

// toAffine sets dst[i] to the affine form of src[i] with one field inversion
// (field448.BatchInvert, Montgomery's trick). src holds public points: the
// tables.
func toAffine(dst []affinePoint, src []Point) {
	zInv := make([]fieldElement, len(src))
	for i := range src {
		zInv[i].Set(&src[i].z)
	}
	batchInvert(zInv, zInv, nil)
	for i := range src {
		dst[i].x.Multiply(&src[i].x, &zInv[i])
		dst[i].y.Multiply(&src[i].y, &zInv[i])
		mulD(&dst[i].dxy, dst[i].dxy.Multiply(&dst[i].x, &dst[i].y))
	}
}
