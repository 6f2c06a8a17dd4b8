package curve448

import (
	"unsafe"

	"github.com/curvekit/curvekit/internal/ct"
)

// Constant-time table lookups for the fixed-window and comb loops. A field
// element is 8 64-bit words of plain memory with both field448 backends
// (fe56's [8]uint64 and fe28's [16]uint32), so an affine entry is 24 words
// and a cached one 40: the scans are the word-major select8Words24 and
// select8Words40 that internal/gen/curve generates from the template
// curve25519's scans come from (zz_generated_scan.go). On amd64 with AVX2
// (checked at run time; not with -tags purego) the same selection runs in
// the assembly internal/gen/curve generates for these shapes
// (scan8x24AVX2, scan8x40AVX2 in zz_generated_scan_amd64.s: 6 and 10 YMM
// chunks per entry, masks from a VPCMPEQQ of a counter with the broadcast
// index). Both copy bytes, so both apply on either backend (-tags
// curvekit32 included) whenever wordScan holds. Otherwise (wordScan
// false) the portable per-element Select path runs.

// wordScan reports whether the word-level scans apply.
const wordScan = unsafe.Sizeof(fieldElement{}) == 64 &&
	unsafe.Sizeof(affinePoint{}) == 3*64 && unsafe.Sizeof(cachedPoint{}) == 5*64

var (
	affineIdentity = func() (a affinePoint) { a.setIdentity(); return }()
	cachedIdentity = func() (c cachedPoint) { c.setIdentity(); return }()
)

// oneIsWordOne reports whether the field element 1 is the eight words
// {1, 0, …, 0} (true for both backends on little-endian machines); the
// Go scans then OR the identity's ones in instead of scanning it as a
// ninth entry. It is set once at start-up; the tests call the word scans
// with ones false to run the other path.
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
	if wordScan && haveAVX2 { // haveAVX2 is public: fixed for the process
		lookupAffineAVX2(dst, entries, abs)
	} else if wordScan {
		lookupAffineGo(dst, entries, abs)
	} else {
		lookupAffineSelect(dst, entries, abs)
	}
}

// lookupCached is lookupAffine for cached entries.
func lookupCached(dst *cachedPoint, entries *[8]cachedPoint, abs int) {
	if wordScan && haveAVX2 {
		lookupCachedAVX2(dst, entries, abs)
	} else if wordScan {
		lookupCachedGo(dst, entries, abs)
	} else {
		lookupCachedSelect(dst, entries, abs)
	}
}

// lookupAffineGo is the Go word scan of lookupAffine (only for wordScan).
func lookupAffineGo(dst *affinePoint, entries *[8]affinePoint, abs int) {
	select8Words24((*[24]uint64)(unsafe.Pointer(dst)), (*[24]uint64)(unsafe.Pointer(&affineIdentity)),
		(*[8][24]uint64)(unsafe.Pointer(entries)), abs, oneIsWordOne)
}

// lookupCachedGo is the Go word scan of lookupCached (only for wordScan).
func lookupCachedGo(dst *cachedPoint, entries *[8]cachedPoint, abs int) {
	select8Words40((*[40]uint64)(unsafe.Pointer(dst)), (*[40]uint64)(unsafe.Pointer(&cachedIdentity)),
		(*[8][40]uint64)(unsafe.Pointer(entries)), abs, oneIsWordOne)
}

// lookupAffineAVX2 is lookupAffine with the generated AVX2 scan (only for
// wordScan and haveAVX2), the identity masked in as a first entry.
func lookupAffineAVX2(dst *affinePoint, entries *[8]affinePoint, abs int) {
	scan8x24AVX2((*[24]uint64)(unsafe.Pointer(dst)), (*[24]uint64)(unsafe.Pointer(&affineIdentity)),
		(*[8][24]uint64)(unsafe.Pointer(entries)), abs)
}

// lookupCachedAVX2 is lookupCached with the AVX2 scan.
func lookupCachedAVX2(dst *cachedPoint, entries *[8]cachedPoint, abs int) {
	scan8x40AVX2((*[40]uint64)(unsafe.Pointer(dst)), (*[40]uint64)(unsafe.Pointer(&cachedIdentity)),
		(*[8][40]uint64)(unsafe.Pointer(entries)), abs)
}

// lookupAffineSelect is the portable scan of lookupAffine, kept for the
// tests and BenchmarkLookup.
func lookupAffineSelect(dst *affinePoint, entries *[8]affinePoint, abs int) {
	dst.setIdentity()
	for i := range entries {
		dst.Select(&entries[i], dst, ct.EqMask(i+1, abs))
	}
}

// lookupCachedSelect is the portable scan of lookupCached.
func lookupCachedSelect(dst *cachedPoint, entries *[8]cachedPoint, abs int) {
	dst.setIdentity()
	for i := range entries {
		dst.Select(&entries[i], dst, ct.EqMask(i+1, abs))
	}
}
