package curve25519_test

import (
	"bytes"
	"crypto/rand"
	"testing"

	fed "filippo.io/edwards25519"
	"github.com/curvekit/curvekit/curve25519"
	voi "github.com/oasisprotocol/curve25519-voi/curve"
)

// smallOrderHex are the canonical encodings of the 8 points of the torsion
// subgroup, in order k·T8 for k = 0..7 (identity first).
var smallOrderHex = []string{
	"0100000000000000000000000000000000000000000000000000000000000000",
	"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a",
	"0000000000000000000000000000000000000000000000000000000000000080",
	"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc05",
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f",
	"26e8958fc2b227b045c3f489f2ef98f0d5dfac05d3c63339b13802886d53fc85",
	"0000000000000000000000000000000000000000000000000000000000000000",
	"c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac03fa",
}

// nonCanonicalSmallOrderHex are non-canonical encodings of small-order
// points: x = 0 with the sign bit set, and y ≥ p (y = p ≡ 0, y = p+1 ≡ 1).
var nonCanonicalSmallOrderHex = []string{
	"0100000000000000000000000000000000000000000000000000000000000080", // identity, sign set
	"ecffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // (0, -1), sign set
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p
	"edffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // y = p, sign set
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f", // y = p+1 (identity)
	"eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff", // y = p+1, sign set
}

func TestSmallOrderPoints(t *testing.T) {
	T8, _ := new(curve25519.Point).SetCanonicalBytes(mustHex(t, smallOrderHex[1]))
	acc := curve25519.NewIdentityPoint()
	for k, h := range smallOrderHex {
		enc := mustHex(t, h)
		p, err := new(curve25519.Point).SetCanonicalBytes(enc)
		if err != nil {
			t.Fatalf("point %d: strict decoder rejected %s", k, h)
		}
		if _, err := new(curve25519.Point).SetBytes(enc); err != nil {
			t.Fatalf("point %d: lenient decoder rejected %s", k, h)
		}
		if !bytes.Equal(p.Bytes(), enc) {
			t.Fatalf("point %d: round trip %x", k, p.Bytes())
		}
		if p.Equal(acc) != 1 {
			t.Fatalf("point %d is not %d·T8", k, k)
		}
		acc.Add(acc, T8)
		if p.IsSmallOrder() != 1 {
			t.Fatalf("point %d: IsSmallOrder = 0", k)
		}
		want := 0
		if k == 0 {
			want = 1
		}
		if p.IsTorsionFree() != want {
			t.Fatalf("point %d: IsTorsionFree != %d", k, want)
		}
		if new(curve25519.Point).MultByCofactor(p).Equal(curve25519.NewIdentityPoint()) != 1 {
			t.Fatalf("point %d: 8·P ≠ identity", k)
		}
	}
	if acc.Equal(curve25519.NewIdentityPoint()) != 1 {
		t.Fatal("8·T8 ≠ identity")
	}
	for _, h := range nonCanonicalSmallOrderHex {
		enc := mustHex(t, h)
		if _, err := new(curve25519.Point).SetCanonicalBytes(enc); err == nil {
			t.Errorf("strict decoder accepted non-canonical %s", h)
		}
		p, err := new(curve25519.Point).SetBytes(enc)
		fp, ferr := new(fed.Point).SetBytes(enc)
		if (err == nil) != (ferr == nil) {
			t.Fatalf("%s: lenient decoder err=%v, filippo err=%v", h, err, ferr)
		}
		if err != nil {
			continue
		}
		if !bytes.Equal(p.Bytes(), fp.Bytes()) {
			t.Fatalf("%s: decoded to %x, filippo %x", h, p.Bytes(), fp.Bytes())
		}
		if p.IsSmallOrder() != 1 {
			t.Fatalf("%s: not small order", h)
		}
	}
}

func TestDecodeRandomDifferential(t *testing.T) {
	var enc [32]byte
	valid := 0
	for i := 0; i < 2000; i++ {
		if _, err := rand.Read(enc[:]); err != nil {
			t.Fatal(err)
		}
		if i%4 == 0 { // force y ≥ p now and then
			for j := 1; j < 31; j++ {
				enc[j] = 0xff
			}
			enc[31] |= 0x7f
		}
		checkDecodeAgainstPeers(t, enc[:])
		if _, err := new(curve25519.Point).SetBytes(enc[:]); err == nil {
			valid++
		}
	}
	if valid < 500 {
		t.Fatalf("only %d valid encodings out of 2000", valid)
	}
}

// checkDecodeAgainstPeers checks both decoders on one input against
// filippo (lenient) and voi's canonicity check (strict).
func checkDecodeAgainstPeers(t *testing.T, enc []byte) {
	t.Helper()
	v, err := new(curve25519.Point).SetBytes(enc)
	fv, ferr := new(fed.Point).SetBytes(enc)
	if (err == nil) != (ferr == nil) {
		t.Fatalf("%x: SetBytes err %v, filippo err %v", enc, err, ferr)
	}
	s, serr := new(curve25519.Point).SetCanonicalBytes(enc)
	if err != nil {
		if serr == nil {
			t.Fatalf("%x: strict accepted what lenient rejected", enc)
		}
		return
	}
	if !bytes.Equal(v.Bytes(), fv.Bytes()) {
		t.Fatalf("%x: SetBytes gives %x, filippo %x", enc, v.Bytes(), fv.Bytes())
	}
	canonical := bytes.Equal(v.Bytes(), enc)
	var c voi.CompressedEdwardsY
	copy(c[:], enc)
	if vc := c.IsCanonicalVartime(); vc != canonical {
		t.Fatalf("%x: canonical %v, voi says %v", enc, canonical, vc)
	}
	if (serr == nil) != canonical {
		t.Fatalf("%x: strict err %v, canonical %v", enc, serr, canonical)
	}
	if serr == nil && s.Equal(v) != 1 {
		t.Fatalf("%x: decoders disagree", enc)
	}
}
