package ed448_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/cloudflare/circl/ecc/goldilocks"
	"github.com/curvekit/curvekit/curve448"
	"github.com/curvekit/curvekit/ed448"
)

// TestPKIXRejectsNonPoints checks that ParsePKIXPublicKey refuses 57 bytes
// that do not decode as a point (y ≥ p, x = 0 with the sign bit, no
// square root, any of bits 448–454 set), exactly where circl v1.6.5's
// UnmarshalBinaryPublicKey-then-Verify path and PublicKeyToX448 refuse, and
// accepts the small-order points, which decode.
func TestPKIXRejectsNonPoints(t *testing.T) {
	pub, _, _ := ed448.GenerateKey(nil)
	with := func(f func(b []byte)) []byte { b := bytes.Clone(pub); f(b); return b }
	yEq := func(v byte, sign byte) []byte { b := make([]byte, 57); b[0] = v; b[56] = sign; return b }
	pMinus1 := make([]byte, 57)
	for i := range pMinus1[:56] {
		pMinus1[i] = 0xff
	}
	pMinus1[0], pMinus1[28] = 0xfe, 0xfe
	yIsP := bytes.Clone(pMinus1)
	yIsP[0] = 0xff
	cases := []struct {
		name string
		key  []byte
		ok   bool
	}{
		{"honest", pub, true},
		{"identity", yEq(1, 0), true},
		{"(0, −1)", pMinus1, true},
		{"(1, 0)", yEq(0, 0), true},
		{"(−1, 0)", yEq(0, 0x80), true},
		{"identity with the sign bit", yEq(1, 0x80), false},
		{"y = p", yIsP, false},
		{"all ones", bytes.Repeat([]byte{0xff}, 57), false},
	}
	for bit := 0; bit < 7; bit++ {
		cases = append(cases, struct {
			name string
			key  []byte
			ok   bool
		}{fmt.Sprintf("bit %d set", 448+bit), with(func(b []byte) { b[56] |= 1 << bit }), false})
	}
	// A y with no point on the curve: the first one found from 2 upwards.
	for v := byte(2); ; v++ {
		if _, err := new(curve448.Point).SetCanonicalBytes(yEq(v, 0)); err != nil {
			cases = append(cases, struct {
				name string
				key  []byte
				ok   bool
			}{fmt.Sprintf("y = %d, not on the curve", v), yEq(v, 0), false})
			break
		}
	}
	for _, c := range cases {
		der, err := ed448.MarshalPKIXPublicKey(c.key)
		if err != nil {
			t.Fatal(err)
		}
		_, err = ed448.ParsePKIXPublicKey(der)
		if (err == nil) != c.ok {
			t.Errorf("%s: ParsePKIXPublicKey err = %v, want ok = %v", c.name, err, c.ok)
		}
		// circl v1.6.5 decodes keys with goldilocks.FromBytes.
		if _, cerr := goldilocks.FromBytes(c.key); (cerr == nil) != c.ok {
			t.Errorf("%s: circl's decoder err = %v, want ok = %v", c.name, cerr, c.ok)
		}
		// PublicKeyToX448 refuses what does not decode (and small order).
		if _, xerr := ed448.PublicKeyToX448(c.key); !c.ok && xerr == nil {
			t.Errorf("%s: PublicKeyToX448 accepted it", c.name)
		}
	}
}
