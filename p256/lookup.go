package p256

import (
	"unsafe"
)

// oneIsWordOne is false: fieldp256 keeps elements in Montgomery form, so 1
// is not the word 1, and the scans never OR an identity in (p256's lookups
// have none: index 0 keeps the preset entry).
const oneIsWordOne = false

// affineWords is an affinePoint as the 8 words the generated scans take:
// two 32-byte field elements on every backend (checked below).
type affineWords = [8]uint64

var _ [unsafe.Sizeof(affinePoint{}) - unsafe.Sizeof(affineWords{})]struct{}
var _ [unsafe.Sizeof(affineWords{}) - unsafe.Sizeof(affinePoint{})]struct{}

// lookupAffine8 sets *dst to table[index-1] for 1 ≤ index ≤ 8 and to
// table[0] for index 0, in constant time: scalarMult's per-digit scan.
// With AVX2 (haveAVX2, public: fixed for the process) it is the generated
// assembly scan8x8AVX2, otherwise the Go word scan select8Words8.
func lookupAffine8(dst *affinePoint, table *[8]affinePoint, index int) {
	if haveAVX2 {
		lookupAffine8AVX2(dst, table, index)
		return
	}
	lookupAffine8Go(dst, table, index)
}

// lookupAffine8Go is the Go word scan of lookupAffine8 (select8Words8,
// generated from internal/curvegen's scan.tmpl).
func lookupAffine8Go(dst *affinePoint, table *[8]affinePoint, index int) {
	e := (*[8]affineWords)(unsafe.Pointer(table))
	select8Words8((*affineWords)(unsafe.Pointer(dst)), &e[0], e, index)
}

// lookupAffine8AVX2 is lookupAffine8 with the AVX2 scan (only for
// haveAVX2); the entry for index 0 is table[0], passed as the identity.
func lookupAffine8AVX2(dst *affinePoint, table *[8]affinePoint, index int) {
	e := (*[8]affineWords)(unsafe.Pointer(table))
	scan8x8AVX2((*affineWords)(unsafe.Pointer(dst)), &e[0], e, index)
}

// lookupAffine32 sets *dst to row[index-1] for 1 ≤ index ≤ 32 and to
// row[0] for index 0, in constant time: the fixed-base comb's scan (43 per
// scalarBaseMult). With AVX2 it is the generated scan32x32AVX2, one pass
// over the 32 entries of 64 bytes (two YMM chunks each), otherwise the Go
// word scans.
func lookupAffine32(dst *affinePoint, row *[32]affinePoint, index int) {
	if haveAVX2 {
		lookupAffine32AVX2(dst, row, index)
		return
	}
	lookupAffine32Go(dst, row, index)
}

// lookupAffine32AVX2 is lookupAffine32 with the AVX2 scan (only for
// haveAVX2).
func lookupAffine32AVX2(dst *affinePoint, row *[32]affinePoint, index int) {
	e := (*[32]affineWords)(unsafe.Pointer(row))
	scan32x8AVX2((*affineWords)(unsafe.Pointer(dst)), &e[0], e, index)
}

// lookupAffine32Go is the Go path of lookupAffine32: word-major scans of
// both halves (select16Words8, generated from internal/curvegen's
// scan.tmpl, which keeps the masks in registers and stores each word
// once), ORed. The second half's scan sees index − 16: for index ≤ 16
// that is 0 or negative, which matches no entry (tables.EqMask is exact
// for every int) and gives its all-zero identity.
func lookupAffine32Go(dst *affinePoint, row *[32]affinePoint, index int) {
	var lo, hi, zero affineWords
	e := (*[32]affineWords)(unsafe.Pointer(row))
	select16Words8(&lo, &e[0], (*[16]affineWords)(e[:16]), index)
	select16Words8(&hi, &zero, (*[16]affineWords)(e[16:]), index-16)
	d := (*affineWords)(unsafe.Pointer(dst))
	for i := range d {
		d[i] = lo[i] | hi[i]
	}
}
