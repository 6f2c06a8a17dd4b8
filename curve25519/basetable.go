package curve25519

import (
	"github.com/curvekit/curvekit/internal/basetable"
	"github.com/curvekit/curvekit/tables"
)

// maxOddWindow is the widest NAF the odd-multiples table may be built for:
// the widest tables.VarTimeNAF16 recodes into (int16 digits).
const maxOddWindow = 16

// maxFixedDigits bounds the number of signed digits of the fixed-base
// layouts this file accepts (window ≥ 2 for scalars < 2^253, spacing ≤ 4).
const maxFixedDigits = 132

// basepointTables holds the decoded basepoint tables, in the limb form of
// the field backend this package was built with.
type basepointTables struct {
	// ok is false when decoding or the cross-verification failed; the
	// package then uses table-free code for the basepoint.
	ok bool

	window, spacing, positions, perPosition, digits int
	fixed                                           []affineCached // tables.Edwards25519Base, (j, k) order

	oddWindow int
	odd       []affineCached // tables.Edwards25519BaseOdd

	// fixed64 is fixed on fe64 (scalar_mul_comb_fe64.go), nil where the layout is not
	// the fe64 comb's, where it is not made (no fe64 comb in this build
	// or on this CPU) or where its check failed (comb64Failed).
	fixed64 []comb64Entry
	// odd64 is odd on fe64 and base128x64 base128Table on fe64
	// (scalar_mul_straus_fe64.go), nil where they are not made or their check failed
	// (straus64Failed).
	odd64, base128x64 []affine64

	// comb64Failed and straus64Failed record that a derived fe64 form
	// was made and failed its first-use check (an entry differs from the
	// verified entry it came from, or the fe64 code path disagrees with
	// the field25519 one): that fast path is off (FastPathFailures).
	comb64Failed, straus64Failed bool

	// fault64, if not nil, is a test's fault injection: comb64Make and
	// straus64Make call it with the tables once they have made their
	// fe64 forms ("comb64", "straus64") and before they check them. Set
	// it from the loader's corrupt hook, on tables loaded afresh.
	fault64 func(form string, bt *basepointTables)
}

// basepointTableLoad loads the basepoint tables on first use with
// internal/basetable's steps (decode, verify, cross-check, fall back);
// a test can substitute corrupted tables.
var basepointTableLoad = basetable.New(basetable.Loader[basepointTables]{
	Decode: decodeBasepointTables,
	Verify: verifyStructure,
	// The fe64 form of the comb is made and checked once the tables are
	// verified (comb64Load).
	CrossCheck: func(bt *basepointTables) bool {
		if !crossVerify(bt) {
			return false
		}
		comb64Load(bt)
		straus64Load(bt)
		return true
	},
	// The failed tables, marked not ok: every user of them checks ok.
	Fallback: func(bt *basepointTables) *basepointTables { return bt },
	SetOK:    func(bt *basepointTables, ok bool) { bt.ok = ok },
})

// baseTables returns the basepoint tables, decoding and verifying them on
// first use.
func baseTables() *basepointTables { return basepointTableLoad.Get() }

// BasepointTableOK reports whether the precomputed basepoint tables passed
// their first-use verification: every entry decodes canonically and equals
// the multiple of B it stands for (checked by induction from B), and the
// table-based ScalarBaseMult and VarTimeDoubleScalarBaseMult agree with
// table-free multiplications on fixed scalars. If it returns false, those
// two methods use table-free code instead: slower, but still correct, and
// ScalarBaseMult still constant time. The first call pays for decoding and
// verifying (about 0.75 ms of CPU time, once per process; about 1.1 ms on
// amd64 with BMI2 and ADX, where the fe64 forms are made and checked too).
//
// It describes the verified tables only. The fe64 forms derived from them
// where the fe64 assembly runs are checked separately, entry by entry and
// on the code path that uses them; one that fails is not used, and
// [FastPathFailures] names it while BasepointTableOK stays true.
func BasepointTableOK() bool {
	return baseTables().ok
}

