package curve448

import (
	"testing"
	"unsafe"
)

// scanImpl is one implementation of lookupAffine and lookupCached.
type scanImpl struct {
	name   string
	affine func(*affinePoint, *[8]affinePoint, int)
	cached func(*cachedPoint, *[8]cachedPoint, int)
}

// scansUnderTest are the lookups as built and, where they apply, the Go
// word scans (as the lookups run them, and with the identity scanned as a
// ninth entry: ones false, the path of builds where oneIsWordOne is false)
// and the AVX2 scans.
func scansUnderTest(t *testing.T) []scanImpl {
	impls := []scanImpl{{"lookup", lookupAffine, lookupCached}}
	if !wordScan {
		t.Log("field elements are not 8 words here: only the Select scans run")
		return impls
	}
	impls = append(impls, scanImpl{"go", lookupAffineGo, lookupCachedGo},
		scanImpl{"go-scan-identity", lookupAffineGoScanID, lookupCachedGoScanID})
	if haveAVX2 {
		impls = append(impls, scanImpl{"avx2", lookupAffineAVX2, lookupCachedAVX2})
	} else {
		t.Log("no AVX2 scans in this build or on this CPU")
	}
	return impls
}

// TestLookupScans checks each scan of lookupAffine and lookupCached (the
// Go word scans with the identity's ones ORed in and with its words
// scanned, and the AVX2 scans) against the portable Select scans for every
// digit, and the cached lookups against d·P computed by repeated addition.
func TestLookupScans(t *testing.T) {
	impls := scansUnderTest(t)
	P := new(Point).ScalarBaseMult(randScalar(t))
	var table [8]cachedPoint
	var m Point
	m.Set(P)
	table[0].fromP(P)
	for i := 1; i < 8; i++ {
		m.Add(&m, P)
		table[i].fromP(&m)
	}
	comb := &basepointTables().comb[7]

	for _, impl := range impls {
		want := NewIdentityPoint()
		for abs := 0; abs <= 8; abs++ {
			if abs > 0 {
				want.Add(want, P)
			}
			var got, sel cachedPoint
			got.Td.Set(feOne) // the scans must overwrite dst
			impl.cached(&got, &table, abs)
			lookupCachedSelect(&sel, &table, abs)
			if got != sel {
				t.Fatalf("%s cached scan, digit %d: differs from the Select scan", impl.name, abs)
			}
			var q Point
			q.setIdentity()
			if q.addCached(&q, &got).Equal(want) != 1 {
				t.Fatalf("%s cached scan, digit %d: not %d·P", impl.name, abs, abs)
			}

			var ga, sa affinePoint
			ga.x.Set(feOne)
			impl.affine(&ga, comb, abs)
			lookupAffineSelect(&sa, comb, abs)
			if ga != sa {
				t.Fatalf("%s affine scan, digit %d: differs from the Select scan", impl.name, abs)
			}
		}
	}
}

// lookupAffineGoScanID and lookupCachedGoScanID are the Go word scans with
// ones false: the identity scanned as a ninth entry.
func lookupAffineGoScanID(dst *affinePoint, entries *[8]affinePoint, abs int) {
	select8Words24((*[24]uint64)(unsafe.Pointer(dst)), (*[24]uint64)(unsafe.Pointer(&affineIdentity)),
		(*[8][24]uint64)(unsafe.Pointer(entries)), abs, false)
}

func lookupCachedGoScanID(dst *cachedPoint, entries *[8]cachedPoint, abs int) {
	select8Words40((*[40]uint64)(unsafe.Pointer(dst)), (*[40]uint64)(unsafe.Pointer(&cachedIdentity)),
		(*[8][40]uint64)(unsafe.Pointer(entries)), abs, false)
}

// TestScalarMultAllocations checks that the scalar multiplications, whose
// lookups convert with unsafe rather than go through a type parameter,
// do not allocate.
func TestScalarMultAllocations(t *testing.T) {
	s, P := randScalar(t), NewGeneratorPoint()
	var v Point
	basepointTables()
	if n := testing.AllocsPerRun(10, func() {
		v.ScalarBaseMult(s)
		v.ScalarMult(s, P)
	}); n != 0 {
		t.Errorf("ScalarBaseMult and ScalarMult allocate %v times, want 0", n)
	}
}
