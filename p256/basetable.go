package p256

import (
	"github.com/curvekit/curvekit/fieldarith/fieldp256"
	"github.com/curvekit/curvekit/fieldarith/scalarp256"
	"github.com/curvekit/curvekit/internal/basetable"
	"github.com/curvekit/curvekit/tables"
)

// basepointTables are the generator's tables, decoded from the data that
// tables/internal/gen generates (tables.P256Base, tables.P256BaseOdd) and
// verified at first use. If the check failed, ok is false and both tables
// are nil: scalarBaseMult and varTimeDoubleScalarBaseMult then use the
// table-free scalarMult.
type basepointTables struct {
	ok   bool
	base *[basePositions][baseEntries]affinePoint // base[j][k-1] = k·2^(6j)·G
	odd  []affinePoint                            // odd[i] = (2i+1)·G, 0 ≤ i < 64
}

// baseTableLoad loads the tables on first use with internal/basetable's
// steps (decode, verify, cross-check, fall back); a test can substitute
// corrupted tables.
var baseTableLoad = basetable.New(basetable.Loader[basepointTables]{
	Decode:     decodeBasepointTables,
	Verify:     verifyBasepointTables,
	CrossCheck: crossCheckBasepointTables,
	Fallback:   func(*basepointTables) *basepointTables { return &basepointTables{} },
	SetOK:      func(t *basepointTables, ok bool) { t.ok = ok },
})

// loadedTables returns the tables, decoding and verifying them on first
// use.
func loadedTables() *basepointTables { return baseTableLoad.Get() }

// baseTable returns the fixed-base table, base[j][k-1] = k·2^(6j)·G in
// affine coordinates (nil if the tables failed their check).
func baseTable() *[basePositions][baseEntries]affinePoint { return loadedTables().base }

// vtBaseTable returns the odd multiples (2i+1)·G, 0 ≤ i < 64, of
// verification (nil if the tables failed their check).
func vtBaseTable() []affinePoint { return loadedTables().odd }

// BasepointTableOK reports whether the precomputed tables of the generator
// G passed their first-use verification: every coordinate decodes
// canonically, every entry equals the multiple of G it stands for (checked
// by induction from G with the group law), and the table-based fixed-base
// and verification multiplications agree with the table-free
// constant-time multiplication on fixed scalars. If it returns false, key
// generation, signing and verification multiply G without the tables:
// slower (the fixed-base multiplication about 4.5×, verification's
// double-base one about 3×), still correct, and still constant time where
// a secret is involved. The first call pays for decoding and verifying,
// about 890 µs of CPU time, once per process.
func BasepointTableOK() bool {
	return loadedTables().ok
}

// scalarBaseMult sets p = k·G for any 256-bit big-endian k, in constant
// time: scalarBaseMultTable, or scalarMult(k, G) if the tables failed
// their check.
func (p *point) scalarBaseMult(k *[32]byte) *point {
	t := loadedTables()
	if !t.ok { // public: fixed for the life of the process
		return p.scalarMult(k, &generator)
	}
	return p.scalarBaseMultTable(t.base, k)
}

// varTimeDoubleScalarBaseMult sets p = u1·G + u2·q for 256-bit big-endian
// u1, u2: varTimeDoubleBaseTable, or two table-free scalarMult if the
// tables failed their check. Variable time: for public values only.
func (p *point) varTimeDoubleScalarBaseMult(u1, u2 *[32]byte, q *point) *point {
	t := loadedTables()
	if !t.ok {
		var a point
		a.scalarMult(u2, q)
		return p.scalarMult(u1, &generator).add(p, &a)
	}
	return p.varTimeDoubleBaseTable(t.odd, u1, u2, q)
}

// loadBasepointTables loads the tables afresh, with the test-only corrupt
// hook applied after decoding if it is not nil.
func loadBasepointTables(corrupt func(*basepointTables)) *basepointTables {
	return baseTableLoad.Load(corrupt)
}

// decodeBasepointTables decodes the generated data and reports whether its
// shape is the one the loops use and every coordinate is canonical.
func decodeBasepointTables() (*basepointTables, bool) {
	fb, ob := tables.P256Base(), tables.P256BaseOdd()
	t := &basepointTables{base: new([basePositions][baseEntries]affinePoint)}
	if fb.Window != baseWindow || fb.Spacing != 1 || fb.Positions != basePositions ||
		fb.EntriesPerPosition() != baseEntries || fb.EntryBytes != 64 || len(fb.Data) != basePositions*baseEntries*64 ||
		ob.Window != vtBaseWindow || ob.EntryBytes != 64 || len(ob.Data) != ob.Len()*64 {
		return t, false
	}
	for j := range t.base {
		for k := range t.base[j] {
			if !decodeAffine(&t.base[j][k], fb.Entry(j, k+1)) {
				return t, false
			}
		}
	}
	t.odd = make([]affinePoint, ob.Len())
	for i := range t.odd {
		if !decodeAffine(&t.odd[i], ob.Entry(i)) {
			return t, false
		}
	}
	return t, true
}

