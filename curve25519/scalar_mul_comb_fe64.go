package curve25519

import (
	"encoding/binary"
	"math/bits"
	"unsafe"

	"github.com/curvekit/curvekit/internal/ct"
	"github.com/curvekit/curvekit/tables"
)

// The fixed-base comb on fe64 (DESIGN.md, "The Edwards code on fe64"):
// where the fe64 assembly runs (comb64HasAsm), ScalarBaseMult's
// comb (comb.tmpl's scalarBaseMultTable, through comb64Hook) keeps its
// running sum as an extended point of four fe64 elements and adds each
// position's entry with fe64MaddAsm (the mixed addition and the
// conversion back to extended form, 7M, in one routine generated from
// internal/gen/curve/ladder64.go's plan). The table's entries are converted
// once, at the basepoint tables' first-use load and after their
// verification, to comb64Entry: 96 bytes instead of 120, which the AVX2
// scan (scan16x12AVX2) reads in full for every position. The result goes
// back to a field25519 Point through canonical words (fieldFrom64).

// comb64Entry is an affine table entry on fe64, halved: ((y+x)/2,
// (y−x)/2, d·x·y), each canonical (below p); see internal/gen/curve's
// l64Madd for why halved.
type comb64Entry = [3]fe64

var (
	// comb64Identity is the identity's entry: (1/2, 1/2, 0).
	comb64Identity = func() comb64Entry {
		e := comb64Entry{{1}, {1}}
		fe64Half(&e[0])
		fe64Half(&e[1])
		return e
	}()
	// fe64D is d, canonical.
	fe64D = func() fe64 {
		var v fe64
		fe64From(&v, feD)
		return v
	}()
)

// comb64PerPosition is the one layout the fe64 comb takes: one round
// (spacing 1) of positions of 16 entries (scan16x12AVX2's shape).
const comb64PerPosition = 16

// comb64Hook is comb.tmpl's Fast hook: the fe64 comb when the assembly
// runs and the table has its fe64 form (only the basepoint tables do),
// else false (the field25519 comb). Both conditions are public.
func comb64Hook(v *Point, t *basepointTables, digits []int8) bool {
	if !comb64HasAsm || t.fixed64 == nil {
		return false
	}
	comb64(v, t, digits, true)
	return true
}

// comb64 sets v = the sum over positions j of digits[j]·(position j's
// unit), in constant time: a full scan per position, then the mixed
// addition, with the assembly (asm, only where comb64HasAsm) or the Go
// model. The first entry starts the sum: (d·x : d·y : d : d·x·y).
func comb64(v *Point, t *basepointTables, digits []int8, asm bool) *Point {
	var p [4]fe64
	var e comb64Entry
	comb64Lookup(&e, t, 0, digits[0], asm)
	fe64Sub(&p[0], &e[0], &e[1]) // x
	fe64Add(&p[1], &e[0], &e[1]) // y
	p[2], p[3] = fe64D, e[2]
	if asm {
		fe64MulAsm(&p[0], &p[0], &fe64D)
		fe64MulAsm(&p[1], &p[1], &fe64D)
	} else {
		fe64Mul(&p[0], &p[0], &fe64D)
		fe64Mul(&p[1], &p[1], &fe64D)
	}
	for j := 1; j < t.positions; j++ {
		comb64Lookup(&e, t, j, digits[j], asm)
		if asm {
			fe64MaddAsm(&p, &e)
		} else {
			fe64MaddGo(&p, &e)
		}
	}
	return v.fromFe64(&p)
}

// comb64Lookup sets e = d·(position j's unit) from t's fe64 table,
// reading every entry of the position: the AVX2 scan (asm) or a Go masked
// scan, then the sign: (y+x)/2 and (y−x)/2 swapped and d·x·y negated
// (0 − d·x·y, below 2^256, which only feeds a product) under a mask.
func comb64Lookup(e *comb64Entry, t *basepointTables, j int, d int8, asm bool) {
	abs, neg := ct.AbsNeg(d)
	row := (*[comb64PerPosition]comb64Entry)(t.fixed64[j*comb64PerPosition:])
	if asm {
		scan16x12AVX2((*[12]uint64)(unsafe.Pointer(e)), (*[12]uint64)(unsafe.Pointer(&comb64Identity)),
			(*[16][12]uint64)(unsafe.Pointer(row)), abs)
	} else {
		select16Words12((*[12]uint64)(unsafe.Pointer(e)), (*[12]uint64)(unsafe.Pointer(&comb64Identity)),
			(*[16][12]uint64)(unsafe.Pointer(row)), abs)
	}
	m := -uint64(neg)
	var n fe64
	fe64Sub(&n, &fe64{}, &e[2])
	for w := range n {
		s := (e[0][w] ^ e[1][w]) & m
		e[0][w] ^= s
		e[1][w] ^= s
		e[2][w] ^= (e[2][w] ^ n[w]) & m
	}
}

// fromFe64 sets v to the extended point p on fe64 (any values below
// 2^256), through canonical words.
func (v *Point) fromFe64(p *[4]fe64) *Point {
	for i, c := range [4]*fieldElement{&v.x, &v.y, &v.z, &v.t} {
		fieldFrom64(c, &p[i])
	}
	return v
}

// comb64FromAffine sets dst to e's halved fe64 form: canonical words,
// then fe64Half.
func comb64FromAffine(dst *comb64Entry, e *affineCached) {
	for i, c := range [3]*fieldElement{&e.YplusX, &e.YminusX, &e.T2d} {
		fe64From(&dst[i], c)
		fe64Half(&dst[i])
	}
}

