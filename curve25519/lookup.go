package curve25519

import (
	"unsafe"

	"github.com/curvekit/curvekit/tables"
)

// Constant-time table lookups: concrete versions of tables.Lookup for the
// hot loops (a method call through a type parameter is not inlined), each
// reading every entry and selecting with masks, then applying the digit's
// sign with a conditional negation.
//
// When a field element is five 64-bit words of plain memory (both field
// backends are 40 bytes) and the table has 8 entries (or 16, in two passes),
// the scan is word-major: for each word of the result it ORs that word of
// all 8 entries (and of the identity), each ANDed with its entry's mask. The
// 9 masks stay in registers and each result word is stored once; the
// entry-major scan (one entry at a time into 10 accumulators) ran out of
// registers and spilled. A bitwise select of memory is independent of the
// limb representation. BenchmarkLookup compares the variants. Otherwise
// the portable Select path is used.
//
// The Go scan is bound by its 64-bit loads and ANDs, one word at a time.
// On amd64 with AVX2 (checked at run time; not with -tags purego) the same
// selection runs in assembly, lookup_amd64.s, four words per instruction:
// each entry is read as 32-byte YMM chunks (an affine entry's last chunk
// starts at byte 88 and overlaps the third by a word, so nothing past the
// entry is read), VPANDed with its VPBROADCASTQ mask (masks8, computed in
// Go) and VPORed into registers; the identity is a first entry and 16
// entries are one pass. Addresses depend only on the entry count. On an
// AMD EPYC (Zen 5) a 16-entry scan takes 28 ns instead of 55, 8 cached
// entries 13 instead of 36, and ScalarBaseMult, where scanning was about a
// third of the time, runs 13% faster.

// wordScan reports whether the word-level scans apply.
const wordScan = unsafe.Sizeof(fieldElement{}) == 40 &&
	unsafe.Sizeof(affineCached{}) == 3*40 && unsafe.Sizeof(projCached{}) == 4*40

var (
	affineIdentity = *new(affineCached).zero()
	cachedIdentity = *new(projCached).zero()
)

// masks8 returns the selection masks of digits base … base+8: m_i is all
// ones when abs == base+i (m0 selects the identity when base is 0).
func masks8(base, abs int) (m0, m1, m2, m3, m4, m5, m6, m7, m8 uint64) {
	return -uint64(tables.EqMask(base, abs)), -uint64(tables.EqMask(base+1, abs)),
		-uint64(tables.EqMask(base+2, abs)), -uint64(tables.EqMask(base+3, abs)),
		-uint64(tables.EqMask(base+4, abs)), -uint64(tables.EqMask(base+5, abs)),
		-uint64(tables.EqMask(base+6, abs)), -uint64(tables.EqMask(base+7, abs)),
		-uint64(tables.EqMask(base+8, abs))
}

// scanAffine8 sets dst to entry abs-1 of the 8 affine entries t, or to the
// identity if abs == 0, reading all of them.
func scanAffine8(dst *affineCached, t *[8]affineCached, abs int) {
	if haveAVX2 { // public: fixed for the life of the process
		scanAffine8AVX2(dst, t, abs)
		return
	}
	scanAffine8Go(dst, t, abs)
}

// scanAffine8Go is the Go word scan of scanAffine8.
func scanAffine8Go(dst *affineCached, t *[8]affineCached, abs int) {
	const n = 15
	e := (*[8][n]uint64)(unsafe.Pointer(t))
	id := (*[n]uint64)(unsafe.Pointer(&affineIdentity))
	d := (*[n]uint64)(unsafe.Pointer(dst))
	m0, m1, m2, m3, m4, m5, m6, m7, m8 := masks8(0, abs)
	if oneIsWordOne {
		for w := 0; w < n; w++ {
			d[w] = ((e[0][w]&m1 | e[1][w]&m2) | (e[2][w]&m3 | e[3][w]&m4)) |
				((e[4][w]&m5 | e[5][w]&m6) | (e[6][w]&m7 | e[7][w]&m8))
		}
		d[0] |= m0 & 1 // the identity: (1, 1, 0)
		d[5] |= m0 & 1
		return
	}
	for w := 0; w < n; w++ {
		// A balanced OR tree keeps the dependency chain short.
		d[w] = ((id[w]&m0 | e[0][w]&m1) | (e[1][w]&m2 | e[2][w]&m3)) |
			((e[3][w]&m4 | e[4][w]&m5) | (e[5][w]&m6 | e[6][w]&m7)) | e[7][w]&m8
	}
}

