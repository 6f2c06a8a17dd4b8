package curve25519

import (
	"bytes"
	"strings"
	"testing"
)

func TestGeneratorEncoding(t *testing.T) {
	want := mustHex(t, "5866666666666666666666666666666666666666666666666666666666666666")
	if got := NewGeneratorPoint().Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("B = %x", got)
	}
	want = mustHex(t, "0100000000000000000000000000000000000000000000000000000000000000")
	if got := NewIdentityPoint().Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("identity = %x", got)
	}
}

func TestDoubleAgreesWithAdd(t *testing.T) {
	for i := 0; i < 20; i++ {
		p := randPoint(t)
		if i%2 == 1 {
			p = mixedOrderPoint(t, i%8)
		}
		var pp projP2
		var r projP1xP1
		var a Point
		pp.fromP3(p)
		a.fromP1xP1(r.double(&pp))
		if a.Equal(new(Point).Add(p, p)) != 1 {
			t.Fatal("double(p) ≠ p + p")
		}
	}
}

// TestUninitializedPointPanics checks that a zero Point is refused, as
// filippo.io/edwards25519 refuses it, by every operation that reads one.
func TestUninitializedPointPanics(t *testing.T) {
	B := NewGeneratorPoint()
	s := NewScalar()
	var C Point
	ops := map[string]func(z *Point){
		"Equal":                           func(z *Point) { z.Equal(B) },
		"Equal(arg)":                      func(z *Point) { B.Equal(z) },
		"Bytes":                           func(z *Point) { z.Bytes() },
		"BytesMontgomery":                 func(z *Point) { z.BytesMontgomery() },
		"ExtendedCoordinates":             func(z *Point) { z.ExtendedCoordinates() },
		"Add":                             func(z *Point) { C.Add(z, B) },
		"Add(q)":                          func(z *Point) { C.Add(B, z) },
		"Subtract":                        func(z *Point) { C.Subtract(B, z) },
		"Negate":                          func(z *Point) { C.Negate(z) },
		"Double":                          func(z *Point) { C.Double(z) },
		"MultByCofactor":                  func(z *Point) { C.MultByCofactor(z) },
		"ScalarMult":                      func(z *Point) { C.ScalarMult(s, z) },
		"VarTimeDoubleScalarBaseMult":     func(z *Point) { C.VarTimeDoubleScalarBaseMult(s, z, s) },
		"VarTimeDoubleScalarMult":         func(z *Point) { C.VarTimeDoubleScalarMult(s, B, s, z) },
		"DoubleScalarMult":                func(z *Point) { C.DoubleScalarMult(s, z, s, B) },
		"MultiScalarMult":                 func(z *Point) { C.MultiScalarMult([]*Scalar{s, s}, []*Point{B, z}) },
		"VarTimeMultiScalarMult":          func(z *Point) { C.VarTimeMultiScalarMult([]*Scalar{s, s}, []*Point{B, z}) },
		"VarTimeSplitBaseMult":            func(z *Point) { C.VarTimeSplitBaseMult(s, s, s, z, s, B) },
		"VarTimeSplitBaseMultPrecomputed": func(z *Point) { C.VarTimeSplitBaseMultPrecomputed(s, s, s, NewVarTimePrecomputedPoint(B), s, z) },
		"NewPrecomputedPoint":             func(z *Point) { NewPrecomputedPoint(z) },
		"NewVarTimePrecomputedPoint":      func(z *Point) { NewVarTimePrecomputedPoint(z) },
		"IsSmallOrder":                    func(z *Point) { z.IsSmallOrder() },
		"IsTorsionFree":                   func(z *Point) { z.IsTorsionFree() },
	}
	for name, op := range map[string]func(){
		"ScalarMultPrecomputed":           func() { C.ScalarMultPrecomputed(s, new(PrecomputedPoint)) },
		"VarTimeSplitBaseMultPrecomputed": func() { C.VarTimeSplitBaseMultPrecomputed(s, s, s, new(VarTimePrecomputedPoint), s, B) },
	} {
		func() {
			defer func() {
				r := recover()
				if msg, _ := r.(string); !strings.Contains(msg, "use of uninitialized") {
					t.Errorf("%s with a zero table: recovered %v, want the uninitialized panic", name, r)
				}
			}()
			op()
		}()
	}
	C.ScalarMultPrecomputed(s, NewPrecomputedPoint(B))
	for name, op := range ops {
		func() {
			defer func() {
				r := recover()
				if msg, _ := r.(string); !strings.Contains(msg, "use of uninitialized Point") {
					t.Errorf("%s on a zero Point: recovered %v, want the uninitialized-Point panic", name, r)
				}
			}()
			op(new(Point))
		}()
		// The same operation on initialized points does not panic.
		op(NewIdentityPoint())
	}
	// Setters and Set/Select write the receiver and accept a zero one.
	var z Point
	z.Set(B)
	if z.Equal(B) != 1 {
		t.Error("Set into a zero Point")
	}
	var w Point
	w.ScalarBaseMult(s)
	if w.Equal(NewIdentityPoint()) != 1 {
		t.Error("ScalarBaseMult(0) into a zero Point")
	}
}
