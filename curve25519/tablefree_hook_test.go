//go:build curvekit_tablefree

package curve25519

import (
	"testing"

	"github.com/curvekit/curvekit/internal/tablefree"
)

// TestTableFreeSwitch checks that the switch cmd/ecbench uses reaches the
// fallback (BasepointTableOK turns false), gives the same points, and
// switches back.
func TestTableFreeSwitch(t *testing.T) {
	if !BasepointTableOK() {
		t.Skip("tables failed their check: nothing to switch")
	}
	var s Scalar
	s.SetCanonicalBytes(crossVerifyScalars[3][:])
	var withTables, without, dbl1, dbl2 Point
	withTables.ScalarBaseMult(&s)
	dbl1.VarTimeDoubleScalarBaseMult(&s, generator, &s)
	tablefree.Set(true)
	defer tablefree.Set(false)
	if BasepointTableOK() {
		t.Fatal("tablefree.Set(true) left the tables in use")
	}
	without.ScalarBaseMult(&s)
	dbl2.VarTimeDoubleScalarBaseMult(&s, generator, &s)
	if without.Equal(&withTables) != 1 || dbl1.Equal(&dbl2) != 1 {
		t.Fatal("table-free path disagrees with the tables")
	}
	tablefree.Set(false)
	if !BasepointTableOK() {
		t.Fatal("tablefree.Set(false) did not restore the tables")
	}
}