// oneIsWordOne reports whether the field element 1 is the five words
// {1, 0, 0, 0, 0} (true for both backends on little-endian machines). The
// scans then OR the identity's ones in at the end instead of scanning it
// as a ninth entry.
var oneIsWordOne = func() bool {
	w := (*[15]uint64)(unsafe.Pointer(&affineIdentity))
	for i, x := range w {
		if (i == 0 || i == 5) != (x == 1) || (x != 0 && x != 1) {
			return false
		}
	}
	return true
}()

// scanCached8 is scanAffine8 for projective cached entries.
func scanCached8(dst *projCached, t *[8]projCached, abs int) {
	if haveAVX2 {
		scanCached8AVX2(dst, t, abs)
		return
	}
	scanCached8Go(dst, t, abs)
}

// scanCached8Go is the Go word scan of scanCached8.
func scanCached8Go(dst *projCached, t *[8]projCached, abs int) {
	const n = 20
	e := (*[8][n]uint64)(unsafe.Pointer(t))
	id := (*[n]uint64)(unsafe.Pointer(&cachedIdentity))
	d := (*[n]uint64)(unsafe.Pointer(dst))
	m0, m1, m2, m3, m4, m5, m6, m7, m8 := masks8(0, abs)
	if oneIsWordOne {
		for w := 0; w < n; w++ {
			d[w] = ((e[0][w]&m1 | e[1][w]&m2) | (e[2][w]&m3 | e[3][w]&m4)) |
				((e[4][w]&m5 | e[5][w]&m6) | (e[6][w]&m7 | e[7][w]&m8))
		}
		d[0] |= m0 & 1 // the identity: (1, 1, 1, 0)
		d[5] |= m0 & 1
		d[10] |= m0 & 1
		return
	}
	for w := 0; w < n; w++ {
		d[w] = ((id[w]&m0 | e[0][w]&m1) | (e[1][w]&m2 | e[2][w]&m3)) |
			((e[3][w]&m4 | e[4][w]&m5) | (e[5][w]&m6 | e[6][w]&m7)) | e[7][w]&m8
	}
}

// scanAffine16 is scanAffine8 for 16 entries.
func scanAffine16(dst *affineCached, t *[16]affineCached, abs int) {
	if haveAVX2 {
		scanAffine16AVX2(dst, t, abs)
		return
	}
	scanAffine16Go(dst, t, abs)
}

// scanAffine16Go is the Go word scan of scanAffine16, in two passes of 8.
func scanAffine16Go(dst *affineCached, t *[16]affineCached, abs int) {
	scanAffine8Go(dst, (*[8]affineCached)(t[:8]), abs)
	const n = 15
	e := (*[8][n]uint64)(unsafe.Pointer(&t[8]))
	d := (*[n]uint64)(unsafe.Pointer(dst))
	_, m1, m2, m3, m4, m5, m6, m7, m8 := masks8(8, abs)
	for w := 0; w < n; w++ {
		d[w] |= ((e[0][w]&m1 | e[1][w]&m2) | (e[2][w]&m3 | e[3][w]&m4)) |
			((e[4][w]&m5 | e[5][w]&m6) | (e[6][w]&m7 | e[7][w]&m8))
	}
}

// scanAffine8AVX2 is scanAffine8 with the AVX2 select of lookup_amd64.s
// (only for haveAVX2), the identity masked in as a ninth entry.
func scanAffine8AVX2(dst *affineCached, t *[8]affineCached, abs int) {
	var m [9]uint64
	m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8] = masks8(0, abs)
	selectAffineAVX2(dst, &t[0], &affineIdentity, &m[0], 8)
}

