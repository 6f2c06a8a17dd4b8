package curve25519

import "testing"

// TestLookupCachedScans checks the word-major scan of lookupCached against
// the portable Select scan, and the looked-up point against d·P, for every
// digit of a table of multiples of a random point.
func TestLookupCachedScans(t *testing.T) {
	P, _, _ := randPoint(t)
	var table [8]projCached
	multiplesTable(&table, P)
	saved := oneIsWordOne
	defer func() { oneIsWordOne = saved }()
	for _, fast := range []bool{saved, false} {
		oneIsWordOne = fast
		lookupCachedDigits(t, P, &table)
	}
}

// TestLookupAffineScans checks both word scans of lookupAffine (with the
// identity ORed in, and scanned as a ninth entry) against the portable
// Select scan.
func TestLookupAffineScans(t *testing.T) {
	saved := oneIsWordOne
	defer func() { oneIsWordOne = saved }()
	for _, n := range []int{8, 16} { // one pass and two passes
		entries := baseTables().fixed[16 : 16+n]
		for _, fast := range []bool{saved, false} {
			oneIsWordOne = fast
			for d := -n; d <= n; d++ {
				var got, want affineCached
				lookupAffine(&got, entries, int8(d))
				lookupAffineSelect(&want, entries, int8(d))
				if got != want {
					t.Fatalf("%d entries, digit %d (identity ORed in: %v): word scan and Select scan differ", n, d, fast)
				}
			}
		}
	}
}

func lookupCachedDigits(t *testing.T, P *Point, table *[8]projCached) {
	for d := -8; d <= 8; d++ {
		var got, want projCached
		lookupCached(&got, table, int8(d))
		abs, neg := d, 0
		if d < 0 {
			abs, neg = -d, 1
		}
		lookupCachedSelect(&want, table, abs)
		want.condNeg(neg)
		if got != want {
			t.Fatalf("digit %d: word scan and Select scan differ", d)
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
			t.Fatalf("digit %d: looked-up entry is not d·P", d)
		}
	}
}
