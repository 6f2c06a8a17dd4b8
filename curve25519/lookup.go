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
// backends are 40 bytes), the scan works on those words directly, keeping
// the five accumulators in registers: a bitwise select of memory is
// independent of the limb representation. It measured about twice as fast
// as chaining Element.Select through memory (BenchmarkLookup). Otherwise
// the portable Select path is used.

// wordScan reports whether the word-level scan applies.
// The pairs scanned together (YplusX, YminusX) and (Z, T2d) are adjacent
// fields.
const wordScan = unsafe.Sizeof(fieldElement{}) == 40 &&
	unsafe.Sizeof(affineCached{}) == 3*40 && unsafe.Sizeof(projCached{}) == 4*40 &&
	unsafe.Offsetof(affineCached{}.YminusX) == unsafe.Offsetof(affineCached{}.YplusX)+40 &&
	unsafe.Offsetof(projCached{}.YminusX) == unsafe.Offsetof(projCached{}.YplusX)+40 &&
	unsafe.Offsetof(projCached{}.T2d) == unsafe.Offsetof(projCached{}.Z)+40

var (
	affineIdentity = *new(affineCached).zero()
	cachedIdentity = *new(projCached).zero()
)

// scanElement sets dst to the field element at offset off of entry abs-1 of
// the n entries of size stride starting at first, or to the one at offset
// off of *id if abs == 0, reading all of them.
func scanElement(dst *fieldElement, id, first unsafe.Pointer, off, stride uintptr, n, abs int) {
	m := -uint64(tables.EqMask(0, abs))
	s := (*[5]uint64)(unsafe.Add(id, off))
	a0, a1, a2, a3, a4 := s[0]&m, s[1]&m, s[2]&m, s[3]&m, s[4]&m
	for i := 0; i < n; i++ {
		m = -uint64(tables.EqMask(i+1, abs))
		e := (*[5]uint64)(unsafe.Add(first, uintptr(i)*stride+off))
		a0 |= e[0] & m
		a1 |= e[1] & m
		a2 |= e[2] & m
		a3 |= e[3] & m
		a4 |= e[4] & m
	}
	d := (*[5]uint64)(unsafe.Pointer(dst))
	d[0], d[1], d[2], d[3], d[4] = a0, a1, a2, a3, a4
}

// scanPair is scanElement for two consecutive field elements (80 bytes),
// so that each pass reads a contiguous half of a cached point rather than a
// strided 40-byte slice of every entry.
func scanPair(dst *[2]fieldElement, id, first unsafe.Pointer, off, stride uintptr, n, abs int) {
	m := -uint64(tables.EqMask(0, abs))
	s := (*[10]uint64)(unsafe.Add(id, off))
	a0, a1, a2, a3, a4 := s[0]&m, s[1]&m, s[2]&m, s[3]&m, s[4]&m
	a5, a6, a7, a8, a9 := s[5]&m, s[6]&m, s[7]&m, s[8]&m, s[9]&m
	for i := 0; i < n; i++ {
		m = -uint64(tables.EqMask(i+1, abs))
		e := (*[10]uint64)(unsafe.Add(first, uintptr(i)*stride+off))
		a0 |= e[0] & m
		a1 |= e[1] & m
		a2 |= e[2] & m
		a3 |= e[3] & m
		a4 |= e[4] & m
		a5 |= e[5] & m
		a6 |= e[6] & m
		a7 |= e[7] & m
		a8 |= e[8] & m
		a9 |= e[9] & m
	}
	d := (*[10]uint64)(unsafe.Pointer(dst))
	d[0], d[1], d[2], d[3], d[4] = a0, a1, a2, a3, a4
	d[5], d[6], d[7], d[8], d[9] = a5, a6, a7, a8, a9
}

// lookupAffine sets dst = sign(d)·entries[|d|-1], or the identity if d = 0.
func lookupAffine(dst *affineCached, entries []affineCached, d int8) {
	abs, neg := tables.AbsNeg(d)
	if wordScan {
		id, first := unsafe.Pointer(&affineIdentity), unsafe.Pointer(unsafe.SliceData(entries))
		const stride = unsafe.Sizeof(affineCached{})
		n := len(entries)
		scanPair((*[2]fieldElement)(unsafe.Pointer(&dst.YplusX)), id, first, unsafe.Offsetof(dst.YplusX), stride, n, abs)
		scanElement(&dst.T2d, id, first, unsafe.Offsetof(dst.T2d), stride, n, abs)
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
		id, first := unsafe.Pointer(&cachedIdentity), unsafe.Pointer(entries)
		const stride = unsafe.Sizeof(projCached{})
		scanPair((*[2]fieldElement)(unsafe.Pointer(&dst.YplusX)), id, first, unsafe.Offsetof(dst.YplusX), stride, 8, abs)
		scanPair((*[2]fieldElement)(unsafe.Pointer(&dst.Z)), id, first, unsafe.Offsetof(dst.Z), stride, 8, abs)
	} else {
		dst.zero()
		for i := range entries {
			c, e := tables.EqMask(i+1, abs), &entries[i]
			dst.YplusX.Select(&e.YplusX, &dst.YplusX, c)
			dst.YminusX.Select(&e.YminusX, &dst.YminusX, c)
			dst.Z.Select(&e.Z, &dst.Z, c)
			dst.T2d.Select(&e.T2d, &dst.T2d, c)
		}
	}
	dst.condNeg(neg)
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
