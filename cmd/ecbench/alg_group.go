package main

import (
	"bytes"
	"errors"

	"filippo.io/edwards25519"

	"github.com/curvekit/curvekit/curve25519"
)

// Group operations on edwards25519, the building blocks of Ace, key blinding
// and verification, in their own table.
func init() {
	register(&Algorithm{
		Name: "scalarmult", Table: TableGroup, Family: "scalarmult", Curve: "edwards25519", Bits: 253,
		Ops: []Op{
			{Name: "fixed", Desc: "k·B, fixed base (table), constant time (ScalarBaseMult)"},
			{Name: "var", Desc: "k·P, variable base, constant time (ScalarMult)"},
		},
		Order:    0,
		Curvekit: Impl{Name: curvekitName, Pkg: curve25519Pkg, New: ckScalarMult},
		Peers:    []Impl{{Name: "filippo", Pkg: "filippo.io/edwards25519", New: filippoScalarMult}},
	})
	register(&Algorithm{
		Name: "double-scalarmult", Table: TableGroup, Family: "double-scalarmult", Curve: "edwards25519", Bits: 253,
		Ops: []Op{
			{Name: "ct", Desc: "a·P + c·Q, constant time (Ace's operation; filippo: MultiScalarMult of 2 points)"},
			{Name: "vartime", Desc: "a·A + b·B, variable time, public inputs (VarTimeDoubleScalarBaseMult, as in verification)"},
		},
		Order:    1,
		Curvekit: Impl{Name: curvekitName, Pkg: curve25519Pkg, New: ckDoubleScalarMult},
		Peers:    []Impl{{Name: "filippo", Pkg: "filippo.io/edwards25519", New: filippoDoubleScalarMult}},
	})
}

var errWrongResult = errors.New("group operation result differs from filippo.io/edwards25519's")

// groupInput is two scalars (64 uniform bytes each) and two points (as
// multiples of B by further scalars), shared by both implementations so
// that their results can be compared once before timing.
type groupInput struct{ a, c, p, q []byte }

func newGroupInput() groupInput {
	return groupInput{randBytes(64), randBytes(64), randBytes(64), randBytes(64)}
}

func filippoScalar(b []byte) *edwards25519.Scalar {
	s, err := edwards25519.NewScalar().SetUniformBytes(b)
	if err != nil {
		panic(err)
	}
	return s
}

func filippoPoint(b []byte) *edwards25519.Point {
	return new(edwards25519.Point).ScalarBaseMult(filippoScalar(b))
}

func ckScalar(b []byte) *curve25519.Scalar {
	s, err := curve25519.NewScalar().SetUniformBytes(b)
	if err != nil {
		panic(err)
	}
	return s
}

func ckPoint(b []byte) *curve25519.Point {
	return new(curve25519.Point).ScalarBaseMult(ckScalar(b))
}

// filippoGroup computes op on in with filippo.io/edwards25519: the
// reference each curvekit result is checked against before timing.
func filippoGroup(op string, in groupInput) []byte {
	a, c, p, q := filippoScalar(in.a), filippoScalar(in.c), filippoPoint(in.p), filippoPoint(in.q)
	v := new(edwards25519.Point)
	switch op {
	case "fixed":
		v.ScalarBaseMult(a)
	case "var":
		v.ScalarMult(a, p)
	case "ct":
		v.Add(new(edwards25519.Point).ScalarMult(a, p), new(edwards25519.Point).ScalarMult(c, q))
	case "vartime":
		v.VarTimeDoubleScalarBaseMult(a, p, c)
	}
	return v.Bytes()
}

func filippoScalarMult(op Op) (OpFunc, error) {
	in := newGroupInput()
	k, p := filippoScalar(in.a), filippoPoint(in.p)
	var v edwards25519.Point
	switch op.Name {
	case "fixed":
		return func() error { v.ScalarBaseMult(k); return nil }, nil
	case "var":
		return func() error { v.ScalarMult(k, p); return nil }, nil
	}
	return nil, errUnsupported
}

func filippoDoubleScalarMult(op Op) (OpFunc, error) {
	in := newGroupInput()
	a, c, p, q := filippoScalar(in.a), filippoScalar(in.c), filippoPoint(in.p), filippoPoint(in.q)
	var v edwards25519.Point
	switch op.Name {
	case "ct":
		scalars, points := []*edwards25519.Scalar{a, c}, []*edwards25519.Point{p, q}
		if !bytes.Equal(v.MultiScalarMult(scalars, points).Bytes(), filippoGroup(op.Name, in)) {
			return nil, errWrongResult
		}
		return func() error { v.MultiScalarMult(scalars, points); return nil }, nil
	case "vartime":
		return func() error { v.VarTimeDoubleScalarBaseMult(a, p, c); return nil }, nil
	}
	return nil, errUnsupported
}

func ckScalarMult(op Op) (OpFunc, error) {
	in := newGroupInput()
	k, p := ckScalar(in.a), ckPoint(in.p)
	var v curve25519.Point
	var fn OpFunc
	switch op.Name {
	case "fixed":
		fn = func() error { v.ScalarBaseMult(k); return nil }
	case "var":
		fn = func() error { v.ScalarMult(k, p); return nil }
	default:
		return nil, errUnsupported
	}
	if fn(); !bytes.Equal(v.Bytes(), filippoGroup(op.Name, in)) {
		return nil, errWrongResult
	}
	return fn, nil
}

func ckDoubleScalarMult(op Op) (OpFunc, error) {
	in := newGroupInput()
	a, c, p, q := ckScalar(in.a), ckScalar(in.c), ckPoint(in.p), ckPoint(in.q)
	var v curve25519.Point
	var fn OpFunc
	switch op.Name {
	case "ct":
		fn = func() error { v.DoubleScalarMult(a, p, c, q); return nil }
	case "vartime":
		fn = func() error { v.VarTimeDoubleScalarBaseMult(a, p, c); return nil }
	default:
		return nil, errUnsupported
	}
	if fn(); !bytes.Equal(v.Bytes(), filippoGroup(op.Name, in)) {
		return nil, errWrongResult
	}
	return fn, nil
}
