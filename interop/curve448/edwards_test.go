package curve448_test

import (
	"bytes"
	"crypto/rand"
	"testing"

	"github.com/cloudflare/circl/dh/x448"
	"github.com/cloudflare/circl/ecc/goldilocks"
	"github.com/curvekit/curvekit/curve448"
)

func randScalar(t testing.TB) *curve448.Scalar {
	var b [114]byte
	rand.Read(b[:])
	s, err := new(curve448.Scalar).SetUniformBytes(b[:])
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func circlScalar(s *curve448.Scalar) *goldilocks.Scalar {
	var c goldilocks.Scalar
	copy(c[:], s.Bytes())
	return &c
}

func circlBytes(p *goldilocks.Point) []byte {
	b := make([]byte, 57)
	if err := p.ToBytes(b); err != nil {
		panic(err)
	}
	return b
}

func TestScalarMultCircl(t *testing.T) {
	for i := 0; i < 20; i++ {
		P := new(curve448.Point).ScalarBaseMult(randScalar(t))
		k := randScalar(t)
		got := new(curve448.Point).ScalarMult(k, P)
		cP, err := goldilocks.FromBytes(P.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		want := circlBytes(goldilocks.Curve{}.ScalarMult(circlScalar(k), cP))
		if !bytes.Equal(got.Bytes(), want) {
			t.Fatal("ScalarMult differs from circl")
		}
	}
}

func TestX448BaseThroughIsogeny(t *testing.T) {
	for i := 0; i < 20; i++ {
		var k x448.Key
		rand.Read(k[:])
		var want x448.Key
		x448.KeyGen(&want, &k) // clamps k
		var wide [114]byte
		copy(wide[:], k[:])
		wide[0] &= 252
		wide[55] |= 128
		s, _ := new(curve448.Scalar).SetUniformBytes(wide[:])
		if got := new(curve448.Point).ScalarBaseMult(s).BytesMontgomery(); !bytes.Equal(got, want[:]) {
			t.Fatalf("X448(%x, 5) = %x, through the isogeny %x", k, want, got)
		}
	}
}
