package curve448

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

// TestComputedTablesAgree checks the decoded tables against the ones the
// fast arithmetic computes from B (the package's former first-use code).
func TestComputedTablesAgree(t *testing.T) {
	c, d := computeBaseTables(), basepointTables()
	if c.comb != d.comb || c.odd != d.odd || c.oddHigh != d.oddHigh {
		t.Fatal("decoded tables differ from the computed ones")
	}
}

// TestBasepointTablesRebuild re-encodes the computed tables and compares
// them byte for byte with the data internal/gen/tables computed with
// math/big.
func TestBasepointTablesRebuild(t *testing.T) {
	c := computeBaseTables()
	enc := func(es []affinePoint) string {
		var buf bytes.Buffer
		for i := range es {
			buf.Write(es[i].x.Bytes())
			buf.Write(es[i].y.Bytes())
		}
		return buf.String()
	}
	var comb []affinePoint
	for j := range c.comb {
		comb = append(comb, c.comb[j][:]...)
	}
	if enc(comb) != tables.Edwards448Base().Data || enc(c.odd[:]) != tables.Edwards448BaseOdd().Data ||
		enc(c.oddHigh[:]) != tables.Edwards448BaseOddHigh().Data {
		t.Fatal("generated tables differ from the fast recomputation")
	}
}

// TestBasepointTableFallback corrupts the tables through the test-only
// hook and checks that verification notices, the package reports it, and
// the results stay correct through the fallback.
func TestBasepointTableFallback(t *testing.T) {
	good := basepointTables()

	corruptions := map[string]func(*baseTables){
		// Another valid point in place of the largest multiple of the
		// first position: every check must notice.
		"comb neighbour": func(bt *baseTables) { bt.comb[0][7] = bt.comb[0][6] },
		"comb last":      func(bt *baseTables) { bt.comb[55][7].y.Add(&bt.comb[55][7].y, feOne) },
		"comb dxy":       func(bt *baseTables) { bt.comb[20][3].dxy.Add(&bt.comb[20][3].dxy, feOne) },
		"odd":            func(bt *baseTables) { bt.odd[5] = bt.odd[4] },
		"odd last":       func(bt *baseTables) { bt.odd[63].x.Add(&bt.odd[63].x, feOne) },
		"oddHigh":        func(bt *baseTables) { bt.oddHigh[0] = bt.odd[0] },
	}
	for name, corrupt := range corruptions {
		restore := baseTableLoad.Substitute(corrupt)
		t.Cleanup(restore) // if a check below fails first
		if BasepointTableOK() {
			t.Fatalf("%s: corrupted table passed verification", name)
		}
		bt := basepointTables()
		if bt.odd != good.odd || bt.oddHigh != good.oddHigh {
			t.Fatalf("%s: the fallback's odd multiples differ from the verified ones", name)
		}
		for i := 0; i < 3; i++ {
			s, a, b1 := randScalar(t), randScalar(t), randScalar(t)
			P := new(Point).ScalarMult(randScalar(t), generator)
			got := new(Point).ScalarBaseMult(s)
			if want := new(Point).ScalarMult(s, generator); got.Equal(want) != 1 {
				t.Fatalf("%s: fallback ScalarBaseMult is wrong", name)
			}
			got.VarTimeDoubleScalarBaseMult(a, P, s)
			want := new(Point).Add(new(Point).ScalarMult(a, P), new(Point).ScalarMult(s, generator))
			if got.Equal(want) != 1 {
				t.Fatalf("%s: fallback VarTimeDoubleScalarBaseMult is wrong", name)
			}
			high := new(Point).Set(generator)
			for j := 0; j < 224; j++ {
				high.Double(high)
			}
			got.VarTimeSplitBaseMult(s, b1, a, P, NewScalar(), P)
			want.Add(want, new(Point).ScalarMult(b1, high))
			if got.Equal(want) != 1 {
				t.Fatalf("%s: fallback VarTimeSplitBaseMult is wrong", name)
			}
		}
		// X448 with the basepoint goes through ScalarBaseMult too.
		k := bytes.Repeat([]byte{0x5a}, 56)
		x1, err1 := X448(k, Basepoint)
		restore()
		x2, err2 := X448(k, Basepoint)
		if err1 != nil || err2 != nil || !bytes.Equal(x1, x2) {
			t.Fatalf("%s: fallback X448 differs", name)
		}
	}

	// The structural check alone catches every one of them (the cross-check
	// with three scalars would miss most single entries).
	for name, corrupt := range corruptions {
		bt := new(baseTables)
		if !decodeBaseTables(bt) {
			t.Fatal("decode failed")
		}
		corrupt(bt)
		if verifyBaseTables(bt) {
			t.Fatalf("%s: structural check passed", name)
		}
	}
	// And the cross-check alone catches the neighbour swap in the comb (it
	// uses the largest entry of every position), so it can fail.
	bt := new(baseTables)
	decodeBaseTables(bt)
	corruptions["comb neighbour"](bt)
	if crossCheckBaseTables(bt) {
		t.Fatal("cross-check passed a comb with a wrong largest entry")
	}
	if !crossCheckBaseTables(good) || !verifyBaseTables(good) {
		t.Fatal("checks fail on the good tables")
	}
}
