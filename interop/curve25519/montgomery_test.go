package curve25519_test

import (
	"bytes"
	"math/big"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/curve25519"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
)

type bigInt = big.Int

var bigOne = big.NewInt(1)

func TestBytesMontgomery(t *testing.T) {
	nine := make([]byte, 32)
	nine[0] = 9
	if !bytes.Equal(curve25519.NewGeneratorPoint().BytesMontgomery(), nine) {
		t.Fatal("B does not map to u = 9")
	}
	if !bytes.Equal(curve25519.NewIdentityPoint().BytesMontgomery(), make([]byte, 32)) {
		t.Fatal("identity does not map to u = 0")
	}
	for i := 0; i < 50; i++ {
		p, fp, vp := randPoint(t)
		if i%2 == 1 {
			p = mixedOrderPoint(t, i%8)
			fp, _ = new(fed.Point).SetBytes(p.Bytes())
			_, _, vp = pointsFromBytes(t, p.Bytes())
		}
		var m voi.MontgomeryPoint
		m.SetEdwards(vp)
		got := p.BytesMontgomery()
		if !bytes.Equal(got, fp.BytesMontgomery()) || !bytes.Equal(got, m[:]) {
			t.Fatalf("BytesMontgomery %x, filippo %x, voi %x", got, fp.BytesMontgomery(), m[:])
		}
		// Round trip with the sign of x.
		sign := int(p.Bytes()[31] >> 7)
		q, err := new(curve25519.Point).SetMontgomery(got, sign)
		if err != nil || q.Equal(p) != 1 {
			t.Fatalf("SetMontgomery round trip failed: %v", err)
		}
		q, err = new(curve25519.Point).SetMontgomery(got, 1-sign)
		if err != nil || q.Equal(new(curve25519.Point).Negate(p)) != 1 {
			t.Fatalf("SetMontgomery with the other sign is not -P: %v", err)
		}
	}
	for _, h := range smallOrderHex[1:] {
		p, _ := new(curve25519.Point).SetBytes(mustHex(t, h))
		u := p.BytesMontgomery()
		sign := int(p.Bytes()[31] >> 7)
		q, err := new(curve25519.Point).SetMontgomery(u, sign)
		if err != nil || q.Equal(p) != 1 {
			t.Fatalf("small-order %s: round trip failed (%v)", h, err)
		}
	}
}
