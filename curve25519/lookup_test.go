package curve25519

import "testing"

// The scans under test, by name: the Go word scans always, the AVX2 scans
// where the CPU has AVX2 (and this build has them), whichever the lookups
// pick.
type scanImpls struct {
	name     string
	affine8  func(*affineCached, *[8]affineCached, int)
	affine16 func(*affineCached, *[16]affineCached, int)
	cached8  func(*projCached, *[8]projCached, int)
}

func scansUnderTest(t *testing.T) []scanImpls {
	impls := []scanImpls{{"go", scanAffine8Go, scanAffine16Go, scanCached8Go}}
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
	saved := oneIsWordOne
	defer func() { oneIsWordOne = saved }()
	for _, impl := range scansUnderTest(t) {
		for _, fast := range []bool{saved, false} {
			oneIsWordOne = fast
			lookupCachedDigits(t, impl.name, impl.cached8, P, &table)
		}
	}
}

// TestLookupAffineScans checks each scan of 8 and 16 affine entries (with
// the identity's ones ORed in, and its words masked in) against the
// portable Select scan, for every digit, and that lookupAffine agrees.
func TestLookupAffineScans(t *testing.T) {
	saved := oneIsWordOne
	defer func() { oneIsWordOne = saved }()
	for _, impl := range scansUnderTest(t) {
		for _, n := range []int{8, 16} {
			entries := baseTables().fixed[16 : 16+n]
			for _, fast := range []bool{saved, false} {
				oneIsWordOne = fast
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
						t.Fatalf("%s scan, %d entries, digit %d (identity ORed in: %v): differs from the Select scan", impl.name, n, abs, fast)
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
