package curve448

import (
	"unsafe"

	"github.com/curvekit/curvekit/tables"
)

// Constant-time table lookups for the fixed-window and comb loops. A field
// element is 8 64-bit words of plain memory with both field448 backends
// (fe56's [8]uint64 and fe28's [16]uint32), so an affine entry is 24 words
// and a cached one 40: the scans are the word-major select8Words24 and
// select8Words40 that internal/curvegen generates from the template
// curve25519's scans come from (zz_generated_scan.go). Otherwise (wordScan
// false) the portable per-element Select path runs. tables.Lookup is not
// used: through its type parameter the destination's address escapes and
// every scalar multiplication would allocate.

// wordScan reports whether the word-level scans apply.
const wordScan = unsafe.Sizeof(fieldElement{}) == 64 &&
	unsafe.Sizeof(affinePoint{}) == 3*64 && unsafe.Sizeof(cachedPoint{}) == 5*64

var (
	affineIdentity = func() (a affinePoint) { a.setIdentity(); return }()
	cachedIdentity = func() (c cachedPoint) { c.setIdentity(); return }()
)

// oneIsWordOne reports whether the field element 1 is the eight words
// {1, 0, …, 0} (true for both backends on little-endian machines); the
// scans then OR the identity's ones in instead of scanning it as a ninth
// entry.
var oneIsWordOne = func() bool {
	w := (*[24]uint64)(unsafe.Pointer(&affineIdentity))
	for i, x := range w {
		if (i == 8) != (x == 1) || (x != 0 && x != 1) {
			return false
		}
	}
	return true
}()

// lookupAffine sets dst to entries[abs−1], or to the identity if abs = 0,
// reading every entry.
func lookupAffine(dst *affinePoint, entries *[8]affinePoint, abs int) {
	if wordScan {
		select8Words24((*[24]uint64)(unsafe.Pointer(dst)), (*[24]uint64)(unsafe.Pointer(&affineIdentity)),
			(*[8][24]uint64)(unsafe.Pointer(entries)), abs)
		return
	}
	lookupAffineSelect(dst, entries, abs)
}

// lookupCached is lookupAffine for cached entries.
func lookupCached(dst *cachedPoint, entries *[8]cachedPoint, abs int) {
	if wordScan {
		select8Words40((*[40]uint64)(unsafe.Pointer(dst)), (*[40]uint64)(unsafe.Pointer(&cachedIdentity)),
			(*[8][40]uint64)(unsafe.Pointer(entries)), abs)
		return
	}
	lookupCachedSelect(dst, entries, abs)
}

// lookupAffineSelect is the portable scan of lookupAffine, kept for the
// tests and BenchmarkLookup.
func lookupAffineSelect(dst *affinePoint, entries *[8]affinePoint, abs int) {
	dst.setIdentity()
	for i := range entries {
		dst.Select(&entries[i], dst, tables.EqMask(i+1, abs))
	}
}

// lookupCachedSelect is the portable scan of lookupCached.
func lookupCachedSelect(dst *cachedPoint, entries *[8]cachedPoint, abs int) {
	dst.setIdentity()
	for i := range entries {
		dst.Select(&entries[i], dst, tables.EqMask(i+1, abs))
	}
}