// decodeAffine decodes one table entry (canonical x then y) into
// affine-cached form.
func decodeAffine(dst *affineCached, enc string) bool {
	if len(enc) != 64 {
		return false
	}
	var buf [64]byte
	copy(buf[:], enc)
	var x, y fieldElement
	if _, err := x.SetCanonicalBytes(buf[:32]); err != nil {
		return false
	}
	if _, err := y.SetCanonicalBytes(buf[32:]); err != nil {
		return false
	}
	// No curve-equation check here: verifyStructure proves every entry is
	// the intended multiple of B, which implies it.
	dst.fromAffine(&x, &y)
	return true
}

// loadBasepointTables loads the tables afresh, with the test-only corrupt
// hook applied after decoding if it is not nil.
func loadBasepointTables(corrupt func(*basepointTables)) *basepointTables {
	return basepointTableLoad.Load(corrupt)
}

// affineEquals reports whether the affine-cached e and the extended p
// are the same point, all three cached coordinates included:
// (y+x)·Z = Y+X, (y-x)·Z = Y-X and 2d·x·y·Z = 2d·T.
func affineEquals(e *affineCached, p *Point) bool {
	var l, r fieldElement
	l.Multiply(&e.YplusX, &p.z)
	r.Add(&p.y, &p.x)
	ok := l.Equal(&r)
	l.Multiply(&e.YminusX, &p.z)
	r.Subtract(&p.y, &p.x)
	ok &= l.Equal(&r)
	l.Multiply(&e.T2d, &p.z)
	r.Multiply(&p.t, feD2)
	return ok&l.Equal(&r) == 1
}

// verifyStructure checks every table entry against its definition by
// induction from B (basecheck.tmpl's loops with the hooks below):
// entry(0, 1) = B, entry(j, k+1) = entry(j, k) + entry(j, 1),
// entry(j+1, 1) = 2^(window·spacing)·entry(j, 1); odd[0] = B and odd[i+1]
// = odd[i] + 2B. About 1,300 additions: unlike the fixed-scalar
// cross-check, it catches a wrong entry anywhere in the tables.
func verifyStructure(bt *basepointTables) bool {
	return verifyCombRows(bt, generator) && verifyOddMultiples(bt.odd, generator)
}

// combRow is position j of the fixed-base table.
func combRow(bt *basepointTables, j int) []affineCached {
	n := bt.perPosition
	return bt.fixed[j*n : (j+1)*n]
}

// nextRowBase sets u = 2^(window·spacing)·u: the next position's unit,
// doubled from this one's (in P2 form, like the comb's doublings).
func nextRowBase(bt *basepointTables, u *Point, _ []affineCached) {
	var r projP1xP1
	var pp projP2
	pp.fromP3(u)
	for i := 0; i < bt.window*bt.spacing; i++ {
		r.double(&pp)
		pp.fromP1xP1(&r)
	}
	u.fromP2(&pp)
}

// checkAddAffine sets p = a + b for table entries a and b.
func checkAddAffine(p *Point, a, b *affineCached) {
	var r projP1xP1
	p.fromAffineCached(a)
	r.addAffine(p, b)
	p.fromP1xP1(&r)
}

// oddStep is verifyOddMultiples' step 2P, as an affine entry.
type oddStep struct{ twoP affineCached }

func (s *oddStep) set(P *Point) { s.twoP.fromP3(new(Point).Double(P)) }

func (s *oddStep) add(p *Point, e *affineCached) {
	var r projP1xP1
	p.fromAffineCached(e)
	r.addAffine(p, &s.twoP)
	p.fromP1xP1(&r)
}

