package p256

//go:generate go run ../internal/curvegen -curve p256

import (
	"math/bits"
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
// table[0] for index 0, in constant time (select8Words8, generated as
// above): scalarMult's per-digit scan.
func lookupAffine8(dst *affinePoint, table *[8]affinePoint, index int) {
	e := (*[8]affineWords)(unsafe.Pointer(table))
	select8Words8((*affineWords)(unsafe.Pointer(dst)), &e[0], e, index)
}

// lookupAffine32 sets *dst to row[index-1] for 1 ≤ index ≤ 32 and to
// row[0] for index 0, in constant time: word-major scans of both halves
// (select16Words8, generated from internal/curvegen's scan.tmpl, which
// keeps the masks in registers and stores each word once), ORed. The
// second half's scan sees max(index − 16, 0), which selects its all-zero
// identity for index ≤ 16.
func lookupAffine32(dst *affinePoint, row *[32]affinePoint, index int) {
	var lo, hi, zero affineWords
	e := (*[32]affineWords)(unsafe.Pointer(row))
	select16Words8(&lo, &e[0], (*[16]affineWords)(e[:16]), index)
	// tables.EqMask takes non-negative values: index − 16, clamped at 0
	// (the zero identity) without a branch.
	i2 := index - 16
	i2 &^= i2 >> (bits.UintSize - 1) // all ones when negative (an arithmetic shift)
	select16Words8(&hi, &zero, (*[16]affineWords)(e[16:]), i2)
	d := (*affineWords)(unsafe.Pointer(dst))
	for i := range d {
		d[i] = lo[i] | hi[i]
	}
}