// decodeAffine decodes one entry, canonical big-endian x then y (SEC 1).
// The curve equation is not checked here: verifyBasepointTables proves
// every entry is the intended multiple of G, which implies it.
func decodeAffine(dst *affinePoint, enc string) bool {
	var buf [64]byte
	if len(enc) != len(buf) {
		return false
	}
	copy(buf[:], enc)
	if _, err := dst.x.SetCanonicalBytes(buf[:32]); err != nil {
		return false
	}
	_, err := dst.y.SetCanonicalBytes(buf[32:])
	return err == nil
}

// affineEquals reports whether the entry e and the projective p are the
// same point: Z ≠ 0, x·Z = X and y·Z = Y.
func affineEquals(e *affinePoint, p *point) bool {
	var l fieldp256.Element
	ok := 1 - p.z.IsZero()
	l.Multiply(&e.x, &p.z)
	ok &= l.Equal(&p.x)
	l.Multiply(&e.y, &p.z)
	return ok&l.Equal(&p.y) == 1
}

// verifyBasepointTables checks every entry against its definition by
// induction from G with the (complete) group law (basecheck.tmpl's loops
// with the hooks below): base[0][0] = G, base[j][k] = base[j][k−1] +
// base[j][0], base[j+1][0] = 2·base[j][31] (= 2^6·base[j][0]); odd[0] = G
// and odd[i+1] = odd[i] + 2G. About 1,440 additions: unlike the
// fixed-scalar cross-check, it catches a wrong entry anywhere.
func verifyBasepointTables(t *basepointTables) bool {
	return verifyCombRows(t, &generator) && verifyOddMultiples(t.odd, &generator)
}

// combRow is position j of the fixed-base table.
func combRow(t *basepointTables, j int) []affinePoint { return t.base[j][:] }

// nextRowBase sets u = 2·row[31] = 2^6·u, the next position's unit.
func nextRowBase(_ *basepointTables, u *point, row []affinePoint) {
	var p point
	p.fromAffineEntry(&row[len(row)-1])
	u.double(&p)
}

// checkAddAffine sets p = a + b for table entries a and b.
func checkAddAffine(p *point, a, b *affinePoint) { p.fromAffineEntry(a).addAffine(p, b) }

// fromAffineEntry sets p to the entry e (Z = 1).
func (p *point) fromAffineEntry(e *affinePoint) *point {
	p.x, p.y = e.x, e.y
	p.z.One()
	return p
}

// oddStep is verifyOddMultiples' step 2G, projective.
type oddStep struct{ twoP point }

func (s *oddStep) set(P *point)                 { s.twoP.double(P) }
func (s *oddStep) add(p *point, e *affinePoint) { p.fromAffineEntry(e).add(p, &s.twoP) }

// crossCheckScalars are the fixed scalars of the first-use check,
// big-endian: n − 1; every signed radix-64 digit −32 (the largest entry of
// every position, negated) but the last, 16; 2^256 − 1, unreduced (the
// multiple wraps around n at the last position); mixed digits of both
// signs with runs of zeros.
var crossCheckScalars = [...][32]byte{
	{0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x50},
	{0xf7, 0xdf, 0x7d, 0xf7, 0xdf, 0x7d, 0xf7, 0xdf, 0x7d, 0xf7, 0xdf, 0x7d, 0xf7, 0xdf, 0x7d, 0xf7,
		0xdf, 0x7d, 0xf7, 0xdf, 0x7d, 0xf7, 0xdf, 0x7d, 0xf7, 0xdf, 0x7d, 0xf7, 0xdf, 0x7d, 0xf7, 0xe0},
	{0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
		0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff},
	{0x7f, 0x9e, 0x3c, 0xa5, 0x5a, 0xc3, 0x96, 0x69, 0xf0, 0x0f, 0xe1, 0x1e, 0x00, 0x00, 0x00, 0x2d,
		0xb4, 0x4b, 0x78, 0x87, 0x5f, 0xf5, 0x0a, 0xa0, 0x33, 0xcc, 0x99, 0x66, 0x12, 0x34, 0x56, 0x78},
}

// crossCheckBasepointTables compares the table-based code with the
// table-free scalarMult. The fixed-base results for the fixed scalars,
// added up, must equal one scalarMult of their sum mod n (one
// constant-time multiplication rather than four, 60 µs each; a fault in
// the table code would have to cancel out across the four digit patterns
// to pass). Then the verification double-scalar u1·G + u2·G must equal
// the (by then checked) fixed-base multiplication of u1 + u2 mod n.
func crossCheckBasepointTables(t *basepointTables) bool {
	var got, want, p point
	var sum, e scalarp256.Element
	var k [32]byte
	got.setIdentity()
	for i := range crossCheckScalars {
		got.add(&got, p.scalarBaseMultTable(t.base, &crossCheckScalars[i]))
		e.SetReducedBytes(crossCheckScalars[i][:])
		sum.Add(&sum, &e)
	}
	copy(k[:], sum.Bytes())
	if got.equal(want.scalarMult(&k, &generator)) != 1 {
		return false
	}
	u1, u2 := &crossCheckScalars[3], &crossCheckScalars[0]
	got.varTimeDoubleBaseTable(t.odd, u1, u2, &generator)
	sum.SetReducedBytes(u1[:])
	e.SetReducedBytes(u2[:])
	copy(k[:], sum.Add(&sum, &e).Bytes())
	return got.equal(want.scalarBaseMultTable(t.base, &k)) == 1
}