// fe64Half sets v = v/2 mod p for a canonical v (below p), canonical: v/2
// for an even v, (v + p)/2 for an odd one, in constant time.
func fe64Half(v *fe64) {
	m := -(v[0] & 1)
	p := fe64{^uint64(18) & m, ^uint64(0) & m, ^uint64(0) & m, (1<<63 - 1) & m}
	var c uint64
	v[0], c = bits.Add64(v[0], p[0], 0)
	v[1], c = bits.Add64(v[1], p[1], c)
	v[2], c = bits.Add64(v[2], p[2], c)
	v[3], _ = bits.Add64(v[3], p[3], c) // v + p < 2^256
	v[0] = v[0]>>1 | v[1]<<63
	v[1] = v[1]>>1 | v[2]<<63
	v[2] = v[2]>>1 | v[3]<<63
	v[3] >>= 1
}

// comb64Mult is ScalarBaseMult's comb on fe64 (t must have its fe64
// form): the recoding of scalarBaseMultTable, then comb64.
func comb64Mult(v *Point, t *basepointTables, x *Scalar, asm bool) *Point {
	var buf [32]byte
	var digitBuf [maxFixedDigits]int8
	digits := digitBuf[:t.digits]
	tables.SignedRadix(digits, x.bytes(&buf), uint(t.window))
	return comb64(v, t, digits, asm)
}

// comb64Load gives the verified basepoint tables bt their fe64 form where
// the fe64 comb can run (comb64HasAsm), checked on the assembly; elsewhere
// only the tests make it, on copies, with comb64Make.
func comb64Load(bt *basepointTables) {
	if comb64HasAsm {
		comb64Make(bt, true)
	}
}

// comb64Make gives bt its fe64 form, if the layout is the one the fe64
// comb takes (one round of 16-entry positions), and checks it
// (comb64Check) on the path asm names: the assembly (asm, only where
// comb64HasAsm) or the Go model. If the check fails, bt keeps no fe64
// form (ScalarBaseMult stays on field25519) and records the failure in
// comb64Failed. It reports whether bt has the form. bt's field25519
// entries must be the verified ones (it runs after crossVerify).
func comb64Make(bt *basepointTables, asm bool) bool {
	if bt.spacing != 1 || bt.perPosition != comb64PerPosition || bt.digits != bt.positions {
		return false
	}
	f := make([]comb64Entry, len(bt.fixed))
	for i := range bt.fixed {
		comb64FromAffine(&f[i], &bt.fixed[i])
	}
	bt.fixed64 = f
	if bt.fault64 != nil {
		bt.fault64("comb64", bt)
	}
	if !comb64Check(bt, asm) {
		bt.fixed64 = nil
		bt.comb64Failed = true
		return false
	}
	return true
}

// comb64Check checks bt's fe64 form: every entry against the verified
// entry it came from (halvedEntryOK), then the fixed-base multiplications
// of crossVerifyScalars by comb64 on the path asm names against the
// field25519 comb. The first catches a wrong entry anywhere (the
// scalars reach 160 of the 816 entries); the second the code that runs.
func comb64Check(bt *basepointTables, asm bool) bool {
	f := bt.fixed64
	if len(f) != len(bt.fixed) {
		return false
	}
	for i := range f {
		if !halvedEntryOK(&f[i], &bt.fixed[i]) {
			return false
		}
	}
	var s Scalar
	var want, got Point
	for i := range crossVerifyScalars {
		if _, err := s.SetCanonicalBytes(crossVerifyScalars[i][:]); err != nil {
			return false
		}
		bt.fixed64 = nil
		want.scalarBaseMultTable(bt, &s) // bt.fixed64 is nil: field25519
		bt.fixed64 = f
		comb64Mult(&got, bt, &s, asm)
		if got.Equal(&want) != 1 {
			return false
		}
	}
	return true
}

// halvedEntryOK reports whether h is the halved fe64 form of the verified
// entry e (comb64FromAffine), converting back: each of h's three values
// must be canonical (below p), and twice it, reduced, must encode as e's
// coordinate does. It is independent of fe64Half; the entries are public.
func halvedEntryOK(h *comb64Entry, e *affineCached) bool {
	for i, want := range [3]*fieldElement{&e.YplusX, &e.YminusX, &e.T2d} {
		if !fe64Canonical(&h[i]) {
			return false
		}
		// d = 2·h < 2p < 2^256, then d − p if d ≥ p.
		var d fe64
		var c uint64
		d[0], c = bits.Add64(h[i][0], h[i][0], 0)
		d[1], c = bits.Add64(h[i][1], h[i][1], c)
		d[2], c = bits.Add64(h[i][2], h[i][2], c)
		d[3], _ = bits.Add64(h[i][3], h[i][3], c)
		if !fe64Canonical(&d) {
			d[0], c = bits.Sub64(d[0], 1<<64-19, 0)
			d[1], c = bits.Sub64(d[1], 1<<64-1, c)
			d[2], c = bits.Sub64(d[2], 1<<64-1, c)
			d[3], _ = bits.Sub64(d[3], 1<<63-1, c)
		}
		var b [32]byte
		for w := range d {
			binary.LittleEndian.PutUint64(b[8*w:], d[w])
		}
		if [32]byte(want.Bytes()) != b {
			return false
		}
	}
	return true
}

// fe64Canonical reports whether v < p, in variable time (for public
// values).
func fe64Canonical(v *fe64) bool {
	if v[3] != 1<<63-1 {
		return v[3] < 1<<63-1
	}
	return v[2] != 1<<64-1 || v[1] != 1<<64-1 || v[0] < 1<<64-19
}
