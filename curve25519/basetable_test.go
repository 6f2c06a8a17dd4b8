package curve25519

import (
	"bytes"
	"testing"

	"github.com/curvekit/curvekit/tables"
)

func TestBasepointTableOK(t *testing.T) {
	if !BasepointTableOK() {
		t.Fatal("the generated basepoint tables failed verification")
	}
}

// TestBasepointTableFallback corrupts one table entry through the
// test-only hook and checks that verification notices, the package reports
// it, and the results stay correct through the fallback.
func TestBasepointTableFallback(t *testing.T) {
	good := baseTables()
	for _, target := range []string{"fixed", "odd"} {
		restore := basepointTableLoad.Substitute(func(bt *basepointTables) {
			// Replace one entry with another valid point: only the
			// cross-verification can catch this.
			if target == "fixed" {
				corruptFixedEntry(bt)
			} else {
				bt.odd[5] = bt.odd[4]
			}
		})
		defer restore()
		if BasepointTableOK() {
			t.Fatalf("corrupted %s table passed verification", target)
		}
		for i := 0; i < 5; i++ {
			s := scalarFrom(t, randScalarBytes(t))
			P := randPoint(t)
			checkSame(t, "fallback ScalarBaseMult", new(Point).ScalarBaseMult(s), new(Point).ScalarMult(s, NewGeneratorPoint()).Bytes())
			checkSame(t, "fallback VarTimeDoubleScalarBaseMult", new(Point).VarTimeDoubleScalarBaseMult(s, P, s),
				new(Point).DoubleScalarMult(s, P, s, NewGeneratorPoint()).Bytes())
		}
	}
	// A corrupted entry that no cross-verification scalar touches is still
	// caught, by the structural check.
	for _, idx := range []int{0, 8*13 + 7, len(good.fixed) - 1} {
		bt := loadBasepointTables(func(bt *basepointTables) {
			bt.fixed[idx].T2d.Add(&bt.fixed[idx].T2d, feOne)
		})
		if bt.ok {
			t.Fatalf("corrupted entry %d passed", idx)
		}
	}
	bt := loadBasepointTables(func(bt *basepointTables) { bt.odd[len(bt.odd)-1].YplusX.Add(&bt.odd[len(bt.odd)-1].YplusX, feOne) })
	if bt.ok || verifyStructure(bt) {
		t.Fatal("corrupted last odd entry passed")
	}
	// The corruption used in the hook really changes the table-based result
	// (otherwise the cross-verification part could not fail).
	bt = loadBasepointTables(corruptFixedEntry)
	var a, b Point
	differs := false
	for _, k := range crossVerifyScalars {
		sk := scalarFrom(t, k[:])
		a.scalarBaseMultTable(bt, sk)
		b.scalarBaseMultTable(good, sk)
		if a.Equal(&b) == 0 {
			differs = true
		}
	}
	if !differs {
		t.Fatal("the corruption does not affect any cross-verification scalar")
	}
}

// corruptFixedEntry replaces the largest multiple at the first position
// with its neighbour, a valid point: the cross-verification scalar whose
// digits all have the largest magnitude uses that entry.
func corruptFixedEntry(bt *basepointTables) {
	i := bt.perPosition - 1
	bt.fixed[i] = bt.fixed[i-1]
}

// TestBasepointTablesRebuild recomputes the generated tables with this
// package's fast arithmetic and compares them byte for byte with the data
// that internal/gen/tables computed with math/big.
func TestBasepointTablesRebuild(t *testing.T) {
	fb := tables.Edwards25519Base()
	enc := func(p *Point) string {
		var zInv, x, y fieldElement
		zInv.Invert(&p.z)
		x.Multiply(&p.x, &zInv)
		y.Multiply(&p.y, &zInv)
		return string(append(x.Bytes(), y.Bytes()...))
	}
	base := NewGeneratorPoint()
	var buf bytes.Buffer
	for j := 0; j < fb.Positions; j++ {
		q := new(Point).Set(base)
		for k := 1; k <= fb.EntriesPerPosition(); k++ {
			buf.WriteString(enc(q))
			q.Add(q, base)
		}
		for i := 0; i < fb.Window*fb.Spacing; i++ {
			base.Double(base)
		}
	}
	if buf.String() != fb.Data {
		t.Fatal("fixed-base table differs from the fast recomputation")
	}
	ob := tables.Edwards25519BaseOdd()
	buf.Reset()
	B := NewGeneratorPoint()
	B2 := new(Point).Double(B)
	q := new(Point).Set(B)
	for i := 0; i < ob.Len(); i++ {
		buf.WriteString(enc(q))
		q.Add(q, B2)
	}
	if buf.String() != ob.Data {
		t.Fatal("odd-multiples table differs from the fast recomputation")
	}
}

func TestComputedTablesAgree(t *testing.T) {
	c := computeBasepointTables()
	d := baseTables()
	for i := range d.fixed {
		if !affineEqual(&c.fixed[i], &d.fixed[i]) {
			t.Fatalf("fixed entry %d differs", i)
		}
	}
	for i := range d.odd {
		if !affineEqual(&c.odd[i], &d.odd[i]) {
			t.Fatalf("odd entry %d differs", i)
		}
	}
	var e1, e2 affineCached
	for dgt := -8; dgt <= 8; dgt++ {
		lookupAffine(&e1, d.fixed[8:16], int8(dgt))
		lookupAffineSelect(&e2, d.fixed[8:16], int8(dgt))
		if !affineEqual(&e1, &e2) {
			t.Fatalf("select lookup differs at %d", dgt)
		}
	}
}

func affineEqual(a, b *affineCached) bool {
	return a.YplusX.Equal(&b.YplusX)&a.YminusX.Equal(&b.YminusX)&a.T2d.Equal(&b.T2d) == 1
}
