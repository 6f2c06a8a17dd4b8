package curve25519

import "testing"

func TestAllocs(t *testing.T) {
	if testing.CoverMode() != "" {
		t.Skip("coverage instrumentation allocates")
	}
	s := scalarFrom(t, randScalarBytes(t))
	P, _, _ := randPoint(t)
	Q, _, _ := randPoint(t)
	var v Point
	BasepointTableOK() // decode the tables outside the measurement
	for name, f := range map[string]func(){
		"ScalarBaseMult":              func() { v.ScalarBaseMult(s) },
		"ScalarMult":                  func() { v.ScalarMult(s, P) },
		"Add":                         func() { v.Add(P, Q) },
		"Bytes":                       func() { _ = v.Bytes()[0] },
		"VarTimeDoubleScalarBaseMult": func() { v.VarTimeDoubleScalarBaseMult(s, P, s) },
		"DoubleScalarMult":            func() { v.DoubleScalarMult(s, P, s, Q) },
		"VarTimeDoubleScalarMult":     func() { v.VarTimeDoubleScalarMult(s, P, s, Q) },
		"IsTorsionFree":               func() { v.IsTorsionFree() },
		"SetBytes":                    func() { v.SetBytes(generatorBytes[:]) },
	} {
		if n := testing.AllocsPerRun(20, f); n != 0 {
			t.Errorf("%s: %v allocations", name, n)
		}
	}
}