// scanAffine16AVX2 is scanAffine16 with the AVX2 select, in one pass.
func scanAffine16AVX2(dst *affineCached, t *[16]affineCached, abs int) {
	var m [17]uint64
	m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8] = masks8(0, abs)
	_, m[9], m[10], m[11], m[12], m[13], m[14], m[15], m[16] = masks8(8, abs)
	selectAffineAVX2(dst, &t[0], &affineIdentity, &m[0], 16)
}

// scanCached8AVX2 is scanCached8 with the AVX2 select.
func scanCached8AVX2(dst *projCached, t *[8]projCached, abs int) {
	var m [9]uint64
	m[0], m[1], m[2], m[3], m[4], m[5], m[6], m[7], m[8] = masks8(0, abs)
	selectCachedAVX2(dst, &t[0], &cachedIdentity, &m[0], 8)
}

// lookupAffine sets dst = sign(d)·entries[|d|-1], or the identity if d = 0.
func lookupAffine(dst *affineCached, entries []affineCached, d int8) {
	abs, neg := tables.AbsNeg(d)
	if wordScan && len(entries) == 8 {
		scanAffine8(dst, (*[8]affineCached)(entries), abs)
	} else if wordScan && len(entries) == 16 {
		scanAffine16(dst, (*[16]affineCached)(entries), abs)
	} else {
		dst.zero()
		for i := range entries {
			// Three inlined field selects rather than a selectFrom call,
			// which is over the inlining budget.
			c, e := tables.EqMask(i+1, abs), &entries[i]
			dst.YplusX.Select(&e.YplusX, &dst.YplusX, c)
			dst.YminusX.Select(&e.YminusX, &dst.YminusX, c)
			dst.T2d.Select(&e.T2d, &dst.T2d, c)
		}
	}
	dst.condNeg(neg)
}

// lookupCached sets dst = sign(d)·entries[|d|-1], or the identity if d = 0.
func lookupCached(dst *projCached, entries *[8]projCached, d int8) {
	abs, neg := tables.AbsNeg(d)
	if wordScan {
		scanCached8(dst, entries, abs)
	} else {
		lookupCachedSelect(dst, entries, abs)
	}
	dst.condNeg(neg)
}

// lookupCachedSelect is the portable scan of lookupCached (without the
// sign), kept apart so that the tests can compare the two.
func lookupCachedSelect(dst *projCached, entries *[8]projCached, abs int) {
	dst.zero()
	for i := range entries {
		c, e := tables.EqMask(i+1, abs), &entries[i]
		dst.YplusX.Select(&e.YplusX, &dst.YplusX, c)
		dst.YminusX.Select(&e.YminusX, &dst.YminusX, c)
		dst.Z.Select(&e.Z, &dst.Z, c)
		dst.T2d.Select(&e.T2d, &dst.T2d, c)
	}
}

// lookupAffineSelect is the portable path of lookupAffine, kept for the
// tests and BenchmarkLookup.
func lookupAffineSelect(dst *affineCached, entries []affineCached, d int8) {
	abs, neg := tables.AbsNeg(d)
	dst.zero()
	for i := range entries {
		c, e := tables.EqMask(i+1, abs), &entries[i]
		dst.YplusX.Select(&e.YplusX, &dst.YplusX, c)
		dst.YminusX.Select(&e.YminusX, &dst.YminusX, c)
		dst.T2d.Select(&e.T2d, &dst.T2d, c)
	}
	dst.condNeg(neg)
}

// multiplesTable sets t[i] = (i+1)·q for i = 0..7.
func multiplesTable(t *[8]projCached, q *Point) {
	var acc Point
	var r projP1xP1
	t[0].fromP3(q)
	acc.Set(q)
	for i := 1; i < 8; i++ {
		r.add(q, &t[i-1])
		acc.fromP1xP1(&r)
		t[i].fromP3(&acc)
	}
}

// oddMultiplesTable sets t[i] = (2i+1)·q for i = 0..len(t)-1.
func oddMultiplesTable(t []projCached, q *Point) {
	var q2, acc Point
	var r projP1xP1
	var q2c projCached
	q2.Double(q)
	q2c.fromP3(&q2)
	t[0].fromP3(q)
	acc.Set(q)
	for i := 1; i < len(t); i++ {
		r.add(&acc, &q2c)
		acc.fromP1xP1(&r)
		t[i].fromP3(&acc)
	}
}
