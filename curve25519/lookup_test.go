package curve25519

import (
	"testing"
	"unsafe"
)

// The scans under test, by name: the Go word scans always, as the lookups
// run them (the identity's ones ORed in where oneIsWordOne) and with the
// identity scanned as a ninth entry (ones false, the path of builds where
// oneIsWordOne is false), and the AVX2 scans where the CPU has AVX2 (and
// this build has them).
type scanImpls struct {
	name     string
	affine8  func(*affineCached, *[8]affineCached, int)
	affine16 func(*affineCached, *[16]affineCached, int)
	cached8  func(*projCached, *[8]projCached, int)
}

func scansUnderTest(t *testing.T) []scanImpls {
	impls := []scanImpls{{"go", scanAffine8Go, scanAffine16Go, scanCached8Go},
		{"go-scan-identity", scanAffine8GoScanID, scanAffine16GoScanID, scanCached8GoScanID}}
	if haveAVX2 {
		impls = append(impls, scanImpls{"avx2", scanAffine8AVX2, scanAffine16AVX2, scanCached8AVX2})
	} else {
		t.Log("no AVX2 scans in this build or on this CPU: testing the Go scans only")
	}
	return impls
}

// TestLookupCachedScans checks each scan of lookupCached against the
// portable Select scan, and the looked-up point against d·P, for every
// digit (0 gives the identity) of a table of multiples of a random point.
func TestLookupCachedScans(t *testing.T) {
	P := randPoint(t)
	var table [8]projCached
	multiplesTable(&table, P)
	for _, impl := range scansUnderTest(t) {
		lookupCachedDigits(t, impl.name, impl.cached8, P, &table)
	}
}

// scanAffine8GoScanID, scanAffine16GoScanID and scanCached8GoScanID are
// the Go word scans with ones false: the identity scanned as a ninth
// entry.
func scanAffine8GoScanID(dst *affineCached, t *[8]affineCached, abs int) {
	select8Words15((*[15]uint64)(unsafe.Pointer(dst)), (*[15]uint64)(unsafe.Pointer(&affineIdentity)),
		(*[8][15]uint64)(unsafe.Pointer(t)), abs, false)
}

func scanAffine16GoScanID(dst *affineCached, t *[16]affineCached, abs int) {
	select16Words15((*[15]uint64)(unsafe.Pointer(dst)), (*[15]uint64)(unsafe.Pointer(&affineIdentity)),
		(*[16][15]uint64)(unsafe.Pointer(t)), abs, false)
}

func scanCached8GoScanID(dst *projCached, t *[8]projCached, abs int) {
	select8Words20((*[20]uint64)(unsafe.Pointer(dst)), (*[20]uint64)(unsafe.Pointer(&cachedIdentity)),
		(*[8][20]uint64)(unsafe.Pointer(t)), abs, false)
}

// TestLookupAffineScans checks each scan of 8 and 16 affine entries (the
// Go scans with the identity's ones ORed in and with its words scanned)
// against the portable Select scan, for every digit, and that lookupAffine
// agrees.
func TestLookupAffineScans(t *testing.T) {
	for _, impl := range scansUnderTest(t) {
		for _, n := range []int{8, 16} {
			entries := baseTables().fixed[16 : 16+n]
			for abs := 0; abs <= n; abs++ {
				var got, want affineCached
				got.T2d.Set(feOne) // the scans must overwrite dst
				if n == 8 {
					impl.affine8(&got, (*[8]affineCached)(entries), abs)
				} else {
					impl.affine16(&got, (*[16]affineCached)(entries), abs)
				}
				lookupAffineSelect(&want, entries, int8(abs))
				if got != want {
					t.Fatalf("%s scan, %d entries, digit %d: differs from the Select scan", impl.name, n, abs)
				}
			}
			for d := -n; d <= n; d++ {
				var got, want affineCached
				lookupAffine(&got, entries, int8(d))
				lookupAffineSelect(&want, entries, int8(d))
				if got != want {
					t.Fatalf("lookupAffine, %d entries, digit %d: differs from the Select scan", n, d)
				}
			}
		}
	}
}

func lookupCachedDigits(t *testing.T, name string, scan func(*projCached, *[8]projCached, int), P *Point, table *[8]projCached) {
	for d := -8; d <= 8; d++ {
		abs, neg := d, 0
		if d < 0 {
			abs, neg = -d, 1
		}
		var got, want, viaLookup projCached
		got.T2d.Set(feOne) // the scans must overwrite dst
		scan(&got, table, abs)
		got.condNeg(neg)
		lookupCachedSelect(&want, table, abs)
		want.condNeg(neg)
		if got != want {
			t.Fatalf("%s scan, digit %d: differs from the Select scan", name, d)
		}
		if lookupCached(&viaLookup, table, int8(d)); viaLookup != want {
			t.Fatalf("lookupCached, digit %d: differs from the Select scan", d)
		}
		// got + identity must equal d·P.
		var r projP1xP1
		var sum, dP Point
		sum.fromP1xP1(r.add(NewIdentityPoint(), &got))
		dP.setIdentity()
		for i := 0; i < abs; i++ {
			dP.Add(&dP, P)
		}
		if neg == 1 {
			dP.Negate(&dP)
		}
		if sum.Equal(&dP) != 1 {
			t.Fatalf("%s scan, digit %d: looked-up entry is not d·P", name, d)
		}
	}
}
