package curve448_test

import (
	"bytes"
	"crypto/rand"
	"testing"

	"github.com/cloudflare/circl/ecc/goldilocks"
	"github.com/curvekit/curvekit/curve448"
)

func TestGenerator(t *testing.T) {
	want := circlBytes(goldilocks.Curve{}.Generator())
	if got := curve448.NewGeneratorPoint().Bytes(); !bytes.Equal(got, want) {
		t.Fatalf("generator %x, circl %x", got, want)
	}
}

func TestScalarBaseMultCircl(t *testing.T) {
	for i := 0; i < 50; i++ {
		k := randScalar(t)
		got := new(curve448.Point).ScalarBaseMult(k)
		want := circlBytes(goldilocks.Curve{}.ScalarBaseMult(circlScalar(k)))
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatalf("ScalarBaseMult(%x) = %x, circl %x", k.Bytes(), got.Bytes(), want)
		}
	}
}

func TestVarTimeDoubleScalarBaseMult(t *testing.T) {
	for i := 0; i < 30; i++ {
		A := new(curve448.Point).ScalarBaseMult(randScalar(t))
		a, b := randScalar(t), randScalar(t)
		if i == 0 {
			a = new(curve448.Scalar)
		}
		if i == 1 {
			b = new(curve448.Scalar)
		}
		got := new(curve448.Point).VarTimeDoubleScalarBaseMult(a, A, b)
		cA, _ := goldilocks.FromBytes(A.Bytes())
		want := circlBytes(goldilocks.Curve{}.CombinedMult(circlScalar(b), circlScalar(a), cA))
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatal("VarTimeDoubleScalarBaseMult differs from circl CombinedMult")
		}
	}
}

// TestDecodeCircl compares the strict decoder with circl v1.6.5's, which is
// the strict one (circl#635), on random and near-edge encodings.
func TestDecodeCircl(t *testing.T) {
	accepted := 0
	for i := 0; i < 2000; i++ {
		var b [57]byte
		rand.Read(b[:])
		switch i % 4 {
		case 0:
			b[56] &= 0x80 // valid unused bits
		case 1:
			copy(b[:], new(curve448.Point).ScalarBaseMult(randScalar(t)).Bytes())
			if i%8 == 1 {
				b[56] |= byte(1 << (i % 7)) // circl#635
			}
		case 2:
			b[55] = 0xff // near p
		}
		cP, cerr := goldilocks.FromBytes(b[:])
		var s curve448.Point
		_, serr := s.SetCanonicalBytes(b[:])
		if (cerr == nil) != (serr == nil) {
			t.Fatalf("%x: circl err %v, strict err %v", b, cerr, serr)
		}
		if serr != nil {
			continue
		}
		accepted++
		if !bytes.Equal(s.Bytes(), circlBytes(cP)) {
			t.Fatalf("%x decodes differently", b)
		}
	}
	if accepted < 400 {
		t.Fatalf("only %d accepted: generator too narrow", accepted)
	}
}

// TestDoubleScalarMultCircl checks DoubleScalarMult, VarTimeDoubleScalarMult
// and the two-term MSMs against circl's CombinedMult (c·B + a·P). circl works
// through the 4-isogeny, which loses 4-torsion: only points of the
// prime-order subgroup (random multiples of B and the identity) here.
func TestDoubleScalarMultCircl(t *testing.T) {
	B := curve448.NewGeneratorPoint()
	for i := 0; i < 20; i++ {
		P := new(curve448.Point).ScalarBaseMult(randScalar(t))
		if i%5 == 4 {
			P = curve448.NewIdentityPoint()
		}
		a, c := randScalar(t), randScalar(t)
		if i == 0 {
			a = new(curve448.Scalar)
		}
		cP, err := goldilocks.FromBytes(P.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		want := circlBytes(goldilocks.Curve{}.CombinedMult(circlScalar(c), circlScalar(a), cP))
		check := func(what string, got *curve448.Point) {
			t.Helper()
			if !bytes.Equal(got.Bytes(), want) {
				t.Fatalf("%s: %x, circl %x", what, got.Bytes(), want)
			}
		}
		check("DoubleScalarMult", new(curve448.Point).DoubleScalarMult(a, P, c, B))
		check("VarTimeDoubleScalarMult", new(curve448.Point).VarTimeDoubleScalarMult(a, P, c, B))
		s, p := []*curve448.Scalar{a, c}, []*curve448.Point{P, B}
		check("MultiScalarMult", new(curve448.Point).MultiScalarMult(s, p))
		check("VarTimeMultiScalarMult", new(curve448.Point).VarTimeMultiScalarMult(s, p))
	}
}