// decodeBasepointTables decodes the generated tables and reports whether
// their shape is supported and every coordinate is canonical.
func decodeBasepointTables() (*basepointTables, bool) {
	fb := &tables.Edwards25519Base
	ob := &tables.Edwards25519BaseOdd
	bt := &basepointTables{
		window:      fb.Window,
		spacing:     fb.Spacing,
		positions:   fb.Positions,
		perPosition: fb.EntriesPerPosition(),
		digits:      fb.Digits(),
		oddWindow:   ob.Window,
	}
	// The layout must let SignedRadix represent every scalar < 2^253 with
	// an in-range last digit: the top digit gets the bits from
	// window·(digits−1) up plus a carry, at most 2^(window−1) when
	// digits·window ≥ 254.
	shapeOK := fb.Window >= 2 && fb.Window <= 8 && fb.Spacing >= 1 &&
		bt.digits <= maxFixedDigits && bt.digits*fb.Window >= 254 &&
		ob.Window >= 3 && ob.Window <= maxOddWindow &&
		len(fb.Data) == fb.Positions*bt.perPosition*64 && len(ob.Data) == ob.Len()*64
	if !shapeOK {
		return bt, false
	}
	bt.fixed = make([]affineCached, fb.Positions*bt.perPosition)
	for j := 0; j < fb.Positions; j++ {
		for k := 1; k <= bt.perPosition; k++ {
			if !decodeAffine(&bt.fixed[j*bt.perPosition+k-1], fb.Entry(j, k)) {
				return bt, false
			}
		}
	}
	bt.odd = make([]affineCached, ob.Len())
	for i := range bt.odd {
		if !decodeAffine(&bt.odd[i], ob.Entry(i)) {
			return bt, false
		}
	}
	return bt, true
}

// crossVerifyScalars are the fixed scalars of the first-use check: they
// exercise every table position with large, negative and extreme digits.
// Little-endian, all < ℓ.
var crossVerifyScalars = [...][32]byte{
	// ℓ - 1
	{0xec, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2, 0xde, 0xf9, 0xde, 0x14,
		0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x10},
	// every radix-16 digit 8, the largest magnitude
	{0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88,
		0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x88, 0x08},
	// every radix-32 digit 16, the largest magnitude of the current shape
	{0x10, 0x42, 0x08, 0x21, 0x84, 0x10, 0x42, 0x08, 0x21, 0x84, 0x10, 0x42, 0x08, 0x21, 0x84, 0x10,
		0x42, 0x08, 0x21, 0x84, 0x10, 0x42, 0x08, 0x21, 0x84, 0x10, 0x42, 0x08, 0x21, 0x84, 0x10, 0x02},
	// mixed digits of both signs
	{0x7f, 0x9e, 0x3c, 0xa5, 0x5a, 0xc3, 0x96, 0x69, 0xf0, 0x0f, 0xe1, 0x1e, 0xd2, 0x2d, 0xb4, 0x4b,
		0x78, 0x87, 0x5f, 0xf5, 0x0a, 0xa0, 0x33, 0xcc, 0x99, 0x66, 0x12, 0x34, 0x56, 0x78, 0x9a, 0x0b},
}

// crossVerify compares the table-based code with table-free code: the
// fixed-base multiplication with ScalarMult(s, B), then the double-base
// one, a·B + b·B, with the (by then verified) fixed-base (a+b)·B.
func crossVerify(bt *basepointTables) bool {
	var s, s2 Scalar
	var got, want Point
	for i := range crossVerifyScalars {
		if _, err := s.SetCanonicalBytes(crossVerifyScalars[i][:]); err != nil {
			return false
		}
		got.scalarBaseMultTable(bt, &s)
		want.ScalarMult(&s, generator)
		if got.Equal(&want) != 1 {
			return false
		}
	}
	for i := 0; i < 2; i++ {
		s.SetCanonicalBytes(crossVerifyScalars[i][:])
		s2.SetCanonicalBytes(crossVerifyScalars[i+1][:])
		got.varTimeDoubleBaseTable(bt, &s, generator, &s2)
		s2.Add(&s2, &s)
		want.scalarBaseMultTable(bt, &s2)
		if got.Equal(&want) != 1 {
			return false
		}
	}
	return true
}
