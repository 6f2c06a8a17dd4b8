package ace_test

import (
	"encoding/hex"
	"errors"
	"fmt"
	"testing"

	"filippo.io/edwards25519"
	"filippo.io/edwards25519/field"
	"github.com/curvekit/curvekit/handshake/ace"
	"github.com/curvekit/curvekit/internal/acetest"
	"github.com/curvekit/curvekit/internal/bigle"
	"github.com/oasisprotocol/curve25519-voi/curve"
)

// voiDecode decodes x ‖ y with curve25519-voi (through the compressed form
// and math/big) and returns nil unless the coordinates are canonical and
// the point is on the curve.
func voiDecode(b []byte) *curve.EdwardsPoint {
	if len(b) != 64 {
		return nil
	}
	x, y := bigle.Int(b[:32]), bigle.Int(b[32:])
	if x.Cmp(acetest.P) >= 0 || y.Cmp(acetest.P) >= 0 || !acetest.OnCurve(x, y) {
		return nil
	}
	c := acetest.LE(y)
	c[31] |= byte(x.Bit(0)) << 7
	cy, err := curve.NewCompressedEdwardsYFromBytes(c)
	if err != nil {
		return nil
	}
	p, err := curve.NewEdwardsPoint().SetCompressedY(cy)
	if err != nil {
		panic("voi rejects a point on the curve") // unreachable: x² has a root, x
	}
	return p
}

// voiAcceptable is the oracle of RejectTorsion and NewPublicKey: a
// canonical encoding of a point of order ℓ.
func voiAcceptable(b []byte) bool {
	p := voiDecode(b)
	return p != nil && !p.IsSmallOrder() && p.IsTorsionFree()
}

// voiClearable is the oracle of ClearCofactor: a canonical encoding of a
// point not of small order.
func voiClearable(b []byte) bool {
	p := voiDecode(b)
	return p != nil && !p.IsSmallOrder()
}

// uncompressed returns the encoding x ‖ y of p, computed with filippo's
// field arithmetic (independently of encodePoints).
func uncompressed(p *edwards25519.Point) []byte {
	X, Y, Z, _ := p.ExtendedCoordinates()
	zInv := new(field.Element).Invert(Z)
	x := new(field.Element).Multiply(X, zInv)
	y := new(field.Element).Multiply(Y, zInv)
	return append(x.Bytes(), y.Bytes()...)
}

// fromUncompressed is the inverse of uncompressed, for valid encodings.
func fromUncompressed(t testing.TB, b []byte) *edwards25519.Point {
	t.Helper()
	x, err1 := new(field.Element).SetBytes(b[:32])
	y, err2 := new(field.Element).SetBytes(b[32:])
	if err1 != nil || err2 != nil {
		t.Fatalf("%x: bad coordinates", b)
	}
	p, err := new(edwards25519.Point).SetExtendedCoordinates(x, y, new(field.Element).One(), new(field.Element).Multiply(x, y))
	if err != nil {
		t.Fatalf("%x: %v", b, err)
	}
	return p
}

// torsionPoints returns the 8 points of order dividing 8, k·T for k = 0..7,
// where T is a point of order 8 (its order is checked here).
func torsionPoints(t testing.TB) []*edwards25519.Point {
	t.Helper()
	enc, _ := hex.DecodeString("c7176a703d4dd84fba3c0b760d10670f2a2053fa2c39ccc64ec7fd7792ac037a")
	T, err := new(edwards25519.Point).SetBytes(enc)
	if err != nil {
		t.Fatal(err)
	}
	id := edwards25519.NewIdentityPoint()
	var t4, t8 edwards25519.Point
	t4.Add(T, T)
	t4.Add(&t4, &t4)
	t8.Add(&t4, &t4)
	if t8.Equal(id) != 1 || t4.Equal(id) == 1 {
		t.Fatal("T does not have order 8")
	}
	pts := []*edwards25519.Point{edwards25519.NewIdentityPoint()}
	for k := 1; k < 8; k++ {
		pts = append(pts, new(edwards25519.Point).Add(pts[k-1], T))
	}
	return pts
}

// badPoints returns the encodings that must be rejected (acetest.BadPoints),
// the torsion and mixed-order points built with filippo's arithmetic.
func badPoints(t testing.TB) map[string][]byte {
	t.Helper()
	P := mustKey(t).PublicKey()
	good := fromUncompressed(t, P.Bytes())
	var small, mixed [][]byte
	for k, T := range torsionPoints(t) {
		small = append(small, uncompressed(T))
		if k > 0 {
			mixed = append(mixed, uncompressed(new(edwards25519.Point).Add(good, T)))
		}
	}
	return acetest.BadPoints(t, P.Bytes(), small, mixed, voiAcceptable)
}

// cctvPoints returns the CCTV vectors' points (acetest.CCTVPoints), decoded
// with filippo's edwards25519.
func cctvPoints(t testing.TB) map[string]bool {
	t.Helper()
	return acetest.CCTVPoints(t, "../../../handshake/ace/testdata/cctv/ed25519vectors.json", func(b []byte) ([]byte, error) {
		p, err := new(edwards25519.Point).SetBytes(b)
		if err != nil {
			return nil, fmt.Errorf("filippo rejects it: %w", err)
		}
		return uncompressed(p), nil
	})
}

func TestPublicKeyRejectsTorsion(t *testing.T) {
	for name, b := range badPoints(t) {
		if _, err := ace.NewPublicKey(b); !errors.Is(err, ace.ErrInvalidPoint) {
			t.Errorf("%s: NewPublicKey: got %v, want ErrInvalidPoint", name, err)
		}
	}
}

func TestCCTVPoints(t *testing.T) {
	nGood, nBad := 0, 0
	for b, bad := range cctvPoints(t) {
		_, err := ace.NewPublicKey([]byte(b))
		if bad {
			nBad++
			if !errors.Is(err, ace.ErrInvalidPoint) {
				t.Errorf("%x (flagged): got %v, want ErrInvalidPoint", b, err)
			}
		} else {
			nGood++
			if err != nil {
				t.Errorf("%x (unflagged): %v", b, err)
			}
		}
		if (err == nil) != voiAcceptable([]byte(b)) {
			t.Errorf("%x: NewPublicKey error %v disagrees with the oracle", b, err)
		}
	}
	if nGood == 0 || nBad < 20 {
		t.Fatalf("only %d good and %d bad points in the vectors", nGood, nBad)
	}
}
